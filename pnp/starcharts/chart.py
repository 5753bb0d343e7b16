"""Star Charts: the chart model, its text format (``parse_chart``/``format_chart``) and
the shipped charts in ``data/charts``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from pathlib import Path

from pnp.errors import PnpError, Problem, ProblemCollector, SourceError
from pnp.parsing import read_source, source_lines, strip_comment
from pnp.paths import data_dir
from pnp.starcharts.coords import CoordError, column_letter, format_cell, parse_cell

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


@dataclass(frozen=True)
class Chart:
    id: str
    name: str
    size: int
    cells: tuple[Cell, ...]  # row-major, top row first
    figure: tuple[tuple[int, int], ...] = ()  # constellation lines between star cells

    def at(self, index: int) -> Cell:
        return self.cells[index]

    def _mask(self, kind: Cell) -> int:
        m = 0
        for i, cell in enumerate(self.cells):
            if cell is kind:
                m |= 1 << i
        return m

    @cached_property
    def full(self) -> int:
        return (1 << (self.size * self.size)) - 1

    @cached_property
    def stars(self) -> int:
        return self._mask(Cell.STAR)

    @cached_property
    def asteroids(self) -> int:
        return self._mask(Cell.ASTEROID)

    @cached_property
    def comet_rows(self) -> int:
        return self._mask(Cell.COMET_ROW)

    @cached_property
    def comet_cols(self) -> int:
        return self._mask(Cell.COMET_COL)

    @property
    def has_obstacles(self) -> bool:
        return bool(self.asteroids | self.comet_rows | self.comet_cols)

    def count(self, kind: Cell) -> int:
        return sum(1 for c in self.cells if c is kind)


_KEY = re.compile(r"([A-Za-z-]+)\s*:\s*(.*)\Z")
_SYMBOLS = {c.value: c for c in Cell}


def _grid_cells(text: str, col0: int) -> list[tuple[int, str]]:
    """The cell symbols of one grid row with their 1-based columns: either every
    character is a cell, or cells are separated by single spaces."""
    body = text.strip()
    start = col0 + len(text) - len(text.lstrip())
    if len(body) > 1 and all(ch == " " for ch in body[1::2]):
        return [(start + i, body[i]) for i in range(0, len(body), 2)]
    return [(start + i, ch) for i, ch in enumerate(body)]


def parse_chart(text: str, path: str = "<chart>", chart_id: str | None = None) -> Chart:
    """Read the chart text format; every problem is reported as ``FILE:LINE:COL``."""
    problems = ProblemCollector(path)
    name: str | None = None
    size: int | None = None
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    figure_spec: list[tuple[int, int, str]] = []
    in_grid = False
    grid_line = 0
    for lineno, raw in enumerate(source_lines(text), 1):
        line = strip_comment(raw)
        if not line.strip():
            continue
        match = _KEY.match(line.strip())
        if in_grid and match is None:
            rows.append((lineno, _grid_cells(line, 1)))
            continue
        in_grid = False
        col = len(line) - len(line.lstrip()) + 1
        if match is None:
            problems.add(lineno, col, "expected 'name:', 'size:', 'grid:' or 'figure:'")
            continue
        key, value = match.group(1).lower(), match.group(2).strip()
        value_col = col + line.strip().index(match.group(2)) if value else col + len(line.strip())
        if key == "name":
            if not value:
                problems.add(lineno, value_col, "the chart needs a name after 'name:'")
            name = value
        elif key == "size":
            if value not in {str(s) for s in SIZES}:
                problems.add(lineno, value_col, f"size must be 8 or 10, not {value!r}")
            else:
                size = int(value)
        elif key == "grid":
            if value:
                problems.add(lineno, value_col, "the grid starts on the line after 'grid:'")
            in_grid, grid_line = True, lineno
        elif key == "figure":
            for m in re.finditer(r"\S+", value):
                figure_spec.append((lineno, value_col + m.start(), m.group()))
        else:
            problems.add(lineno, col, f"unknown key {key!r} (expected name, size, grid or figure)")
    if name is None:
        problems.add(1, 1, "missing 'name:' line")
    if size is None:
        problems.add(1, 1, "missing 'size: 8' or 'size: 10' line")
    if not grid_line:
        problems.add(1, 1, "missing 'grid:' followed by the rows of the chart")
    cells: list[Cell] = []
    if size is not None and grid_line:
        cells = _check_grid(rows, size, grid_line, problems)
    figure = _check_figure(figure_spec, size, cells, problems) if size and cells else ()
    problems.raise_if_any()
    assert name is not None and size is not None
    return Chart(chart_id or Path(path).stem, name, size, tuple(cells), figure)


def _check_grid(
    rows: list[tuple[int, list[tuple[int, str]]]],
    size: int,
    grid_line: int,
    problems: ProblemCollector,
) -> list[Cell]:
    cells: list[Cell] = []
    for lineno, row in rows[:size]:
        for col, symbol in row:
            if symbol not in _SYMBOLS:
                problems.add(lineno, col, f"unknown cell {symbol!r} (expected . * A - or |)")
        if len(row) != size:
            where = row[min(len(row), size) - 1][0] + 1 if row else 1
            problems.add(
                lineno,
                where,
                f"a row of a {size}×{size} chart has {size} cells, this one has {len(row)}",
            )
        cells.extend(_SYMBOLS.get(s, Cell.OPEN) for _, s in row[:size])
    for lineno, row in rows[size:]:
        problems.add(
            lineno,
            row[0][0] if row else 1,
            f"the grid already has its {size} rows; this line is one too many",
        )
    if len(rows) < size:
        last = rows[-1][0] if rows else grid_line
        problems.add(last + 1, 1, f"the grid needs {size} rows, found {len(rows)}")
    return cells


def _check_figure(
    spec: list[tuple[int, int, str]],
    size: int,
    cells: list[Cell],
    problems: ProblemCollector,
) -> tuple[tuple[int, int], ...]:
    edges: list[tuple[int, int]] = []
    if len(cells) != size * size:
        return ()
    for lineno, col, token in spec:
        ends = token.split(":")
        try:
            if len(ends) != 2:
                raise CoordError(f"expected a figure line like B2:D5, got {token!r}")
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
    return sorted(p.stem for p in charts_dir().glob("*.txt"))


class UnknownChartError(PnpError):
    """A chart id that is not shipped, or a chart path that does not exist."""


def read_chart(path: Path, chart_id: str | None = None) -> Chart:
    try:
        text = read_source(path)
    except FileNotFoundError:
        raise UnknownChartError(f"no chart file {str(path)!r}") from None
    except OSError as exc:
        raise UnknownChartError(f"cannot read {str(path)!r}: {exc.strerror}") from None
    return parse_chart(text, str(path), chart_id)


def is_chart_path(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith(".txt")


def load_chart(ref: str) -> Chart:
    """A shipped chart by id (``lyra-8``), or a chart file by path."""
    if is_chart_path(ref) or Path(ref).is_file():
        return read_chart(Path(ref))
    path = charts_dir() / f"{ref}.txt"
    if not path.is_file():
        raise UnknownChartError(f"unknown chart {ref!r}; `pnp starcharts charts` lists them")
    return read_chart(path, ref)


def load_charts(refs: list[str]) -> list[Chart]:
    """Several charts, reporting the problems of every malformed file at once."""
    charts: list[Chart] = []
    problems: list[Problem] = []
    for ref in refs:
        try:
            charts.append(load_chart(ref))
        except SourceError as exc:
            problems.extend(exc.problems)
    if problems:
        raise SourceError(problems)
    return charts
