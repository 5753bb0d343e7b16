"""Clipping display items to a box, for designs that reach past a card's trim: lines,
open polylines, unstroked polygons and unrounded unstroked rectangles are cut exactly;
anything else must lie wholly inside the box (or wholly outside, and is dropped)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace
from itertools import pairwise

from pnp.draw.fonts import ascent, descent, text_width
from pnp.draw.shapes import Anchor, Circle, Item, Line, Poly, Rect, Text
from pnp.paper.geometry import Box

Point = tuple[float, float]
_EPS = 1e-9


class ClipError(ValueError):
    """A layout drew something that cannot be cut across the edge of the clip box."""


def ink_bounds(item: Item) -> Box:
    """The box an item puts ink in, strokes included (a text's box for text)."""
    kind = type(item)
    if kind is Text:
        xs, ys = _text_corners(item)  # type: ignore[arg-type]
        half = 0.0
    else:
        stroke = item.stroke  # type: ignore[union-attr]
        half = stroke.width / 2 if stroke else 0.0
        if kind is Line:
            return _line_bounds(item, half)  # type: ignore[arg-type]
        if kind is Rect:
            b = item.box  # type: ignore[union-attr]
            xs, ys = (b.x, b.right), (b.y, b.top)
        elif kind is Circle:
            cx, cy, r = item.cx, item.cy, item.r  # type: ignore[union-attr]
            xs, ys = (cx - r, cx + r), (cy - r, cy + r)
        else:
            xs, ys = zip(*item.points, strict=True)  # type: ignore[union-attr]
    x, y = min(xs) - half, min(ys) - half
    return Box(x, y, max(xs) + half - x, max(ys) + half - y)


def _line_bounds(line: Line, half: float) -> Box:
    """A stroked line's ink with butt caps (PDF's default): the stroke's rectangle."""
    dx, dy = line.x2 - line.x1, line.y2 - line.y1
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * half, dx / length * half
    xs = [line.x1 + nx, line.x1 - nx, line.x2 + nx, line.x2 - nx]
    ys = [line.y1 + ny, line.y1 - ny, line.y2 + ny, line.y2 - ny]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _text_corners(item: Text) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The x and the y of a text box's corners."""
    width = text_width(item.text, item.size, item.font)
    start = {Anchor.START: 0.0, Anchor.MIDDLE: -width / 2, Anchor.END: -width}[item.anchor]
    low, high = -descent(item.size, item.font), ascent(item.size, item.font)
    if not item.angle:
        return (item.x + start, item.x + (start + width)), (item.y + low, item.y + high)
    cos, sin = math.cos(math.radians(item.angle)), math.sin(math.radians(item.angle))
    corners = [
        (item.x + dx * cos - dy * sin, item.y + dx * sin + dy * cos)
        for dx in (start, start + width)
        for dy in (low, high)
    ]
    return tuple(x for x, _ in corners), tuple(y for _, y in corners)


def clip_items(items: Iterable[Item], box: Box) -> list[Item]:
    out: list[Item] = []
    for item in items:
        bounds = ink_bounds(item)
        if box.contains(bounds):
            out.append(item)
        elif box.overlaps(bounds):
            out += _cut(item, box)
    return out


def _cut(item: Item, box: Box) -> list[Item]:
    if isinstance(item, Line):
        ends = _clip_segment((item.x1, item.y1), (item.x2, item.y2), box)
        if ends is None:
            return []
        (x1, y1), (x2, y2) = ends
        return [replace(item, x1=x1, y1=y1, x2=x2, y2=y2)]
    if isinstance(item, Rect) and item.stroke is None and not item.radius:
        b = item.box
        x, y = max(b.x, box.x), max(b.y, box.y)
        return [replace(item, box=Box(x, y, min(b.right, box.right) - x, min(b.top, box.top) - y))]
    if isinstance(item, Poly) and item.closed and item.stroke is None:
        points = _clip_polygon(list(item.points), box)
        return [replace(item, points=tuple(points))] if len(points) >= 3 else []
    if isinstance(item, Poly) and not item.closed and item.fill is None and item.stroke:
        pieces = (_clip_segment(p, q, box) for p, q in pairwise(item.points))
        return [Line(*a, *b, item.stroke) for a, b in filter(None, pieces)]
    raise ClipError(
        f"a {type(item).__name__.lower()} crosses the edge of the area it may be drawn in; "
        "only lines, unstroked polygons and plain rectangles may be cut there"
    )


def _clip_segment(p: Point, q: Point, box: Box) -> tuple[Point, Point] | None:
    """The part of segment pq inside the box."""
    span = segment_inside(p, q, box)
    if span is None:
        return None
    (x1, y1), (x2, y2) = p, q
    t0, t1 = span
    return (x1 + t0 * (x2 - x1), y1 + t0 * (y2 - y1)), (x1 + t1 * (x2 - x1), y1 + t1 * (y2 - y1))


def segment_inside(p: Point, q: Point, box: Box) -> tuple[float, float] | None:
    """Liang–Barsky: the span (t0, t1) of p + t(q − p), 0 ≤ t ≤ 1, inside the box."""
    (x1, y1), (x2, y2) = p, q
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for edge_p, edge_q in (
        (-dx, x1 - box.x),
        (dx, box.right - x1),
        (-dy, y1 - box.y),
        (dy, box.top - y1),
    ):
        if abs(edge_p) < _EPS:
            if edge_q < 0:
                return None
            continue
        t = edge_q / edge_p
        if edge_p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1


def _clip_polygon(points: list[Point], box: Box) -> list[Point]:
    """Sutherland–Hodgman against the box's four edges (the box is convex, so any
    polygon, convex or not, is cut correctly for filling)."""
    for axis, limit, low in (
        (0, box.x, True),
        (0, box.right, False),
        (1, box.y, True),
        (1, box.top, False),
    ):

        def inside(p: Point, axis: int = axis, limit: float = limit, low: bool = low) -> bool:
            return p[axis] >= limit if low else p[axis] <= limit

        result: list[Point] = []
        for k, q in enumerate(points):
            p = points[k - 1]
            if inside(q) != inside(p):
                t = (limit - p[axis]) / (q[axis] - p[axis])
                result.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
            if inside(q):
                result.append(q)
        points = result
    return points
