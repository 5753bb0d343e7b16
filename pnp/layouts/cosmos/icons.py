"""Crafting the Cosmos icons, told apart by shape and letters alone (greyscale): one
shape for each meaning, drawn by one function wherever it is printed (boards, aid,
tokens, cards). Each is drawn centred on ``(cx, cy)`` inside a square of side ``size``.
``MEANINGS`` lists them all, in the order the player aid explains them."""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import Enum

from pnp.draw.fonts import Font
from pnp.draw.shapes import (
    INK,
    LIGHT,
    PAPER,
    TINT,
    Anchor,
    Circle,
    Item,
    Line,
    Poly,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import fit_size
from pnp.paper.geometry import Box

Point = tuple[float, float]
Icon = Callable[[float, float, float], list[Item]]  # drawn at a centre, in a size


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


def _ellipse(cx: float, cy: float, rx: float, ry: float, tilt: float, lower: bool = False) -> Poly:
    """An ellipse turned by ``tilt`` degrees, or only its lower half (open)."""
    steps = 24 if lower else 48
    start = math.pi if lower else 0.0
    span = math.pi if lower else 2 * math.pi
    t = math.radians(tilt)
    points = []
    for k in range(steps + (1 if lower else 0)):
        a = start + span * k / steps
        x, y = rx * math.cos(a), ry * math.sin(a)
        points.append(
            (cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t))
        )
    return Poly(tuple(points), not lower)


def _leaf(a: Point, b: Point, width: float) -> tuple[Point, ...]:
    """A pointed leaf from ``a`` to ``b``, ``width`` across at its middle."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    out = []
    for side in (1, -1):
        for k in range(13):
            s = k / 12 if side == 1 else 1 - k / 12
            bulge = side * width / 2 * math.sin(math.pi * s)
            out.append((ax + ux * length * s - uy * bulge, ay + uy * length * s + ux * bulge))
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
    """Light a sun, Time an hourglass, Gravity a ringed planet, Chemistry a flask."""
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
        ring = _ellipse(cx, cy, r * 0.95, r * 0.3, 20)
        front = _ellipse(cx, cy, r * 0.95, r * 0.3, 20, lower=True)
        return [
            Poly(ring.points, True, stroke, None),
            Circle(cx, cy, r * 0.5, stroke, TINT),
            Poly(front.points, False, Stroke(INK, _w(size) * 1.3), None),
        ]
    return _flask(cx, cy, r, stroke)


def _flask(cx: float, cy: float, r: float, stroke: Stroke) -> list[Item]:
    """A conical flask, dark liquid in its foot and a bubble rising: a dot, as a ring
    this small under the icon's stroke would print as a blob round a pinhole."""
    neck, shoulder, foot = r * 0.17, cy + r * 0.3, cy - r * 0.85
    outline = (
        (cx - neck, cy + r * 0.85),
        (cx - neck, shoulder),
        (cx - r * 0.8, foot),
        (cx + r * 0.8, foot),
        (cx + neck, shoulder),
        (cx + neck, cy + r * 0.85),
    )
    level = cy - r * 0.3
    across = neck + (r * 0.8 - neck) * (shoulder - level) / (shoulder - foot)
    liquid = (
        (cx - across, level),
        (cx - r * 0.8, foot),
        (cx + r * 0.8, foot),
        (cx + across, level),
    )
    return [
        Poly(liquid, True, None, INK),
        Poly(outline, False, stroke, None),
        Line(cx - neck * 1.8, cy + r * 0.85, cx + neck * 1.8, cy + r * 0.85, stroke),
        Circle(cx + r * 0.15, cy - r * 0.58, r * 0.11, None, PAPER),
        Circle(cx - r * 0.22, cy - r * 0.5, r * 0.07, None, PAPER),
        Circle(cx + r * 0.05, cy - r * 0.05, r * 0.11, None, INK),
    ]


def star(element: str, cx: float, cy: float, size: float, least: float = 3.0) -> list[Item]:
    """A standard star token's face: a circle with its element's symbol, at least
    ``least`` points, and a rim of its own: H a plain ring, He a dashed ring, O a heavy
    ring, C a grey disc."""
    r = size / 2
    ring = Stroke(INK, _w(size))
    text = max(least, fit_size(element, r * 1.3, size * 0.5, Font.BOLD, least))
    disc: list[Item] = [Circle(cx, cy, r * 0.9, ring, PAPER)]
    if element == "He":
        dashes = (r * 0.35, r * 0.25)
        disc = [Circle(cx, cy, r * 0.9, Stroke(INK, _w(size) * 1.4, dashes), PAPER)]
    elif element == "O":
        disc = [Circle(cx, cy, r * 0.8, Stroke(INK, r * 0.2), PAPER)]
        text = max(least, fit_size(element, r * 1.1, size * 0.5, Font.BOLD, least))
    elif element == "C":
        disc = [Circle(cx, cy, r * 0.9, ring, LIGHT)]
    return [*disc, Text(cx, cy - text * 0.35, element, text, Font.BOLD, Anchor.MIDDLE)]


