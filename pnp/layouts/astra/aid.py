"""The Player Aid card: the turn on the front; the boons, the spheres, the game end and
the final scoring on the back. Text flows down the card at the largest size that fits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.astra.model import CLOCKWISE, BoonKind, Element, StarKind
from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent, text_width
from pnp.draw.shapes import GREY, INK, Anchor, Circle, Item, Line, Rect, Stroke, Text
from pnp.draw.text import fit_size, wrap
from pnp.layouts.astra import icons
from pnp.layouts.astra.journal import MIN_TEXT, Icon
from pnp.layouts.cards import CardFace
from pnp.layouts.page import text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import SAFE_ZONE
from pnp.paper.units import mm

LEADING = 1.2
_LARGEST = 8.5


@dataclass(frozen=True)
class Point:
    text: str
    lead: str = ""  # bold words that start the point
    icon: Icon | None = None
    step: str = ""  # a step number drawn in a small circle


@dataclass(frozen=True)
class Section:
    heading: str
    points: tuple[Point, ...] = ()
    elements: tuple[tuple[Element, str], ...] = ()  # a row of element icons and names


Block = tuple[float, Callable[[float, float, float], list[Item]]]  # height, draw(x, top, w)


def _star(kind: StarKind) -> Icon:
    return lambda x, y, s: icons.star(kind, x, y, s * 0.17)


def _boon(kind: BoonKind) -> Icon:
    return lambda x, y, s: icons.boon(kind, x, y, s)


def scoring_card_icon(x: float, y: float, s: float) -> list[Item]:
    """A card with spots, the first one marked: the Final Scoring card."""
    stroke = Stroke(INK, max(0.5, s * 0.06))
    items: list[Item] = [
        Rect(Box(x - 0.3 * s, y - 0.42 * s, 0.6 * s, 0.84 * s), stroke, radius=s * 0.08)
    ]
    for k, (dx, dy) in enumerate(((-1, 1), (1, 1), (-1, -1), (1, -1))):
        items.append(
            Circle(x + dx * 0.13 * s, y + dy * 0.17 * s, 0.09 * s, stroke, INK if k == 0 else None)
        )
    return items


def front_sections(lang: Lang) -> list[Section]:
    def t(key: str) -> str:
        return text(f"aid.{key}", lang)

    def lead(key: str) -> str:
        return text(f"terms.{key}", lang) + ("\u00a0:" if lang is Lang.FR else ":")

    rest = tuple(
        Point(t(k), step=str(n)) for n, k in enumerate(("refill", "reactivate", "move"), 1)
    )
    return [
        Section(t("ability"), (Point(t("ability_text")),)),
        Section(
            t("action"),
            (
                Point(t("observe_text"), lead("observe")),
                Point(t("first_star_text"), t("first_star"), _star(StarKind.STARTING)),
                Point(t("next_star_text"), t("next_star"), _star(StarKind.COMMON)),
                Point(t("grand_star_text"), lead("grand_star"), _star(StarKind.GRAND)),
                Point(t("again_text"), t("again"), icons.telescope),
                Point("", lead("rest")),
                *rest,
            ),
        ),
        Section(t("discovery"), (Point(t("discovery_text")),)),
    ]


def back_sections(lang: Lang) -> list[Section]:
    def t(key: str) -> str:
        return text(f"aid.{key}", lang)

    colon = "\u00a0:" if lang is Lang.FR else ":"
    boons = tuple(
        Point(t(f"boon_{k.value}"), text(f"terms.boon_{k.value}", lang) + colon, _boon(k))
        for k in BoonKind
    )
    scoring = (
        Point(t("score_pouch"), icon=lambda x, y, s: icons.pouch(x, y, s, plus=False)),
        Point(t("score_limit"), icon=icons.wisdom),
        Point(t("score_stardust"), icon=icons.stardust),
        Point(t("score_marked"), icon=_star(StarKind.COMMON)),
        Point(t("score_active"), icon=icons.fame),
        Point(t("score_card"), icon=scoring_card_icon),
    )
    spheres = tuple((e, text(f"terms.{e.value}", lang)) for e in CLOCKWISE)
    return [
        Section(t("dream"), (Point(t("dream_text")),)),
        Section(text("terms.boons", lang), (Point(t("boons_text")), *boons)),
        Section(t("spheres"), elements=spheres),
        Section(text("terms.final_scoring", lang), (Point(t("scoring_text")), *scoring)),
    ]


def aid_face(sections: list[Section], title: str, lang: Lang) -> CardFace:
    """A side of the aid: a small label, an optional title, and the sections."""

    def face(trim: Box, bleed: float) -> list[Item]:
        safe = trim.inset(SAFE_ZONE)
        items: list[Item] = [Rect(safe, Stroke(INK, 0.8), radius=mm(2.5))]
        inner = safe.inset(mm(2))
        label = f"ASTRA · {text('terms.player_aid', lang)}".upper()
        items += text_block(inner.x, inner.top, [label], MIN_TEXT, Font.BOLD, color=GREY)
        body = inner.take_top(mm(4))[1]
        if title:
            items += text_block(body.x, body.top, [title], 12.0, Font.BOLD)
            body = body.take_top(mm(6.5))[1]
        return items + fit(sections, body)

    return face


def fit(sections: list[Section], box: Box) -> list[Item]:
    """The sections flowed down ``box`` at the largest body size that fits."""
    size = _LARGEST
    while size >= MIN_TEXT:
        blocks = [b for section in sections for b in _section(section, size, box.w)]
        if sum(h for h, _ in blocks) <= box.h:
            items: list[Item] = []
            top = box.top
            for height, draw in blocks:
                items += draw(box.x, top, box.w)
                top -= height
            return items
        size -= 0.25
    raise ValueError("the aid's text does not fit its card even at the smallest size")


def _section(section: Section, size: float, width: float) -> list[Block]:
    head = fit_size(section.heading, width, size * 1.12, Font.BOLD, MIN_TEXT)

    def heading(x: float, top: float, w: float) -> list[Item]:
        y = top - size * 0.25
        return [
            Line(x, y, x + w, y, Stroke(GREY, 0.4)),
            Text(x, y - size * 0.25 - ascent(head, Font.BOLD), section.heading, head, Font.BOLD),
        ]

    blocks: list[Block] = [(size * 0.5 + head * LEADING, heading)]
    blocks += [point_block(p, size, width) for p in section.points]
    if section.elements:
        blocks.append(_elements(section.elements, size))
    return blocks


def point_block(point: Point, size: float, width: float) -> Block:
    indent = size * (2.0 if point.icon or point.step else 0.9)
    lead = text_width(point.lead + " ", size, Font.BOLD) if point.lead else 0.0
    lines = wrap(point.text, size, width - indent, first=width - indent - lead)

    def draw(x: float, top: float, w: float) -> list[Item]:
        base = top - ascent(size)
        mid = base + size * 0.3
        items: list[Item] = []
        if point.icon:
            items += point.icon(x + size * 0.8, mid, size * 1.35)
        elif point.step:
            items.append(Circle(x + size * 0.8, mid, size * 0.72, Stroke(INK, 0.6)))
            items.append(
                Text(x + size * 0.8, mid - size * 0.34, point.step, size, Font.BOLD, Anchor.MIDDLE)
            )
        else:
            items.append(Text(x, base, "•", size, Font.BOLD))
        if point.lead:
            items.append(Text(x + indent, base, point.lead, size, Font.BOLD))
        for i, line in enumerate(lines):
            items.append(
                Text(x + indent + (lead if i == 0 else 0.0), base - i * size * LEADING, line, size)
            )
        return items

    return len(lines) * size * LEADING + size * 0.3, draw


def _elements(elements: tuple[tuple[Element, str], ...], size: float) -> Block:
    side = size * 2.0

    def draw(x: float, top: float, w: float) -> list[Item]:
        items: list[Item] = []
        step = w / len(elements)
        for k, (element, name) in enumerate(elements):
            cx = x + (k + 0.5) * step
            items += icons.element(element, cx, top - side / 2, side)
            items.append(
                Text(cx, top - side - ascent(size), name, size, Font.REGULAR, Anchor.MIDDLE)
            )
            if k:
                items.append(
                    Text(
                        x + k * step,
                        top - side / 2 - size * 0.36,
                        "→",
                        size,
                        Font.BOLD,
                        Anchor.MIDDLE,
                    )
                )
        return items

    return side + size * 1.6, draw
