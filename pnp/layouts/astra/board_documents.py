"""The Sphere boards and the token sheet as whole documents."""

from __future__ import annotations

from pnp.astra.board import PLAYERS, board
from pnp.astra.text import Lang, text
from pnp.draw.shapes import Document
from pnp.layouts.astra.board import board_pages
from pnp.layouts.astra.tokens import token_pages
from pnp.paper.sizes import Paper


def board_document(paper: Paper, players: int, lang: Lang) -> Document:
    """One side of a Sphere board, for 2 to 5 players."""
    title = f"Astra: {text('terms.sphere_board', lang)}, {players} {text('terms.players', lang)}"
    return Document(title, tuple(board_pages(board(players), paper, lang)), subject=title)


def boards_document(paper: Paper, lang: Lang) -> Document:
    """All four sides, 2 to 5 players."""
    pages = tuple(page for players in PLAYERS for page in board_pages(board(players), paper, lang))
    title = f"Astra: {text('terms.sphere_board', lang)}"
    return Document(title, pages, subject=f"{title}, 2–5 {text('terms.players', lang)}")


def tokens_document(paper: Paper, lang: Lang) -> Document:
    """First Player, Sphere marker, 20 Telescopes and 60 Stardust, to cut out."""
    title = f"Astra: {text('tokens.tokens', lang)}"
    return Document(title, tuple(token_pages(paper, lang)), subject=title)
