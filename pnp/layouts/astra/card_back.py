"""The one back every Astra card shares (constellations and the Game End card): a
light star field that reaches past the trim, so a back printed or cut a little off
shows no uneven frame, and an emblem well inside the safe zone that reads the same
either way up."""

from __future__ import annotations

import math

from pnp.astra.model import StarKind
from pnp.draw.clip import clip_items
from pnp.draw.fonts import Font
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    PAPER,
    TINT,
    Anchor,
    Circle,
    Gray,
    Item,
    Poly,
    Rect,
    Stroke,
    Text,
)
from pnp.layouts.astra import icons
from pnp.paper.geometry import Box
from pnp.paper.sizes import SAFE_ZONE
from pnp.paper.units import mm

FIELD_STEP = mm(6)
TITLE = "ASTRA"


def astra_back(trim: Box, reach: float) -> list[Item]:
    """A ``CardFace``: the field reaches ``reach`` past the trim on every side."""
    field = trim.inset(-reach)
    items: list[Item] = [Rect(field, None, TINT), *clip_items(star_field(field), field)]
    safe = trim.inset(SAFE_ZONE)
    cx, cy = safe.cx, safe.cy
    ring = min(safe.w, safe.h) * 0.36
    items.append(Circle(cx, cy, ring, Stroke(INK, 0.8), PAPER))
    items.append(Circle(cx, cy, ring * 0.8, Stroke(GREY, 0.4)))
    for k in range(12):
        angle = math.pi / 2 + 2 * math.pi * k / 12
        x, y = cx + ring * 0.8 * math.cos(angle), cy + ring * 0.8 * math.sin(angle)
        items += icons.star(StarKind.COMMON, x, y, mm(1.1 if k % 3 else 1.5))
    items += icons.star(StarKind.GRAND, cx, cy, ring * 0.22)
    size = 13.0
    gap = (safe.h / 2 - ring) / 2  # the titles sit midway between the ring and the edge
    items.append(Text(cx, cy + ring + gap - size * 0.36, TITLE, size, Font.BOLD, Anchor.MIDDLE))
    items.append(
        Text(cx, cy - ring - gap + size * 0.36, TITLE, size, Font.BOLD, Anchor.MIDDLE, angle=180)
    )
    return items


def star_field(box: Box) -> list[Item]:
    """Sparkles on a jittered lattice fixed to the page, so neighbouring backs (and a
    back's overlap into its neighbour) continue one sky; the jitter is a hash of the
    lattice cell, the same on every run."""
    items: list[Item] = []
    rows = range(math.floor(box.y / FIELD_STEP) - 1, math.ceil(box.top / FIELD_STEP) + 1)
    cols = range(math.floor(box.x / FIELD_STEP) - 1, math.ceil(box.right / FIELD_STEP) + 1)
    for row in rows:
        for col in cols:
            h = _hash(col, row)
            x = (col + 0.15 + 0.7 * (h & 0xFF) / 255) * FIELD_STEP
            y = (row + 0.15 + 0.7 * ((h >> 8) & 0xFF) / 255) * FIELD_STEP
            kind = (h >> 16) % 7
            if kind == 0:
                items.append(_sparkle(x, y, mm(1.6), PAPER))
            elif kind < 3:
                items.append(_sparkle(x, y, mm(0.9), PAPER))
            elif kind == 3:
                items.append(_dot(x, y, mm(0.35), LIGHT))
            else:
                items.append(_dot(x, y, mm(0.45), PAPER))
    return items


def _hash(col: int, row: int) -> int:
    h = (col * 73856093) ^ (row * 19349663)
    h = (h ^ (h >> 13)) * 0x5BD1E995
    return (h ^ (h >> 15)) & 0xFFFFFFFF


def _sparkle(cx: float, cy: float, r: float, fill: Gray) -> Poly:
    """A four-pointed sparkle, unstroked so it can be cut at the field's edge."""
    points = []
    for k in range(8):
        radius = r if k % 2 == 0 else r * 0.28
        angle = math.pi / 2 + k * math.pi / 4
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return Poly(tuple(points), True, None, fill)


def _dot(cx: float, cy: float, r: float, fill: Gray) -> Poly:
    points = tuple(
        (cx + r * math.cos(k * math.pi / 4), cy + r * math.sin(k * math.pi / 4)) for k in range(8)
    )
    return Poly(points, True, None, fill)
