"""``pnp astra score``: final scoring (the rulebook's examples), the end-of-game file and
every check on it at its line and column, the table and JSON, and fuzzing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.astra.constellations import constellation, constellations
from pnp.astra.endgame import RULES, parse_endgame
from pnp.astra.final import final_parts
from pnp.astra.journal import card_limit
from pnp.astra.model import Boon, BoonKind, Element
from pnp.astra.scoring_cards import scoring_card
from pnp.cli import PnpGroup
from pnp.cli.astra_play import score
from pnp.errors import SourceError
from pnp.score.astra import astra_json, format_astra, score_endgame
from pnp.toml_spans import Key, TomlSpans

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

# The spec's example, completed. Scored by hand (Final Scoring card rows are listed Fire,
# Earth, Air, Water; row points 0/2/6/11 for 1/2/3/4 marks, columns 3 or 6 for 3 or 4):
# Robin   31 + 8 + card limit 5 (5 Wisdom) + 7//3=2 + 2//2=1 + Taurus 2, Virgo 2 = 4
#         + air+fire with Earth, Fire, Earth: rows 2, 2, 0, 0, first column 3 = 7  → 58
# Matthew 27 + 6 + 4 (2 Wisdom) + 14//3=4 + 1//2=0 + Lyra 1, Aquila 1 = 2
#         + earth+water with Water, Air, Air: rows 0, 0, 2, 2, first column 3 = 7  → 50
# Dorothy 35 + 10 + 5 (4 Wisdom) + 3//3=1 + 4//2=2 + Orion 2, Pisces 2, Hydra 2 = 6
#         + fire+water with Fire, Water ×3, Air: rows 2, 0, 0, 11, column 3 = 16  → 75
BASE = """\
players = ["Robin", "Matthew", "Dorothy"]

[[player]]
name = "Robin"
fame = 31
pouch = 8
wisdom = 5
stardust = 7
telescopes = 1
final-scoring = "air+fire"
constellations = ["Taurus", "Leo:exhausted", "Virgo"]

[[player]]
name = "Matthew"
fame = 27
pouch = 6
wisdom = 2
stardust = 14
final-scoring = "earth+water"
constellations = ["Corbeau:exhausted", "Lyra", "Aquila"]

[[player]]
name = "Dorothy"
fame = 35
pouch = 10
wisdom = 4
stardust = 3
telescopes = 2
final-scoring = "fire+water"
constellations = ["Orion", "Pisces", "Cancer:exhausted", "Hydra", "Cygnus:exhausted"]

