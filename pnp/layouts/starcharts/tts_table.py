"""Star Charts' Tabletop Simulator table for four players, as the spec sets a game up:
the 13 objective cards in the middle, face down, to deal four face up beside them, the
five eight-sided dice (TTS's own) and the player aid; each player's sheet (the first
chart; every player plays the same one) at their seat, turned to them. Inches, the first
seat at the bottom (``pnp.apps.tts.objects``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.apps.tts.objects import Place
from pnp.apps.tts.table import Kind, Part, Table, one_a_page, turned
from pnp.paper.units import POINTS_PER_INCH

if TYPE_CHECKING:
    from pnp.kit import KitSettings

PLAYERS = 4
ROOM = 1.0  # inches between two sheets' corners
DICE = 5  # eight-sided (spec: Components)


def table(settings: KitSettings) -> Table:
    from pnp.layouts.starcharts.documents import aid_document, cards_document, sheets_document
    from pnp.starcharts.chart import chart_ids, load_chart
    from pnp.starcharts.content import objectives

    paper, cards = settings.paper, one_a_page(settings.cards)
    chart = load_chart(chart_ids()[0])
    w, h = paper.width / POINTS_PER_INCH, paper.height / POINTS_PER_INCH
    seat = w / 2 + h / 2 + ROOM  # the sheets beside and across clear each other
    parts = (
        Part(
            Kind.DECK,
            "Objective cards",
            lambda: cards_document(paper, cards),
            (Place(0.0, 0.0),),
            tuple(o.id for o in objectives()),
        ),
        Part(
            Kind.BOARD,
            f"Player sheet, {chart.name}",
            lambda: sheets_document([chart], paper),
            tuple(turned(Place(0.0, -seat), s) for s in range(PLAYERS)),
        ),
        Part(
            Kind.BOARD,
            "Player aid (two copies)",
            lambda: aid_document(paper),
            (Place(-seat, seat),),  # the top left corner, between two sheets
        ),
    )
    dice = tuple((8, Place(2.4, 1.6 * (k - 2))) for k in range(DICE))  # right of the cards
    return Table("starcharts", "Star Charts", parts, dice)
