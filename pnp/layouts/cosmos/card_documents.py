"""The three card decks as whole documents, with the shared card options."""

from __future__ import annotations

from pnp.cosmos.content import energy_deck, goals, main_board
from pnp.cosmos.power_content import power_cards
from pnp.cosmos.text import text
from pnp.draw.shapes import Document, Flip
from pnp.layouts.cards import CardFace, CardOptions, card_pages
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.cards import (
    back,
    energy_emblem,
    energy_front,
    goal_emblem,
    goal_front,
    power_emblem,
    power_front,
)
from pnp.paper.sizes import Backs, Paper


def _document(
    title: str,
    fronts: list[CardFace],
    backs: list[CardFace],
    paper: Paper,
    options: CardOptions,
) -> Document:
    chosen = None if options.backs is Backs.NONE else backs
    pages = card_pages(fronts, chosen, paper, options, text("print.cards.fold"))
    duplex: Flip | None = None
    if options.backs is Backs.DUPLEX and not options.print_shop:
        duplex = options.flip
    full = f"{text('terms.game')}: {title}"
    return Document(full, tuple(pages), duplex, subject=full)


def goal_cards_document(paper: Paper, options: CardOptions) -> Document:
    board = main_board()
    fronts = [goal_front(g, board) for g in goals()]
    title = text("print.cards.goals").format(n=len(fronts))
    return _document(
        title,
        fronts,
        [back(text("print.cards.goal_back"), goal_emblem)] * len(fronts),
        paper,
        options,
    )


def energy_cards_document(paper: Paper, options: CardOptions) -> Document:
    deck = energy_deck()
    fronts = [energy_front(kind) for kind in deck]
    title = text("print.cards.energy").format(n=len(fronts))
    return _document(
        title,
        fronts,
        [back(text("print.cards.energy_back"), energy_emblem)] * len(fronts),
        paper,
        options,
    )


def power_cards_document(paper: Paper, options: CardOptions) -> Document:
    cards = power_cards()
    fronts = [power_front(c) for c in cards]
    backs = [
        back(
            text("print.cards.power_back").format(type=c.type.label()),
            power_emblem(icons.Energy(c.type.value)),
        )
        for c in cards
    ]
    title = text("print.cards.power").format(n=len(fronts))
    return _document(title, fronts, backs, paper, options)
