"""Pages to SVG with svgwrite. This is the one place where y is flipped: the model has
PDF's upward y, SVG's y grows downwards. Text is drawn as glyph outlines from the shipped
fonts, so a viewer needs no font at all: each glyph a page uses is defined once and
placed with ``<use>``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pnp.draw.fonts import Font
from pnp.draw.shapes import Anchor, Circle, Gray, Item, Line, Page, Poly, Rect, Stroke, Text
from pnp.paper.units import to_mm

_ANCHOR_SHIFT = {Anchor.START: 0.0, Anchor.MIDDLE: 0.5, Anchor.END: 1.0}


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _factor(value: float) -> str:
    # Scale factors multiply whole pages or thousands of font units: keep 6 digits.
    return f"{value:.6g}"


@dataclass(frozen=True)
class _Face:
    glyphs: Any  # fontTools glyph set
    cmap: dict[int, str]  # code point -> glyph name
    advances: dict[str, int]  # glyph name -> advance in font units
    ids: dict[str, int]  # glyph name -> glyph id
    units_per_em: int


@cache
def _face(font: Font) -> _Face:
    from fontTools.ttLib import TTFont

    tt = TTFont(str(font.path), lazy=True)
    return _Face(
        tt.getGlyphSet(),
        tt.getBestCmap(),
        {name: advance for name, (advance, _) in tt["hmtx"].metrics.items()},
        tt.getReverseGlyphMap(),
        tt["head"].unitsPerEm,
    )


def load_fonts() -> None:
    """Read the fonts' glyphs, once a process."""
    for font in Font:
        _face(font)


@cache
def _outline(font: Font, glyph: str) -> str:
    """A glyph's outline as SVG path data, in font units with y up."""
    from fontTools.pens.svgPathPen import SVGPathPen

    face = _face(font)
    pen = SVGPathPen(face.glyphs, ntos=_n)
    face.glyphs[glyph].draw(pen)
    return str(pen.getCommands())


def _glyph_id(font: Font, glyph: str) -> str:
    return f"{font.name.lower()}-{_face(font).ids[glyph]}"


def _placements(item: Text) -> list[tuple[str, float]]:
    """Each glyph of a text with its x in font units from the anchor, with the plain
    advances that ``text_width`` measures (no kerning, as in the PDF)."""
    face = _face(item.font)
    names = [face.cmap.get(ord(ch), ".notdef") for ch in item.text]
    x = -sum(face.advances[name] for name in names) * _ANCHOR_SHIFT[item.anchor]
    placed = []
    for name in names:
        placed.append((name, x))
        x += face.advances[name]
    return placed


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
    for font, glyph in _used_glyphs(page):
        drawing.defs.add(drawing.path(d=_outline(font, glyph), id=_glyph_id(font, glyph)))
    parent = drawing
    if page.scale != 1.0:
        parent = drawing.add(drawing.g(transform=_scaling(page)))
    for item in page.items:
        parent.add(_element(drawing, item, flip))
    return str(drawing.tostring())


def _scaling(page: Page) -> str:
    """Scale by ``page.scale`` about the page centre (the same point with y flipped)."""
    s = page.scale
    return (
        f"translate({_n((1 - s) * page.width / 2)} {_n((1 - s) * page.height / 2)}) "
        f"scale({_factor(s)})"
    )


def _used_glyphs(page: Page) -> list[tuple[Font, str]]:
    """The glyphs with ink that the page's texts use, in a stable order."""
    used = {
        (item.font, name)
        for item in page.items
        if isinstance(item, Text)
        for name, _ in _placements(item)
    }
    return sorted(
        ((font, name) for font, name in used if _outline(font, name)),
        key=lambda fg: (fg[0].name, _face(fg[0]).ids[fg[1]]),
    )


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
    """A group at the baseline anchor, turned and scaled to font units (y up again),
    holding one ``<use>`` per inked glyph; the string itself is its accessible name."""
    k = item.size / _face(item.font).units_per_em
    transform = f"translate({_n(item.x)} {_n(flip - item.y)})"
    if item.angle:
        transform += f" rotate({_n(-item.angle)})"
    transform += f" scale({_factor(k)} {_factor(-k)})"
    group = d.g(transform=transform, fill=item.color.hex, role="img", aria_label=item.text)
    for name, x in _placements(item):
        if _outline(item.font, name):
            group.add(d.use(f"#{_glyph_id(item.font, name)}", x=_n(x)))
    return group
