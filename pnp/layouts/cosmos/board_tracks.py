"""The player board's tracks and spots (spec cosmos.md, Player board): the time chamber,
the resource sliders, the power card slots, the end-of-turn spots and the score track.
Every spot a token goes on holds it with paper to spare (RULES.md
``cosmos.print.fit``)."""

from __future__ import annotations

import math

from pnp.cosmos.model import PlayerBoard
from pnp.cosmos.text import text
from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, PAPER, Anchor, Item, Line, Poly, Rect, Stroke, Text
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.tokens import PIECE, SLIDER
from pnp.layouts.page import text_block
from pnp.paper.geometry import Box
from pnp.paper.units import mm

CELL = Stroke(GREY, 0.6)
SPOT = Stroke(GREY, 0.6, (mm(1), mm(0.8)))  # a token's dashed spot
SPOT_SIDE = PIECE + mm(2)  # a power token's or end-of-turn marker's spot
SCORE_ROW = PIECE + mm(1.2)  # a score track cell's height
SLIDER_ROW = SLIDER + mm(3)
HEADING = mm(6)
SMALL = 6.0  # the smallest text printed
LABEL_GAP = mm(1.5)  # paper between a slider's icon and its name


def heading(area: Box, words: str) -> list[Item]:
    size = fit_size(words, area.w, 10, Font.BOLD, SMALL)
    return text_block(area.x, area.top, [words], size, Font.BOLD)


def arrow(x1: float, y1: float, x2: float, y2: float, width: float = 0.8) -> list[Item]:
    """A line with a head at its end."""
    angle = math.atan2(y2 - y1, x2 - x1)
    head = mm(2)
    back = [
        (x2 - head * math.cos(angle + s), y2 - head * math.sin(angle + s)) for s in (0.45, -0.45)
    ]
    tip = (x2 - head * 0.8 * math.cos(angle), y2 - head * 0.8 * math.sin(angle))
    return [Line(x1, y1, *tip, Stroke(INK, width)), Poly(((x2, y2), *back), True, None, INK)]


def time_chamber(area: Box, tracks: PlayerBoard) -> list[Item]:
    """The track 0–6 left to right; from 6 an arrow up into the first scoring space,
    and the scoring spaces right to left in the order discharges fill them."""
    items = heading(area, text("terms.time-chamber"))
    count, gap = len(tracks.chamber_scoring), mm(5)
    width = (area.w - (count - 1) * gap) / count
    row = Box(area.x, area.top - HEADING - mm(15), area.w, mm(15))
    boxes = [Box(row.right - k * (width + gap) - width, row.y, width, row.h) for k in range(count)]
    for k, (box, points) in enumerate(zip(boxes, tracks.chamber_scoring, strict=True)):
        items.append(Rect(box, CELL, None, mm(1.5)))
        items.append(Text(box.cx, box.y + mm(1.5), str(points), 10, Font.BOLD, Anchor.MIDDLE))
        items += icons.crystal(box.cx, box.top - mm(4.5), mm(6))
        if k:
            items += arrow(boxes[k - 1].x - mm(0.6), box.cy, box.right + mm(0.6), box.cy, 1.0)
    steps = tracks.chamber_top + 1
    track = Box(area.x, row.y - mm(7) - mm(13), area.w, mm(13))
    step = track.w / steps
    for k in range(steps):
        box = Box(track.x + k * step + mm(0.5), track.y, step - mm(1), track.h)
        top = k == tracks.chamber_top
        items.append(Rect(box, Stroke(INK, 1.2) if top else CELL, None, mm(1.5)))
        items.append(Text(box.cx, box.cy - 4, str(k), 11, Font.BOLD, Anchor.MIDDLE, GREY))
    up = track.right - step / 2
    items += arrow(up, track.top + mm(0.8), up, row.y - mm(0.6), 1.2)
    order = " → ".join(str(p) for p in tracks.chamber_scoring)
    note = text("print.board.discharge").format(order=order)
    size, lines = fit_wrapped(note, area.w, track.y - area.y, 7, minimum=SMALL)
    return items + text_block(area.x, track.y - mm(1.5), lines, size, color=GREY)


