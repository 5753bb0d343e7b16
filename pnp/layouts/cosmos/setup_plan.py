"""The set-up sheet's picture: the table from above for a player count, drawn from the
same data as its words (data/cosmos/setup.toml, main_board.toml, advanced_life.toml).
The main board in the middle with its piles as set up; the player boards round it in
seating order (clockwise from the bottom: the 1st player token passes left), each with
its shape mark, set-up pieces and hand; beside each control, its power deck and stars."""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from pnp.cosmos.content import advanced_life, main_board, setup
from pnp.cosmos.model import EachPlayer
from pnp.cosmos.text import text
from pnp.draw.fonts import Font, ascent, text_width
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    TINT,
    Anchor,
    Circle,
    Item,
    Poly,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.transform import rotated
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.icons import Energy, Shape
from pnp.layouts.cosmos.main_board import SIZE as BOARD_SIZE
from pnp.layouts.cosmos.main_board import layout
from pnp.paper.geometry import Box
from pnp.paper.units import mm

LABEL = 6.5  # points: the plan's words
SMALL = 6.0
ROOM = mm(1.2)  # paper between a word and a line it is not inside
THIN = Stroke(GREY, 0.5)
FRAME = Stroke(INK, 0.9)
DASHED = Stroke(LIGHT, 0.5, (mm(0.8), mm(0.6)))
# Where the seats are, clockwise from the bottom, by player count, and the quarter turns
# that put each player board's bottom edge towards its player.
SEATS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}
TURNS = {"bottom": 0, "left": 3, "top": 2, "right": 1}
NOMINAL = (mm(196), mm(206))  # the plan's size at scale 1
BOARD = (76, 100)  # the main board, in the plan's units (mm at scale 1)
SEAT = (68, 50)  # a player board 40 deep and the hand in front of it
STARS = {"H", "He", "O", "C"}


class TablePlan(NamedTuple):
    """What the table holds after set-up, for one player count."""

    players: int
    seats: tuple[tuple[str, Shape], ...]  # clockwise from the bottom
    crystals: int  # in the main supply
    dark: int
    dealt: tuple[int, ...]  # energy tokens on each control, clockwise from Light
    advanced: int  # in the stack, group 1 on top
    group_one: int
    goals: int  # drawn face down; the top one revealed
    stars: tuple[str, ...]  # the star pile beside each control
    energy: tuple[Energy, ...]
    each: EachPlayer
    passes: bool


