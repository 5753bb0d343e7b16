"""The Star Charts player sheet: title, grid with coordinates, legend, score boxes and
the six abilities. One portrait sheet per page, or two landscape half-page sheets cut
apart at the paper's middle."""

from __future__ import annotations

import math
from dataclasses import replace

from pnp.draw.clip import segment_inside
from pnp.draw.fonts import Font, ascent, descent, text_width
from pnp.draw.shapes import FAINT, GREY, INK, Anchor, Field, Item, Line, Page, Stroke, Text
from pnp.draw.text import elide, fit_size
from pnp.layouts.page import EDGE, content_area, cut_line, finish, halves, text_block
from pnp.layouts.reading import FULL_MARKER, HALF_MARKER, Marks, qr_items
from pnp.layouts.starcharts import symbols
from pnp.layouts.starcharts.sheet_fields import player_line, sheet_fields
from pnp.layouts.starcharts.sheet_panel import (
    FULL,
    GAP,
    HALF,
    LEADING,
    Style,
    ability_marks,
    ability_tiles,
    legend_items,
    score_boxes,
    score_fields,
    score_insides,
)
from pnp.layouts.starcharts.sheet_places import SheetPlaces
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm
from pnp.starcharts.chart import Cell, Chart
from pnp.starcharts.coords import column_letter

MIN_CELL = mm(10)
MAX_CELL = mm(20)
LABEL = mm(6)  # the margins holding the column letters and row numbers
PANEL = mm(86)  # the least width beside a half sheet's grid
FOOTER = "Star Charts · pnp · print at 100 %: the bar is 50 mm long"
_COORDINATES = 10.0
_STEP = mm(0.25)
_SMALLEST_TITLE = 8.0  # a longer name is cut short
_GRID = Stroke(INK, 0.9)
_THIN = Stroke(INK, 0.5)
# Reading-mark kinds (pnp.layouts.reading): a whole-page sheet, then a half-page one,
# each on A4 and on Letter. A kind is also the layout's version: moving a readable box
# takes new kinds.
KINDS = {(1, "a4"): 0, (1, "letter"): 1, (2, "a4"): 2, (2, "letter"): 3}
_QR = {1: mm(14), 2: mm(11)}  # the QR code's side, quiet zone included
_Sheet = tuple[list[Item], list[Field], SheetPlaces]


def qr_payload(chart: Chart) -> str:
    """The QR code's text: the chart id, upper-cased for the QR code's denser
    alphanumeric mode when it has only letters, digits and hyphens."""
    plain = chart.id.replace("-", "").isalnum() and chart.id.isascii()
    return chart.id.upper() if plain and chart.id == chart.id.lower() else chart.id


class SheetLayoutError(ValueError):
    pass


def describe(chart: Chart) -> str:
    kind = "with asteroids and comets" if chart.has_obstacles else "plain"
    return f"{chart.size} × {chart.size} · {kind}"


def sheet_pages(
    charts: list[Chart], paper: Paper, per_page: int, fillable: bool = False
) -> list[Page]:
    """The sheets' pages; with ``fillable``, a form field in each score box, named by
    the sheet's place in the document (``p3.total``: the third sheet's)."""
    area = content_area(paper)
    kind = KINDS[per_page, paper.name]
    sheets: list[list[_Sheet]]
    if per_page == 1:
        marks = _marks(paper, 1)
        sheets = [[_portrait(chart, marks, f"p{n}")] for n, chart in enumerate(charts, 1)]
    else:
        top, bottom = _marks(paper, 2), Marks(halves(paper)[1], HALF_MARKER, kind)
        # An odd last sheet is printed twice rather than leaving half a page blank.
        pairs = [charts[k : k + 2] for k in range(0, len(charts), 2)]
        sheets = [
            [_half(pair[0], top, f"p{2 * k + 1}"), _half(pair[-1], bottom, f"p{2 * k + 2}")]
            for k, pair in enumerate(pairs)
        ]
    pages = []
    for page_sheets in sheets:
        items = [item for sheet_items, _, _ in page_sheets for item in sheet_items]
        if per_page == 2:
            items += cut_line(paper.height / 2, area)
        clear = Marks(area, FULL_MARKER, kind).clear if per_page == 1 else 0.0
        page = finish(paper, items, FOOTER, clear)
        if fillable:
            page = replace(page, fields=tuple(f for _, fields, _ in page_sheets for f in fields))
        pages.append(page)
    return pages


