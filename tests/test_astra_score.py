"""``pnp astra score``: final scoring (the rulebook's examples), the table and JSON, and
lazy imports. Reading the end-of-game file is tested in test_astra_endgame.py, hostile
files in test_astra_endgame_fuzz.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from pnp.astra.constellations import constellation, constellations
from pnp.astra.endgame import parse_endgame
from pnp.astra.final import final_parts
from pnp.astra.model import Element
from pnp.astra.scoring_cards import scoring_card
from pnp.cli import PnpGroup
from pnp.cli.astra_play import score
from pnp.errors import SourceError
from pnp.score.astra import score_endgame

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
