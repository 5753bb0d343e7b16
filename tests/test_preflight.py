"""The preflight passes on every page the project produces, and catches what it should."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.draw.shapes import (
    INK,
    Anchor,
    Circle,
    Document,
    Flip,
    Item,
    Line,
    Page,
    Poly,
    Rect,
    Stroke,
    Text,
)
from pnp.layouts.cards import CardOptions
from pnp.layouts.starcharts.documents import aid_document, cards_document, sheets_document
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, CARD_SIZES, LETTER, Backs, ImpositionError, Paper
from pnp.paper.units import mm
from pnp.render.preflight import ink, preflight
from pnp.starcharts.chart import chart_ids, load_chart

PAPERS = [A4, LETTER]


def _clean(doc: Document) -> None:
    for n, page in enumerate(doc.pages, 1):
        assert preflight(page) == [], f"{doc.title} page {n}"


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("per_page", [1, 2])
def test_every_sheet(paper: Paper, per_page: int) -> None:
    charts = [load_chart(cid) for cid in chart_ids()]
    if paper is LETTER and per_page == 2:  # no 10 × 10 chart fits half a Letter page
        charts = [c for c in charts if c.size == 8]
    _clean(sheets_document(charts, paper, per_page))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("backs", list(Backs), ids=lambda b: b.value)
@pytest.mark.parametrize("card", list(CARD_SIZES), ids=str)
@pytest.mark.parametrize("bleed", [0, 3])
def test_every_card_layout(paper: Paper, backs: Backs, card: str, bleed: int) -> None:
    for flip in Flip:
        options = CardOptions(CARD_SIZES[card], mm(bleed), backs, flip)
        if (paper, backs, card, bleed) == (LETTER, Backs.FOLD, "tarot", 3):
            # Half a Letter page is too short for a bled tarot card and its marks.
            with pytest.raises(ImpositionError, match="does not fit"):
                cards_document(paper, options)
            continue
        _clean(cards_document(paper, options))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_aid_and_the_calibration_sheet(paper: Paper) -> None:
    from pnp.layouts.calibration import calibration_document

    _clean(aid_document(paper))
    for flip in Flip:
        _clean(calibration_document(paper, flip))


def _page(*items: Item) -> Page:
    return Page(A4.width, A4.height, A4.printable, items)


def test_an_item_in_the_dead_margin_is_reported() -> None:
    inside = Line(mm(10), mm(10), mm(100), mm(10))
    assert preflight(_page(inside)) == []
    problems = preflight(_page(inside, Line(mm(3), mm(10), mm(100), mm(10))))
    assert len(problems) == 1 and "line at (3.0, 9.9)" in problems[0]


def test_a_stroke_reaching_into_the_margin_is_reported() -> None:
    edge = mm(6)
    assert preflight(_page(Line(edge + 1, mm(50), edge + 1, mm(60), Stroke(width=1)))) == []
    assert preflight(_page(Line(edge + 1, mm(50), edge + 1, mm(60), Stroke(width=3))))


def test_text_is_measured_and_turned() -> None:
    near_right = A4.width - mm(6) - 5
    assert preflight(_page(Text(near_right, mm(100), "Wide text", 12)))
    assert preflight(_page(Text(near_right, mm(100), "Wide text", 12, angle=90))) == []


def test_a_glyph_missing_from_the_font_is_reported() -> None:
    problems = preflight(_page(Text(mm(20), mm(20), "Bételgeuse α Ara 🜁", 10)))
    assert len(problems) == 1 and "🜁" in problems[0]


def _shapely_only(page: Page) -> list[str]:
    """The preflight's messages about ink as they were when shapely judged every item."""
    from shapely.geometry import box

    p = page.printable
    area = box(p.x, p.y, p.right, p.top).buffer(1e-3, join_style="mitre")
    problems = []
    for item in page.items:
        shape = ink(item)
        if not area.contains(shape):
            x1, y1, x2, y2 = (round(v / mm(1), 1) for v in shape.bounds)
            what = f"text {item.text!r}" if isinstance(item, Text) else type(item).__name__.lower()
            problems.append(
                f"{what} at ({x1}, {y1})–({x2}, {y2}) mm reaches outside the printable area"
            )
    return problems


