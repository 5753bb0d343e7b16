"""Every command prints in any locale (issue 28, point 6): where the terminal's encoding
lacks a character, a stand-in is written (``→`` ``->``, ``Ψ`` ``Psi``, ``é`` ``e``), never
a UnicodeEncodeError. Each command that prints text without drawing, every command's
help and errors with non-ASCII text run as the console script under the C and POSIX
locales (ASCII: Python's locale coercion and UTF-8 mode turned off, else they are UTF-8)
and Latin-1. This machine has no Latin-1 locale installed: ``PYTHONIOENCODING=latin-1``
gives the streams the encoding an ISO-8859-1 terminal has."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from pnp.system.plain import ERRORS, register, stand_in
from tests.command_tree import commands

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
SCRIPT = Path(sys.executable).with_name("pnp")
PNP = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "pnp"]
ASCII_LOCALE = {"PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
UTF8 = {"LC_ALL": "C.UTF-8", "PYTHONUTF8": "1"}
SETTINGS = {  # name: (environment, the streams' encoding)
    "C": ({"LC_ALL": "C", **ASCII_LOCALE}, "ascii"),
    "POSIX": ({"LC_ALL": "POSIX", **ASCII_LOCALE}, "ascii"),
    "Latin-1": ({"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "latin-1"}, "latin-1"),
}
# The commands that print text and draw nothing, with arguments that make them print
# their usual output (the example files are in the folder they run in).
TEXT_COMMANDS = {
    "astra check": ["astra-game.txt"],
    "astra constellations": [],
    "astra formats": [],
    "astra score": ["astra-endgame.toml", "--lang", "fr"],
    "astra simulate": ["--games", "2", "--seed", "1"],
    "astra solo": ["--seed", "1"],  # stdin ends at once: the game is abandoned
    "cosmos check": ["cosmos-game.txt"],
    "cosmos formats": [],
    "cosmos goals": [],
    "cosmos score": ["cosmos-game.toml"],
    "cosmos simulate": ["--games", "1", "--seed", "1"],
    "printer reset": [],
    "printer set": ["--paper", "letter"],
    "printer show": [],
    "starcharts charts": [],
    "starcharts check": ["two-player.txt"],
    "starcharts formats": [],
    "starcharts score": ["finished.txt"],
    "starcharts simulate": ["--chart", "lyra-8", "--games", "2", "--seed", "1"],
    "starcharts versus-ai": ["lyra-8", "--seed", "1"],
}
ERRORS_SAID = {  # errors whose message is not ASCII
    "a log's error": ["starcharts", "check", "finished.txt"],  # 'Name: …'
    "a record's error": ["cosmos", "score", "wrong-goal.toml"],  # psi-nebulae (Ψ nebulae)
    "a usage error": ["astra", "constellations", "--show", "Bootez"],  # did you mean Boötes?
}


ALL = dict(commands())
DRAWING = {"output", "out_dir"}  # the commands with these options write documents


def run(args: list[str], env: dict[str, str], folder: Path) -> subprocess.CompletedProcess[bytes]:
    """``pnp ARGS`` in a fresh copy of ``folder``, its profile its own, stdin empty."""
    here = folder / f"run{len(list(folder.iterdir()))}"
    shutil.copytree(folder / "examples", here)
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHON"))}
    clean |= {"PNP_PRINTER": "printer.toml", **env}
    return subprocess.run(
        [*PNP, *args], cwd=here, env=clean, input=b"", capture_output=True, check=False
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    examples = tmp_path / "examples"
    shutil.copytree(EXAMPLES, examples)
    toml = (examples / "cosmos-game.toml").read_text(encoding="utf-8")
    wrong = toml.replace('"psi-nebulae"', '"psi-nebulas"')
    (examples / "wrong-goal.toml").write_text(wrong, encoding="utf-8")
    return tmp_path


def plain(text: bytes, encoding: str) -> bytes:
    register()
    return text.decode("utf-8").encode(encoding, ERRORS)


def same_but_plain(args: list[str], folder: Path) -> bool:
    """``pnp ARGS`` under each setting: the exit status as in UTF-8, no traceback, and
    what UTF-8 shows with stand-ins. Whether the UTF-8 output had any non-ASCII."""
    want = run(args, UTF8, folder)
    assert b"Traceback" not in want.stderr, want.stderr.decode()
    for name, (env, encoding) in SETTINGS.items():
        got = run(args, env, folder)
        assert b"Traceback" not in got.stderr, (name, got.stderr.decode(errors="replace"))
        assert got.returncode == want.returncode, (name, got.stderr)
        assert got.stdout == plain(want.stdout, encoding), name
        assert got.stderr == plain(want.stderr, encoding), name
    return not (want.stdout + want.stderr).isascii()


def test_every_text_command_is_run_here() -> None:
    leaves = {" ".join(p) for p, c in ALL.items() if not isinstance(c, click.Group)}
    text = {c for c in leaves if not {p.name for p in ALL[tuple(c.split())].params} & DRAWING}
    assert text == set(TEXT_COMMANDS)


@pytest.mark.parametrize("command", sorted(TEXT_COMMANDS))
def test_text_commands(command: str, folder: Path) -> None:
    shown = same_but_plain([*command.split(), *TEXT_COMMANDS[command]], folder)
    if command in (
        "cosmos score",
        "cosmos goals",
        "astra score",
        "starcharts charts",
        "cosmos formats",
    ):
        assert shown  # else the test would prove nothing for them


@pytest.mark.parametrize("case", sorted(ERRORS_SAID))
def test_errors(case: str, folder: Path) -> None:
    assert same_but_plain(ERRORS_SAID[case], folder)


def test_every_help(folder: Path) -> None:
    """The help of every command, the words of each run apart, in one process a setting
    (a process a command would take seconds)."""
    script = (
        "import sys\nfrom pnp.entry import main\n"
        f"for words in {[[], *map(list, ALL)]!r}:\n"
        "    sys.argv = ['pnp', *words, '--help']\n"
        "    print('@@', *words, flush=True)\n"
        "    try:\n        main()\n    except SystemExit as exit:\n        print('@@', exit.code)\n"
    )
    want = _python(script, UTF8, folder)
    assert want.count(b"@@ 0") == len(ALL) + 1 and not want.isascii()
    for env, encoding in SETTINGS.values():
        assert _python(script, env, folder) == plain(want, encoding)


def _python(script: str, env: dict[str, str], folder: Path) -> bytes:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHON"))}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=folder,
        env=clean | env,
        capture_output=True,
        check=True,
    )
    assert not done.stderr, done.stderr
    return done.stdout


def test_a_file_name_typed_in_unicode(folder: Path) -> None:
    """argv in the C locale holds the bytes typed as surrogates: click decodes them as
    UTF-8 for its message, which gets the stand-in."""
    for env, _ in SETTINGS.values():
        got = run(["cosmos", "score", "Ψ-game.toml"], env, folder)
        assert got.returncode == 2
        assert b"'Psi-game.toml' does not exist" in got.stderr


@pytest.mark.parametrize(
    ("text", "latin1", "ascii"),
    [
        ("Ann 7 → 6", "Ann 7 -> 6", "Ann 7 -> 6"),
        ("Ψ nebulae", "Psi nebulae", "Psi nebulae"),
        ("ψ, µ, λ, ά", "psi, µ, lambda, alpha", "psi, mu, lambda, alpha"),
        ("10×10, x², 3 ÷ 2", "10×10, x², 3 ÷ 2", "10x10, x2, 3 / 2"),
        ("Name: … — end", "Name: ... - end", "Name: ... - end"),
        ("Andromède, Boötes, Ça", "Andromède, Boötes, Ça", "Andromede, Bootes, Ca"),
        ("٣ ☃ ł", "3 ? ?", "3 ? ?"),
    ],
)
def test_stand_ins(text: str, latin1: str, ascii: str) -> None:
    register()
    assert text.encode("latin-1", ERRORS) == latin1.encode("latin-1")
    assert text.encode("iso-8859-1", ERRORS) == latin1.encode("latin-1")
    assert text.encode("ascii", ERRORS) == ascii.encode("ascii")
    assert all(stand_in(c).isascii() for c in text)


def test_bytes_that_were_not_decoded_are_written_back() -> None:
    register()
    name = b"carte-\xe9.toml".decode("utf-8", "surrogateescape")  # as Python decodes argv
    assert name.encode("ascii", ERRORS) == b"carte-\xe9.toml"


@pytest.mark.parametrize(
    ("command", "typed"),
    [
        (["astra", "solo", "--seed", "1"], "Taurus:é\n".encode()),
        (["astra", "solo", "--seed", "1"], b"Taurus:\xff\n"),
        (["starcharts", "versus-ai", "lyra-8", "--seed", "1"], "3 é\n".encode()),
        (["starcharts", "versus-ai", "lyra-8", "--seed", "1"], b"3 \xff\n"),
    ],
)
def test_typed_bytes_the_input_cannot_read_are_asked_again(
    command: list[str], typed: bytes, tmp_path: Path
) -> None:
    """A byte stdin's encoding cannot read (é in ASCII, \\xff in any UTF-8) is no
    traceback: the answer is not understood and the prompt asks again. (Python reads
    stdin with surrogateescape in the C locale and in UTF-8 mode, strictly where
    PYTHONIOENCODING names an encoding.)"""
    strict = [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "utf-8"}]  # no surrogateescape
    for env in [UTF8, *(env for env, _ in SETTINGS.values()), *strict]:
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHON"))}
        got = subprocess.run(
            [*PNP, *command],
            cwd=tmp_path,
            env={**clean, "PNP_PRINTER": "printer.toml", **env},
            input=typed,
            capture_output=True,
            check=False,
        )
        assert b"Traceback" not in got.stderr, got.stderr.decode(errors="replace")
        assert got.stdout.count(b"Round 1") >= 2, got.stdout  # asked again


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_name_not_decoded_in_an_error_on_a_wide_encoding(folder: Path, encoding: str) -> None:
    """A lone surrogate (a file name byte that is no UTF-8) has no byte of its own in
    UTF-16 or UTF-32: it is written as ?."""
    name = b"n\xffame.txt"
    (folder / "examples" / os.fsdecode(name)).write_text("x\n")
    got = run(["cosmos", "check", os.fsdecode(name)], {"PYTHONIOENCODING": encoding}, folder)
    assert b"Traceback" not in got.stderr and got.returncode == 1
    assert got.stderr.decode(encoding).startswith("n?ame.txt:1:1: ")
