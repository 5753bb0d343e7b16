"""The main board (spec cosmos.md, Main board): the four controls clockwise Light → Time
→ Gravity → Chemistry, each with room for its energy tokens, its active reward on the
left, its passive one on the right and a spot for power tokens; the goal track along the
top; the energy display and the time crystal supply along the bottom. One picture of
``SIZE``, origin at the bottom left, printed on four sheets that join: the sheets meet in
the gaps between the controls, and no line of text crosses a join."""

from __future__ import annotations

import math

from pnp.cosmos.model import Control, MainBoard, Reward
from pnp.cosmos.text import text
from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, LIGHT, Anchor, Circle, Item, Line, Poly, Rect, Stroke, Text
from pnp.draw.text import fit_size, fit_wrapped
from pnp.geometry import Box
from pnp.layouts.cosmos import icons
from pnp.layouts.page import text_block
from pnp.units import mm

SIZE = (mm(340), mm(468))
SLOT = (mm(66), mm(91.5))  # a poker card and a little room
TOKEN = mm(16)  # an energy token's spot
FRAME = Stroke(INK, 1.0)
CELL = Stroke(GREY, 0.6)
DASHED = Stroke(LIGHT, 0.7, (mm(1.2), mm(1)))
GAP = mm(36)  # between the controls, where the sheets join
TEXT = mm(150)  # the widest line from the left edge: text never crosses a join


def main_board_items(board: MainBoard) -> list[Item]:
    w, h = SIZE
    items: list[Item] = [Rect(Box(0, 0, w, h).inset(mm(1)), FRAME, None, mm(4))]
    row = board.goal_track * SLOT[0] + (board.goal_track - 1) * mm(2)
    side = Box(mm(6) + row + mm(6), mm(6), w - row - mm(18), h - mm(12))
    display = Box(mm(6), mm(6), row, SLOT[1])
    goals = Box(mm(6), h - mm(6) - mm(12) - SLOT[1], row, SLOT[1])
    band = h / 2 - display.top - mm(14)  # the controls centred on the board's middle
    controls = Box(mm(6), h / 2 - band, w - mm(12), 2 * band)
    items += text_block(mm(6), h - mm(5), [_title()], 11, Font.BOLD)
    items += text_block(mm(6), h - mm(10.5), [text("terms.fan-edition")], 7.5, color=GREY)
    items += _goal_track(goals, side.take_top(goals.h + mm(12))[0], board)
    items += _display(display, board)
    items += _supply(side.take_bottom(display.top + mm(8) - side.y)[0])
    cells = _control_boxes(controls)
    for control, cell in zip(board.controls, cells, strict=True):
        items += _control(control, cell, board.capacity)
    return items + _arrows(cells)


def _title() -> str:
    return f"{text('terms.game')} · {text('print.main.title')}"


def _goal_track(slots: Box, notes: Box, board: MainBoard) -> list[Item]:
    first, second = board.placements[0], board.placements[1]
    note = text("print.main.goal_track").format(spaces=board.goal_track, first=first, second=second)
    items = text_block(notes.x, notes.top, [text("terms.goal-track")], 11, Font.BOLD)
    size, lines = fit_wrapped(note, notes.w, notes.h - mm(8), 8.5, minimum=6)
    items += text_block(notes.x, notes.top - mm(6), lines, size)
    for k, slot in enumerate(slots.columns(board.goal_track, mm(2))):
        scores = k == board.goal_track - 1
        items.append(Rect(slot, Stroke(INK, 1.4) if scores else CELL, None, mm(3)))
        items.append(
            Text(slot.x + mm(3), slot.top - mm(12), str(k + 1), 30, Font.BOLD, color=LIGHT)
        )
        if scores:
            words = text("print.main.scores").format(first=first, second=second)
            items.append(Text(slot.cx, slot.y + mm(4), words, 9, Font.BOLD, Anchor.MIDDLE))
        else:
            items += _arrow(slot.right - mm(6), slot.y + mm(6), slot.right + mm(5), slot.y + mm(6))
    return items


def _display(area: Box, board: MainBoard) -> list[Item]:
    note = f"{text('terms.energy-display')}: " + text("print.main.display").format(n=board.display)
    size, lines = fit_wrapped(note, TEXT, mm(10), 9, font=Font.BOLD, minimum=6)
    items = text_block(area.x, area.top + mm(2) + len(lines) * size * 1.2, lines, size, Font.BOLD)
    for slot in area.columns(board.display, mm(2)):
        items.append(Rect(slot, CELL, None, mm(3)))
        items += icons.card(slot.x + mm(8), slot.top - mm(8), mm(10))
    return items


