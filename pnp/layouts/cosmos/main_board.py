"""The main board (spec cosmos.md, Main board): the four controls clockwise Light → Time
→ Gravity → Chemistry, each with room for its energy tokens, its active reward on the
left, its passive one on the right and a spot for power tokens; the goal track along the
top, the energy display along the bottom, the discard, nebula stacks, time crystal
supply and advanced life between the controls (``layout``). One picture of
``SIZE``, origin at the bottom left, printed on four sheets that join: the sheets meet in
the gaps between the controls, and no line of text crosses a join."""

from __future__ import annotations

import math
from typing import NamedTuple

from pnp.cosmos.model import Control, MainBoard, Reward
from pnp.cosmos.text import text
from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, LIGHT, Anchor, Circle, Item, Line, Poly, Rect, Stroke, Text
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.cosmos import icons
from pnp.layouts.page import text_block
from pnp.layouts.tiles import OVERLAP
from pnp.paper.geometry import Box, bounds
from pnp.paper.units import mm

SIZE = (mm(362), mm(470))  # the most four A4 or Letter sheets hold (pnp.layouts.tiles)
SLOT = (mm(66), mm(91.5))  # a poker card and a little room
TOKEN = mm(21)  # an energy token's spot: a circle round a 14 mm square token, 0.5 mm to spare
STACK = mm(24)  # a stack of nebula tiles (17 mm) or advanced life tokens (12 mm)
LOW = mm(7.5)  # from the bottom of the gap between two controls to the stacks in it
FRAME = Stroke(INK, 1.0)
CELL = Stroke(GREY, 0.6)
DASHED = Stroke(LIGHT, 0.7, (mm(1.2), mm(1)))
ACROSS = mm(70)  # between the left and right controls: a card spot fits
DOWN = mm(44)  # between the upper and lower controls
LANE = mm(10)  # from the board's edge to the arrows beside the stacks
ARROWS = mm(4)  # more room under the goal track, for its arrows
# Where the four sheets overlap (pnp.layouts.tiles): no line of text may cross these strips.
JOIN_X = (SIZE[0] / 2 - OVERLAP / 2, SIZE[0] / 2 + OVERLAP / 2)
JOIN_Y = (SIZE[1] / 2 - OVERLAP / 2, SIZE[1] / 2 + OVERLAP / 2)


class Layout(NamedTuple):
    """Where the board's spots lie, in its own coordinates: what the board draws, and
    what the set-up sheets' picture of the board scales down, so the two agree."""

    header: Box
    goal_deck: Box
    goal_spaces: tuple[Box, ...]  # 1 to the last, which scores
    controls: tuple[Box, ...]  # clockwise from Light, at the top left
    discard: Box  # between Chemistry and Gravity
    display: tuple[Box, ...]
    energy_deck: Box
    nebula_stacks: tuple[Box, ...]  # sizes 1, 2, 3, between Light and Chemistry
    supply: Box  # the time crystal supply, between Time and Gravity
    advanced: Box  # the advanced life stack, beside the supply

    def spots(self) -> tuple[Box, ...]:
        """Every spot a card, a stack or a pile covers at the table."""
        return (
            self.goal_deck,
            *self.goal_spaces,
            self.discard,
            *self.display,
            self.energy_deck,
            *self.nebula_stacks,
            self.supply,
            self.advanced,
        )


