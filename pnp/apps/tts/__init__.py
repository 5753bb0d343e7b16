"""Tabletop Simulator decks: how many face sheets a deck needs and how its cards sit on
them, and the saved object (JSON) that loads the sheets as one deck (``objects``: every
kind of object; ``table``: a whole game's table). Knows no game.

The saved-object fields are those TTS writes when it saves a custom deck (an
``ObjectStates`` list holding a ``DeckCustom`` whose ``CustomDeck`` maps a deck number to
``FaceURL``, ``BackURL``, ``NumWidth``, ``NumHeight``, ``BackIsHidden``, ``UniqueBack``;
``DeckIDs`` and ``ContainedObjects`` of ``Card`` objects whose ``CardID`` is deck × 100
plus the card's slot on its sheet), as in the templates of ZONT3/tts-deck-generator
(tts_deckgen/save_data.py) and the saved decks of 1j01/systemocracy
(data/export/Systemocracy.json, made with 1j01/card-game-generator)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from pnp.apps.tts import objects
from pnp.apps.tts.objects import CARD_MM, Place, card, custom_deck, save

MAX_COLUMNS = 10
MAX_ROWS = 7
PER_SHEET = MAX_COLUMNS * MAX_ROWS  # with BackIsHidden, no slot is kept for a hidden face
MAX_SIDE = 4096  # pixels: the largest sheet TTS loads everywhere


class Sheet(NamedTuple):
    """One face sheet: deck number ``deck`` (1, 2, …) holds the deck's cards ``first`` to
    ``first + cards - 1`` on a ``columns`` × ``rows`` grid."""

    deck: int
    first: int
    cards: int
    columns: int
    rows: int

    def card_id(self, slot: int) -> int:
        return self.deck * 100 + slot


class SheetImages(NamedTuple):
    """Where a sheet's images are: its faces, and its back (one image, or a sheet of
    backs laid out as the faces are when ``unique_back``)."""

    face_url: str
    back_url: str
    unique_back: bool


def sheets(count: int) -> list[Sheet]:
    """The sheets for a deck of ``count`` cards: 70 to a sheet, the last one smaller,
    each as narrow as its cards allow."""
    if count < 1:
        raise ValueError("a deck has at least one card")
    found = []
    for deck, first in enumerate(range(0, count, PER_SHEET), 1):
        on_sheet = min(PER_SHEET, count - first)
        columns = min(MAX_COLUMNS, on_sheet)
        found.append(Sheet(deck, first, on_sheet, columns, math.ceil(on_sheet / columns)))
    return found


def saved_object(
    name: str,
    names: Sequence[str],
    layout: Sequence[Sheet],
    images: Sequence[SheetImages],
    size_mm: tuple[float, float] = CARD_MM,
) -> dict[str, Any]:
    """The saved object of one deck of ``size_mm`` cards, face down, named ``name``; its
    cards named ``names`` in deck order (the first on top)."""
    return save(name, [deck_object(name, names, layout, images, size_mm, Place(0.0, 0.0))])


def deck_object(
    name: str,
    names: Sequence[str],
    layout: Sequence[Sheet],
    images: Sequence[SheetImages],
    size_mm: tuple[float, float],
    place: Place,
    face_up: bool = False,
) -> dict[str, Any]:
    """The deck at ``place``, or its card alone (a ``Card``, not a deck of one)."""
    cards = card_objects(names, layout, images, size_mm, [place] * len(names), face_up)
    return cards[0] if len(cards) == 1 else objects.deck(name, cards, place, size_mm, face_up)


def card_objects(
    names: Sequence[str],
    layout: Sequence[Sheet],
    images: Sequence[SheetImages],
    size_mm: tuple[float, float],
    places: Sequence[Place],
    face_up: bool = False,
) -> list[dict[str, Any]]:
    """Each card of the sheets, at its place (in deck order)."""
    sheet_of = {
        sheet.deck: custom_deck(
            image.face_url, image.back_url, sheet.columns, sheet.rows, image.unique_back
        )
        for sheet, image in zip(layout, images, strict=True)
    }
    ids = [sheet.card_id(slot) for sheet in layout for slot in range(sheet.cards)]
    return [
        card(name, card_id, sheet_of[card_id // 100], place, size_mm, face_up)
        for name, card_id, place in zip(names, ids, places, strict=True)
    ]
