"""A player board (spec cosmos.md, Player board): the galaxy on the left, with the title,
the sector signs and the border legend in its corners; on the right the time chamber,
the three resource sliders, the four power card slots and the end-of-turn spots; the
score track 0–49 along the bottom. Drawn as one picture of ``SIZE`` with its origin at
the bottom left, printed on two sheets that join."""

from __future__ import annotations

from pnp.cosmos.galaxy import Galaxy
from pnp.cosmos.model import PlayerBoard, Sector
from pnp.cosmos.text import text
from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, Anchor, Item, Line, Poly, Rect, Stroke, Text
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.board_tracks import (
    SCORE_ROW,
    end_of_turn,
    power_slots,
    score_track,
    sliders,
    time_chamber,
)
from pnp.layouts.cosmos.galaxy import (
    BORDER,
    JOIN,
    LIFE_SPACE,
    LINK,
    OUTLINE,
    PLATE,
    SHADE,
    SIDE,
    STAR_SPACE,
    border_between,
    extent,
    galaxy_items,
    life_space,
    star_space,
)
from pnp.layouts.cosmos.icons import polygon
from pnp.layouts.page import text_block
from pnp.layouts.tiles import CROSS, OVERLAP
from pnp.paper.geometry import Box, bounds
from pnp.paper.units import mm

SIZE = (mm(362), mm(241))  # the most two A4 or Letter sheets hold (pnp.layouts.tiles)
# Where the right sheet's cut edge lies (pnp.layouts.tiles): the crosses that line the
# sheets up find free paper on it only above the galaxy, left of the border legend.
SEAM = SIZE[0] / 2 - OVERLAP / 2
FRAME = Stroke(INK, 1.0)
_CLEAR = max(STAR_SPACE, LIFE_SPACE) / 2 + mm(1.5)  # from a space's centre to free paper


def _score_box() -> Box:
    w, _ = SIZE
    return Box(mm(4), mm(4), w - mm(8), 2 * SCORE_ROW + mm(0.8))


def _galaxy_area(g: Galaxy) -> tuple[Box, float, float]:
    """The galaxy's area above the score track, and where its centre star lies."""
    ext, bottom = extent(g), _score_box().top
    area = Box(mm(3.5), bottom, ext.w, SIZE[1] - mm(3) - bottom)
    return area, area.x - ext.x, area.cy - (ext.y + ext.h / 2)


def spots(g: Galaxy) -> tuple[Box, ...]:
    """What a tile or a token covers in the galaxy: each nebula's plate (the box round
    it), star space and life space."""
    _, cx, cy = _galaxy_area(g)
    plates = (polygon(cx + n.x * SIDE, cy + n.y * SIDE, PLATE, 6) for n in g.nebulae)
    boxes = [bounds(Box(x, y, 0, 0) for x, y in p) for p in plates]
    for spaces, side in ((g.stars, STAR_SPACE), (g.life, LIFE_SPACE)):
        boxes += [
            Box(cx + s.x * SIDE - side / 2, cy + s.y * SIDE - side / 2, side, side) for s in spaces
        ]
    return tuple(boxes)


def player_board_items(g: Galaxy, tracks: PlayerBoard, shape: icons.Shape) -> list[Item]:
    w, h = SIZE
    items: list[Item] = [Rect(Box(0, 0, w, h).inset(mm(1)), FRAME, None, mm(4))]
    score = _score_box()
    items += score_track(score, tracks.score_top)
    area, cx, cy = _galaxy_area(g)
    items += galaxy_items(g, cx, cy)
    items += _corners(area, cx, cy, shape)
    right = _between(area.right + mm(4), score.top + mm(3), w - mm(4), h - mm(5))
    chamber, rest = right.take_top(mm(56))
    slider_box, rest = rest.take_top(mm(50))
    slots, end = rest.take_top(mm(48))
    items += time_chamber(chamber.inset(0, mm(1)), tracks)
    items += sliders(slider_box.inset(0, mm(1)), tracks)
    items += power_slots(slots.inset(0, mm(1)), tracks.slot_costs)
    items += end_of_turn(end.inset(0, mm(1)))
    return items + icons.shape(shape, right.right - mm(4), right.top - mm(3), mm(7))


