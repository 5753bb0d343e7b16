"""Flowing headings and bullet points down columns, at the largest size that fits."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import Anchor, Circle, Item, Stroke, Text
from pnp.draw.text import wrap
from pnp.geometry import Box

LEADING = 1.22


@dataclass(frozen=True)
class Block:
    text: str
    heading: bool = False
    icon: str = ""  # a glyph drawn in a small circle before a point


def _measure(block: Block, size: float, width: float) -> tuple[list[str], float, float]:
    """(lines, height, indent) of a block at a body size."""
    if block.heading:
        s = size * 1.15
        return [block.text], s * LEADING + size * 0.45, 0.0
    indent = size * (2.2 if block.icon else 1.0)
    lines = wrap(block.text, size, width - indent)
    return lines, len(lines) * size * LEADING + size * 0.25, indent


def flow(blocks: list[Block], columns: list[Box], size: float) -> list[Item] | None:
    """Items for the blocks at ``size``, or None when they do not fit the columns."""
    items: list[Item] = []
    col = 0
    y = columns[0].top
    for block in blocks:
        lines, height, indent = _measure(block, size, columns[col].w)
        if y - height < columns[col].y:
            col += 1
            if col == len(columns):
                return None
            y = columns[col].top
            lines, height, indent = _measure(block, size, columns[col].w)
        x = columns[col].x
        if block.heading:
            s = size * 1.15
            y -= size * 0.3
            items.append(Text(x, y - ascent(s, Font.BOLD), block.text, s, Font.BOLD))
            y -= height - size * 0.3
            continue
        first = y - ascent(size)
        if block.icon:
            r = size * 0.8
            items.append(Circle(x + r, first + size * 0.3, r, Stroke(width=0.5)))
            items.append(
                Text(x + r, first - size * 0.05, block.icon, size * 1.05, Font.BOLD, Anchor.MIDDLE)
            )
        else:
            items.append(Text(x, first, "•", size, Font.BOLD))
        for i, line in enumerate(lines):
            items.append(Text(x + indent, first - i * size * LEADING, line, size))
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
