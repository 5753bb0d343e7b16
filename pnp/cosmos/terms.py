"""Each power card's cost and printed condition as plain numbers (``data/cosmos/
power.toml`` read through ``pnp.cosmos.content``): what the engine and the bots check
before a card is activated, many times a turn, without going through the model's enums
each time."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pnp.cosmos.model import Suit
from pnp.cosmos.state import TYPES, cards

ANY, MATCHING = -1, -2  # a cost's suit; 0–3 is that energy type
# The cards whose effect says when "you cannot use this effect" (``craft.cannot``).
CONDITIONS = frozenset(
    {
        "genetic-drift",
        "ionizing-radiation",
        "evolution",
        "speciation",
        "photosynthesis",
        "water-rich-comets",
    }
)


class Terms(NamedTuple):
    replaces_star: bool  # used instead of a discharge's star, not activated
    supernova: int  # slider resources paid
    graviton: int
    proto: int  # life paid from the galaxy
    stable: int
    cards: int  # energy cards paid …
    suit: int  # … of this suit: ANY, MATCHING or a type's index
    condition: str  # the card's id when it has a printed condition, else ""
    options: int  # the effect's alternatives


@cache
def terms() -> tuple[Terms, ...]:
    """By power card index."""
    out = []
    for card in cards():
        cost = card.cost
        if cost.suit is Suit.ANY:
            suit = ANY
        elif cost.suit is Suit.MATCHING:
            suit = MATCHING
        else:
            suit = next(t for t, kind in enumerate(TYPES) if kind.value == cost.suit.value)
        out.append(
            Terms(
                cost.discharge_star,
                cost.supernova,
                cost.graviton,
                cost.proto_life,
                cost.stable_life,
                cost.cards,
                suit,
                card.id if card.id in CONDITIONS else "",
                len(card.effect),
            )
        )
    return tuple(out)
