"""Where a constellation's stars and their labels go on a card.

Stars are scaled to fill the graph area, then spread apart where they would crowd.
Labels (star numbers, Grand star names) are placed with shapely: each one tries spots
around its star, nearest first, and takes the first that is inside the area and clear
of every line, star and label already there."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.draw.clip import ink_bounds
from pnp.draw.fonts import Font, ascent, descent, text_width
from pnp.draw.shapes import INK, Gray, Text
from pnp.geometry import Box

Point = tuple[float, float]

# Degrees, tried in this order at each distance: right, left, above, below, the
# diagonals, then the eight directions between those.
DIRECTIONS: tuple[float, ...] = (0, 180, 90, 270, 45, 135, 315, 225)
DIRECTIONS += (22.5, 157.5, 67.5, 112.5, 337.5, 202.5, 292.5, 247.5)
_ROUNDS = 400


def fit_points(points: Sequence[Point], area: Box) -> list[Point]:
    """Unit-square positions scaled alike on both axes (the figure keeps its shape) to
    fill ``area``, centred in it."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    scale = min(area.w / w if w else math.inf, area.h / h if h else math.inf)
    scale = 0.0 if math.isinf(scale) else scale
    ox = area.cx - (min(xs) + w / 2) * scale
    oy = area.cy - (min(ys) + h / 2) * scale
    return [(ox + x * scale, oy + y * scale) for x, y in points]


def spread(
    points: Sequence[Point],
    radii: Sequence[float],
    edges: Sequence[tuple[int, int]],
    area: Box,
    gap: float,
) -> list[Point]:
    """Move stars apart until every two are at least their radii plus ``gap`` apart and
    no line passes within ``gap`` of a star it does not join; each round pushes every
    offending pair apart along the line through them by half the shortfall each (a
    star by a line moves straight away from it), after bringing every star back inside
    ``area`` by its radius.
    Stars already far enough apart never move, so a figure that fits is unchanged.
    ``edges`` index into ``points``."""
    pts = [list(p) for p in points]
    for _ in range(_ROUNDS):
        for p, r in zip(pts, radii, strict=True):
            p[0] = min(max(p[0], area.x + r), area.right - r)
            p[1] = min(max(p[1], area.y + r), area.top - r)
        moved = False
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                moved |= _part(pts[i], pts[j], radii[i] + radii[j] + gap, i)
        for a, b in edges:
            for c in range(len(pts)):
                if c not in (a, b):
                    moved |= _clear_of_line(pts[c], pts[a], pts[b], radii[c] + gap)
        if not moved:
            break
    return [(x, y) for x, y in pts]


def _part(p: list[float], q: list[float], need: float, seed: int) -> bool:
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy)
    if d >= need - 1e-9:
        return False
    if d < 1e-9:  # on top of each other: part them along a fixed direction
        angle = 2.399963 * seed  # the golden angle, so such pairs go different ways
        dx, dy, d = math.cos(angle), math.sin(angle), 1.0
    push = (need - d) / 2 + 1e-6
    ux, uy = dx / d, dy / d
    p[0], p[1] = p[0] - ux * push, p[1] - uy * push
    q[0], q[1] = q[0] + ux * push, q[1] + uy * push
    return True


def _clear_of_line(c: list[float], a: list[float], b: list[float], need: float) -> bool:
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    length2 = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if length2 == 0 else ((c[0] - ax) * (bx - ax) + (c[1] - ay) * (by - ay)) / length2
    if not 0.0 < t < 1.0:
        return False  # beside an end, where the stars' own spacing applies
    fx, fy = ax + t * (bx - ax), ay + t * (by - ay)
    dx, dy = c[0] - fx, c[1] - fy
    d = math.hypot(dx, dy)
    if d >= need - 1e-9:
        return False
    if d < 1e-9:
        dx, dy, d = -(by - ay), bx - ax, math.sqrt(length2)
    push = need - d + 1e-6
    c[0], c[1] = c[0] + dx / d * push, c[1] + dy / d * push
    return True


@dataclass(frozen=True)
class Spot:
    """A label's place: beside the point ``(x, y)``, at least ``gap`` from it."""

    x: float
    y: float
    gap: float


def label_shape(text: Text) -> Any:
    """The shapely box a label's glyphs may ink."""
    from shapely.geometry import box

    b = ink_bounds(text)
    return box(b.x, b.y, b.right, b.top)


