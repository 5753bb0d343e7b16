"""No command writes over the printer profile (issue 28, point 2): every option of every
command that names an output, found in the command tree, is given the profile itself, a
link to it and a hard link to it (for a folder: a file of the folder's that is one of
those); each is refused as a usage error and the profile stays as it was."""

from __future__ import annotations

import os
from pathlib import Path

import click
import pytest

from pnp.system import atomic
from tests.command_tree import leaves
from tests.conftest import Run

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
PROFILE = '# pnp printer profile\npaper = "a4"\n'

# What a command needs besides its output to run (its inputs are docs/examples' files).
ARGS = {
    "starcharts sheet": ["lyra-8"],
    "astra check": ["astra-game.txt"],
    "cosmos check": ["cosmos-game.txt"],
    "starcharts check": ["two-player.txt"],
    "starcharts score": ["two-player.txt"],
    "cosmos score": ["cosmos-game.toml"],
    "astra score": ["astra-endgame.toml"],
    # Hours of games, unless refused before the first.
    "starcharts simulate": ["--chart", "lyra-8", "--games", "100000", "--jobs", "1"],
    "astra simulate": ["--games", "100000", "--jobs", "1"],
    "cosmos simulate": ["--games", "100000", "--jobs", "1"],
    "kit": ["--game", "starcharts"],
}
# A file written into each folder an option names: the one made the profile.
IN_FOLDER = {
    "astra aid --png": "astra-player-aid-01-back.png",
    "astra aid --tts": "astra-player-aid.json",
    "astra cards --png": "andromeda-back.png",
    "astra cards --tts": "astra-constellations.json",
    "astra game-end --png": "astra-game-end-01-back.png",
    "astra game-end --tts": "astra-game-end.json",
    "astra scoring-cards --png": "astra-final-scoring-01-back.png",
    "astra scoring-cards --tts": "astra-final-scoring.json",
    "cosmos energy-cards --png": "cosmos-energy-01-back.png",
    "cosmos energy-cards --tts": "cosmos-energy.json",
    "cosmos goal-cards --png": "advanced-neighbours-back.png",
    "cosmos goal-cards --tts": "cosmos-goal.json",
    "cosmos power-cards --png": "abiogenesis-back.png",
    "cosmos power-cards --tts": "cosmos-power.json",
    "starcharts cards --png": "all-stars-back.png",
    "starcharts cards --tts": "starcharts-objectives.json",
    "astra simulate --logs": "game-000002.txt",
    "cosmos simulate --logs": "game-099999.txt",
    "starcharts simulate --logs": "game-000001.txt",
    "starcharts check --sheets": "two-player.txt",
    "starcharts score --review": "two-player-review.jpg",
    "cosmos score --review": "cosmos-game-review.jpg",
    "astra score --review": "astra-endgame-review.jpg",
    "kit --out": "starcharts/README.txt",
    "kit --png": "starcharts/sheets/lyra-8-1.png",
    "kit --tts": "starcharts.json",
}


def _outputs() -> list[tuple[str, str]]:
    """Every option that names a file or folder to write: a path that need not exist."""
    found = []
    for name, command in leaves().items():
        for param in command.params:
            kind = param.type
            if isinstance(param, click.Option) and isinstance(kind, click.Path) and not kind.exists:
                found.append((name, max(param.opts, key=len)))
    return found


OUTPUTS = _outputs()


def test_the_sweep_finds_every_kind_of_output() -> None:
    options = {option for _, option in OUTPUTS}
    assert options == {
        "--output",
        "--final-state",
        "--log",
        "--logs",
        "--sheets",
        "--png",
        "--tts",
        "--out",
        "--review",
        "--bgstats-qr-file",
    }
    assert len(OUTPUTS) >= 40


@pytest.mark.parametrize("way", ["itself", "symlink", "hardlink"])
@pytest.mark.parametrize("command, option", OUTPUTS, ids=[f"{c} {o}" for c, o in OUTPUTS])
def test_no_output_replaces_the_printer_profile(
    run: Run, monkeypatch: pytest.MonkeyPatch, command: str, option: str, way: str
) -> None:
    copied = ("astra-game.txt", "astra-endgame.toml", "cosmos-game.txt", "cosmos-game.toml")
    for name in (*copied, "two-player.txt"):
        Path(name).write_bytes((EXAMPLES / name).read_bytes())
    inside = IN_FOLDER.get(f"{command} {option}")
    text = ("starcharts score", "cosmos score", "astra score")  # their -o is a text file
    document = option == "--output" and command not in text
    output = Path("output") if inside else Path("output.pdf" if document else "out.txt")
    written = output / inside if inside else output
    written.parent.mkdir(parents=True, exist_ok=True)
    profile = Path("conf/printer.toml").resolve() if way != "itself" else written.resolve()
    profile.parent.mkdir(parents=True, exist_ok=True)
    profile.write_text(PROFILE)
    monkeypatch.setenv("PNP_PRINTER", str(profile))
    if way == "symlink":
        written.symlink_to(profile)
    elif way == "hardlink":
        os.link(profile, written)
    atomic.forget_inputs()
    result = run(*command.split(), *ARGS.get(command, []), option, str(output), input="")
    assert result.exit_code == 2, result.output
    assert "is the printer profile" in result.stderr, result.stderr
    assert profile.read_text() == PROFILE and not profile.is_symlink()
    if option in ("--final-state", "--log", "--logs", "--sheets"):
        assert result.stdout == ""  # refused before the game is replayed or played
