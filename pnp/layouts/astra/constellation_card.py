"""The front of a constellation card, after the rulebook's card anatomy: element (top
left), Final Scoring fame, number of stars (top right), the star graph, the name, the
ability, the four boons and the card placement indicator at the bottom edge."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

from pnp.astra.model import Constellation, StarKind
from pnp.astra.text import Lang
from pnp.draw.fonts import Font, ascent, descent, text_width
from pnp.draw.shapes import INK, LIGHT, Anchor, Item, Line, Poly, Rect, Stroke, Text
from pnp.draw.text import fit_size, wrap
from pnp.draw.transform import translated
from pnp.geometry import Box
from pnp.layouts.astra import icons
from pnp.layouts.astra.labels import STRETCH, Spot, Style, Taken, lay_out, padded, place_all
from pnp.layouts.cards import CardFace
from pnp.layouts.page import text_block
from pnp.paper import SAFE_ZONE
from pnp.units import mm

# Issue 17 §1: a player marks a star with a felt pen and must see which stars a line
# joins, so the figure is laid out for play, not only for the sky.
DOT = mm(1.8)  # a star's white dot: 3.6 mm across
DOT_GAP = mm(2.1)  # the least paper between two dots
SHAPE_GAP = mm(1.2)  # the least paper between two stars' shapes (bursts, diamonds)
JOINED = mm(3.2)  # the least line seen between two joined stars' shapes
LINE_GAP = mm(1.2)  # the least paper between a line and a star it does not join
ELBOW_ROOM = mm(0.8)  # more room claimed by a star whose label is crowded, per try
_TRIES = 12
LINE = Stroke(LIGHT, 1.4)
FRAME = Stroke(INK, 0.6)
LEADING = 1.15
NUMBERS = Style(6.5, 6.0, steps=3, step=1.5, lead=4.0, centre_lead=3.0, between=2.0)
NAMES = Style(6.0, 5.5, steps=6, step=3.0, lead=1.0, centre_lead=3.0, ratio=1.5)
_PAD = 0.6  # points kept clear around lines and stars
LABEL_GAP = 1.5  # points kept clear between two labels
# points more kept clear left and right of a Grand star's name: a number on its line
# beside it would read as that star's ("Eltanin 14")
NAME_SIDE = 6.0
# points more kept clear over and under it for another name (NAME_ABOVE), and if there
# is a choice for another star's number (NUMBER_ABOVE): they would read as one label on
# two lines ("Menkar" over "Kaffaljidhma", "Castor" over Pollux's "3")
NAME_ABOVE = 10.0
NUMBER_ABOVE = 4.5
_HEADER = mm(8.5)
_NAME = mm(5.5)
_ABILITY = mm(11)
_BOONS = mm(9.5)
_GAP = mm(1.5)
# The placement triangle's base (the board's triangles have a 10 mm base too) and height
# (it stays in the strip under the boons).
INDICATOR = (mm(10), mm(2.5))
_DIGITS = 0.36  # half a digit's height, in ems: a baseline this far below a centre


def reach(kind: StarKind) -> float:
    """How far a star's shape reaches from its centre, its stroke included."""
    return icons.star_reach(kind, DOT)


@dataclass(frozen=True)
class Figure:
    """A card's star graph laid out in its area: what tests check and the card draws."""

    area: Box
    centres: tuple[tuple[float, float], ...]  # star n at centres[n - 1]
    lines: tuple[Line, ...]
    numbers: tuple[Text, ...]
    names: tuple[Text, ...]

    def items(self, card: Constellation) -> list[Item]:
        stars: list[Item] = []
        for star, (x, y) in zip(card.stars, self.centres, strict=True):
            stars += icons.star(star.kind, x, y, DOT)
        return [*self.lines, *stars, *self.numbers, *self.names]


@cache  # the same figure serves both languages and every page it is printed on
def figure(card: Constellation, area: Box, star_numbers: bool = True) -> Figure:
    """Stars fitted to ``area`` and spread apart where they crowd, lines under them, then
    the Grand star names and the star numbers, each clear of everything before it.
    Where a star's label finds no clear spot, that star claims more room (its
    neighbours and lines are pushed further from it) and the labels are placed again."""
    extra = [0.0] * card.size
    centres = list(_spread_sky(card, area))
    for _ in range(_TRIES):
        laid, crowded = _figure(card, area, star_numbers, centres)
        if not crowded:
            break
        for i in crowded:
            extra[i] += ELBOW_ROOM
        centres = lay_out(centres, *_spacing(card, extra), _room(card, area))
    return laid


