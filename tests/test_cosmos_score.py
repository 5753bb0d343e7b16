"""``pnp cosmos score`` (the spec's ``counts`` mode): goal placements (seed 001's
proto-life example), the totals and the tie-break, the advanced life stack, the table and
JSON, and lazy imports. Reading a record is tested in test_cosmos_record.py, hostile
records in test_cosmos_record_fuzz.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.cli import PnpGroup
from pnp.cli.cosmos import cosmos
from pnp.cosmos.content import advanced_life, goal, goals
from pnp.cosmos.record import GoalRecord, PlayerRecord, Points, Record, stack_allows, stack_problem
from pnp.cosmos.record_file import parse_record
from pnp.cosmos.scoring import TieBreak, placements
from pnp.score.cosmos import score_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "cosmos-game.toml"

# Scored by hand. Goals: proto-life Ann 6, Ben 6 (tied firsts), Cat 0 (no 2nd);
# time-crystals Ben 6, Ann 3; psi-nebulae Ann 6, Cat 3; advanced-neighbours Ann and Ben
# tied first, 6 each, Cat 0.
# Ann 19 + 19 + 6 + 0 + goals 21 + advanced life 14 = 79
# Ben 16 + 34 + 0 + 6 + goals 18 + advanced life 19 = 93
# Cat 29 + 9 + 12 + 0 + goals 3 + advanced life 20 = 73
# Advanced life: 8 tokens with 3 players; the first 6 drawn are group 1 (8, 8, 8, 6, 7,
# 7), the other 2 group 2 (5, 4).
BASE = """\
players = ["Ann", "Ben", "Cat"]

[[goal]]
id = "proto-life"
counts = { Ann = 7, Ben = 7, Cat = 3 }

[[goal]]
id = "time-crystals"
counts = { Ann = 2, Ben = 3, Cat = 0 }

[[goal]]
id = "psi-nebulae"
counts = { Ann = 4, Ben = 0, Cat = 2 }

[[goal]]
id = "advanced-neighbours"
counts = { Ann = 5, Ben = 5, Cat = 1 }

[[player]]
name = "Ann"
points = { nebulae = 19, time-chamber = 19, card-sets = 6, power-cards = 0 }
advanced-life = [8, 6]
energy-cards = 4

[[player]]
name = "Ben"
points = { nebulae = 16, time-chamber = 34, card-sets = 0, power-cards = 6 }
advanced-life = [7, 7, 5]
energy-cards = 6