def sheet_places(chart: Chart, paper: Paper, per_page: int) -> SheetPlaces:
    """Where the readable parts of ``chart``'s sheet are; on a half page, the top half's
    (the bottom half's are the same, moved down with its markers)."""
    layout = _portrait if per_page == 1 else _half
    return layout(chart, _marks(paper, per_page), "p1")[2]


def sheet_marks(paper: Paper, per_page: int) -> Marks:
    """The reading marks of a sheet printed ``per_page`` a page (the top one's)."""
    return _marks(paper, per_page)


def sheet_qr(paper: Paper, per_page: int) -> Box:
    """Where the QR code naming the chart is: the same on every chart's sheet."""
    marks = _marks(paper, per_page)
    style = FULL if per_page == 1 else HALF
    band = marks.frame.take_bottom(marks.clear)[1].take_top(_title_height(style))[0]
    return _qr_box(band, marks, _QR[per_page])


def sheet_title(chart: Chart, paper: Paper, per_page: int) -> tuple[Box, list[Item]]:
    """The title band between the top-left marker and the QR code, and what is printed
    in it: the chart's name and what it is (a photo reader tells charts apart by it
    when the QR code does not read)."""
    marks = _marks(paper, per_page)
    style = FULL if per_page == 1 else HALF
    band = marks.frame.take_bottom(marks.clear)[1].take_top(_title_height(style))[0]
    items = _title(chart, band, style, marks, _QR[per_page])
    return _title_box(band, marks, _QR[per_page]), [i for i in items if isinstance(i, Text)]


def _marks(paper: Paper, per_page: int) -> Marks:
    kind = KINDS[per_page, paper.name]
    if per_page == 1:
        return Marks(paper.printable.inset(EDGE), FULL_MARKER, kind)
    return Marks(halves(paper)[0], HALF_MARKER, kind)


def _portrait(chart: Chart, marks: Marks, player: str) -> _Sheet:
    """The sheet between the top markers and the bottom ones, which stand in the ruler's
    strip at the foot of the page."""
    s = FULL
    region = marks.frame.take_bottom(marks.clear)[1]
    title, rest = region.take_top(_title_height(s))
    abil, rest = rest.take_bottom(mm(44))
    _, rest = rest.take_bottom(GAP)
    score, rest = rest.take_bottom(-score_boxes(0, 0, rest.w, s)[1])
    middle = rest.take_bottom(GAP)[1]
    legend_h = -legend_items(chart, 0, 0, middle.w, s)[1]
    n = chart.size
    cell = min(MAX_CELL, (middle.w - LABEL) / n, (middle.h - LABEL - GAP - legend_h) / n)
    if cell < MIN_CELL:
        raise SheetLayoutError(f"a {n}×{n} grid does not fit with cells of at least 10 mm")
    side = LABEL + n * cell
    top = middle.top - (middle.h - side - GAP - legend_h) / 2
    tiles = ability_tiles(abil.x, abil.top, abil.y, abil.w, s)
    if tiles is None:
        raise SheetLayoutError("the abilities do not fit the sheet")
    items = [
        *marks.items(),
        *_title(chart, title, s, marks, _QR[1]),
        *_grid(chart, middle.cx - side / 2, top, cell),
        *legend_items(chart, middle.x, top - side - GAP, middle.w, s)[0],
        *score_boxes(score.x, score.top, score.w, s)[0],
        *tiles,
    ]
    grid = _grid_box(chart, middle.cx - side / 2, top, cell)
    fields = score_fields(score.x, score.top, score.w, s, player)
    marked = [b for _, g, u in ability_marks(abil.x, abil.top, abil.y, abil.w, s) for b in (g, u)]
    insides = score_insides(score.x, score.top, score.w, s)
    places = _places(marks, title, _QR[1], grid, n, fields, marked, insides)
    inner = _title_box(title, marks, _QR[1])
    return items, fields + sheet_fields(chart, player, inner, s, grid, abil), places


