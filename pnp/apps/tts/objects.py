"""Tabletop Simulator's saved objects, a function a kind: a deck, a card, a board, a tile,
a token, and the save holding them. Pure functions over plain values; knows no game.

The fields are those TTS writes (its Knowledge Base, Berserk-Games/Tabletop-Simulator-
Knowledge-Base, docs/custom-content/save-file-format.md: ``ObjectStates``, ``Transform``
with posX … scaleZ, ``CustomDeck``, ``CustomImage`` with ``ImageURL`` and ``WidthScale``;
custom-tile.md and custom-token.md for ``CustomTile`` and ``CustomToken``).

Where things lie, in one place: positions are TTS units, 1 unit = 1 inch on the table
(the Knowledge Base gives a tile's or token's thickness "in in-game units (about an
inch)"), x to the right, z away from the first seat, y up; a position is a piece's
centre. Sizes: a custom card at scale 1 is TTS's standard card, a poker card (63.5 ×
88.9 mm, 2.5 × 3.5 in): every custom card is stretched onto it, so a card of another
size is scaled by its width and height over those (scaleX = width / 63.5 mm, scaleZ =
height / 88.9 mm), which keeps its true size and aspect. A tile, a token or a board at
scale 1 is ``BASE`` across: TTS does not publish it; 1.3 in is what boards measure in
community saves beside cards at scale 1. A board is ``WidthScale`` (its image's width
over its height) times as wide as deep; a tile stretched to its square is scaled each way."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from enum import Enum
from typing import Any, NamedTuple

CARD_MM = (63.5, 88.9)  # TTS's standard card, scale 1
BASE_MM = 1.3 * 25.4  # a tile, token or board at scale 1
THICKNESS = 0.1  # a tile's or token's, in inches: cardboard


class Place(NamedTuple):
    """Where a piece lies: its centre, in inches; ``turn`` quarter turns clockwise seen
    from above (its top edge away from the first seat at 0)."""

    x: float
    z: float
    turn: int = 0
    y: float = 1.0


class TileShape(Enum):  # CustomTile.Type
    BOX = 0
    HEX = 1
    CIRCLE = 2
    ROUNDED = 3


def transform(
    place: Place, scale_x: float, scale_z: float, face_down: bool = False
) -> dict[str, float]:
    return {
        "posX": _round(place.x),
        "posY": _round(place.y),
        "posZ": _round(place.z),
        "rotX": 0.0,
        "rotY": float((180 + 90 * place.turn) % 360),  # 180: upright to the first seat
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": _round(scale_x),
        "scaleY": 1.0,
        "scaleZ": _round(scale_z),
    }


def card_scale(size_mm: tuple[float, float]) -> tuple[float, float]:
    return size_mm[0] / CARD_MM[0], size_mm[1] / CARD_MM[1]


def custom_deck(
    face_url: str, back_url: str, columns: int, rows: int, unique_back: bool
) -> dict[str, Any]:
    return {
        "FaceURL": face_url,
        "BackURL": back_url,
        "NumWidth": columns,
        "NumHeight": rows,
        "BackIsHidden": True,
        "UniqueBack": unique_back,
        "Type": 0,  # a rectangular card with rounded corners
    }


def card(
    name: str,
    card_id: int,
    sheet: dict[str, Any],
    place: Place,
    size_mm: tuple[float, float],
    face_up: bool = False,
) -> dict[str, Any]:
    """A card, ``card_id`` = its sheet's number × 100 + its slot on ``sheet``."""
    return {
        "Name": "Card",
        "Nickname": name,
        "CardID": card_id,
        "Transform": transform(place, *card_scale(size_mm), face_down=not face_up),
        "CustomDeck": {str(card_id // 100): sheet},
    }


def deck(
    name: str,
    cards: Sequence[dict[str, Any]],
    place: Place,
    size_mm: tuple[float, float],
    face_up: bool = False,
) -> dict[str, Any]:
    """The ``cards`` (from ``card``, the first on top) as one deck."""
    sheets = {key: value for c in cards for key, value in c["CustomDeck"].items()}
    return {
        "Name": "DeckCustom",
        "Nickname": name,
        "Transform": transform(place, *card_scale(size_mm), face_down=not face_up),
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": dict(sorted(sheets.items(), key=lambda kv: int(kv[0]))),
        "ContainedObjects": list(cards),
    }


def board(name: str, url: str, place: Place, size_mm: tuple[float, float]) -> dict[str, Any]:
    scale = size_mm[1] / BASE_MM
    return {
        "Name": "Custom_Board",
        "Nickname": name,
        "Transform": transform(place, scale, scale),
        "Locked": True,
        "CustomImage": {
            "ImageURL": url,
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": _round(size_mm[0] / size_mm[1]),
        },
    }


def tile(
    name: str,
    front: str,
    back: str,
    place: Place,
    size_mm: tuple[float, float],
    shape: TileShape = TileShape.BOX,
) -> dict[str, Any]:
    """A two-sided tile, stretched to its square and scaled to its size each way."""
    return {
        "Name": "Custom_Tile",
        "Nickname": name,
        "Transform": transform(place, size_mm[0] / BASE_MM, size_mm[1] / BASE_MM),
        "CustomImage": {
            "ImageURL": front,
            "ImageSecondaryURL": back,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {
                "Type": shape.value,
                "Thickness": THICKNESS,
                "Stackable": True,
                "Stretch": True,
            },
        },
    }


def token(name: str, url: str, place: Place, side_mm: float) -> dict[str, Any]:
    """A one-sided token cut out along its image's transparency, ``side_mm`` across."""
    scale = side_mm / BASE_MM
    return {
        "Name": "Custom_Token",
        "Nickname": name,
        "Transform": transform(place, scale, scale),
        "CustomImage": {
            "ImageURL": url,
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomToken": {
                "Thickness": THICKNESS,
                "MergeDistancePixels": 15.0,
                "StandUp": False,
                "Stackable": True,
            },
        },
    }


def die(sides: int, place: Place) -> dict[str, Any]:
    """One of TTS's own dice (``Die_6``, ``Die_8``, …): its model, no picture."""
    return {
        "Name": f"Die_{sides}",
        "Nickname": f"d{sides}",
        "Transform": transform(place, 1.0, 1.0),
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
    }


def save(name: str, objects: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The saved object holding ``objects``, each given a GUID made from its content and
    its place in the list (TTS wants six hex digits, unique on the table)."""
    states, taken = [], set()
    for n, obj in enumerate(objects):
        text = json.dumps([n, obj], sort_keys=True, ensure_ascii=False).encode("utf-8")
        guid = hashlib.sha256(text).hexdigest()[:6]
        while guid in taken:
            guid = hashlib.sha256(guid.encode() + text).hexdigest()[:6]
        taken.add(guid)
        states.append({"GUID": guid, **obj})
    return {"SaveName": name, "ObjectStates": states}


def _round(value: float) -> float:
    return round(value, 4) + 0.0  # no -0.0
