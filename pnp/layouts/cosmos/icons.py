"""Crafting the Cosmos icons, told apart by shape and letters alone (greyscale). Each is
drawn centred on ``(cx, cy)`` inside a square of side ``size``."""

from __future__ import annotations

import math
from enum import Enum

from pnp.draw.fonts import Font
from pnp.draw.shapes import INK, PAPER, TINT, Anchor, Circle, Item, Line, Poly, Rect, Stroke, Text
from pnp.draw.text import fit_size
from pnp.geometry import Box

Point = tuple[float, float]


class Energy(Enum):
    """The energy types, clockwise round the main board's controls."""

    LIGHT = "light"
    TIME = "time"
    GRAVITY = "gravity"
    CHEMISTRY = "chemistry"


class Shape(Enum):
    """What tells the players' pieces apart (spec: never colour)."""

    CIRCLE = "○"
    TRIANGLE = "△"
    SQUARE = "□"
    DIAMOND = "◇"


def _w(size: float) -> float:
    return max(0.5, size * 0.06)


def polygon(cx: float, cy: float, r: float, sides: int, start: float = 90.0) -> tuple[Point, ...]:
    return tuple(
        (
            cx + r * math.cos(math.radians(start + 360 * k / sides)),
            cy + r * math.sin(math.radians(start + 360 * k / sides)),
        )
        for k in range(sides)
    )


def burst(cx: float, cy: float, r: float, points: int = 8, inner: float = 0.5) -> tuple[Point, ...]:
    out = []
    for k in range(2 * points):
        radius = r if k % 2 == 0 else r * inner
        angle = math.pi / 2 + k * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(out)


def shape(kind: Shape, cx: float, cy: float, size: float, fill: bool = False) -> list[Item]:
    """A player's mark."""
    r = size / 2
    stroke = Stroke(INK, _w(size) * 1.4)
    colour = INK if fill else PAPER
    if kind is Shape.CIRCLE:
        return [Circle(cx, cy, r * 0.85, stroke, colour)]
    if kind is Shape.SQUARE:
        return [Rect(Box(cx - r * 0.78, cy - r * 0.78, r * 1.56, r * 1.56), stroke, colour)]
    if kind is Shape.TRIANGLE:
        return [Poly(polygon(cx, cy - r * 0.15, r * 1.0, 3), True, stroke, colour)]
    return [Poly(polygon(cx, cy, r * 0.95, 4), True, stroke, colour)]


def energy(kind: Energy, cx: float, cy: float, size: float) -> list[Item]:
    """Light a sun, Time an hourglass, Gravity a ringed well, Chemistry a benzene ring."""
    r = size / 2
    stroke = Stroke(INK, _w(size))
    if kind is Energy.LIGHT:
        rays: list[Item] = [
            Line(
                cx + r * 0.58 * math.cos(a),
                cy + r * 0.58 * math.sin(a),
                cx + r * 0.95 * math.cos(a),
                cy + r * 0.95 * math.sin(a),
                stroke,
            )
            for a in (k * math.pi / 4 for k in range(8))
        ]
        return [*rays, Circle(cx, cy, r * 0.42, stroke, TINT)]
    if kind is Energy.TIME:
        w, h = r * 0.7, r * 0.9
        glass = ((cx - w, cy + h), (cx + w, cy + h), (cx - w, cy - h), (cx + w, cy - h))
        sand = Poly(((cx - w * 0.5, cy - h), (cx + w * 0.5, cy - h), (cx, cy - h * 0.45)))
        return [
            Poly(glass, True, stroke, None),
            Poly(sand.points, True, None, INK),
            Line(cx - w * 1.2, cy + h, cx + w * 1.2, cy + h, stroke),
            Line(cx - w * 1.2, cy - h, cx + w * 1.2, cy - h, stroke),
        ]
    if kind is Energy.GRAVITY:
        return [
            Circle(cx, cy, r * 0.9, stroke),
            Circle(cx, cy, r * 0.55, stroke),
            Circle(cx, cy, r * 0.22, None, INK),
        ]
    return [
        Poly(polygon(cx, cy, r * 0.9, 6), True, stroke, None),
        Circle(cx, cy, r * 0.45, stroke),
    ]


def star(element: str, cx: float, cy: float, size: float) -> list[Item]:
    """A standard star token's face: a circle with its element's symbol."""
    r = size / 2
    text = fit_size(element, r * 1.3, size * 0.5, Font.BOLD, 3)
    return [
        Circle(cx, cy, r * 0.9, Stroke(INK, _w(size)), PAPER),
        Text(cx, cy - text * 0.35, element, text, Font.BOLD, Anchor.MIDDLE),
    ]