@cache  # with star numbers or without, the stars start from the same spread
def _spread_sky(card: Constellation, area: Box) -> tuple[tuple[float, float], ...]:
    extra = [0.0] * card.size
    return tuple(lay_out(_sky(card), *_spacing(card, extra), _room(card, area), STRETCH))


def _sky(card: Constellation) -> list[tuple[float, float]]:
    return [(s.x, s.y) for s in card.stars]


def _room(card: Constellation, area: Box) -> Box:
    """Where star centres may go: every star's shape inside the area."""
    return area.inset(max(reach(s.kind) for s in card.stars) + mm(0.3))


def _spacing(
    card: Constellation, extra: list[float]
) -> tuple[list[list[float]], list[float], list[tuple[int, int]]]:
    """How far apart each two stars' centres must be, how far a star's centre must be
    from a line it is not on, and the lines (star indices), for ``labels.lay_out``;
    ``extra`` is more room each star claims."""
    edges = [(a - 1, b - 1) for a, b in card.edges]
    joined = {frozenset(e) for e in edges}
    dot = icons.star_reach(StarKind.COMMON, DOT)
    claims = [reach(s.kind) + e for s, e in zip(card.stars, extra, strict=True)]
    need = [[0.0] * card.size for _ in card.stars]
    for i, j in combinations(range(card.size), 2):
        if frozenset((i, j)) in joined:
            d = claims[i] + claims[j] + JOINED
        else:
            d = max(claims[i] + claims[j] + SHAPE_GAP, 2 * dot + DOT_GAP + extra[i] + extra[j])
        need[i][j] = need[j][i] = d
    clear = [c + LINE.width / 2 + LINE_GAP for c in claims]
    return need, clear, edges


def _figure(
    card: Constellation, area: Box, star_numbers: bool, centres: list[tuple[float, float]]
) -> tuple[Figure, set[int]]:
    """The figure with its stars at ``centres``, and the stars (indices) whose labels
    found no clear spot."""
    import shapely

    radii = [reach(s.kind) for s in card.stars]
    edges = [(a - 1, b - 1) for a, b in card.edges]
    lines = tuple(Line(*centres[a], *centres[b], LINE) for a, b in edges)
    strokes = shapely.linestrings([[centres[a], centres[b]] for a, b in edges])
    # polygons inscribed in the circles, 0.1 pt inside them: _PAD more than covers that
    drawn = [
        shapely.buffer(strokes, LINE.width / 2 + _PAD, quad_segs=4),
        shapely.buffer(shapely.points(centres), [r + _PAD for r in radii], quad_segs=4),
    ]
    outline = shapely.union_all([*drawn[0], *drawn[1]])
    shapely.prepare(outline)
    taken = Taken(outline)
    spots = [Spot(x, y, r + _PAD) for (x, y), r in zip(centres, radii, strict=True)]
    grand = [(s.label, spots[s.number - 1]) for s in card.grand]
    names, _, crowded = place_all(
        grand, NAMES, taken, area, LABEL_GAP, spots, NAME_SIDE, NAME_ABOVE
    )
    shun = []
    for (_, spot), name in zip(grand, names, strict=True):
        taken = taken.with_label(name, LABEL_GAP, NAME_SIDE)  # numbers may come nearer
        shun.append((spot, padded(name, LABEL_GAP, above=NUMBER_ABOVE)))
    numbers: list[Text] = []
    if star_numbers:
        wanted = [(str(s.number), spot) for s, spot in zip(card.stars, spots, strict=True)]
        numbers, _, more = place_all(wanted, NUMBERS, taken, area, LABEL_GAP, spots, shun=shun)
        crowded += more
    laid = Figure(area, tuple(centres), lines, tuple(numbers), tuple(names))
    return laid, {spots.index(s) for s in crowded}


@dataclass(frozen=True)
class Regions:
    """The parts of a card front, top to bottom, inside its safe zone."""

    header: Box
    graph: Box
    name: Box
    ability: Box
    boons: Box


def regions(trim: Box) -> Regions:
    inner = trim.inset(SAFE_ZONE).inset(mm(1.5))
    header, rest = inner.take_top(_HEADER)
    boons, rest = rest.take_bottom(_BOONS)
    ability = Box(rest.x, rest.y + _GAP, rest.w, _ABILITY)
    name = Box(rest.x, ability.top + _GAP / 2, rest.w, _NAME)
    graph = Box(rest.x, name.top + _GAP / 2, rest.w, rest.top - name.top - _GAP)
    return Regions(header, graph, name, ability, boons)


