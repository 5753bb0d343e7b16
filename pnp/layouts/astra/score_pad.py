"""The end-of-game score pad: two pads a page, cut apart at the middle. Each has a column
per player and the final scoring's rows in the order the scorer prints them, each with
its icon and a hint of how to count it; the total; a line for the winner. Each number is
written in a comb of digit boxes, and each pad has its four reading marks, so that a
photo of it can be read (``pad_places``). Fillable, each comb also holds a text field
named by pad, player and row (``pad2.p3.stardust``), the rows named as the scorer's JSON
names them."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from pnp.astra.model import StarKind
from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import GREY, INK, Anchor, Field, Item, Line, Page, Rect, Stroke, Text
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.astra import icons
from pnp.layouts.astra.aid import scoring_card_icon
from pnp.layouts.astra.journal import MIN_TEXT, Icon, footer
from pnp.layouts.digits import (
    DIGIT_W,
    PadPlaces,
    comb,
    comb_items,
    example_items,
    example_width,
    field_box,
)
from pnp.layouts.page import EDGE, content_area, cut_line, finish, halves, text_block
from pnp.layouts.reading import HALF_MARKER, Marks
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

MAX_PLAYERS = 5
LABEL_COLUMN = mm(88)  # the widest: narrower where the player columns need the room
# Reading-mark kinds (pnp.layouts.reading), by paper; a new kind for any readable box moved.
KINDS = {"a4": 4, "letter": 5}
_OUTER = Stroke(INK, 0.8)
_INNER = Stroke(GREY, 0.5)
_LEADING = 1.2


def _active(x: float, y: float, s: float) -> list[Item]:
    """An upright card with the Fame medal on it: an Active card's Fame."""
    card = Rect(Box(x - 0.3 * s, y - 0.45 * s, 0.6 * s, 0.9 * s), Stroke(INK, 0.6), radius=s * 0.08)
    return [card, *icons.fame(x, y, s * 0.55)]


# (field name, label key, hint key, icon), in the order the scorer prints its table;
# the field names are its JSON keys.
ROWS: tuple[tuple[str, str, str, Icon], ...] = (
    ("fame", "score_pad.play_fame", "score_pad.play_fame_hint", icons.fame),
    (
        "pouch_size",
        "terms.pouch_size",
        "score_pad.pouch_hint",
        lambda x, y, s: icons.pouch(x, y, s, plus=False),
    ),
    ("card_limit", "terms.card_limit", "score_pad.card_limit_hint", icons.wisdom),
    ("stardust", "score_pad.stardust", "score_pad.stardust_hint", icons.stardust),
    (
        "marked_stars",
        "score_pad.marked",
        "score_pad.marked_hint",
        lambda x, y, s: icons.star(StarKind.COMMON, x, y, s * 0.25),
    ),
    ("active_fame", "score_pad.active", "score_pad.active_hint", _active),
    ("final_scoring", "score_pad.card", "score_pad.card_hint", scoring_card_icon),
)
ROW_DIGITS = 3
TOTAL_DIGITS = 4
PLAYER_COLUMN = TOTAL_DIGITS * DIGIT_W + mm(3)  # the least: the total's comb and a margin
_HINT = 8.0


class _Layout(NamedTuple):
    """One pad's parts: its marks, title band, table rows (the players' names, the final
    scoring's, the total), player columns, label column width and winner's band."""

    marks: Marks
    head: Box
    rows: list[Box]
    cols: list[Box]
    label: float
    winner: Box

    @property
    def table(self) -> Box:
        return Box(
            self.rows[-1].x, self.rows[-1].y, self.rows[0].w, self.rows[0].top - self.rows[-1].y
        )

    def combs(self, k: int) -> list[tuple[str, tuple[Box, ...]]]:
        """Player ``k``'s rows and total, by name, with their digit boxes: right-aligned
        in the column, the widest (the total's) centred."""
        col = self.cols[k]
        right = col.right - (col.w - TOTAL_DIGITS * DIGIT_W) / 2
        names = [name for name, *_ in ROWS]
        numbers = [
            (n, comb(right, row.cy, ROW_DIGITS))
            for n, row in zip(names, self.rows[1:], strict=False)
        ]
        return [*numbers, ("total", comb(right, self.rows[-1].cy, TOTAL_DIGITS))]


def _layout(frame: Box, kind: int, players: int) -> _Layout:
    marks = Marks(frame, HALF_MARKER, kind)
    head, rest = frame.take_top(marks.clear)
    winner, table = rest.take_top(mm(1))[1].take_bottom(max(mm(11), marks.clear))
    label = min(LABEL_COLUMN, table.w - players * PLAYER_COLUMN)
    cols = Box(table.x + label, table.y, table.w - label, table.h).columns(players)
    return _Layout(marks, head, table.rows(len(ROWS) + 2), cols, label, winner)


def _layouts(paper: Paper, players: int) -> list[_Layout]:
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"a score pad has 1 to {MAX_PLAYERS} player columns, not {players}")
    return [_layout(half, KINDS[paper.name], players) for half in halves(paper)]


def score_pad_page(paper: Paper, lang: Lang, players: int, fillable: bool = False) -> Page:
    pads = _layouts(paper, players)
    items = [item for pad in pads for item in _pad(pad, lang)]
    # The scissors between the markers either side of the cut, clear of their white.
    items += cut_line(paper.height / 2, content_area(paper).inset(pads[0].marks.clear, 0))
    page = finish(paper, items, footer(lang))
    if not fillable:
        return page
    fields = [f for n, pad in enumerate(pads, 1) for f in _fields(pad, f"pad{n}")]
    return replace(page, fields=tuple(fields))


