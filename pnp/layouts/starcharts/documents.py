"""The Star Charts printables as whole documents."""

from __future__ import annotations

from pnp.draw.shapes import Document
from pnp.layouts.cards import CardOptions, card_pages
from pnp.layouts.starcharts.aid import aid_blocks, aid_pages
from pnp.layouts.starcharts.objective_cards import objective_back, objective_front
from pnp.layouts.starcharts.sheet import sheet_pages
from pnp.paper.sizes import Backs, Paper
from pnp.starcharts.chart import Chart
from pnp.starcharts.content import abilities, aid, objectives


def sheets_document(
    charts: list[Chart], paper: Paper, per_page: int = 1, copies: int = 1, fillable: bool = False
) -> Document:
    sheets = [chart for chart in charts for _ in range(copies)]
    names = ", ".join(dict.fromkeys(c.name for c in charts))
    return Document(
        f"Star Charts: {names}",
        tuple(sheet_pages(sheets, paper, per_page, fillable)),
        subject="Star Charts player sheets",
    )


def cards_document(paper: Paper, options: CardOptions) -> Document:
    fronts = [objective_front(o) for o in objectives()]
    back = None if options.backs is Backs.NONE else objective_back
    pages = card_pages(fronts, back, paper, options)
    duplex = options.flip if options.backs is Backs.DUPLEX and not options.print_shop else None
    return Document(
        "Star Charts: objective cards", tuple(pages), duplex, subject="13 objective cards"
    )


def aid_document(paper: Paper) -> Document:
    title, sections = aid()
    pages = aid_pages(title, aid_blocks(sections, abilities()), paper)
    return Document(title, tuple(pages), subject="Star Charts player aid, two per page")
