"""Star Charts: the chart model, its text format (``parse_chart``/``format_chart``) and
the shipped charts in ``data/charts``."""

from __future__ import annotations

import os
import re
from enum import Enum
from typing import TYPE_CHECKING, Final

from pnp.errors import (
    MissingFileError,
    PnpError,
    Problem,
    ProblemCollector,
    SourceError,
    close_matches,
    shown,
)
from pnp.starcharts.coords import CoordError, column_letter, format_cell, parse_cell
from pnp.system.paths import data_dir, data_file
from pnp.text.parsing import grid_row, read_source, source_lines, strip_comment

if TYPE_CHECKING:
    from pathlib import Path

SIZES = (8, 10)


class Cell(Enum):
    OPEN = "."
    STAR = "*"
    ASTEROID = "A"
    COMET_ROW = "-"  # a comet facing sideways: only a run along its row may cover it
    COMET_COL = "|"  # a comet facing up/down: only a run along its column may cover it

    @property
    def cost(self) -> int:
        return 2 if self is Cell.ASTEROID else 1

    def allows(self, length: int, horizontal: bool) -> bool:
        """Whether a run of ``length`` cells, along a row when ``horizontal``, may cover this
        cell: a comet only by a run of 2+ along its facing (a single cell has none)."""
        if self is Cell.COMET_ROW:
            return length >= 2 and horizontal
        if self is Cell.COMET_COL:
            return length >= 2 and not horizontal
        return True


def _mask(cells: tuple[Cell, ...], kind: Cell) -> int:
    m = 0
    for i, cell in enumerate(cells):
        if cell is kind:
            m |= 1 << i
    return m


class Chart:
    """A chart's cells, row-major with the top row first, and its constellation's figure
    (lines between star cells). A value: charts with the same fields are equal. Its
    masks are worked out once, when it is made."""

    __slots__ = (
        "asteroids",
        "cells",
        "comet_cols",
        "comet_rows",
        "figure",
        "full",
        "id",
        "name",
        "size",
        "stars",
    )

    def __init__(
        self,
        id: str,
        name: str,
        size: int,
        cells: tuple[Cell, ...],
        figure: tuple[tuple[int, int], ...] = (),
    ) -> None:
        self.id: Final = id
        self.name: Final = name
        self.size: Final = size
        self.cells: Final = cells
        self.figure: Final = figure
        self.full: Final = (1 << (size * size)) - 1
        self.stars: Final = _mask(cells, Cell.STAR)
        self.asteroids: Final = _mask(cells, Cell.ASTEROID)
        self.comet_rows: Final = _mask(cells, Cell.COMET_ROW)
        self.comet_cols: Final = _mask(cells, Cell.COMET_COL)

    def _key(self) -> tuple[str, str, int, tuple[Cell, ...], tuple[tuple[int, int], ...]]:
        return (self.id, self.name, self.size, self.cells, self.figure)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chart):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<Chart {self.id!r} {self.name!r} {self.size}×{self.size}>"

    def at(self, index: int) -> Cell:
        return self.cells[index]

    @property
    def has_obstacles(self) -> bool:
        return bool(self.asteroids | self.comet_rows | self.comet_cols)

    def count(self, kind: Cell) -> int:
        return sum(1 for c in self.cells if c is kind)


_KEY = re.compile(r"([A-Za-z-]+)\s*:\s*(.*)\Z")
_SYMBOLS = {c.value: c for c in Cell}
MAX_NAME = 32  # the longest name the sheet's title can show
_MAX_ROWS = max(SIZES) + 1  # grid rows kept: enough to tell there are too many


