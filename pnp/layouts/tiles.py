"""A drawing larger than the paper, printed as tiles that a player tapes together.

Tiles are named by column letter and row number (A1 top left). Neighbouring tiles share
an overlap strip, printed on both: each tile's right and bottom strips go under the next
tiles, whose left and top edges are cut along a dashed line. Crosses on every seam are
drawn on both tiles, so the halves meet when the tiles are lined up.

Shapes are cut exactly at a tile's edge. Text cannot be cut, so text crossing an edge is
printed whole on each tile it touches: the part past a cut edge is cut off with the
margin, and the part past an edge that goes under the next tile is hidden by it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.draw.clip import clip_items, ink_bounds
from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, LIGHT, Circle, Item, Line, Page, Poly, Rect, Stroke, Text
from pnp.draw.text import fit_wrapped
from pnp.draw.transform import translated
from pnp.layouts.page import content_area, finish, text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

OVERLAP = mm(12)
HEADER = mm(9)  # above the tile: its name and what to do with it
MARGIN = mm(5)  # round the tile: room for text that crosses its edges
CROSS = mm(4)  # half the span of an alignment cross
ROOM = mm(1)  # paper between a cross and a box it keeps clear of
_CUT = Stroke(GREY, 0.6, (mm(2), mm(1.5)))
_GUIDE = Stroke(LIGHT, 0.4, (mm(0.5), mm(1)))
_MARK = Stroke(INK, 0.3)
_STEPS = 180  # segments of a circle cut at a tile's edge
Point = tuple[float, float]


class TileError(ValueError):
    pass


@dataclass(frozen=True)
class TileWords:
    """What a tile's header says, in the reader's language."""

    cut: str  # "cut along the dashed {edges} ✂"
    glue: str  # "glue under {tiles}"
    join: str  # " and "
    left: str = ""  # "left edge": what ``cut`` names on a tile cut at its left only
    top: str = ""  # "top edge"
    both: str = ""  # "left and top edges"
    sheet: str = "{tile}"  # a tile's name as the header says it: "○ {tile}" on a ○ board


@dataclass(frozen=True)
class Tile:
    column: int
    row: int  # from the top
    columns: int
    rows: int
    window: Box  # the part of the drawing it prints, in the drawing's coordinates

    @property
    def name(self) -> str:
        return tile_name(self.column, self.row)

    @property
    def under(self) -> tuple[str, ...]:
        """The tiles laid over this one's right and bottom strips."""
        names = []
        if self.column + 1 < self.columns:
            names.append(tile_name(self.column + 1, self.row))
        if self.row + 1 < self.rows:
            names.append(tile_name(self.column, self.row + 1))
        return tuple(names)


def tile_name(column: int, row: int) -> str:
    return f"{chr(ord('A') + column)}{row + 1}"


def tile_room(paper: Paper) -> Box:
    """Where a tile's window may go on the page."""
    return content_area(paper).take_top(HEADER)[1].inset(MARGIN)


def _count(length: float, room: float, overlap: float) -> int:
    """The fewest windows no longer than ``room`` that cover ``length`` with overlaps."""
    if room <= overlap:
        raise TileError("the paper is too small for tiles with this overlap")
    return max(1, math.ceil((length - overlap) / (room - overlap) - 1e-9))


def tile_grid(extent: Box, room: Box, overlap: float = OVERLAP) -> list[Tile]:
    """Tiles of equal size covering ``extent``, in reading order."""
    columns, rows = _count(extent.w, room.w, overlap), _count(extent.h, room.h, overlap)
    w = (extent.w + (columns - 1) * overlap) / columns
    h = (extent.h + (rows - 1) * overlap) / rows
    return [
        Tile(
            c,
            r,
            columns,
            rows,
            Box(extent.x + c * (w - overlap), extent.top - h - r * (h - overlap), w, h),
        )
        for r in range(rows)
        for c in range(columns)
    ]


