"""Issue 6's printed pages, read back from the files: true black and no colour, bleed
and print-shop pages with their trim and bleed boxes, font subset tags, a fixed date
with SOURCE_DATE_EPOCH, and the designs that reach past the trim clipped exactly."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.draw.clip import ClipError, clip_items, ink_bounds
from pnp.draw.shapes import INK, Circle, Document, Flip, Line, Poly, Rect, Stroke, Text
from pnp.layouts.calibration import calibration_document
from pnp.layouts.cards import CardOptions
from pnp.layouts.starcharts.documents import aid_document, cards_document, sheets_document
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Backs
from pnp.paper.units import mm
from pnp.render.pdf import render_pdf
from pnp.starcharts.chart import load_chart
from tests.conftest import Run
from tests.pdfread import MM, PageContent, box, fonts, pages, reader
from tests.print_helpers import cards_pdf

COLOUR_OPERATORS = {b"rg", b"RG", b"k", b"K", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}


# 4. True black


def _kinds() -> list[Document]:
    chart = load_chart("orion-10-obstacles")
    return [
        sheets_document([chart], A4),
        sheets_document([chart], A4, 2),
        sheets_document([load_chart("orion-8-obstacles")], LETTER, 2),
        cards_document(A4, CardOptions(backs=Backs.DUPLEX)),
        cards_document(LETTER, CardOptions(backs=Backs.FOLD, bleed=mm(3))),
        cards_document(A4, CardOptions(backs=Backs.DUPLEX, bleed=mm(3), print_shop=True)),
        aid_document(LETTER),
        calibration_document(A4, Flip.SHORT),
    ]


@pytest.mark.parametrize("doc", _kinds(), ids=lambda d: d.title)
def test_no_rgb_or_cmyk_colour_anywhere_and_text_is_pure_black(doc: Document) -> None:
    data = render_pdf(doc)
    pdf = PdfReader(io.BytesIO(data))
    black_text = 0
    for page in pdf.pages:
        fill: list[object] = [0]
        for operands, op in ContentStream(page.get_contents(), pdf).operations:
            assert op not in COLOUR_OPERATORS
            if op == b"g":
                fill = operands
            elif op == b"Tj" and float(fill[0]) == 0:  # type: ignore[arg-type]
                black_text += 1
    assert black_text > 0
    assert b"/DeviceRGB" not in data and b"/DeviceCMYK" not in data


def test_headings_and_body_are_pure_black_not_near_black() -> None:
    doc = sheets_document([load_chart("lyra-8")], A4)
    texts = [i for p in doc.pages for i in p.items if isinstance(i, Text)]
    assert {t.color for t in texts if t.text == "Lyra"} == {INK}
    assert INK.level == 0


# 5. Bleed, print-shop pages, TrimBox, subset tags


def test_with_bleed_the_backs_reach_past_the_trim_by_the_bleed() -> None:
    data = cards_pdf(A4, CardOptions(bleed=mm(3), backs=Backs.DUPLEX))
    pdf = reader(data)
    back = pages(data)[1]
    trim, bleed = box(pdf.pages[1], "/TrimBox"), box(pdf.pages[1], "/BleedBox")
    assert bleed == pytest.approx(
        (trim[0] - 3 * MM, trim[1] - 3 * MM, trim[2] + 3 * MM, trim[3] + 3 * MM), abs=0.01
    )
    ink = (min(b[0] for b in back.bboxes), min(b[1] for b in back.bboxes))
    assert ink[0] == pytest.approx(bleed[0], abs=0.01) and ink[1] <= bleed[1] + 0.01


def test_print_shop_pages_are_one_card_with_bleed_and_trimbox() -> None:
    data = cards_pdf(LETTER, CardOptions(bleed=mm(3), backs=Backs.DUPLEX, print_shop=True))
    pdf = reader(data)
    assert len(pdf.pages) == 26  # 13 fronts, each followed by its back
    w, h = (63.5 + 6) * MM, (88.9 + 6) * MM
    for page in pdf.pages:
        assert box(page, "/MediaBox") == pytest.approx((0, 0, w, h), abs=0.01)
        assert box(page, "/BleedBox") == pytest.approx((0, 0, w, h), abs=0.01)
        assert box(page, "/TrimBox") == pytest.approx(
            (3 * MM, 3 * MM, w - 3 * MM, h - 3 * MM), abs=0.01
        )
    back = pages(data)[1]
    assert any(b == pytest.approx((0, 0, w, h), abs=0.01) for b in back.bboxes)  # full bleed
    root: Any = pdf.trailer["/Root"]
    assert "/Duplex" not in root["/ViewerPreferences"]


def _card_boxes(page: PageContent) -> list[tuple[float, float, float, float]]:
    """Each card's trim, found from what is drawn: a front's frame 3 mm inside the trim, a
    back's round emblem at the card's centre."""
    w, h = 63.5 * MM, 88.9 * MM
    found = set()
    for x0, y0, x1, y1 in page.bboxes:
        if abs(x1 - x0 - (w - 6 * MM)) < 0.5 and abs(y1 - y0 - (h - 6 * MM)) < 0.5:
            found.add((x0 - 3 * MM, y0 - 3 * MM, x1 + 3 * MM, y1 + 3 * MM))
        elif abs(x1 - x0 - 48 * MM) < 0.05 and abs(y1 - y0 - 48 * MM) < 0.05:
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            found.add((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return sorted(found)


@pytest.mark.parametrize("backs", list(Backs), ids=lambda b: b.value)
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_every_card_page_has_its_trimbox_around_its_cards(backs: Backs, bleed: float) -> None:
    data = cards_pdf(A4, CardOptions(backs=backs, bleed=mm(bleed)))
    for page, content in zip(reader(data).pages, pages(data), strict=True):
        cards = _card_boxes(content)
        assert cards
        trim = (
            min(c[0] for c in cards),
            min(c[1] for c in cards),
            max(c[2] for c in cards),
            max(c[3] for c in cards),
        )
        assert box(page, "/TrimBox") == pytest.approx(trim, abs=0.6)
        if bleed:
            grown = (trim[0] - 3 * MM, trim[1] - 3 * MM, trim[2] + 3 * MM, trim[3] + 3 * MM)
            assert box(page, "/BleedBox") == pytest.approx(grown, abs=0.6)
        else:
            assert "/BleedBox" not in page


def test_fold_pages_trim_both_halves() -> None:
    page = cards_document(A4, CardOptions(backs=Backs.FOLD)).pages[0]
    assert page.trim is not None
    assert page.trim.y < A4.height / 2 < page.trim.top


def test_subset_tags_differ_between_documents_and_are_stable() -> None:
    def tags(data: bytes) -> set[str]:
        return {str(f["/BaseFont"]).split("+")[0] for f in fonts(data)}

    sheet = render_pdf(sheets_document([load_chart("lyra-8")], A4))
    aid = render_pdf(aid_document(A4))
    assert tags(sheet).isdisjoint(tags(aid))
    assert "/AAAAAA" not in tags(sheet) | tags(aid)
    assert all(re.fullmatch(r"/[A-Z]{6}", t) for t in tags(sheet))
    assert tags(sheet) == tags(render_pdf(sheets_document([load_chart("lyra-8")], A4)))


def test_source_date_epoch_is_honoured_and_a_bad_one_is_one_line(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert run("starcharts", "aid", "-o", "a.pdf").exit_code == 0
    assert run("starcharts", "aid", "-o", "b.pdf").exit_code == 0
    assert Path("a.pdf").read_bytes() == Path("b.pdf").read_bytes()
    assert b"D:20231114221320" in Path("a.pdf").read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    bad = run("starcharts", "aid", "-o", "c.pdf")
    assert bad.exit_code == 1
    assert bad.output.strip().splitlines() == [
        "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not 'abc'"
    ]


# Clipping the designs that reach past the trim


def test_clip_cuts_lines_polygons_and_plain_rectangles_exactly() -> None:
    area = Box(0, 0, 10, 10)
    line, rect, poly = (
        Line(-5, 5, 15, 5),
        Rect(Box(-2, -2, 6, 6), None, INK),
        Poly(((-5, -5), (5, -5), (5, 5), (-5, 5)), True, None, INK),
    )
    cut = clip_items([line, rect, poly], area)
    assert [ink_bounds(i) for i in cut] == [
        Box(0, 4.75, 10, 0.5),
        Box(0, 0, 4, 4),
        Box(0, 0, 5, 5),
    ]
    with pytest.raises(ClipError):
        clip_items([Circle(0, 0, 3, Stroke())], area)


@given(
    st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=3, max_size=12),
)
def test_a_clipped_polygon_lies_inside_the_box(points: list[tuple[float, float]]) -> None:
    area = Box(-10, -10, 20, 20)
    for item in clip_items([Poly(tuple(points), True, None, INK)], area):
        assert area.contains(ink_bounds(item), 1e-6)
