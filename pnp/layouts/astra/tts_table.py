"""Astra's Tabletop Simulator table, set for four players as the set-up sheet says: the
Sphere board in the middle; beside it the deck, the Game End card that goes into it
(the sheet's deck table: under it 18 cards, on it 30, for four), and the Final Scoring
cards to deal; each player's Journal and Player Aid at their seat; the supply of
Stardust and Telescopes, the First Player token and the Sphere marker. Inches, with
the first seat at the bottom (``pnp.apps.tts.objects``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pnp.apps.tts.objects import Place
from pnp.apps.tts.table import Kind, Part, Table, grid, one_a_page, pictures, turned
from pnp.astra.text import Lang, text
from pnp.paper.units import POINTS_PER_INCH

if TYPE_CHECKING:
    from pnp.astra.board import Board
    from pnp.draw.shapes import Document
    from pnp.kit import KitSettings
    from pnp.layouts.astra.tokens import TokenKind

PLAYERS = 4
SEATS = range(PLAYERS)  # clockwise from the bottom
ROOM = 1.0  # inches between the cards dealt round the board and a Journal


def table(settings: KitSettings) -> Table:
    from pnp.astra.board import board
    from pnp.astra.constellations import constellations
    from pnp.layouts.astra.board import OUTLINE, board_items
    from pnp.layouts.astra.box_documents import aid_document, journal_document
    from pnp.layouts.astra.card_documents import (
        constellation_cards_document,
        game_end_document,
    )
    from pnp.layouts.astra.tokens import TokenKind

    lang, paper, cards = Lang(settings.lang), settings.paper, one_a_page(settings.cards)
    sides = board(PLAYERS)
    across = 2 * (sides.radius / 25.4 * POINTS_PER_INCH) + OUTLINE.width
    journal = (paper.width / POINTS_PER_INCH, paper.height / POINTS_PER_INCH)
    seat = _reach(sides, across) + ROOM + journal[1] / 2  # a Journal's centre
    aid = (journal[0] / 2 + 1.8, -seat)  # right of it
    stack = _deck_row(seat)
    deck = constellations()
    title = f"{text('terms.sphere_board', lang)}, {PLAYERS} {text('terms.players', lang)}"
    parts = [
        Part(
            Kind.BOARD,
            title,
            lambda: pictures(title, across, across, [board_items(sides, lang)]),
            (Place(0.0, 0.0),),
        ),
        Part(
            Kind.DECK,
            text("cards.constellation_cards", lang),
            lambda: constellation_cards_document(deck, paper, cards, lang),
            (stack[0],),
            tuple(c.name for c in deck),
        ),
        Part(
            Kind.DECK,
            text("cards.game_end_card", lang),
            lambda: game_end_document(paper, cards, lang),
            (stack[1],),
            face_up=True,
        ),
        Part(
            Kind.DECK,
            text("terms.final_scoring", lang),
            lambda: _scoring_cards(settings),
            (stack[2],),
        ),
        Part(
            Kind.DECK,
            text("terms.player_aid", lang),
            lambda: _first_cards(aid_document(paper, cards, lang), PLAYERS),
            tuple(turned(Place(*aid), s) for s in SEATS),
            face_up=True,
        ),
        Part(
            Kind.BOARD,
            text("terms.journal", lang),
            lambda: journal_document(paper, lang),
            tuple(turned(Place(0.0, -seat), s) for s in SEATS),
        ),
        _token(TokenKind.FIRST_PLAYER, lang, (Place(-6.3, -6.3),)),
        _token(TokenKind.SPHERE_MARKER, lang, (Place(-6.3, -8.3),)),
        _token(TokenKind.STARDUST, lang, grid(5.4, 14.0, 60, 8, 0.8)),
        _token(TokenKind.TELESCOPE, lang, grid(12.2, 14.0, 20, 4, 0.85)),
    ]
    return Table("astra", "Astra", tuple(parts))


def _reach(sides: Board, across: float) -> float:
    """Inches from the middle to the far corner of a card dealt round the board (every
    turn of it), or to the board's edge."""
    import math

    cards = max(math.hypot(s.x, s.y) for s in sides.slots) + math.hypot(*sides.card) / 2
    return max(cards / 25.4, across / POINTS_PER_INCH / 2)


def _first_cards(doc: Document, count: int) -> Document:
    """The first ``count`` cards of a deck laid out one a page (front, back)."""
    return replace(doc, pages=doc.pages[: 2 * count])


def _deck_row(seat: float) -> tuple[Place, Place, Place]:
    """The deck, the Game End card and the Final Scoring cards, in the corner left of the
    top seat, clear of its Player Aid."""
    z = seat - 4.3
    return Place(-6.5, z), Place(-9.3, z), Place(-12.1, z)


def _scoring_cards(settings: KitSettings) -> Document:
    """The six Final Scoring cards: their sheet without the Game End card, its last."""
    from pnp.layouts.astra.box_documents import scoring_cards_document

    doc = scoring_cards_document(settings.paper, one_a_page(settings.cards), Lang(settings.lang))
    return replace(doc, pages=doc.pages[:-2])


def _token(kind: TokenKind, lang: Lang, at: tuple[Place, ...]) -> Part:
    """The round ones are tokens cut round; the square ones tiles, the same both sides."""
    from pnp.layouts.astra.tokens import SIZES, Token, face
    from pnp.paper.geometry import Box

    side = SIZES[kind]
    drawn = face(Token(kind, Box(-side / 2, -side / 2, side, side)), lang)
    name = text(f"terms.{kind.value}", lang)
    round_ = Token(kind, Box(0, 0, side, side)).round
    pages = [drawn] if round_ else [drawn, drawn]
    build = lambda: pictures(name, side, side, pages)  # noqa: E731
    return Part(Kind.TOKEN if round_ else Kind.TILE, name, build, at)
