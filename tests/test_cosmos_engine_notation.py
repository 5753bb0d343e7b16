"""The text form of Cosmos decisions (pnp.cosmos.notation): every legal action of random
games reads back as itself, and bad text is refused with what was expected."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.cosmos.actions import DECK, Choose, Discard, Omega, PlaceLife, Shift, TakeCard, Use
from pnp.cosmos.game import Game
from pnp.cosmos.model import EnergyType, Star
from pnp.cosmos.notation import NotationError, format_action, parse_action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_reads_back(players: int) -> None:
    g = Game.start(("A", "B", "C", "D")[:players], players)
    r = random.Random(players)
    seen = set()
    while not g.over:
        legal = g.legal()
        for action in legal:
            text = format_action(action)
            assert parse_action(text) == action, text
            seen.add(text.split()[0])
        g = g.apply(r.choice(legal))
    assert {"shift", "collect", "card", "place", "omega", "choose"} <= seen


def test_forms() -> None:
    assert parse_action("shift time") == Shift(1)
    assert parse_action("card deck") == TakeCard(DECK) and parse_action("card 1") == TakeCard(0)
    assert parse_action("place proto L40") == PlaceLife("L40")
    assert parse_action("choose S12 He") == Choose("S12", Star.HE)
    assert parse_action("choose S1 S9") == Choose("S1", to="S9")
    assert parse_action("use star-stuff/2 gravity") == Use("star-stuff", (EnergyType.GRAVITY,), 1)
    assert parse_action("omega stabilize") == Omega(0)
    assert parse_action("discard 2 light time") == Discard(1, (EnergyType.LIGHT, EnergyType.TIME))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "expected a decision"),
        ("fly S1", "expected shift"),
        ("card 5", "a number 1–4"),
        ("shift dark", "light, time, gravity or chemistry"),
        ("collect now", "nothing more"),
        ("place S1", "2 word"),
        ("omega 4", "a number 1–3"),
    ],
)
def test_bad_text_is_refused(text: str, expected: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_action(text)
    assert expected in str(err.value)


@given(st.text(max_size=60))
def test_any_text_is_read_or_refused(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(format_action(action)) == action
