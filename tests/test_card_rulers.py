"""The scale ruler on card pages stands clear of every card's bleed (review: on Letter
the ruler of the card backs covered 2.5 of their 3 mm reach, ending 0.4 mm from the
left column's trim, so a back printed a little off showed a notch). Read back from the
PDFs: the ruler is the 0.35 pt lines and the 6 pt label beside them; it keeps clear of
each card's trim grown by its bleed (a back's reach: at least 3 mm) and of any other
ink, for every game's decks, on A4 and Letter, every card size, with and without bleed,
with duplex and folded backs."""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTCurve, LTLine, LTRect
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser

from pnp.draw.ruler import ruler_size
from pnp.draw.shapes import Document
from pnp.layouts.astra.box_documents import AID_SIZE
from pnp.layouts.cards import BACK_REACH, CardOptions, back_slots, imposition
from pnp.paper.geometry import Box, bounds
from pnp.paper.sizes import (
    A4,
    CARD_SIZES,
    LETTER,
    POKER,
    RULER_CLEARANCE,
    Backs,
    CardSize,
    ImpositionError,
    Paper,
)
from pnp.paper.units import mm
from pnp.render.pdf import render_pdf

TICK = 0.35  # the ruler's stroke (pnp.draw.ruler), which no card face uses
LABEL = 6.0
CLEAR = mm(0.25)  # paper at least between the ruler's ink and a card's bleed or any ink

Deck = Callable[[Paper, CardOptions], Document]


@dataclass(frozen=True)
class Ink:
    box: Box
    tick: bool = False  # a line of the ruler's stroke
    label: bool = False  # a glyph of the ruler's size


def _walk(node: Iterable[Any], out: list[Ink]) -> None:
    for item in node:
        box = Box(item.x0, item.y0, item.x1 - item.x0, item.y1 - item.y0)
        if isinstance(item, LTChar):
            out.append(Ink(box, label=abs(item.size - LABEL) < 0.01))
        elif isinstance(item, LTLine | LTRect | LTCurve):
            tick = isinstance(item, LTLine) and abs(item.linewidth - TICK) < 0.01
            out.append(Ink(box.inset(-item.linewidth / 2 if item.stroke else 0.0), tick))
        elif isinstance(item, Iterable):
            _walk(item, out)


def _pages(data: bytes, count: int) -> Iterator[tuple[Box | None, list[Box]]]:
    """The first ``count`` pages' rulers (None where a page has none) and other ink:
    the ruler is its ticks and the labels at the end of its scale."""
    fonts = PDFResourceManager(caching=True)
    device = PDFPageAggregator(fonts, laparams=None)
    interpreter = PDFPageInterpreter(fonts, device)
    document = PDFDocument(PDFParser(io.BytesIO(data)))
    for page in itertools.islice(PDFPage.create_pages(document), count):
        interpreter.process_page(page)
        ink: list[Ink] = []
        _walk(device.get_result(), ink)
        ticks = [i.box for i in ink if i.tick]
        if not ticks:
            yield None, [i.box for i in ink]
            continue
        scale = bounds(ticks)
        along = (
            scale.inset(-mm(12), -mm(0.6)) if scale.w > scale.h else scale.inset(-mm(0.6), -mm(12))
        )
        labels = [i.box for i in ink if i.label and along.contains(i.box)]
        ruler = bounds([scale, *labels])
        yield ruler, [i.box for i in ink if not i.tick and i.box not in labels]


def _gap(a: Box, b: Box) -> float:
    """Paper between two boxes (negative: they overlap)."""
    return max(b.x - a.right, a.x - b.right, b.y - a.top, a.y - b.top)


def _cards(paper: Paper, options: CardOptions) -> list[list[Box]]:
    """Each page's card places, grown by their bleed (a back's reach: at least 3 mm),
    for a full page: the fronts (folded, their backs below the fold too), then the
    duplex backs."""
    imp = imposition(paper, options)
    fronts = [s.inset(-options.bleed) for s in imp.slots]
    reach = max(options.bleed, BACK_REACH)
    if options.backs is Backs.FOLD:
        folded = [Box(s.x, paper.height - s.top, s.w, s.h).inset(-reach) for s in imp.slots]
        return [fronts + folded]
    if options.backs is Backs.DUPLEX:
        return [fronts, [s.inset(-reach) for s in back_slots(imp, options)]]
    return [fronts]


