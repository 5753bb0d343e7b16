"""--bgstats for the variants and what a play's files say: versus the A.I. the player wins
only with a rating above "You should try again"; solo Star Charts is one player; the
board names the chart and variant; "# played:" and "# duration:" lines are used; the QR
code holds the link."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from pnp.apps.bgstats_qr import PIXELS, QUIET, modules, png_bytes, svg_text, terminal_text
from pnp.score.result import rating
from tests.conftest import Run
from tests.test_bgstats import DATA, decode

FINISHED = (DATA / "finished.txt").read_text()
HEAD, REST = FINISHED.split("player: Alice", 1)
ALICE, BOB = (
    part.replace("four-corners@5=2", "four-corners@5=4") for part in REST.split("player: Bob")
)


def one_play(run: Run, *args: str) -> dict[str, Any]:
    result = run(*args, "--bgstats")
    assert result.exit_code == 0, result.output
    return decode(result.stdout.strip())


def game_file(tmp_path: Path, variant: str, *players: tuple[str, str]) -> Path:
    shutil.copy(DATA / "lyra-spec.txt", tmp_path)
    text = HEAD.replace("objectives:", f"variant: {variant}\nobjectives:")
    path = tmp_path / f"{variant}.txt"
    path.write_text(text + "".join(f"player: {name}{sheet}" for name, sheet in players))
    return path


@pytest.mark.parametrize(("sheet", "score"), [(ALICE, 17), (BOB.replace("player: Bob", ""), 5)])
def test_versus_the_ai_wins_only_with_a_good_rating(
    run: Run, tmp_path: Path, sheet: str, score: int
) -> None:
    data = one_play(
        run, "starcharts", "score", str(game_file(tmp_path, "versus-ai", ("Al", sheet)))
    )
    (player,) = data["players"]
    assert (player["name"], player["score"]) == ("Al", score)
    assert player["winner"] is (rating(score) != "You should try again")
    assert data["board"] == "lyra-spec, versus-ai"
    assert str(data["comments"]).endswith(f"Al scores {score}: {rating(score)}")


def test_solo_is_one_player_with_the_higher_sheet(run: Run, tmp_path: Path) -> None:
    data = one_play(
        run, "starcharts", "score", str(game_file(tmp_path, "solo", ("A", ALICE), ("B", ALICE)))
    )
    assert [(p["name"], p["score"], p["winner"]) for p in data["players"]] == [("You", 21, True)]
    assert data["board"] == "lyra-spec, solo"
    assert str(data["comments"]).startswith("You 21: sheet A = 21; sheet B = 21\nSolo result: 21:0")


def test_the_board_names_the_chart_and_variant_or_the_edition(run: Run) -> None:
    data = one_play(run, "starcharts", "score", str(DATA / "finished.txt"))
    assert data["board"] == "lyra-spec, two-player"  # two sheets
    data = one_play(run, "starcharts", "check", str(DATA / "two-player.txt"))
    assert data["board"] == "lyra-8-obstacles, two-player"
    assert one_play(run, "cosmos", "check", str(DATA / "cosmos-game.txt"))["board"] == "pnp edition"


def test_played_and_duration_lines(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    text = (DATA / "cosmos-game.toml").read_text()
    path.write_text(f"# played: 2026-11-28 22:40 +01:00\n#Duration: 95\n{text}")
    data = one_play(run, "cosmos", "score", str(path))
    assert (data["playDate"], data["durationMin"]) == ("2026-11-28 21:40:00", 95)
    plain = one_play(run, "cosmos", "score", str(DATA / "cosmos-game.toml"))
    assert data["sourcePlayId"] == plain["sourcePlayId"]  # a comment added: the same play
    given = run("cosmos", "score", str(path), "--bgstats", "--date", "2026-11-29 Z")
    assert decode(given.stdout.strip())["playDate"] == "2026-11-29 12:00:00"  # --date first
    assert "durationMin" not in one_play(run, "cosmos", "score", str(DATA / "cosmos-game.toml"))


def test_bad_played_lines_are_problems_at_their_place(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    text = (DATA / "cosmos-game.toml").read_text()
    path.write_text(f"# played: yesterday\n  # duration: 0\n{text}")
    result = run("cosmos", "score", str(path), "--bgstats")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{path}:1:11: 'yesterday' is not a date (expected YYYY-MM-DD, YYYY-MM-DD HH:MM or "
        "YYYY-MM-DD HH:MM:SS, years 0001 to 9999, then optionally Z, UTC or +HH:MM)",
        f"{path}:2:15: '0' is not a duration (expected minutes, 1 to 10000)",
    ]
    assert run("cosmos", "score", str(path)).exit_code == 0  # a comment, for the table


def read_qr(picture: bytes) -> str:
    import cv2
    import numpy as np

    image = cv2.imdecode(np.frombuffer(picture, np.uint8), cv2.IMREAD_GRAYSCALE)
    assert image is not None
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    return str(text)


def test_the_qr_code_holds_the_link(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "play.png"
    args = (
        "astra",
        "score",
        str(DATA / "astra-endgame.toml"),
        "--date",
        "2026-11-28 Z",
        "--bgstats-qr-file",
        str(out),
    )
    result = run(*args)
    assert result.exit_code == 0, result.output
    link = result.stdout.strip()
    assert read_qr(out.read_bytes()) == link
    dark = modules(link)
    assert not any(dark[0]) and not any(row[QUIET - 1] for row in dark)  # the quiet zone
    assert out.read_bytes()[16:24] == (len(dark) * PIXELS).to_bytes(4, "big") * 2
    run(*args)
    assert out.read_bytes() == png_bytes(dark)  # the same play, the same bytes
    svg = tmp_path / "play.svg"
    assert run(*args[:-1], str(svg)).exit_code == 0
    assert svg.read_text() == svg_text(dark) and svg.read_text().count("<path") == 1


def test_the_terminal_qr_code_is_the_code(run: Run) -> None:
    result = run("astra", "score", str(DATA / "astra-endgame.toml"), "--bgstats-qr")
    assert result.exit_code == 0, result.output
    *drawn, link = result.stdout.splitlines()
    dark = modules(link)
    halves = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}
    rows = [[halves[c][k] for c in line] for line in drawn for k in (0, 1)]
    assert rows[: len(dark)] == dark and not any(map(any, rows[len(dark) :]))
    coloured = terminal_text(dark, colours=True).splitlines()
    assert all(line.startswith("\x1b[30;107m") and line.endswith("\x1b[0m") for line in coloured)


@pytest.mark.parametrize(
    ("name", "said"), [("play.jpg", "is not a .png or .svg name"), ("game.toml", "input")]
)
def test_the_qr_file_is_checked_first(run: Run, tmp_path: Path, name: str, said: str) -> None:
    game = tmp_path / "game.toml"
    shutil.copy(DATA / "cosmos-game.toml", game)
    target = tmp_path / name
    result = run("cosmos", "score", str(game), "--bgstats-qr-file", str(target))
    assert result.exit_code == 2 and said in result.output
    assert game.read_text() == (DATA / "cosmos-game.toml").read_text()
    assert not (tmp_path / "play.jpg").exists()
