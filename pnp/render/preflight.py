"""Preflight: every drawn element must lie inside its page's printable area (the inked
outline, strokes included), and so must every fillable field; every glyph must be in the
font. An item's own measures (``ink_bounds``) clear it; one they don't clear, or that may
put no ink at all, is judged and described by its shapely geometry."""

from __future__ import annotations

import math
from functools import cache
from itertools import pairwise
from typing import Any

from pnp.draw.clip import ink_bounds
from pnp.draw.fonts import Font, ascent, descent, missing_glyphs, text_width
from pnp.draw.shapes import Anchor, Circle, Item, Line, Page, Poly, Rect, Text
from pnp.paper.geometry import Box
from pnp.paper.units import to_mm

_TOLERANCE = 1e-3  # points
# What the measures leave to shapely: an item this near the tolerance's edge (their
# rounding differs from shapely's by far less)
_UNSURE = 1e-9  # points
_THIN = 1e-6  # points: an item thinner than this may have no area for shapely


def ink(item: Item) -> Any:
    """The shapely geometry an item puts ink on (a text's box for text)."""
    from shapely import affinity
    from shapely.geometry import LineString, Point, Polygon
    from shapely.geometry import box as rect

    half = 0.0 if getattr(item, "stroke", None) is None else item.stroke.width / 2  # type: ignore[union-attr]
    if isinstance(item, Line):
        return LineString([(item.x1, item.y1), (item.x2, item.y2)]).buffer(half, cap_style="flat")
    if isinstance(item, Rect):
        b = item.box
        return rect(b.x, b.y, b.right, b.top).buffer(half, join_style="round")
    if isinstance(item, Circle):
        return Point(item.cx, item.cy).buffer(item.r + half)
    if isinstance(item, Poly):
        if item.closed:
            return Polygon(item.points).buffer(half, join_style="round")
        return LineString(item.points).buffer(half, cap_style="flat", join_style="round")
    return _text_box(item, rect, affinity)


def _text_box(item: Text, rect: Any, affinity: Any) -> Any:
    width = text_width(item.text, item.size, item.font)
    start = {Anchor.START: 0.0, Anchor.MIDDLE: -width / 2, Anchor.END: -width}[item.anchor]
    shape = rect(
        item.x + start,
        item.y - descent(item.size, item.font),
        item.x + start + width,
        item.y + ascent(item.size, item.font),
    )
    if item.angle:
        shape = affinity.rotate(shape, item.angle, origin=(item.x, item.y))
    return shape


def preflight(page: Page) -> list[str]:
    """What is wrong with a page, one message per offending item."""
    p = page.printable
    slack = _TOLERANCE - _UNSURE
    sure = Box(p.x - slack, p.y - slack, p.w + 2 * slack, p.h + 2 * slack)
    problems = []
    for item in page.items:
        if not (_has_area(item) and sure.contains(ink_bounds(item), 0.0)):
            shape = ink(item)
            if not _area(p).contains(shape):
                x1, y1, x2, y2 = (round(to_mm(v), 1) for v in shape.bounds)
                problems.append(
                    f"{_describe(item)} at ({x1}, {y1})–({x2}, {y2}) mm reaches "
                    "outside the printable area"
                )
        if isinstance(item, Text) and (missing := _missing(item.text, item.font)):
            problems.append(
                f"text {item.text!r} uses characters missing from the font: "
                + "".join(sorted(missing))
            )
    for field in page.fields:
        b = field.box
        if not (_solid(b) and sure.contains(b, 0.0)) and not _area(p).contains(_box(b)):
            problems.append(
                f"field {field.name!r} at ({_mm(b.x)}, {_mm(b.y)})–({_mm(b.right)}, "
                f"{_mm(b.top)}) mm reaches outside the printable area"
            )
    return problems


def _has_area(item: Item) -> bool:
    """Whether the item's shapely geometry surely has an area: that of a line without
    width, say, is empty, which shapely finds inside nothing."""
    half = item.stroke.width / 2 if not isinstance(item, Text) and item.stroke else 0.0
    if isinstance(item, Line):
        return half > _THIN and math.hypot(item.x2 - item.x1, item.y2 - item.y1) > _THIN
    if isinstance(item, Rect):
        return _solid(item.box)
    if isinstance(item, Circle):
        return item.r > _THIN
    if isinstance(item, Poly):
        stroked = half > _THIN and any(math.dist(a, b) > _THIN for a, b in pairwise(item.points))
        if item.closed:
            return len(item.points) >= 3 and (stroked or abs(_shoelace(item.points)) > _THIN)
        return stroked
    return True  # a box, if only the height of a line (an empty text's)


def _solid(b: Box) -> bool:
    return b.right - b.x > _THIN and b.top - b.y > _THIN


def _shoelace(points: tuple[tuple[float, float], ...]) -> float:
    """Twice the polygon's signed area."""
    ends = points[1:] + points[:1]
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, ends, strict=True))


@cache
def _area(p: Box) -> Any:
    """The printable area as shapely geometry, with the tolerance."""
    return _box(p).buffer(_TOLERANCE, join_style="mitre")


def _box(b: Box) -> Any:
    from shapely.geometry import box as rect

    return rect(b.x, b.y, b.right, b.top)


@cache
def _missing(text: str, font: Font) -> frozenset[str]:
    return frozenset(missing_glyphs(text, font))


def _mm(value: float) -> float:
    return round(to_mm(value), 1)


def _describe(item: Item) -> str:
    if isinstance(item, Text):
        return f"text {item.text!r}"
    return type(item).__name__.lower()
