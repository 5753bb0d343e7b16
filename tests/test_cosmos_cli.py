"""`pnp cosmos` as players use it: several records at once, a log or a record given to
the wrong command, tables written with one pair of brackets, goals by the names on
their cards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pnp.cli import cli
from pnp.cosmos.content import goals
from pnp.cosmos.goal_names import fold, goal_named, names

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


def _with_goal(folder: Path, name: str) -> str:
    return _write(folder, "game.toml", RECORD.replace('id = "carbon-stars"', f'id = "{name}"'))


@pytest.mark.parametrize(
    ("name", "goal"),
    [
        ("Star cluster", "star-group"),  # the card's title
        ("star  CLUSTER", "star-group"),  # any case and spacing
        ("He stars", "helium-stars"),
        ("small nebulae", "size-1-nebulae"),
        ("Size_1-Nebulae", "size-1-nebulae"),
        ("advanced neighbors", "advanced-neighbours"),  # another name, from the data
        ("carbon", "carbon-stars"),
    ],
)
def test_a_goal_is_named_by_its_id_title_or_another_name(
    tmp_path: Path, name: str, goal: str
) -> None:
    result = _run("score", "--json", _with_goal(tmp_path, name))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["goals"][3]["id"] == goal


def test_a_wrong_goal_name_suggests_the_closest_goal_first(tmp_path: Path) -> None:
    path = _with_goal(tmp_path, "helum stars")
    line = RECORD[: RECORD.index('id = "carbon-stars"')].count("\n") + 1
    assert _run("score", path).output == (
        f"{path}:{line}:6: unknown goal 'helum stars'; did you mean helium-stars (He stars), "
        "oxygen-stars (O stars), carbon-stars (C stars)? [cosmos.score.goal]\n"
    )
    assert (
        "did you mean star-group (Star cluster)?"
        in _run("score", _with_goal(tmp_path, "star clustre")).output
    )
    assert "see `pnp cosmos goals`" in _run("score", _with_goal(tmp_path, "quasar")).output


def test_a_goal_named_twice_by_two_names_scores_once(tmp_path: Path) -> None:
    path = _with_goal(tmp_path, "Ψ nebulae")  # psi-nebulae scored as the 2nd goal already
    first = RECORD[: RECORD.index('id = "psi-nebulae"')].count("\n") + 1
    assert f"psi-nebulae already scored (line {first})" in _run("score", path).output


def test_every_goal_name_names_one_goal() -> None:
    seen: dict[str, str] = {}
    for goal in goals():
        for name in names(goal):
            assert seen.setdefault(fold(name), goal.id) == goal.id, name
            assert goal_named(name) == goal
    assert len(seen) > 2 * len(goals())


def test_the_goals_command_shows_ids_titles_and_other_names() -> None:
    lines = _run("goals").output.splitlines()
    assert "star-group           Star cluster: Most stars" in "\n".join(lines)
    assert lines[-1].startswith("A game record's [[goal]] may give a goal's id or its card's title")
    listed = json.loads(_run("goals", "--json").output)
    group = next(g for g in listed if g["id"] == "star-group")
    assert group["title"] == "Star cluster" and "largest star group" in group["aliases"]


ENGINE = (
    "pnp.cosmos.galaxy",
    "pnp.cosmos.geometry",
    "pnp.cosmos.nebulae",
    "pnp.cosmos.board",
    "pnp.cosmos.board_record",
    "pnp.cosmos.goals_count",
    "pnp.cosmos.actions",
    "pnp.cosmos.state",
    "pnp.cosmos.game",
    "pnp.score.cosmos_replay",
)


def _loaded(args: list[str]) -> set[str]:
    """The modules a fresh ``pnp`` process has loaded after running ``args``."""
    code = f"""
import sys
from pnp.cli import cli
try:
    cli({args!r})
except SystemExit as exit:
    assert not exit.code, exit.code
print(" ".join(sorted(sys.modules)))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_counts_mode_scoring_loads_neither_the_galaxy_nor_the_engine(tmp_path: Path) -> None:
    counts = _loaded(["cosmos", "score", "docs/examples/cosmos-game.toml"])
    assert counts.isdisjoint(ENGINE), sorted(counts & set(ENGINE))
    # board mode needs the galaxy: the modules above are what it loads
    end = tmp_path / "end.toml"
    _run("check", str(EXAMPLES / "cosmos-game.txt"), "--final-state", str(end))
    board = _loaded(["cosmos", "score", str(end)])
    assert {"pnp.cosmos.geometry", "pnp.cosmos.board_record"} <= board


@pytest.mark.parametrize(
    "args",
    [
        ["cosmos", "score", "docs/examples/cosmos-game.toml"],
        ["starcharts", "score", "docs/examples/finished.txt"],
        ["astra", "score", "docs/examples/astra-endgame.toml"],
    ],
)
def test_scorers_load_neither_pathlib_nor_bgstats(args: list[str]) -> None:
    """pathlib (with urllib.parse) is a tenth of a scorer's start-up; BG Stats only for
    --bgstats."""
    loaded = _loaded(args)
    assert {"pathlib", "urllib.parse", "pnp.apps.bgstats", "difflib"}.isdisjoint(loaded)
