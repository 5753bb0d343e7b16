"""--bgstats on every game's score and check: the link decodes to the play BG Stats
imports (names, scores, winners, ranks, start player, date, itemised comments)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from pnp.apps.bgstats import Play, Stamp, Standing, parse_date, play_json, ranks
from pnp.games import game
from tests.conftest import Run

DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"
DATE = "2026-11-25 20:15:00"


def decode(link: str) -> dict[str, Any]:
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    query = parse_qs(parts.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    data: dict[str, Any] = json.loads(query["data"][0])
    return data


def link_of(run: Run, *args: str) -> dict[str, Any]:
    result = run(*args, "--bgstats", "--date", DATE)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    return decode(lines[0])


def table(data: dict[str, Any]) -> list[tuple[str, int, bool, int, bool]]:
    return [
        (p["name"], p["score"], p["winner"], p["rank"], p["startPlayer"]) for p in data["players"]
    ]


def test_star_charts_score_link(run: Run) -> None:
    data = link_of(run, "starcharts", "score", str(DATA / "finished.txt"))
    assert data["game"] == {
        "name": "Star Charts",
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "pnp-starcharts",
    }
    assert data["playDate"] == DATE
    # finished sheets don't say who started
    assert table(data) == [("Alice", 19, True, 1, False), ("Bob", 7, False, 2, False)]
    assert all(p["sourcePlayerId"] == p["name"] for p in data["players"])
    assert data["comments"].splitlines() == [
        "Alice 19: two-rows (round 3) = 6; four-corners (round 5) = 2; half-sky (round 7) = 3;"
        " full grid = 5; unused abilities = 3",
        "Bob 7: four-corners (round 4) = 4; two-rows (round 7) = 3; full grid = 0;"
        " unused abilities = 0",
        "Winner: Alice with 19",
    ]


def test_star_charts_check_link_names_the_start_player(run: Run) -> None:
    data = link_of(run, "starcharts", "check", str(DATA / "two-player.txt"))
    assert table(data) == [("Ada", 29, True, 1, True), ("Ben", 15, False, 2, False)]


def test_star_charts_shared_victory(run: Run, tmp_path: Path) -> None:
    shutil.copy(DATA / "lyra-spec.txt", tmp_path)
    head, rest = (DATA / "finished.txt").read_text().split("player: Alice", 1)
    alice = rest.split("player: Bob")[0].replace("four-corners@5=2", "four-corners@5=4")
    (tmp_path / "tie.txt").write_text(f"{head}player: Alice{alice}player: Cara{alice}")
    data = link_of(run, "starcharts", "score", str(tmp_path / "tie.txt"))
    assert table(data) == [("Alice", 21, True, 1, False), ("Cara", 21, True, 1, False)]
    assert data["comments"].endswith(
        "Shared victory: Alice and Cara with 21 and 1 unused abilities each"
    )


def test_astra_score_link_and_shared_victory(run: Run) -> None:
    data = link_of(run, "astra", "score", str(DATA / "astra-endgame.toml"))
    assert data["game"]["name"] == "Astra" and "bggId" not in data["game"]
    assert table(data) == [
        ("Robin", 58, False, 2, True),
        ("Matthew", 50, False, 3, False),
        ("Dorothy", 75, True, 1, False),
    ]
    assert data["comments"].splitlines()[2].startswith("Dorothy 75: fame = 35; pouch size = 10;")
    tie = link_of(run, "astra", "score", str(DATA / "astra-endgame-2p.toml"))
    assert table(tie) == [("Ada", 66, True, 1, True), ("Ben", 66, True, 1, False)]


def test_astra_check_link_in_french(run: Run) -> None:
    data = link_of(run, "astra", "check", str(DATA / "astra-game.txt"))
    assert [p["winner"] for p in data["players"]] == [False, False, True]
    solo = link_of(run, "astra", "check", str(DATA / "astra-solo.txt"), "--lang", "fr")
    assert table(solo) == [("You", 32, False, 1, True)]  # alone, lost to Ptolemy
    assert solo["board"] == "solo: hard-telescopes"
    you, ptolemy = solo["comments"].splitlines()[:2]
    assert you.startswith("You 32: renommée en jeu = 8;")
    assert ptolemy.startswith("Ptolémée 49: renommée en jeu = 16;")


def test_cosmos_score_link(run: Run) -> None:
    data = link_of(run, "cosmos", "score", str(DATA / "cosmos-game.toml"))
    assert data["game"] == {
        "name": "Crafting the Cosmos",
        "bggId": 424785,
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "pnp-cosmos",
    }
    assert table(data) == [
        ("Ann", 78, False, 2, True),
        ("Ben", 85, True, 1, False),
        ("Cat", 73, False, 3, False),
    ]
    assert data["comments"].splitlines()[1].startswith("Ben 85: Nebulae = 16; Time chamber = 34")


def test_cosmos_check_link_matches_score(run: Run, tmp_path: Path) -> None:
    end = tmp_path / "end.toml"
    checked = link_of(
        run, "cosmos", "check", str(DATA / "cosmos-game.txt"), "--final-state", str(end)
    )
    scored = link_of(run, "cosmos", "score", str(end))
    assert checked["players"] == scored["players"]


def test_json_alone_and_the_same_for_the_same_date(run: Run) -> None:
    args = ("astra", "score", str(DATA / "astra-endgame.toml"), "--date", DATE)
    first = run(*args, "--bgstats-json")
    assert first.exit_code == 0, first.output
    again = run(*args, "--bgstats")
    assert decode(again.stdout.strip()) == json.loads(first.stdout)
    assert run(*args, "--bgstats").stdout == again.stdout


def test_several_games_one_link_each(run: Run) -> None:
    result = run(
        "astra", "score", str(DATA / "astra-endgame.toml"), str(DATA / "astra-endgame-2p.toml"),
        "--bgstats", "--date", DATE,
    )  # fmt: skip
    ids = [decode(line)["sourcePlayId"] for line in result.stdout.splitlines()]
    assert len(ids) == 2 and len(set(ids)) == 2


@pytest.mark.parametrize(
    "args",
    [
        ("--bgstats", "--date", "2026-02-30"),
        ("--bgstats", "--date", "25/11/2026"),
        ("--bgstats", "--date", "2026-11-25 25:00:00"),
        ("--bgstats", "--bgstats-json"),
        ("--bgstats", "--json"),
        ("--date", "2026-11-25"),
    ],
)
def test_usage_errors(run: Run, args: tuple[str, ...]) -> None:
    result = run("cosmos", "score", str(DATA / "cosmos-game.toml"), *args)
    assert result.exit_code == 2, result.output


def test_a_day_alone_is_noon() -> None:
    assert parse_date("2026-11-25") == "2026-11-25 12:00:00"
    assert parse_date(DATE) == DATE
    with pytest.raises(ValueError):
        parse_date("2026-13-01")


def test_ranks_after_tie_breaks() -> None:
    players = (
        Standing("A", 20, True),
        Standing("B", 20, False),  # lost the tie-break
        Standing("C", 10, False),
        Standing("D", 10, False),
        Standing("E", 30, False),  # a score that doesn't win (a solo opponent's library)
    )
    assert ranks(players) == (1, 3, 4, 4, 2)
    data = play_json(game("starcharts"), Play(players), Stamp(DATE, "0"))
    assert [p["rank"] for p in data["players"]] == [1, 3, 4, 4, 2]
    assert data["comments"] == "A 20\nB 20\nC 10\nD 10\nE 30"


def test_the_links_need_no_drawing_code() -> None:
    commands = [
        ["starcharts", "score", str(DATA / "finished.txt"), "--bgstats"],
        ["astra", "score", str(DATA / "astra-endgame.toml"), "--bgstats-json"],
        ["cosmos", "score", str(DATA / "cosmos-game.toml"), "--bgstats"],
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


def test_the_play_is_the_game_not_the_day(run: Run, tmp_path: Path) -> None:
    """A game sent again, another day, or with comments and blank lines added, is the
    same play; a file that says anything else is another."""
    game_file = DATA / "cosmos-game.toml"
    first = link_of(run, "cosmos", "score", str(game_file))
    again = run("cosmos", "score", str(game_file), "--bgstats", "--date", "2027-01-01")
    assert decode(again.stdout.strip())["sourcePlayId"] == first["sourcePlayId"]
    other = tmp_path / "other.toml"
    other.write_text(game_file.read_text().replace("\n", "\n\n", 1) + "# another evening\n")
    assert link_of(run, "cosmos", "score", str(other))["sourcePlayId"] == first["sourcePlayId"]
    other.write_text(game_file.read_text().replace("Ann", "Ana"))
    assert link_of(run, "cosmos", "score", str(other))["sourcePlayId"] != first["sourcePlayId"]