def parse_chart(text: str, path: str = "<chart>", chart_id: str | None = None) -> Chart:
    """Read the chart text format; every problem is reported as ``FILE:LINE:COL``."""
    problems = ProblemCollector(path)
    name: str | None = None
    size: int | None = None
    rows: list[tuple[int, str]] = []  # (line, text) of the first _MAX_ROWS grid rows
    more_rows = (0, 0)  # the first line after those, and how many rows follow
    figure_lines: list[tuple[int, int, str]] = []
    in_grid = False
    grid_line = 0
    for lineno, raw in enumerate(source_lines(text), 1):
        line = strip_comment(raw)
        if not line.strip():
            continue
        match = _KEY.match(line.strip())
        if in_grid and match is None:
            if len(rows) < _MAX_ROWS:
                rows.append((lineno, line))
            else:
                more_rows = (more_rows[0] or lineno, more_rows[1] + 1)
            continue
        in_grid = False
        col = len(line) - len(line.lstrip()) + 1
        if match is None:
            problems.add(lineno, col, "expected 'name:', 'size:', 'grid:' or 'figure:'")
            continue
        key, value = match.group(1).lower(), match.group(2).strip()
        value_col = col + match.start(2)
        if key == "name":
            _check_name(value, lineno, value_col, problems)
            name = value
        elif key == "size":
            if value not in {str(s) for s in SIZES}:
                problems.add(lineno, value_col, f"size must be 8 or 10, not {shown(value)}")
            else:
                size = int(value)
        elif key == "grid":
            if value:
                problems.add(lineno, value_col, "the grid starts on the line after 'grid:'")
            in_grid, grid_line = True, lineno
        elif key == "figure":
            figure_lines.append((lineno, value_col, value))
        else:
            problems.add(
                lineno,
                col,
                f"unknown key {shown(key)} (expected name, size, grid or figure)",
            )
    if name is None:
        problems.add(1, 1, "missing 'name:' line")
    if size is None:
        problems.add(1, 1, "missing 'size: 8' or 'size: 10' line")
    if not grid_line:
        problems.add(1, 1, "missing 'grid:' followed by the rows of the chart")
    cells: list[Cell] = []
    if size is not None and grid_line:
        cells = _check_grid(rows, more_rows, size, grid_line, problems)
    figure = _check_figure(figure_lines, size, cells, problems) if size and cells else ()
    problems.raise_if_any()
    assert name is not None and size is not None
    stem = os.path.splitext(os.path.basename(path))[0]
    return Chart(chart_id or stem, name, size, tuple(cells), figure)


def _check_name(name: str, line: int, col: int, problems: ProblemCollector) -> None:
    """The name is printed as the sheet's title: it must fit and the font must draw it."""
    if not name:
        problems.add(line, col, "the chart needs a name after 'name:'")
        return
    bad = next((i for i, ch in enumerate(name) if not ch.isprintable()), None)
    if bad is None and not name.isascii():
        from pnp.draw.fonts import Font, missing_glyphs  # loads fontTools: not for ASCII

        missing = missing_glyphs(name, Font.BOLD) | missing_glyphs(name, Font.REGULAR)
        bad = next((i for i, ch in enumerate(name) if ch in missing), None)
    if bad is not None:
        ch = name[bad]
        problems.add(
            line, col + bad, f"the sheet's font cannot print {ch!r} (U+{ord(ch):04X}) in a name"
        )
    elif len(name) > MAX_NAME:
        problems.add(
            line,
            col,
            f"a chart name has at most {MAX_NAME} characters to fit the sheet, "
            f"this one has {len(name)}",
        )


def _check_grid(
    rows: list[tuple[int, str]],
    more_rows: tuple[int, int],
    size: int,
    grid_line: int,
    problems: ProblemCollector,
) -> list[Cell]:
    cells: list[Cell] = []
    for lineno, line in rows[:size]:
        count, row = grid_row(line, size + 1)
        for col, symbol in row[:size]:
            if symbol not in _SYMBOLS:
                problems.add(lineno, col, f"unknown cell {symbol!r} (expected . * A - or |)")
        if count != size:
            where = row[min(count, size) - 1][0] + 1 if row else 1
            problems.add(
                lineno,
                where,
                f"a row of a {size}×{size} chart has {size} cells, this one has {count}",
            )
        cells.extend(_SYMBOLS.get(s, Cell.OPEN) for _, s in row[:size])
    for lineno, line in rows[size:]:
        problems.add(
            lineno,
            len(line) - len(line.lstrip()) + 1,
            f"the grid already has its {size} rows; this line is one too many",
        )
    first, extra = more_rows
    if extra:
        problems.add(first, 1, f"… and {extra} more grid rows after a {size}×{size} chart's grid")
    if len(rows) < size:
        last = rows[-1][0] if rows else grid_line
        problems.add(last + 1, 1, f"the grid needs {size} rows, found {len(rows)}")
    return cells


