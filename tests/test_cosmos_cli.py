"""`pnp cosmos` as players use it: several records at once, a log or a record given to
the wrong command, tables written with one pair of brackets."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from pnp.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
RECORD = (EXAMPLES / "cosmos-game.toml").read_text(encoding="utf-8")
LOG = (EXAMPLES / "cosmos-game.txt").read_text(encoding="utf-8")


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["cosmos", *args], catch_exceptions=False)


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_score_takes_several_records(tmp_path: Path) -> None:
    one = _run("score", str(EXAMPLES / "cosmos-game.toml"))
    two = _run("score", str(EXAMPLES / "cosmos-game.toml"), str(EXAMPLES / "cosmos-game.toml"))
    assert one.exit_code == two.exit_code == 0
    assert two.output == one.output + "\n" + one.output
    data = json.loads(_run("score", "--json", *[str(EXAMPLES / "cosmos-game.toml")] * 2).output)
    assert isinstance(data, list) and [d["winners"] for d in data] == [["Ben"], ["Ben"]]
    single = json.loads(_run("score", "--json", str(EXAMPLES / "cosmos-game.toml")).output)
    assert single == data[0]
    links = _run("score", "--bgstats", *[str(EXAMPLES / "cosmos-game.toml")] * 2)
    assert links.exit_code == 0 and len(links.output.splitlines()) == 2


def test_every_records_problems_are_reported_and_nothing_is_scored(tmp_path: Path) -> None:
    good = str(EXAMPLES / "cosmos-game.toml")
    first = _write(tmp_path, "a.toml", RECORD.replace("time-chamber = 19", "time-chamber = 20"))
    second = _write(tmp_path, "b.toml", RECORD.replace('id = "carbon-stars"', 'id = "carbn"'))
    result = _run("score", first, good, second)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert [line.split(":")[0] for line in lines] == [first, second]
    assert "Winner" not in result.output


def test_score_given_a_game_log_says_to_check_it(tmp_path: Path) -> None:
    log = _write(tmp_path, "game.txt", LOG)
    result = _run("score", log)
    assert result.exit_code == 1
    n = LOG.splitlines().index("players: Ann, Ben, Cat") + 1
    assert result.output == (
        f"{log}:{n}:1: this is a game log, not a game record: replay and score it with "
        f"`pnp cosmos check {log}`\n"
    )


def test_a_record_typed_with_a_colon_is_not_taken_for_a_log(tmp_path: Path) -> None:
    record = _write(tmp_path, "game.toml", RECORD.replace("players =", "players:"))
    result = _run("score", record)
    assert result.exit_code == 1 and "game log" not in result.output
    assert "':' after the key (expected =" in result.output


def test_check_given_a_game_record_says_to_score_it(tmp_path: Path) -> None:
    record = _write(tmp_path, "game.toml", RECORD)
    result = _run("check", record)
    assert result.exit_code == 1
    n = RECORD[: RECORD.index("players =")].count("\n") + 1
    assert result.output == (
        f"{record}:{n}:1: this is a game record, not a game log: score it with "
        f"`pnp cosmos score {record}`\n"
    )


def test_one_pair_of_brackets_for_goal_or_player_says_so(tmp_path: Path) -> None:
    every = _write(tmp_path, "all.toml", RECORD.replace("[[goal]]", "[goal]"))
    result = _run("score", every)
    assert result.exit_code == 1
    goal_lines = [n for n, line in enumerate(RECORD.splitlines(), 1) if line.startswith("[[goal]]")]
    assert result.output.splitlines() == [
        f"{every}:{n}:1: [goal] is one table: write [[goal]] (two brackets), a table per goal "
        "scored [cosmos.score.key]"
        for n in goal_lines
    ]
    player = RECORD.index("[[player]]")
    one = _write(
        tmp_path, "one.toml", RECORD[:player] + RECORD[player:].replace("[[player]]", "[player]", 1)
    )
    line = RECORD[:player].count("\n") + 1
    assert _run("score", one).output == (
        f"{one}:{line}:1: [player] is one table: write [[player]] (two brackets), a table per "
        "player [cosmos.score.key]\n"
    )


def test_a_single_goal_table_is_read_as_one_table(tmp_path: Path) -> None:
    first = RECORD.index("[[goal]]")
    second = RECORD.index("[[goal]]", first + 1)
    players = RECORD.index("[[player]]")
    text = RECORD[:first] + RECORD[first:second].replace("[[goal]]", "[goal]") + RECORD[players:]
    path = _write(tmp_path, "game.toml", text)
    line = RECORD[:first].count("\n") + 1
    assert _run("score", path).output == (
        f"{path}:{line}:1: [goal] is one table: write [[goal]] (two brackets), a table per goal "
        "scored [cosmos.score.key]\n"
    )