[board]
Cassiopeia = { Robin = 2, Matthew = 1 }
Draco = { Dorothy = 4 }
"""


def _cards(element: Element, n: int) -> list[str]:
    return [c.name for c in constellations() if c.element is element][:n]


def test_the_rulebook_final_scoring_example_scores_28() -> None:
    # Seed 000 "Example of scoring Elements": an Air+Fire card; 3 Air, 2 Earth, 3 Water.
    owned = [
        constellation(name)
        for element, n in ((Element.AIR, 3), (Element.EARTH, 2), (Element.WATER, 3))
        for name in _cards(element, n)
    ]
    parts = final_parts(0, 0, 0, 0, 0, (), owned, scoring_card("air+fire").pair)
    assert parts.card.rows == (0, 2, 11, 6)  # Fire, Earth, Air, Water
    assert parts.card.columns == (6, 3, 0, 0)
    assert parts.card.total == parts.total == 28


def test_final_parts_in_the_rulebook_order() -> None:
    taurus, leo = constellation("Taurus"), constellation("Leo")
    parts = final_parts(31, 8, 5, 8, 5, [taurus], [taurus, leo], scoring_card("fire+air").pair)
    assert (parts.play_fame, parts.pouch_size, parts.card_limit) == (31, 8, 5)
    assert (parts.stardust, parts.marked) == (2, 2)  # ⌊8/3⌋, ⌊5/2⌋
    assert parts.active_fame == taurus.fame == 2  # Leo is exhausted: its Fame is not scored
    assert parts.card.rows == (2, 0, 0, 0)  # but its Fire element is: 2 marks with Air+Fire's
    assert parts.card.columns == (3, 0, 0, 0)  # Fire, Earth (Taurus) and Air in column 1
    assert parts.total == 31 + 8 + 5 + 2 + 2 + 2 + 5
    with pytest.raises(ValueError, match="cannot be negative"):
        final_parts(0, 5, 2, -1, 0, (), (), scoring_card("air+fire").pair)


def test_the_spec_example_completed_is_scored_as_by_hand() -> None:
    for text in (BASE, (EXAMPLES / "astra-endgame.toml").read_text(encoding="utf-8")):
        result = score_endgame(parse_endgame(text, "game.toml"))
        totals = {s.player.name: s.total for s in result.players}
        assert totals == {"Robin": 58, "Matthew": 50, "Dorothy": 75}
        assert result.winners == ("Dorothy",)
        assert result.verdict == "Winner: Dorothy with 75"


def test_an_end_state_scores_through_final_parts() -> None:
    # The engine builds the same end state and scores it the same way.
    game = parse_endgame(BASE, "game.toml")
    robin = game.players[0]
    taurus, leo, virgo = (constellation(n) for n in ("Taurus", "Leo", "Virgo"))
    assert (robin.active, robin.owned) == ((taurus, virgo), (taurus, leo, virgo))
    pair = scoring_card("air+fire").pair
    assert game.marked("Robin") == 2
    assert game.final(robin) == final_parts(31, 8, 5, 7, 2, [taurus, virgo], robin.owned, pair)


def test_the_two_player_example_is_a_shared_victory() -> None:
    path = EXAMPLES / "astra-endgame-2p.toml"
    game = parse_endgame(path.read_text(encoding="utf-8"), str(path))
    assert [c.card.name for c in game.players[0].cards] == ["Taurus", "Ursa Major", "Pisces"]
    assert game.board[1].marks == (("Ben", 5), ("Dreamer", 3))  # the dreamer pen's
    result = score_endgame(game)
    assert [s.total for s in result.players] == [66, 66]
    full = path.read_text(encoding="utf-8").replace("Dreamer = 3", "Dreamer = 9")
    with pytest.raises(SourceError, match=r":30:1: every star of Draco is marked"):
        parse_endgame(full, str(path))
    assert result.verdict == "Shared victory: Ada and Ben with 66"


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


def _problems(text: str) -> list[str]:
    try:
        parse_endgame(text, "game.toml")
    except SourceError as exc:
        return [f"{p.line}:{p.col}: {p.message}" for p in exc.problems]
    return []


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


def _group() -> click.Group:
    """The command as the astra group will hold it, with pnp's error handling."""

    @click.group(cls=PnpGroup)
    def astra() -> None:
        pass

    astra.add_command(score)
    return astra


def _run(*args: str) -> Result:
    return CliRunner().invoke(_group(), ["score", *args], catch_exceptions=False)


def test_the_table_itemises_every_part() -> None:
    result = _run(str(EXAMPLES / "astra-endgame-2p.toml"))
    assert result.exit_code == 0, result.output
    assert result.output == (
        "Astra · 2 players · board: Lyra, Draco, Aries\n"
        "\n"
        "Ada\n"
        "  Fame from play                      40\n"
        "  Pouch size                           7\n"
        "  Card limit (Wisdom 3)                4\n"
        "  Stardust 5 ÷ 3                       1\n"
        "  Marked stars 4 ÷ 2                   2\n"
        "  Active cards: Taurus 2, Pisces 2     4\n"
        "  Final Scoring card earth+water       8\n"
        "    rows: fire 0, earth 6, air 0, water 2\n"
        "    columns: 0, 0, 0, 0\n"
        "  total                               66\n"
        "\n"
        "Ben\n"
        "  Fame from play                       29\n"
        "  Pouch size                            9\n"
        "  Card limit (Wisdom 6)                 6\n"
        "  Stardust 9 ÷ 3                        3\n"
        "  Marked stars 7 ÷ 2                    3\n"
        "  Active cards: Orion 2, Aquarius 2     4\n"
        "  Final Scoring card air+fire          12\n"
        "    rows: fire 6, earth 0, air 6, water 0\n"
        "    columns: 0, 0, 0, 0\n"
        "  total                                66\n"
        "\n"
        "Shared victory: Ada and Ben with 66\n"
    )


