"""The Star Charts player sheet: title, grid with coordinates, legend, objective boxes,
score boxes and the six abilities. One sheet per page (portrait) or two (landscape halves)."""

from __future__ import annotations

from pnp.draw.fonts import Font
from pnp.draw.shapes import (
    FAINT,
    GREY,
    INK,
    LIGHT,
    Anchor,
    Circle,
    Item,
    Line,
    Page,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import fit_size, fit_wrapped
from pnp.geometry import Box
from pnp.layouts import symbols
from pnp.layouts.page import content_area, cut_line, finish, text_block
from pnp.paper import Paper
from pnp.starcharts.chart import Cell, Chart
from pnp.starcharts.content import Ability, abilities
from pnp.starcharts.coords import column_letter
from pnp.units import mm

MIN_CELL = mm(10)
MAX_CELL = mm(20)
LABEL = mm(6)
GAP = mm(3)
_GRID = Stroke(INK, 0.9)
_THIN = Stroke(INK, 0.5)
LIGHT_GRID = LIGHT


class SheetLayoutError(ValueError):
    pass


def describe(chart: Chart) -> str:
    kind = "with asteroids and comets" if chart.has_obstacles else "plain"
    return f"{chart.size} × {chart.size} · {kind}"


def sheet_pages(charts: list[Chart], paper: Paper, per_page: int) -> list[Page]:
    area = content_area(paper)
    pages = []
    for start in range(0, len(charts), per_page):
        group = charts[start : start + per_page]
        items: list[Item] = []
        if per_page == 1:
            items += sheet_items(group[0], area)
        else:
            top, bottom = area.rows(2, GAP * 2)
            for chart, region in zip(group, (top, bottom), strict=False):
                items += sheet_items(chart, region)
            items += cut_line(area.cy, area)
        footer = "Star Charts · pnp · print at 100 %: the bar is 50 mm long"
        pages.append(finish(paper, items, footer))
    return pages


def sheet_items(chart: Chart, region: Box) -> list[Item]:
    if region.h > region.w:
        return _portrait(chart, region)
    return _landscape(chart, region)


def _portrait(chart: Chart, region: Box) -> list[Item]:
    title, rest = region.take_top(mm(16))
    abil, rest = rest.take_bottom(mm(44))
    _, rest = rest.take_bottom(GAP)
    score, rest = rest.take_bottom(mm(27))
    legend, grid_area = rest.take_bottom(mm(10))
    items = _title(chart, title, 20)
    items += _grid(chart, grid_area)
    items += _legend(chart, legend.take_top(mm(8))[0])
    items += _score_boxes(score, 8, SCORE_HEADING)
    items += _abilities(abil, abilities(), 3, ABILITY_HEADING)
    return items


def _landscape(chart: Chart, region: Box) -> list[Item]:
    title, rest = region.take_top(mm(11))
    cell = _cell_size(chart, rest.w * 0.64, rest.h)
    grid_box, panel = rest.take_left(LABEL + chart.size * cell + mm(1))
    _, panel = panel.take_left(GAP)
    legend, panel = panel.take_top(mm(13))
    score, abil = panel.take_top(mm(33))
    items = _title(chart, title, 14)
    items += _grid(chart, grid_box)
    items += _legend(chart, legend.take_top(mm(11))[0], rows=2)
    items += _score_boxes(score, 4, SHORT_SCORE_HEADING)
    items += _abilities(abil.take_bottom(abil.h - mm(2))[0], abilities(), 1, SHORT_ABILITY_HEADING)
    return items


def _title(chart: Chart, box: Box, size: float) -> list[Item]:
    items: list[Item] = text_block(box.x, box.top, [chart.name], size, Font.BOLD)
    sub = size * 0.42
    items += text_block(
        box.x,
        box.top - size * 1.05,
        [f"{describe(chart)} · chart {chart.id}"],
        sub,
        Font.REGULAR,
        color=GREY,
    )
    label_size = size * 0.45
    line_end = box.right
    line_start = box.right - min(mm(70), box.w * 0.4)
    baseline = box.top - size * 0.9
    items.append(
        Text(line_start - mm(1.5), baseline, "Player", label_size, Font.REGULAR, Anchor.END)
    )
    items.append(Line(line_start, baseline - 1, line_end, baseline - 1, _THIN))
    return items


def _cell_size(chart: Chart, width: float, height: float) -> float:
    cell = min((width - LABEL) / chart.size, (height - LABEL) / chart.size, MAX_CELL)
    if cell < MIN_CELL:
        raise SheetLayoutError(
            f"a {chart.size}×{chart.size} grid does not fit with cells of at least 10 mm"
        )
    return cell


def _grid(chart: Chart, box: Box) -> list[Item]:
    """Grid with column letters above and row numbers to the left, at the top of ``box``."""
    n = chart.size
    cell = _cell_size(chart, box.w, box.h)
    side = LABEL + n * cell
    outer = Box(box.cx - side / 2, box.top - side, side, side)
    gx, gtop = outer.x + LABEL, outer.top - LABEL
    grid = Box(gx, gtop - n * cell, n * cell, n * cell)
    label_size = min(10.0, cell * 0.45)
    items: list[Item] = []
    for i in range(n):
        items.append(
            Text(
                gx + (i + 0.5) * cell,
                gtop + LABEL * 0.3,
                column_letter(i),
                label_size,
                Font.BOLD,
                Anchor.MIDDLE,
                GREY,
            )
        )
        items.append(
            Text(
                gx - LABEL * 0.45,
                gtop - (i + 0.5) * cell - label_size * 0.35,
                str(i + 1),
                label_size,
                Font.BOLD,
                Anchor.MIDDLE,
                GREY,
            )
        )
    items += _figure(chart, grid, cell)
    for index, kind in enumerate(chart.cells):
        row, col = divmod(index, n)
        c = Box(gx + col * cell, gtop - (row + 1) * cell, cell, cell)
        items += symbols.cell_symbol(kind, c)
    for i in range(n + 1):
        items.append(Line(gx + i * cell, grid.y, gx + i * cell, grid.top, _GRID))
        items.append(Line(gx, grid.y + i * cell, grid.right, grid.y + i * cell, _GRID))
    return items


def _figure(chart: Chart, grid: Box, cell: float) -> list[Item]:
    """The constellation's lines, faint, stopping short of the stars they join."""
    items: list[Item] = []
    n = chart.size
    for a, b in chart.figure:
        (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
        x1, y1 = grid.x + (ca + 0.5) * cell, grid.top - (ra + 0.5) * cell
        x2, y2 = grid.x + (cb + 0.5) * cell, grid.top - (rb + 0.5) * cell
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        trim = cell * 0.36
        if length <= 2 * trim:
            continue
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        items.append(
            Line(x1 + ux * trim, y1 + uy * trim, x2 - ux * trim, y2 - uy * trim, Stroke(FAINT, 1.6))
        )
    return items


def _legend(chart: Chart, box: Box, rows: int = 1) -> list[Item]:
    entries: list[tuple[Cell, str]] = [
        (Cell.STAR, "star: complete its row or column to gain an ability")
    ]
    if chart.has_obstacles:
        entries = [
            (Cell.STAR, "star"),
            (Cell.ASTEROID, "asteroid: costs 2"),
            (Cell.COMET_ROW, "comet: row runs of 2+ only"),
            (Cell.COMET_COL, "comet: column runs of 2+ only"),
        ]
    per_row = -(-len(entries) // rows)
    line_h = box.h / rows
    sym = min(line_h * 0.9, mm(7))
    items: list[Item] = []
    slots = [r.columns(per_row) for r in box.rows(rows)]
    for k, (kind, label) in enumerate(entries):
        slot = slots[k // per_row][k % per_row]
        c = Box(slot.x, slot.cy - sym / 2, sym, sym)
        items.append(Rect(c, Stroke(LIGHT_GRID, 0.4)))
        items += symbols.cell_symbol(kind, c)
        size = fit_size(label, slot.w - sym - mm(2), 7.5)
        items.append(Text(c.right + mm(1.2), slot.cy - size * 0.35, label, size))
    return items


SCORE_HEADING = (
    "Objectives and skips: fill from the left · Filled Sheet: 5 full grid, 0 no box left"
)
SHORT_SCORE_HEADING = "Objectives and skips: fill from the left"
ABILITY_HEADING = "Abilities: circle one when you complete a row or column with an uncircled star"
SHORT_ABILITY_HEADING = "Abilities: circle when gained"


def _score_boxes(box: Box, per_row: int, heading: str) -> list[Item]:
    labels = [f"Objective {i}" for i in range(1, 6)]
    labels += ["Filled Sheet", "Unused abilities × 3", "Total"]
    head_size = fit_size(heading, box.w, 7.5)
    items: list[Item] = text_block(box.x, box.top, [heading], head_size, Font.BOLD)
    body = box.take_top(head_size * 1.5)[1]
    rows = body.rows(-(-len(labels) // per_row), mm(1.5))
    for k, label in enumerate(labels):
        slot = rows[k // per_row].columns(per_row, mm(2))[k % per_row]
        label_size = fit_size(label, slot.w, 6.5)
        frame, cap = slot.take_top(slot.h - label_size * 1.6)
        stroke = Stroke(INK, 1.6 if label == "Total" else 0.8)
        items.append(Rect(frame, stroke, radius=mm(1)))
        if label == "Filled Sheet":
            items.append(Rect(frame.inset(mm(0.9)), Stroke(INK, 0.4), radius=mm(0.6)))
        if k < 5:
            items.append(
                Text(
                    frame.x + mm(1.2),
                    frame.top - mm(2.6),
                    str(k + 1),
                    6.5,
                    Font.BOLD,
                    Anchor.START,
                    GREY,
                )
            )
        items.append(
            Text(
                slot.cx,
                cap.y + label_size * 0.3,
                label,
                label_size,
                Font.REGULAR,
                Anchor.MIDDLE,
                GREY,
            )
        )
    return items


def _abilities(box: Box, items_of: tuple[Ability, ...], cols: int, heading: str) -> list[Item]:
    head_size = fit_size(heading, box.w, 7.5)
    items: list[Item] = text_block(box.x, box.top, [heading], head_size, Font.BOLD)
    body = box.take_top(head_size * 1.6)[1]
    rows = -(-len(items_of) // cols)
    tiles = [t for r in body.rows(rows, mm(1.2)) for t in r.columns(cols, mm(2))]
    for ability, tile in zip(items_of, tiles, strict=False):
        items += ability_tile(ability, tile)
    return items


def ability_tile(ability: Ability, tile: Box) -> list[Item]:
    items: list[Item] = [Rect(tile, Stroke(LIGHT_GRID, 0.5), radius=mm(1.2))]
    inner = tile.inset(mm(1.2))
    badge_r = min(inner.h * 0.42, mm(5.5))
    bx, by = inner.x + badge_r, inner.cy
    items.append(Circle(bx, by, badge_r, Stroke(INK, 0.8)))
    glyph = badge_r * 1.25
    items.append(Text(bx, by - glyph * 0.36, ability.icon, glyph, Font.BOLD, Anchor.MIDDLE))
    marks_w = mm(11)
    text_box = Box(
        bx + badge_r + mm(1.8), inner.y, inner.right - marks_w - bx - badge_r - mm(4), inner.h
    )
    name_size = min(9.0, inner.h * 0.3)
    items += text_block(text_box.x, text_box.top, [ability.name], name_size, Font.BOLD)
    body = text_box.take_top(name_size * 1.25)[1]
    size, lines = fit_wrapped(ability.text, body.w, body.h, 7.0)
    items += text_block(body.x, body.top, lines, size)
    marks = Box(inner.right - marks_w, inner.y, marks_w, inner.h)
    mark = min(mm(3.2), inner.h * 0.3)
    for k, (label, round_mark) in enumerate((("gained", True), ("used", False))):
        my = marks.top - (k + 0.5) * marks.h / 2
        if round_mark:
            items.append(Circle(marks.x + mark / 2, my, mark / 2, Stroke(INK, 0.6)))
        else:
            items.append(Rect(Box(marks.x, my - mark / 2, mark, mark), Stroke(INK, 0.6)))
        label_size = min(5.5, fit_size(label, marks_w - mark - mm(0.8), 5.5))
        items.append(
            Text(
                marks.x + mark + mm(0.8),
                my - label_size * 0.35,
                label,
                label_size,
                Font.REGULAR,
                Anchor.START,
                GREY,
            )
        )
    return items