def tile_pages(
    items: Sequence[Item],
    extent: Box,
    paper: Paper,
    words: TileWords,
    footer: str,
    overlap: float = OVERLAP,
    keep_clear: Sequence[Box] = (),
) -> list[Page]:
    """``items`` (drawn in ``extent``) on sheets of ``paper`` that join; the crosses that
    line them up slide along their seams off every word and every box of ``keep_clear``
    (card spaces that would hide them once glued), ``ROOM`` clear of each."""
    room = tile_room(paper)
    tiles = tile_grid(extent, room, overlap)
    texts = [ink_bounds(item) for item in items if isinstance(item, Text)]
    marks = _crosses(tiles, [b.inset(-ROOM) for b in (*keep_clear, *texts)])
    pages = []
    for tile in tiles:
        where = room.centred(tile.window.w, tile.window.h)
        dx, dy = where.x - tile.window.x, where.y - tile.window.y
        drawn = translated(_cut(list(items) + marks, tile.window), dx, dy)
        for item in drawn:
            if isinstance(item, Text) and not room.inset(-MARGIN).contains(ink_bounds(item)):
                raise TileError(f"the text {item.text!r} crosses tile {tile.name}'s edge too far")
        drawn += _guides(tile, tiles, where, dx, dy) + _header(tile, words, paper)
        pages.append(finish(paper, drawn, f"{tile.name} · {footer}"))
    return pages


def _cut(items: Sequence[Item], window: Box) -> list[Item]:
    out: list[Item] = []
    for item in items:
        bounds = ink_bounds(item)
        if window.contains(bounds) or (isinstance(item, Text) and window.overlaps(bounds)):
            out.append(item)
        elif window.overlaps(bounds):
            out += clip_items(_cuttable(item), window)
    return out


def _cuttable(item: Item) -> list[Item]:
    """The same ink as shapes the clipper can cut: an unstroked fill, an open outline."""
    if isinstance(item, Line | Text):
        return [item]
    if isinstance(item, Circle):
        points, closed = _arc(item.cx, item.cy, item.r, 0, _STEPS - 1), True
    elif isinstance(item, Rect):
        b, r = item.box, item.radius
        corners = [(b.right - r, b.top - r), (b.x + r, b.top - r), (b.x + r, b.y + r)]
        corners.append((b.right - r, b.y + r))
        quarter = _STEPS // 4
        points = tuple(p for k, (x, y) in enumerate(corners) for p in _arc(x, y, r, k, quarter))
        closed = True
    else:
        points, closed = item.points, item.closed
    out: list[Item] = []
    if item.fill is not None:
        out.append(Poly(points, True, None, item.fill))
    if item.stroke is not None:
        out.append(Poly(points + points[:1] if closed else points, False, item.stroke, None))
    return out


def _arc(cx: float, cy: float, r: float, quarter: int, steps: int) -> tuple[Point, ...]:
    """``steps`` + 1 points on a circle from ``quarter`` × 90°, counter-clockwise over
    ``steps`` × 360° / ``_STEPS`` (one point for a radius of 0)."""
    if r == 0:
        return ((cx, cy),)
    turn = [quarter * math.pi / 2 + 2 * math.pi * k / _STEPS for k in range(steps + 1)]
    return tuple((cx + r * math.cos(t), cy + r * math.sin(t)) for t in turn)


def _seams(tiles: list[Tile]) -> tuple[list[float], list[float]]:
    """The drawing's x of every cut left edge, and y of every cut top edge."""
    xs = sorted({t.window.x for t in tiles if t.column > 0})
    ys = sorted({t.window.top for t in tiles if t.row > 0})
    return xs, ys


