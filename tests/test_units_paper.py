from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.draw.ruler import ruler_size
from pnp.paper.geometry import Box
from pnp.paper.sizes import (
    A4,
    CARD_SIZES,
    DEAD_MARGIN,
    LETTER,
    POKER,
    CardSize,
    Marks,
    Paper,
    back_slot,
    impose,
)
from pnp.paper.units import inch, mm, to_mm


def test_units() -> None:
    assert inch(1) == 72
    assert mm(25.4) == pytest.approx(72)
    assert to_mm(mm(63.5)) == pytest.approx(63.5)


def test_paper_sizes_in_points() -> None:
    assert (A4.width, A4.height) == pytest.approx((595.2756, 841.8898), abs=1e-3)
    assert (LETTER.width, LETTER.height) == (612, 792)
    assert A4.printable == Box(
        DEAD_MARGIN, DEAD_MARGIN, A4.width - 2 * DEAD_MARGIN, A4.height - 2 * DEAD_MARGIN
    )


def test_poker_cards_nine_per_page_with_crop_marks_on_a4() -> None:
    imp = impose(A4, POKER, ruler_size(A4))
    assert imp.per_page == 9 and imp.marks is Marks.CROP
    for slot in imp.slots:
        assert (to_mm(slot.w), to_mm(slot.h)) == pytest.approx((63.5, 88.9))
    # Butted together: neighbours share an edge.
    assert imp.slots[1].x == pytest.approx(imp.slots[0].right)
    assert imp.slots[3].top == pytest.approx(imp.slots[0].y)


def test_letter_is_too_short_for_crop_marks_so_cut_lines_replace_them() -> None:
    imp = impose(LETTER, POKER, ruler_size(LETTER))
    assert imp.per_page == 9 and imp.marks is Marks.CUT
    assert imp.ruler_vertical  # only the side margins have room for the ruler


def test_bleed_spaces_cards_apart_and_fits_fewer() -> None:
    bleed = mm(3)
    imp = impose(A4, POKER, ruler_size(A4), bleed)
    assert imp.per_page < 9
    assert imp.slots[1].x - imp.slots[0].right == pytest.approx(2 * bleed)


@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("card", list(CARD_SIZES.values()))
@pytest.mark.parametrize("bleed_mm", [0, 2, 3])
def test_imposition_keeps_cards_marks_and_ruler_apart(
    paper: Paper, card: CardSize, bleed_mm: float
) -> None:
    imp = impose(paper, card, ruler_size(paper), mm(bleed_mm))
    bled = [s.inset(-imp.bleed) for s in imp.slots]
    for i, a in enumerate(bled):
        assert paper.printable.contains(a)
        assert not a.overlaps(imp.ruler)
        for b in bled[i + 1 :]:
            assert not a.inset(1e-6).overlaps(b)
    for x1, y1, x2, y2 in imp.segments:
        assert paper.printable.contains(Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)))
        if imp.marks is Marks.CROP:  # crop marks never sit over a card
            seg = Box(min(x1, x2), min(y1, y2), abs(x2 - x1) or 0.01, abs(y2 - y1) or 0.01)
            assert not any(seg.overlaps(b) for b in bled)
    assert paper.printable.contains(imp.ruler)


def test_back_slot_mirrors_for_the_flip_edge() -> None:
    front = Box(mm(20), mm(30), mm(63.5), mm(88.9))
    long_back = back_slot(front, A4, True, (0.0, 0.0))
    assert long_back.x == pytest.approx(A4.width - front.x - front.w)
    assert long_back.y == front.y
    short_back = back_slot(front, A4, False, (0.0, 0.0))
    assert short_back.y == pytest.approx(A4.height - front.y - front.h)
    assert short_back.x == front.x
    moved = back_slot(front, A4, True, (mm(1), mm(-0.5)))
    assert moved.x - long_back.x == pytest.approx(mm(1))
    assert moved.y - long_back.y == pytest.approx(mm(-0.5))


@given(st.floats(0, 500), st.floats(0, 700), st.floats(1, 100), st.floats(1, 100), st.booleans())
def test_mirroring_twice_is_the_identity(
    x: float, y: float, w: float, h: float, long: bool
) -> None:
    front = Box(x, y, w, h)
    twice = back_slot(back_slot(front, A4, long, (0, 0)), A4, long, (0, 0))
    assert (twice.x, twice.y) == pytest.approx((front.x, front.y))
