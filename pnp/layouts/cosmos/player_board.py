"""A player board (spec cosmos.md, Player board): the galaxy on the left; on the right
the time chamber, the three resource sliders, the four power card slots and the
end-of-turn spots; the score track 0–49 along the bottom. Drawn as one picture of
``SIZE`` with its origin at the bottom left, printed on two sheets that join."""

from __future__ import annotations

from pnp.cosmos.galaxy import Galaxy
from pnp.cosmos.model import PlayerBoard, Sector
from pnp.cosmos.text import text
from pnp.draw.fonts import Font
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    PAPER,
    Anchor,
    Circle,
    Item,
    Line,
    Poly,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import fit_size, fit_wrapped
from pnp.geometry import Box
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.galaxy import extent, galaxy_items
from pnp.layouts.page import text_block
from pnp.units import mm

SIZE = (mm(352), mm(234))
FRAME = Stroke(INK, 1.0)
CELL = Stroke(GREY, 0.6)


def player_board_items(g: Galaxy, tracks: PlayerBoard, shape: icons.Shape) -> list[Item]:
    w, h = SIZE
    board = Box(0, 0, w, h)
    items: list[Item] = [Rect(board.inset(mm(1)), FRAME, None, mm(4))]
    score = Box(mm(6), mm(5), w - mm(12), mm(22))
    items += _score_track(score, tracks.score_top)
    ext = extent(g)
    left = Box(mm(4), score.top + mm(3), ext.w + mm(4), h - score.top - mm(7))
    cx, cy = left.cx - (ext.x + ext.w / 2), left.cy - (ext.y + ext.h / 2)
    items += galaxy_items(g, cx, cy)
    items += _title(left, shape)
    items += _sector_labels(left)
    right = Box(left.right + mm(4), left.y, w - left.right - mm(9), left.h)
    chamber, rest = right.take_top(mm(56))
    sliders, rest = rest.take_top(mm(48))
    slots, end = rest.take_top(mm(46))
    items += _time_chamber(chamber.inset(0, mm(1)), tracks)
    items += _sliders(sliders.inset(0, mm(1)), tracks)
    items += _power_slots(slots.inset(0, mm(1)), tracks.slot_costs)
    items += _end_of_turn(end.inset(0, mm(1)))
    items += icons.shape(shape, right.right - mm(4), right.top - mm(3), mm(7), fill=True)
    return items


def _title(area: Box, shape: icons.Shape) -> list[Item]:
    x, top = area.x + mm(3), area.top - mm(2)
    items = icons.shape(shape, x + mm(6), top - mm(6), mm(12), fill=True)
    words = [text("terms.game"), text("print.board.player").format(shape=shape.value)]
    items += text_block(x + mm(15), top - mm(0.5), words[:1], 11, Font.BOLD)
    items += text_block(x + mm(15), top - mm(6), words[1:], 9, Font.REGULAR)
    note = text("print.board.galaxy_note")
    size, lines = fit_wrapped(note, mm(48), mm(40), 7, minimum=6)
    return items + text_block(x, top - mm(16), lines, size, color=GREY)


def _sector_labels(area: Box) -> list[Item]:
    """Each sector's name beside the part of the galaxy it holds."""
    spots = {
        Sector.DELTA: (area.right - mm(26), area.top - mm(12)),
        Sector.PHI: (area.x + mm(14), area.y + mm(14)),
        Sector.PSI: (area.right - mm(14), area.y + mm(14)),
    }
    out: list[Item] = []
    for sector, (x, y) in spots.items():
        out.append(Text(x, y, text(f"terms.{sector.value}"), 26, Font.BOLD, Anchor.MIDDLE, LIGHT))
        label = text("terms.sector").format(name=text(f"terms.{sector.value}"))
        out.append(Text(x, y - mm(5), label, 7, Font.BOLD, Anchor.MIDDLE, GREY))
    return out


def _heading(area: Box, words: str) -> list[Item]:
    size = fit_size(words, area.w, 10, Font.BOLD, 6)
    return text_block(area.x, area.top, [words], size, Font.BOLD)


def _time_chamber(area: Box, tracks: PlayerBoard) -> list[Item]:
    items = _heading(area, text("terms.time-chamber"))
    count = len(tracks.chamber_scoring)
    scoring = Box(area.x, area.top - mm(21), area.w, mm(14))
    cell = scoring.w / count
    for k, points in enumerate(tracks.chamber_scoring):
        box = Box(scoring.x + k * cell + mm(0.8), scoring.y, cell - mm(1.6), scoring.h)
        items.append(Rect(box, CELL, None, mm(1.5)))
        items.append(Text(box.cx, box.y + mm(1.5), str(points), 10, Font.BOLD, Anchor.MIDDLE))
        items += icons.crystal(box.cx, box.top - mm(4.5), mm(6))
    note = text("print.board.discharge")
    size, lines = fit_wrapped(note, area.w, mm(7), 7, minimum=5.5)
    items += text_block(area.x, scoring.y - mm(1), lines, size, color=GREY)
    steps = tracks.chamber_top + 1
    track = Box(area.x, area.y, area.w, mm(12))
    step = track.w / steps
    for k in range(steps):
        box = Box(track.x + k * step + mm(0.5), track.y, step - mm(1), track.h)
        top = k == tracks.chamber_top
        items.append(Rect(box, Stroke(INK, 1.2) if top else CELL, None, mm(1.5)))
        items.append(Text(box.cx, box.cy - 4, str(k), 11, Font.BOLD, Anchor.MIDDLE, GREY))
    arrow_x = track.x + (steps - 0.5) * step
    items.append(Line(arrow_x, track.top + mm(0.5), arrow_x, scoring.y - mm(8), Stroke(INK, 0.8)))
    items.append(
        Poly(
            (
                (arrow_x - mm(1.2), scoring.y - mm(8)),
                (arrow_x + mm(1.2), scoring.y - mm(8)),
                (arrow_x, scoring.y - mm(6)),
            ),
            True,
            None,
            INK,
        )
    )
    return items


