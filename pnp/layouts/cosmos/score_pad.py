"""The end-of-game score pad, one a page: exactly what ``pnp cosmos score`` reads in
counts mode, in the rulebook's order. A column per player; points by source (nebulae,
time chamber, then the universal goals, then sets of energy cards and Speed of Light);
a row per universal goal, where the players write their counts for the goals that
scored and, in the goal's own box, the order it scored in (1 to 6); advanced life as
how many revealed tokens show each value (a digit a value: every holding fits, however
many tokens); the total, energy cards in hand for the tie-break, and the winner.

Each number is written in a comb of digit boxes, and the page has its four reading
marks, so that a photo of it can be read (``pad_places``). Fillable, each comb holds a
text field named by pad, player and row (``pad1.p2.nebulae``, ``pad1.p2.proto_life``,
``pad1.p2.advanced_life_8``; the goals' order ``pad1.order.proto_life``)."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from pnp.cosmos.pad_rows import LIFE, PLAYERS, Row, life_values, rows
from pnp.cosmos.text import text
from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    Anchor,
    Document,
    Field,
    Item,
    Line,
    Page,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.digits import (
    DIGIT_H,
    DIGIT_W,
    PadPlaces,
    comb,
    comb_items,
    example_items,
    example_width,
    field_box,
)
from pnp.layouts.page import EDGE, finish, text_block
from pnp.layouts.reading import FULL_MARKER, Marks
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

# Reading-mark kinds (pnp.layouts.reading), by paper; a new kind for any readable box moved.
KINDS = {"a4": 6, "letter": 7}
_WINNER = mm(10)
_LIFE_LABEL = mm(3)  # under the advanced life boxes: the values they count
_PAD_NAME = "pad1"
_SMALLEST = 7.0
_LEADING = 1.15
_OUTER = Stroke(INK, 0.8)
_COLUMN = Stroke(GREY, 0.5)
_ROW = Stroke(LIGHT, 0.4)


class _Layout(NamedTuple):
    marks: Marks
    head: Box
    table: Box
    label: float  # the label column's width, order boxes included
    cols: list[Box]
    bands: list[tuple[Row, Box]]
    winner: Box

    def order_box(self, band: Box) -> tuple[Box, ...]:
        return comb(self.table.x + self.label - mm(1.5), band.cy, 1)

    def numbers(self, k: int) -> list[tuple[str, tuple[Box, ...]]]:
        """Player ``k``'s numbers, by field name less the pad, and their digit boxes:
        right-aligned in the column, the widest comb (advanced life's) centred."""
        col = self.cols[k]
        values = life_values()
        right = col.right - (col.w - len(values) * DIGIT_W) / 2
        out: list[tuple[str, tuple[Box, ...]]] = []
        for row, band in self.bands:
            if row.name == LIFE:
                top = band.top - (band.h - DIGIT_H - _LIFE_LABEL) / 2
                boxes = comb(right, top - DIGIT_H / 2, len(values))
                out += [(f"p{k + 1}.{LIFE}_{v}", (b,)) for v, b in zip(values, boxes, strict=True)]
            elif row.digits:
                out.append((f"p{k + 1}.{row.name}", comb(right, band.cy, row.digits)))
        return out

    def combs(self, k: int) -> list[tuple[Box, ...]]:
        """Player ``k``'s combs as drawn: advanced life's five boxes are one comb."""
        numbers = self.numbers(k)
        life = [boxes[0] for name, boxes in numbers if name.startswith(f"p{k + 1}.{LIFE}_")]
        others = [boxes for name, boxes in numbers if f".{LIFE}_" not in name]
        return [*others, tuple(life)]


def _layout(paper: Paper) -> _Layout:
    marks = Marks(paper.printable.inset(EDGE), FULL_MARKER, KINDS[paper.name])
    region = marks.frame.take_bottom(marks.clear)[1]
    head, body = region.take_top(marks.clear + mm(1))
    winner, table = body.take_bottom(_WINNER)
    col_w = len(life_values()) * DIGIT_W + mm(3)
    label = table.w - PLAYERS * col_w
    cols = Box(table.x + label, table.y, PLAYERS * col_w, table.h).columns(PLAYERS)
    table_rows = rows()
    unit = table.h / sum(r.weight for r in table_rows)
    bands, top = [], table.top
    for row in table_rows:
        bands.append((row, Box(table.x, top - row.weight * unit, table.w, row.weight * unit)))
        top -= row.weight * unit
    return _Layout(marks, head, table, label, cols, bands, winner)


def pad_places(paper: Paper) -> PadPlaces:
    """Where the pad's reading marks and digit boxes are; the numbers named as the
    fields are, less the pad (``p2.nebulae``, ``order.proto_life``)."""
    pad = _layout(paper)
    numbers = [n for k in range(PLAYERS) for n in pad.numbers(k)]
    orders = [(row.order, pad.order_box(band)) for row, band in pad.bands if row.order]
    return PadPlaces(pad.marks, tuple(numbers + orders))


def score_pad_document(paper: Paper, fillable: bool = False) -> Document:
    """One score pad a page; with ``fillable``, a form field over each comb."""
    pad = _layout(paper)
    items = pad.marks.items() + _head(pad) + _table(pad) + _winner(pad)
    title = text("print.score_pad.title")
    footer = " · ".join([text("terms.game"), title, text("print.print-scale")])
    page: Page = finish(paper, items, footer, pad.marks.clear + EDGE)
    if fillable:
        places = pad_places(paper)
        fields = [
            Field(field_box(boxes), f"{_PAD_NAME}.{name}", len(boxes))
            for name, boxes in places.numbers
        ]
        page = replace(page, fields=tuple(fields))
    full = f"{text('terms.game')}: {title}"
    return Document(full, (page,), subject=full)


def _head(pad: _Layout) -> list[Item]:
    """Between the top markers: the title, and under it how to fill the pad, with an
    example of a number in its boxes."""
    band = pad.head.inset(pad.marks.clear + EDGE, 0).take_top(pad.marks.clear)[0]
    title = f"{text('terms.game')} · {text('print.score_pad.title')}"
    items = text_block(band.x, band.top, [title], 13, Font.BOLD)
    note = text("print.score_pad.note")
    room = Box(band.x, band.y, band.w - example_width() - mm(2), band.top - mm(6.5) - band.y)
    size, lines = fit_wrapped(note, room.w, room.h, 8.5, _LEADING, minimum=_SMALLEST)
    items += text_block(room.x, room.top, lines, size, leading=_LEADING, color=GREY)
    last = room.top - ascent(size, Font.REGULAR) - (len(lines) - 1) * size * _LEADING
    items += example_items(band.right, last + size * 0.3, 8.5)
    return items


def _table(pad: _Layout) -> list[Item]:
    box = pad.table
    items: list[Item] = [Rect(box, _OUTER)]
    for col in pad.cols:
        items.append(Line(col.x, box.y, col.x, box.top, _COLUMN))
    for row, band in pad.bands:
        if band.top < box.top:
            thick = row.name == "total"
            stroke = Stroke(INK, 1.2) if thick else _ROW
            items.append(Line(box.x, band.top, box.right, band.top, stroke))
        items += _label(pad, row, band)
        if row.order:
            items += comb_items(pad.order_box(band))
    for k in range(PLAYERS):
        items += [i for boxes in pad.combs(k) for i in comb_items(boxes)]
        items += _life_labels(pad, k)
    return items


def _label(pad: _Layout, row: Row, band: Box) -> list[Item]:
    """The row's words in the label column, clear of a goal's order box; the goals'
    heading says which column is the order."""
    right = pad.table.x + pad.label - (DIGIT_W + mm(3) if row.order or not row.name else 0)
    words = Box(band.x + mm(2), band.y, right - band.x - mm(3), band.h)
    bold = row.name in ("", "total")
    font = Font.BOLD if bold else Font.REGULAR
    size, lines = fit_wrapped(row.label, words.w, words.h - mm(1), 9.0, _LEADING, font, _SMALLEST)
    first = words.cy + (len(lines) - 1) * size * _LEADING / 2 - size * 0.36
    items: list[Item] = [
        Text(words.x, first - n * size * _LEADING, line, size, font) for n, line in enumerate(lines)
    ]
    if not row.name and row.weight < 1:
        x = pad.table.x + pad.label - mm(1.5) - DIGIT_W / 2
        word = text("print.score_pad.order")
        items.append(Text(x, band.cy - 7 * 0.36, word, 7.0, Font.REGULAR, Anchor.MIDDLE, GREY))
    return items


def _life_labels(pad: _Layout, k: int) -> list[Item]:
    """Under each advanced life box, the value whose tokens it counts."""
    out: list[Item] = []
    for name, (b,) in [n for n in pad.numbers(k) if f".{LIFE}_" in n[0]]:
        value = name.rsplit("_", 1)[1]
        y = b.y - _LIFE_LABEL + mm(0.6)
        out.append(Text(b.cx, y, value, 7.0, Font.REGULAR, Anchor.MIDDLE, GREY))
    return out


def _winner(pad: _Layout) -> list[Item]:
    """The winner's line, and what wins under it."""
    box = pad.winner
    y = box.top - mm(1.2) - ascent(11.0, Font.BOLD)
    x = box.x + pad.label
    hint = text("print.score_pad.winner_hint")
    size = fit_size(hint, box.w - mm(2), 8.0, Font.REGULAR, _SMALLEST)
    return [
        Text(box.x + mm(1.5), y, text("print.score_pad.winner"), 11.0, Font.BOLD),
        Line(x, y - mm(0.5), box.right, y - mm(0.5), Stroke(INK, 0.6)),
        Text(box.x + mm(1.5), y - mm(4), hint, size, Font.REGULAR, color=GREY),
    ]
