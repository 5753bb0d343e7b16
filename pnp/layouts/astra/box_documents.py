"""Astra's printables other than the constellation cards and the boards, as whole
documents: the Journals, the Final Scoring cards, the Player Aid cards and the score pad."""

from __future__ import annotations

from dataclasses import replace

from pnp.astra.scoring_cards import scoring_cards
from pnp.astra.text import Lang, text
from pnp.draw.shapes import Document
from pnp.layouts.astra.aid import aid_face, back_sections, front_sections
from pnp.layouts.astra.journal import journal_page
from pnp.layouts.astra.score_pad import score_pad_page
from pnp.layouts.astra.scoring_cards import scoring_back, scoring_front
from pnp.layouts.cards import CardOptions, card_pages
from pnp.paper import CARD_SIZES, Backs, Paper

AIDS = 5  # in the box
AID_SIZE = CARD_SIZES["tarot"]


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


def aid_document(paper: Paper, options: CardOptions, lang: Lang) -> Document:
    """The five Player Aid cards, always tarot size (70 × 120 mm): the turn on the front,
    the boons and the final scoring on the back. Without backs, each front prints beside
    its back, to cut out and glue back to back."""
    options = replace(options, size=AID_SIZE)
    front = aid_face(front_sections(lang), text("aid.turn", lang), lang)
    back = aid_face(back_sections(lang), "", lang)
    fronts = [front, back] * AIDS if options.backs is Backs.NONE else [front] * AIDS
    pages = card_pages(fronts, None if options.backs is Backs.NONE else back, paper, options)
    duplex = options.flip if options.backs is Backs.DUPLEX and not options.print_shop else None
    title = f"Astra: {text('terms.player_aid', lang)}"
    return Document(title, tuple(pages), duplex, subject=title)


def score_pad_document(paper: Paper, lang: Lang, players: int = 5) -> Document:
    """A page of two end-of-game score pads with ``players`` columns, cut apart."""
    title = f"Astra: {text('score_pad.title', lang)}"
    return Document(title, (score_pad_page(paper, lang, players),), subject=title)