def _sliders(area: Box, tracks: PlayerBoard) -> list[Item]:
    items = _heading(area, text("print.board.sliders"))
    rows = Box(area.x, area.y, area.w, area.h - mm(7)).rows(len(tracks.sliders), mm(1.5))
    label_w = mm(22)
    for key, row in zip(tracks.sliders, rows, strict=True):
        items += icons.resource(key, row.x + mm(3.5), row.cy, mm(6.5))
        name = text(f"terms.{key}")
        size = fit_size(name, label_w - mm(8), 8, Font.BOLD, 5)
        items.append(Text(row.x + mm(7.5), row.cy - size * 0.35, name, size, Font.BOLD))
        cells = tracks.slider_top + 1
        step = (row.w - label_w) / cells
        for k in range(cells):
            box = Box(row.x + label_w + k * step + mm(0.3), row.y, step - mm(0.6), row.h)
            items.append(Rect(box, CELL, None, mm(1)))
            items.append(Text(box.cx, box.cy - 3, str(k), 8.5, Font.BOLD, Anchor.MIDDLE, GREY))
    return items


def _power_slots(area: Box, costs: tuple[int, ...]) -> list[Item]:
    items = _heading(area, text("print.board.power_slots"))
    body = Box(area.x, area.y, area.w, area.h - mm(7))
    for cost, slot in zip(costs, body.columns(len(costs), mm(2)), strict=True):
        items.append(Rect(slot, CELL, None, mm(2)))
        items.append(Text(slot.x + mm(2), slot.top - mm(6.5), str(cost), 16, Font.BOLD))
        for k in range(cost):
            items += icons.card(slot.x + mm(11) + k * mm(3.2), slot.top - mm(4.5), mm(6))
        words = text("terms.slot-cost").format(n=cost)
        size = fit_size(words, slot.w - mm(3), 7, Font.REGULAR, 5)
        items.append(Text(slot.cx, slot.top - mm(12), words, size, Font.REGULAR, Anchor.MIDDLE))
        items.append(
            Circle(slot.cx, slot.y + mm(10), mm(5.5), Stroke(LIGHT, 0.6, (mm(1), mm(0.8))), None)
        )
        label = text("terms.power-token")
        size = fit_size(label, slot.w - mm(3), 6, Font.REGULAR, 4.5)
        items.append(
            Text(slot.cx, slot.y + mm(1.5), label, size, Font.REGULAR, Anchor.MIDDLE, GREY)
        )
    return items


def _end_of_turn(area: Box) -> list[Item]:
    items = _heading(area, text("print.board.end_of_turn"))
    body = Box(area.x, area.y, area.w, area.h - mm(7))
    keys = ("terms.alpha", "terms.omega-nebula", "terms.omega-stabilize")
    for key, spot in zip(keys, body.columns(3, mm(2)), strict=True):
        omega = key != "terms.alpha"
        items.append(Rect(spot, Stroke(INK, 1.0) if omega else CELL, None, mm(2)))
        items.append(
            Circle(spot.cx, spot.top - mm(8), mm(5.5), Stroke(LIGHT, 0.6, (mm(1), mm(0.8))), None)
        )
        size, lines = fit_wrapped(
            text(key), spot.w - mm(3), spot.h - mm(17), 8, font=Font.BOLD, minimum=5.5
        )
        items += text_block(
            spot.cx, spot.top - mm(15), lines, size, Font.BOLD, anchor=Anchor.MIDDLE
        )
    return items


def _score_track(area: Box, top: int) -> list[Item]:
    label = text("print.board.score")
    items = text_block(area.x, area.top, [label], 7, Font.BOLD, color=GREY)
    per_row = (top + 1) // 2
    rows = Box(area.x, area.y, area.w, area.h - mm(4)).rows(2, mm(0.6))
    for r, row in enumerate(rows):
        step = row.w / per_row
        for k in range(per_row):
            value = r * per_row + k
            box = Box(row.x + k * step, row.y, step, row.h)
            items.append(Rect(box, CELL, PAPER if value % 5 else None))
            weight = Font.BOLD if value % 5 == 0 else Font.REGULAR
            items.append(
                Text(
                    box.cx,
                    box.cy - 3,
                    str(value),
                    8,
                    weight,
                    Anchor.MIDDLE,
                    INK if value % 5 == 0 else GREY,
                )
            )
    return items
