"""The player boards and the main board as whole documents, each board printed on
sheets that join (``pnp.layouts.tiles``)."""

from __future__ import annotations

from dataclasses import replace

from pnp.cosmos.content import player_board
from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.text import text
from pnp.draw.shapes import Document, Flip, Page
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.player_board import SIZE, player_board_items, spots
from pnp.layouts.tiles import TileWords, tile_pages
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper


def tile_words() -> TileWords:
    words = (text(f"print.tiles.{k}") for k in ("cut", "glue", "join", "left", "top", "both"))
    return TileWords(*words)


def footer(*words: str) -> str:
    return " · ".join([text("terms.game"), *words, text("print.print-scale")])


def player_board_pages(paper: Paper, shape: icons.Shape) -> list[Page]:
    g = galaxy()
    items = player_board_items(g, player_board(), shape)
    name = text("print.board.player").format(shape=shape.value)
    sheet = text("print.board.sheet").format(shape=shape.value, tile="{tile}")  # "○ {tile}"
    words = replace(tile_words(), sheet=sheet)
    extent = Box(0, 0, *SIZE)  # the crosses that line the sheets up keep off the galaxy
    return tile_pages(items, extent, paper, words, footer(name), keep_clear=spots(g))


def player_boards_document(paper: Paper) -> Document:
    pages = tuple(p for shape in icons.Shape for p in player_board_pages(paper, shape))
    title = f"{text('terms.game')}: {text('print.board.players')}"
    return Document(title, pages, subject=title)


def main_board_document(paper: Paper) -> Document:
    from pnp.cosmos.content import main_board
    from pnp.layouts.cosmos.main_board import SIZE as MAIN
    from pnp.layouts.cosmos.main_board import layout, main_board_items

    name, board = text("print.main.title"), main_board()
    spots = layout(board).spots()  # the crosses that line the sheets up stay in view
    items, extent = main_board_items(board), Box(0, 0, *MAIN)
    pages = tile_pages(items, extent, paper, tile_words(), footer(name), keep_clear=spots)
    title = f"{text('terms.game')}: {text('print.main.document')}"
    return Document(title, tuple(pages), subject=title)


def nebula_tiles_document(paper: Paper, duplex: Flip | None = None) -> Document:
    """The 68 nebula tiles, backs below the fold, or on the next page for duplex."""
    from pnp.layouts.cosmos.token_sheet import token_pages
    from pnp.layouts.cosmos.tokens import tile_groups

    name = text("print.tokens.tiles_title")
    fold = None if duplex else text("print.tokens.fold")
    more = text("print.tokens.continued")
    pages = token_pages(tile_groups(), paper, footer(name), fold, more, duplex or Flip.LONG)
    title = f"{text('terms.game')}: {name}"
    return Document(title, tuple(pages), duplex, subject=title)


def tokens_document(paper: Paper, duplex: Flip | None = None) -> Document:
    """Every token, backs below the fold, or on the next page for duplex."""
    from pnp.cosmos.content import advanced_life, tokens
    from pnp.layouts.cosmos.token_sheet import token_pages
    from pnp.layouts.cosmos.tokens import token_groups

    name = text("print.tokens.tokens_title")
    fold = None if duplex else text("print.tokens.fold")
    groups = token_groups(tokens(), advanced_life())
    more = text("print.tokens.continued")
    pages = token_pages(groups, paper, footer(name), fold, more, duplex or Flip.LONG)
    title = f"{text('terms.game')}: {name}"
    return Document(title, tuple(pages), duplex, subject=title)