def sliders(area: Box, tracks: PlayerBoard) -> list[Item]:
    items = heading(area, text("print.board.sliders"))
    label_w, icon = mm(23), mm(6.5)
    for r, key in enumerate(tracks.sliders):
        top = area.top - HEADING - r * (SLIDER_ROW + mm(1.5))
        row = Box(area.x, top - SLIDER_ROW, area.w, SLIDER_ROW)
        items += icons.resource(key, row.x + icon / 2, row.cy, icon)
        name, at = text(f"terms.{key}"), row.x + icon + LABEL_GAP
        size = fit_size(name, row.x + label_w - mm(1) - at, 8, Font.BOLD, SMALL)
        items.append(Text(at, row.cy - size * 0.35, name, size, Font.BOLD))
        cells = tracks.slider_top + 1
        step = (row.w - label_w) / cells
        for k in range(cells):
            box = Box(row.x + label_w + k * step + mm(0.3), row.y, step - mm(0.6), row.h)
            items.append(Rect(box, CELL, None, mm(1)))
            items.append(Text(box.cx, box.cy - 3, str(k), 8.5, Font.BOLD, Anchor.MIDDLE, GREY))
    return items


def spot(cx: float, cy: float) -> Rect:
    """A dashed square a power token or an end-of-turn marker fits in."""
    h = SPOT_SIDE / 2
    return Rect(Box(cx - h, cy - h, SPOT_SIDE, SPOT_SIDE), SPOT, None, mm(0.5))


def power_slots(area: Box, costs: tuple[int, ...]) -> list[Item]:
    items = heading(area, text("print.board.power_slots"))
    body = Box(area.x, area.y, area.w, area.h - HEADING - mm(1))
    slots = body.columns(len(costs), mm(2))
    for number, (cost, slot) in enumerate(zip(costs, slots, strict=True), 1):
        items.append(Rect(slot, CELL, None, mm(2)))
        name = text("print.board.slot").format(n=number)  # as a game log names it: gain 2 light
        items.append(Text(slot.cx, slot.top - mm(18.5), name, 9, Font.BOLD, Anchor.MIDDLE))
        items.append(Text(slot.x + mm(2), slot.top - mm(6.5), str(cost), 16, Font.BOLD))
        for k in range(cost):
            items += icons.card(slot.x + mm(11) + k * mm(3.2), slot.top - mm(4.5), mm(6))
        words = text("terms.slot-cost").format(n=cost)
        size = fit_size(words, slot.w - mm(3), 7, Font.REGULAR, SMALL)
        items.append(Text(slot.cx, slot.top - mm(12), words, size, Font.REGULAR, Anchor.MIDDLE))
        items.append(spot(slot.cx, slot.y + mm(4.5) + SPOT_SIDE / 2))
        label = text("terms.power-token")
        size = fit_size(label, slot.w - mm(3), 6.5, Font.REGULAR, SMALL)
        items.append(
            Text(slot.cx, slot.y + mm(1.5), label, size, Font.REGULAR, Anchor.MIDDLE, GREY)
        )
    return items


def end_of_turn(area: Box) -> list[Item]:
    items = heading(area, text("print.board.end_of_turn"))
    body = Box(area.x, area.y, area.w, area.h - HEADING - mm(1))
    keys = ("terms.alpha", "terms.omega-nebula", "terms.omega-stabilize")
    for key, box in zip(keys, body.columns(3, mm(2)), strict=True):
        omega = key != "terms.alpha"
        items.append(Rect(box, Stroke(INK, 1.0) if omega else CELL, None, mm(2)))
        items.append(spot(box.cx, box.top - mm(1.5) - SPOT_SIDE / 2))
        room = box.top - SPOT_SIDE - mm(3)
        size, lines = fit_wrapped(
            text(key), box.w - mm(3), room - box.y - mm(1), 8, font=Font.BOLD, minimum=SMALL
        )
        items += text_block(box.cx, room, lines, size, Font.BOLD, anchor=Anchor.MIDDLE)
    return items


def score_track(area: Box, top: int) -> list[Item]:
    """Two rows of cells 0–49, the words at their left."""
    label, cells = area.take_left(mm(30))
    items = text_block(label.x, label.top, [text("terms.score-track")], 9, Font.BOLD)
    size, lines = fit_wrapped(
        text("print.board.score"), label.w - mm(2), label.h - mm(5), 7, minimum=SMALL
    )
    items += text_block(label.x, label.top - mm(4.5), lines, size, color=GREY)
    per_row = (top + 1) // 2
    for r in range(2):
        row = Box(cells.x, cells.top - (r + 1) * SCORE_ROW - r * mm(0.8), cells.w, SCORE_ROW)
        step = row.w / per_row
        for k in range(per_row):
            value = r * per_row + k
            box = Box(row.x + k * step, row.y, step, row.h)
            fifth = value % 5 == 0
            items.append(Rect(box, CELL, None if fifth else PAPER))
            weight, colour = (Font.BOLD, INK) if fifth else (Font.REGULAR, GREY)
            items.append(Text(box.cx, box.cy - 3, str(value), 8, weight, Anchor.MIDDLE, colour))
    return items