def pad_places(paper: Paper, players: int) -> tuple[PadPlaces, ...]:
    """Where each pad's reading marks and digit boxes are, top pad first; the numbers
    are named as the fields are, less the pad (``p2.stardust``, ``p2.total``)."""
    return tuple(
        PadPlaces(
            pad.marks,
            tuple(
                (f"p{k + 1}.{name}", boxes)
                for k in range(len(pad.cols))
                for name, boxes in pad.combs(k)
            ),
        )
        for pad in _layouts(paper, players)
    )


def _pad(pad: _Layout, lang: Lang) -> list[Item]:
    items = pad.marks.items() + _head(pad, lang)
    items += _table(pad, lang)
    items += _winner(pad, lang)
    return items


def _head(pad: _Layout, lang: Lang) -> list[Item]:
    """Between the top markers: the title, and how to write a number in the boxes with
    an example."""
    band = pad.head.inset(pad.marks.clear + EDGE, 0)
    title = f"ASTRA · {text('score_pad.title', lang)}"
    size = fit_size(title, band.w * 0.4, 13.0, Font.BOLD)
    items = text_block(band.x, band.top, [title], size, Font.BOLD)
    example = band.right - example_width()
    hint = text("score_pad.digits_hint", lang)
    room = Box(band.x + band.w * 0.45, band.y, example - mm(2) - band.x - band.w * 0.45, band.h)
    hint_size, lines = fit_wrapped(hint, room.w, room.h, _HINT, _LEADING, minimum=_HINT)
    block = len(lines) * hint_size * _LEADING
    top = room.cy + block / 2
    items += text_block(
        room.right, top, lines, hint_size, leading=_LEADING, anchor=Anchor.END, color=GREY
    )
    items += example_items(band.right, room.cy, _HINT)
    return items


def _fields(pad: _Layout, name: str) -> list[Field]:
    """A field over each comb; the total adds up the player's rows."""
    fields = []
    for k in range(len(pad.cols)):
        player = f"{name}.p{k + 1}"
        *rows, (_, total) = pad.combs(k)
        fields += [Field(field_box(boxes), f"{player}.{row}", ROW_DIGITS) for row, boxes in rows]
        sums = tuple((f"{player}.{row}", 1) for row, _ in rows)
        fields.append(Field(field_box(total), f"{player}.total", TOTAL_DIGITS, sums))
    return fields


def _table(pad: _Layout, lang: Lang) -> list[Item]:
    rows, cols, box = pad.rows, pad.cols, pad.table
    items: list[Item] = [Rect(box, _OUTER)]
    for col in cols:
        items.append(Line(col.x, box.y, col.x, box.top, _INNER))
    for row in rows[1:]:
        items.append(Line(box.x, row.top, box.right, row.top, _INNER))
    items += _label(rows[0], pad.label, None, text("score_pad.player", lang), "")
    for row, (_, label, hint, icon) in zip(rows[1:], ROWS, strict=False):
        items += _label(row, pad.label, icon, text(label, lang), text(hint, lang))
    total = rows[-1]
    items.append(Line(box.x, total.top, box.right, total.top, Stroke(INK, 1.4)))
    items += _label(total, pad.label, None, text("score_pad.total", lang), "", 11.0)
    for k in range(len(cols)):
        items += [i for _, boxes in pad.combs(k) for i in comb_items(boxes)]
    return items


def _label(
    row: Box, width: float, icon: Icon | None, label: str, hint: str, size: float = 8.5
) -> list[Item]:
    """A row's icon, its name in bold and, under it, the hint."""
    cell = Box(row.x, row.y, width, row.h).inset(mm(1.5), mm(0.5))
    side = min(mm(6.5), cell.h)
    items: list[Item] = [] if icon is None else icon(cell.x + side / 2, cell.cy, side)
    words = Box(cell.x + side + mm(2), cell.y, cell.w - side - mm(2), cell.h)
    size = fit_size(label, words.w, size, Font.BOLD, MIN_TEXT)
    if not hint:
        return [*items, Text(words.x, words.cy - size * 0.36, label, size, Font.BOLD)]
    room = words.h - size * _LEADING
    hint_size, lines = fit_wrapped(hint, words.w, room, 8.0, _LEADING, minimum=MIN_TEXT)
    block = (size + len(lines) * hint_size) * _LEADING
    top = words.cy + block / 2
    items.append(Text(words.x, top - ascent(size, Font.BOLD), label, size, Font.BOLD))
    items += text_block(words.x, top - size * _LEADING, lines, hint_size, leading=_LEADING)
    return items


def _winner(pad: _Layout, lang: Lang) -> list[Item]:
    """The winner's line, with what wins under the label, clear of the bottom markers."""
    box = pad.winner.inset(pad.marks.clear, 0)
    label = text("score_pad.winner", lang)
    y = box.top - mm(2) - ascent(11.0, Font.BOLD)
    x = pad.winner.x + pad.label
    hint = text("score_pad.winner_hint", lang)
    size = fit_size(hint, box.w, 8.0, Font.REGULAR, MIN_TEXT)
    return [
        Text(box.x, y, label, 11.0, Font.BOLD),
        Line(x, y - mm(0.5), box.right, y - mm(0.5), Stroke(INK, 0.6)),
        Text(box.x, y - mm(4), hint, size, Font.REGULAR, color=GREY),
    ]
