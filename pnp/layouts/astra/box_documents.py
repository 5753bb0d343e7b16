"""Astra's printables other than the constellation cards and the boards, as whole
documents: the Journals, the Final Scoring cards, the Player Aid cards and the score pad."""

from __future__ import annotations

from pnp.astra.scoring_cards import scoring_cards
from pnp.astra.text import Lang, text
from pnp.draw.shapes import Document
from pnp.layouts.astra.journal import journal_page
from pnp.layouts.astra.scoring_cards import scoring_back, scoring_front
from pnp.layouts.cards import CardOptions, card_pages
from pnp.paper import Backs, Paper


def journal_document(paper: Paper, lang: Lang, count: int = 1) -> Document:
    """``count`` Journals, one a page."""
    title = f"Astra: {text('terms.journal', lang)}"
    pages = tuple(journal_page(paper, lang) for _ in range(count))
    return Document(title, pages, subject=title)


def scoring_cards_document(paper: Paper, options: CardOptions, lang: Lang) -> Document:
    """The six Final Scoring cards, with their back unless ``options`` say none."""
    fronts = [scoring_front(card, lang) for card in scoring_cards()]
    back = None if options.backs is Backs.NONE else scoring_back(lang)
    pages = card_pages(fronts, back, paper, options)
    duplex = options.flip if options.backs is Backs.DUPLEX and not options.print_shop else None
    title = f"Astra: {text('terms.final_scoring', lang)}"
    return Document(title, tuple(pages), duplex, subject=title)
