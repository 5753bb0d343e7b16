"""card_pages with one back per front: each card's own back lands where that card's
back is printed, in every mode."""

from __future__ import annotations

import pytest

from pnp.draw.shapes import Flip, Item, Text
from pnp.layouts.cards import CardFace, CardOptions, back_slots, card_pages, imposition
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Backs, Paper, back_slot


def _face(label: str) -> CardFace:
    def draw(trim: Box, reach: float) -> list[Item]:
        return [Text(trim.cx, trim.cy, label, 8.0)]

    return draw


def _labels(items: tuple[Item, ...]) -> dict[str, tuple[float, float]]:
    return {i.text: (i.x, i.y) for i in items if isinstance(i, Text) and i.text[0] in "FB"}


FRONTS = [_face(f"F{n}") for n in range(11)]  # more than a page of poker cards
BACKS = [_face(f"B{n}") for n in range(11)]


@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("flip", [Flip.LONG, Flip.SHORT])
def test_duplex_puts_each_cards_own_back_behind_it(paper: Paper, flip: Flip) -> None:
    options = CardOptions(backs=Backs.DUPLEX, flip=flip, back_offset=(2.0, -1.0))
    imp = imposition(paper, options)
    pages = card_pages(FRONTS, BACKS, paper, options)
    assert len(pages) == 4
    where = back_slots(imp, options)
    for page_no, start in ((0, 0), (2, imp.per_page)):
        fronts = _labels(pages[page_no].items)
        backs = _labels(pages[page_no + 1].items)
        for k, slot in enumerate(imp.slots[: len(fronts)]):
            assert fronts[f"F{start + k}"] == (slot.cx, slot.cy)
            assert backs[f"B{start + k}"] == (where[k].cx, where[k].cy)
        assert {b[1:] for b in backs} == {f[1:] for f in fronts}


def test_fold_puts_each_cards_own_back_below_the_fold() -> None:
    options = CardOptions(backs=Backs.FOLD)
    imp = imposition(A4, options)
    pages = card_pages(FRONTS[:2], BACKS[:2], A4, options)
    assert len(pages) == 1
    labels = _labels(pages[0].items)
    for k in range(2):
        below = back_slot(imp.slots[k], A4, False, (0.0, 0.0))
        assert labels[f"B{k}"] == pytest.approx((below.cx, below.cy))


def test_print_shop_follows_each_front_with_its_own_back() -> None:
    pages = card_pages(FRONTS[:3], BACKS[:3], A4, CardOptions(backs=Backs.DUPLEX, print_shop=True))
    assert [next(iter(_labels(p.items))) for p in pages] == ["F0", "B0", "F1", "B1", "F2", "B2"]


def test_one_back_for_all_is_the_same_as_that_back_for_each() -> None:
    options = CardOptions(backs=Backs.DUPLEX)
    assert card_pages(FRONTS, BACKS[0], A4, options) == card_pages(
        FRONTS, [BACKS[0]] * len(FRONTS), A4, options
    )


def test_as_many_backs_as_fronts() -> None:
    with pytest.raises(ValueError, match="10 backs for 11 fronts"):
        card_pages(FRONTS, BACKS[:10], A4, CardOptions(backs=Backs.DUPLEX))