[[player]]
name = "Cat"
points = { nebulae = 29, time-chamber = 9, card-sets = 12, power-cards = 0 }
advanced-life = [8, 8, 4]
energy-cards = 2
"""


def test_the_seeds_proto_life_example() -> None:
    # seed 001 "UNIVERSAL GOALS": magenta and cyan 7 proto life each, violet 3: magenta
    # and cyan each score 6, violet 0
    assert placements([7, 7, 3], (6, 3)) == (6, 6, 0)


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ([7, 5, 3], (6, 3, 0)),
        ([7, 5, 5], (6, 3, 3)),  # tied seconds each score 3
        ([7, 7, 7], (6, 6, 6)),
        ([7, 0, 0], (6, 0, 0)),  # a count of 0 scores nothing, even in 2nd place
        ([0, 0, 0, 0], (0, 0, 0, 0)),
        ([1, 2], (3, 6)),
        ([0, 4, 4, 9], (0, 3, 3, 6)),
    ],
)
def test_goal_placements(counts: list[int], points: tuple[int, ...]) -> None:
    assert placements(counts, (6, 3)) == points


def test_the_base_record_is_scored_as_by_hand() -> None:
    result = score_record(parse_record(BASE, "game.toml"))
    assert [g.points for g in result.goals] == [(6, 6, 0), (3, 6, 0), (6, 0, 3), (6, 6, 0)]
    assert [(s.player.name, s.goals, s.advanced_life) for s in result.players] == [
        ("Ann", 21, 14),
        ("Ben", 18, 19),
        ("Cat", 3, 20),
    ]
    assert [s.total for s in result.players] == [79, 93, 73]
    assert (result.winners, result.tie_break) == (("Ben",), TieBreak.NONE)
    assert result.said() == "Winner: Ben with 93 points."


def _record(*players: tuple[str, int, int]) -> Record:
    """Players (name, nebulae points, energy cards) and no goals."""
    return Record(tuple(PlayerRecord(n, Points(nebulae=p), (), c) for n, p, c in players), ())


def test_a_tie_on_points_goes_to_the_most_energy_cards() -> None:
    result = score_record(_record(("Ann", 40, 3), ("Ben", 40, 5), ("Cat", 41, 0)))
    assert (result.winners, result.tie_break) == (("Cat",), TieBreak.NONE)
    result = score_record(_record(("Ann", 40, 3), ("Ben", 40, 5), ("Cat", 39, 9)))
    assert (result.winners, result.tie_break) == (("Ben",), TieBreak.ENERGY_CARDS)
    assert result.said() == (
        "Winner: Ben with 40 points, tied with Ann but with the most energy cards in hand (5)."
    )


def test_a_tie_on_points_and_cards_is_a_shared_victory() -> None:
    result = score_record(_record(("Ann", 40, 5), ("Ben", 40, 5), ("Cat", 40, 4)))
    assert (result.winners, result.tie_break) == (("Ann", "Ben"), TieBreak.SHARED)
    assert result.said() == (
        "Shared victory: Ann and Ben with 40 points and 5 energy cards in hand each."
    )


def test_goal_points_add_up_with_the_rest() -> None:
    ann = PlayerRecord("Ann", Points(3, 0, 0, 0), (8,), 0)
    ben = PlayerRecord("Ben", Points(0, 3, 6, 6), (4,), 0)
    goals = (GoalRecord(goal("proto-life"), (1, 2)), GoalRecord(goal("supernovae"), (3, 0)))
    result = score_record(Record((ann, ben), goals))
    assert [s.goals for s in result.players] == [3 + 6, 6]
    assert [s.total for s in result.players] == [3 + 9 + 8, 15 + 6 + 4]


def test_the_advanced_life_stack() -> None:
    stack = advanced_life()
    # 2 players: the first 4 drawn are group 1's, the rest group 2's
    assert stack_allows([8, 8, 8, 8], 2, stack)
    assert stack_allows([8, 7, 7, 6], 2, stack)
    assert not stack_allows([8, 8, 8, 8, 8], 2, stack)  # only four 8s
    assert not stack_allows([5], 2, stack)  # the first token drawn is group 1's
    assert stack_allows([5], 2, stack, held=5)  # … unless 5 are held in all
    assert stack_allows([8, 8, 7, 7, 7], 2, stack)  # the fifth 7 comes from group 2
    assert not stack_allows([7, 7, 7, 7, 7, 7], 2, stack)  # 3 + 2 sevens at most
    assert stack_allows([6, 6, 6, 6, 6, 6, 8, 8, 8], 2, stack)  # one 6 of group 1
    everything = [*stack.group1[: 2 * 4], *stack.group2]
    assert stack_allows(everything, 4, stack)
    assert not stack_allows([*everything, 4], 4, stack)
    assert not stack_allows(everything, 3, stack)  # 24 tokens, 22 in a 3-player game


def test_the_stack_problem_names_the_part_of_the_stack_that_runs_short() -> None:
    stack = advanced_life()
    # 2 players: the four 8s and a third 7 (the rest has two) need 5 of the top's 4 draws
    assert stack_problem([8, 8, 8, 8, 7, 7, 7], 7, 2, stack) == (
        "this 7 cannot be: with 2 players the first 4 advanced life tokens drawn (2 a player) "
        "come from the top of the stack (8 ×4, 7 ×3, 6 ×1), the others from the rest (7 ×2, "
        "6 ×5, 5 ×5, 4 ×4); so only 4 of the 7 held came from the top, and the values listed "
        "before this 7 already take all 4"
    )
    assert stack_problem([6, 6, 4], 5, 2, stack).endswith(
        "so only 1 of the 5 held came from the rest, and the values listed before this 4 "
        "already take it"
    )
    assert stack_problem([8, 8, 8, 8, 8], 9, 4, stack) == (
        "this 8 cannot be: the stack has 4 advanced life tokens worth 8, and this is the 5th held"
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([4, 5, 6, 7, 8]), min_size=1, max_size=14), st.integers(2, 4))
def test_the_first_value_the_stack_refuses_is_explained(values: list[int], players: int) -> None:
    stack = advanced_life()
    refused = [
        k
        for k in range(1, len(values) + 1)
        if not stack_allows(values[:k], players, stack, len(values))
    ]
    if refused:
        k = refused[0]
        said = stack_problem(values[:k], len(values), players, stack)
        assert said.startswith(f"this {values[k - 1]} cannot be: ") or "more than the" in said


def _group() -> click.Group:
    """The cosmos group as pnp holds it, with pnp's error handling."""

    @click.group(cls=PnpGroup)
    def pnp() -> None:
        pass

    pnp.add_command(cosmos)
    return pnp


