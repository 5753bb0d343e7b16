"""A player's galaxy as drawn on the player board: the nebula spaces (hexagons with a
square where the tile lies), star spaces on their corners (circles), life spaces on
their sides (rounded squares), every space's id printed small for game logs, and the
sector boundaries dashed."""

from __future__ import annotations

from collections.abc import Callable

from pnp.cosmos.galaxy import Galaxy, NebulaSpace
from pnp.cosmos.model import Sector
from pnp.cosmos.text import text
from pnp.draw.fonts import Font
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    PAPER,
    TINT,
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

SIDE = mm(19)  # a hexagon side
STAR = mm(8.5)  # a star token's side; its space is a little wider
LIFE = mm(7.5)  # a life token's side
TILE = mm(17)  # a nebula tile's side
ID_SIZE = 5.0
_EDGE = Stroke(LIGHT, 0.6)
# Sectors told apart by shade as well as by their symbol in every nebula space.
SHADE = {Sector.DELTA: None, Sector.PSI: Gray(0.95), Sector.PHI: Gray(0.9)}
_BOUNDARY = Stroke(INK, 1.6, (mm(2.2), mm(1.2)))


def extent(g: Galaxy, side: float = SIDE) -> Box:
    """The box round every space drawn, the galaxy's centre star at the origin."""
    xs = [s.x * side for s in g.stars]
    ys = [s.y * side for s in g.stars]
    reach = STAR / 2 + mm(0.6)
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
        items += _nebula(n, *at(n.x, n.y), side)
    items += _boundaries(g, at)
    for s in g.life:
        x, y = at(s.x, s.y)
        start = s.id == g.start_life
        box = Box(x - LIFE / 2 - mm(0.3), y - LIFE / 2 - mm(0.3), LIFE + mm(0.6), LIFE + mm(0.6))
        stroke = Stroke(INK, 1.4) if start else Stroke(GREY, 0.6)
        items.append(Rect(box, stroke, PAPER, mm(1.5)))
        items.append(
            Text(
                x,
                y - ID_SIZE * 0.35,
                s.id,
                ID_SIZE,
                Font.BOLD if start else Font.REGULAR,
                Anchor.MIDDLE,
                INK if start else GREY,
            )
        )
    for s in g.stars:
        x, y = at(s.x, s.y)
        centre = s.id == g.centre
        r = STAR / 2 + mm(0.3)
        items.append(Circle(x, y, r, Stroke(INK, 1.4) if centre else Stroke(GREY, 0.6), PAPER))
        if centre:
            items.append(Text(x, y + mm(0.3), "H", 8, Font.BOLD, Anchor.MIDDLE))
            items.append(Text(x, y - mm(2.6), s.id, ID_SIZE, Font.REGULAR, Anchor.MIDDLE, GREY))
        else:
            items.append(
                Text(x, y - ID_SIZE * 0.35, s.id, ID_SIZE, Font.REGULAR, Anchor.MIDDLE, GREY)
            )
    return items


def _nebula(n: NebulaSpace, x: float, y: float, side: float) -> list[Item]:
    items: list[Item] = [Poly(polygon(x, y, side, 6), True, _EDGE, SHADE[n.sector])]
    tile = Box(x - TILE / 2, y - TILE / 2, TILE, TILE)
    items.append(Rect(tile, Stroke(LIGHT, 0.5, (mm(1), mm(1))), TINT if n.start else PAPER))
    if n.start:
        items.append(Text(x, y - mm(3.5), str(n.start), 26, Font.BOLD, Anchor.MIDDLE, PAPER))
    gap = (side - STAR / 2 - TILE / 2) / 2  # between the tile and the top corner's star
    items.append(Text(x, y + TILE / 2 + gap - 2.5, n.id, 7, Font.BOLD, Anchor.MIDDLE))
    items.append(
        Text(
            x,
            y - TILE / 2 - gap - 3,
            text(f"terms.{n.sector.value}"),
            8,
            Font.BOLD,
            Anchor.MIDDLE,
            GREY,
        )
    )
    return items


def _boundaries(g: Galaxy, at: Callable[[float, float], tuple[float, float]]) -> list[Item]:
    """The hexagon sides between nebula spaces of different sectors."""
    sector = {n.id: n.sector for n in g.nebulae}
    out: list[Item] = []
    for s in g.life:
        if len({sector[n] for n in s.nebulae}) == 2:
            (x1, y1), (x2, y2) = (at(g.space(t).x, g.space(t).y) for t in s.stars)
            out.append(Line(x1, y1, x2, y2, _BOUNDARY))
    return out