def supernova(cx: float, cy: float, size: float) -> list[Item]:
    return [Poly(burst(cx, cy, size * 0.48, 8, 0.5), True, Stroke(INK, _w(size)), TINT)]


def life(stable: bool, cx: float, cy: float, size: float) -> list[Item]:
    """Proto life a ring of dots, stable life a filled drop in a ring."""
    r = size / 2
    items: list[Item] = [Circle(cx, cy, r * 0.8, Stroke(INK, _w(size)))]
    if stable:
        return [*items, Circle(cx, cy, r * 0.45, None, INK)]
    return items + [Circle(x, y, r * 0.13, None, INK) for x, y in polygon(cx, cy, r * 0.45, 5)]


def advanced(cx: float, cy: float, size: float) -> list[Item]:
    """An advanced life token, face down."""
    r = size / 2
    return [Circle(cx, cy, r * 0.9, Stroke(INK, _w(size)), None), *life(True, cx, cy, size * 0.5)]


def dna(cx: float, cy: float, size: float) -> list[Item]:
    """A double helix: two waves out of step, joined by rungs."""
    r = size / 2
    stroke = Stroke(INK, _w(size) * 1.2)
    steps = 16

    def wave(phase: float) -> tuple[Point, ...]:
        return tuple(
            (
                cx + r * 0.45 * math.sin(2 * math.pi * k / steps + phase),
                cy - r * 0.9 + 1.8 * r * k / steps,
            )
            for k in range(steps + 1)
        )

    rungs: list[Item] = []
    for k in (2, 6, 10, 14):
        y = cy - r * 0.9 + 1.8 * r * k / steps
        x = r * 0.45 * math.sin(2 * math.pi * k / steps)
        rungs.append(Line(cx - x, y, cx + x, y, Stroke(INK, _w(size) * 0.7)))
    return [Poly(wave(0), False, stroke, None), Poly(wave(math.pi), False, stroke, None), *rungs]


def crystal(cx: float, cy: float, size: float) -> list[Item]:
    """A time crystal: a cut gem."""
    r = size / 2
    outline = (
        (cx, cy - r * 0.9),
        (cx - r * 0.7, cy + r * 0.1),
        (cx - r * 0.4, cy + r * 0.6),
        (cx + r * 0.4, cy + r * 0.6),
        (cx + r * 0.7, cy + r * 0.1),
    )
    stroke = Stroke(INK, _w(size))
    return [
        Poly(outline, True, stroke, TINT),
        Line(cx - r * 0.7, cy + r * 0.1, cx + r * 0.7, cy + r * 0.1, stroke),
        Line(cx, cy - r * 0.9, cx, cy + r * 0.1, stroke),
    ]


def nebula(size_: int, cx: float, cy: float, size: float) -> list[Item]:
    """A nebula of size 1, 2 or 3: a hexagon with that many dots."""
    r = size / 2
    items: list[Item] = [Poly(polygon(cx, cy, r * 0.9, 6), True, Stroke(INK, _w(size)), TINT)]
    dots = [(cx, cy)] if size_ == 1 else list(polygon(cx, cy, r * 0.35, size_, 90 + 90 * size_))
    return items + [Circle(x, y, r * 0.14, None, INK) for x, y in dots]


def card(cx: float, cy: float, size: float) -> list[Item]:
    """An energy card."""
    h = size * 0.9
    w = h * 0.7
    return [Rect(Box(cx - w / 2, cy - h / 2, w, h), Stroke(INK, _w(size)), PAPER, size * 0.08)]


def resource(key: str, cx: float, cy: float, size: float) -> list[Item]:
    """The icon of a resource as the data names it (main_board.toml's ``gain``)."""
    if key in ("H", "He", "O", "C"):
        return star(key, cx, cy, size)
    if key == "supernova":
        return supernova(cx, cy, size)
    if key == "dna":
        return dna(cx, cy, size)
    if key == "stable-life":
        return life(True, cx, cy, size)
    if key == "proto-life":
        return life(False, cx, cy, size)
    if key == "graviton":
        return energy(Energy.GRAVITY, cx, cy, size)
    if key == "time-crystal":
        return crystal(cx, cy, size)
    if key == "energy-card":
        return card(cx, cy, size)
    if key == "nebula":
        return nebula(2, cx, cy, size)
    raise ValueError(f"no icon for {key!r}")