def constellation_front(
    card: Constellation, lang: Lang, ability: str, star_numbers: bool = True
) -> CardFace:
    """The card's front in ``lang``; ``ability`` is its ability text in that language."""
    from pnp.layouts.astra.figures import laid_figure

    def face(trim: Box, bleed: float) -> list[Item]:
        r = regions(trim)
        items: list[Item] = [frame(trim)]
        items += _header(card, r.header)
        # laid out on a card at the origin, so every slot and page shares one figure
        local = regions(Box(0.0, 0.0, trim.w, trim.h)).graph
        items += translated(laid_figure(card, local, star_numbers).items(card), trim.x, trim.y)
        title = card.title(lang).upper()
        size = fit_size(title, r.name.w, 12, Font.BOLD, 7)
        items += text_block(r.name.cx, r.name.top, [title], size, Font.BOLD, anchor=Anchor.MIDDLE)
        items += paragraph(ability, r.ability)
        items += _boons(card, r.boons)
        items.append(_indicator(trim, bleed))
        return items

    return face


def paragraph(words: str, box: Box, size: float = 7.5, minimum: float = 5.5) -> list[Item]:
    """Centred lines at the largest size (in quarter points) whose glyphs all fit
    ``box``, the block centred in it top to bottom."""
    while True:
        lines = wrap(words, size, box.w)
        height = ascent(size) + descent(size) + (len(lines) - 1) * size * LEADING
        widest = max(text_width(line, size) for line in lines)
        if size <= minimum or (height <= box.h and widest <= box.w):
            break
        size -= 0.25
    top = box.cy + height / 2
    return text_block(box.cx, top, lines, size, leading=LEADING, anchor=Anchor.MIDDLE)


def frame(trim: Box) -> Rect:
    """A rounded frame whose stroke lies just inside the safe zone."""
    return Rect(trim.inset(SAFE_ZONE + FRAME.width / 2), FRAME, radius=mm(2.5))


def _header(card: Constellation, box: Box) -> list[Item]:
    """Element and Final Scoring fame on the left, the number of stars on the right."""
    side = box.h
    items = icons.element(card.element, box.x + side / 2, box.cy, side)
    medal_x = box.x + side + mm(1.5) + side * 0.4
    items += icons.fame(medal_x, box.cy, side * 0.8)
    fame_size = 11.0
    items.append(
        Text(
            medal_x + side * 0.4, box.cy - fame_size * _DIGITS, str(card.fame), fame_size, Font.BOLD
        )
    )
    count_size = 20.0
    baseline = box.cy - count_size * _DIGITS
    items.append(Text(box.right, baseline, str(card.size), count_size, Font.BOLD, Anchor.END))
    dot_x = box.right - text_width(str(card.size), count_size, Font.BOLD) - mm(2.2)
    items += icons.star(StarKind.COMMON, dot_x, box.cy, DOT * 0.9)
    return items


def _boons(card: Constellation, box: Box) -> list[Item]:
    """The four boons left to right, each an icon and its amount in a box."""
    items: list[Item] = []
    for boon, slot in zip(card.boons, box.columns(4, mm(1.2)), strict=True):
        items.append(Rect(slot, Stroke(INK, 0.6), radius=mm(1.2)))
        icon = min(slot.h * 0.72, slot.w * 0.5)
        items += icons.boon(boon.kind, slot.x + mm(1) + icon / 2, slot.cy, icon)
        size = 11.0
        x = (slot.x + mm(1) + icon + slot.right) / 2
        items.append(
            Text(x, slot.cy - size * _DIGITS, str(boon.amount), size, Font.BOLD, Anchor.MIDDLE)
        )
    return items


def _indicator(trim: Box, bleed: float) -> Poly:
    """A triangle on the bottom edge: with the board's it makes a diamond (seed 000,
    "Card placement indicator"). With bleed it runs on past the trim, so a cut a little
    low leaves no white sliver under it."""
    base, height = INDICATOR
    x, y = trim.cx, trim.y
    points = [(x - base / 2, y), (x, y + height), (x + base / 2, y)]
    if bleed:
        points += [(x + base / 2, y - bleed), (x - base / 2, y - bleed)]
    return Poly(tuple(points), True, None, INK)
