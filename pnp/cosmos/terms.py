"""Each power card's cost and printed condition as plain numbers (``data/cosmos/
power.toml`` read through ``pnp.cosmos.content``): what the engine and the bots check
before a card is activated, many times a turn, without going through the model's enums
each time; and the ways a hand pays a card's cost (``payments``, ``can_pay``)."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from typing import NamedTuple

from pnp.cosmos.model import EnergyType, Suit
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


def payments(hand: tuple[int, ...], c: int) -> list[tuple[EnergyType, ...]]:
    """The ways to pay power card ``c``'s cost from ``hand``."""
    t = terms()[c]
    n = t.cards
    if t.suit == MATCHING:
        return [(kind,) * n for k, kind in enumerate(TYPES) if hand[k] >= n]
    if t.suit != ANY:
        return [(TYPES[t.suit],) * n] if hand[t.suit] >= n else []
    return [
        pay
        for pay, (a, b, c, d) in _combos(n)
        if a <= hand[0] and b <= hand[1] and c <= hand[2] and d <= hand[3]
    ]


@cache
def _combos(n: int) -> tuple[tuple[tuple[EnergyType, ...], tuple[int, int, int, int]], ...]:
    """Every way to pay ``n`` cards of any types (sorted, in the order of
    ``combinations_with_replacement``), with how many of each type it takes."""
    return tuple(
        (
            tuple(TYPES[k] for k in combo),
            (combo.count(0), combo.count(1), combo.count(2), combo.count(3)),
        )
        for combo in combinations_with_replacement(range(4), n)
    )


def can_pay(hand: tuple[int, ...], t: Terms) -> bool:
    """Whether ``payments(hand, c)`` lists any for the card ``c`` of terms ``t``,
    without listing them."""
    if t.suit == MATCHING:
        return max(hand) >= t.cards
    if t.suit != ANY:
        return hand[t.suit] >= t.cards
    return hand[0] + hand[1] + hand[2] + hand[3] >= t.cards
