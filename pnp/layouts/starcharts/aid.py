"""The Star Charts player aid: two copies per page, cut apart along the dashed line."""

from __future__ import annotations

from functools import partial

from pnp.draw.fonts import Font
from pnp.draw.shapes import INK, Item, Line, Page, Rect, Stroke
from pnp.layouts.flow import Block, fit_flow
from pnp.layouts.page import content_area, cut_line, finish, halves, text_block
from pnp.layouts.starcharts.symbols import key_symbol
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm
from pnp.starcharts.chart import Cell
from pnp.starcharts.content import Ability, AidSection

_ABILITIES = "{abilities}"
MIN_SIZE = 6.5


def aid_blocks(sections: tuple[AidSection, ...], abilities: tuple[Ability, ...]) -> list[Block]:
    blocks: list[Block] = []
    for section in sections:
        blocks.append(Block(section.heading, heading=True))
        for point in section.points:
            if point.text == _ABILITIES:
                blocks += [Block(a.text, icon=a.icon, lead=f"{a.name}:") for a in abilities]
            else:
                symbol = partial(key_symbol, Cell(point.symbol)) if point.symbol else None
                blocks.append(Block(point.text, symbol=symbol, lead=point.lead))
    return blocks


def aid_items(title: str, blocks: list[Block], box: Box) -> list[Item]:
    inner = box.inset(mm(3))
    items: list[Item] = [Rect(box, Stroke(INK, 0.8), radius=mm(2))]
    items += text_block(inner.x, inner.top, [title], 13, Font.BOLD)
    head, body = inner.take_top(mm(8))
    items.append(Line(inner.x, head.y + mm(1), inner.right, head.y + mm(1), Stroke(INK, 0.5)))
    items += fit_flow(blocks, body.columns(2, mm(5)), 9.0, MIN_SIZE)
    return items


def aid_pages(title: str, blocks: list[Block], paper: Paper) -> list[Page]:
    top, bottom = halves(paper)
    items = aid_items(title, blocks, top) + aid_items(title, blocks, bottom)
    items += cut_line(paper.height / 2, content_area(paper))
    return [finish(paper, items, "Star Charts · pnp · print at 100 %: the bar is 50 mm long")]