def plan_for(players: int) -> TablePlan:
    count, board, life = setup().for_players(players), main_board(), advanced_life()
    tokens = players + count.dark_energy
    controls = len(board.controls)
    stars = tuple(
        next(r.gain.value for r in c.active if r.gain.value in STARS) for c in board.controls
    )
    return TablePlan(
        players,
        tuple(zip(SEATS[players], Shape, strict=False)),
        count.time_crystals,
        count.dark_energy,
        tuple((tokens - k + controls - 1) // controls for k in range(controls)),
        life.in_play(players),
        life.per_player * players,
        board.goals_per_game,
        stars,
        tuple(Energy(c.type.value) for c in board.controls),
        setup().each,
        count.pass_first,
    )


def table_plan(area: Box, plan: TablePlan) -> list[Item]:
    """The plan, as large as fits ``area`` and centred in it."""
    k = min(area.w / NOMINAL[0], area.h / NOMINAL[1])
    u = mm(1) * k
    table = area.centred(NOMINAL[0] * k, NOMINAL[1] * k)
    board = table.centred(BOARD[0] * u, BOARD[1] * u)
    seats = _seats(table, board, u)
    items = _main_board(board, plan, u)
    for seat, shape in plan.seats:
        items += _seat(seats[seat], TURNS[seat], shape, plan.each, u)
    return items + _corners(table, board, seats, plan, u)


def _seats(table: Box, board: Box, u: float) -> dict[str, Box]:
    """Each seat's area, the player board and its hand, upright before it is turned."""
    w, h = SEAT[0] * u, SEAT[1] * u
    return {
        "bottom": Box(table.cx - w / 2, board.y - 3 * u - h, w, h),
        "top": Box(table.cx - w / 2, board.top + 3 * u, w, h),
        "left": Box(board.x - 3 * u - h / 2 - w / 2, table.cy - h / 2, w, h),
        "right": Box(board.right + 3 * u + h / 2 - w / 2, table.cy - h / 2, w, h),
    }


def _label(
    x: float, y: float, words: str, size: float = LABEL, anchor: Anchor = Anchor.MIDDLE
) -> Text:
    return Text(x, y, words, size, Font.REGULAR, anchor)


def _stack(box: Box, u: float, icon: icons.Icon | None = None, count: int = 3) -> list[Item]:
    """A pile of cards, face down, a little offset each."""
    items: list[Item] = []
    for n in reversed(range(count)):
        card = Box(box.x + n * 0.7 * u, box.y - n * 0.7 * u, box.w, box.h)
        items.append(Rect(card, Stroke(INK, 0.6), TINT if n else None, 0.8 * u))
    if icon is not None:
        items += icon(box.cx, box.cy, min(box.w, box.h) * 0.7)
    return items


def _main_board(b: Box, plan: TablePlan, u: float) -> list[Item]:
    """The main board, its spots where ``main_board.layout`` puts them, scaled into
    ``b``, with what the set-up puts on them."""
    at = layout(main_board())
    k = min(b.w / BOARD_SIZE[0], b.h / BOARD_SIZE[1])
    frame = b.centred(BOARD_SIZE[0] * k, BOARD_SIZE[1] * k)

    def put(box: Box) -> Box:
        return Box(frame.x + box.x * k, frame.y + box.y * k, box.w * k, box.h * k)

    items: list[Item] = [Rect(frame, FRAME, None, 3 * u)]
    items += _goals(put(at.goal_deck), [put(s) for s in at.goal_spaces], frame.x, plan, u)
    items += _display([put(s) for s in at.display], put(at.energy_deck), put(at.discard), u)
    for energy, dealt, cell in zip(plan.energy, plan.dealt, at.controls, strict=True):
        items += _control(put(cell), energy, dealt, u)
    items += _nebula_stacks([put(s) for s in at.nebula_stacks], u)
    return items + _supply(put(at.supply), plan, u) + _advanced(put(at.advanced), plan, u)


def _goals(deck: Box, spaces: list[Box], edge: float, plan: TablePlan, u: float) -> list[Item]:
    """The goal deck (the goals drawn, less the one revealed, face down) and the goal
    track with the revealed goal on its first space. The deck's words stand outside the
    board, beside it (left of ``edge``): the board's margin over the deck is too narrow
    for them with room round them."""
    pile = _pile_in(deck, u)
    items = _stack(pile, u, icons.goal)
    words = text("print.setup_sheet.plan_goals").format(n=plan.goals - 1)
    x = edge - FRAME.width / 2 - ROOM
    items.append(_label(x, pile.top - ascent(SMALL), words, SMALL, Anchor.END))
    for k, space in enumerate(spaces):
        if k == 0:
            items.append(Rect(space, Stroke(INK, 0.6), None, 0.8 * u))
            items += icons.goal(space.cx, space.cy, space.w * 0.6)
        else:
            items.append(Rect(space, DASHED, None, 0.8 * u))
            items.append(_label(space.cx, space.cy - 2, str(k + 1), SMALL))
    return items


def _pile_in(spot: Box, u: float) -> Box:
    """The top card of a pile of three on a card spot (each card 0.7 u lower right)."""
    return Box(spot.x + 0.3 * u, spot.y + 1.7 * u, spot.w - 1.7 * u, spot.h - 2 * u)


def _display(slots: list[Box], deck: Box, discard: Box, u: float) -> list[Item]:
    """The energy display, face up, the deck beside it, and the discard spot, empty,
    between Chemistry and Gravity."""
    items: list[Item] = []
    for k, slot in enumerate(slots, 1):  # numbered, as on the board
        card = slot.inset(0.3 * u)
        items.append(Rect(card, Stroke(INK, 0.6), None, 0.8 * u))
        items += icons.card(card.cx, card.cy, min(card.w, card.h) * 0.5)
        corner = card.top - ROOM - ascent(SMALL)
        items.append(_label(card.x + ROOM, corner, str(k), SMALL, Anchor.START))
    items += _stack(_pile_in(deck, u), u)
    items.append(Rect(discard, DASHED, None, 0.8 * u))
    words = text("print.setup_sheet.plan_discard")
    return [*items, _label(discard.cx, discard.cy - 2, words, SMALL)]


def _control(cell: Box, energy: Energy, dealt: int, u: float) -> list[Item]:
    """A control with its icon and the energy tokens dealt to it (whose is chance)."""
    items: list[Item] = [Rect(cell, Stroke(INK, 0.7), None, 2 * u)]
    items += icons.energy(energy, cell.x + 5 * u, cell.top - 5 * u, 7 * u)
    for n in range(dealt):
        x, y = cell.x + 6 * u + n * 8.5 * u, cell.y + 5.5 * u
        items.append(Circle(x, y, 3.2 * u, Stroke(INK, 0.7), TINT))
        items.append(Text(x, y - 2.2, "?", LABEL, Font.BOLD, Anchor.MIDDLE, GREY))
    return items


def _nebula_stacks(spots: list[Box], u: float) -> list[Item]:
    items: list[Item] = []
    for size, spot in zip((1, 2, 3), spots, strict=True):
        items.append(Rect(spot, DASHED, None, 0.5 * u))
        items += icons.nebula(size, spot.cx, spot.cy, spot.w * 0.9)
    return items


def _supply(area: Box, plan: TablePlan, u: float) -> list[Item]:
    """The time crystal supply, with its crystals in two rows."""
    items: list[Item] = [Rect(area, Stroke(INK, 0.7), None, area.h * 0.45)]
    per_row = (plan.crystals + 1) // 2
    step = min(5 * u, (area.w - area.h * 0.6) / per_row)
    x0 = area.cx - step * (per_row - 1) / 2
    for n in range(plan.crystals):
        row, col = divmod(n, per_row)
        y = area.cy + (1 - 2 * row) * area.h * 0.2
        items += icons.crystal(x0 + col * step, y, min(step * 1.1, area.h * 0.45))
    return items


def _advanced(spot: Box, plan: TablePlan, u: float) -> list[Item]:
    """The advanced life stack; how many tokens it holds is said beside the table
    (``_advanced_stack``): 2.2 mm between it and Time leave no room for the count."""
    items: list[Item] = [Rect(spot, DASHED, None, 0.5 * u)]
    return items + _stack(spot.inset(0.8 * u), u, icons.advanced, 1)


def _seat(area: Box, turns: int, shape: Shape, each: EachPlayer, u: float) -> list[Item]:
    """A player's board and hand, drawn upright at the bottom of the table, then turned
    to the seat."""
    hand, board = area.take_bottom(9 * u)
    items = _player_board(board.inset(0, 0.5 * u), shape, each, u)
    items += _hand(hand, each.energy_cards, u)
    return rotated(items, turns, area.cx, area.cy)


def _hand(row: Box, cards: int, u: float) -> list[Item]:
    """The energy cards in the player's hand, and the words, centred together."""
    words = text("print.setup_sheet.plan_hand").format(n=cards)
    width = cards * 5 * u + 2 * u + text_width(words, SMALL)
    x0 = row.cx - width / 2
    items: list[Item] = [
        Rect(Box(x0 + n * 5 * u, row.y + 1 * u, 5 * u, 7 * u), Stroke(INK, 0.6), None, 0.6 * u)
        for n in range(cards)
    ]
    return [*items, _label(x0 + cards * 5 * u + 2 * u, row.y + 3 * u, words, SMALL, Anchor.START)]


def _player_board(b: Box, shape: Shape, each: EachPlayer, u: float) -> list[Item]:
    """The board schematic: the galaxy with its set-up pieces on the left; the time
    chamber with a crystal on 0, the sliders on 0, the power tokens on their slots and
    the marker on α on the right; the score track along the bottom."""
    items: list[Item] = [Rect(b, FRAME, None, 2 * u)]
    score, body = b.inset(1.5 * u).take_bottom(5 * u)
    galaxy, right = body.take_left(30 * u)
    items += icons.shape(shape, galaxy.x + 3 * u, galaxy.top - 3 * u, 5 * u)
    items += _galaxy(galaxy, each, u)
    items += _chamber_and_slots(right, each, u)
    items += _score_track(score, shape, u)
    return items


def _galaxy(g: Box, each: EachPlayer, u: float) -> list[Item]:
    r = min(g.w / 2, g.h / 1.8)
    cx, cy = g.cx, g.cy
    items: list[Item] = [Poly(icons.polygon(cx, cy, r, 6, 0), True, THIN, TINT)]
    spots = ((cx, cy + 8 * u), (cx + 7.5 * u, cy - 3.5 * u), (cx - 7.5 * u, cy - 3.5 * u))
    for size, (x, y) in zip(each.nebulae, spots, strict=False):
        items += icons.nebula(size, x, y, 6.5 * u)
    items += icons.star(each.center_star.value, cx, cy, 5.5 * u)
    for n in range(each.proto_life):
        items += icons.life(False, cx + n * 4 * u, cy - 5.5 * u, 4 * u)
    return items


def _chamber_and_slots(area: Box, each: EachPlayer, u: float) -> list[Item]:
    chamber, rest = area.take_top(7 * u)
    items: list[Item] = []
    for k, cell in enumerate(chamber.columns(7, 0.4 * u)):
        items.append(Rect(cell, THIN, None, 0.5 * u))
        if k < each.time_crystal:
            items += icons.crystal(cell.cx, cell.cy, min(cell.w, cell.h) * 1.05)
        else:
            items.append(_label(cell.cx, cell.cy - 2, str(k), SMALL))
    sliders, rest = rest.take_top(9 * u)
    for k, icon in enumerate((icons.supernova, icons.dna, icons.graviton)[: each.slider_tokens]):
        x = sliders.x + 4 * u + k * 11 * u
        items += icon(x, sliders.cy, 4.5 * u)
        items.append(Rect(Box(x + 3 * u, sliders.cy - 2 * u, 4 * u, 4 * u), THIN, None, 0.5 * u))
        items.append(_label(x + 5 * u, sliders.cy - 2, "0", SMALL))
    slots, marker = rest.take_top(7 * u)
    for cell in slots.columns(each.power_tokens, 1 * u):
        items.append(Rect(cell, THIN, None, 0.6 * u))
        items += icons.power_token(cell.cx, cell.cy, min(cell.w, cell.h) * 0.85)
    spot = Box(marker.x, marker.y + 1 * u, 9 * u, marker.h - 2 * u)  # apart from both rows
    items.append(Rect(spot, THIN, None, 0.6 * u))
    items.append(Text(spot.cx, spot.cy - 2.2, "α", LABEL, Font.BOLD, Anchor.MIDDLE))
    return items


def _score_track(row: Box, shape: Shape, u: float) -> list[Item]:
    items: list[Item] = []
    cells = row.columns(12, 0.3 * u)
    for k, cell in enumerate(cells):
        items.append(Rect(cell, THIN, None, 0.3 * u))
        if k:
            items.append(_label(cell.cx, cell.cy - 2, str(k), SMALL))
    return items + icons.shape(shape, cells[0].cx, cells[0].cy, 3.4 * u)


def _footprint(box: Box, seat: str) -> Box:
    """Where a seat's area lies once turned."""
    return box if seat in ("bottom", "top") else box.centred(box.h, box.w)


def _corners(
    table: Box, board: Box, seats: dict[str, Box], plan: TablePlan, u: float
) -> list[Item]:
    """The table's corners, beside each control: its power deck and its stars; and the
    life tokens, the +50/+100 tokens, the energy tokens to deal and the 1st player
    token."""
    feet = {seat: _footprint(box, seat) for seat, box in seats.items()}
    w = min(feet["top"].x, board.x) - table.x - 2 * u
    h = table.top - feet["left"].top - 3 * u
    left, right = table.x, max(feet["top"].right, board.right) + 2 * u
    high, low = feet["left"].top + 3 * u, table.y
    boxes = [Box(left, high, w, h), Box(right, high, w, h), Box(right, low, w, h)]
    boxes.append(Box(left, low, w, h))
    items: list[Item] = []
    for energy, star, box in zip(plan.energy, plan.stars, boxes, strict=True):
        items += _pile(box, energy, star, u)
    extras = [_life_and_bonus, _first_player, _deal, _advanced_stack]
    for extra, box in zip(extras, boxes, strict=True):
        items += extra(box.take_bottom(box.h - 24 * u)[0], plan, u)
    return items


def _pile(box: Box, energy: Energy, star: str, u: float) -> list[Item]:
    """A control's power deck and its star tokens, labelled."""
    deck = Box(box.x + 2 * u, box.top - 15 * u, 9 * u, 12.5 * u)
    items = _stack(deck, u, partial(icons.energy, energy))
    for n in range(3):
        items += icons.star(star, deck.right + 7.5 * u + n * 7 * u, deck.cy, 6.5 * u)
    kind = text(f"terms.{energy.value}")
    words = text("print.setup_sheet.plan_pile").format(type=kind, star=star)
    below = deck.y - 2 * 0.7 * u - ROOM - ascent(SMALL)  # under the pile's lowest card
    return [*items, _label(box.x + 2 * u, below, words, SMALL, Anchor.START)]


def _row(box: Box, words: str, drawings: list[icons.Icon], u: float) -> list[Item]:
    """Icons in a row at the top of ``box``, words under them."""
    items: list[Item] = []
    for n, draw in enumerate(drawings):
        items += draw(box.x + 5 * u + n * 6.5 * u, box.top - 4 * u, 5.5 * u)
    return [*items, _label(box.x + 2 * u, box.top - 11.5 * u, words, SMALL, Anchor.START)]


def _bonus_token(x: float, y: float, size: float) -> list[Item]:
    return [
        Circle(x, y, size * 0.6, Stroke(INK, 0.6), None),
        Text(x, y - 2, "+50", SMALL, Font.BOLD, Anchor.MIDDLE),
    ]


def _life_and_bonus(box: Box, plan: TablePlan, u: float) -> list[Item]:
    proto = icons.MEANINGS["proto-life"]
    words = text("print.setup_sheet.plan_life")
    return _row(box, words, [proto, proto, proto, _bonus_token], u)


def _first_player(box: Box, plan: TablePlan, u: float) -> list[Item]:
    key = "print.setup_sheet.plan_passes" if plan.passes else "print.setup_sheet.plan_stays"
    return _row(box, text(key), [icons.first_player], u)


def _deal(box: Box, plan: TablePlan, u: float) -> list[Item]:
    """The energy tokens dealt to the controls: the players' and the dark ones."""
    tokens: list[icons.Icon] = [partial(icons.energy_token, shape) for _, shape in plan.seats]
    tokens += [partial(icons.energy_token, None)] * plan.dark
    words = text("print.setup_sheet.plan_deal").format(players=plan.players, dark=plan.dark)
    return _row(box, words, tokens, u)


def _advanced_stack(box: Box, plan: TablePlan, u: float) -> list[Item]:
    words = text("print.setup_sheet.plan_advanced").format(
        n=plan.advanced, first=plan.group_one, rest=plan.advanced - plan.group_one
    )
    return _row(box, words, [icons.MEANINGS["advanced-life"]] * 2, u)
