"""Astra's icons, each told apart by shape alone (greyscale and colour-blind safe).

Every icon is drawn centred on ``(cx, cy)`` inside a square of side ``size`` and returns
display items. Elements use the alchemists' triangles: Fire and Air point up, Water and
Earth down, and Air and Earth carry a bar."""

from __future__ import annotations

import math

from pnp.astra.model import BoonKind, Element, StarKind
from pnp.draw.shapes import INK, PAPER, TINT, Circle, Gray, Item, Line, Poly, Rect, Stroke
from pnp.paper.geometry import Box

Point = tuple[float, float]


def _width(size: float) -> float:
    return max(0.5, size * 0.07)


def _star_points(cx: float, cy: float, r: float, points: int, inner: float) -> tuple[Point, ...]:
    out = []
    for k in range(2 * points):
        radius = r if k % 2 == 0 else r * inner
        angle = math.pi / 2 + k * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(out)


def _arc(
    cx: float, cy: float, r: float, start: float, end: float, steps: int = 24
) -> tuple[Point, ...]:
    """Points on a circle from angle ``start`` to ``end`` (degrees, counter-clockwise)."""
    return tuple(
        (
            cx + r * math.cos(math.radians(start + (end - start) * i / steps)),
            cy + r * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    )


def element(
    kind: Element, cx: float, cy: float, size: float, fill: Gray | None = TINT
) -> list[Item]:
    up = kind in (Element.FIRE, Element.AIR)
    h = size * 0.8
    w = h * 1.1547  # equilateral
    base, apex = (cy - h / 2, cy + h / 2) if up else (cy + h / 2, cy - h / 2)
    stroke = Stroke(INK, _width(size))
    items: list[Item] = [
        Poly(((cx - w / 2, base), (cx + w / 2, base), (cx, apex)), True, stroke, fill)
    ]
    if kind in (Element.AIR, Element.EARTH):
        # the bar crosses the triangle a third of the way from its base
        y = base + (apex - base) * 0.62
        half = w / 2 * (1 - 0.62) + size * 0.12
        items.append(Line(cx - half, y, cx + half, y, stroke))
    return items


# A Starting star's diamond and a Grand star's burst reach this many dot radii out (the
# burst's notches at the second figure): short points, so crowded stars keep room.
_DIAMOND = 1.55
_BURST = (1.55, 0.62)


def _star_width(r: float) -> float:
    return max(0.5, r * 0.18)


def star(kind: StarKind, cx: float, cy: float, r: float) -> list[Item]:
    """A star on a constellation: a white dot a player colours in. The Starting star
    sits in a diamond, a Grand star in an eight-pointed burst; a Common star is the dot."""
    width = _star_width(r)
    dot = Circle(cx, cy, r, Stroke(INK, width), PAPER)
    if kind is StarKind.COMMON:
        return [dot]
    if kind is StarKind.STARTING:
        d = r * _DIAMOND
        diamond = ((cx, cy + d), (cx + d, cy), (cx, cy - d), (cx - d, cy))
        return [Poly(diamond, True, Stroke(INK, width), INK), dot]
    burst = _star_points(cx, cy, r * _BURST[0], 8, _BURST[1])
    return [Poly(burst, True, Stroke(INK, width * 0.8), INK), dot]


def star_reach(kind: StarKind, r: float) -> float:
    """How far the ink of ``star(kind, cx, cy, r)`` reaches from its centre (joins are
    round, so a stroke adds half its width at a point)."""
    width = _star_width(r)
    if kind is StarKind.COMMON:
        return r + width / 2
    if kind is StarKind.STARTING:
        return r * _DIAMOND + width / 2
    return r * _BURST[0] + width * 0.8 / 2


def stardust(cx: float, cy: float, size: float) -> list[Item]:
    """Three four-pointed sparkles."""
    stroke = Stroke(INK, _width(size) * 0.6)
    sparkles = ((-0.17, 0.12, 0.3), (0.22, 0.2, 0.2), (0.12, -0.22, 0.24))
    return [
        Poly(_star_points(cx + dx * size, cy + dy * size, r * size, 4, 0.3), True, stroke, INK)
        for dx, dy, r in sparkles
    ]


def telescope(cx: float, cy: float, size: float) -> list[Item]:
    """A tube on a tripod, tilted up to the right."""
    s = size
    w = _width(size)
    angle = math.radians(28)
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux

    def at(t: float, n: float) -> Point:
        return (cx + (t * ux + n * px) * s, cy + 0.12 * s + (t * uy + n * py) * s)

    tube = (at(-0.42, -0.07), at(0.3, -0.11), at(0.3, 0.11), at(-0.42, 0.07))
    lens = (at(0.3, -0.14), at(0.42, -0.14), at(0.42, 0.14), at(0.3, 0.14))
    foot = (cx, cy + 0.1 * s)
    stroke = Stroke(INK, w)
    return [
        Line(foot[0], foot[1], cx - 0.28 * s, cy - 0.45 * s, stroke),
        Line(foot[0], foot[1], cx + 0.28 * s, cy - 0.45 * s, stroke),
        Line(foot[0], foot[1], cx, cy - 0.45 * s, stroke),
        Poly(tube, True, stroke, PAPER),
        Poly(lens, True, stroke, INK),
    ]


def fame(cx: float, cy: float, size: float) -> list[Item]:
    """A medal: a five-pointed star in a ring, with two ribbon tails."""
    s = size
    w = _width(size)
    r = 0.3 * s
    my = cy + 0.1 * s
    ribbon = Stroke(INK, w)
    return [
        Poly(
            (
                (cx - 0.12 * s, my - 0.2 * s),
                (cx - 0.24 * s, cy - 0.48 * s),
                (cx - 0.08 * s, cy - 0.4 * s),
            ),
            True,
            ribbon,
            INK,
        ),
        Poly(
            (
                (cx + 0.12 * s, my - 0.2 * s),
                (cx + 0.24 * s, cy - 0.48 * s),
                (cx + 0.08 * s, cy - 0.4 * s),
            ),
            True,
            ribbon,
            INK,
        ),
        Circle(cx, my, r, Stroke(INK, w), PAPER),
        Poly(_star_points(cx, my, r * 0.72, 5, 0.42), True, Stroke(INK, w * 0.5), INK),
    ]


def pouch(cx: float, cy: float, size: float, plus: bool = True) -> list[Item]:
    """A drawstring bag; with a plus sign for a Pouch size gain."""
    s = size
    w = _width(size)
    body = _arc(cx, cy - 0.1 * s, 0.34 * s, 120, 420)
    neck = (
        (cx - 0.12 * s, cy + 0.2 * s),
        (cx - 0.2 * s, cy + 0.42 * s),
        (cx + 0.2 * s, cy + 0.42 * s),
        (cx + 0.12 * s, cy + 0.2 * s),
    )
    items: list[Item] = [
        Poly(body, True, Stroke(INK, w), PAPER),
        Poly(neck, False, Stroke(INK, w), None),
        Line(cx - 0.14 * s, cy + 0.22 * s, cx + 0.14 * s, cy + 0.22 * s, Stroke(INK, w)),
    ]
    if plus:
        arm = 0.14 * s
        py = cy - 0.12 * s
        items += [
            Line(cx - arm, py, cx + arm, py, Stroke(INK, w * 1.2)),
            Line(cx, py - arm, cx, py + arm, Stroke(INK, w * 1.2)),
        ]
    return items


def wisdom(cx: float, cy: float, size: float) -> list[Item]:
    """An open book."""
    s = size
    stroke = Stroke(INK, _width(size))
    spine_top, spine_bottom = (cx, cy + 0.22 * s), (cx, cy - 0.3 * s)
    left = (spine_bottom, spine_top, (cx - 0.44 * s, cy + 0.32 * s), (cx - 0.44 * s, cy - 0.2 * s))
    right = (spine_bottom, spine_top, (cx + 0.44 * s, cy + 0.32 * s), (cx + 0.44 * s, cy - 0.2 * s))
    items: list[Item] = [Poly(left, True, stroke, PAPER), Poly(right, True, stroke, PAPER)]
    for k in range(3):
        y = cy + (0.14 - 0.13 * k) * s
        items.append(
            Line(cx - 0.34 * s, y + 0.04 * s, cx - 0.1 * s, y, Stroke(INK, stroke.width * 0.5))
        )
        items.append(
            Line(cx + 0.1 * s, y, cx + 0.34 * s, y + 0.04 * s, Stroke(INK, stroke.width * 0.5))
        )
    return items


def activation(cx: float, cy: float, size: float) -> list[Item]:
    """A card turned upright again: a card outline with a curved arrow."""
    s = size
    w = _width(size)
    card = Rect(
        Box(cx - 0.17 * s, cy - 0.25 * s, 0.34 * s, 0.5 * s), Stroke(INK, w), TINT, 0.04 * s
    )
    arc = _arc(cx, cy, 0.42 * s, 200, 20)
    end = arc[-1]
    head = 0.14 * s
    tip = (end[0] - 0.02 * s, end[1] - head * 0.9)
    return [
        card,
        Poly(arc, False, Stroke(INK, w), None),
        Poly(
            (
                (end[0] - head * 0.6, end[1] + head * 0.1),
                (end[0] + head * 0.6, end[1] + head * 0.25),
                tip,
            ),
            True,
            Stroke(INK, w * 0.5),
            INK,
        ),
    ]


def boon(kind: BoonKind, cx: float, cy: float, size: float) -> list[Item]:
    if kind is BoonKind.FAME:
        return fame(cx, cy, size)
    if kind is BoonKind.STARDUST:
        return stardust(cx, cy, size)
    if kind is BoonKind.OBSERVATION:
        return telescope(cx, cy, size)
    if kind is BoonKind.IMPROVEMENT:
        return pouch(cx, cy, size)
    if kind is BoonKind.WISDOM:
        return wisdom(cx, cy, size)
    return activation(cx, cy, size)