def candidates(
    words: str, spot: Spot, size: float, font: Font, color: Gray, steps: int, step: float
) -> list[Text]:
    """Labels around ``spot`` in the order they are tried: each direction at the
    nearest distance, then each a ``step`` further out. Along a direction the label's
    box moves out from the point until its nearest side (right, left, above, below) or
    corner (diagonals) is that far away; between those it slides along the side."""
    w, up, down = text_width(words, size, font), ascent(size, font), descent(size, font)
    half_w, half_h = w / 2, (up + down) / 2
    out = []
    for k in range(steps):
        d = spot.gap + k * step
        for degrees in DIRECTIONS:
            ux, uy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
            longest = max(abs(ux), abs(uy))
            cx = spot.x + d * ux + half_w * ux / longest
            cy = spot.y + d * uy + half_h * uy / longest
            out.append(Text(cx - half_w, cy - half_h + down, words, size, font, color=color))
    return out


@dataclass(frozen=True)
class Style:
    size: float
    minimum: float  # the smallest size a label may shrink to
    font: Font = Font.REGULAR
    color: Gray = INK
    steps: int = 3  # distances tried
    step: float = 2.0  # points between them
    lead: float = 0.0  # points: how much nearer its own star than any other it must be
    centre_lead: float = 0.0  # points: the same, measured to the stars' centres


def place(
    words: str, spot: Spot, style: Style, taken: Any, area: Box, rivals: Sequence[Spot] = ()
) -> tuple[Text, bool]:
    """A label for ``spot`` and whether it is clear: the first candidate inside
    ``area``, clear of ``taken`` (a shapely geometry) and nearer its own star than any
    of ``rivals``, at the largest size that has one, shrinking by quarter points;
    failing that, the candidate that is nearest its own star and overlaps ``taken``
    least."""
    from shapely.prepared import prep

    fast = prep(taken)
    sizes = [style.size]
    while sizes[-1] > style.minimum:
        sizes.append(max(style.minimum, sizes[-1] - 0.25))
    tried: list[tuple[Text, Box, bool]] = []
    for size in sizes:
        for text in candidates(words, spot, size, style.font, style.color, style.steps, style.step):
            b = ink_bounds(text)
            if not area.contains(b, 0.0):
                continue
            astray = _astray(b, spot, rivals, style.lead, style.centre_lead)
            if not astray and not fast.intersects(_shape(b)):
                return text, True
            tried.append((text, b, astray))
    if not tried:
        raise ValueError(f"no room in the graph area for the label {words!r}")
    near = [t for t in tried if not t[2]] or tried  # a label by its own star first
    best = min(near, key=lambda t: _shape(t[1]).intersection(taken).area)
    return best[0], False


def _shape(b: Box) -> Any:
    from shapely.geometry import box

    return box(b.x, b.y, b.right, b.top)


def _distance(b: Box, x: float, y: float) -> float:
    """From a point to the nearest point of a box (0 inside it)."""
    return math.hypot(max(b.x - x, 0.0, x - b.right), max(b.y - y, 0.0, y - b.top))


def _astray(b: Box, spot: Spot, rivals: Sequence[Spot], lead: float, centre_lead: float) -> bool:
    """Whether a reader could take a label for another star's: unless it is nearer its
    own star's edge than any other star's edge by ``lead``, and nearer its own star's
    centre than any other's by ``centre_lead`` (a label beside a big Grand star's burst
    can be near the burst's tip but far from its dot)."""
    centre = _distance(b, spot.x, spot.y)
    for r in rivals:
        other = _distance(b, r.x, r.y)
        if other - r.gap < centre - spot.gap + lead or other < centre + centre_lead:
            return True
    return False


def place_all(
    labels: Sequence[tuple[str, Spot]],
    style: Style,
    taken: Any,
    area: Box,
    pad: float,
    stars: Sequence[Spot] = (),
) -> tuple[list[Text], Any, list[Spot]]:
    """Labels placed one after another, each clear of those before it and nearest its
    own of ``stars``; returns them, ``taken`` grown by their boxes padded by ``pad``,
    and the spots whose labels found no clear place."""
    out: list[Text] = []
    crowded: list[Spot] = []
    for words, spot in labels:
        rivals = [s for s in stars if s != spot]
        text, clear = place(words, spot, style, taken, area, rivals)
        out.append(text)
        if not clear:
            crowded.append(spot)
        taken = taken.union(label_shape(text).buffer(pad, join_style="mitre"))
    return out, taken, crowded
