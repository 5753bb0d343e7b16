"""The Astra cards as whole documents: the constellation cards, the Game End card, and
single-card pages for SVG."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pnp.astra.abilities import ability
from pnp.astra.model import Constellation
from pnp.astra.text import Lang, text
from pnp.draw.shapes import Document, Flip
from pnp.layouts.astra.card_back import astra_back
from pnp.layouts.astra.constellation_card import constellation_front
from pnp.layouts.astra.game_end import game_end_front
from pnp.layouts.cards import CardFace, CardOptions, card_pages
from pnp.paper.sizes import A4, Backs, Paper


def fronts(cards: Sequence[Constellation], lang: Lang, star_numbers: bool) -> list[CardFace]:
    return [
        constellation_front(c, lang, ability(c.ability).text(lang), star_numbers) for c in cards
    ]


def constellation_cards_document(
    cards: Sequence[Constellation],
    paper: Paper,
    options: CardOptions,
    lang: Lang,
    star_numbers: bool = True,
) -> Document:
    """The fronts 3 × 3 per page (fewer with bleed), with backs as ``options`` say."""
    pages = card_pages(
        fronts(cards, lang, star_numbers), _back(options), paper, options, fold(lang)
    )
    return Document(
        f"Astra: {text('cards.constellation_cards', lang)}",
        tuple(pages),
        _duplex(options),
        text("cards.constellation_cards_subject", lang).format(count=len(cards)),
    )


def game_end_document(paper: Paper, options: CardOptions, lang: Lang) -> Document:
    """The Game End card, with its back as ``options`` say."""
    pages = card_pages([game_end_front(lang)], _back(options), paper, options, fold(lang))
    return Document(
        f"Astra: {text('cards.game_end_card', lang)}",
        tuple(pages),
        _duplex(options),
        text("cards.game_end_subject", lang),
    )


def game_end_card(lang: Lang) -> tuple[CardFace, CardFace]:
    """The Game End card's front and its back, the constellation cards' (it goes in their
    deck), for a sheet shared with other cards."""
    return game_end_front(lang), astra_back


def card_svg_document(
    cards: Sequence[Constellation], options: CardOptions, lang: Lang, star_numbers: bool = True
) -> Document:
    """One page per card, the card and its bleed (a print-shop page), for one SVG file
    each; with backs, the shared back once, as the last page."""
    single = replace(options, print_shop=True, backs=Backs.NONE)
    pages = card_pages(fronts(cards, lang, star_numbers), None, A4, single)
    if options.backs is not Backs.NONE:
        pages += card_pages([astra_back], None, A4, single)
    return Document(
        f"Astra: {text('cards.constellation_cards', lang)}",
        tuple(pages),
        subject=text("cards.constellation_cards_subject", lang).format(count=len(cards)),
    )


def fold(lang: Lang) -> str:
    """The word on the fold line of ``--backs fold`` pages."""
    return text("cards.fold", lang)


def _back(options: CardOptions) -> CardFace | None:
    return None if options.backs is Backs.NONE else astra_back


def _duplex(options: CardOptions) -> Flip | None:
    return options.flip if options.backs is Backs.DUPLEX and not options.print_shop else None
