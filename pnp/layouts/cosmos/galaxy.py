"""A player's galaxy as drawn on the player board. Each nebula space is a hexagonal
plate outlined in black, its corners pointing at its six star spaces and its sides
facing its six life spaces; on it the dashed spot where its tile lies, its id above
the spot and its sector's sign below. Star spaces are circles, life spaces squares,
each with its id inside; thin grey lines along the lattice's sides join the spaces
next to each other. Sector borders run along those sides in the paper between the
spaces, never over one, and a space on a border has a thick black outline.

Sizes (RULES.md ``cosmos.print.fit``): tokens are squares cut straight and lie square
to the board, so two neighbours are clear of each other only if they are apart along x
or y. A life space on a sloped side is 0.433 sides across from the star at its end:
that sets the side, the spaces and the tokens together. A star space is the 8 mm
square its circle fills: a star token lies on the circle, its corners past the ring."""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.cosmos.galaxy import Galaxy, NebulaSpace, Space
from pnp.cosmos.model import Sector
from pnp.cosmos.text import text
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
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.icons import Point, polygon
from pnp.paper.geometry import Box
from pnp.paper.units import mm

SIDE = mm(21)  # a hexagon side
STAR = mm(7)  # a star token's side
LIFE = mm(7)  # a life token's side
TILE = mm(17)  # a nebula tile's side
FIT = mm(0.5)  # paper round a token on its space, each side
STAR_SPACE = STAR + 2 * FIT
LIFE_SPACE = LIFE + 2 * FIT
TILE_SPACE = TILE + 2 * FIT
# A nebula's plate: as large as leaves 0.8 mm of paper before the life spaces on its
# sloped sides (their nearest corners are 12.73 mm out along the sides' normals), so a
# tile (its corners 11.61 mm out) lies inside it.
PLATE = mm(13.5)
ID_SIZE = 6.0
# Sectors told apart by tone, 20 % apart, as well as by their sign on every nebula.
SHADE = {Sector.DELTA: PAPER, Sector.PSI: Gray(0.8), Sector.PHI: Gray(0.6)}
OUTLINE = Stroke(INK, 1.0)  # a nebula's plate, and the sector signs' hexagons
LINK = Stroke(GREY, 0.5)  # a lattice side: the spaces it joins are next to each other
BORDER = Stroke(INK, 2.4)  # a sector border, in the paper between spaces
# A space on a border: drawn inside the space's edge and no wider than the paper round
# its token, so the token never hides it.
EDGE = Stroke(INK, 1.4)
_SPACE = Stroke(GREY, 0.6)
_RING = Stroke(INK, 0.7)
_TILE = Stroke(INK, 0.5, (mm(1), mm(1)))
JOIN = mm(0.15)  # how far a border's end reaches into the outline it meets
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

    items: list[Item] = [
        Poly(polygon(*at(n.x, n.y), side, 6), True, None, SHADE[n.sector]) for n in g.nebulae
    ]
    for s in g.life:
        (x1, y1), (x2, y2) = (at(g.space(t).x, g.space(t).y) for t in s.stars)
        items.append(Line(x1, y1, x2, y2, LINK))
    for n in g.nebulae:
        items += _nebula(n, *at(n.x, n.y))
    for s in g.life:
        items += _life(s, s.id == g.start_life, *at(s.x, s.y))
    for s in g.stars:
        items += _star(s, s.id == g.centre, *at(s.x, s.y))
    return items + _borders(g, at)


def plate(x: float, y: float) -> tuple[Point, ...]:
    return polygon(x, y, PLATE, 6)


def spot(x: float, y: float) -> tuple[Point, ...]:
    """A tile's square spot, its corners cut along the plate's sloped sides."""
    h, a = TILE_SPACE / 2, PLATE * math.sqrt(3) / 2
    across = (a - h * math.sqrt(3) / 2) * 2  # where a side meets the spot's top or bottom
    down = (a - h / 2) * 2 / math.sqrt(3)  # where it meets the spot's left or right
    corner = ((min(h, across), h), (h, min(h, down)))
    out: list[Point] = []
    for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)):  # counter-clockwise
        ends = [(x + sx * px, y + sy * py) for px, py in corner]
        out += ends[::-1] if sx * sy > 0 else ends
    return tuple(dict.fromkeys(out))


