"""The paper sheets: the player aid, the set-up sheets (one per player count) and the
rules summary (the score pad has a module of its own). Their words are sections of
data/cosmos/text/print.toml: a heading line, then one point a line ("Lead: rest" starts a
point with bold words)."""

from __future__ import annotations

from collections.abc import Callable

from pnp.cosmos.content import advanced_life, main_board, setup
from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.text import text
from pnp.draw.clip import ink_bounds
from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, Document, Item, Page
from pnp.draw.transform import translated
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.setup_plan import plan_for, table_plan
from pnp.layouts.flow import Block, flow
from pnp.layouts.page import content_area, finish, text_block
from pnp.paper.geometry import Box, bounds
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

TITLE = mm(12)
BODY = 9.0  # the largest body size tried
SMALLEST = 7.0  # and the smallest: below this a sheet takes another page


def section(words: str) -> list[Block]:
    heading, *points = words.split("\n")
    blocks = [Block(heading, heading=True)]
    for point in points:
        lead, sep, rest = point.partition(": ")
        if sep and len(lead) <= 24:
            blocks.append(Block(rest, lead=f"{lead}:"))
        else:
            blocks.append(Block(point))
    return blocks


def _footer(name: str) -> str:
    return " · ".join([text("terms.game"), name, text("print.print-scale")])


def _head(paper: Paper, title: str) -> tuple[list[Item], Box]:
    """The page's title and the fan-edition notice; the content area below them."""
    area = content_area(paper)
    head, body = area.take_top(TITLE)
    items = text_block(head.x, head.top, [f"{text('terms.game')} · {title}"], 14, Font.BOLD)
    items += text_block(head.x, head.top - mm(6.5), [text("terms.fan-edition")], 8, color=GREY)
    return items, body


def _titled(paper: Paper, title: str) -> tuple[list[Item], list[Box]]:
    items, body = _head(paper, title)
    return items, body.columns(2, mm(7))


def text_pages(
    paper: Paper, title: str, sections: list[list[Block]], largest: float = BODY
) -> list[Page]:
    """Sections flowed down two columns a page, as large as fits up to ``largest``; a
    page takes as many whole sections as fit at the smallest size, the rest go on."""
    pages = []
    todo = list(sections)
    while todo:
        head, columns = _titled(paper, title)
        taken = len(todo)
        while taken > 1 and _fit([b for s in todo[:taken] for b in s], columns, largest) is None:
            taken -= 1
        blocks = [b for s in todo[:taken] for b in s]
        items = _fit(blocks, columns, largest)
        if items is None:
            raise ValueError(f"the section {todo[0][0].text!r} does not fit a page")
        pages.append(finish(paper, head + items, _footer(title)))
        todo = todo[taken:]
    return pages


def _fit(
    blocks: list[Block], columns: list[Box], largest: float, smallest: float = SMALLEST
) -> list[Item] | None:
    size = largest
    while size >= smallest:
        items = flow(blocks, columns, size)
        if items is not None:
            return items
        size -= 0.25
    return None


def _symbol(icon: icons.Icon) -> Callable[[Box], list[Item]]:
    """The icon as large as its ink, outlines included, fits the cell, in its middle,
    with a little paper round it before the words: drawn at the cell's size, star tips,
    dashed rims and dots reached past the cell."""

    def draw(box: Box) -> list[Item]:
        cell = box.inset(box.w * 0.05)
        size = cell.w
        while True:
            items = icon(0.0, 0.0, size)
            ink = bounds(ink_bounds(i) for i in items)
            if ink.w <= cell.w and ink.h <= cell.h:
                return translated(items, cell.cx - ink.cx, cell.cy - ink.cy)
            size *= 0.98 * min(1.0, cell.w / ink.w, cell.h / ink.h)

    return draw


def _legend() -> list[Block]:
    """Every icon and what it means, as the boards, tokens and cards draw them; the
    energy types' icons are the controls' (the section before)."""
    blocks = [Block(text("print.aid.icons"), heading=True), Block(text("print.aid.energy_icons"))]
    types = {e.value for e in icons.Energy}
    for key, icon in icons.MEANINGS.items():
        if key not in types:
            lead, _, words = text(f"print.aid.icon.{key}").partition(": ")
            blocks.append(Block(words, lead=f"{lead}:", symbol=_symbol(icon), framed=False))
    return blocks


def aid_document(paper: Paper) -> Document:
    """One page per player: the turn, the controls, the end phase."""
    controls = [Block(text("print.aid.controls"), heading=True)]
    for c in main_board().controls:
        words = f"{c.active_text()} / {c.passive_text()}"
        symbol = _symbol(icons.MEANINGS[c.type.value])
        controls.append(Block(words, symbol=symbol, lead=f"{c.type.label()}:", framed=False))
    keys = ("turn", "shift", "collect")
    sections = [section(text(f"print.aid.{k}")) for k in keys]
    sections += [controls, section(text("print.aid.craft")), section(text("print.aid.end"))]
    sections.append(_legend())
    title = text("print.aid.title")
    pages = text_pages(paper, title, sections)
    full = f"{text('terms.game')}: {title}"
    return Document(full, tuple(pages), subject=full)


def rules_document(paper: Paper) -> Document:
    """The rules on their page(s), then a worked first turn on a page of its own, so
    the rules keep their size."""
    keys = ("intro", "setup", "galaxy", "energy", "craft", "end", "points")
    title = text("print.rules.title")
    pages = text_pages(paper, title, [section(text(f"print.rules.{k}")) for k in keys])
    pages += text_pages(paper, title, [section(text("print.rules.example"))])
    full = f"{text('terms.game')}: {title}"
    return Document(full, tuple(pages), subject=full)


def setup_sheet_document(paper: Paper) -> Document:
    """One page for each player count: the table drawn from above, and the set-up in
    words below it, its numbers filled in."""
    s, life, g = setup(), advanced_life(), galaxy()
    pages = []
    for count in s.counts:
        n = count.players
        main = text("print.setup_sheet.main").format(
            crystals=count.time_crystals,
            players=n,
            advanced=life.per_player * n,
            in_play=life.in_play(n),
        )
        passing = text(
            "print.setup_sheet.passes" if count.pass_first else "print.setup_sheet.stays"
        )
        start = text("print.setup_sheet.start").format(
            players=n, dark=count.dark_energy, passing=passing
        )
        each = text("print.setup_sheet.each").format(start_life=g.start_life, centre=g.centre)
        blocks = [b for w in (main, each, start) for b in section(w)]
        title = text("print.setup_sheet.title").format(n=n)
        head, body = _head(paper, title)
        words, plan_area = _words_below(blocks, body)
        items = head + table_plan(plan_area, plan_for(n)) + words
        pages.append(finish(paper, items, _footer(title)))
    full = f"{text('terms.game')}: {text('print.setup_sheet.document')}"
    return Document(full, tuple(pages), subject=full)


def _words_below(blocks: list[Block], body: Box) -> tuple[list[Item], Box]:
    """The words in two columns at the foot of ``body``, as large as fits up to 9 pt in
    the least height that holds them at 7.5 pt; the rest of ``body`` above them."""
    for height in range(int(body.h * 0.3), int(body.h * 0.6), 6):
        columns = body.take_bottom(height)[0].columns(2, mm(7))
        items = _fit(blocks, columns, 9.0, 7.5)
        if items is not None:
            return items, body.take_bottom(height + mm(4))[1]
    raise ValueError("the set-up words do not fit below the plan")
