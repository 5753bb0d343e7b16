"""Preflight: every drawn element must lie inside its page's printable area (shapely
geometry of the inked outline, strokes included), and so must every fillable field;
every glyph must be in the font."""

from __future__ import annotations

from typing import Any

from pnp.draw.fonts import ascent, descent, missing_glyphs, text_width
from pnp.draw.shapes import Anchor, Circle, Item, Line, Page, Poly, Rect, Text
from pnp.units import to_mm

_TOLERANCE = 1e-3  # points


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
    from shapely.geometry import box as rect

    p = page.printable
    area = rect(p.x, p.y, p.right, p.top).buffer(_TOLERANCE, join_style="mitre")
    problems = []
    for item in page.items:
        shape = ink(item)
        if not area.contains(shape):
            x1, y1, x2, y2 = (round(to_mm(v), 1) for v in shape.bounds)
            problems.append(
                f"{_describe(item)} at ({x1}, {y1})–({x2}, {y2}) mm reaches "
                "outside the printable area"
            )
        if isinstance(item, Text) and (missing := missing_glyphs(item.text, item.font)):
            problems.append(
                f"text {item.text!r} uses characters missing from the font: "
                + "".join(sorted(missing))
            )
    for field in page.fields:
        b = field.box
        if not area.contains(rect(b.x, b.y, b.right, b.top)):
            problems.append(
                f"field {field.name!r} at ({_mm(b.x)}, {_mm(b.y)})–({_mm(b.right)}, "
                f"{_mm(b.top)}) mm reaches outside the printable area"
            )
    return problems


def _mm(value: float) -> float:
    return round(to_mm(value), 1)


def _describe(item: Item) -> str:
    if isinstance(item, Text):
        return f"text {item.text!r}"
    return type(item).__name__.lower()