def any_star(cx: float, cy: float, size: float) -> list[Item]:
    """Any star, a five-pointed star: where a goal counts stars, those of every type
    count, supernovae included."""
    r = size / 2
    return [
        Poly(burst(cx, cy - r * 0.08, r * 0.98, 5, 0.45), True, Stroke(INK, _w(size) * 1.5), PAPER)
    ]


def supernova(cx: float, cy: float, size: float) -> list[Item]:
    return [Poly(burst(cx, cy, size * 0.48, 8, 0.5), True, Stroke(INK, _w(size)), TINT)]


def life(stable: bool, cx: float, cy: float, size: float) -> list[Item]:
    """Proto life a sprout of two open leaves; stable life one solid leaf."""
    r = size / 2
    stroke = Stroke(INK, _w(size))
    if stable:
        tip, base = (cx + r * 0.72, cy + r * 0.78), (cx - r * 0.55, cy - r * 0.5)
        return [
            Line(cx - r * 0.85, cy - r * 0.85, *base, Stroke(INK, _w(size) * 1.4)),
            Poly(_leaf(base, tip, r * 1.0), True, stroke, INK),
            Line(*base, cx + r * 0.4, cy + r * 0.45, Stroke(PAPER, _w(size) * 0.8)),
        ]
    ground = cy - r * 0.8
    fork = (cx, cy - r * 0.05)
    return [
        Line(cx - r * 0.55, ground, cx + r * 0.55, ground, stroke),
        Line(cx, ground, *fork, Stroke(INK, _w(size) * 1.3)),
        Poly(_leaf(fork, (cx - r * 0.85, cy + r * 0.45), r * 0.5), True, stroke, PAPER),
        Poly(_leaf(fork, (cx + r * 0.8, cy + r * 0.8), r * 0.55), True, stroke, PAPER),
    ]


def advanced(cx: float, cy: float, size: float) -> list[Item]:
    """Advanced life (its token face down): a tree, a trunk under a round crown."""
    r = size / 2
    stroke = Stroke(INK, _w(size))
    trunk = Box(cx - r * 0.13, cy - r * 0.9, r * 0.26, r * 0.8)
    crown = ((cx - r * 0.42, cy + r * 0.05, 0.4), (cx + r * 0.42, cy + r * 0.05, 0.4))
    return [
        Rect(trunk, None, INK),
        *(Circle(x, y, r * k, stroke, TINT) for x, y, k in crown),
        Circle(cx, cy + r * 0.45, r * 0.47, stroke, TINT),
    ]


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


def graviton(cx: float, cy: float, size: float) -> list[Item]:
    """A graviton, a move: an arrow from a token hopping over an occupied space to an
    empty one."""
    r = size / 2
    stroke = Stroke(INK, _w(size) * 1.1)
    base, spot = cy - r * 0.5, r * 0.18
    rx, ry = r * 0.62, r * 1.25
    path = [
        (cx - rx * math.cos(a), base + ry * math.sin(a))
        for a in (math.pi * k / 24 for k in range(25))
    ]
    tip = path[-1]
    head = r * 0.22
    bx, by = path[-3]
    length = math.hypot(tip[0] - bx, tip[1] - by)
    ux, uy = (tip[0] - bx) / length, (tip[1] - by) / length
    neck = (tip[0] - ux * head * 1.4, tip[1] - uy * head * 1.4)
    arc = (*(p for p in path if math.dist(p, tip) > head * 1.4), neck)
    wings = tuple((neck[0] + s * uy * head, neck[1] - s * ux * head) for s in (1, -1))
    return [
        Circle(cx - rx, base - spot * 1.6, spot * 1.3, None, INK),
        Circle(cx, base - spot * 1.6, spot * 1.3, None, INK),
        Circle(cx + rx, base - spot * 1.6, spot * 1.1, stroke, PAPER),
        Poly(arc, False, stroke, None),
        Poly((tip, *wings), True, None, INK),
    ]


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


