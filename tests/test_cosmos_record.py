"""Reading a Crafting the Cosmos game record (``pnp.cosmos.record_file``): legal
variations are read, and each check reports its line, column and rule, every rule is
tested and listed in RULES.md with its source, all problems at once in line order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.cosmos.record_file import RULES, parse_record
from pnp.errors import SourceError
from pnp.score.cosmos import score_record
from tests.test_cosmos_score import BASE

ROOT = Path(__file__).resolve().parent.parent


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
