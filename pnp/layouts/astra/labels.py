"""Where a constellation's stars and their labels go on a card.

Stars are scaled to fill the graph area, then spread apart where they would crowd,
the figure shrinking as a whole until the spread stars fit (numpy, a few rounds).
Labels (star numbers, Grand star names) are placed with shapely: each one tries spots
around its star, nearest first, and takes the first that is inside the area and clear
of every line, star and label already there, rather one that does not stand between
its star and another."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.draw.clip import ink_bounds
from pnp.draw.fonts import Font, ascent, descent, text_width
from pnp.draw.shapes import INK, Gray, Text
from pnp.paper.geometry import Box

Point = tuple[float, float]

# Degrees, tried in this order at each distance: right, left, above, below, the
# diagonals, then the eight directions between those.
DIRECTIONS: tuple[float, ...] = (0, 180, 90, 270, 45, 135, 315, 225)
DIRECTIONS += (22.5, 157.5, 67.5, 112.5, 337.5, 202.5, 292.5, 247.5)
# Each direction's unit vector and its larger component.
_UNITS = tuple(
    (math.cos(a), math.sin(a), max(abs(math.cos(a)), abs(math.sin(a))))
    for a in map(math.radians, DIRECTIONS)
)
_ROUNDS = 400  # spreading rounds at most (the 48 figures need at most 124)
_REFITS = 30  # shrink-and-spread passes at most (they need at most 5)
_REFIT_ROUNDS = 30  # rounds a pass spreads before the figure is shrunk to fit again
_STEP = 2.0  # points: the most a star moves at once, so it never jumps a line
_SLACK = 0.01  # points: a shortfall this small is met, and pushes go this much further
STRETCH = 1.2  # how much more a figure's short side may be scaled than its long one


def fit_points(
    points: Sequence[Point], area: Box, stretch: float = 1.0
) -> tuple[list[Point], float]:
    """Positions scaled to fill ``area``, centred in it, and the scale: alike on both
    axes (the figure keeps its shape), but the axis with room to spare stretched by up
    to ``stretch`` times more."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    fit_x = area.w / w if w else math.inf
    fit_y = area.h / h if h else math.inf
    scale = min(fit_x, fit_y)
    scale = 0.0 if math.isinf(scale) else scale
    sx, sy = min(fit_x, scale * stretch), min(fit_y, scale * stretch)
    ox = area.cx - (min(xs) + w / 2) * sx
    oy = area.cy - (min(ys) + h / 2) * sy
    return [(ox + x * sx, oy + y * sy) for x, y in points], scale


def lay_out(
    points: Sequence[Point],
    need: Sequence[Sequence[float]],
    clear: Sequence[float],
    edges: Sequence[tuple[int, int]],
    room: Box,
    stretch: float = 1.0,
) -> list[Point]:
    """Star centres in ``room``: ``points`` fitted to it (see ``fit_points``), then
    spread apart where they crowd (see ``spread``) and fitted again, alike on both
    axes, until the spread figure fits. A crowded part so grows at the expense of the
    whole figure's scale, and the shape is kept everywhere else."""
    pts, _ = fit_points(points, room, stretch)
    for _ in range(_REFITS):
        pts = spread(pts, need, clear, edges, rounds=_REFIT_ROUNDS)
        pts, scale = fit_points(pts, room)
        if scale > 0.99:
            break
    return spread(pts, need, clear, edges, room)


