"""Pages to SVG with svgwrite. This is the one place where y is flipped: the model has
PDF's upward y, SVG's y grows downwards. The font is embedded as a subset."""

from __future__ import annotations

import base64
import io
from typing import Any

from pnp.draw.fonts import Font
from pnp.draw.shapes import Anchor, Circle, Gray, Item, Line, Page, Poly, Rect, Stroke, Text
from pnp.units import to_mm


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def render_svg(page: Page, title: str) -> str:
    import svgwrite

    flip = page.height
    drawing = svgwrite.Drawing(
        size=(f"{_n(to_mm(page.width))}mm", f"{_n(to_mm(page.height))}mm"),
        viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
        profile="full",
        debug=False,
    )
    drawing.set_desc(title=title)
    css = _font_css(page)
    if css:
        drawing.defs.add(drawing.style(css))
    for item in page.items:
        drawing.add(_element(drawing, item, flip))
    return str(drawing.tostring())


def _stroke_attrs(stroke: Stroke | None, fill: Gray | None) -> dict[str, str]:
    attrs = {"fill": fill.hex if fill else "none"}
    if stroke is not None:
        attrs |= {
            "stroke": stroke.color.hex,
            "stroke_width": _n(stroke.width),
            "stroke_linejoin": "round",
        }
        if stroke.dash:
            attrs["stroke_dasharray"] = " ".join(_n(d) for d in stroke.dash)
    return attrs


def _element(d: Any, item: Item, flip: float) -> Any:
    if isinstance(item, Line):
        return d.line(
            (_n(item.x1), _n(flip - item.y1)),
            (_n(item.x2), _n(flip - item.y2)),
            **_stroke_attrs(item.stroke, None),
        )
    if isinstance(item, Rect):
        b = item.box
        extra = {"rx": _n(item.radius)} if item.radius else {}
        return d.rect(
            (_n(b.x), _n(flip - b.top)),
            (_n(b.w), _n(b.h)),
            **_stroke_attrs(item.stroke, item.fill),
            **extra,
        )
    if isinstance(item, Circle):
        return d.circle(
            (_n(item.cx), _n(flip - item.cy)), _n(item.r), **_stroke_attrs(item.stroke, item.fill)
        )
    if isinstance(item, Poly):
        points = [(_n(x), _n(flip - y)) for x, y in item.points]
        make = d.polygon if item.closed else d.polyline
        return make(points, **_stroke_attrs(item.stroke, item.fill))
    return _text(d, item, flip)


def _text(d: Any, item: Text, flip: float) -> Any:
    x, y = _n(item.x), _n(flip - item.y)
    attrs = {
        "font_family": f"{item.font.family}, DejaVu Sans, sans-serif",
        "font_size": _n(item.size),
        "fill": item.color.hex,
    }
    if item.font is Font.BOLD:
        attrs["font_weight"] = "bold"
    if item.anchor is not Anchor.START:
        attrs["text_anchor"] = item.anchor.value
    if item.angle:
        attrs["transform"] = f"rotate({_n(-item.angle)} {x} {y})"
    return d.text(item.text, insert=(x, y), **attrs)


def _font_css(page: Page) -> str:
    used: dict[Font, set[str]] = {}
    for item in page.items:
        if isinstance(item, Text):
            used.setdefault(item.font, set()).update(item.text)
    rules = []
    for font in Font:
        if font in used:
            data = base64.b64encode(_subset(font, "".join(sorted(used[font])))).decode("ascii")
            rules.append(
                f"@font-face{{font-family:'{font.family}';font-weight:{font.weight};"
                f"src:url(data:font/ttf;base64,{data}) format('truetype');}}"
            )
    return "".join(rules)


def _subset(font: Font, text: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.drop_tables = [*options.drop_tables, "FFTM"]  # FontForge's timestamp; it warns
    tt = TTFont(str(font.path), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(tt)
    out = io.BytesIO()
    tt.save(out)
    return out.getvalue()
