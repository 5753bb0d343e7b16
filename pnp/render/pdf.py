"""Documents to PDF with ReportLab: embedded subset TrueType fonts, page boxes, print at
actual size, and invariant mode so the same document always gives the same bytes."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from pnp import __version__
from pnp.draw.fonts import Font
from pnp.draw.shapes import (
    Anchor,
    Circle,
    Document,
    Flip,
    Gray,
    Item,
    Line,
    Page,
    Poly,
    Rect,
    Text,
)
from pnp.geometry import Box

_JOIN_ROUND = 1


@cache
def _register_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for font in Font:
        pdfmetrics.registerFont(TTFont(font.value, str(font.path)))


def render_pdf(doc: Document) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    _register_fonts()
    out = io.BytesIO()
    first = doc.pages[0]
    # The initial font goes into every page's preamble; ours keeps Helvetica (a
    # standard, never-embedded font) out of the file.
    canvas = Canvas(
        out,
        pagesize=(first.width, first.height),
        invariant=1,
        pageCompression=1,
        initialFontName=Font.REGULAR.value,
    )
    canvas.setTitle(doc.title)
    canvas.setSubject(doc.subject)
    canvas.setAuthor("pnp")
    canvas.setCreator(f"pnp {__version__}")
    canvas.setViewerPreference("PrintScaling", "None")
    if doc.duplex is not None:
        edge = "DuplexFlipLongEdge" if doc.duplex is Flip.LONG else "DuplexFlipShortEdge"
        canvas.setViewerPreference("Duplex", edge)
    for page in doc.pages:
        _page(canvas, page)
    canvas.save()
    return out.getvalue()


def _corners(box: Box) -> tuple[float, float, float, float]:
    return (box.x, box.y, box.right, box.top)


def _page(canvas: Any, page: Page) -> None:
    canvas.setPageSize((page.width, page.height))
    canvas.setTrimBox(_corners(page.trim or page.media))
    canvas.setBleedBox(_corners(page.bleed) if page.bleed else None)
    canvas.setLineJoin(_JOIN_ROUND)
    for item in page.items:
        _item(canvas, item)
    canvas.showPage()


def _stroke(canvas: Any, item: Line | Rect | Circle | Poly) -> int:
    if item.stroke is None:
        return 0
    canvas.setStrokeGray(item.stroke.color.level)
    canvas.setLineWidth(item.stroke.width)
    canvas.setDash(list(item.stroke.dash) if item.stroke.dash else [])
    return 1


def _fill(canvas: Any, fill: Gray | None) -> int:
    if fill is None:
        return 0
    canvas.setFillGray(fill.level)
    return 1


def _item(canvas: Any, item: Item) -> None:
    if isinstance(item, Line):
        _stroke(canvas, item)
        canvas.line(item.x1, item.y1, item.x2, item.y2)
    elif isinstance(item, Rect):
        stroke, fill = _stroke(canvas, item), _fill(canvas, item.fill)
        b = item.box
        if item.radius:
            canvas.roundRect(b.x, b.y, b.w, b.h, item.radius, stroke=stroke, fill=fill)
        else:
            canvas.rect(b.x, b.y, b.w, b.h, stroke=stroke, fill=fill)
    elif isinstance(item, Circle):
        stroke, fill = _stroke(canvas, item), _fill(canvas, item.fill)
        canvas.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
    elif isinstance(item, Poly):
        stroke, fill = _stroke(canvas, item), _fill(canvas, item.fill)
        path = canvas.beginPath()
        path.moveTo(*item.points[0])
        for point in item.points[1:]:
            path.lineTo(*point)
        if item.closed:
            path.close()
        canvas.drawPath(path, stroke=stroke, fill=fill)
    else:
        _text(canvas, item)


def _text(canvas: Any, item: Text) -> None:
    canvas.setFont(item.font.value, item.size)
    canvas.setFillGray(item.color.level)
    draw = {
        Anchor.START: canvas.drawString,
        Anchor.MIDDLE: canvas.drawCentredString,
        Anchor.END: canvas.drawRightString,
    }[item.anchor]
    if item.angle:
        canvas.saveState()
        canvas.translate(item.x, item.y)
        canvas.rotate(item.angle)
        draw(0, 0, item.text)
        canvas.restoreState()
    else:
        draw(item.x, item.y, item.text)