def _corners(area: Box, cx: float, cy: float, shape: icons.Shape) -> list[Item]:
    """What goes in the galaxy's empty corners: the title and a note at the top left,
    the border legend and Δ at the top right, Φ and Ψ at the bottom. The rows of
    nebulae end at 2.598, 3.464, 4.330 and 5.196 sides from the centre."""
    s = SIDE
    top = cy + 3.5 * s + _CLEAR  # above the second row
    items = _title(_between(area.x + mm(1), top, cx - 2.598 * s - _CLEAR, area.top), shape)
    items += _note(
        _between(area.x + mm(1), cy + 0.5 * s + _CLEAR, cx - 3.464 * s - _CLEAR, area.top - mm(14))
    )
    legend = max(cx + 2.598 * s + _CLEAR, SEAM + CROSS + mm(1.5))  # a cross fits before it
    items += _border_legend(_between(legend, top, area.right, area.top))
    side_x = (3.464 * s + _CLEAR + 5.196 * s) / 2 + mm(2)  # beside the second row's end
    low = cy - 3.75 * s - mm(2)
    items += _sector(Sector.DELTA, cx + side_x, cy + 2.6 * s)
    items += _sector(Sector.PHI, cx - side_x, low)
    return items + _sector(Sector.PSI, cx + side_x, low)


def _between(x0: float, y0: float, x1: float, y1: float) -> Box:
    return Box(x0, y0, x1 - x0, y1 - y0)


def _title(area: Box, shape: icons.Shape) -> list[Item]:
    game = text("terms.game")
    size = fit_size(game, area.w, 11, Font.BOLD, 8)
    items = text_block(area.x, area.top, [game], size, Font.BOLD)
    items += icons.shape(shape, area.x + mm(3.5), area.top - mm(9), mm(7))
    board = text("print.board.player").format(shape=shape.value)
    return [*items, Text(area.x + mm(8.5), area.top - mm(10.2), board, 9, Font.REGULAR)]


def _note(area: Box) -> list[Item]:
    size, lines = fit_wrapped(text("print.board.galaxy_note"), area.w, area.h, 7, minimum=6)
    return text_block(area.x, area.top, lines, size, color=GREY)


def _border_legend(area: Box) -> list[Item]:
    """A piece of the galaxy between two sectors' tones, drawn as the galaxy draws it:
    a star and a life space on the border, and what it means."""
    x, end = area.x + mm(8), mm(1.5)  # the border's reach past the spaces
    star = area.top - end - STAR_SPACE / 2
    life = star - SIDE / 2
    h = LIFE_SPACE / 2
    tones = Box(x - mm(8), life - h - end, mm(16), area.top - life + h + end)
    items: list[Item] = [
        Rect(tones.take_left(mm(8))[0], None, SHADE[Sector.PSI]),
        Rect(tones.take_left(mm(8))[1], None, SHADE[Sector.DELTA]),
        Rect(tones, LINK, None),
        Line(x, tones.y, x, tones.top, LINK),
        life_space(x, life, True),
        star_space(x, star, True),
        Line(x, tones.y, x, life - h + JOIN, BORDER),
        *border_between((x, star), (x, life)),
        Line(x, star + STAR_SPACE / 2 - JOIN, x, tones.top, BORDER),
    ]
    words = text("print.board.border")
    room = Box(x + mm(10), area.y, area.right - x - mm(10), area.top - area.y)
    size, lines = fit_wrapped(words, room.w, room.h, 8, font=Font.BOLD, minimum=6)
    return items + text_block(room.x, room.top, lines, size, Font.BOLD)


def _sector(sector: Sector, x: float, y: float) -> list[Item]:
    """The sector's sign on a hexagon of its shade, and its name."""
    r = mm(7)
    sign = text(f"terms.{sector.value}")
    name = text("terms.sector").format(name=sign)
    return [
        Poly(polygon(x, y + mm(2), r, 6), True, OUTLINE, SHADE[sector]),
        Text(x, y + mm(2) - 7, sign, 20, Font.BOLD, Anchor.MIDDLE),
        Text(x, y - r - mm(1.5), name, 8, Font.BOLD, Anchor.MIDDLE, INK),
    ]