def layout(board: MainBoard) -> Layout:
    w, h = SIZE
    inner = Box(mm(6), mm(6), w - mm(12), h - mm(12))
    header, rest = inner.take_top(mm(13))
    goal_row, rest = rest.take_top(SLOT[1])
    display_row, rest = rest.take_bottom(SLOT[1])
    # below the goal row, a strip for the track's arrows: no card covers them
    controls = Box(rest.x, rest.y + mm(14), rest.w, rest.h - mm(18) - ARROWS)
    light, time, gravity, chemistry = _control_boxes(controls)
    spaces = board.goal_track
    track = Box(
        goal_row.right - spaces * SLOT[0] - (spaces - 1) * mm(2),
        goal_row.y,
        spaces * SLOT[0] + (spaces - 1) * mm(2),
        goal_row.h,
    )
    display, side = display_row.take_left(board.display * SLOT[0] + (board.display - 1) * mm(2))
    between = Box(chemistry.right, chemistry.y, ACROSS, chemistry.h)
    stacks = Box(light.x + LANE, chemistry.top, light.w - LANE, DOWN)
    piles = Box(time.x, gravity.top, time.w - LANE, DOWN)
    advanced = Box(piles.right - STACK - mm(2), piles.y + LOW, STACK, STACK)
    supply_x = piles.x + mm(12)
    return Layout(
        header,
        goal_row.take_left(SLOT[0])[0],
        tuple(track.columns(spaces, mm(2))),
        (light, time, gravity, chemistry),
        Box(between.cx - SLOT[0] / 2, between.top - SLOT[1] - mm(1), *SLOT),
        tuple(display.columns(board.display, mm(2))),
        Box(side.right - SLOT[0], side.y, SLOT[0], side.h),
        tuple(Box(stacks.x + k * (STACK + mm(12)), stacks.y + LOW, STACK, STACK) for k in range(3)),
        Box(supply_x, piles.y + mm(3), advanced.x - mm(10) - supply_x, DOWN - mm(6)),
        advanced,
    )


def main_board_items(board: MainBoard) -> list[Item]:
    w, h = SIZE
    at = layout(board)
    header = at.header
    items: list[Item] = [Rect(Box(0, 0, w, h).inset(mm(1)), FRAME, None, mm(4))]
    items += text_block(header.x, header.top + mm(1), [_title()], 11, Font.BOLD)
    items += text_block(
        header.x, header.top - mm(4.5), [text("terms.fan-edition")], 7.5, color=GREY
    )
    items += _goal_track(at, board)
    items += _display(at, board)
    for control, cell in zip(board.controls, at.controls, strict=True):
        items += _control(control, cell, board.capacity)
    items += _card_spot(at.discard, text("print.main.discard"), text("print.main.discard_note"))
    items += _nebula_stacks(at.nebula_stacks)
    items += _supplies(at.supply, at.advanced)
    return items + _arrows(list(at.controls))


def _title() -> str:
    return f"{text('terms.game')} · {text('print.main.title')}"


def _goal_track(at: Layout, board: MainBoard) -> list[Item]:
    first, second = board.placements[0], board.placements[1]
    note = text("print.main.goal_track").format(spaces=board.goal_track, first=first, second=second)
    header = at.header
    notes = Box(JOIN_X[1] + mm(3), header.y, header.right - JOIN_X[1] - mm(3), header.h)
    items = text_block(notes.x, notes.top + mm(1), [text("terms.goal-track")], 9, Font.BOLD)
    size, lines = fit_wrapped(note, notes.w, notes.h - mm(3), 7, minimum=5.5)
    items += text_block(notes.x, notes.top - mm(3), lines, size)
    deck = at.goal_deck
    deck_words = text("print.main.goal_deck"), text("print.main.goal_deck_note")
    items += _card_spot(deck, *deck_words, icons.goal)
    first_space = at.goal_spaces[0]
    items += _arrow(deck.right + mm(1.5), deck.y + mm(6), first_space.x - mm(1.5), deck.y + mm(6))
    low = first_space.y - (mm(4) + ARROWS) / 2  # under the spaces: no card covers it
    for k, slot in enumerate(at.goal_spaces):
        scores = k == board.goal_track - 1
        items.append(Rect(slot, Stroke(INK, 1.4) if scores else CELL, None, mm(3)))
        items.append(
            Text(slot.x + mm(3), slot.top - mm(12), str(k + 1), 30, Font.BOLD, color=LIGHT)
        )
        if scores:  # in the strip under the space, where the goal card leaves it in view
            words = text("print.main.scores").format(first=first, second=second)
            items.append(Text(slot.right, low - 9 * 0.36, words, 9, Font.BOLD, Anchor.END))
        else:
            after = at.goal_spaces[k + 1]
            items += _arrow(slot.right - mm(12), low, after.x + mm(12), low)
    return items


