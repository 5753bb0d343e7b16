"""``pnp cosmos score`` (the spec's ``counts`` mode): goal placements (seed 001's
proto-life example), the totals and the tie-break, every check of the game record at
its line and column, the table and JSON, lazy imports, and fuzzing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import PnpGroup
from pnp.cli.cosmos import cosmos
from pnp.cosmos.content import advanced_life, goal, goals
from pnp.cosmos.record import (
    GoalRecord,
    PlayerRecord,
    Points,
    Record,
    stack_allows,
    stack_problem,
)
from pnp.cosmos.record_file import RULES, format_record, parse_record
from pnp.cosmos.scoring import TieBreak, placements
from pnp.errors import SourceError
from pnp.score.cosmos import cosmos_json, format_cosmos, score_record

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


def _problems(text: str) -> list[str]:
    try:
        parse_record(text, "game.toml")
    except SourceError as exc:
        return [f"{p.line}:{p.col}: {p.message}" for p in exc.problems]
    return []


LEGAL = [
    ("[8, 6]", "[6, 8]"),
    (", power-cards = 0 }", " }"),  # a source left out scores 0
    ("time-chamber = 34", "time-chamber = 55"),
    ("time-chamber = 9", "time-chamber = 0"),
    ("energy-cards = 2", "energy-cards = 60"),  # no hand limit after the last end phase
    ("energy-cards = 2", "energy-cards = 0"),
    ("Ann = 2, Ben = 3", "Ann = 3, Ben = 4"),  # as many crystals as discharges
    ("Ben = 0, Cat = 2", "Ben = 1, Cat = 2"),
    ('["Ann", "Ben", "Cat"]', '["Cat", "Ann", "Ben"]'),
    ("[7, 7, 5]", "[7, 7, 7]"),  # two 7s of group 1 and one of group 2
]


@pytest.mark.parametrize(("old", "new"), LEGAL)
def test_legal_variations_are_read(old: str, new: str) -> None:
    assert old in BASE
    assert _problems(BASE.replace(old, new, 1)) == []


def test_no_goals_and_two_players_are_read() -> None:
    text = """players = ["A", "B"]