EDGE = A4.printable
OUTSIDE = [
    Line(EDGE.x + 1, mm(50), EDGE.x - 1, mm(60)),
    Line(mm(50), mm(50), mm(50), mm(50)),  # no length: no ink shapely finds inside
    Line(mm(50), mm(50), mm(60), mm(50), Stroke(width=0.0)),
    Rect(Box(EDGE.right - 10, mm(50), 10.5, 10)),
    Rect(Box(EDGE.x, EDGE.y, 10, 10), Stroke(width=0.01)),
    Rect(Box(mm(50), mm(50), 0.0, 10), None, INK),
    Circle(EDGE.cx, EDGE.top - 3, 3.2, None, INK),
    Circle(mm(50), mm(50), 0.0, None, INK),
    Poly(((EDGE.x, mm(50)), (mm(20), mm(60)), (mm(20), mm(40))), True, Stroke(width=1)),
    Poly(((mm(20), EDGE.y + 0.2), (mm(40), EDGE.y + 0.2), (mm(60), mm(40))), False),
    Poly(((mm(20), mm(20)), (mm(30), mm(20)), (mm(40), mm(20))), True, None, INK),
    Text(EDGE.right - 20, mm(100), "Wide text", 12),
    Text(mm(100), EDGE.top - 20, "Turned text", 12, angle=90),
    Text(mm(100), EDGE.top - 10, "Leaning text", 12, anchor=Anchor.MIDDLE, angle=30),
    Text(EDGE.x - 1, mm(100), "", 12),
    Poly(((EDGE.x, mm(60)), (mm(20), mm(60)), (EDGE.x, mm(40)), (mm(20), mm(40))), True),
]


@pytest.mark.parametrize("item", OUTSIDE, ids=lambda i: type(i).__name__)
def test_ink_outside_is_reported_as_shapely_found_it(item: Item) -> None:
    messages = _shapely_only(_page(item))
    assert len(messages) == 1
    assert preflight(_page(item)) == messages


_near_edge = st.one_of(st.floats(EDGE.x - 2, EDGE.x + 2), st.floats(EDGE.right - 2, EDGE.right + 2))
_near_top = st.one_of(st.floats(EDGE.y - 2, EDGE.y + 2), st.floats(EDGE.top - 2, EDGE.top + 2))
_points = st.lists(st.tuples(_near_edge, _near_top), min_size=3, max_size=6).map(tuple)
_strokes = st.one_of(st.none(), st.builds(Stroke, width=st.sampled_from([0.0, 0.25, 1.0, 3.0])))
_bowties = st.builds(  # crossed: no area of its own, but a stroke's
    lambda x1, y1, x2, y2: ((x1, y1), (x2, y1), (x1, y2), (x2, y2)),
    _near_edge,
    _near_top,
    _near_edge,
    _near_top,
)
_items = st.one_of(
    st.builds(
        Line, _near_edge, _near_top, _near_edge, _near_top, st.builds(Stroke, width=st.floats(0, 3))
    ),
    st.builds(
        Rect,
        st.builds(Box, _near_edge, _near_top, st.floats(0, 4), st.floats(0, 4)),
        _strokes,
        st.just(INK),
        st.sampled_from([0.0, 2.0]),
    ),
    st.builds(Circle, _near_edge, _near_top, st.floats(0, 4), _strokes, st.just(INK)),
    st.builds(Poly, _points, st.booleans(), _strokes, st.just(INK)),
    st.builds(Poly, _bowties, st.just(True), _strokes),
    st.builds(
        Text,
        _near_edge,
        _near_top,
        st.sampled_from(["", "1", "Wide text", "Bételgeuse"]),
        st.sampled_from([5.5, 12.0]),
        anchor=st.sampled_from(list(Anchor)),
        angle=st.sampled_from([0.0, 30.0, 90.0, 180.0, 270.0]),
    ),
)


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "300")), deadline=None)
@given(st.lists(_items, min_size=1, max_size=4))
def test_the_preflight_finds_what_shapely_alone_found(items: list[Item]) -> None:
    """Items near the printable area's edges, in it or not, some without any ink: the
    preflight reports exactly what judging every item's shapely geometry reported."""
    page = _page(*items)
    assert [m for m in preflight(page) if "missing from the font" not in m] == _shapely_only(page)