def spread(
    points: Sequence[Point],
    need: Sequence[Sequence[float]],
    clear: Sequence[float],
    edges: Sequence[tuple[int, int]],
    room: Box | None = None,
    rounds: int = _ROUNDS,
) -> list[Point]:
    """Move stars apart until every two stars ``i``, ``j`` are ``need[i][j]`` apart
    and no line passes within ``clear[c]`` of a star ``c`` it does not join. Each
    round every offending pair is pushed apart along the line through them by half
    the shortfall each, a star by a line straight away from it on the side it was on
    (a star never crosses a line, so no two lines come to cross; it may go round an
    end), each push at most ``_STEP`` and a star's pushes averaged; then every star
    is brought back inside ``room`` if given.
    Stars already far enough apart never move, so a figure that fits is unchanged.
    ``edges`` index into ``points``."""
    import numpy as np

    p = np.array(points, dtype=float)
    n = len(p)
    want = np.array(need, dtype=float)
    near = np.array(clear, dtype=float)
    a = np.array([e[0] for e in edges], dtype=int)
    b = np.array([e[1] for e in edges], dtype=int)
    other = np.ones((len(edges), n), dtype=bool)  # the stars a line does not join
    other[np.arange(len(edges)), a] = False
    other[np.arange(len(edges)), b] = False
    apart = np.triu(np.ones((n, n), dtype=bool), 1)
    # where two stars sit on each other, part them along the golden angle, so such
    # pairs go different ways
    golden = 2.399963 * np.arange(n)
    fallback = np.stack([np.cos(golden), np.sin(golden)], axis=1)[:, None, :]
    sides = None
    for _ in range(rounds):
        d = p[None, :, :] - p[:, None, :]  # d[i, j]: from star i to star j
        dist = np.hypot(d[..., 0], d[..., 1])
        short = np.where(apart, want - dist, 0.0)
        pairs = short > _SLACK
        unit = np.where(dist[..., None] > 1e-9, d / np.maximum(dist, 1e-9)[..., None], fallback)
        push = np.where(pairs, np.minimum(short / 2 + _SLACK, _STEP), 0.0)[..., None] * unit
        move = push.sum(axis=0) - push.sum(axis=1)
        count = pairs.sum(axis=0) + pairs.sum(axis=1)
        if len(edges):
            ab = p[b] - p[a]
            length = np.maximum(np.hypot(ab[:, 0], ab[:, 1]), 1e-9)[:, None]
            ac = p[None, :, :] - p[a][:, None, :]
            t = (ac[..., 0] * ab[:, None, 0] + ac[..., 1] * ab[:, None, 1]) / length**2
            cross = (ab[:, None, 0] * ac[..., 1] - ab[:, None, 1] * ac[..., 0]) / length
            now = np.where(cross >= 0, 1.0, -1.0)
            span = other & (t > 0) & (t < 1)
            sides = now if sides is None else np.where(span, sides, now)
            short_line = np.where(span, near[None, :] - cross * sides, 0.0)
            lines = short_line > _SLACK
            normal = np.stack([-ab[:, 1], ab[:, 0]], axis=1) / length
            amount = np.where(lines, np.minimum(short_line + _SLACK, _STEP), 0.0) * sides
            move += (amount[..., None] * normal[:, None, :]).sum(axis=0)
            count += lines.sum(axis=0)
        if not count.any():
            break
        p += move / np.maximum(count, 1)[:, None]
        if room is not None:
            p[:, 0] = np.clip(p[:, 0], room.x, room.right)
            p[:, 1] = np.clip(p[:, 1], room.y, room.top)
    return [(float(x), float(y)) for x, y in p]


@dataclass(frozen=True)
class Spot:
    """A label's place: beside the point ``(x, y)``, at least ``gap`` from it."""

    x: float
    y: float
    gap: float


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
    ratio: float = 1.0  # how many times nearer its own star's centre than any other's
    # a label less than this many times nearer its own star's centre than another's
    # stands between the two if it sees them more than 120 degrees apart
    between: float = 1.0


@dataclass(frozen=True)
class Taken:
    """What a label keeps clear of: the figure's lines and stars (a shapely geometry)
    and the boxes (left, bottom, right, top) of the labels placed before it, padded."""

    figure: Any
    boxes: tuple[tuple[float, float, float, float], ...] = ()

    def with_label(self, text: Text, pad: float, side: float = 0.0, above: float = 0.0) -> Taken:
        """``side``: more room kept clear left and right of the label (what stands on
        its line beside it reads as one with it); ``above``: more room kept clear over
        and under it (what stands there reads as its second line)."""
        return Taken(self.figure, (*self.boxes, padded(text, pad, side, above)))


def padded(
    text: Text, pad: float, side: float = 0.0, above: float = 0.0
) -> tuple[float, float, float, float]:
    """A label's box (left, bottom, right, top) padded by ``pad``, ``side`` more left
    and right and ``above`` more over and under."""
    b = ink_bounds(text)
    x_pad, y_pad = pad + side, pad + above
    return (b.x - x_pad, b.y - y_pad, b.right + x_pad, b.top + y_pad)