[[player]]
name = "A"
points = {}
energy-cards = 0
[[player]]
name = "B"
points = { nebulae = 3 }
energy-cards = 1
"""
    record = parse_record(text, "game.toml")
    assert record.goals == ()
    assert score_record(record).winners == ("B",)


def test_players_come_in_seating_order() -> None:
    text = BASE.replace('["Ann", "Ben", "Cat"]', '["Cat", "Ann", "Ben"]')
    record = parse_record(text, "game.toml")
    assert [p.name for p in record.players] == ["Cat", "Ann", "Ben"]
    assert record.goals[0].counts == (3, 7, 7)


SEVEN_GOALS = "".join(
    f'\n[[goal]]\nid = "{g}"\ncounts = {{ Ann = 0, Ben = 0, Cat = 0 }}\n'
    for g in ("stable-life", "supernovae", "star-group")
)

ILLEGAL = [
    (
        "energy-cards = 4\n",
        "",
        "19:1: this [[player]] has no energy-cards (the cards in hand at the end) "
        "[cosmos.score.key]",
    ),
    (  # one mistake, one problem: the misspelt key is not also a missing one
        "energy-cards = 4\n",
        "energy-crads = 4\n",
        "23:1: unknown key 'energy-crads' in [[player]]; did you mean 'energy-cards'? "
        "[cosmos.score.key]",
    ),
    (  # nor a source left at 0 (which would break the nebula goal's cross-check)
        "nebulae = 19,",
        "nebula = 19,",
        "21:12: unknown key 'nebula' in points; did you mean 'nebulae'? [cosmos.score.key]",
    ),
    (
        "players = [",
        "rounds = 8\nplayers = [",
        "1:1: unknown key 'rounds' in the file; expected players, goal, player [cosmos.score.key]",
    ),
    (
        'players = ["Ann", "Ben", "Cat"]\n',
        "",
        '1:1: no players = ["…", …]: the names in seating order, first player first '
        "[cosmos.score.key]",
    ),
    ('id = "proto-life"\n', "", "3:1: this [[goal]] has no id (the goal's id) [cosmos.score.key]"),
    (
        "counts = { Ann = 7, Ben = 7, Cat = 3 }\n",
        "",
        "3:1: this [[goal]] has no counts (each player's amount) [cosmos.score.key]",
    ),
    (
        "energy-cards = 4",
        'energy-cards = "4"',
        "23:16: energy-cards is a whole number, not text [cosmos.score.type]",
    ),
    (
        "nebulae = 19",
        "nebulae = 19.5",
        "21:22: nebulae is a whole number, not a decimal number [cosmos.score.type]",
    ),
    (
        "[8, 6]",
        "[8, true]",
        "22:21: advanced-life lists whole numbers, not true or false [cosmos.score.type]",
    ),
    (
        "[8, 6]",
        "8",
        "22:17: advanced-life is a list of the values revealed, not a whole number "
        "[cosmos.score.type]",
    ),
    (
        "Ann = 7,",
        'Ann = "7",',
        "5:18: Ann's amount is a whole number, not text [cosmos.score.type]",
    ),
    (
        'id = "proto-life"',
        "id = 3",
        "4:6: id is the goal's id in quotes, not a whole number [cosmos.score.type]",
    ),
    (
        "energy-cards = 4",
        "energy-cards = four",
        "23:16: 'four' is not a value (expected a whole number)",
    ),
    (
        "nebulae = 19",
        "nebulae = 1" + "0" * 4400,
        "21:22: a number over 4,300 digits long [cosmos.score.type]",
    ),
    ('"Cat"]', '"Cat", "Ann"]', "1:33: 'Ann' is listed twice [cosmos.score.players]"),
    (  # one problem: the listed name's missing counts are not said again
        '"Cat"]',
        '"Cat", "Dan"]',
        "1:33: 'Dan' has no [[player]] table [cosmos.score.players]",
    ),
    (
        '"Cat"]',
        '"Cat", "Dan", "Eve"]',
        "1:11: the game is for 2 to 4 players, not 5 [cosmos.score.players]",
    ),
    (
        '["Ann", "Ben", "Cat"]',
        '["Ann"]',
        "1:11: the game is for 2 to 4 players, not 1 [cosmos.score.players]",
    ),
    (
        'name = "Cat"',
        'name = "Kat"',
        "32:8: 'Kat' is not in players; did you mean 'Cat'? [cosmos.score.players]",
    ),
    (
        'name = "Cat"',
        'name = "Ben"',
        "32:8: two [[player]] tables are named 'Ben' ('Cat' has none) [cosmos.score.players]",
    ),
    (
        '"Cat"]',
        '"Cat\\u0007"]',
        "1:26: a name is 1 to 40 printable characters, not 'Cat\\x07' [cosmos.score.players]",
    ),
    ("nebulae = 19", "nebulae = -1", "21:22: nebulae is 0 to 9,999, not -1 [cosmos.score.range]"),
    (
        "nebulae = 19",
        "nebulae = 10000",
        "21:22: nebulae is 0 to 9,999, not 10000 [cosmos.score.range]",
    ),
    ("Cat = 3 }", "Cat = -3 }", "5:36: Cat's amount is 0 to 999, not -3 [cosmos.score.range]"),
    (
        "Cat = 3 }",
        "Cat = 1000 }",
        "5:36: Cat's amount is 0 to 999, not 1000 [cosmos.score.range]",
    ),
    (
        'id = "proto-life"',
        'id = "proto-lfe"',
        "4:6: unknown goal 'proto-lfe'; did you mean proto-life (Proto life)? [cosmos.score.goal]",
    ),
    (
        'id = "psi-nebulae"',
        'id = "proto-life"',
        "12:6: proto-life already scored (line 4): each goal scores once [cosmos.score.goal-once]",
    ),
    (
        '\n[[player]]\nname = "Ann"',
        SEVEN_GOALS + '\n[[player]]\nname = "Ann"',
        "27:1: 7 goals scored: 6 are drawn at set-up, so at most 6 score [cosmos.score.goals]",
    ),
    (
        "Ann = 7, Ben = 7, Cat = 3",
        "Ann = 7, Ben = 7",
        "5:10: 'Cat' has no count here (0 if none) [cosmos.score.counts]",
    ),
    (
        "Ann = 7, Ben = 7, Cat = 3",
        "Ann = 7, Ben = 7, Cat = 3, Dan = 1",
        "5:39: 'Dan' is not a player of this game [cosmos.score.counts]",
    ),
    (
        "Ann = 7, Ben = 7, Cat = 3",
        "Ann = 7, Ben = 7, Kat = 3",
        "5:10: 'Cat' has no count here (0 if none) [cosmos.score.counts]",
        "5:30: 'Kat' is not a player of this game; did you mean 'Cat'? [cosmos.score.counts]",
    ),
    (
        "time-chamber = 19",
        "time-chamber = 20",
        "21:41: time-chamber points add 3, 6, 10, 15, 21 from the first discharge: one of 0, "
        "3, 9, 19, 34, 55, not 20 [cosmos.score.time-chamber]",
    ),
    (
        "time-chamber = 34",
        "time-chamber = 56",
        "27:41: time-chamber points add 3, 6, 10, 15, 21 from the first discharge: one of 0, "
        "3, 9, 19, 34, 55, not 56 [cosmos.score.time-chamber]",
    ),
    (
        "card-sets = 12",
        "card-sets = 10",
        "33:56: card-sets points come 6 at a time (5 matching cards): 10 is no multiple of 6 "
        "[cosmos.score.card-sets]",
    ),
    (
        "power-cards = 6",
        "power-cards = 3",
        "27:74: power-cards points come 6 at a time (Speed of Light): 3 is no multiple of 6 "
        "[cosmos.score.power-cards]",
    ),
    (
        "[8, 6]",
        "[8, 9]",
        "22:21: no advanced life token is worth 9 (they are worth 4, 5, 6, 7, 8) "
        "[cosmos.score.advanced-life]",
    ),
    (  # one check over all players: Ann's two 6s leave group 1 short of a token
        "[8, 6]",
        "[6, 6]",
        # Ann's second 6 and Ben's 5 take the 2 tokens that came from below the top
        "34:24: this 4 cannot be: with 3 players the first 6 advanced life tokens drawn (2 a "
        "player) come from the top of the stack (8 ×4, 7 ×3, 6 ×1), the others from the rest "
        "(7 ×2, 6 ×5, 5 ×5, 4 ×4); so only 2 of the 8 held came from the rest, and the values "
        "listed before this 4 already take both [cosmos.score.advanced-life]",
    ),
    (
        "[8, 8, 4]",
        "[8, 8, 5, 5, 5, 5, 5, 5, 4]",
        "34:36: this 5 cannot be: the stack has 5 advanced life tokens worth 5, and this is "
        "the 6th held [cosmos.score.advanced-life]",
    ),
    (
        "[8, 8, 4]",
        "[" + ", ".join(["8"] * 2 + ["6"] * 5 + ["5"] * 5 + ["4"] * 4 + ["7"] * 2) + "]",
        "34:69: 23 advanced life tokens held in all, more than the 22 of a 3-player game "
        "[cosmos.score.advanced-life]",
    ),
    (
        "energy-cards = 2",
        "energy-cards = 61",
        "35:16: energy-cards is 0 to 60 (the whole deck), not 61 [cosmos.score.energy-cards]",
    ),
    (
        "energy-cards = 2",
        "energy-cards = -1",
        "35:16: energy-cards is 0 to 60 (the whole deck), not -1 [cosmos.score.energy-cards]",
    ),
    (
        "Ann = 2, Ben = 3",
        "Ann = 4, Ben = 3",
        "9:18: Ann has 4 time crystals along the top, but 19 time-chamber points mean 3 "
        "discharges [cosmos.score.time-crystals]",
    ),
    (
        "Ann = 2, Ben = 3",
        "Ann = 2, Ben = 5",
        "9:27: Ben has 5 time crystals along the top, but 34 time-chamber points mean 4 "
        "discharges [cosmos.score.time-crystals]",
    ),
    (
        "advanced-life = [8, 8, 4]",
        "advanced-life = []",
        "17:36: Cat has stars touching advanced life but no advanced-life values "
        "[cosmos.score.advanced-neighbours]",
        # and with 5 tokens held in all, all of them are group 1's: Ben's 5 is not
        "28:24: this 5 cannot be: with 3 players the first 6 advanced life tokens drawn (2 a "
        "player) come from the top of the stack (8 ×4, 7 ×3, 6 ×1), the others from the rest "
        "(7 ×2, 6 ×5, 5 ×5, 4 ×4); so all 5 held came from the top, which has no 5 "
        "[cosmos.score.advanced-life]",
    ),
    (
        "nebulae = 19",
        "nebulae = 0",
        "13:18: Ann counts completed nebulae for psi-nebulae but scored no nebulae points "
        "[cosmos.score.nebula-goal]",
    ),
    (  # what a score pad's reader was not sure of stops the scorer there
        "Ben = 7, Cat = 3",
        'Ben = "?", Cat = 3',
        "5:27: Ben's count was not read surely from the photo: look at the pad and write it "
        "[cosmos.score.unread]",
    ),
    (
        'id = "psi-nebulae"',
        'id = "?"',
        "12:6: which goal scored here was not read surely from the photo (its order box): "
        "look at the pad and write its id [cosmos.score.unread]",
    ),
]


@pytest.mark.parametrize("case", ILLEGAL, ids=lambda case: case[-1].rsplit("[", 1)[-1][:-1])
def test_each_check_reports_its_line_column_and_rule(case: tuple[str, ...]) -> None:
    old, new, *expected = case
    assert old in BASE
    assert _problems(BASE.replace(old, new, 1)) == expected


def test_every_rule_is_checked_by_a_test() -> None:
    tested = {
        m[1]
        for case in ILLEGAL
        for line in case[2:]
        if (m := re.search(r"\[([a-z0-9.-]+)\]$", line))
    }
    assert set(RULES) == tested


def test_every_rule_is_in_the_rules_doc_with_its_source() -> None:
    doc = (ROOT / "RULES.md").read_text(encoding="utf-8")
    rows = {m[1]: m[0] for m in re.finditer(r"^\| `(cosmos\.[a-z0-9.-]+)` \|.*$", doc, re.M)}
    for rule in [*RULES, "cosmos.data"]:
        assert rule in rows, rule
        source = rows[rule].rstrip(" |").rsplit("|", 1)[1]
        assert re.search(r"spec|seed|ours|issue|\*\*D\*\*", source), rule


def test_all_problems_at_once_in_line_order() -> None:
    text = BASE.replace("card-sets = 12", "card-sets = 7").replace('"psi-nebulae"', '"psi"')
    text = text.replace("Ann = 7, Ben = 7, Cat = 3", "Ann = 7, Ben = 7, Cat = -3")
    assert [p.split(":")[0] for p in _problems(text)] == ["5", "12", "33"]


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


FUZZ = settings(
    max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")),
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_HOSTILE = [
    '"',
    "'",
    "'''",
    "\\",
    "[",
    "]]",
    "{",
    "}",
    "=",
    ",",
    "#",
    "\n[[player]]\n",
    "\n[[goal]]\n",
    "\n[player]\n",
    "-1",
    "1e9",
    "9" * 5000,
    "\x00",
    "\ufeff",
    "\r\n",
    "x = 1\n",
    "players = []\n",
    'id = "supernovae"\n',
    "advanced-life = [8, 8, 8, 8, 8]\n",
    "Dan = 3, ",
]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from([BASE, EXAMPLE.read_text(encoding="utf-8")]))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "hostile", "repeat", "digit"]))
        if kind == "insert":
            text = text[:at] + draw(st.text(max_size=8)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[draw(st.integers(at, min(len(text), at + 40))) :]
        elif kind == "hostile":
            text = text[:at] + draw(st.sampled_from(_HOSTILE)) + text[at:]
        elif kind == "digit":  # another number where a number is
            digits = [m.start() for m in re.finditer(r"\d", text)]
            if digits:
                i = draw(st.sampled_from(digits))
                text = text[:i] + str(draw(st.integers(0, 99))) + text[i + 1 :]
        else:  # a line repeated: goals, players, values
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at) + 1 or len(text)
            text = text[:start] + text[start:end] * draw(st.integers(2, 50)) + text[end:]
    return text


@FUZZ
@given(_mutated())
def test_any_record_is_scored_or_refused(text: str) -> None:
    try:
        record = parse_record(text, "fuzz.toml")
    except SourceError as exc:
        assert exc.problems
        assert all(p.line >= 1 and p.col >= 1 for p in exc.problems)
        assert all(
            re.search(r"\[cosmos\.score\.[a-z0-9-]+\]$|expected", p.message) for p in exc.problems
        )
        return
    result = score_record(record)
    assert format_cosmos(result)
    assert cosmos_json(result)["winners"]
    assert parse_record(format_record(record), "again.toml") == record


@FUZZ
@given(
    st.lists(st.tuples(st.integers(0, 60), st.integers(0, 9_999)), min_size=2, max_size=4),
    st.lists(st.sampled_from(["proto-life", "supernovae", "star-group"]), unique=True),
    st.data(),
)
def test_records_written_back_read_the_same(
    players: list[tuple[int, int]], ids: list[str], data: st.DataObject
) -> None:
    names = [f"Player {i}" if i % 2 else f'P"{i}' for i in range(len(players))]
    record = Record(
        tuple(
            PlayerRecord(n, Points(nebulae=p), (), c)
            for n, (c, p) in zip(names, players, strict=True)
        ),
        tuple(
            GoalRecord(goal(g), tuple(data.draw(st.integers(0, 999)) for _ in names)) for g in ids
        ),
    )
    assert parse_record(format_record(record), "game.toml") == record


def test_the_goals_command_lists_the_ids_a_record_names() -> None:
    result = CliRunner().invoke(_group(), ["cosmos", "goals"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 + 16 + 1  # a heading, the goals, how a record names them
    assert lines[0] == "id                   card title: what each player counts"
    assert lines[1] == "stable-life          Stable life: Most stable life anywhere in your galaxy."
    listed = CliRunner().invoke(_group(), ["cosmos", "goals", "--json"]).output
    assert [g["id"] for g in json.loads(listed)] == [g.id for g in goals()]
