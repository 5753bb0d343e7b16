"""One side of a Sphere board: the disc with its four spheres, the clockwise arrows, the
discard icon, the player count in the middle and the card placement triangles on the
edge (2-player side: the sphere numbers too). Drawn with the board's centre at the
origin, from the geometry in ``data/astra/board.toml``."""

from __future__ import annotations

import math

from pnp.astra.board import Board, Sphere
from pnp.astra.setup import DECK_SPLIT
from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent, descent
from pnp.draw.shapes import (
    GREY,
    INK,
    PAPER,
    TINT,
    Anchor,
    Circle,
    Item,
    Line,
    Page,
    Poly,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import fit_size, fit_wrapped
from pnp.draw.transform import translated
from pnp.layouts.astra import icons
from pnp.layouts.page import content_area, finish, text_block
from pnp.layouts.tiles import TileWords, tile_pages
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

Point = tuple[float, float]

OUTLINE = Stroke(INK, 1.2)
LABEL = 13.0  # sphere and discard labels
BADGE = mm(5.5)  # radius of a 2-player number's circle
DISCARD = mm(17)  # the discard icon's square
CENTRE = mm(24)  # radius of the circle round the player count
COUNT = 52.0  # the player count's size
_ARROW = Stroke(INK, 1.6)
_HEAD = mm(4)
_GAP = mm(2.5)  # between an arrow's end and what it points at


def _at(radius: float, angle: float) -> Point:
    a = math.radians(angle)
    return radius * math.cos(a), radius * math.sin(a)


def board_items(b: Board, lang: Lang) -> list[Item]:
    """The side drawn in points, centred on the origin."""
    r = mm(b.radius)
    items: list[Item] = [Circle(0.0, 0.0, r, OUTLINE, PAPER)]
    for slot in b.slots:
        items.append(Poly(tuple((mm(x), mm(y)) for x, y in slot.indicator), True, None, INK))
    items += _arrows(b)
    for sphere in b.spheres:
        items += _sphere(b, sphere, lang, numbered=b.players == 2)
    items += _discard(b, lang)
    items += _count(b.players, lang)
    return items


def _label(words: str, cx: float, edge: float, above: bool, width: float) -> list[Item]:
    """A bold label centred at ``cx``, its ink touching the line y = ``edge`` from above
    or below."""
    size = fit_size(words, width, LABEL, Font.BOLD)
    top = edge + ascent(size, Font.BOLD) + descent(size, Font.BOLD) if above else edge
    return text_block(cx, top, [words], size, Font.BOLD, anchor=Anchor.MIDDLE)


def _sphere(b: Board, sphere: Sphere, lang: Lang, numbered: bool) -> list[Item]:
    x, y, r = mm(sphere.x), mm(sphere.y), mm(b.sphere_radius)
    items: list[Item] = [Circle(x, y, r, OUTLINE, PAPER)]
    items += icons.element(sphere.element, x, y, r * 1.45)
    above = y > 0  # labels go on the side away from the centre
    edge = y + r + mm(1.5) if above else y - r - mm(1.5)
    items += _label(text(f"terms.{sphere.element.value}", lang), x, edge, above, 2 * r)
    if numbered:
        bx = x + math.copysign(r + BADGE + mm(1.5), x)
        items.append(Circle(bx, y, BADGE, Stroke(INK, 1.0), PAPER))
        items.append(_digits(str(sphere.number), bx, y, 15))
    return items


def _digits(digits: str, x: float, y: float, size: float) -> Text:
    """Figures centred on (x, y): a figure is 0.73 em tall in DejaVu Sans."""
    return Text(x, y - 0.73 * size / 2, digits, size, Font.BOLD, Anchor.MIDDLE)


def _discard(b: Board, lang: Lang) -> list[Item]:
    """A card crossed out, and its name on the side away from the centre."""
    x, y = (mm(v) for v in b.discard)
    card = Box(x - DISCARD * 0.3, y - DISCARD / 2, DISCARD * 0.6, DISCARD)
    arm = DISCARD * 0.28
    cross = Stroke(INK, 2.4)
    items: list[Item] = [
        Rect(card, Stroke(INK, 1.0), TINT, mm(1.2)),
        Line(x - arm, y - arm, x + arm, y + arm, cross),
        Line(x - arm, y + arm, x + arm, y - arm, cross),
    ]
    above = y > 0
    edge = card.top + mm(1.5) if above else card.y - mm(1.5)
    return items + _label(text("terms.discard", lang), x, edge, above, mm(30))


def _stops(b: Board) -> list[tuple[float, float]]:
    """Where the marker stops or passes, clockwise from Fire: (angle, clearance), the
    clearance being the half-angle an arrow keeps away from it."""
    ring = mm(b.ring)

    def half(radius: float) -> float:
        return math.degrees(math.asin(min(1.0, (radius + _GAP) / ring)))

    stops = [(s.angle, half(mm(b.sphere_radius))) for s in b.spheres]
    stops.append((b.discard_angle, half(DISCARD * 0.5)))
    first = b.spheres[0].angle
    return sorted(stops, key=lambda stop: (first - stop[0]) % 360)


def _arrows(b: Board) -> list[Item]:
    """Arcs on the ring from each stop to the next, clockwise, with a head at the end."""
    stops = _stops(b)
    items: list[Item] = []
    for (a, clear_a), (c, clear_c) in zip(stops, stops[1:] + stops[:1], strict=True):
        start = a - clear_a
        end = start - ((a - c) % 360 - clear_a - clear_c)
        items += arc_arrow(0.0, 0.0, mm(b.ring), start, end, _ARROW, _HEAD)
    return items


def arc_arrow(
    cx: float, cy: float, r: float, start: float, end: float, stroke: Stroke, head: float
) -> list[Item]:
    """An arc round (cx, cy) from angle ``start`` to ``end`` (degrees), with a filled
    head of length ``head`` at the end."""
    turn = math.copysign(math.degrees(head / r), start - end)
    steps = 24
    line_end = end + turn * 0.8  # into the head, so no gap shows at its base
    arc = tuple(
        (cx + x, cy + y)
        for x, y in (_at(r, start + (line_end - start) * k / steps) for k in range(steps + 1))
    )
    (tx, ty), (bx, by), (ox, oy) = _at(r, end), _at(r, end + turn), _at(1.0, end + turn)
    w = head * 0.5
    wings = ((cx + bx + ox * w, cy + by + oy * w), (cx + bx - ox * w, cy + by - oy * w))
    return [Poly(arc, False, stroke, None), Poly(((cx + tx, cy + ty), *wings), True, None, INK)]


def _count(players: int, lang: Lang) -> list[Item]:
    """The player count in the middle, as the rulebook's set-up looks for it: the figure,
    and under it the word, clear of the figure's descent."""
    items: list[Item] = [Circle(0.0, 0.0, CENTRE, Stroke(GREY, 0.8))]
    words = text("terms.players", lang)
    size = fit_size(words, CENTRE * 1.5, 16, Font.BOLD)
    figure = 0.73 * COUNT  # a figure's height
    block = figure + descent(COUNT, Font.BOLD) + ascent(size, Font.BOLD) + 0.73 * size
    baseline = block / 2 - figure  # the block's ink centred on the disc's centre
    items.append(Text(0.0, baseline, str(players), COUNT, Font.BOLD, Anchor.MIDDLE))
    word = baseline - descent(COUNT, Font.BOLD) - ascent(size, Font.BOLD)
    items.append(Text(0.0, word, words, size, Font.BOLD, Anchor.MIDDLE))
    return items


TITLE = mm(9)  # the band above the disc for the page's title
_HOWTO = 9.5  # the set-up notes under the disc
_SKETCH = 0.7  # the scale of the sketch of a card meeting the disc
_ARC = 20  # degrees of the disc's edge either side of the card in the sketch
_CARD = Stroke(GREY, 0.8)


def board_pages(b: Board, paper: Paper, lang: Lang) -> list[Page]:
    """The side on one page with its title and set-up notes, or in tiles if the disc is
    larger than the paper."""
    items = board_items(b, lang)
    r = mm(b.radius) + OUTLINE.width / 2
    extent = Box(-r, -r, 2 * r, 2 * r)
    footer = " · ".join([_title(b, lang), text("board.print_scale", lang)])
    band, rest = content_area(paper).take_top(TITLE)
    if extent.w > rest.w or extent.h > rest.h:
        words = TileWords(*(text(f"board.tile_{k}", lang) for k in ("cut", "glue", "join")))
        return tile_pages(items, extent, paper, words, footer)
    disc = Box(rest.cx - r, rest.top - 2 * r, 2 * r, 2 * r)
    page = translated(items, disc.cx, disc.cy)
    size = fit_size(_title(b, lang), band.w, 14, Font.BOLD)
    page += text_block(band.x, band.top, [_title(b, lang)], size, Font.BOLD)
    notes = Box(rest.x, rest.y, rest.w, disc.y - mm(4) - rest.y)
    page += _notes(b, lang, notes)
    return [finish(paper, page, footer)]


def _title(b: Board, lang: Lang) -> str:
    players = f"{b.players} {text('terms.players', lang)}"
    return " · ".join([text("terms.astra", lang), text("terms.sphere_board", lang), players])


def _notes(b: Board, lang: Lang, box: Box) -> list[Item]:
    """How to set the board up, beside a sketch of a card meeting the disc's edge."""
    sketch, words = box.take_left(mm(b.card[0]) * _SKETCH + mm(6))
    under, on_top = DECK_SPLIT[b.players]
    paragraphs = [
        text("board.deck", lang).format(players=b.players, under=under, on_top=on_top),
        text("board.setup", lang).format(cards=len(b.slots)),
        text("board.marker", lang),
    ]
    if b.players == 2:
        paragraphs.append(text("board.numbers", lang))
    size, lines = fit_wrapped("\n\n".join(paragraphs), words.w, words.h, _HOWTO, minimum=6.5)
    return _sketch(b, sketch) + text_block(words.x, words.top, lines, size)


def _sketch(b: Board, box: Box) -> list[Item]:
    """The bottom of a card standing on the disc's edge, the two triangles a diamond."""
    s = _SKETCH
    radius, cx = mm(b.radius) * s, box.cx
    sag = radius * (1 - math.cos(math.radians(_ARC)))
    w, h = mm(b.card[0]) * s, min(mm(24), box.h - sag - mm(2))
    edge = box.top - h
    (ax, ay), (bx, by), (px, py) = b.slots[0].indicator
    half = mm(math.hypot(bx - ax, by - ay)) * s / 2
    depth = mm(math.hypot(px - (ax + bx) / 2, py - (ay + by) / 2)) * s
    arc = tuple(
        (cx + radius * math.sin(t), edge - radius + radius * math.cos(t))
        for t in (math.radians(a) for a in range(-_ARC, _ARC + 1, 2))
    )
    left, right = cx - w / 2, cx + w / 2
    return [
        Poly(arc, True, None, TINT),
        Poly(arc, False, OUTLINE, None),
        Poly(((left, box.top), (left, edge), (right, edge), (right, box.top)), False, _CARD, None),
        Poly(((cx - half, edge), (cx + half, edge), (cx, edge + depth)), True, None, GREY),
        Poly(((cx - half, edge), (cx + half, edge), (cx, edge - depth)), True, None, INK),
    ]