def candidates(words: str, spot: Spot, style: Style, size: float) -> Any:
    """The boxes (rows of left, bottom, right, top: what the glyphs may ink) a label
    for ``spot`` at ``size`` tries, in order: each direction at the nearest distance,
    then each a ``step`` further out. Along a direction the box moves out from the
    point until its nearest side (right, left, above, below) or corner (diagonals) is
    that far away; between those it slides along the side."""
    import numpy as np

    half_w = text_width(words, size, style.font) / 2
    half_h = (ascent(size, style.font) + descent(size, style.font)) / 2
    ux, uy, longest = np.array(_UNITS).T
    d = spot.gap + style.step * np.arange(style.steps)[:, None]
    cx = (spot.x + d * ux + half_w * ux / longest).ravel()
    cy = (spot.y + d * uy + half_h * uy / longest).ravel()
    return np.stack([cx - half_w, cy - half_h, cx + half_w, cy + half_h], axis=1)


def place(
    words: str,
    spot: Spot,
    style: Style,
    taken: Taken,
    area: Box,
    rivals: Sequence[Spot] = (),
    facing: Sequence[Spot] = (),
    shun: Sequence[tuple[float, float, float, float]] = (),
) -> tuple[Text, bool]:
    """A label for ``spot`` and whether it is clear: the first candidate inside
    ``area``, clear of ``taken``, nearer its own star than any of ``rivals`` and not
    between it and any of ``facing`` (whose labels stand between them: which is whose
    could not be told), at the largest size that has one, shrinking by quarter points
    to ``minimum``; at that size, rather the first also not between its star and any
    rival and clear of the boxes ``shun``. Failing all that, the smallest candidate
    that is nearest its own star and overlaps ``taken`` least."""
    import numpy as np
    import shapely

    sizes = [style.size]
    while sizes[-1] > style.minimum:
        sizes.append(max(style.minimum, sizes[-1] - 0.25))
    placed = np.array(taken.boxes).reshape(-1, 4)
    for size in sizes:
        boxes = candidates(words, spot, style, size)
        x0, y0, x1, y1 = boxes.T
        inside = (x0 >= area.x) & (y0 >= area.y) & (x1 <= area.right) & (y1 <= area.top)
        near = inside & ~_astray(boxes, spot, rivals, style)
        near &= ~between(boxes, spot, facing, style.between)
        free = np.flatnonzero(near & ~_overlap(boxes, placed).any(axis=1))
        clear = free[~shapely.intersects(taken.figure, shapely.box(*boxes[free].T))]
        if clear.size:
            apart = ~_overlap(boxes[clear], np.array(shun).reshape(-1, 4)).any(axis=1)
            fair = clear[apart & ~between(boxes[clear], spot, rivals, style.between)]
            return _label(words, style, size, boxes[(fair if fair.size else clear)[0]]), True
    if not inside.any():
        raise ValueError(f"no room in the graph area for the label {words!r}")
    tried = np.flatnonzero(near if near.any() else inside)  # by its own star first
    drawn = shapely.area(shapely.intersection(shapely.box(*boxes[tried].T), taken.figure))
    overlap = drawn + _overlap(boxes[tried], placed).sum(axis=1)
    return _label(words, style, sizes[-1], boxes[tried[int(np.argmin(overlap))]]), False


def _label(words: str, style: Style, size: float, box: Any) -> Text:
    down = descent(size, style.font)
    return Text(float(box[0]), float(box[1]) + down, words, size, style.font, color=style.color)


def _overlap(boxes: Any, others: Any) -> Any:
    """The area each of ``boxes`` shares with each of ``others`` (rows of left,
    bottom, right, top)."""
    import numpy as np

    w = np.minimum(boxes[:, None, 2], others[None, :, 2]) - np.maximum(
        boxes[:, None, 0], others[None, :, 0]
    )
    h = np.minimum(boxes[:, None, 3], others[None, :, 3]) - np.maximum(
        boxes[:, None, 1], others[None, :, 1]
    )
    return np.maximum(w, 0.0) * np.maximum(h, 0.0)


