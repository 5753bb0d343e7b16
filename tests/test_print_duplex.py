"""Issue 6's duplex correction, read back from the files: offsets of 3 mm every way fit
both papers, ink stays out of the dead margin with any offset that fits, backs reach
past the trim unless the dead margin stops them, and a refused offset names the
largest that fits."""

from __future__ import annotations

import pytest

from pnp.draw.shapes import TINT, Flip, Line, Rect
from pnp.layouts.cards import CROP, CardOptions, imposition, offset_range
from pnp.layouts.starcharts.documents import cards_document
from pnp.paper.sizes import A4, CARD_SIZES, DEAD_MARGIN, LETTER, SAFE_ZONE, Backs, Paper, back_slot
from pnp.paper.units import mm
from tests.conftest import Run
from tests.pdfread import pages
from tests.print_helpers import cards_pdf

PAPERS = [A4, LETTER]


def _duplex(flip: Flip, dx: float, dy: float, size: str = "poker") -> CardOptions:
    return CardOptions(CARD_SIZES[size], 0.0, Backs.DUPLEX, flip, (mm(dx), mm(dy)))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", ["poker", "63x88"])
def test_offsets_of_3_mm_every_way_fit_both_papers(paper: Paper, size: str) -> None:
    for flip in Flip:
        allowed = offset_range(imposition(paper, _duplex(flip, 0, 0, size)), flip)
        for dx in (-3, 3):
            for dy in (-3, 3):
                assert allowed.allows(mm(dx), mm(dy))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("flip", list(Flip), ids=lambda f: f.value)
@pytest.mark.parametrize(("dx", "dy"), [(3, 3), (-3, -3)])
def test_ink_stays_out_of_the_dead_margin_with_any_offset_that_fits(
    paper: Paper, flip: Flip, dx: float, dy: float
) -> None:
    for page in pages(cards_pdf(paper, _duplex(flip, dx, dy))):
        for x0, y0, x1, y1 in page.bboxes:
            assert x0 >= DEAD_MARGIN - 0.01 and y0 >= DEAD_MARGIN - 0.01
            assert x1 <= paper.width - DEAD_MARGIN + 0.01
            assert y1 <= paper.height - DEAD_MARGIN + 0.01


def test_the_back_field_reaches_the_dead_margin_but_the_emblems_move_whole() -> None:
    back = pages(cards_pdf(LETTER, _duplex(Flip.LONG, 0, 3)))[1]
    top = max(y1 for _, _, _, y1 in back.bboxes)
    assert top == pytest.approx(LETTER.height - DEAD_MARGIN, abs=0.01)  # clipped field


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("backs", [Backs.DUPLEX, Backs.FOLD], ids=lambda b: b.value)
def test_backs_reach_3_mm_past_every_trim_unless_the_dead_margin_stops_them(
    paper: Paper, backs: Backs
) -> None:
    options = CardOptions(backs=backs)
    imp = imposition(paper, options)
    long_edge = backs is Backs.DUPLEX
    expected = [back_slot(s, paper, long_edge, (0.0, 0.0)).inset(-SAFE_ZONE) for s in imp.slots]
    p = paper.printable
    page = cards_document(paper, options).pages[1 if long_edge else 0]
    fields = [i.box for i in page.items if isinstance(i, Rect) and i.fill == TINT]
    assert len(fields) == len(expected)
    for want in expected:
        x, y = max(want.x, p.x), max(want.y, p.y)
        clipped = (x, y, min(want.right, p.right), min(want.top, p.top))
        assert any((f.x, f.y, f.right, f.top) == pytest.approx(clipped, abs=1e-6) for f in fields)


def test_a_part_filled_page_marks_only_its_cards_and_the_back_ruler_stays_put() -> None:
    doc = cards_document(A4, CardOptions(backs=Backs.DUPLEX))
    fronts, backs = doc.pages[::2], doc.pages[1::2]
    last = fronts[-1]
    assert last.trim is not None
    for line in (i for i in last.items if isinstance(i, Line) and i.stroke == CROP):
        x, y = (line.x1 + line.x2) / 2, (line.y1 + line.y2) / 2
        near = last.trim.inset(-mm(8))
        assert near.x <= x <= near.right and near.y <= y <= near.top  # a mark of these cards
    rulers = {
        min((i.x1, i.y1) for i in b.items if isinstance(i, Line) and i.stroke.width == 0.35)
        for b in backs
    }
    assert len(rulers) == 1


def test_a_refused_offset_names_the_largest_that_fits(run: Run) -> None:
    result = run("starcharts", "cards", "--backs", "duplex", "--paper", "letter", "-o", "c.pdf",
                 "--back-offset", "0,3.4")  # fmt: skip
    assert result.exit_code == 2
    assert "DY from −3.3 to +3.3 mm" in result.output and "DX from −9.7 to +9.7" in result.output
    ok = run("starcharts", "cards", "--backs", "duplex", "--paper", "letter", "-o", "c.pdf",
             "--back-offset", "9.7,-3.3")  # fmt: skip
    assert ok.exit_code == 0, ok.output


def test_the_range_keeps_every_safe_zone_printable() -> None:
    for paper in PAPERS:
        for size in CARD_SIZES.values():
            options = CardOptions(size, 0.0, Backs.DUPLEX)
            imp = imposition(paper, options)
            r = offset_range(imp, Flip.LONG)
            for dx, dy in ((r.left, r.down), (r.right, r.up)):
                placed = cards_document(
                    paper, CardOptions(size, 0, Backs.DUPLEX, Flip.LONG, (dx, dy))
                )
                for page in placed.pages[1::2]:
                    assert page.trim is not None
                    assert paper.printable.contains(page.trim.inset(SAFE_ZONE), 1e-3)
