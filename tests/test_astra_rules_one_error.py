"""One mistake in an Astra end-of-game file is one problem (``pnp astra score``): what a
misspelt key, card or name makes unreadable is not refused a second time, while every
independent problem is still listed. (The log's side is in test_astra_log.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.astra.endgame import parse_endgame
from pnp.errors import SourceError

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "astra-endgame.toml"
BASE = EXAMPLE.read_text(encoding="utf-8")


def problems(old: str, new: str) -> list[str]:
    assert BASE.count(old) == 1, old
    with pytest.raises(SourceError) as caught:
        parse_endgame(BASE.replace(old, new), "end.toml")
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (  # a misspelt key is not also a missing one
            "wisdom = 2\n",
            "wisdm = 2\n",
            "end.toml:18:1: unknown key 'wisdm' in [[player]]; did you mean 'wisdom'? "
            "[astra.score.key]",
        ),
        (  # Dorothy is at her card limit (5): a card cut in two is not a sixth card
            '"Cancer:exhausted"',
            '"Cancer", "exhausted"',
            "end.toml:32:48: unknown constellation 'exhausted'",
        ),
        (  # nor is a card written twice
            '"Orion", "Pisces"',
            '"Orion", "Orion", "Pisces"',
            "end.toml:32:28: Orion is already among Dorothy's cards (line 32): a card is in "
            "one place [astra.score.card-once]",
        ),
        (  # a [[player]] table named wrong leaves a name without a table: one mistake
            'name = "Dorothy"',
            'name = "Dorthy"',
            "end.toml:25:8: 'Dorthy' is not in players; did you mean 'Dorothy'? "
            "[astra.score.players]",
        ),
        (  # a name misspelt in players: not again on the board, where it is right
            '"Matthew", "Dorothy"]',
            '"Mathew", "Dorothy"]',
            "end.toml:15:8: 'Matthew' is not in players; did you mean 'Mathew'? "
            "[astra.score.players]",
        ),
        (
            'name = "Dorothy"',
            'name = "Matthew"',
            "end.toml:25:8: two [[player]] tables are named 'Matthew' ('Dorothy' has none) "
            "[astra.score.players]",
        ),
    ],
)
def test_one_mistake_is_one_problem(old: str, new: str, expected: str) -> None:
    found = problems(old, new)
    assert len(found) == 1 and found[0].startswith(expected), found


def test_a_card_limit_broken_by_the_cards_named_is_still_said() -> None:
    # wisdom 2: a card limit of 4; Dorothy names 5 cards, and one entry is misspelt.
    text = BASE.replace("wisdom = 4", "wisdom = 2").replace('"Hydra"', '"Hydra", "Hydr"')
    with pytest.raises(SourceError) as caught:
        parse_endgame(text, "end.toml")
    found = [str(p) for p in caught.value.problems]
    assert len(found) == 2 and "unknown constellation 'Hydr'" in found[1]
    assert found[0].startswith("end.toml:32:18: Dorothy owns 5 cards, over the card limit of 4")