def _distance(boxes: Any, x: Any, y: Any) -> Any:
    """From points to the nearest point of each box (0 inside it): a row per box."""
    import numpy as np

    dx = np.maximum(np.maximum(boxes[:, None, 0] - x, 0.0), x - boxes[:, None, 2])
    dy = np.maximum(np.maximum(boxes[:, None, 1] - y, 0.0), y - boxes[:, None, 3])
    return np.hypot(dx, dy)


def _astray(boxes: Any, spot: Spot, rivals: Sequence[Spot], style: Style) -> Any:
    """Whether a reader could take each label for another star's: unless it is
    nearer its own star's edge than any other star's edge by ``lead``, and nearer its
    own star's centre than any other's by ``centre_lead`` (a label beside a big Grand
    star's burst can be near the burst's tip but far from its dot) and ``ratio``
    times (a long name is read as the star it stands over)."""
    import numpy as np

    if not rivals:
        return np.zeros(len(boxes), dtype=bool)
    x, y, gap = np.array([(r.x, r.y, r.gap) for r in rivals]).T
    centre = _distance(boxes, spot.x, spot.y)[:, 0]
    other = _distance(boxes, x, y)
    edge = other - gap < (centre - spot.gap + style.lead)[:, None]
    middle = other < np.maximum(centre + style.centre_lead, centre * style.ratio)[:, None]
    return (edge | middle).any(axis=1)


def between(boxes: Any, spot: Spot, others: Sequence[Spot], ratio: float) -> Any:
    """Whether each box's middle stands between its own star and any of ``others``:
    sees the two more than 120 degrees apart and is less than ``ratio`` times nearer
    its own star's centre (a reader could take it for either's)."""
    import numpy as np

    if not others or ratio <= 1.0:
        return np.zeros(len(boxes), dtype=bool)
    xy = np.array([(o.x, o.y) for o in others])
    return _between(boxes, np.array([spot.x, spot.y]), xy, ratio).any(axis=1)


def _between(boxes: Any, own: Any, others: Any, ratio: float) -> Any:
    """``between`` for each box (a row) and each of ``others`` (a column), ``own``
    the box's own star (one for all, or a row per box)."""
    import numpy as np

    own = np.broadcast_to(own, (len(boxes), 2))
    cx, cy = (boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2
    own_x, own_y = (own[:, 0] - cx)[:, None], (own[:, 1] - cy)[:, None]
    other_x, other_y = others[:, 0] - cx[:, None], others[:, 1] - cy[:, None]
    near, far = np.hypot(own_x, own_y), np.hypot(other_x, other_y)
    wide = own_x * other_x + own_y * other_y < -0.5 * near * far
    return wide & (far < ratio * near)


def place_all(
    labels: Sequence[tuple[str, Spot]],
    style: Style,
    taken: Taken,
    area: Box,
    pad: float,
    stars: Sequence[Spot] = (),
    side: float = 0.0,
    above: float = 0.0,
    shun: Sequence[tuple[Spot, tuple[float, float, float, float]]] = (),
) -> tuple[list[Text], Taken, list[Spot]]:
    """Labels placed one after another, each clear of those before it, nearest its
    own of ``stars``, not between its star and one whose label stands between the
    two, and rather clear of the boxes in ``shun`` that are not its own star's;
    returns them, ``taken`` with their boxes padded by ``pad`` (and ``side`` more
    left and right, ``above`` more over and under), and the spots whose labels found
    no clear place."""
    import numpy as np

    out: list[Text] = []
    crowded: list[Spot] = []
    boxes, owners = np.empty((0, 4)), np.empty((0, 2))  # of the labels placed
    for words, spot in labels:
        rivals = [s for s in stars if s != spot]
        facing: list[Spot] = []
        if style.between > 1.0 and out:
            sees = _between(boxes, owners, np.array([[spot.x, spot.y]]), style.between)[:, 0]
            facing = [labels[int(i)][1] for i in np.flatnonzero(sees)]
        others = [box for s, box in shun if s != spot]
        text, clear = place(words, spot, style, taken, area, rivals, facing, others)
        out.append(text)
        if not clear:
            crowded.append(spot)
        taken = taken.with_label(text, pad, side, above)
        b = ink_bounds(text)
        boxes = np.vstack([boxes, (b.x, b.y, b.right, b.top)])
        owners = np.vstack([owners, (spot.x, spot.y)])
    return out, taken, crowded
