"""Astra's 18 abilities (data/astra/abilities.toml): the spec's effects with their
timing and their texts in both languages, and a broken file's problems reported at
their line."""

from __future__ import annotations

import pytest

from pnp.astra.abilities import MAX_TEXT, Timing, abilities, ability, parse_abilities
from pnp.astra.text import Lang
from pnp.errors import SourceError
from tests.astra_data_helpers import ABILITIES

THIS_TURN = {
    "common-start",
    "fame-per-grand",
    "rest-gain-pouch",
    "refund-common",
    "refund-before-grand",
}


def test_eighteen_abilities_with_their_timing() -> None:
    found = abilities()
    assert {a.id for a in found} == set(ABILITIES)
    for a in found:
        assert a.timing is (Timing.THIS_TURN if a.id in THIS_TURN else Timing.INSTANT)
        assert 0 < len(a.text_en) <= MAX_TEXT and 0 < len(a.text_fr) <= MAX_TEXT
        assert a.text(Lang.FR) == a.text_fr and a.text(Lang.EN) == a.text_en
    assert [(a.effect, a.amount) for a in found if a.effect == "stardust"] == [
        ("stardust", 4),
        ("stardust", 3),
        ("stardust", 2),
    ]
    assert ability("wisdom").text(Lang.FR) == "Gagnez 1 point de sagesse."


def test_ability_problems_are_reported_at_their_line() -> None:
    text = (
        "[[ability]]\n"
        'id = "wisdom"\n'
        'effect = "wisdom"\n'
        'timing = "later"\n'
        'en = "Gain 1 Wisdom."\n'
        'fr = "Gagnez 1 point de sagesse."\n'
        "colour = 1\n"
    )
    with pytest.raises(SourceError) as caught:
        parse_abilities(text, "a.toml")
    assert str(caught.value).splitlines() == [
        "a.toml:7:1: unknown key 'colour' (expected amount, effect, en, fr, id, timing)",
        "a.toml:4:1: timing must be instant or this-turn, not 'later'",
    ]
    with pytest.raises(SourceError, match=r"^a\.toml:1:6: "):
        parse_abilities("id = \n", "a.toml")
