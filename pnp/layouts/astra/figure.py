"""A constellation card's figure: its stars spread over the graph area from their sky
positions, the lines that join them and the labels placed round them (numbers and the
Grand stars' names), laid out so that a felt pen can mark each star."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

from pnp.astra.model import Constellation, StarKind
from pnp.draw.shapes import LIGHT, Item, Line, Stroke, Text
from pnp.layouts.astra import icons
from pnp.layouts.astra.labels import STRETCH, Spot, Style, Taken, lay_out, padded, place_all
from pnp.paper.geometry import Box
from pnp.paper.units import mm

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
