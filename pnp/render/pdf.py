"""Documents to PDF with ReportLab: embedded subset TrueType fonts, page boxes, print at
actual size, and invariant mode so the same document always gives the same bytes."""

from __future__ import annotations

import hashlib
import io
import os
import re
import struct
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
from pnp.errors import PnpError
from pnp.paper.geometry import Box
from pnp.render.pdf_form import Form

_JOIN_ROUND = 1


class SourceDateEpochError(PnpError):
    pass


def _check_source_date_epoch() -> None:
    """ReportLab stamps the file with ``SOURCE_DATE_EPOCH`` when it is set; a malformed
    value is an error (reproducible-builds.org: a build SHOULD fail on it)."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if value is not None and not re.fullmatch(r"[0-9]{1,11}", value.strip()):
        raise SourceDateEpochError(
            f"SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not {value!r}"
        )


def subset_tag(font_name: bytes, code_points: tuple[int, ...]) -> bytes:
    """Six capital letters derived from a subset's content, so different subsets get
    different tags in every document and the same subset always gets the same one."""
    digest = hashlib.sha256(font_name + b":" + bytes(repr(code_points), "ascii")).digest()
    return bytes(65 + b % 26 for b in digest[:6])


# An embedded font keeps of the shipped file's `name` table (its Windows records) the
# names, the copyright notice and the licence URL, and gains the trademark notice and a
# note on where the licence is. The licence's text itself (16 KB in every font) goes in
# the kits' CREDITS.txt: RULES.md print.font-licence says why the terms allow it.
_KEPT_NAMES = (0, 1, 2, 3, 4, 5, 6, 14)
_WINDOWS_ENGLISH = (3, 1, 0x409)
TRADEMARK_NAME = 7
LICENCE_NAME = 13
TRADEMARK = "Bitstream Vera is a trademark of Bitstream, Inc."
LICENCE_NOTE = (
    "A subset of DejaVu Sans Condensed, under the Bitstream Vera Fonts and Arev Fonts "
    "licences (DejaVu changes are in public domain); their full text is in the "
    "CREDITS.txt of every pnp kit and in pnp's fonts/LICENSE."
)


def embedded_font(font: Font) -> bytes:
    """The font file ReportLab subsets: the shipped one, its glyphs and metrics as they
    are, with a `name` table holding only names and notices. ReportLab reads the tables
    the table directory points to, and a subset copies the `name` table it finds, so the
    new one is added at the end and the directory pointed at it (the shipped one stays,
    unread, and the file's own checksum, which ReportLab does not check, is left)."""
    data = bytearray(font.path.read_bytes())
    count = struct.unpack_from(">H", data, 4)[0]
    entry = next(at for at in range(12, 12 + 16 * count, 16) if data[at : at + 4] == b"name")
    offset, length = struct.unpack_from(">LL", data, entry + 8)
    names = _name_table(bytes(data[offset : offset + length]))
    data += bytes(-len(data) % 4)
    struct.pack_into(">LLL", data, entry + 4, _checksum(names), len(data), len(names))
    return bytes(data + names)


def _name_table(table: bytes) -> bytes:
    """The `name` table keeping the Windows English records of ``_KEPT_NAMES``, with the
    trademark notice and the licence note, compiled as fontTools compiles one: format 0,
    the records in order, each distinct string stored once."""
    count, strings = struct.unpack_from(">HH", table, 2)
    records = []
    for at in range(6, 6 + 12 * count, 12):
        *ids, size, start = struct.unpack_from(">6H", table, at)
        if ids[3] in _KEPT_NAMES and tuple(ids[:3]) == _WINDOWS_ENGLISH:
            records.append((*ids, table[strings + start : strings + start + size]))
    records += [
        (*_WINDOWS_ENGLISH, TRADEMARK_NAME, TRADEMARK.encode("utf-16-be")),
        (*_WINDOWS_ENGLISH, LICENCE_NAME, LICENCE_NOTE.encode("utf-16-be")),
    ]
    records.sort()
    heads, stored = [], b""
    where: dict[bytes, int] = {}
    for *ids, string in records:
        if string not in where:
            where[string] = len(stored)
            stored += string
        heads.append(struct.pack(">6H", *ids, len(string), where[string]))
    return struct.pack(">HHH", 0, len(records), 6 + 12 * len(records)) + b"".join(heads) + stored


def _checksum(table: bytes) -> int:
    padded = table + bytes(-len(table) % 4)
    words: tuple[int, ...] = struct.unpack(f">{len(padded) // 4}L", padded)
    return sum(words) & 0xFFFFFFFF


@cache
def register_fonts() -> None:
    """Load ReportLab and give it the fonts, once a process."""
    from reportlab.pdfbase import pdfmetrics, ttfonts

    class TaggedTTFont(ttfonts.TTFont):  # type: ignore[misc]
        """ReportLab names subset n of every font ``SUBSETN(n)``, so every document has
        an ``AAAAAA+`` font, which confuses tools that merge files. It reads the name
        from a module global while it writes a document's fonts; give it ours then."""

        def addObjects(self, doc: Any) -> None:  # noqa: N802 (ReportLab's name)
            subsets = [tuple(s) for s in self.state[doc].subsets]
            face = self.face.name
            numbered = ttfonts.SUBSETN
            ttfonts.SUBSETN = lambda n: subset_tag(face, subsets[n])
            try:
                super().addObjects(doc)
            finally:
                ttfonts.SUBSETN = numbered

    for font in Font:
        # Not ASCII-readable: a subset then holds the characters the document draws
        # (and the space), where ReportLab would otherwise put all of ASCII in it.
        data = io.BytesIO(embedded_font(font))
        pdfmetrics.registerFont(TaggedTTFont(font.value, data, asciiReadable=False))


def render_pdf(doc: Document) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    _check_source_date_epoch()
    register_fonts()
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
    form = Form(canvas)
    drawn: dict[int, list[str]] = {}
    for page in doc.pages:
        _page(canvas, page, form, drawn)
    form.finish()
    canvas.save()
    return out.getvalue()


def _corners(box: Box, page: Page) -> tuple[float, float, float, float]:
    """A page box's corners, scaled with the drawing about the page centre."""
    cx, cy, s = page.width / 2, page.height / 2, page.scale
    return (
        cx + (box.x - cx) * s,
        cy + (box.y - cy) * s,
        cx + (box.right - cx) * s,
        cy + (box.top - cy) * s,
    )


def _page(canvas: Any, page: Page, form: Form, drawn: dict[int, list[str]]) -> None:
    """Draw a page. A page the document repeats (a sheet of the same card backs) is
    drawn once: its operators, which a page starts without, are copied after that (the
    glyphs its text uses have their codes in the document's fonts by then)."""
    canvas.setPageSize((page.width, page.height))
    canvas.setTrimBox(_corners(page.trim or page.media, page))
    canvas.setBleedBox(_corners(page.bleed, page) if page.bleed else None)
    if id(page) in drawn:
        canvas._code += drawn[id(page)]
    else:
        canvas.setLineJoin(_JOIN_ROUND)
        if page.scale != 1.0:
            canvas.translate(page.width / 2, page.height / 2)
            canvas.scale(page.scale, page.scale)
            canvas.translate(-page.width / 2, -page.height / 2)
        for item in page.items:
            _item(canvas, item)
        if not page.fields:
            drawn[id(page)] = list(canvas._code)
    for field in page.fields:
        form.add(field, _corners(field.box, page), page.scale)
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
