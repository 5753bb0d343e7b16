"""Two outputs of one run never land on one path, and an output's name never says
another format than the one written (issue 28, point 9): `starcharts cards -o
d/all-stars-front.png --png d` wrote the PDF and then a PNG over it (exit status 0),
`-o x.pdf --png x.pdf` failed only after the work, `-o y.png` wrote a PDF named .png.
Each is a usage error (exit status 2) before any work, nothing written; the commands
are found from the command tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from pnp.cli import cli
from pnp.cli.clashes import claim_file, claim_folder
from tests.command_tree import leaves
from tests.conftest import Run

LEAVES = leaves()
EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
ARGUMENTS = {  # what a command needs besides its options
    "starcharts sheet": ["lyra-8"],
    "starcharts versus-ai": ["lyra-8"],
    "astra check": [str(EXAMPLES / "astra-game.txt")],
    "cosmos check": [str(EXAMPLES / "cosmos-game.txt")],
    "starcharts score": [str(EXAMPLES / "finished.txt")],
    "cosmos score": [str(EXAMPLES / "cosmos-game.toml")],
    "astra score": [str(EXAMPLES / "astra-endgame.toml")],
}


def names(command: str) -> set[str]:
    return {p.name for p in LEAVES[command].params if p.name}


DOCUMENTS = sorted(c for c in LEAVES if "output" in names(c))
IMAGES = sorted(c for c in DOCUMENTS if {"png", "tts"} & names(c))
TEXT = {
    "final_state": ("--final-state", "a TOML file"),
    "log_path": ("--log", "plain text"),
    "text_path": ("-o", "plain text"),
    "record_path": ("-o", "a TOML file"),
}
TEXT_WRITERS = sorted((c, n) for c in LEAVES for n in names(c) & set(TEXT))


def args(command: str, *more: str) -> list[str]:
    return [*command.split(), *ARGUMENTS.get(command, []), *more]


def test_every_command_needing_arguments_is_given_them() -> None:
    needing = {
        c
        for c in {*DOCUMENTS, *(c for c, _ in TEXT_WRITERS)}
        if any(isinstance(p, click.Argument) and p.required for p in LEAVES[c].params)
    }
    assert needing == set(ARGUMENTS)
    assert len(IMAGES) >= 8  # every card deck of the three games


def written(folder: Path) -> list[str]:
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if not p.is_dir() and not p.is_symlink()
    )


@pytest.mark.parametrize("command", DOCUMENTS)
@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["-o", "y.png"], "y.png is a .png name, but this writes PDF: write it to y.pdf"),
        (["-o", "d/y.txt"], "d/y.txt is a .txt name, but this writes PDF"),
        (["-o", "y.toml"], "y.toml is a .toml name, but this writes PDF"),  # not in 3.11's table
        (["--format", "svg", "-o", "y.jpeg"], "write it to y.svg"),
        (["--format", "svg", "-o", "y.svgz"], "y.svgz is a .svgz name"),
        (["--format", "svg", "-o", "y.pdf"], "y.pdf is a .pdf file but --format is svg"),
        (["-o", "link.pdf"], "link.pdf is a link to"),  # to d/y.png
    ],
)
def test_a_name_saying_another_format(
    run: Run, tmp_path: Path, command: str, options: list[str], said: str
) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "link.pdf").symlink_to("d/y.png")
    result = run(*args(command, *options))
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split())
    assert written(tmp_path) == []


@pytest.mark.parametrize(("command", "option"), TEXT_WRITERS)
@pytest.mark.parametrize("name", ["end.pdf", "d/end.png", "end.json", "link.txt"])
def test_a_text_output_named_for_another_format(
    run: Run, tmp_path: Path, command: str, option: str, name: str
) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "link.txt").symlink_to("d/y.png")
    flag, written_as = TEXT[option]
    result = run(*args(command, flag, name))
    assert result.exit_code == 2, result.output
    said = "a link to" if name == "link.txt" else f"but this writes {written_as}"
    assert said in " ".join(result.output.split())
    assert written(tmp_path) == []


def test_text_outputs_are_the_checks_and_the_games() -> None:
    assert {c for c, _ in TEXT_WRITERS} == {
        "astra check",
        "cosmos check",
        "astra solo",
        "starcharts versus-ai",
        "starcharts score",
        "cosmos score",
        "astra score",
    }


@pytest.mark.parametrize("command", IMAGES)
@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["-o", "x.pdf", "--png", "x.pdf"], "x.pdf is the folder x.pdf (--png) writes"),
        (["-o", "x.pdf", "--tts", "x.pdf"], "x.pdf is the folder x.pdf (--tts) writes"),
        (["--png", "d", "-o", "d/x-front.png"], "d/x-front.png is a .png name"),
        (["-o", "x.pdf", "--tts", "x.pdf/deck"], "x.pdf would be a file, and x.pdf/deck"),
        (["-o", "x.pdf", "--png", "folder-link"], "x.pdf is the folder folder-link (--png)"),
        (["--png", "x.pdf", "-o", "x.pdf"], "x.pdf is the folder x.pdf (--png) writes"),
    ],
)
def test_two_outputs_on_one_path(
    run: Run, tmp_path: Path, command: str, options: list[str], said: str
) -> None:
    (tmp_path / "folder-link").symlink_to("x.pdf")  # a link to where the PDF would go
    result = run(*args(command, *options))
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split())
    assert written(tmp_path) == [] and not (tmp_path / "d").exists()


DECKS = {  # the name of each card command's Tabletop Simulator deck
    "astra aid": "astra-player-aid",
    "astra cards": "astra-constellations",
    "astra game-end": "astra-game-end",
    "astra scoring-cards": "astra-final-scoring",
    "cosmos energy-cards": "cosmos-energy",
    "cosmos goal-cards": "cosmos-goal",
    "cosmos power-cards": "cosmos-power",
    "starcharts cards": "starcharts-objectives",
}


@pytest.mark.parametrize("command", IMAGES)
def test_the_document_and_an_image_hard_links_of_one_file(
    run: Run, tmp_path: Path, command: str
) -> None:
    """The images' names are claimed before the document is written: the document
    a.pdf and the deck's saved object are refused, both left as they were."""
    saved = tmp_path / "d" / f"{DECKS[command]}.json"
    saved.parent.mkdir()
    saved.write_text("old")
    os.link(saved, tmp_path / "a.pdf")
    result = run(*args(command, "-o", "a.pdf", "--tts", "d", "--dpi", "36"))
    assert result.exit_code == 2, result.output
    assert "the same file as a.pdf (--output)" in " ".join(result.output.split())
    assert saved.read_text() == "old" == (tmp_path / "a.pdf").read_text()
    assert written(tmp_path) == ["a.pdf", f"d/{DECKS[command]}.json"]
    assert set(DECKS) == set(IMAGES)


