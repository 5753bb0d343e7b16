"""The preflight passes on every page the project produces, and catches what it should."""

from __future__ import annotations

import pytest

from pnp.draw.shapes import Document, Flip, Line, Page, Stroke, Text
from pnp.layouts.cards import CardOptions
from pnp.layouts.starcharts.documents import aid_document, cards_document, sheets_document
from pnp.paper import A4, CARD_SIZES, LETTER, Backs, ImpositionError, Paper
from pnp.render.preflight import preflight
from pnp.starcharts.chart import chart_ids, load_chart
from pnp.units import mm

PAPERS = [A4, LETTER]


def _clean(doc: Document) -> None:
    for n, page in enumerate(doc.pages, 1):
        assert preflight(page) == [], f"{doc.title} page {n}"


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("per_page", [1, 2])
def test_every_sheet(paper: Paper, per_page: int) -> None:
    charts = [load_chart(cid) for cid in chart_ids()]
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


def _page(*items: Line | Text) -> Page:
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