def _crosses(tiles: list[Tile], keep_clear: Sequence[Box]) -> list[Item]:
    """Crosses on the seams, in the drawing's coordinates, two per tile edge, each at a
    quarter of the edge or the nearest spot along the seam clear of ``keep_clear``."""
    xs, ys = _seams(tiles)
    out: list[Item] = []
    for x in xs:
        for t in (t for t in tiles if t.column == 0):
            for y in (t.window.y + t.window.h / 4, t.window.top - t.window.h / 4):
                out += _cross(*_clear(x, y, 0, 1, t.window.y, t.window.top, keep_clear))
    for y in ys:
        for t in (t for t in tiles if t.row == 0):
            for x in (t.window.x + t.window.w / 4, t.window.right - t.window.w / 4):
                out += _cross(*_clear(x, y, 1, 0, t.window.x, t.window.right, keep_clear))
    return out


def _clear(
    x: float, y: float, dx: int, dy: int, low: float, high: float, keep_clear: Sequence[Box]
) -> tuple[float, float]:
    """The spot nearest ``(x, y)`` along direction ``(dx, dy)``, between ``low`` and
    ``high`` with the cross and a margin inside (clear of the page's header and footer),
    whose cross meets no box of ``keep_clear``; where there is none, ``(x, y)`` itself."""
    step = mm(0.5)
    low, high = low + mm(3), high - mm(3)
    for k in range(int((high - low) / step) + 1):
        for shift in (k * step, -k * step):
            cx, cy = x + dx * shift, y + dy * shift
            along = cx if dx else cy
            span = Box(cx - CROSS, cy - CROSS, 2 * CROSS, 2 * CROSS)
            if low + CROSS <= along <= high - CROSS and not any(
                span.overlaps(b) for b in keep_clear
            ):
                return cx, cy
    return x, y


def _cross(x: float, y: float) -> list[Item]:
    return [Line(x - CROSS, y, x + CROSS, y, _MARK), Line(x, y - CROSS, x, y + CROSS, _MARK)]


def _guides(tile: Tile, tiles: list[Tile], where: Box, dx: float, dy: float) -> list[Item]:
    """Dashed cut lines on the edges this tile is cut along, dotted lines where the next
    tiles' edges go."""
    xs, ys = _seams(tiles)
    w, out = tile.window, list[Item]()
    for x in xs:
        if w.x < x < w.right:
            out.append(Line(x + dx, where.y, x + dx, where.top, _GUIDE))
    for y in ys:
        if w.y < y < w.top:
            out.append(Line(where.x, y + dy, where.right, y + dy, _GUIDE))
    if tile.column > 0:
        out.append(Line(where.x, where.y - MARGIN, where.x, where.top + MARGIN, _CUT))
    if tile.row > 0:
        out.append(Line(where.x - MARGIN, where.top, where.right + MARGIN, where.top, _CUT))
    return out


def _header(tile: Tile, words: TileWords, paper: Paper) -> list[Item]:
    band = content_area(paper).take_top(HEADER)[0]
    cell = mm(2.5)
    grid = Box(
        band.right - tile.columns * cell,
        band.top - tile.rows * cell,
        tile.columns * cell,
        tile.rows * cell,
    )
    out: list[Item] = [
        Rect(
            Box(grid.x + c * cell, grid.top - (r + 1) * cell, cell, cell),
            Stroke(GREY, 0.4),
            INK if (c, r) == (tile.column, tile.row) else None,
        )
        for r in range(tile.rows)
        for c in range(tile.columns)
    ]
    edges = words.both if tile.column and tile.row else words.left if tile.column else words.top
    steps = [words.cut.format(edges=edges)] if tile.column or tile.row else []
    if tile.under:
        under = (words.sheet.format(tile=name) for name in tile.under)
        steps.append(words.glue.format(tiles=words.join.join(under)))
    text = " · ".join([words.sheet.format(tile=tile.name), *steps])
    room = band.take_left(band.w - grid.w - mm(3))[0]
    size, lines = fit_wrapped(text, room.w, room.h, 10, font=Font.BOLD, minimum=6)
    return out + text_block(room.x, room.top, lines, size, Font.BOLD)