def test_json_gives_each_part_and_the_winners() -> None:
    result = _run("--json", str(EXAMPLES / "astra-endgame.toml"))
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert set(data) == {"players", "winners"}
    assert data["winners"] == ["Dorothy"]
    robin = data["players"][0]
    assert robin["name"] == "Robin" and robin["total"] == 58
    assert robin["parts"] == {
        "fame": 31,
        "pouch_size": 8,
        "card_limit": 5,
        "stardust": 2,
        "marked_stars": 1,
        "active_fame": 4,
        "final_scoring": 7,
    }
    assert robin["final_scoring"] == {
        "card": "air+fire",
        "rows": {"fire": 2, "earth": 2, "air": 0, "water": 0},
        "columns": [3, 0, 0, 0],
    }
    assert (robin["active"], robin["exhausted"]) == (["Taurus", "Virgo"], ["Leo"])
    for player in data["players"]:
        assert sum(player["parts"].values()) == player["total"]


def test_several_files_are_scored_in_turn() -> None:
    files = [str(EXAMPLES / "astra-endgame.toml"), str(EXAMPLES / "astra-endgame-2p.toml")]
    table = _run(*files)
    assert table.exit_code == 0
    verdicts = [v for v in table.output.splitlines() if v.startswith(("Winner", "Shared"))]
    assert verdicts == ["Winner: Dorothy with 75", "Shared victory: Ada and Ben with 66"]
    data = json.loads(_run("--json", *files).output)
    assert [game["winners"] for game in data] == [["Dorothy"], ["Ada", "Ben"]]


def test_problems_in_every_file_are_listed_with_exit_status_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE.replace("pouch = 8", "pouch = 13"), encoding="utf-8")
    worse = tmp_path / "worse.toml"
    worse.write_text(BASE.replace('"Virgo"]', '"Virgo", "Vega"]'), encoding="utf-8")
    result = _run(str(bad), str(EXAMPLES / "astra-endgame.toml"), str(worse))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{bad}:6:9: pouch is the Pouch size reached, 5 to 12, not 13 [astra.score.range]",
        f"{worse}:11:55: unknown constellation 'Vega'; "
        "`pnp astra constellations` lists them [astra.score.constellation]",
    ]


def test_a_missing_file_is_a_usage_error_and_a_folder_is_refused(tmp_path: Path) -> None:
    missing = _run(str(tmp_path / "nowhere.toml"))
    assert missing.exit_code == 2
    assert "does not exist" in missing.output
    folder = _run(str(tmp_path))
    assert folder.exit_code == 1
    assert folder.output == f"{tmp_path}: is a folder, not a file\n"


def test_scoring_imports_no_drawing_code(tmp_path: Path) -> None:
    code = f"""
import sys
from pnp.cli import cli
from pnp.cli.astra import astra
from pnp.cli.astra_play import score
astra.add_command(score)
try:
    cli(["astra", "score", {str(EXAMPLES / "astra-endgame.toml")!r}])
except SystemExit as exit:
    assert not exit.code, exit.code
print("HEAVY", [m for m in ("reportlab", "svgwrite", "shapely", "fontTools") if m in sys.modules])
print("DRAWING CODE", [m for m in sys.modules if m.startswith(("pnp.layouts", "pnp.render"))])
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert "Winner: Dorothy with 75" in result.stdout, result.stdout + result.stderr
    assert "HEAVY []" in result.stdout, result.stdout
    assert "DRAWING CODE []" in result.stdout, result.stdout


FUZZ = settings(
    max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")),
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=8)
_SCALARS = (
    st.integers(-(10**6), 10**6)
    | st.booleans()
    | _TEXT
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8,
)


class _Writer:
    """TOML text for a document, noting where it writes each key and value."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw
        self.text = ""
        self.keys: dict[Key, int] = {}
        self.values: dict[Key, int] = {}

    def key(self, path: Key) -> None:
        self.keys[path] = len(self.text)
        name = str(path[-1])
        bare = re.fullmatch(r"[A-Za-z0-9_-]+", name) and self.draw(st.booleans())
        self.text += name if bare else json.dumps(name, ensure_ascii=False)

    def value(self, path: Key, value: object) -> None:
        self.values[path] = len(self.text)
        space = self.draw(st.sampled_from(["", " ", "\n  ", "  # note\n"]))
        if isinstance(value, list):
            self.text += "["
            for i, item in enumerate(value):
                self.text += space
                self.value((*path, i), item)
                self.text += ","
            self.text += space + "]"
        elif isinstance(value, dict):
            self.text += "{"
            for i, (name, item) in enumerate(value.items()):
                self.text += ", " if i else " "
                self.pair((*path, name), item)
            self.text += " }"
        elif isinstance(value, str):
            literal = "'" not in value and self.draw(st.booleans())
            self.text += f"'{value}'" if literal else json.dumps(value, ensure_ascii=False)
        else:
            self.text += json.dumps(value)

    def pair(self, path: Key, value: object) -> None:
        self.key(path)
        self.text += self.draw(st.sampled_from(["=", " = ", "\t=  "]))
        self.value(path, value)


