"""Every card deck of every game, printed with duplex backs: each page of backs holds as
many backs as the page of fronts before it holds fronts, each behind its front (issue 27,
point 9: a last page of 6 energy cards must not get 9 backs). Read from the rendered
PDF, so neither the layout nor the renderer can put a back where no card is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image, ImageStat

from pnp.draw.shapes import Document, Flip
from pnp.layouts.cards import BACK_REACH, CardOptions, back_slots, imposition
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, POKER, Backs, CardSize, Paper
from pnp.paper.units import mm

DPI = 30
Deck = Callable[[Paper, CardOptions], Document]


def _decks() -> dict[str, tuple[Deck, CardSize, int]]:
    """Each deck: its document, its card size and how many cards it holds."""
    from pnp.astra.constellations import constellations
    from pnp.astra.text import Lang
    from pnp.layouts.astra import box_documents, card_documents
    from pnp.layouts.cosmos import card_documents as cosmos
    from pnp.layouts.starcharts.documents import cards_document
    from pnp.starcharts.content import objectives

    en = Lang.EN
    stars = constellations()
    return {
        "starcharts objective": (cards_document, POKER, len(objectives())),
        "astra constellation": (
            lambda p, o: card_documents.constellation_cards_document(stars, p, o, en),
            POKER,
            len(stars),
        ),
        "astra game end": (lambda p, o: card_documents.game_end_document(p, o, en), POKER, 1),
        "astra scoring": (lambda p, o: box_documents.scoring_cards_document(p, o, en), POKER, 7),
        "astra aid": (lambda p, o: box_documents.aid_document(p, o, en), box_documents.AID_SIZE, 5),
        "cosmos goal": (cosmos.goal_cards_document, POKER, 16),
        "cosmos energy": (cosmos.energy_cards_document, POKER, 60),
        "cosmos power": (cosmos.power_cards_document, POKER, 32),
    }


def _inked(page: Image.Image, paper: Paper, slot: Box) -> bool:
    """Whether anything is drawn inside a card's slot, clear of what a neighbour's back
    may reach past its trim (3 mm)."""
    inner = slot.inset(BACK_REACH + mm(2))
    scale = DPI / 72
    box = (
        round(inner.x * scale),
        round((paper.height - inner.top) * scale),
        round(inner.right * scale),
        round((paper.height - inner.y) * scale),
    )
    return float(ImageStat.Stat(page.crop(box)).extrema[0][0]) < 200


SETTINGS = {
    "a4 long": (A4, CardOptions(backs=Backs.DUPLEX)),
    "letter short": (LETTER, CardOptions(backs=Backs.DUPLEX, flip=Flip.SHORT)),
    "a4 bleed": (A4, CardOptions(backs=Backs.DUPLEX, bleed=mm(3), back_offset=(mm(1), mm(-1)))),
}


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("deck", list(_decks()))
def test_each_page_of_backs_mirrors_its_page_of_fronts(deck: str, setting: str) -> None:
    import pypdfium2

    from pnp.render.pdf import render_pdf

    make, size, count = _decks()[deck]
    paper, chosen = SETTINGS[setting]
    options = replace(chosen, size=size)
    document = make(paper, options)
    imp = imposition(paper, options)
    fronts, backs = imp.slots, back_slots(imp, options)
    pdf = pypdfium2.PdfDocument(render_pdf(document))
    assert len(pdf) % 2 == 0
    cards = 0
    for n in range(0, len(pdf), 2):
        front, back = (
            pdf[k].render(scale=DPI / 72, grayscale=True).to_pil().convert("L") for k in (n, n + 1)
        )
        on_front = [k for k, s in enumerate(fronts) if _inked(front, paper, s)]
        on_back = [k for k, s in enumerate(backs) if _inked(back, paper, s)]
        assert on_front == list(range(len(on_front))), f"page {n + 1}"
        assert on_back == on_front, f"page {n + 2}: backs at {on_back}, fronts at {on_front}"
        cards += len(on_front)
    assert cards == count