def _check(deck: Deck, paper: Paper, options: CardOptions) -> list[bool]:
    """Asserts that each ruler on the first page of fronts (and its backs) is printable
    and clear of every card's bleed and of any other ink; whether each page has one."""
    document = deck(paper, options)
    cards = _cards(paper, options)
    first = Document(document.title, document.pages[: len(cards)], document.duplex)
    found = []
    for k, ((ruler, ink), places) in enumerate(
        zip(_pages(render_pdf(first), len(cards)), cards, strict=True)
    ):
        found.append(ruler is not None)
        if ruler is None:
            continue
        assert paper.printable.contains(ruler, 0.01), (k, ruler)
        assert min(_gap(ruler, p) for p in places) >= CLEAR, k
        assert min(_gap(ruler, i) for i in ink) >= CLEAR, k
    return found


def _starcharts(paper: Paper, options: CardOptions) -> Document:
    from pnp.layouts.starcharts.documents import cards_document

    return cards_document(paper, options)


def _astra(paper: Paper, options: CardOptions) -> Document:
    from pnp.astra.constellations import constellations
    from pnp.astra.text import Lang
    from pnp.layouts.astra.card_documents import constellation_cards_document

    return constellation_cards_document(constellations()[:9], paper, options, Lang.EN)


def _astra_scoring(paper: Paper, options: CardOptions) -> Document:
    from pnp.astra.text import Lang
    from pnp.layouts.astra.box_documents import scoring_cards_document

    return scoring_cards_document(paper, options, Lang.EN)


def _astra_aid(paper: Paper, options: CardOptions) -> Document:
    from pnp.astra.text import Lang
    from pnp.layouts.astra.box_documents import aid_document

    return aid_document(paper, options, Lang.EN)


def _cosmos(kind: str) -> Deck:
    def deck(paper: Paper, options: CardOptions) -> Document:
        from pnp.layouts.cosmos import card_documents

        make: Deck = getattr(card_documents, f"{kind}_cards_document")
        return make(paper, options)

    return deck


DECKS: dict[str, Deck] = {
    "starcharts objectives": _starcharts,
    "astra constellations": _astra,
    "astra scoring": _astra_scoring,
    "cosmos goals": _cosmos("goal"),
    "cosmos energy": _cosmos("energy"),
    "cosmos power": _cosmos("power"),
}
PAPERS = [A4, LETTER]
BACKS = [Backs.DUPLEX, Backs.FOLD]


def _room(paper: Paper, options: CardOptions) -> bool:
    """Whether a ruler fits beside the duplex backs' reach, on some side."""
    reach = bounds(_cards(paper, options)[-1])
    p = paper.printable
    free = (reach.x - p.x, p.right - reach.right, reach.y - p.y, p.top - reach.top)
    return max(free) >= ruler_size(paper)[1] + 2 * RULER_CLEARANCE


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", list(CARD_SIZES.values()), ids=lambda c: c.name)
@pytest.mark.parametrize("bleed", [0.0, mm(3)], ids=["no-bleed", "bleed-3mm"])
@pytest.mark.parametrize("backs", BACKS, ids=lambda b: b.value)
def test_the_ruler_keeps_clear_of_every_card_s_bleed(
    paper: Paper, size: CardSize, bleed: float, backs: Backs
) -> None:
    options = CardOptions(size, bleed, backs)
    try:
        imposition(paper, options)
    except ImpositionError:
        pytest.skip(f"{size.name} cards with bleed, folded, do not fit {paper.name}")
    rulers = _check(_starcharts, paper, options)
    assert rulers[0]  # a page of fronts always has one
    if backs is Backs.DUPLEX:
        # and a page of backs wherever one fits beside them (not 3 x 3 poker on Letter:
        # 6.7 mm less their 3 mm reach): the front of the sheet has one
        assert rulers[1] is _room(paper, options)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("deck", list(DECKS), ids=str)
@pytest.mark.parametrize("backs", BACKS, ids=lambda b: b.value)
def test_every_game_s_decks_keep_the_ruler_clear(paper: Paper, deck: str, backs: Backs) -> None:
    assert _check(DECKS[deck], paper, CardOptions(POKER, 0.0, backs))[0]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("bleed", [0.0, mm(3)], ids=["no-bleed", "bleed-3mm"])
def test_the_astra_aid_cards_keep_the_ruler_clear(paper: Paper, bleed: float) -> None:
    options = CardOptions(AID_SIZE, bleed, Backs.DUPLEX)
    rulers = _check(_astra_aid, paper, options)
    assert rulers == [True, _room(paper, options)]


def test_backs_moved_by_the_offset_move_the_ruler_clear_of_them() -> None:
    options = CardOptions(backs=Backs.DUPLEX, back_offset=(0.0, -mm(3)))
    assert _check(_starcharts, A4, options) == [True, True]


def test_poker_backs_on_letter_leave_no_room_for_a_ruler_beside_their_reach() -> None:
    assert not _room(LETTER, CardOptions(backs=Backs.DUPLEX))
    assert _room(A4, CardOptions(backs=Backs.DUPLEX))
