"""Reading Astra's end-of-game file (``pnp.astra.endgame``): the rulebook's Taurus
discovery and card limit, legal variations read, each check reported at its line and
column with its rule, every rule tested, all problems at once in line order."""

from __future__ import annotations

import pytest

from pnp.astra.constellations import constellation
from pnp.astra.endgame import RULES, parse_endgame
from pnp.astra.journal import card_limit
from pnp.astra.model import Boon, BoonKind
from pnp.errors import SourceError
from tests.test_astra_score import BASE


def _problems(text: str) -> list[str]:
    try:
        parse_endgame(text, "game.toml")
    except SourceError as exc:
        return [f"{p.line}:{p.col}: {p.message}" for p in exc.problems]
    return []


def test_the_rulebook_taurus_discovery() -> None:
    # Seed 000: Robin 3 stars, Matthew 2, Dorothy 3 on Taurus; then Robin marks the
    # last 2 and discovers it: Dorothy (3 marks) picks Fame 4 first, Matthew Stardust 6.
    taurus = constellation("Taurus")
    assert taurus.size == 10
    assert taurus.boons[:2] == (Boon(BoonKind.FAME, 4), Boon(BoonKind.STARDUST, 6))
    before = BASE.replace(
        "Draco = {", "Taurus = { Robin = 3, Matthew = 2, Dorothy = 3 }\nLepus = {"
    )
    before = before.replace('"Taurus", ', "")
    game = parse_endgame(before, "game.toml")
    assert [game.marked(p.name) for p in game.players] == [3 + 2, 2 + 1, 3 + 4]
    # Robin's fifth and last mark would leave Taurus with no unmarked star.
    full = before.replace("Robin = 3, Matthew = 2", "Robin = 5, Matthew = 2")
    assert _problems(full) == [
        "34:1: every star of Taurus is marked: it is discovered, not left on the board "
        "[astra.score.board-unmarked]"
    ]


def test_the_rulebook_card_limit_of_3_takes_taurus_as_the_third_card() -> None:
    # Seed 000: "The highest number with a marking below it is 3 … he can still take
    # Taurus as his third card." 1 Wisdom spot gives the card limit 3.
    assert card_limit(0) == 2 and card_limit(1) == 3
    three = BASE.replace("wisdom = 5", "wisdom = 1")
    assert len(parse_endgame(three, "game.toml").players[0].owned) == 3
    four = three.replace('"Virgo"]', '"Virgo", "Aries"]')
    assert _problems(four) == [
        "11:18: Robin owns 4 cards, over the card limit of 3 that 1 Wisdom gives "
        "(discard down to it after each Discovery) [astra.score.card-limit]"
    ]


LEGAL = [
    ("telescopes = 1\n", ""),  # optional: it scores nothing
    ('"air+fire"', "'Fire + AIR'"),
    ('"Taurus"', '"TAUREAU"'),
    ('"Leo:exhausted"', '"lion : Exhausted"'),
    ("Draco = {", "Dragon = {"),
    ("Draco = { Dorothy = 4 }", "Draco = { Dorothy = 4 }\nLepus = {}"),  # 4 slots
    ("pouch = 8", "pouch = 12"),
    ("pouch = 6", "pouch = 5"),
    ("wisdom = 5", "wisdom = 12"),
    ("fame = 31", "fame = 0"),
    ("fame = 31", "fame = 9999"),
    ("Robin = 2, Matthew = 1", "Robin = 3, Matthew = 1"),  # 4 of 5 stars
    ("Robin = 2, Matthew = 1", "Robin = 0"),
    ('players = ["Robin", "Matthew", "Dorothy"]', 'players = ["Dorothy", "Robin", "Matthew"]'),
    (
        "[board]\nCassiopeia = { Robin = 2, Matthew = 1 }",
        "[board.Cassiopeia]\nRobin = 2\nMatthew = 1\n[board]",
    ),
]


@pytest.mark.parametrize(("old", "new"), LEGAL)
def test_legal_variations_are_read(old: str, new: str) -> None:
    assert old in BASE
    assert _problems(BASE.replace(old, new, 1)) == []


def test_players_come_in_seating_order() -> None:
    text = BASE.replace('["Robin", "Matthew", "Dorothy"]', '["Dorothy", "Robin", "Matthew"]')
    game = parse_endgame(text, "game.toml")
    assert [p.name for p in game.players] == ["Dorothy", "Robin", "Matthew"]