def test_refused_before_any_work(tmp_path: Path) -> None:
    """The refusals come before anything is laid out or rendered: no game's layouts, no
    renderer, no ReportLab, svgwrite or shapely are loaded."""
    cases = [args(c, "-o", "x.pdf", "--png", "x.pdf") for c in IMAGES]
    cases += [args(c, "-o", "y.png") for c in DOCUMENTS]
    script = f"""
import json, sys
from pnp.cli import cli
codes = []
for case in {cases!r}:
    try:
        cli.main(case, standalone_mode=False)
        codes.append(0)
    except Exception as exc:
        codes.append(getattr(exc, "exit_code", repr(exc)))
work = tuple(f"pnp.layouts.{{g}}" for g in ("starcharts", "astra", "cosmos"))
work += ("pnp.render.output", "reportlab", "svgwrite", "shapely")
print(json.dumps([codes, sorted(m for m in sys.modules if m.startswith(work))]))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    codes, loaded = json.loads(done.stdout)
    assert codes == [2] * len(cases)
    assert loaded == []
    assert written(tmp_path) == []


def test_the_default_output_is_claimed_too(run: Run, tmp_path: Path) -> None:
    result = run("starcharts", "cards", "--png", "out/starcharts/objective-cards.pdf")
    assert result.exit_code == 2, result.output
    assert "is the folder out/starcharts/objective-cards.pdf (--png)" in result.output
    assert written(tmp_path) == []


def test_a_name_without_a_known_suffix_is_written(run: Run, tmp_path: Path) -> None:
    for name in ("aid.v2", "aid.PDF", "aid"):
        result = run("starcharts", "aid", "-o", name)
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).read_bytes().startswith(b"%PDF")


def test_the_images_and_the_document_of_one_run(run: Run, tmp_path: Path) -> None:
    """--png and --tts into one folder, the document beside them: every name apart."""
    result = run(
        "astra", "game-end", "-o", "d/game-end.pdf", "--png", "d", "--tts", "d", "--dpi", "36"
    )
    assert result.exit_code == 0, result.output
    files = written(tmp_path)
    assert "d/game-end.pdf" in files and len(files) == len(set(files)) > 4


class TestClaims:
    """The claims themselves: links, hard links, folders, files inside files."""

    def claim(self, *claims: tuple[str, Path, str]) -> None:
        with click.Context(cli):
            for kind, path, hint in claims:
                (claim_folder if kind == "folder" else claim_file)(path, hint)

    def test_one_path_twice(self, tmp_path: Path) -> None:
        self.claim(
            ("file", tmp_path / "a.pdf", "--output"), ("file", tmp_path / "a.pdf", "--output")
        )
        with pytest.raises(click.BadParameter, match="is the same file as"):
            self.claim(("file", tmp_path / "a", "--final-state"), ("file", tmp_path / "a", "--log"))

    def test_links_and_hard_links(self, tmp_path: Path) -> None:
        (tmp_path / "a.pdf").write_bytes(b"")
        os.link(tmp_path / "a.pdf", tmp_path / "b.png")
        (tmp_path / "c.pdf").symlink_to("a.pdf")
        for other in ("b.png", "c.pdf"):
            with pytest.raises(click.BadParameter, match="through a link, the same file"):
                self.claim(("file", tmp_path / "a.pdf", "-o"), ("file", tmp_path / other, "--png"))

    def test_hard_links_among_the_files_of_one_option(self, tmp_path: Path) -> None:
        """Alike files a tool linked to save space (the card backs): no clash."""
        (tmp_path / "a-back.png").write_bytes(b"")
        os.link(tmp_path / "a-back.png", tmp_path / "b-back.png")
        self.claim(
            ("file", tmp_path / "a-back.png", "--png"), ("file", tmp_path / "b-back.png", "--png")
        )

    def test_folders(self, tmp_path: Path) -> None:
        self.claim(("folder", tmp_path / "d", "--png"), ("folder", tmp_path / "d", "--tts"))
        self.claim(("folder", tmp_path / "d", "--png"), ("file", tmp_path / "d" / "x.pdf", "-o"))
        with pytest.raises(click.BadParameter, match="is the file"):
            self.claim(("file", tmp_path / "d", "-o"), ("folder", tmp_path / "d", "--png"))
        with pytest.raises(click.BadParameter, match="a file of this run"):
            self.claim(("file", tmp_path / "d", "-o"), ("folder", tmp_path / "d" / "e", "--png"))
        with pytest.raises(click.BadParameter, match="a file of this run"):
            self.claim(("file", tmp_path / "d", "-o"), ("file", tmp_path / "d" / "e", "--log"))

    def test_nothing_outside_a_command(self, tmp_path: Path) -> None:
        claim_file(tmp_path / "a", "-o")
        claim_file(tmp_path / "a", "--log")


def test_the_kit_claims_each_file_before_writing(run: Run, tmp_path: Path) -> None:
    """A kit's files are known once it is laid out: checked and claimed before the first
    is written (--png where one of its files goes was found half-way, files written)."""
    png = "k/starcharts/dice.pdf"
    result = run("kit", "--game", "starcharts", "--out", "k", "--png", png, "--jobs", "1")
    assert result.exit_code == 2, result.output
    assert f"is the folder {png} (--png) writes files into" in " ".join(result.output.split())
    assert written(tmp_path) == []


@pytest.mark.parametrize("fd", [1, 2])
def test_an_output_that_is_where_stdout_or_stderr_goes(tmp_path: Path, fd: int) -> None:
    """`pnp cosmos check game.txt --final-state end.toml > end.toml`: the shell has
    emptied end.toml for the table, which the end of the game would then replace."""
    script = Path(sys.executable).with_name("pnp")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "pnp"]
    game = str(EXAMPLES / "cosmos-game.txt")
    with (tmp_path / "end.toml").open("wb") as end, (tmp_path / "other").open("wb") as other:
        streams = {"stdout": end, "stderr": other} if fd == 1 else {"stdout": other, "stderr": end}
        done = subprocess.run(
            [*command, "cosmos", "check", game, "--final-state", "end.toml"],
            cwd=tmp_path,
            check=False,
            **streams,  # type: ignore[call-overload]
        )
    said = (tmp_path / "end.toml").read_text() + (tmp_path / "other").read_text()
    assert done.returncode == 2, said
    name = ("standard output", "standard error")[fd - 1]
    assert f"end.toml is the file {name} goes to" in " ".join(said.split())