def _nebula(n: NebulaSpace, x: float, y: float) -> list[Item]:
    """The plate, its tile's spot, the id above the spot and the sector's sign below."""
    items: list[Item] = [Poly(plate(x, y), True, OUTLINE, SHADE[n.sector])]
    if n.start:
        items.append(Poly(spot(x, y), True, OUTLINE, PAPER))
        items.append(Text(x, y - mm(3.2), str(n.start), 26, Font.BOLD, Anchor.MIDDLE, LIGHT))
    else:
        items.append(Poly(spot(x, y), True, _TILE, None))
    h = TILE_SPACE / 2
    items.append(Text(x, y + h + mm(0.35), n.id, 7, Font.BOLD, Anchor.MIDDLE))
    sign = text(f"terms.{n.sector.value}")
    return [*items, Text(x, y - h - mm(2.7), sign, 9, Font.BOLD, Anchor.MIDDLE)]


def life_space(x: float, y: float, border: bool) -> Rect:
    """A life space's square, outlined inside its edge: thick on a sector border."""
    stroke = EDGE if border else _SPACE
    h = LIFE_SPACE / 2
    return Rect(Box(x - h, y - h, LIFE_SPACE, LIFE_SPACE).inset(stroke.width / 2), stroke, PAPER)


def star_space(x: float, y: float, border: bool) -> Circle:
    """A star space's circle, outlined inside its edge: thick on a sector border."""
    stroke = EDGE if border else _RING
    return Circle(x, y, (STAR_SPACE - stroke.width) / 2, stroke, PAPER)


def _life(s: Space, start: bool, x: float, y: float) -> list[Item]:
    """The square and its id; the starting life space shows the proto life it starts
    with."""
    items: list[Item] = [life_space(x, y, len(s.sectors) > 1)]
    if not start:
        return [*items, _id(s.id, x, y - ID_SIZE * 0.35)]
    items += icons.life(False, x, y + mm(1.2), mm(3.4))
    return [*items, Text(x, y - mm(3), s.id, ID_SIZE, Font.BOLD, Anchor.MIDDLE)]


def _star(s: Space, centre: bool, x: float, y: float) -> list[Item]:
    """The circle and its id; the centre star's says H, the star it starts with."""
    items: list[Item] = [star_space(x, y, len(s.sectors) > 1)]
    if not centre:
        return [*items, _id(s.id, x, y - ID_SIZE * 0.35)]
    h_star = Text(x, y + mm(0.1), "H", 8, Font.BOLD, Anchor.MIDDLE)
    return [*items, h_star, _id(s.id, x, y - mm(2.6))]


def _id(words: str, x: float, y: float) -> Text:
    return Text(x, y, words, ID_SIZE, Font.REGULAR, Anchor.MIDDLE, GREY)


def _borders(g: Galaxy, at: At) -> list[Item]:
    """The lattice sides between nebula spaces of different sectors, in the paper
    between the star and life spaces on them."""
    out: list[Item] = []
    for s in g.life:
        if len(s.sectors) < 2:
            continue
        life = at(s.x, s.y)
        for star in s.stars:
            out += border_between(at(g.space(star).x, g.space(star).y), life)
    return out


def border_between(star: Point, life: Point) -> list[Item]:
    """The border's piece from a star space's circle to a life space's square."""
    (x1, y1), (x2, y2) = star, life
    length = math.hypot(x2 - x1, y2 - y1)
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    start = STAR_SPACE / 2 - JOIN
    end = length - (LIFE_SPACE / 2 / max(abs(dx), abs(dy)) - JOIN)
    if end <= start:
        return []
    return [Line(x1 + dx * start, y1 + dy * start, x1 + dx * end, y1 + dy * end, BORDER)]