def _control_boxes(area: Box) -> list[Box]:
    """Clockwise from the top left: Light, Time, Gravity, Chemistry."""
    w, h = (area.w - GAP) / 2, (area.h - GAP) / 2
    left, right = area.x, area.x + w + GAP
    top, bottom = area.y + h + GAP, area.y
    return [
        Box(left, top, w, h),
        Box(right, top, w, h),
        Box(right, bottom, w, h),
        Box(left, bottom, w, h),
    ]


def _control(control: Control, cell: Box, capacity: int) -> list[Item]:
    items: list[Item] = [Rect(cell, Stroke(INK, 1.4), None, mm(4))]
    inner = cell.inset(mm(4))
    items += icons.energy(
        icons.Energy(control.type.value), inner.x + mm(6), inner.top - mm(6), mm(12)
    )
    name = control.type.label()
    items += text_block(inner.x + mm(14), inner.top - mm(1), [name], 16, Font.BOLD)
    limit = text("print.main.capacity").format(n=capacity)
    items += text_block(inner.x + mm(14), inner.top - mm(8.5), [limit], 8, color=GREY)
    spots = Box(inner.x, inner.top - mm(15) - TOKEN, inner.w, TOKEN)
    for k in range(capacity):
        x = spots.cx + (k - (capacity - 1) / 2) * (TOKEN + mm(3))
        items.append(Circle(x, spots.cy, TOKEN / 2, Stroke(GREY, 0.8), None))
    power = Box(inner.x, inner.y, inner.w, mm(16))
    items.append(Rect(power, DASHED, None, mm(2)))
    label = text("print.main.power_tokens")
    items.append(Text(power.cx, power.cy - 3, label, 8, Font.REGULAR, Anchor.MIDDLE, GREY))
    rewards = Box(inner.x, power.top + mm(3), inner.w, spots.y - power.top - mm(6))
    left, right = rewards.columns(2, mm(3))
    items += _reward(left, text("terms.active"), control.active, control.active_text())
    items += _reward(right, text("terms.passive"), (control.passive,), control.passive_text())
    return items


def _reward(area: Box, heading: str, rewards: tuple[Reward, ...], words: str) -> list[Item]:
    items: list[Item] = [Rect(area, CELL, None, mm(2))]
    inner = area.inset(mm(2))
    size = fit_size(heading, inner.w, 9, Font.BOLD, 6)
    items += text_block(inner.x, inner.top, [heading], size, Font.BOLD)
    icon = mm(9)
    count = sum(min(r.n, 3) for r in rewards)
    step = min(icon + mm(1), inner.w / max(count, 1))
    x = inner.cx - step * (count - 1) / 2
    y = inner.cy + mm(1)
    for reward in rewards:
        for _ in range(min(reward.n, 3)):
            items += icons.resource(reward.gain.value, x, y, icon)
            x += step
    size, lines = fit_wrapped(words, inner.w, mm(9), 8.5, font=Font.BOLD, minimum=6)
    return items + text_block(
        inner.cx, inner.y + mm(9), lines, size, Font.BOLD, anchor=Anchor.MIDDLE
    )


def _arrow(x1: float, y1: float, x2: float, y2: float) -> list[Item]:
    """A line with a head at its end."""
    angle = math.atan2(y2 - y1, x2 - x1)
    head = mm(3)
    back = [
        (x2 - head * math.cos(angle + s), y2 - head * math.sin(angle + s)) for s in (0.45, -0.45)
    ]
    return [
        Line(
            x1,
            y1,
            x2 - head * 0.8 * math.cos(angle),
            y2 - head * 0.8 * math.sin(angle),
            Stroke(INK, 1.2),
        ),
        Poly(((x2, y2), *back), True, None, INK),
    ]


def _arrows(cells: list[Box]) -> list[Item]:
    """Clockwise from each control to the next, across the gap between them."""
    light, time, gravity, chemistry = cells
    items: list[Item] = []
    items += _arrow(light.right + mm(4), light.cy, time.x - mm(4), time.cy)
    items += _arrow(time.cx, time.y - mm(4), gravity.cx, gravity.top + mm(4))
    items += _arrow(gravity.x - mm(4), gravity.cy, chemistry.right + mm(4), chemistry.cy)
    items += _arrow(chemistry.cx, chemistry.top + mm(4), light.cx, light.y - mm(4))
    return items


def _supply(area: Box) -> list[Item]:
    r = min(area.w, area.h) / 2 - mm(2)
    cx, cy = area.cx, area.y + r + mm(2)
    items: list[Item] = [Circle(cx, cy, r, Stroke(INK, 1.4), None)]
    items += icons.crystal(cx, cy + r * 0.4, r * 0.5)
    size, lines = fit_wrapped(
        text("print.main.supply"), r * 1.5, r * 0.7, 9, font=Font.BOLD, minimum=6
    )
    return items + text_block(cx, cy - r * 0.05, lines, size, Font.BOLD, anchor=Anchor.MIDDLE)
