"""Crafting the Cosmos cards: the universal goals, the energy cards and the power cards,
each kind with its own back (a power card's back names its deck), laid out by the
shared card pages (sizes, bleed, duplex or folded backs, print-shop pages)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from pnp.cosmos.model import EnergyType, Goal, GoalCount, MainBoard, PowerCard
from pnp.cosmos.text import text
from pnp.draw.fonts import Font, text_width
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    PAPER,
    TINT,
    Anchor,
    Circle,
    Item,
    Line,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.cards import CardFace
from pnp.layouts.cosmos import icons
from pnp.layouts.page import text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import SAFE_ZONE
from pnp.paper.units import mm

FRAME = Stroke(INK, 0.8)
GOAL_ID = 6.5  # points: a goal's or power card's id, copied into a game record or log


def _frame(trim: Box) -> tuple[list[Item], Box]:
    safe = trim.inset(SAFE_ZONE)
    return [Rect(safe, FRAME, None, mm(2.5))], safe.inset(mm(2.5))


def _kicker(inner: Box, words: str) -> list[Item]:
    size = fit_size(words.upper(), inner.w, 7.5, Font.BOLD, 5)
    return text_block(
        inner.cx, inner.top, [words.upper()], size, Font.BOLD, anchor=Anchor.MIDDLE, color=GREY
    )


def _title(inner: Box, top: float, words: str, size: float = 14) -> tuple[list[Item], float]:
    """The title under ``top``, wrapped to two lines at most; returns where it ends."""
    size, lines = fit_wrapped(words, inner.w, size * 2.6, size, font=Font.BOLD, minimum=8)
    items = text_block(inner.cx, top, lines, size, Font.BOLD, anchor=Anchor.MIDDLE)
    return items, top - len(lines) * size * 1.2


def goal_front(goal: Goal, board: MainBoard) -> CardFace:
    def face(trim: Box, bleed: float) -> list[Item]:
        items, inner = _frame(trim)
        items += _kicker(inner, text("terms.universal-goal"))
        title, y = _title(inner, inner.top - mm(6), goal.title())
        items += title
        if goal.sector is not None:
            symbol = text(f"terms.{goal.sector.value}")
            items.append(Text(inner.cx, y - mm(22), symbol, 54, Font.BOLD, Anchor.MIDDLE, LIGHT))
        else:
            items += _goal_icon(goal, inner.cx, y - mm(14.5), mm(20))
        y -= mm(27)
        body = Box(inner.x, inner.y + mm(12), inner.w, y - mm(3) - inner.y - mm(12))
        size, lines = fit_wrapped(goal.text(), body.w, body.h, 10, minimum=6.5)
        items += text_block(body.cx, body.top, lines, size, anchor=Anchor.MIDDLE)
        first, second = board.placements[0], board.placements[1]
        scores = text("print.cards.goal_scores").format(first=first, second=second)
        size, lines = fit_wrapped(scores, inner.w, mm(10), 7.5, font=Font.BOLD, minimum=6)
        top = inner.y + len(lines) * size * 1.2
        items += text_block(inner.cx, top, lines, size, Font.BOLD, anchor=Anchor.MIDDLE)
        return items + _goal_id(goal, inner, top + mm(1.5))

    return face


def _goal_id(goal: Goal, inner: Box, bottom: float) -> list[Item]:
    """The goal's id, as a game record names it (`pnp cosmos score`), small above the
    scores."""
    return _id_line(text("print.cards.goal_id"), goal.id, inner, bottom)


def _id_line(before: str, words: str, inner: Box, bottom: float) -> list[Item]:
    """A name a record or log copies, centred at ``bottom``: the words before it
    regular and grey, the name bold."""
    size = GOAL_ID
    width = text_width(before, size) + text_width(words, size, Font.BOLD)
    x = inner.cx - width / 2
    return [
        Text(x, bottom, before, size, Font.REGULAR, color=GREY),
        Text(x + text_width(before, size), bottom, words, size, Font.BOLD),
    ]


def _goal_icon(goal: Goal, cx: float, cy: float, size: float) -> list[Item]:
    """What a goal counts, drawn: the piece, or a group of them."""
    measure = goal.measure
    if measure is GoalCount.STARS and goal.star is not None:
        return icons.star(goal.star.value, cx, cy, size)
    if measure is GoalCount.NEBULAE and goal.size is not None:
        return icons.nebula(goal.size, cx, cy, size)
    if measure is GoalCount.STAR_GROUP:
        spots = (
            (cx - size * 0.55, cy - size * 0.2),
            (cx, cy + size * 0.2),
            (cx + size * 0.55, cy - size * 0.2),
        )
        lines: list[Item] = [Line(*a, *b, Stroke(INK, 1.2)) for a, b in pairwise(spots)]
        return lines + [i for x, y in spots for i in icons.any_star(x, y, size * 0.45)]
    if measure is GoalCount.ADVANCED_NEIGHBOURS:
        corners = icons.polygon(cx, cy, size * 0.5, 6)
        outline = icons.nebula(1, cx, cy, size * 0.9)[:1]  # without its size dot
        out = outline + icons.advanced(cx, cy, size * 0.42)
        return out + [i for x, y in corners[1::2] for i in icons.any_star(x, y, size * 0.3)]
    keys = {
        GoalCount.STABLE_LIFE: "stable-life",
        GoalCount.PROTO_LIFE: "proto-life",
        GoalCount.SUPERNOVAE: "supernova",
        GoalCount.TIME_CRYSTALS: "time-crystal",
    }
    return icons.resource(keys[measure], cx, cy, size)


def energy_front(kind: EnergyType) -> CardFace:
    def face(trim: Box, bleed: float) -> list[Item]:
        items, inner = _frame(trim)
        name = kind.label()
        icon = icons.Energy(kind.value)
        items += icons.energy(icon, inner.cx, inner.cy, inner.w * 0.6)
        size = fit_size(name, inner.w - mm(14), 14, Font.BOLD, 8)
        items.append(Text(inner.cx, inner.top - size, name, size, Font.BOLD, Anchor.MIDDLE))
        items.append(
            Text(inner.cx, inner.y + size, name, size, Font.BOLD, Anchor.MIDDLE, angle=180)
        )
        for x, y in ((inner.x + mm(4), inner.top - mm(4)), (inner.right - mm(4), inner.y + mm(4))):
            items += icons.energy(icon, x, y, mm(7))
        return items

    return face


def power_front(card: PowerCard) -> CardFace:
    def face(trim: Box, bleed: float) -> list[Item]:
        items, inner = _frame(trim)
        kind = card.type.label()
        items += icons.energy(icons.Energy(card.type.value), inner.cx, inner.top - mm(5), mm(9))
        items += _kicker(
            Box(inner.x, inner.y, inner.w, inner.h - mm(11)),
            text("print.cards.power_kind").format(type=kind),
        )
        title, y = _title(inner, inner.top - mm(16), card.name(), 13)
        items += title
        log = _power_log(card)
        bottom = inner.y + len(log) * GOAL_ID * 1.2 + mm(1)
        rest = Box(inner.x, bottom, inner.w, y - mm(2) - bottom)
        cost, effect = rest.take_top(rest.h * 0.38)
        items += _section(cost, text("terms.cost"), card.cost_text())
        items += _section(effect, text("terms.effect"), card.effect_text())
        for k, (before, words) in enumerate(log):
            items += _id_line(before, words, inner, inner.y + (len(log) - 1 - k) * GOAL_ID * 1.2)
        return items

    return face


def _power_log(card: PowerCard) -> list[tuple[str, str]]:
    """How a game log names the card (`use fourth-dimension`), and its effect's second
    alternative where it has one (`use star-stuff/2`: the choice after "or")."""
    lines = [(text("print.cards.power_log"), f"use {card.id}")]
    if len(card.effect) > 1:
        lines.append((text("print.cards.power_second"), f"use {card.id}/2"))
    return lines


def _section(area: Box, heading: str, words: str) -> list[Item]:
    items: list[Item] = [Rect(area.inset(0, mm(0.8)), Stroke(GREY, 0.5), None, mm(1.5))]
    inner = area.inset(mm(2), mm(2.3))
    items += text_block(inner.x, inner.top, [heading], 8, Font.BOLD, color=GREY)
    body = inner.take_top(mm(4))[1]
    size, lines = fit_wrapped(words, body.w, body.h, 9.5, minimum=6)
    return items + text_block(body.x, body.top, lines, size)


Emblem = Callable[[float, float, float], list[Item]]  # drawn at a centre, in a size


def goal_emblem(cx: float, cy: float, size: float) -> list[Item]:
    return icons.goal(cx, cy, size)


def energy_emblem(cx: float, cy: float, size: float) -> list[Item]:
    """The four energy types round the centre, clockwise from Light at the top left."""
    d = size * 0.29
    spots = ((-d, d), (d, d), (d, -d), (-d, -d))
    return [
        i
        for kind, (dx, dy) in zip(icons.Energy, spots, strict=True)
        for i in icons.energy(kind, cx + dx, cy + dy, size * 0.48)
    ]


def power_emblem(kind: icons.Energy) -> Emblem:
    def draw(cx: float, cy: float, size: float) -> list[Item]:
        return icons.energy(kind, cx, cy, size)

    return draw


def back(words: str, emblem: Emblem) -> CardFace:
    """A light field to the bleed, a ring round the deck's emblem (a frame no icon
    shares), the game's name and the card's kind."""

    def face(trim: Box, reach: float) -> list[Item]:
        field = trim.inset(-reach)
        items: list[Item] = [Rect(field, None, TINT)]
        safe = trim.inset(SAFE_ZONE)
        r = min(safe.w, safe.h) * 0.36
        items.append(Circle(safe.cx, safe.cy, r, Stroke(INK, 1.0), PAPER))
        items.append(Circle(safe.cx, safe.cy, r * 0.86, Stroke(GREY, 0.5, (1.0, 2.0)), None))
        items += emblem(safe.cx, safe.cy, r * 0.9)
        game = text("terms.game").upper()
        size = fit_size(game, safe.w - mm(4), 10, Font.BOLD, 6)
        gap = (safe.h / 2 - r) / 2
        items.append(
            Text(safe.cx, safe.cy + r + gap - size * 0.1, game, size, Font.BOLD, Anchor.MIDDLE)
        )
        kind = words.upper()
        size = fit_size(kind, safe.w - mm(4), 9, Font.BOLD, 6)
        items.append(
            Text(
                safe.cx,
                safe.cy - r - gap + size * 0.1,
                kind,
                size,
                Font.BOLD,
                Anchor.MIDDLE,
                angle=180,
            )
        )
        return items

    return face