@st.composite
def _documents(draw: st.DrawFn) -> tuple[dict[str, Any], _Writer]:
    pairs = draw(st.dictionaries(_TEXT, _VALUES, max_size=3))
    tables = draw(st.dictionaries(_TEXT, st.dictionaries(_TEXT, _VALUES, max_size=3), max_size=2))
    entries = st.lists(st.dictionaries(_TEXT, _SCALARS, max_size=2), min_size=1, max_size=2)
    arrays = draw(st.dictionaries(_TEXT, entries, max_size=2))
    tables = {k: v for k, v in tables.items() if k not in pairs}
    arrays = {k: v for k, v in arrays.items() if k not in pairs and k not in tables}
    out = _Writer(draw)
    for name, value in pairs.items():
        out.pair((name,), value)
        out.text += "  # a comment\n"
    headed: list[tuple[Key, str, dict[str, Any]]] = [
        ((name,), "[{}]", table) for name, table in tables.items()
    ]
    headed += [((name, i), "[[{}]]", t) for name, ts in arrays.items() for i, t in enumerate(ts)]
    for path, header, table in headed:
        out.text += "\n"
        out.keys[path] = len(out.text)
        out.text += header.format(json.dumps(path[0], ensure_ascii=False)) + " # header\n"
        for key, value in table.items():
            out.pair((*path, key), value)
            out.text += "\n"
    return {**pairs, **tables, **arrays}, out


@FUZZ
@given(_documents())
def test_toml_spans_find_every_key_and_value_where_it_was_written(
    document: tuple[dict[str, Any], _Writer],
) -> None:
    data, written = document
    assert tomllib.loads(written.text) == data
    spans = TomlSpans(written.text)
    assert spans.keys == written.keys
    assert spans.values == written.values


_HOSTILE = [
    '"',
    "'",
    "'''",
    '"""',
    "\\",
    "[",
    "]]",
    "{",
    "}",
    "=",
    ",",
    "#",
    "\n[[player]]\n",
    "\n[board]\n",
    "\n[player]\n",
    ":exhausted",
    ":",
    "+",
    "Taureau",
    "grande ourse",
    "-1",
    "1e9",
    "9" * 5000,
    "\x00",
    "\ufeff",
    "\r\n",
    "x = 1\n",
    "players = []\n",
    "telescopes = 3\n",
]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    seeds = [BASE, *(p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("astra-*.toml")))]
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "hostile", "repeat"]))
        if kind == "insert":
            text = text[:at] + draw(st.text(max_size=8)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[draw(st.integers(at, min(len(text), at + 40))) :]
        elif kind == "hostile":
            text = text[:at] + draw(st.sampled_from(_HOSTILE)) + text[at:]
        else:  # a line repeated: players, cards, board cards
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at) + 1 or len(text)
            text = text[:start] + text[start:end] * draw(st.integers(2, 300)) + text[end:]
    return text


@FUZZ
@given(_mutated())
def test_any_end_of_game_file_is_scored_or_refused(text: str) -> None:
    try:
        game = parse_endgame(text, "fuzz.toml")
    except SourceError as exc:
        assert all(p.line >= 1 and p.col >= 1 for p in exc.problems)
        return
    result = score_endgame(game)
    assert format_astra(result)
    assert astra_json(result)["winners"]
