"""Astra's printables other than the constellation cards and the boards, as whole
documents: the Journals, the Final Scoring cards, the Player Aid cards, the score pad
and the set-up sheet."""

from __future__ import annotations

from dataclasses import replace

from pnp.astra.scoring_cards import scoring_cards
from pnp.astra.text import Lang, text
from pnp.draw.shapes import Document
from pnp.layouts.astra.aid import aid_face, back_sections, front_sections
from pnp.layouts.astra.card_documents import fold, game_end_card
from pnp.layouts.astra.journal import journal_page
from pnp.layouts.astra.score_pad import score_pad_page
from pnp.layouts.astra.scoring_cards import scoring_back, scoring_front
from pnp.layouts.astra.setup_sheet import setup_sheet_page
from pnp.layouts.cards import CardOptions, card_pages
from pnp.paper.sizes import Backs, CardSize, Paper
from pnp.paper.units import mm

AIDS = 5  # in the box
# Narrower than tarot (70 × 120 mm) and a little taller: six fit a page of A4 or Letter,
# so the five aids take one sheet.
AID_SIZE = CardSize("aid", mm(65), mm(127))


def journal_document(paper: Paper, lang: Lang, count: int = 1) -> Document:
    """``count`` Journals, one a page."""
    title = f"Astra: {text('terms.journal', lang)}"
    pages = tuple(journal_page(paper, lang) for _ in range(count))
    return Document(title, pages, subject=title)


def scoring_cards_document(paper: Paper, options: CardOptions, lang: Lang) -> Document:
    """The six Final Scoring cards and the Game End card, on one sheet of poker cards:
    the Game End card alone would take a sheet of its own. Each has its own back unless
    ``options`` say none."""
    back = scoring_back(lang)
    cards = [(scoring_front(card, lang), back) for card in scoring_cards()]
    cards.append(game_end_card(lang))
    backs = None if options.backs is Backs.NONE else [b for _, b in cards]
    pages = card_pages([f for f, _ in cards], backs, paper, options, fold(lang))
    duplex = options.flip if options.backs is Backs.DUPLEX and not options.print_shop else None
    title = f"Astra: {text('cards.scoring_and_game_end', lang)}"
    return Document(title, tuple(pages), duplex, subject=title)


def aid_document(paper: Paper, options: CardOptions, lang: Lang) -> Document:
    """The five Player Aid cards, always 65 × 127 mm: the turn on the front,
    the boons and the final scoring on the back. Without backs, each front prints beside
    its back, to cut out and glue back to back."""
    options = replace(options, size=AID_SIZE)
    front = aid_face(front_sections(lang), text("aid.turn", lang), lang)
    back = aid_face(back_sections(lang), "", lang)
    fronts = [front, back] * AIDS if options.backs is Backs.NONE else [front] * AIDS
    backs = None if options.backs is Backs.NONE else back
    pages = card_pages(fronts, backs, paper, options, fold(lang))
    duplex = options.flip if options.backs is Backs.DUPLEX and not options.print_shop else None
    title = f"Astra: {text('terms.player_aid', lang)}"
    return Document(title, tuple(pages), duplex, subject=title)


def score_pad_document(
    paper: Paper, lang: Lang, players: int = 5, fillable: bool = False
) -> Document:
    """A page of two end-of-game score pads with ``players`` columns, cut apart."""
    title = f"Astra: {text('score_pad.title', lang)}"
    return Document(title, (score_pad_page(paper, lang, players, fillable),), subject=title)


def setup_sheet_document(paper: Paper, lang: Lang) -> Document:
    """The set-up sheet: 2 to 5 players and solo, on one page."""
    title = f"Astra: {text('setup_sheet.title', lang)}"
    return Document(
        title, (setup_sheet_page(paper, lang),), subject=text("setup_sheet.subject", lang)
    )