def _card_spot(slot: Box, name: str, note: str, icon: icons.Icon = icons.card) -> list[Item]:
    """A labelled dashed spot for a pile of cards, its words at the top left, left of
    the join where the spot lies across it, and the pile's icon."""
    inner = slot.inset(mm(3))
    width = JOIN_X[0] - inner.x - mm(1) if inner.x < JOIN_X[0] < inner.right else inner.w
    items: list[Item] = [Rect(slot, DASHED, None, mm(3))]
    items += text_block(
        inner.x, inner.top, [name], fit_size(name, width, 9, Font.BOLD, 6), Font.BOLD
    )
    size, lines = fit_wrapped(note, width, mm(20), 7, minimum=6)
    items += text_block(inner.x, inner.top - mm(5), lines, size, color=GREY)
    return items + icon(inner.cx, inner.cy - mm(12), mm(12))


def _display(at: Layout, board: MainBoard) -> list[Item]:
    area = bounds(at.display)
    note = f"{text('terms.energy-display')}: " + text("print.main.display").format(n=board.display)
    size, lines = fit_wrapped(
        note, JOIN_X[0] - area.x - mm(4), mm(10), 9, font=Font.BOLD, minimum=6
    )
    top = area.top + mm(7) + len(lines) * size * 1.2  # over the slots' numbers
    items = text_block(area.x, top, lines, size, Font.BOLD)
    for k, slot in enumerate(at.display, 1):  # numbered as a game log names them
        items.append(Rect(slot, CELL, None, mm(3)))
        items += icons.card(slot.x + mm(8), slot.top - mm(8), mm(10))
        number = text("print.main.slot").format(n=k)
        items.append(Text(slot.x + mm(1), slot.top + mm(1.5), number, 9, Font.BOLD))
    return items + _card_spot(
        at.energy_deck, text("print.main.energy_deck"), text("print.main.energy_deck_note")
    )


def _stack(spot: Box, label: str, icon: list[Item]) -> list[Item]:
    label_text = Text(spot.cx, spot.y - mm(3.5), label, 8, Font.BOLD, Anchor.MIDDLE)
    return [Rect(spot, DASHED, None, mm(2)), *icon, label_text]


def _nebula_stacks(stacks: tuple[Box, ...]) -> list[Item]:
    """The three nebula stacks, between Light and Chemistry."""
    first = stacks[0]
    top = first.y - LOW + DOWN - mm(1.5)  # the gap's top, less 1.5 mm
    items = text_block(first.x, top, [text("print.main.nebula_stacks")], 8, Font.BOLD)
    for k, spot in enumerate(stacks):
        label = text("print.main.nebula_size").format(size=k + 1)
        items += _stack(spot, label, icons.nebula(k + 1, spot.cx, spot.cy, mm(9)))
    return items


def _supplies(supply: Box, advanced: Box) -> list[Item]:
    """The time crystal supply, its name inside it, and the advanced life stack."""
    items: list[Item] = [Rect(supply, Stroke(INK, 1.4), None, supply.h * 0.45)]
    name = text("print.main.supply")
    items += text_block(supply.cx, supply.top - mm(4), [name], 8, Font.BOLD, anchor=Anchor.MIDDLE)
    items += icons.crystal(supply.cx, supply.cy - mm(3), mm(14))
    top = advanced.y - LOW + DOWN - mm(1.5)
    heading = [text("print.main.advanced")]
    items += text_block(advanced.cx, top, heading, 8, Font.BOLD, anchor=Anchor.MIDDLE)
    icon = icons.advanced(advanced.cx, advanced.cy, mm(10))
    return items + _stack(advanced, text("print.main.advanced_note"), icon)


def _control_boxes(area: Box) -> list[Box]:
    """Clockwise from the top left: Light, Time, Gravity, Chemistry."""
    w, h = (area.w - ACROSS) / 2, (area.h - DOWN) / 2
    left, right = area.x, area.x + w + ACROSS
    top, bottom = area.y + h + DOWN, area.y
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
    items += icons.power_token(power.x + mm(6), power.cy, mm(9))
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
    """Clockwise from each control to the next, beside the piles between them."""
    light, time, gravity, chemistry = cells
    low, left, right = chemistry.y + mm(2.5), light.x + LANE / 2, time.right - LANE / 2
    items: list[Item] = []
    items += _arrow(light.right + mm(4), light.cy, time.x - mm(4), time.cy)
    items += _arrow(right, time.y - mm(4), right, gravity.top + mm(4))
    items += _arrow(gravity.x - mm(4), low, chemistry.right + mm(4), low)
    items += _arrow(left, chemistry.top + mm(4), left, light.y - mm(4))
    return items
