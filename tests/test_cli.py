from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from pnp.cli import cli
from pnp.cli.astra import astra
from pnp.cli.cosmos import cosmos
from pnp.cli.lazy import LazyGroup
from pnp.cli.starcharts import starcharts
from tests.conftest import Run

ROOT = Path(__file__).resolve().parent.parent

DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"

BAD_CHART = """name: Broken
size: 8
grid:
. . . . . . . .
. * . Q . . . .
. . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
"""


def test_sheet_writes_a_pdf_under_out(run: Run) -> None:
    result = run("starcharts", "sheet", "lyra-8")
    assert result.exit_code == 0, result.output
    assert Path("out/starcharts/sheets/lyra-8.pdf").read_bytes().startswith(b"%PDF-")
    assert "wrote out/starcharts/sheets/lyra-8.pdf (1 page)" in result.output


def test_sheet_copies_and_two_per_page(run: Run) -> None:
    result = run(
        "starcharts",
        "sheet",
        "lyra-8",
        "orion-8",
        "--copies",
        "3",
        "--per-page",
        "2",
        "--paper",
        "letter",
        "-o",
        "night.pdf",
    )
    assert result.exit_code == 0, result.output
    assert "(3 pages)" in result.output  # 6 sheets, 2 per page


def test_svg_writes_one_file_per_page(run: Run) -> None:
    result = run("starcharts", "cards", "--backs", "duplex", "--format", "svg", "-o", "c.svg")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in Path().glob("c-*.svg")) == [f"c-{n}.svg" for n in range(1, 5)]


def test_svg_output_says_nothing_on_stderr(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pnp",
            "starcharts",
            "aid",
            "--format",
            "svg",
            "-o",
            str(tmp_path / "aid.svg"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and result.stderr == ""


def test_malformed_chart_file_reports_every_problem_and_exits_1(run: Run) -> None:
    Path("broken.txt").write_text(BAD_CHART, encoding="utf-8")
    result = run("starcharts", "sheet", "broken.txt")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "broken.txt:5:7: unknown cell 'Q' (expected . * A - or |)",
        "broken.txt:6:14: a row of a 8×8 chart has 8 cells, this one has 7",
    ]
    assert not Path("out").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["starcharts", "sheet", "nowhere-8"],
        ["starcharts", "sheet", "missing/chart.txt"],
        ["starcharts", "sheet"],
        ["starcharts", "sheet", "lyra-8", "--per-page", "3"],
        ["starcharts", "sheet", "lyra-8", "--paper", "a5"],
        ["starcharts", "cards", "--back-offset", "1"],
        ["starcharts", "cards", "--bleed", "lots"],
        ["starcharts", "cards", "--backs", "duplex", "--back-offset", "0,13"],
        ["starcharts", "charts", "--show", "nowhere-8"],
        ["kit", "--game", "chess"],
    ],
)
def test_usage_errors_exit_2(run: Run, args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_charts_lists_every_chart_and_shows_one(run: Run) -> None:
    listing = run("starcharts", "charts").output.splitlines()
    assert len(listing) == 41 and listing[0].split()[:3] == ["id", "size", "stars"]
    assert any(line.split()[:3] == ["lyra-8-obstacles", "8×8", "6"] for line in listing)
    shown = run("starcharts", "charts", "--show", "lyra-8").output.splitlines()
    assert shown[1].split() == list("ABCDEFGH")
    assert len(shown) == 10 and shown[-1].split()[0] == "8"


def test_kit_writes_the_whole_star_charts_set(run: Run, tmp_path: Path) -> None:
    result = run("kit", "--game", "starcharts", "--out", "night")
    assert result.exit_code == 0, result.output
    kit = Path("night/starcharts")
    assert len(list((kit / "sheets").glob("*.pdf"))) == 40
    for name in (
        "objective-cards.pdf",
        "objective-cards-duplex.pdf",
        "player-aid.pdf",
        "README.txt",
        "CREDITS.txt",
    ):
        assert (kit / name).is_file()
    assert not list(kit.rglob("*.tmp"))
    assert Path("night/duplex-calibration.pdf").is_file()


def test_an_interrupted_write_leaves_the_old_file(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run("starcharts", "aid", "-o", "aid.pdf").exit_code == 0
    before = Path("aid.pdf").read_bytes()

    def interrupted(fd: int) -> None:  # the new bytes are half on disk when this strikes
        raise KeyboardInterrupt

    monkeypatch.setattr("pnp.system.atomic.os.fsync", interrupted)
    result = run("starcharts", "aid", "-o", "aid.pdf", "--paper", "letter")
    assert result.exit_code != 0
    assert Path("aid.pdf").read_bytes() == before
    assert [p.name for p in Path().iterdir()] == ["aid.pdf"]


def test_python_dash_m_pnp() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pnp", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and "starcharts" in result.stdout


def test_commands_that_do_not_draw_import_no_drawing_library(tmp_path: Path) -> None:
    shutil.copy(DATA / "lyra-spec.txt", tmp_path)
    shutil.copy(DATA / "finished.txt", tmp_path)
    simulate = [
        "starcharts",
        "simulate",
        "--chart",
        "lyra-8",
        "--games",
        "1",
        "--players",
        "3",
        "--bot",
        "random",
        "--logs",
        str(tmp_path / "logs"),
    ]
    commands = [
        ["--help"],
        ["starcharts", "charts"],
        ["starcharts", "charts", "--show", "lyra-8"],
        ["starcharts", "score", str(tmp_path / "finished.txt")],
        simulate,
        ["starcharts", "check", str(tmp_path / "logs" / "game-1.txt")],
        ["astra", "constellations", "--json"],
        ["astra", "constellations", "--show", "taureau", "--lang", "fr"],
        ["--help"],
        ["astra", "--help"],
    ]
    code = f"""
import sys
from pnp.cli import cli
for args in {commands!r}:
    try:
        cli(args)
    except SystemExit as exit:
        assert not exit.code, (args, exit.code)
print("HEAVY", [m for m in ("reportlab", "svgwrite", "shapely", "fontTools") if m in sys.modules])
print("DRAWING CODE", [m for m in sys.modules if m.startswith(("pnp.layouts", "pnp.render"))])
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert "HEAVY []" in result.stdout, result.stdout + result.stderr
    assert "DRAWING CODE []" in result.stdout, result.stdout


@pytest.mark.parametrize(
    ("args", "other_game"),
    [
        (["starcharts", "score", "docs/examples/finished.txt"], "pnp.astra"),
        (["astra", "score", "docs/examples/astra-endgame.toml"], "pnp.starcharts"),
    ],
)
def test_score_loads_only_its_own_game(args: list[str], other_game: str) -> None:
    """Each command is imported when used: scoring loads neither the other game, nor the
    print options, nor the kit, nor any drawing code."""
    code = f"""
import sys
from pnp.cli import cli
try:
    cli({args!r})
except SystemExit as exit:
    assert not exit.code, exit.code
unwanted = ({other_game!r}, "pnp.draw", "pnp.layouts", "pnp.render", "pnp.cli.options",
            "pnp.cli.kit", "pnp.kit", "pnp.paper.sizes", "pnp.paper.printer", "pnp.play")
print("LOADED", sorted(m for m in sys.modules if m.startswith(unwanted)))
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert "LOADED []" in result.stdout, result.stdout + result.stderr


def test_every_lazy_command_is_the_command_it_names() -> None:
    for group in (cli, starcharts, astra, cosmos):
        assert isinstance(group, LazyGroup)
        for name in group.lazy:
            command = group.get_command(click.Context(group), name)
            assert command is not None and command.name == name, (group.name, name)
