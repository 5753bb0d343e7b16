"""The cell symbols: distinct by shape, so they read in greyscale and colour-blind."""

from __future__ import annotations

import math

from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, TINT, Anchor, Circle, Item, Line, Poly, Stroke, Text
from pnp.draw.transform import rotated
from pnp.paper.geometry import Box
from pnp.starcharts.chart import Cell

ASTEROID_FILL = TINT


def star(cx: float, cy: float, r: float, width: float = 0.8) -> Poly:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.42
        angle = math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return Poly(tuple(points), True, Stroke(INK, width))


def asteroid(cell: Box, cost_label: bool = True) -> list[Item]:
    s = cell.w
    cx, cy = cell.cx, cell.cy + 0.03 * s
    radii = (1.0, 0.82, 0.97, 0.74, 0.96, 0.86, 0.92, 0.72, 0.95, 0.84)
    points = tuple(
        (
            cx + 0.32 * s * r * math.cos(2 * math.pi * k / len(radii) + 0.3),
            cy + 0.30 * s * r * math.sin(2 * math.pi * k / len(radii) + 0.3),
        )
        for k, r in enumerate(radii)
    )
    items: list[Item] = [
        Poly(points, True, Stroke(INK, max(0.6, s * 0.012)), ASTEROID_FILL),
        Circle(cx - 0.1 * s, cy + 0.07 * s, 0.06 * s, Stroke(GREY, 0.4)),
        Circle(cx + 0.11 * s, cy - 0.06 * s, 0.045 * s, Stroke(GREY, 0.4)),
    ]
    if cost_label:
        items.append(
            Text(
                cell.right - 0.1 * s,
                cell.y + 0.08 * s,
                "2",
                max(6.5, 0.2 * s),
                Font.BOLD,
                Anchor.END,
                GREY,
            )
        )
    return items


def arrow(
    x1: float, y1: float, x2: float, y2: float, head: float, width: float, both: bool = True
) -> list[Item]:
    """A straight arrow with filled heads (at the end, or at both ends)."""
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    items: list[Item] = [
        Line(
            x1 + ux * head * (0.8 if both else 0),
            y1 + uy * head * (0.8 if both else 0),
            x2 - ux * head * 0.8,
            y2 - uy * head * 0.8,
            Stroke(INK, width),
        )
    ]
    ends = [(x2, y2, ux, uy)] + ([(x1, y1, -ux, -uy)] if both else [])
    for x, y, dx, dy in ends:
        bx, by = x - dx * head, y - dy * head
        items.append(
            Poly(
                (
                    (x, y),
                    (bx - dy * head * 0.5, by + dx * head * 0.5),
                    (bx + dy * head * 0.5, by - dx * head * 0.5),
                ),
                True,
                None,
                INK,
            )
        )
    return items


def comet(cell: Box, horizontal: bool) -> list[Item]:
    """A comet whose tail and double arrow lie along the one direction it may be covered."""
    s = cell.w
    x, y = cell.x, cell.y
    head_x, head_y = x + 0.7 * s, y + 0.6 * s
    items: list[Item] = [Circle(head_x, head_y, 0.085 * s, Stroke(INK, 0.6), INK)]
    for dy, length in ((0.0, 0.5), (0.07, 0.38), (-0.07, 0.38)):
        items.append(
            Line(
                head_x - 0.11 * s,
                head_y + dy * s * 0.6,
                head_x - (0.11 + length) * s,
                head_y + dy * s * 1.6,
                Stroke(GREY, max(0.5, 0.012 * s)),
            )
        )
    items += arrow(
        x + 0.12 * s, y + 0.22 * s, x + 0.88 * s, y + 0.22 * s, 0.1 * s, max(0.6, 0.018 * s)
    )
    return items if horizontal else rotated(items, 1, cell.cx, cell.cy)


def cell_symbol(kind: Cell, c: Box) -> list[Item]:
    if kind is Cell.STAR:
        return [star(c.cx, c.cy, c.w * 0.3, max(0.7, c.w * 0.014))]
    if kind is Cell.ASTEROID:
        return asteroid(c)
    if kind in (Cell.COMET_ROW, Cell.COMET_COL):
        return comet(c, kind is Cell.COMET_ROW)
    return []


def key_symbol(kind: Cell, box: Box) -> list[Item]:
    """A cell symbol in a key, beside text that says what an asteroid costs: without the
    asteroid's cost mark, which would be far too small to read at this size."""
    return asteroid(box, cost_label=False) if kind is Cell.ASTEROID else cell_symbol(kind, box)
