"""A mistyped name in a Crafting the Cosmos game log gets "did you mean": every name a
decision takes (the decision's word, energy types, power cards, nebula tiles, spaces, a
star's type) is checked as the log is read, before the replay, at the word's column."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.cosmos.log import parse_log
from pnp.cosmos.names import known
from pnp.cosmos.notation import NotationError, parse_action
from pnp.errors import SourceError

ROOT = Path(__file__).resolve().parent.parent
HEADER = "players: Ann, Ben\nseed: 1\n"


def _said(turn: str) -> str:
    """The one problem of a log whose single turn line is ``Ann: {turn}``."""
    with pytest.raises(SourceError) as err:
        parse_log(f"{HEADER}Ann: {turn}\n", "game.txt")
    (problem,) = err.value.problems
    return f"{problem.col}: {problem.message}"


SPACES = "stars S1–S73, life L1–L99, nebulae N1–N27"


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("keep abiogenesis quazar", "23: no power card 'quazar'; did you mean quasar?"),
        ("use star-stuf/2 time", "10: no power card 'star-stuf'; did you mean star-stuff?"),
        ("discharge blackhole", "16: no power card 'blackhole'; did you mean black-hole?"),
        # spelled as printed on the card: "Relativity Φ", "4th Dimension"
        ("keep relativity-Φ", "11: no power card 'relativity-Φ'; did you mean relativity-phi?"),
        ("keep relativity-δ", "11: no power card 'relativity-δ'; did you mean relativity-delta?"),
        ("use 4th-dimension", "10: no power card '4th-dimension'; did you mean fourth-dimension?"),
        (
            "place Hx S53",
            "12: expected a star (H, He, O, C), proto or a nebula tile (1A … 3T) to place, "
            "got 'Hx'; did you mean H?",
        ),
        ("supernova s37", f"16: no space 's37' on the galaxy ({SPACES}); did you mean S37?"),
        ("place He S99", f"15: no space 'S99' on the galaxy ({SPACES})"),
        ("move L1 l9", f"14: no space 'l9' on the galaxy ({SPACES}); did you mean L9?"),
        (
            "choose S67 Cx",
            "17: expected a star's type (H, He, O, C) or a space after S67, got 'Cx'; "
            "did you mean C?",
        ),
        (
            "gain 1 chemestry",
            "13: expected light, time, gravity or chemistry, got 'chemestry'; "
            "did you mean chemistry?",
        ),
        ("card dek", "11: expected a number 1–4 or deck, got 'dek'; did you mean deck?"),
        (
            "omega stabilise",
            "12: expected a number 1–3 or stabilize, got 'stabilise'; did you mean stabilize?",
        ),
    ],
)
def test_a_mistyped_name_says_what_was_meant(turn: str, expected: str) -> None:
    assert _said(turn) == expected + " [cosmos.log.notation]"


def test_a_mistyped_decision_word_says_what_was_meant() -> None:
    said = _said("shfit")
    assert said.startswith("6: expected shift, collect, card,")
    assert said.endswith("got 'shfit'; did you mean shift? [cosmos.log.notation]")


def test_names_of_the_edition_pass() -> None:
    for text in (
        "keep relativity-delta amino-acids molecular-cloud",
        "use star-stuff/2 gravity",
        "discharge black-hole",
        "place 2C N5",
        "place He S12",
        "place proto L40",
        "complete N5 S12",
        "move S1 S9",
        "choose S12 He",
        "choose S1 S9",
        "advance N5",
        "discharge",
    ):
        action = parse_action(text)
        assert known(action) == action
    with pytest.raises(NotationError, match="no space 'N28'"):
        known(parse_action("advance N28"))


def test_every_name_in_the_example_game_is_known() -> None:
    log = parse_log((ROOT / "docs" / "examples" / "cosmos-game.txt").read_text("utf-8"), "g")
    assert sum(len(t.steps) for t in log.turns) > 200
