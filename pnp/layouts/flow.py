"""Flowing headings and bullet points down columns, at the largest size that fits."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.draw.fonts import Font, ascent, text_width
from pnp.draw.shapes import GREY, Anchor, Circle, Item, Rect, Stroke, Text
from pnp.draw.text import wrap
from pnp.paper.geometry import Box

LEADING = 1.22
CONTINUED = "(cont.)"
HEADING = 1.15  # a heading's size, in body sizes
HALF_CAP = 0.36  # half a capital's height, in ems: a baseline this far below a middle


@dataclass(frozen=True)
class Block:
    text: str
    heading: bool = False
    icon: str = ""  # a glyph drawn in a small circle before a point
    symbol: Callable[[Box], list[Item]] | None = None  # or a symbol drawn in a small cell
    framed: bool = True  # the symbol's cell outlined
    lead: str = ""  # bold words that start the point


def _measure(block: Block, size: float, width: float) -> tuple[list[str], float, float]:
    """(lines, height, indent) of a block at a body size; a block with a word wider than
    its column is infinitely tall, so it never fits."""
    if block.heading:
        s = size * HEADING
        lines = wrap(block.text, s, width, Font.BOLD)
        widths = [(text_width(line, s, Font.BOLD), width) for line in lines]
        height, indent = len(lines) * s * LEADING + size * 0.45, 0.0
    else:
        indent = size * (2.2 if block.icon or block.symbol else 1.0)
        lead = text_width(block.lead + " ", size, Font.BOLD) if block.lead else 0.0
        lines = wrap(block.text, size, width - indent, first=width - indent - lead)
        widths = [
            (text_width(line, size), width - indent - (lead if i == 0 else 0.0))
            for i, line in enumerate(lines)
        ]
        rows = max(len(lines), 2 if block.symbol else 1)  # a symbol is two lines tall
        height = rows * size * LEADING + size * 0.25
    if any(w > room for w, room in widths):
        height = math.inf
    return lines, height, indent


def _draw(
    block: Block, lines: list[str], indent: float, x: float, y: float, size: float
) -> list[Item]:
    """A measured block whose top is at ``y``."""
    if block.heading:
        s = size * HEADING
        top = y - size * 0.3 - ascent(s, Font.BOLD)
        return [Text(x, top - i * s * LEADING, line, s, Font.BOLD) for i, line in enumerate(lines)]
    items: list[Item] = []
    first = y - ascent(size)
    if block.icon:
        r = size * 0.7  # two icons on consecutive lines stay apart
        items.append(Circle(x + r, first + size * 0.3, r, Stroke(width=0.5)))
        items.append(
            Text(x + r, first - size * 0.05, block.icon, size * 0.95, Font.BOLD, Anchor.MIDDLE)
        )
    elif block.symbol:
        # The cell and the label's first two lines share a middle; the taller of the two
        # hangs from the top of the block.
        side = size * 1.9
        beside = min(len(lines), 2)
        label = size * (HALF_CAP - (beside - 1) * LEADING / 2)  # its middle above ``first``
        middle = min(first + size * 0.9 - side / 2, first + label)
        cell = Box(x, middle - side / 2, side, side)
        if block.framed:
            items.append(Rect(cell, Stroke(GREY, 0.4)))
        items += block.symbol(cell)
        first = middle - label
    else:
        items.append(Text(x, first, "•", size, Font.BOLD))
    lead = 0.0
    if block.lead:
        items.append(Text(x + indent, first, block.lead, size, Font.BOLD))
        lead = text_width(block.lead + " ", size, Font.BOLD)
    for i, line in enumerate(lines):
        x_line = x + indent + (lead if i == 0 else 0.0)
        items.append(Text(x_line, first - i * size * LEADING, line, size))
    return items


def flow(blocks: list[Block], columns: list[Box], size: float) -> list[Item] | None:
    """Items for the blocks at ``size``, or None when they do not fit the columns. A
    heading keeps its first point in the same column; a section carried on into the
    next column repeats its heading there, marked "(cont.)"."""
    items: list[Item] = []
    col = 0
    y = columns[0].top
    section = ""
    for k, block in enumerate(blocks):
        width = columns[col].w
        lines, height, indent = _measure(block, size, width)
        need = height
        if block.heading:
            section = block.text
            if k + 1 < len(blocks) and not blocks[k + 1].heading:
                need += _measure(blocks[k + 1], size, width)[1]
        if y - need < columns[col].y:
            col += 1
            if col == len(columns):
                return None
            y, width = columns[col].top, columns[col].w
            if section and not block.heading:
                cont = Block(f"{section} {CONTINUED}", heading=True)
                cont_lines, cont_height, _ = _measure(cont, size, width)
                items += _draw(cont, cont_lines, 0.0, columns[col].x, y, size)
                y -= cont_height
            lines, height, indent = _measure(block, size, width)
            if y - height < columns[col].y:
                return None
        items += _draw(block, lines, indent, columns[col].x, y, size)
        y -= height
    return items


def fit_flow(
    blocks: list[Block], columns: list[Box], size: float, minimum: float = 5.0
) -> list[Item]:
    while size >= minimum:
        items = flow(blocks, columns, size)
        if items is not None:
            return items
        size -= 0.25
    raise ValueError("the text does not fit its columns even at the smallest size")
