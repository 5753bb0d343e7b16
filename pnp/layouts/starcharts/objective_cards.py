"""Star Charts objective cards: name, a pattern icon on a mini 8×8 chart, the
condition, and the first/second-round values; and their shared back."""

from __future__ import annotations

import math

from pnp.draw.clip import clip_items
from pnp.draw.fonts import Font
from pnp.draw.shapes import (
    GREY,
    INK,
    PALE,
    PAPER,
    TINT,
    Anchor,
    Circle,
    Gray,
    Item,
    Line,
    Poly,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.cards import CardFace
from pnp.layouts.page import text_block
from pnp.layouts.starcharts import symbols
from pnp.paper.geometry import Box
from pnp.paper.sizes import SAFE_ZONE
from pnp.paper.units import mm
from pnp.starcharts.chart import Cell
from pnp.starcharts.content import Objective

MARKED = PALE
FIELD_STAR = Gray(0.78)
MINI = 8

_STARS = {(1, 2), (2, 6), (4, 4), (5, 1), (6, 6)}
_ASTEROIDS = {(1, 4), (3, 1), (5, 5), (6, 2)}
_COMETS = {(2, 2): Cell.COMET_ROW, (4, 6): Cell.COMET_COL, (6, 4): Cell.COMET_ROW}


def _pattern(objective_id: str) -> tuple[set[tuple[int, int]], dict[tuple[int, int], Cell]]:
    """Marked (row, col) cells of the icon and the symbols drawn on it."""
    everything = {(r, c) for r in range(MINI) for c in range(MINI)}
    stars: dict[tuple[int, int], Cell] = dict.fromkeys(_STARS, Cell.STAR)
    patterns: dict[str, tuple[set[tuple[int, int]], dict[tuple[int, int], Cell]]] = {
        "two-rows": ({(r, c) for r in (1, 5) for c in range(MINI)}, {}),
        "two-columns": ({(r, c) for c in (2, 6) for r in range(MINI)}, {}),
        "four-corners": ({(0, 0), (0, 7), (7, 0), (7, 7)}, {}),
        "border": ({(r, c) for r, c in everything if r in (0, 7) or c in (0, 7)}, {}),
        "all-stars": (set(_STARS), stars),
        "asteroid-field": (set(_ASTEROIDS), dict.fromkeys(_ASTEROIDS, Cell.ASTEROID)),
        "comet-tails": (set(_COMETS), dict(_COMETS)),
        "core": ({(r, c) for r in range(2, 6) for c in range(2, 6)}, {}),
        "quadrant": ({(r, c) for r in range(4) for c in range(4)}, {}),
        "diagonal": ({(i, i) for i in range(MINI)}, {}),
        "star-lines": ({(r, c) for r, c in everything if r in (1, 6) or c == 6}, stars),
        "half-sky": ({(r, c) for r, c in everything if r < 4}, {}),
        "star-frame": ({(r, c) for r in range(3, 6) for c in range(3, 6)}, {(4, 4): Cell.STAR}),
    }
    return patterns[objective_id]


def pattern_icon(objective_id: str, box: Box) -> list[Item]:
    marked, drawn = _pattern(objective_id)
    cell = min(box.w, box.h) / MINI
    grid = box.centred(cell * MINI, cell * MINI)
    items: list[Item] = []
    for r in range(MINI):
        for c in range(MINI):
            b = Box(grid.x + c * cell, grid.top - (r + 1) * cell, cell, cell)
            if (r, c) in marked:
                items.append(Rect(b.inset(cell * 0.12), None, MARKED))
            kind = drawn.get((r, c))
            if kind is Cell.STAR:
                items.append(symbols.star(b.cx, b.cy, cell * 0.38, 0.5))
            elif kind is Cell.ASTEROID:
                items += symbols.asteroid(b, cost_label=False)
            elif kind is not None:
                items += symbols.comet(b, kind is Cell.COMET_ROW)
    for i in range(MINI + 1):
        items.append(
            Line(grid.x + i * cell, grid.y, grid.x + i * cell, grid.top, Stroke(GREY, 0.4))
        )
        items.append(
            Line(grid.x, grid.y + i * cell, grid.right, grid.y + i * cell, Stroke(GREY, 0.4))
        )
    return items


def objective_front(objective: Objective) -> CardFace:
    def face(trim: Box, bleed: float) -> list[Item]:
        safe = trim.inset(SAFE_ZONE)
        items: list[Item] = [Rect(safe, Stroke(INK, 0.8), radius=mm(2.5))]
        inner = safe.inset(mm(2.5))
        items += text_block(
            inner.cx, inner.top, ["OBJECTIVE"], 6.5, Font.BOLD, anchor=Anchor.MIDDLE, color=GREY
        )
        name_size = fit_size(objective.name, inner.w, 14, Font.BOLD)
        items += text_block(
            inner.cx,
            inner.top - mm(3.5),
            [objective.name],
            name_size,
            Font.BOLD,
            anchor=Anchor.MIDDLE,
        )
        icon = Box(inner.x, inner.top - mm(43), inner.w, mm(32))
        items += pattern_icon(objective.id, icon)
        values_top = inner.y + mm(19)
        text_box = Box(inner.x, values_top, inner.w, icon.y - mm(2) - values_top)
        size, lines = fit_wrapped(objective.condition, text_box.w, text_box.h, 10.5)
        block = len(lines) * size * 1.2
        items += text_block(inner.cx, text_box.cy + block / 2, lines, size, anchor=Anchor.MIDDLE)
        items += _values(objective, Box(inner.x, inner.y, inner.w, mm(17)))
        return items

    return face


def _values(objective: Objective, box: Box) -> list[Item]:
    items: list[Item] = []
    if objective.obstacles:
        items.append(
            Text(
                box.cx,
                box.top + mm(0.5),
                "only with obstacle charts",
                6.5,
                Font.BOLD,
                Anchor.MIDDLE,
                GREY,
            )
        )
    for (label, value, big), slot in zip(
        (("first claim", objective.high, True), ("later claim", objective.low, False)),
        box.take_top(box.h - mm(1))[0].columns(2),
        strict=True,
    ):
        r = mm(5.6) if big else mm(4.4)
        cy = slot.top - mm(6.5)
        items.append(Circle(slot.cx, cy, r, Stroke(INK, 1.4 if big else 0.8)))
        size = 17 if big else 12
        items.append(Text(slot.cx, cy - size * 0.36, str(value), size, Font.BOLD, Anchor.MIDDLE))
        items.append(Text(slot.cx, slot.y + mm(0.3), label, 6.5, Font.REGULAR, Anchor.MIDDLE, GREY))
    return items


def objective_back(trim: Box, reach: float) -> list[Item]:
    """A shared back: a light star field reaching ``reach`` past the trim, so a back
    printed or cut a little off shows no uneven frame, and an emblem well inside the
    safe zone, symmetric so it reads the same whichever way a card is turned."""
    field = trim.inset(-reach)
    items: list[Item] = [Rect(field, None, TINT), *clip_items(_star_field(field), field)]
    safe = trim.inset(SAFE_ZONE)
    cx, cy = safe.cx, safe.cy
    items.append(Circle(cx, cy, mm(24), Stroke(INK, 0.8), PAPER))
    for k in range(12):
        angle = 2 * math.pi * k / 12
        r = mm(19)
        items.append(
            symbols.star(
                cx + r * math.cos(angle),
                cy + r * math.sin(angle),
                mm(2.2 if k % 3 == 0 else 1.4),
                0.6,
            )
        )
    items.append(Circle(cx, cy, mm(13), Stroke(GREY, 0.5)))
    items.append(symbols.star(cx, cy, mm(7), 1.0))
    for y, text in ((safe.top - mm(7), "STAR CHARTS"), (safe.y + mm(4), "OBJECTIVE")):
        items.append(Text(cx, y, text, 10, Font.BOLD, Anchor.MIDDLE))
    return items


_FIELD_STEP = mm(7)


def _star_field(box: Box) -> list[Item]:
    """Small stars on a lattice fixed to the page, so neighbouring backs (and a back's
    overlap into its neighbour) continue one pattern."""
    items: list[Item] = []
    rows = range(math.floor(box.y / _FIELD_STEP), math.ceil(box.top / _FIELD_STEP) + 1)
    for row in rows:
        shift = _FIELD_STEP / 2 if row % 2 else 0.0
        first = math.floor((box.x - shift) / _FIELD_STEP)
        for col in range(first, math.ceil((box.right - shift) / _FIELD_STEP) + 1):
            x, y = col * _FIELD_STEP + shift, row * _FIELD_STEP
            size = mm(0.9 if (row + col) % 3 else 1.3)
            star = symbols.star(x, y, size)
            items.append(Poly(star.points, True, None, FIELD_STAR))
    return items