def _half(chart: Chart, marks: Marks, player: str) -> _Sheet:
    """Grid on the left, at the largest cell size that leaves the panel on its right
    at least ``PANEL`` wide and room for the legend, the score boxes and the abilities;
    the bottom markers in a strip of their own."""
    s = HALF
    region = marks.frame.take_bottom(marks.clear)[1]
    title, body = region.take_top(_title_height(s))
    n = chart.size
    largest = min(MAX_CELL, (body.h - LABEL) / n, (body.w - PANEL - GAP - LABEL) / n)
    for k in range(int((largest - MIN_CELL) / _STEP) + 1):
        cell = largest - k * _STEP
        panel = body.take_left(LABEL + n * cell + GAP)[1]
        legend, score_top = legend_items(chart, panel.x, panel.top, panel.w, s)
        score, y = score_boxes(panel.x, score_top - GAP, panel.w, s)
        tiles = ability_tiles(panel.x, y - GAP, panel.y, panel.w, s)
        if tiles is not None:
            items = (
                marks.items()
                + _title(chart, title, s, marks, _QR[2])
                + _grid(chart, body.x, body.top, cell)
                + legend
                + score
                + tiles
            )
            fields = score_fields(panel.x, score_top - GAP, panel.w, s, player)
            grid = _grid_box(chart, body.x, body.top, cell)
            abil = Box(panel.x, panel.y, panel.w, y - GAP - panel.y)
            marked = [
                b
                for _, g, u in ability_marks(panel.x, y - GAP, panel.y, panel.w, s)
                for b in (g, u)
            ]
            insides = score_insides(panel.x, score_top - GAP, panel.w, s)
            places = _places(marks, title, _QR[2], grid, n, fields, marked, insides)
            inner = _title_box(title, marks, _QR[2])
            return items, fields + sheet_fields(chart, player, inner, s, grid, abil), places
    raise SheetLayoutError(
        f"a {n} × {n} chart does not fit half a page of this paper with cells of 10 mm and"
        " its reading marks: print it one per page"
    )


def _places(
    marks: Marks,
    band: Box,
    qr: float,
    grid: Box,
    n: int,
    fields: list[Field],
    marked: list[Box],
    insides: list[Box],
) -> SheetPlaces:
    code = _qr_box(band, marks, qr)
    boxes = tuple(f.box for f in fields)
    return SheetPlaces(marks, code, grid, n, boxes, tuple(marked), tuple(insides))


def _qr_box(band: Box, marks: Marks, qr: float) -> Box:
    return Box(band.right - marks.clear - qr, band.top - qr, qr, qr)


def _title_box(band: Box, marks: Marks, qr: float) -> Box:
    """The title band between the top-left marker and the QR code."""
    code = _qr_box(band, marks, qr)
    return Box(band.x + marks.clear, band.y, code.x - mm(2) - band.x - marks.clear, band.h)


def _title_height(s: Style) -> float:
    return ascent(s.title, Font.BOLD) + descent(s.title, Font.BOLD) + s.subtitle * LEADING + GAP


def _title(chart: Chart, band: Box, s: Style, marks: Marks, qr: float) -> list[Item]:
    """Between the top markers: the chart's name, shrunk if need be to end well before
    the Player line; under both, what the chart is; the QR code naming the chart on the
    right."""
    code = _qr_box(band, marks, qr)
    box = _title_box(band, marks, qr)
    line_x = player_line(box)
    label_x = line_x - mm(1.5)
    room = label_x - text_width("Player", s.player) - mm(4) - box.x
    baseline = box.top - ascent(s.title, Font.BOLD)
    size = fit_size(chart.name, room, s.title, Font.BOLD, _SMALLEST_TITLE)
    name = elide(chart.name, room, size, Font.BOLD)
    subtitle = elide(f"{describe(chart)} · chart {chart.id}", box.w, s.subtitle)
    return [
        *qr_items(qr_payload(chart), code),
        Text(box.x, baseline, name, size, Font.BOLD),
        Text(label_x, baseline, "Player", s.player, Font.REGULAR, Anchor.END),
        Line(line_x, baseline - 1, box.right, baseline - 1, _THIN),
        *text_block(
            box.x, baseline - descent(s.title, Font.BOLD), [subtitle], s.subtitle, color=GREY
        ),
    ]


