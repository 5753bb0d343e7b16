"""Everything about a chart that play needs, precomputed once per chart as bitmasks.

Grids are ints: bit ``row * n + col``. Runs are looked up per line by the line's current
occupancy pattern, so the legal runs of a sheet for every die value come from ``2n``
table lookups instead of testing every run of the chart."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

from pnp.starcharts.chart import Cell, Chart
from pnp.starcharts.coords import Run, column_letter, run_from_mask

MAX_COST = 10  # an 8 adjusted by +2


class LineRuns:
    """The runs one line allows for one occupancy pattern of that line."""

    __slots__ = ("available", "by_cost")

    def __init__(self, available: int, by_cost: tuple[tuple[int, ...], ...]) -> None:
        self.available: Final = available  # bit v set when some run of cost v fits
        self.by_cost: Final = by_cost  # cost -> run masks (whole-grid bits)


class Geometry:
    """One chart's lines, areas and run tables as bitmasks; the tables and the caches
    fill as play asks for them. Get it with ``geometry(chart)``: one per chart."""

    def __init__(self, chart: Chart) -> None:
        n = chart.size
        rows = tuple(_mask(range(r * n, r * n + n)) for r in range(n))
        cols = tuple(_mask(range(c, n * n, n)) for c in range(n))
        lines = rows + cols
        half = n // 2
        lo, hi = (2, 6) if n == 8 else (3, 7)  # the central 4×4: C3–F6 or D4–G7
        self.chart: Final = chart
        self.n: Final = n
        self.full: Final = (1 << n * n) - 1
        self.rows: Final = rows
        self.cols: Final = cols
        self.lines: Final = lines  # rows, then columns
        self.line_stars: Final = tuple(m & chart.stars for m in lines)  # star cells of each
        self.corners: Final = _mask([0, n - 1, n * (n - 1), n * n - 1])
        self.ring: Final = rows[0] | rows[-1] | cols[0] | cols[-1]
        self.core: Final = _mask([r * n + c for r in range(lo, hi) for c in range(lo, hi)])
        self.quadrants: Final = tuple(
            _mask([(r0 + r) * n + c0 + c for r in range(half) for c in range(half)])
            for r0 in (0, half)
            for c0 in (0, half)
        )
        self.diagonals: Final = (
            _mask([i * n + i for i in range(n)]),
            _mask([i * n + n - 1 - i for i in range(n)]),
        )
        self.frames: Final = _frames(chart)  # a star and its in-grid neighbours, per star
        self.comets: Final = chart.comet_rows | chart.comet_cols
        # cells place-x may mark: open cells and stars
        self.placeable: Final = self.full & ~(chart.asteroids | self.comets)
        # cell index -> its bit in the column-major grid
        self.transpose_bit: Final = tuple(1 << ((i % n) * n + i // n) for i in range(n * n))
        # cell -> (row line, column line)
        self.lines_of_cell: Final = tuple((i // n, n + i % n) for i in range(n * n))
        kinds = tuple(tuple(chart.cells[r * n + k] for k in range(n)) for r in range(n))
        self._kinds: Final = kinds + tuple(
            tuple(chart.cells[k * n + c] for k in range(n)) for c in range(n)
        )
        self.run_tables: Final[list[dict[int, LineRuns]]] = [{} for _ in range(2 * n)]
        self.checks: Final[dict[str, Callable[[int], bool]]] = {}
        self._touched: Final[dict[int, tuple[int, ...]]] = {}
        self._transposed: Final[dict[int, int]] = {}
        self._runs: Final[dict[int, Run]] = {}
        self._star_touched: Final[dict[int, tuple[int, ...]]] = {}
        self._line_starts: Final[dict[int, tuple[tuple[tuple[int, int, int], ...], ...]]] = {}

    def star_lines_touched(self, mask: int) -> tuple[int, ...]:
        """The touched lines that hold a star: the only ones whose completion gains."""
        found = self._star_touched.get(mask)
        if found is None:
            stars = self.line_stars
            found = self._star_touched[mask] = tuple(ln for ln in self.touched(mask) if stars[ln])
        return found

    def line_name(self, line: int) -> str:
        """``row 3`` or ``column C`` (lines are rows, then columns)."""
        n = self.n
        return f"row {line + 1}" if line < n else f"column {column_letter(line - n)}"

    def run(self, mask: int) -> Run:
        """The run of a run mask (cached: bots turn masks into runs every turn)."""
        found = self._runs.get(mask)
        if found is None:
            found = self._runs[mask] = run_from_mask(mask, self.n)
        return found

    def touched(self, mask: int) -> tuple[int, ...]:
        """The lines (rows, then columns) that hold a cell of ``mask``, sorted."""
        found = self._touched.get(mask)
        if found is None:
            lines: set[int] = set()
            bits = mask
            while bits:
                low = bits & -bits
                lines.update(self.lines_of_cell[low.bit_length() - 1])
                bits ^= low
            found = self._touched[mask] = tuple(sorted(lines))
        return found

    def line_runs(self, line: int, pattern: int) -> LineRuns:
        """Runs of ``line`` (0..n-1 rows, n..2n-1 columns) when its cells marked are
        ``pattern`` (bit k = k-th cell of the line, left to right or top to bottom)."""
        table = self.run_tables[line]
        found = table.get(pattern)
        if found is None:
            found = table[pattern] = self._build(line, pattern)
        return found

    def _build(self, line: int, pattern: int) -> LineRuns:
        by_cost: list[list[int]] = [[] for _ in range(MAX_COST + 1)]
        starts = self._starts(line)
        for start in range(self.n):
            for k, cost, mask in starts[start]:
                if pattern >> k & 1:
                    break
                if cost >= 0:
                    by_cost[cost].append(mask)
        available = 0
        for cost, masks in enumerate(by_cost):
            if masks:
                available |= 1 << cost
        return LineRuns(available, tuple(tuple(m) for m in by_cost))

    def _starts(self, line: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """For each start cell of ``line``, the runs from it on whatever the marks: the
        last cell, the cost (-1 for a run that is not listed: a one-cell run in a column,
        listed with the rows, or one the comets forbid) and the run's mask; they stop at
        the first run costing more than any die. A pattern's runs are these, each cut at
        its first marked cell: the tables fill five times as fast (every process of
        ``simulate --jobs`` fills its own)."""
        found = self._line_starts.get(line)
        if found is not None:
            return found
        n = self.n
        kinds = self._kinds[line]
        horizontal = line < n
        starts = []
        for start in range(n):
            runs = []
            cost = mask = 0
            for k in range(start, n):
                cost += kinds[k].cost
                if cost > MAX_COST:
                    break
                mask |= 1 << (line * n + k if horizontal else k * n + (line - n))
                length = k - start + 1
                listed = (length > 1 or horizontal) and _comets_allow(
                    kinds[start : k + 1], horizontal, length
                )
                runs.append((k, cost if listed else -1, mask))
            starts.append(tuple(runs))
        found = self._line_starts[line] = tuple(starts)
        return found

    def pattern(self, marked: int, marked_t: int, line: int) -> int:
        n = self.n
        if line < n:
            return marked >> (line * n) & ((1 << n) - 1)
        return marked_t >> ((line - n) * n) & ((1 << n) - 1)

    def transpose(self, mask: int) -> int:
        found = self._transposed.get(mask)
        if found is None:
            found = 0
            bits = mask
            while bits:
                low = bits & -bits
                found |= self.transpose_bit[low.bit_length() - 1]
                bits ^= low
            if len(self._transposed) < 100_000:
                self._transposed[mask] = found
        return found


def _comets_allow(kinds: tuple[Cell, ...], horizontal: bool, length: int) -> bool:
    return all(kind.allows(length, horizontal) for kind in kinds)


def _mask(cells: list[int] | range) -> int:
    m = 0
    for i in cells:
        m |= 1 << i
    return m


def _frames(chart: Chart) -> tuple[int, ...]:
    n = chart.size
    frames = []
    for i, cell in enumerate(chart.cells):
        if cell is Cell.STAR:
            r, c = divmod(i, n)
            near = [
                rr * n + cc
                for rr in range(r - 1, r + 2)
                for cc in range(c - 1, c + 2)
                if 0 <= rr < n and 0 <= cc < n
            ]
            frames.append(_mask(near))
    return tuple(frames)


@cache
def geometry(chart: Chart) -> Geometry:
    return Geometry(chart)
