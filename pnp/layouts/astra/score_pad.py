"""The end-of-game score pad: two pads a page, cut apart at the middle. Each has a column
per player and the final scoring's rows in the order the scorer prints them, each with
its icon and a hint of how to count it; the total; a line for the winner."""

from __future__ import annotations

from pnp.astra.model import StarKind
from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import GREY, INK, Item, Line, Page, Rect, Stroke, Text
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


# (label key, hint key, icon), in the order the scorer prints its table.
ROWS: tuple[tuple[str, str, Icon], ...] = (
    ("score_pad.play_fame", "score_pad.play_fame_hint", icons.fame),
    ("terms.pouch_size", "score_pad.pouch_hint", lambda x, y, s: icons.pouch(x, y, s, plus=False)),
    ("terms.card_limit", "score_pad.card_limit_hint", icons.wisdom),
    ("score_pad.stardust", "score_pad.stardust_hint", icons.stardust),
    (
        "score_pad.marked",
        "score_pad.marked_hint",
        lambda x, y, s: icons.star(StarKind.COMMON, x, y, s * 0.25),
    ),
    ("score_pad.active", "score_pad.active_hint", _active),
    ("score_pad.card", "score_pad.card_hint", scoring_card_icon),
)


def score_pad_page(paper: Paper, lang: Lang, players: int) -> Page:
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"a score pad has 1 to {MAX_PLAYERS} player columns, not {players}")
    top, bottom = halves(paper)
    items = _pad(top, lang, players) + _pad(bottom, lang, players)
    items += cut_line(paper.height / 2, content_area(paper))
    return finish(paper, items, footer(lang))


def _pad(box: Box, lang: Lang, players: int) -> list[Item]:
    head, rest = box.take_top(mm(9))
    title = f"ASTRA · {text('score_pad.title', lang)}"
    items = text_block(
        head.x, head.top, [title], fit_size(title, head.w, 13.0, Font.BOLD), Font.BOLD
    )
    winner, table = rest.take_bottom(mm(11))
    items += _table(table, lang, players)
    items += _winner(winner, lang)
    return items


def _table(box: Box, lang: Lang, players: int) -> list[Item]:
    rows = box.rows(len(ROWS) + 2)
    cols = Box(box.x + LABEL_COLUMN, box.y, box.w - LABEL_COLUMN, box.h).columns(players)
    items: list[Item] = [Rect(box, _OUTER)]
    for col in cols:
        items.append(Line(col.x, box.y, col.x, box.top, _INNER))
    for row in rows[1:]:
        items.append(Line(box.x, row.top, box.right, row.top, _INNER))
    items += _label(rows[0], None, text("score_pad.player", lang), "")
    for row, (label, hint, icon) in zip(rows[1:], ROWS, strict=False):
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
