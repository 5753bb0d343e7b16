"""What the tests of Astra's constellation cards share: the deck, the card sizes, a
card's trim and its face as drawn, and whether one box lies inside another."""

from __future__ import annotations

from pnp.astra.abilities import ability
from pnp.astra.constellations import constellations
from pnp.astra.model import Constellation
from pnp.astra.text import Lang
from pnp.draw.shapes import Item
from pnp.layouts.astra.constellation_card import constellation_front
from pnp.paper.geometry import Box
from pnp.paper.sizes import CARD_SIZES, CardSize

SIZES = list(CARD_SIZES.values())
CARDS = constellations()


def trim(size: CardSize) -> Box:
    return Box(0.0, 0.0, size.width, size.height)


def front(card: Constellation, lang: Lang, size: CardSize, numbers: bool = True) -> list[Item]:
    face = constellation_front(card, lang, ability(card.ability).text(lang), numbers)
    return face(trim(size), 0.0)


def inside(inner: Box, outer: Box) -> bool:
    return outer.contains(inner, tolerance=1e-6)