def _grid(chart: Chart, x: float, top: float, cell: float) -> list[Item]:
    """The grid with column letters above and row numbers to its left; (x, top) is the
    corner of those margins."""
    n = chart.size
    gx, gtop = x + LABEL, top - LABEL
    grid = _grid_box(chart, x, top, cell)
    size = _COORDINATES
    items: list[Item] = []
    for i in range(n):
        items.append(
            Text(
                gx + (i + 0.5) * cell,
                gtop + LABEL * 0.3,
                column_letter(i),
                size,
                Font.BOLD,
                Anchor.MIDDLE,
                GREY,
            )
        )
        row_y = gtop - (i + 0.5) * cell - size * 0.35
        items.append(
            Text(gx - LABEL * 0.45, row_y, str(i + 1), size, Font.BOLD, Anchor.MIDDLE, GREY)
        )
    items += _figure(chart, grid, cell)
    for index, kind in enumerate(chart.cells):
        row, col = divmod(index, n)
        items += symbols.cell_symbol(
            kind, Box(gx + col * cell, gtop - (row + 1) * cell, cell, cell)
        )
    for i in range(n + 1):
        items.append(Line(gx + i * cell, grid.y, gx + i * cell, grid.top, _GRID))
        items.append(Line(gx, grid.y + i * cell, grid.right, grid.y + i * cell, _GRID))
    return items


def _grid_box(chart: Chart, x: float, top: float, cell: float) -> Box:
    """The cells' square of a grid drawn at (x, top)."""
    side = chart.size * cell
    return Box(x + LABEL, (top - LABEL) - side, side, side)


def _figure(chart: Chart, grid: Box, cell: float) -> list[Item]:
    """The constellation's lines, faint, stopping short of the stars they join and
    broken where they cross an asteroid or a comet (a line through a comet would read
    as another arrow)."""
    n = chart.size
    obstacles = [
        Box(grid.x + (i % n) * cell, grid.top - (i // n + 1) * cell, cell, cell)
        for i, kind in enumerate(chart.cells)
        if kind in (Cell.ASTEROID, Cell.COMET_ROW, Cell.COMET_COL)
    ]
    items: list[Item] = []
    for a, b in chart.figure:
        (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
        x1, y1 = grid.x + (ca + 0.5) * cell, grid.top - (ra + 0.5) * cell
        x2, y2 = grid.x + (cb + 0.5) * cell, grid.top - (rb + 0.5) * cell
        length = math.hypot(x2 - x1, y2 - y1)
        trim = cell * 0.36 / length  # as a fraction of the line
        cuts = [(0.0, trim), (1.0 - trim, 1.0)]
        cuts += filter(None, (segment_inside((x1, y1), (x2, y2), o) for o in obstacles))
        for t0, t1 in _gaps(cuts):
            if (t1 - t0) * length < cell * 0.2:
                continue  # a stub between a star and an obstacle says nothing
            items.append(
                Line(
                    x1 + t0 * (x2 - x1),
                    y1 + t0 * (y2 - y1),
                    x1 + t1 * (x2 - x1),
                    y1 + t1 * (y2 - y1),
                    Stroke(FAINT, 1.6),
                )
            )
    return items


def _gaps(cuts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of [0, 1] that no cut covers."""
    gaps, at = [], 0.0
    for t0, t1 in sorted(cuts):
        if t0 > at:
            gaps.append((at, t0))
        at = max(at, t1)
    return gaps
