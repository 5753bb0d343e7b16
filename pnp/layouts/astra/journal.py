"""The Journal: a page per player with a name line, the Fame, Pouch size and Wisdom
tracks, and areas for Telescope and Stardust tokens. Spots are at least 7 mm across, to
mark with a pen or a pencil; every track is drawn from ``pnp.astra.journal``."""

from __future__ import annotations

from collections.abc import Callable

from pnp.astra.journal import PouchTrack, WisdomTrack, journal
from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent, text_width
from pnp.draw.shapes import (
    FAINT,
    GREY,
    INK,
    LIGHT,
    PALE,
    PAPER,
    Anchor,
    Circle,
    Item,
    Line,
    Page,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.astra import icons
from pnp.layouts.astra.tokens import SIZES, TokenKind
from pnp.layouts.page import content_area, finish, text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

Icon = Callable[[float, float, float], list[Item]]

SPOT = mm(7.5)  # a track spot's diameter
TELESCOPE = SIZES[TokenKind.TELESCOPE]  # the token sheet's, so the areas hold the tokens
STARDUST = SIZES[TokenKind.STARDUST]
STORAGE = mm(80)  # holds 2 rows of Telescopes and 3 of Stardust
HINT = 8.0
SMALL = 8.0  # the least a sheet prints: the Fame spots' numbers, "start", the kicker
MIN_TEXT = 6.5
TITLE_COLUMN = mm(60)  # icon and title of each block; the hint takes the rest
_HEAD = mm(8)
_GAP = mm(5)
_TRACK = mm(17)  # numbers over the spots, the spots, and "start" under the first
_NUMBERS = mm(5.5)  # from the top of the numbers to the top of the spots
_FRAME = Stroke(INK, 0.8)


def footer(lang: Lang) -> str:
    return f"Astra · pnp · {text('journal.print_at', lang)}"


def journal_page(paper: Paper, lang: Lang) -> Page:
    area = content_area(paper)
    head, rest = area.take_top(mm(13))
    fame, rest = rest.take_top(rest.h - 3 * _GAP - 2 * (_HEAD + _TRACK) - STORAGE)
    pouch, rest = rest.take_top(_GAP + _HEAD + _TRACK)
    wisdom, rest = rest.take_top(_GAP + _HEAD + _TRACK)
    track = journal()
    items = _header(head, lang)
    items += _fame(fame.take_top(_GAP)[1], track.fame.spots, lang)
    items += _pouch(pouch.take_top(_GAP)[1], track.pouch, lang)
    items += _wisdom(wisdom.take_top(_GAP)[1], track.wisdom, lang)
    items += _storage(rest.take_top(_GAP)[1], lang)
    return finish(paper, items, footer(lang))


def spot(cx: float, cy: float, d: float = SPOT, marked: bool = False) -> list[Item]:
    """A spot to cross out; a marked one is printed grey with the cross already on."""
    items: list[Item] = [Circle(cx, cy, d / 2, Stroke(INK, 0.8), PALE if marked else PAPER)]
    if marked:
        a = d * 0.25
        cross = Stroke(INK, 1.2)
        items += [
            Line(cx - a, cy - a, cx + a, cy + a, cross),
            Line(cx - a, cy + a, cx + a, cy - a, cross),
        ]
    return items


def block_heading(box: Box, icon: Icon, title: str, hint: str, title_w: float) -> list[Item]:
    """An icon and a bold title on the left of ``box``, the hint wrapped beside them."""
    side = box.h
    items = icon(box.x + side / 2, box.cy, side * 0.95)
    title_box = Box(box.x + side + mm(1.5), box.y, title_w - side - mm(3.5), box.h)
    size = fit_size(title, title_box.w, 12.0, Font.BOLD, MIN_TEXT)
    items.append(Text(title_box.x, box.cy - size * 0.36, title, size, Font.BOLD))
    hint_box = Box(box.x + title_w, box.y, box.w - title_w, box.h)
    size, lines = fit_wrapped(hint, hint_box.w, hint_box.h, HINT, minimum=MIN_TEXT)
    top = hint_box.cy + len(lines) * size * 1.2 / 2 - size * 0.1
    items += text_block(hint_box.x, top, lines, size)
    return items


def _header(box: Box, lang: Lang) -> list[Item]:
    items = text_block(box.x, box.top, ["ASTRA"], SMALL, Font.BOLD, color=GREY)
    title = text("terms.journal", lang)
    size = fit_size(title, TITLE_COLUMN - mm(4), 20.0, Font.BOLD)
    items += text_block(box.x, box.top - mm(3.5), [title], size, Font.BOLD)
    label = text("journal.name", lang)
    x = box.x + TITLE_COLUMN
    items.append(Text(x, box.y + mm(1.5), label, 11.0, Font.BOLD))
    line_x = x + mm(2) + text_width(label, 11.0, Font.BOLD)
    items.append(Line(line_x, box.y + mm(1), box.right, box.y + mm(1), Stroke(INK, 0.6)))
    return items


def _fame(box: Box, spots: int, lang: Lang) -> list[Item]:
    head, body = box.take_top(_HEAD)
    laps_w = mm(34)
    hint_box = Box(head.x, head.y, head.w - laps_w - mm(3), head.h)
    items = block_heading(
        hint_box,
        icons.fame,
        text("journal.fame_track", lang),
        text("journal.fame_hint", lang),
        TITLE_COLUMN,
    )
    items += _laps(Box(head.right - laps_w, head.y, laps_w, head.h), lang)
    cols = 10
    rows = -(-spots // cols)
    grid = body.take_top(mm(2))[1]
    pitch_x, pitch_y = grid.w / cols, grid.h / rows
    for r in range(rows):
        cy = grid.top - (r + 0.5) * pitch_y
        count = min(cols, spots - r * cols)
        for c in range(count - 1):  # the track, from spot to spot
            x = grid.x + (c + 0.5) * pitch_x
            items.append(Line(x + SPOT / 2, cy, x + pitch_x - SPOT / 2, cy, Stroke(LIGHT, 0.6)))
        for c in range(count):
            n = r * cols + c + 1
            cx = grid.x + (c + 0.5) * pitch_x
            items += spot(cx, cy)
            font = Font.BOLD if n % 10 == 0 else Font.REGULAR
            items.append(Text(cx, cy - SMALL * 0.36, str(n), SMALL, font, Anchor.MIDDLE, GREY))
    return items


def _laps(box: Box, lang: Lang) -> list[Item]:
    """Boxes to tick each time the Fame count passes 90 and starts again from 1."""
    side = mm(5)
    label = text("journal.lap", lang)
    items: list[Item] = [Text(box.x, box.cy - 10.0 * 0.36, label, 10.0, Font.BOLD)]
    for k in range(3):
        x = box.right - (3 - k) * (side + mm(1.5)) + mm(1.5)
        items.append(Rect(Box(x, box.cy - side / 2, side, side), Stroke(INK, 0.8)))
    return items


def number(cx: float, top: float, value: int, size: float = 10.0) -> Text:
    """A bold number centred on ``cx`` whose ascent touches ``top``."""
    return Text(cx, top - ascent(size, Font.BOLD), str(value), size, Font.BOLD, Anchor.MIDDLE)


def _start(cx: float, box: Box, value: int, lang: Lang) -> list[Item]:
    """A track's starting value: its spot printed marked, "start" under it."""
    y = box.top - _NUMBERS - SPOT - mm(3)
    label = Text(cx, y, text("journal.start", lang), SMALL, Font.REGULAR, Anchor.MIDDLE, GREY)
    return [
        *spot(cx, box.top - _NUMBERS - SPOT / 2, marked=True),
        number(cx, box.top, value),
        label,
    ]


def _pouch(box: Box, track: PouchTrack, lang: Lang) -> list[Item]:
    head, body = box.take_top(_HEAD)
    items = block_heading(
        head,
        lambda x, y, s: icons.pouch(x, y, s, plus=False),
        text("terms.pouch_size", lang),
        text("journal.pouch_hint", lang),
        TITLE_COLUMN,
    )
    body = body.take_top(mm(2))[1]
    pitch = mm(11)
    x0 = body.x + _HEAD + pitch / 2
    items += _start(x0, body, track.start, lang)
    for k, value in enumerate(track.numbers, 1):
        items += spot(x0 + k * pitch, body.top - _NUMBERS - SPOT / 2)
        items.append(number(x0 + k * pitch, body.top, value))
    return items


def _wisdom(box: Box, track: WisdomTrack, lang: Lang) -> list[Item]:
    head, body = box.take_top(_HEAD)
    items = block_heading(
        head,
        icons.wisdom,
        text("journal.wisdom_track", lang),
        text("journal.wisdom_hint", lang),
        TITLE_COLUMN,
    )
    body = body.take_top(mm(2))[1]
    pitch, gap = mm(10), mm(3)
    x0 = body.x + _HEAD + mm(11) / 2
    items += _start(x0, body, track.start, lang)
    x = x0 + mm(11) / 2 + gap
    cy = body.top - _NUMBERS - SPOT / 2
    for section in track.sections:
        n = section.last - section.first + 1
        frame = Box(x, cy - SPOT / 2 - mm(0.75), n * pitch, SPOT + mm(1.5))
        items.append(Rect(frame, Stroke(GREY, 0.6), radius=mm(2)))
        for k in range(n):
            items += spot(x + (k + 0.5) * pitch, cy)
        items.append(number(x + (n - 0.5) * pitch, body.top, section.limit))
        x += n * pitch + gap
    return items


def _storage(box: Box, lang: Lang) -> list[Item]:
    left, right = box.take_left(box.w * 0.38)
    telescopes = (icons.telescope, "journal.telescope_storage", "journal.telescope_hint")
    pouch = (icons.stardust, "terms.pouch", "journal.pouch_hint_area")
    items: list[Item] = []
    for area, (icon, title, hint), token in (
        (left, telescopes, TELESCOPE),
        (right.take_left(mm(4))[1], pouch, STARDUST),
    ):
        items += _area(area, icon, text(title, lang), text(hint, lang), token)
    return items


def _area(box: Box, icon: Icon, title: str, hint: str, token: float) -> list[Item]:
    items: list[Item] = [Rect(box, _FRAME, radius=mm(3))]
    inner = box.inset(mm(3))
    head, body = inner.take_top(mm(7))
    items += icon(head.x + head.h / 2, head.cy, head.h)
    size = fit_size(title, head.w - head.h - mm(2), 12.0, Font.BOLD, MIN_TEXT)
    items.append(Text(head.x + head.h + mm(2), head.cy - size * 0.36, title, size, Font.BOLD))
    hint_box, body = body.take_top(mm(8))
    size, lines = fit_wrapped(hint, hint_box.w, hint_box.h, HINT, minimum=MIN_TEXT)
    items += text_block(hint_box.x, hint_box.top, lines, size)
    step = token + mm(1.5)
    cols, rows = int(body.w // step), int(body.h // step)
    grid = body.centred(cols * step, rows * step)
    for r in range(rows):
        for c in range(cols):
            cx, cy = grid.x + (c + 0.5) * step, grid.top - (r + 0.5) * step
            guide = Box(cx - token / 2, cy - token / 2, token, token)
            items.append(Rect(guide, Stroke(FAINT, 0.6, (mm(1), mm(1))), radius=mm(1.5)))
    return items