def _check_figure(
    lines: list[tuple[int, int, str]],
    size: int,
    cells: list[Cell],
    problems: ProblemCollector,
) -> tuple[tuple[int, int], ...]:
    edges: list[tuple[int, int]] = []
    if len(cells) != size * size:
        return ()
    for lineno, value_col, value in lines:
        for m in re.finditer(r"\S+", value):
            col, token = value_col + m.start(), m.group()
            ends = token.split(":")
            try:
                if len(ends) != 2:
                    raise CoordError(f"expected a figure line like B2:D5, got {shown(token)}")
                a, b = parse_cell(ends[0], size), parse_cell(ends[1], size)
            except CoordError as exc:
                problems.add(lineno, col, str(exc))
                continue
            for end, index in zip(ends, (a, b), strict=True):
                if cells[index] is not Cell.STAR:
                    problems.add(lineno, col, f"figure lines join stars, but {end} is not a star")
            edges.append((a, b))
    return tuple(edges)


def format_chart(chart: Chart) -> str:
    header = "  " + " ".join(column_letter(c) for c in range(chart.size))
    lines = [f"name: {chart.name}", f"size: {chart.size}", f"grid:   #{header[1:]}"]
    for r in range(chart.size):
        row = chart.cells[r * chart.size : (r + 1) * chart.size]
        lines.append(" ".join(c.value for c in row) + f"   # {r + 1}")
    if chart.figure:
        edges = " ".join(
            f"{format_cell(a, chart.size)}:{format_cell(b, chart.size)}" for a, b in chart.figure
        )
        lines.append(f"figure: {edges}")
    return "\n".join(lines) + "\n"


def charts_dir() -> Path:
    return data_dir() / "charts"


def chart_ids() -> list[str]:
    names = os.listdir(data_file("charts"))
    return sorted(n[:-4] for n in names if n.endswith(".txt") and not n.startswith("."))


class UnknownChartError(PnpError):
    """A chart id that is not shipped, or a chart path that does not exist."""


def read_chart(path: str | os.PathLike[str], chart_id: str | None = None) -> Chart:
    path = _plain(os.fspath(path))
    try:
        text = read_source(path)
    except MissingFileError:
        raise UnknownChartError(f"no chart file {shown(path)}") from None
    return parse_chart(text, path, chart_id)


def _plain(path: str) -> str:
    """``path`` as messages name it, as pathlib writes it: without ``.`` parts or
    doubled and trailing slashes (``games/`` is ``games``)."""
    parts = [p for p in path.split("/") if p not in ("", ".")]
    return ("/" if path.startswith("/") else "") + "/".join(parts) or "."


def is_chart_path(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith(".txt")


def load_chart(ref: str) -> Chart:
    """A shipped chart by id (``lyra-8``), or a chart file by path."""
    if is_chart_path(ref) or os.path.isfile(ref):  # False, not an error, for a NUL byte
        return read_chart(ref)
    ids = chart_ids()
    if ref not in ids:
        close = close_matches(ref, ids, n=3, cutoff=0.8)
        listed = ", ".join(close[:-1]) + f" or {close[-1]}" if len(close) > 1 else "".join(close)
        hint = f"; did you mean {listed}?" if close else ";"
        raise UnknownChartError(
            f"unknown chart {shown(ref)}{hint} `pnp starcharts charts` lists them"
        )
    return read_chart(data_file("charts", f"{ref}.txt"), ref)


def load_charts(refs: list[str]) -> list[Chart]:
    """Several charts, reporting the problems of every malformed file at once."""
    charts: list[Chart] = []
    problems: list[Problem] = []
    more = 0
    for ref in refs:
        try:
            charts.append(load_chart(ref))
        except SourceError as exc:
            problems.extend(exc.problems)
            more += exc.more
    if problems:
        raise SourceError(problems, more)
    return charts
