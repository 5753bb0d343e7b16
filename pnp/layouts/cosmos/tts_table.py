"""Crafting the Cosmos' Tabletop Simulator table, set for four players as the set-up
sheet's plan (``setup_plan``) lays it out: the main board in the middle, the player
boards round it in seating order (clockwise from the bottom, each turned to its
player), and in the table's corners the decks and nebula tiles, the stars and life
tokens, the advanced life, crystals, dark energy, bonus and first player tokens, and
the players' pieces. Inches, the first seat at the bottom (``pnp.apps.tts.objects``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from pnp.apps.tts.objects import Place
from pnp.apps.tts.table import Kind, Part, Table, grid, one_a_page, pictures, turned
from pnp.paper.units import POINTS_PER_INCH

if TYPE_CHECKING:
    from pnp.draw.shapes import Document, Item
    from pnp.kit import KitSettings
    from pnp.layouts.cosmos.token_sheet import TokenGroup

PLAYERS = 4
ROOM = 1.0  # inches between the main board and a player board
CORNER = 7.6  # where the corners begin, each way from the middle
GAP = 0.15  # between two tokens


def table(settings: KitSettings) -> Table:
    from pnp.cosmos.content import advanced_life, main_board, player_board, tokens
    from pnp.cosmos.galaxy import galaxy
    from pnp.cosmos.text import text
    from pnp.layouts.cosmos import icons
    from pnp.layouts.cosmos.main_board import SIZE as MAIN
    from pnp.layouts.cosmos.main_board import main_board_items
    from pnp.layouts.cosmos.player_board import SIZE, player_board_items
    from pnp.layouts.cosmos.tokens import tile_groups, token_groups

    seat = (MAIN[1] / 2 + SIZE[1] / 2) / POINTS_PER_INCH + ROOM
    shapes = list(icons.Shape)[:PLAYERS]
    boards = [player_board_items(galaxy(), player_board(), s) for s in shapes]
    groups = token_groups(tokens(), advanced_life())
    pieces = [g for g in groups if isinstance(_first_arg(g), icons.Shape)]
    supply = [g for g in groups if g not in pieces]
    stars, rest = supply[:5], supply[5:]  # the four stars' and the life tokens
    decks = ("energy", "goal", "power")
    parts = [
        Part(
            Kind.BOARD,
            text("print.main.title"),
            lambda: _board(text("print.main.title"), MAIN, [main_board_items(main_board())]),
            (Place(0.0, 0.0),),
        ),
        Part(
            Kind.BOARD,
            "Player board",
            lambda: _board(text("print.board.players"), SIZE, boards),
            tuple(turned(Place(0.0, -seat), s) for s in range(PLAYERS)),
        ),
        *(
            Part(Kind.DECK, f"{name.capitalize()} cards", _deck(name, settings), (place,))
            for name, place in zip(decks, grid(-CORNER - 1.5, 18.0, 3, 3, -3.0), strict=True)
        ),
    ]
    parts += _packed(tile_groups(), -19.5, 15.5, 11.5)  # top left, under the decks
    parts += _packed(stars, CORNER + 0.4, 19.5, 11.5)  # top right
    parts += _packed(rest, CORNER + 0.4, -CORNER - 0.4, 11.5)  # bottom right
    parts += _packed(pieces, -19.5, -CORNER - 0.4, 11.5)  # bottom left
    return Table("cosmos", text("terms.game"), tuple(parts))


def _deck(name: str, settings: KitSettings) -> Callable[[], Document]:
    from pnp.layouts.cosmos import card_documents

    build = getattr(card_documents, f"{name}_cards_document")
    return lambda: cast("Document", build(settings.paper, one_a_page(settings.cards)))


def _board(title: str, size: tuple[float, float], faces: Sequence[list[Item]]) -> Document:
    """The boards, drawn from their bottom left corner, as pictures (from their middle)."""
    from pnp.draw.transform import translated

    w, h = size
    return pictures(title, w, h, [translated(f, -w / 2, -h / 2) for f in faces])


def _packed(groups: Sequence[TokenGroup], x: float, top: float, width: float) -> list[Part]:
    """Each group of tokens as a grid, the groups one under another from ``top``, in
    ``width`` inches from ``x``."""
    parts = []
    for group in groups:
        side = group.side / POINTS_PER_INCH
        pitch = side + GAP
        columns = max(1, int((width + GAP) // pitch))
        count = len(group.fronts)
        first = top - side / 2
        at = grid(x + side / 2, first, count, columns, pitch)
        parts.append(Part(Kind.TILE, _name(group.heading), _faces(group), at))
        top = first - ((count - 1) // columns) * pitch - side / 2 - 0.3
    return parts


def _name(heading: str) -> str:
    """A piece's name: its group's heading without the count ("100 life tokens")."""
    return heading.split(" · ", maxsplit=1)[0].lstrip("0123456789 ")


def _first_arg(group: TokenGroup) -> object:
    """What a group's front is drawn for (a player's shape, for their pieces)."""
    return next(iter(getattr(group.fronts[0], "args", ())), None)


def _faces(group: TokenGroup) -> Callable[[], Document]:
    """Each token's front then back; one pair when all are alike."""
    pairs = list(zip(group.fronts, group.backs, strict=True))
    if len(set(pairs)) == 1:
        pairs = pairs[:1]
    side = group.side

    def build() -> Document:
        faces = [draw(0.0, 0.0, side) for pair in pairs for draw in pair]
        return pictures(group.heading, side, side, faces)

    return build
