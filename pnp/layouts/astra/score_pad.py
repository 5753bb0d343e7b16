"""The end-of-game score pad: two pads a page, cut apart at the middle. Each has a column
per player and the final scoring's rows in the order the scorer prints them, each with
its icon and a hint of how to count it; the total; a line for the winner. Fillable, each
cell also holds a text field named by pad, player and row (``pad2.p3.stardust``), the
rows named as the scorer's JSON names them."""

from __future__ import annotations

from dataclasses import replace

from pnp.astra.model import StarKind
from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import GREY, INK, Field, Item, Line, Page, Rect, Stroke, Text
from pnp.draw.text import fit_size, fit_wrapped
from pnp.geometry import Box
from pnp.layouts.astra import icons
from pnp.layouts.astra.aid import scoring_card_icon
from pnp.layouts.astra.journal import MIN_TEXT, Icon, footer
from pnp.layouts.page import content_area, cut_line, finish, halves, text_block
from pnp.paper import Paper
from pnp.units import mm

MAX_PLAYERS = 5
LABEL_COLUMN = mm(88)
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
FIELD_INSET = mm(1)  # a field's box inside its cell, clear of the cell's lines


def score_pad_page(paper: Paper, lang: Lang, players: int, fillable: bool = False) -> Page:
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"a score pad has 1 to {MAX_PLAYERS} player columns, not {players}")
    pads = halves(paper)
    items = [item for pad in pads for item in _pad(pad, lang, players)]
    items += cut_line(paper.height / 2, content_area(paper))
    page = finish(paper, items, footer(lang))
    if not fillable:
        return page
    fields = [f for n, pad in enumerate(pads, 1) for f in _fields(pad, players, f"pad{n}")]
    return replace(page, fields=tuple(fields))


def _parts(box: Box) -> tuple[Box, Box, Box]:
    """A pad's title, table and winner's line."""
    head, rest = box.take_top(mm(9))
    winner, table = rest.take_bottom(mm(11))
    return head, table, winner


def _pad(box: Box, lang: Lang, players: int) -> list[Item]:
    head, table, winner = _parts(box)
    title = f"ASTRA · {text('score_pad.title', lang)}"
    items = text_block(
        head.x, head.top, [title], fit_size(title, head.w, 13.0, Font.BOLD), Font.BOLD
    )
    items += _table(table, lang, players)
    items += _winner(winner, lang)
    return items


def _grid(box: Box, players: int) -> tuple[list[Box], list[Box]]:
    """The table's rows (the players' names, the final scoring's, the total) and its
    player columns."""
    cols = Box(box.x + LABEL_COLUMN, box.y, box.w - LABEL_COLUMN, box.h).columns(players)
    return box.rows(len(ROWS) + 2), cols


def _fields(box: Box, players: int, pad: str) -> list[Field]:
    """A field in each player's cell of each row and of the total, which adds them up."""
    rows, cols = _grid(_parts(box)[1], players)
    fields = []
    for k, col in enumerate(cols, 1):
        names = [f"{pad}.p{k}.{name}" for name, *_ in ROWS]
        for row, name in zip(rows[1:], names, strict=False):
            fields.append(Field(_cell(row, col), name, ROW_DIGITS))
        sums = tuple((name, 1) for name in names)
        fields.append(Field(_cell(rows[-1], col), f"{pad}.p{k}.total", TOTAL_DIGITS, sums))
    return fields


def _cell(row: Box, col: Box) -> Box:
    return Box(col.x, row.y, col.w, row.h).inset(FIELD_INSET)


def _table(box: Box, lang: Lang, players: int) -> list[Item]:
    rows, cols = _grid(box, players)
    items: list[Item] = [Rect(box, _OUTER)]
    for col in cols:
        items.append(Line(col.x, box.y, col.x, box.top, _INNER))
    for row in rows[1:]:
        items.append(Line(box.x, row.top, box.right, row.top, _INNER))
    items += _label(rows[0], None, text("score_pad.player", lang), "")
    for row, (_, label, hint, icon) in zip(rows[1:], ROWS, strict=False):
        items += _label(row, icon, text(label, lang), text(hint, lang))
    total = rows[-1]
    items.append(Line(box.x, total.top, box.right, total.top, Stroke(INK, 1.4)))
    items += _label(total, None, text("score_pad.total", lang), "", 11.0)
    return items


def _label(row: Box, icon: Icon | None, label: str, hint: str, size: float = 8.5) -> list[Item]:
    """A row's icon, its name in bold and, under it, the hint."""
    cell = Box(row.x, row.y, LABEL_COLUMN, row.h).inset(mm(1.5), mm(0.5))
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


def _winner(box: Box, lang: Lang) -> list[Item]:
    """The winner's line, with what wins under the label."""
    label = text("score_pad.winner", lang)
    y = box.top - mm(2) - ascent(11.0, Font.BOLD)
    x = box.x + LABEL_COLUMN
    hint = text("score_pad.winner_hint", lang)
    size = fit_size(hint, LABEL_COLUMN - mm(3), 8.0, Font.REGULAR, MIN_TEXT)
    return [
        Text(box.x + mm(1.5), y, label, 11.0, Font.BOLD),
        Line(x, y - mm(0.5), box.right, y - mm(0.5), Stroke(INK, 0.6)),
        Text(box.x + mm(1.5), y - mm(4), hint, size, Font.REGULAR, color=GREY),
    ]