ILLEGAL = [
    (
        "stardust = 7\n",
        "",
        "3:1: this [[player]] has no stardust (the Stardust left in the Pouch) [astra.score.key]",
    ),
    (  # one mistake, one problem: the misspelt key is not also a missing one
        "stardust = 7\n",
        "stardst = 7\n",
        "8:1: unknown key 'stardst' in [[player]]; did you mean 'stardust'? [astra.score.key]",
    ),
    (
        "players = [",
        "round = 3\nplayers = [",
        "1:1: unknown key 'round' in the file; expected players, player, board [astra.score.key]",
    ),
    (
        'players = ["Robin", "Matthew", "Dorothy"]\n',
        "",
        '1:1: no players = ["…", …]: the names in seating order, first player first '
        "[astra.score.key]",
    ),
    (
        "fame = 31",
        'fame = "31"',
        "5:8: fame is a whole number (the Fame marked during play), not text [astra.score.type]",
    ),
    (
        "fame = 31",
        "fame = true",
        "5:8: fame is a whole number (the Fame marked during play), not true or false "
        "[astra.score.type]",
    ),
    (
        '"Leo:exhausted", "Virgo"]',
        '7, "Virgo"]',
        '11:29: constellations lists cards, "Name" or "Name:exhausted", not a whole number '
        "[astra.score.type]",
    ),
    (
        "Draco = { Dorothy = 4 }",
        "Draco = 4",
        "34:9: 'Draco' is a table of marks, { Robin = 2 }, not a whole number [astra.score.type]",
    ),
    (
        "fame = 31",
        "fame = 1" + "0" * 4400,
        "5:8: a number over 4,300 digits long [astra.score.type]",
    ),
    ("fame = 31", "fame = = 31", "5:8: '=' is not a value (expected a whole number)"),
    ("stardust = 7", "stardust = seven", "8:12: 'seven' is not a value (expected a whole number)"),
    (
        '"Matthew", "Dorothy"]',
        '"Matthew", "Robin", "Dorothy"]',
        "1:32: 'Robin' is listed twice [astra.score.players]",
    ),
    (
        '"Dorothy"]',
        '"Dorothy", "Ada"]',
        "1:43: 'Ada' has no [[player]] table [astra.score.players]",
    ),
    (
        '"Robin", "Matthew", "Dorothy"]',
        '"Robin"]',
        "1:11: Astra is for 2 to 5 players, not 1 [astra.score.players]",
        "14:8: 'Matthew' is not in players [astra.score.players]",
        "23:8: 'Dorothy' is not in players [astra.score.players]",
    ),
    (
        'name = "Dorothy"',
        'name = "Dorthy"',
        "23:8: 'Dorthy' is not in players; did you mean 'Dorothy'? [astra.score.players]",
    ),
    (
        'name = "Dorothy"',
        'name = "Matthew"',
        "23:8: two [[player]] tables are named 'Matthew' ('Dorothy' has none) "
        "[astra.score.players]",
    ),
    (
        '"Dorothy"]',
        '"Dorothy\\u0007"]',
        "1:32: a name is 1 to 40 printable characters, not 'Dorothy\\x07' [astra.score.players]",
    ),
    (
        "pouch = 8",
        "pouch = 4",
        "6:9: pouch is the Pouch size reached, 5 to 12, not 4 [astra.score.range]",
    ),
    (
        "pouch = 8",
        "pouch = 13",
        "6:9: pouch is the Pouch size reached, 5 to 12, not 13 [astra.score.range]",
    ),
    (
        "wisdom = 5",
        "wisdom = 13",
        "7:10: wisdom is the Wisdom spots marked, 0 to 12, not 13 [astra.score.range]",
    ),
    (
        "fame = 31",
        "fame = -1",
        "5:8: fame is the Fame marked during play, 0 to 9,999, not -1 [astra.score.range]",
    ),
    (
        "fame = 31",
        "fame = 10000",
        "5:8: fame is the Fame marked during play, 0 to 9,999, not 10000 [astra.score.range]",
    ),
    (
        "stardust = 7",
        "stardust = -2",
        "8:12: stardust is the Stardust left in the Pouch, 0 to 9,999, not -2 [astra.score.range]",
    ),
    (
        "telescopes = 1",
        "telescopes = -1",
        "9:14: telescopes is the Telescopes left, 0 to 9,999, not -1 [astra.score.range]",
    ),
    ("Dorothy = 4", "Dorothy = -4", "34:21: marks are 0 or more, not -4 [astra.score.range]"),
    (
        '"Taurus", "Leo',
        '"Taurs", "Leo',
        "11:19: unknown constellation 'Taurs'; did you mean Taurus? `pnp astra constellations` "
        "lists them [astra.score.constellation]",
    ),
    (
        "Draco = {",
        "Dracoo = {",
        "34:1: unknown constellation 'Dracoo'; did you mean Draco? `pnp astra constellations` "
        "lists them [astra.score.constellation]",
    ),
    (
        '"Leo:exhausted"',
        '"Leo:tired"',
        "11:34: only 'exhausted' may follow the colon, not 'tired' (an Active card is its name "
        "alone) [astra.score.exhausted]",
    ),
    (
        '"Leo:exhausted"',
        '"Leo:active"',
        "11:34: only 'exhausted' may follow the colon, not 'active' (an Active card is its name "
        "alone) [astra.score.exhausted]",
    ),
    (
        '"Lyra", "Aquila"]',
        '"Lyra", "Leo"]',
        "20:48: Leo is already among Robin's cards (line 11): a card is in one place "
        "[astra.score.card-once]",
    ),
    (
        "Draco = {",
        "Virgo = {",
        "34:1: Virgo is already among Robin's cards (line 11): a card is in one place "
        "[astra.score.card-once]",
    ),
    (
        '"Virgo"]',
        '"Virgo", "vierge"]',
        "11:55: Virgo is already among Robin's cards (line 11): a card is in one place "
        "[astra.score.card-once]",
    ),
    (
        "Draco = { Dorothy = 4 }",
        "Draco = { Dorothy = 4 }\nDragon = {}",
        "35:1: Draco is already on the board (line 34): a card is in one place "
        "[astra.score.card-once]",
    ),
    (
        "wisdom = 2\n",
        "wisdom = 0\n",
        "20:18: Matthew owns 3 cards, over the card limit of 2 that 0 Wisdom gives (discard down "
        "to it after each Discovery) [astra.score.card-limit]",
    ),
    (
        '"air+fire"',
        '"air+air"',
        "10:17: no Final Scoring card 'air+air': two different elements, as \"air+fire\" "
        "[astra.score.final-card]",
    ),
    (
        '"earth+water"',
        '"fire+water"',
        "29:17: Matthew has this Final Scoring card too: each player has their own "
        "[astra.score.final-card]",
    ),
    (
        "Draco = { Dorothy = 4 }",
        "Draco = { Dorothy = 4 }\nAries = {}\nLepus = {}\nOrion = {}",
        "37:1: 5 constellations around the board, with 4 slots [astra.score.board-size]",
    ),
    (
        "Robin = 2, Matthew = 1",
        "Robin = 2, Mathew = 1",
        "33:27: 'Mathew' is not a player of this game; did you mean 'Matthew'? "
        "[astra.score.board-player]",
    ),
    (
        "Robin = 2, Matthew = 1",
        "Robin = 2, Dreamer = 1",
        "33:27: only a 2-player game has a Dreamer [astra.score.board-player]",
    ),
    (
        "Robin = 2, Matthew = 1",
        "Robin = 4, Matthew = 2",
        "33:1: Cassiopeia has 5 stars, fewer than the marks on it (6) [astra.score.board-marks]",
    ),
    (
        "Robin = 2, Matthew = 1",
        "Robin = 4, Matthew = 1",
        "33:1: every star of Cassiopeia is marked: it is discovered, not left on the board "
        "[astra.score.board-unmarked]",
    ),
]


@pytest.mark.parametrize("case", ILLEGAL, ids=lambda case: case[-1].rsplit("[", 1)[-1][:-1])
def test_each_check_reports_its_line_column_and_rule(case: tuple[str, ...]) -> None:
    old, new, *expected = case
    assert old in BASE
    assert _problems(BASE.replace(old, new, 1)) == expected


def test_every_rule_is_checked_by_a_test() -> None:
    tested = {line.rsplit("[", 1)[-1].rstrip("]") for case in ILLEGAL for line in case[2:]}
    assert set(RULES) <= tested


def test_all_problems_at_once_in_line_order() -> None:
    text = BASE.replace("pouch = 10", "pouch = 99").replace('"Taurus"', '"Taurs"')
    text = text.replace("Matthew = 1 }", "Matthew = 1, Mathew = 1 }")
    assert [p.split(":")[0] for p in _problems(text)] == ["11", "25", "33"]
