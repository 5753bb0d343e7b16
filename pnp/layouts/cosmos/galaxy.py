"""A player's galaxy as drawn on the player board: the lattice as it is. Nebula spaces
are hexagons shaded by sector, each with a dashed square where its tile lies; star
spaces sit on their corners (a circle in a square: the square is the space, the circle
says "star"), life spaces on their sides (plain squares); every space's id is printed
for game logs, and the sector borders are drawn over everything.

Sizes (RULES.md ``cosmos.print.fit``): tokens are squares cut straight and lie square
to the board, so two neighbours are clear of each other only if they are apart along x
or y. A life space on a sloped side is 0.433 sides across from the star at its end:
that sets the side, the spaces and the tokens together."""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.cosmos.galaxy import Galaxy, NebulaSpace, Space
from pnp.cosmos.model import Sector
from pnp.cosmos.text import text
from pnp.draw.clip import ink_bounds
from pnp.draw.fonts import Font
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    PAPER,
    Anchor,
    Circle,
    Gray,
    Item,
    Line,
    Poly,
    Rect,
    Stroke,
    Text,
)
from pnp.geometry import Box
from pnp.layouts.cosmos.icons import polygon
from pnp.units import mm

SIDE = mm(21)  # a hexagon side
STAR = mm(7)  # a star token's side
LIFE = mm(7)  # a life token's side
TILE = mm(17)  # a nebula tile's side
FIT = mm(0.5)  # paper round a token on its space, each side
STAR_SPACE = STAR + 2 * FIT
LIFE_SPACE = LIFE + 2 * FIT
TILE_SPACE = TILE + 2 * FIT
ID_SIZE = 6.0
# Sectors told apart by tone, 20 % apart, as well as by their sign in every nebula.
SHADE = {Sector.DELTA: PAPER, Sector.PSI: Gray(0.8), Sector.PHI: Gray(0.6)}
LATTICE = Stroke(INK, 0.7)
BORDER = Stroke(INK, 2.4)
_SPACE = Stroke(GREY, 0.6)
_STAR_SQUARE = Stroke(LIGHT, 0.4)
_TILE = Stroke(INK, 0.5, (mm(1), mm(1)))
_LABEL = mm(0.4)  # paper round an id that a border crosses
At = Callable[[float, float], tuple[float, float]]


def sloped_gap(side: float = SIDE) -> float:
    """The paper between a life space on a sloped side and the star space at its end."""
    return side * math.sqrt(3) / 4 - (STAR_SPACE + LIFE_SPACE) / 2


def extent(g: Galaxy, side: float = SIDE) -> Box:
    """The box round every space drawn, the galaxy's centre star at the origin."""
    xs = [s.x * side for s in g.stars + g.life]
    ys = [s.y * side for s in g.stars + g.life]
    reach = max(STAR_SPACE, LIFE_SPACE) / 2
    return Box(
        min(xs) - reach,
        min(ys) - reach,
        max(xs) - min(xs) + 2 * reach,
        max(ys) - min(ys) + 2 * reach,
    )


def galaxy_items(g: Galaxy, cx: float, cy: float, side: float = SIDE) -> list[Item]:
    """The galaxy with its centre star at ``(cx, cy)``."""

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + x * side, cy + y * side

    items: list[Item] = []
    for n in g.nebulae:
        x, y = at(n.x, n.y)
        items.append(Poly(polygon(x, y, side, 6), True, LATTICE, SHADE[n.sector]))
    for n in g.nebulae:
        items += _nebula(n, *at(n.x, n.y))
    labels: list[Item] = []  # ids a border crosses, drawn over it
    for s in g.life:
        space, words = _life(s, s.id == g.start_life, *at(s.x, s.y))
        items += space
        (labels if len(s.sectors) > 1 else items).extend(words)
    for s in g.stars:
        space, words = _star(s, s.id == g.centre, *at(s.x, s.y))
        items += space
        (labels if len(s.sectors) > 1 else items).extend(words)
    items += _borders(g, at)
    for label in labels:
        if isinstance(label, Text):
            items.append(Rect(ink_bounds(label).inset(-_LABEL), None, PAPER, _LABEL))
        items.append(label)
    return items


def _nebula(n: NebulaSpace, x: float, y: float) -> list[Item]:
    """The tile's dashed square, the id above it and the sector's sign below."""
    tile = Box(x - TILE_SPACE / 2, y - TILE_SPACE / 2, TILE_SPACE, TILE_SPACE)
    items: list[Item] = []
    if n.start:
        items.append(Rect(tile, Stroke(INK, 1.0), PAPER))
        items.append(Text(x, y - mm(3.2), str(n.start), 26, Font.BOLD, Anchor.MIDDLE, LIGHT))
    else:
        items.append(Rect(tile, _TILE, None))
    items.append(Text(x, tile.top + mm(1.8), n.id, 7, Font.BOLD, Anchor.MIDDLE))
    sign = text(f"terms.{n.sector.value}")
    items.append(Text(x, tile.y - mm(4.6), sign, 9, Font.BOLD, Anchor.MIDDLE))
    return items


def _life(s: Space, start: bool, x: float, y: float) -> tuple[list[Item], list[Item]]:
    """The space, and its id."""
    h = LIFE_SPACE / 2
    stroke = Stroke(INK, 1.4) if start else _SPACE
    space: list[Item] = [Rect(Box(x - h, y - h, LIFE_SPACE, LIFE_SPACE), stroke, PAPER)]
    if start:
        return space, [Text(x, y - ID_SIZE * 0.35, s.id, ID_SIZE, Font.BOLD, Anchor.MIDDLE)]
    return space, [_id(s.id, x, y - ID_SIZE * 0.35)]


def _star(s: Space, centre: bool, x: float, y: float) -> tuple[list[Item], list[Item]]:
    """The space (a square) with a star's circle in it, and its id; the centre star's
    circle is bold and says H, the star it starts with."""
    h = STAR_SPACE / 2
    ring = Stroke(INK, 1.4) if centre else Stroke(INK, 0.6)
    space: list[Item] = [
        Rect(Box(x - h, y - h, STAR_SPACE, STAR_SPACE), _STAR_SQUARE, PAPER),
        Circle(x, y, h - mm(0.35), ring, None),
    ]
    if not centre:
        return space, [_id(s.id, x, y - ID_SIZE * 0.35)]
    h_star = Text(x, y + mm(0.1), "H", 8, Font.BOLD, Anchor.MIDDLE)
    return space, [h_star, _id(s.id, x, y - mm(2.6))]


def _id(words: str, x: float, y: float) -> Text:
    return Text(x, y, words, ID_SIZE, Font.REGULAR, Anchor.MIDDLE, GREY)


def _borders(g: Galaxy, at: At) -> list[Item]:
    """The hexagon sides between nebula spaces of different sectors."""
    out: list[Item] = []
    for s in g.life:
        if len(s.sectors) == 2:
            (x1, y1), (x2, y2) = (at(g.space(t).x, g.space(t).y) for t in s.stars)
            out.append(Line(x1, y1, x2, y2, BORDER))
    return out