def goal(cx: float, cy: float, size: float) -> list[Item]:
    """A universal goal: a pennant on its pole."""
    r = size / 2
    pole = cx - r * 0.5
    flag = ((pole, cy + r * 0.9), (cx + r * 0.8, cy + r * 0.5), (pole, cy + r * 0.05))
    return [
        Line(pole, cy - r * 0.9, pole, cy + r * 0.9, Stroke(INK, _w(size) * 1.4)),
        Poly(flag, True, Stroke(INK, _w(size)), INK),
        Line(pole - r * 0.35, cy - r * 0.9, pole + r * 0.35, cy - r * 0.9, Stroke(INK, _w(size))),
    ]


def first_player(cx: float, cy: float, size: float) -> list[Item]:
    """The 1st player token: a crown."""
    r = size / 2
    base, top = cy - r * 0.45, cy + r * 0.55
    crown = (
        (cx - r * 0.8, base),
        (cx - r * 0.8, top),
        (cx - r * 0.4, cy + r * 0.05),
        (cx, top + r * 0.15),
        (cx + r * 0.4, cy + r * 0.05),
        (cx + r * 0.8, top),
        (cx + r * 0.8, base),
    )
    band = Box(cx - r * 0.8, cy - r * 0.7, r * 1.6, r * 0.25)
    return [Poly(crown, True, Stroke(INK, _w(size)), TINT), Rect(band, Stroke(INK, _w(size)), INK)]


def power_token(cx: float, cy: float, size: float) -> list[Item]:
    """A power token: a cog (its owner's shape goes in the middle)."""
    r = size / 2
    points: list[Point] = []
    teeth = 8
    for k in range(teeth):
        a = 2 * math.pi * k / teeth
        for d, radius in ((-0.24, 0.68), (-0.14, 0.92), (0.14, 0.92), (0.24, 0.68)):
            points.append((cx + r * radius * math.cos(a + d), cy + r * radius * math.sin(a + d)))
    return [Poly(tuple(points), True, Stroke(INK, _w(size)), PAPER)]


def energy_token(kind: Shape | None, cx: float, cy: float, size: float) -> list[Item]:
    """An energy token: white with its player's shape large and hollow, or a dark one
    (``None``): solid black with a white ring inside its rim and a white dot, the same
    drawing at every size (the token, the aid, the set-up sheets)."""
    if kind is not None:
        return shape(kind, cx, cy, size * 0.66)
    r = size * 0.47
    return [
        Circle(cx, cy, r, None, INK),
        Circle(cx, cy, r * 0.75, Stroke(PAPER, _w(size)), None),
        Circle(cx, cy, r * 0.31, None, PAPER),
    ]


# Every meaning drawn, by the key of its name in data/cosmos/text/terms.toml, in the
# order the player aid's legend shows them.
MEANINGS: dict[str, Icon] = {
    "light": lambda x, y, s: energy(Energy.LIGHT, x, y, s),
    "time": lambda x, y, s: energy(Energy.TIME, x, y, s),
    "gravity": lambda x, y, s: energy(Energy.GRAVITY, x, y, s),
    "chemistry": lambda x, y, s: energy(Energy.CHEMISTRY, x, y, s),
    "H": lambda x, y, s: star("H", x, y, s),
    "He": lambda x, y, s: star("He", x, y, s),
    "O": lambda x, y, s: star("O", x, y, s),
    "C": lambda x, y, s: star("C", x, y, s),
    "any-star": any_star,
    "supernova": supernova,
    "dna": dna,
    "graviton": graviton,
    "proto-life": lambda x, y, s: life(False, x, y, s),
    "stable-life": lambda x, y, s: life(True, x, y, s),
    "advanced-life": advanced,
    "nebula": lambda x, y, s: nebula(2, x, y, s),
    "time-crystal": crystal,
    "energy-card": card,
    "universal-goal": goal,
    "first-player": first_player,
    "power-token": power_token,
    "energy-token": lambda x, y, s: energy_token(Shape.TRIANGLE, x, y, s),
    "dark-energy": lambda x, y, s: energy_token(None, x, y, s),
}


def resource(key: str, cx: float, cy: float, size: float) -> list[Item]:
    """The icon of a resource as the data names it (main_board.toml's ``gain``)."""
    if key not in MEANINGS:
        raise ValueError(f"no icon for {key!r}")
    return MEANINGS[key](cx, cy, size)
