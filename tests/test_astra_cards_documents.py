"""Astra's card documents read back: the 48 fronts as PDF pages with their trim boxes
and embedded fonts, each language's words, the backs as card pages, the Game End card
with its back, SVG pages one card each, and the same bytes for the same cards."""

from __future__ import annotations

import math
import re
from functools import cache

import pytest

from pnp.astra.text import Lang
from pnp.layouts.astra.card_documents import (
    card_svg_document,
    constellation_cards_document,
    game_end_document,
)
from pnp.layouts.cards import CardOptions, imposition
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, POKER, Backs, Paper
from pnp.paper.units import mm
from pnp.render.output import Format, render_one
from tests.astra_cards_helpers import CARDS
from tests.pdfread import BASE14, box, fonts, join_runs, pages, reader

PAPERS = [A4, LETTER]


@cache
def _pdf(lang: Lang, paper: Paper, backs: Backs = Backs.NONE, count: int = 48) -> bytes:
    doc = constellation_cards_document(CARDS[:count], paper, CardOptions(backs=backs), lang)
    return render_one(doc, Format.PDF)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
def test_48_fronts_make_6_pages_with_trimbox_and_embedded_fonts(paper: Paper, lang: Lang) -> None:
    data = _pdf(lang, paper)
    pdf = reader(data)
    assert len(pdf.pages) == 6
    for page in pdf.pages:
        assert box(page, "/MediaBox") == pytest.approx((0, 0, paper.width, paper.height), abs=0.01)
        assert "/TrimBox" in page
    for font in fonts(data):
        assert font["/Subtype"] == "/TrueType"
        assert str(font["/BaseFont"]).split("+")[-1] not in BASE14
        assert "/FontFile2" in font["/FontDescriptor"]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_each_language_prints_its_own_names(paper: Paper) -> None:
    french, english = _words(_pdf(Lang.FR, paper)), _words(_pdf(Lang.EN, paper))
    assert {"TAUREAU", "Gagnez"} <= french - english
    assert {"TAURUS", "Gain"} <= english - french


def _words(data: bytes) -> set[str]:
    """The words printed: runs of glyphs split at anything but a letter."""
    runs = [r.text for p in pages(data) for r in join_runs(p.chars, 0.5)]
    return {w for r in runs for w in re.split(r"[^\w']+|\d+", r) if w}


@pytest.mark.parametrize(
    ("backs", "bleed", "shop"),
    [(Backs.DUPLEX, 0.0, False), (Backs.FOLD, 0.0, False), (Backs.DUPLEX, mm(3), True)],
)
def test_backs_as_card_pages_lays_them_out(backs: Backs, bleed: float, shop: bool) -> None:
    options = CardOptions(backs=backs, bleed=bleed, print_shop=shop)
    doc = constellation_cards_document(CARDS, A4, options, Lang.EN)
    if shop:
        assert len(doc.pages) == 96 and doc.duplex is None
    elif backs is Backs.DUPLEX:
        assert len(doc.pages) == 12 and doc.duplex is options.flip
    else:
        assert len(doc.pages) == math.ceil(48 / imposition(A4, options).per_page)
    render_one(doc, Format.PDF)  # preflight: all ink printable


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
def test_the_game_end_document_is_one_card_with_its_back(paper: Paper, lang: Lang) -> None:
    doc = game_end_document(paper, CardOptions(backs=Backs.DUPLEX), lang)
    data = render_one(doc, Format.PDF)
    text = [p.text() for p in pages(data)]
    assert len(text) == 2
    assert ("FIN DE PARTIE" if lang is Lang.FR else "GAME END") in text[0]
    assert "ASTRA" in text[1]


def test_svg_pages_are_one_card_each_with_its_bleed_and_the_back_last() -> None:
    doc = card_svg_document(CARDS[:3], CardOptions(bleed=mm(2), backs=Backs.DUPLEX), Lang.FR)
    assert len(doc.pages) == 4
    for page in doc.pages:
        assert (page.width, page.height) == pytest.approx(
            (POKER.width + mm(4), POKER.height + mm(4))
        )
        assert page.trim == Box(mm(2), mm(2), POKER.width, POKER.height)
    assert len(card_svg_document(CARDS[:3], CardOptions(), Lang.EN).pages) == 3


def test_the_same_cards_give_identical_bytes() -> None:
    assert _pdf(Lang.FR, A4, Backs.DUPLEX, 9) == render_one(
        constellation_cards_document(CARDS[:9], A4, CardOptions(backs=Backs.DUPLEX), Lang.FR),
        Format.PDF,
    )