def _run(*args: str) -> Result:
    return CliRunner().invoke(_group(), ["cosmos", "score", *args], catch_exceptions=False)


EXAMPLE_TABLE = """\
Crafting the Cosmos · 3 players · 4 goals scored

Universal goals, in the order scored
  1. Proto life     Ann 7 → 6 · Ben 7 → 6 · Cat 3 → 0
  2. Ψ nebulae      Ann 4 → 6 · Ben 2 → 3 · Cat 2 → 3
  3. Time crystals  Ann 2 → 3 · Ben 3 → 6 · Cat 0 → 0
  4. C stars        Ann 0 → 0 · Ben 0 → 0 · Cat 0 → 0

Ann
  Nebulae                    19
  Time chamber               19
  Energy card sets            6
  Power cards                 0
  Universal goals            15
  Advanced life 8 + 6 + 5    19
  Total                      78
  Energy cards in hand        4

Ben
  Nebulae                    16
  Time chamber               34
  Energy card sets            0
  Power cards                 6
  Universal goals            15
  Advanced life 7 + 7        14
  Total                      85
  Energy cards in hand        6

Cat
  Nebulae                    29
  Time chamber                9
  Energy card sets           12
  Power cards                 0
  Universal goals             3
  Advanced life 8 + 8 + 4    20
  Total                      73
  Energy cards in hand        2

Winner: Ben with 85 points.
"""


def test_the_example_prints_its_itemised_table() -> None:
    result = _run(str(EXAMPLE))
    assert result.exit_code == 0, result.output
    assert result.output == EXAMPLE_TABLE


def test_json_gives_each_goal_each_source_and_the_winners() -> None:
    result = _run(str(EXAMPLE), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["goals"][0] == {
        "id": "proto-life",
        "counts": {"Ann": 7, "Ben": 7, "Cat": 3},
        "points": {"Ann": 6, "Ben": 6, "Cat": 0},
    }
    assert data["players"][0] == {
        "name": "Ann",
        "total": 78,
        "points": {
            "nebulae": 19,
            "time-chamber": 19,
            "card-sets": 6,
            "power-cards": 0,
            "goals": 15,
            "advanced-life": 19,
        },
        "advanced_life": [8, 6, 5],
        "energy_cards": 4,
    }
    assert (data["winners"], data["tie_break"]) == (["Ben"], "none")


def test_problems_are_listed_with_exit_status_1(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(BASE.replace("time-chamber = 19", "time-chamber = 20"), encoding="utf-8")
    result = CliRunner().invoke(_group(), ["cosmos", "score", str(path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:21:41: time-chamber points add")


def test_a_missing_file_is_a_usage_error_and_a_folder_is_refused(tmp_path: Path) -> None:
    missing = _run(str(tmp_path / "nothing.toml"))
    assert missing.exit_code == 2
    assert "does not exist" in missing.output
    folder = _run(str(tmp_path))
    assert folder.exit_code == 1
    assert folder.output == f"{tmp_path}: is a folder, not a file\n"


def test_scoring_imports_no_drawing_code() -> None:
    code = f"""
import sys
import click
from pnp.cli import PnpGroup
from pnp.cli.cosmos import cosmos
@click.group(cls=PnpGroup)
def pnp():
    pass
pnp.add_command(cosmos)
try:
    pnp(["cosmos", "score", {str(EXAMPLE)!r}])
except SystemExit as exit:
    assert not exit.code, exit.code
print("HEAVY", [m for m in ("reportlab", "svgwrite", "shapely", "fontTools") if m in sys.modules])
print("DRAWING CODE", [m for m in sys.modules if m.startswith(("pnp.layouts", "pnp.render"))])
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert "Winner: Ben with 85 points." in result.stdout, result.stdout + result.stderr
    assert "HEAVY []" in result.stdout, result.stdout
    assert "DRAWING CODE []" in result.stdout, result.stdout


def test_the_goals_command_lists_the_ids_a_record_names() -> None:
    result = CliRunner().invoke(_group(), ["cosmos", "goals"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 + 16 + 1  # a heading, the goals, how a record names them
    assert lines[0] == "id                   card title: what each player counts"
    assert lines[1] == "stable-life          Stable life: Most stable life anywhere in your galaxy."
    listed = CliRunner().invoke(_group(), ["cosmos", "goals", "--json"]).output
    assert [g["id"] for g in json.loads(listed)] == [g.id for g in goals()]
