"""Issue 18 for the interactive sessions and the seeds: a --log path checked before the
first prompt, a typed line of bounded length, one range for every command's seed."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.astra.text import Lang, text
from pnp.cli import cli
from pnp.cli.play_options import MAX_LINE
from pnp.text.seeds import MAX_SEED

SOLO = ["astra", "solo", "--seed", "1"]
VERSUS = ["starcharts", "versus-ai", "lyra-8", "--seed", "1"]
STARTS = {"astra": "Solo Astra against Ptolemy", "starcharts": "against the A.I."}
TOO_LONG = f"longer than {MAX_LINE} characters"


def _refusals(tmp_path: Path) -> list[tuple[Path, int, str]]:
    """Log paths a game could not be written to, with the exit status and what the
    refusal says: a wrong kind of file is a usage error, a folder that the system
    refuses is one line (exit status 1), as when writing fails."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "link").symlink_to(fifo)
    (tmp_path / "file").write_text("a file\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    return [
        (tmp_path / "missing" / "log.txt", 1, "is not a folder that exists"),
        (tmp_path / "file" / "log.txt", 1, "is not a folder"),
        (tmp_path / "folder", 2, "is a folder"),
        (fifo, 2, "is not a regular file"),
        (tmp_path / "link", 2, "is not a regular file"),
    ]


@pytest.mark.parametrize("command", [SOLO, VERSUS], ids=["solo", "versus-ai"])
def test_a_log_that_cannot_be_written_is_refused_before_the_first_prompt(
    tmp_path: Path, command: list[str]
) -> None:
    runner = CliRunner()
    for path, status, why in _refusals(tmp_path):
        result = runner.invoke(cli, [*command, "--log", str(path)], input="quit\n")
        assert result.exit_code == status and why in result.output, (path, result.output)
        assert STARTS[command[0]] not in result.output
    assert (tmp_path / "fifo").is_fifo() and (tmp_path / "link").is_symlink()
    readonly = tmp_path / "ro"
    readonly.mkdir(mode=0o500)
    if not os.access(readonly, os.W_OK):  # root writes anywhere: tested as a user only
        result = runner.invoke(cli, [*command, "--log", str(readonly / "log.txt")], input="quit\n")
        assert result.exit_code == 1 and "permission denied" in result.output


@pytest.mark.parametrize("lang", [Lang.EN, Lang.FR])
def test_a_line_too_long_is_refused_and_the_session_goes_on(tmp_path: Path, lang: Lang) -> None:
    log = tmp_path / "log.txt"
    typed = "x" * (MAX_LINE + 1) + "\n" + "y" * MAX_LINE + "\nquit\n"
    args = [*SOLO, "--lang", lang.value, "--log", str(log)]
    result = CliRunner().invoke(cli, args, input=typed)
    assert result.exit_code == 0, result.output
    refused = text("sessions.line_too_long", lang).format(limit=MAX_LINE)
    assert str(MAX_LINE) in refused and result.output.count(refused) == 1
    assert result.output.count(text("solo.not_understood", lang).split("{")[0]) == 1
    assert "x" * 100 not in log.read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, VERSUS, input=typed)
    assert result.output.count(TOO_LONG) == 1 and "Game abandoned." in result.output


def _endless(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command reading /dev/zero: a line without end. Memory is capped, so that an
    unbounded read fails fast instead of filling the machine."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    with open("/dev/zero", "rb") as zero:
        return subprocess.run(
            [sys.executable, "-m", "pnp", *args],
            stdin=zero,
            capture_output=True,
            text=True,
            check=False,
            cwd=cwd,
            timeout=20,
            preexec_fn=cap,
        )


def test_a_line_without_end_ends_the_session_as_end_of_input(tmp_path: Path) -> None:
    done = _endless([*SOLO, "--log", "log.txt"], tmp_path)
    assert "Traceback" not in done.stderr and done.returncode == 0, done.stderr
    assert TOO_LONG in done.stdout and "Game abandoned." in done.stdout
    assert (tmp_path / "log.txt").read_text(encoding="utf-8").startswith("# unfinished")
    done = _endless(VERSUS, tmp_path)
    assert "Traceback" not in done.stderr and done.returncode == 1, done.stderr
    assert TOO_LONG in done.stdout and done.stderr == "Aborted!\n"


SEEDED = {
    "astra solo": (SOLO[:2], "quit\n"),
    "astra simulate": (["astra", "simulate", "--games", "1"], None),
    "astra simulate --solo": (["astra", "simulate", "--solo", "--games", "1"], None),
    "starcharts versus-ai": (VERSUS[:3], "quit\n"),
    "starcharts simulate": (["starcharts", "simulate", "--chart", "lyra-8", "--games", "1"], None),
}


@pytest.mark.parametrize("command", SEEDED)
def test_every_command_takes_the_same_seeds(command: str) -> None:
    args, typed = SEEDED[command]
    runner = CliRunner()
    for seed in (-1, MAX_SEED + 1):
        result = runner.invoke(cli, [*args, f"--seed={seed}"], input=typed)
        assert result.exit_code == 2, result.output
        assert f"a whole number from 0 to {MAX_SEED}" in result.output
    for seed in (0, MAX_SEED):
        result = runner.invoke(cli, [*args, f"--seed={seed}"], input=typed)
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize("seed", [0, MAX_SEED])
def test_a_solo_log_at_either_end_of_the_seeds_reads_back(tmp_path: Path, seed: int) -> None:
    log = tmp_path / "log.txt"
    runner = CliRunner()
    played = runner.invoke(cli, [*SOLO[:2], f"--seed={seed}", "--log", str(log)], input="quit\n")
    assert played.exit_code == 0, played.output
    checked = runner.invoke(cli, ["astra", "check", str(log)])
    assert checked.exit_code == 1
    assert "the log ends before its first turn" in checked.output  # not at its seed


def _interrupted(args: list[str], cwd: Path) -> tuple[int, str, str]:
    """The command stopped by Ctrl-C at its first prompt."""
    with subprocess.Popen(
        [sys.executable, "-m", "pnp", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
    ) as process:
        assert process.stdout is not None
        seen = b""
        while not (b"Round 1" in seen and seen.endswith(b": ")):
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, seen
            seen += chunk
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    return process.returncode, (seen + out).decode(), err.decode()


def test_ctrl_c_at_the_prompt(tmp_path: Path) -> None:
    code, out, err = _interrupted([*SOLO, "--log", "log.txt"], tmp_path)
    assert code == 130 and "Game abandoned." in out and err.endswith("Aborted!\n")
    assert "Traceback" not in err
    assert (tmp_path / "log.txt").read_text(encoding="utf-8").startswith("# unfinished")
    code, out, err = _interrupted(VERSUS, tmp_path)
    assert code == 130 and err.endswith("Aborted!\n") and "Traceback" not in err
