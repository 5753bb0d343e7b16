"""Every run a chart allows, precomputed once per chart as bitmasks.

A run is straight and contiguous; it costs 1 per cell and 2 per asteroid; a comet may
only be covered by a run of two or more cells along its facing. Whether the cells are
still empty is the caller's question: ``mask & marked == 0``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pnp.starcharts.chart import Chart
from pnp.starcharts.coords import Run

MAX_COST = 10  # an 8 adjusted by +2


@dataclass(frozen=True)
class ChartRuns:
    size: int
    by_cost: tuple[tuple[int, ...], ...]  # cost -> masks of every statically legal run
    starting_at: tuple[tuple[tuple[int, int], ...], ...]  # cell -> (mask, cost) of runs whose
    #                                                        first cell (lowest index) it is
    mask_to_run: dict[int, Run]


def run_is_legal(chart: Chart, run: Run) -> bool:
    """The comet rule: comets only in runs of 2+ cells along their facing."""
    return all(chart.cells[i].allows(len(run), run.horizontal) for i in run.cells)


def run_cost(chart: Chart, run: Run) -> int:
    return sum(chart.cells[i].cost for i in run.cells)


def _all_runs(size: int) -> list[Run]:
    runs = []
    for r in range(size):
        for c in range(size):
            runs.append(Run((r * size + c,), True))
            for length in range(2, size - c + 1):
                runs.append(Run(tuple(r * size + c + k for k in range(length)), True))
            for length in range(2, size - r + 1):
                runs.append(Run(tuple((r + k) * size + c for k in range(length)), False))
    return runs


@cache
def chart_runs(chart: Chart) -> ChartRuns:
    by_cost: list[list[int]] = [[] for _ in range(MAX_COST + 1)]
    starting: list[list[tuple[int, int]]] = [[] for _ in range(chart.size * chart.size)]
    mask_to_run: dict[int, Run] = {}
    for run in _all_runs(chart.size):
        cost = run_cost(chart, run)
        if cost > MAX_COST or not run_is_legal(chart, run):
            continue
        mask = run.mask
        by_cost[cost].append(mask)
        starting[run.cells[0]].append((mask, cost))
        mask_to_run[mask] = run
    return ChartRuns(
        chart.size,
        tuple(tuple(masks) for masks in by_cost),
        tuple(tuple(sorted(s, key=lambda mc: mc[1])) for s in starting),
        mask_to_run,
    )


def tiling(chart: Chart, max_cost: int = 8) -> list[Run] | None:
    """A way to fill the whole chart with legal runs of cost 1..max_cost, or None."""
    runs = chart_runs(chart)
    full = chart.full
    failed: set[int] = set()
    chosen: list[int] = []

    def fill(marked: int) -> bool:
        if marked == full:
            return True
        if marked in failed:
            return False
        first = (~marked & full & -(~marked & full)).bit_length() - 1
        for mask, cost in runs.starting_at[first]:
            if cost <= max_cost and not mask & marked:
                chosen.append(mask)
                if fill(marked | mask):
                    return True
                chosen.pop()
        failed.add(marked)
        return False

    return [runs.mask_to_run[m] for m in chosen] if fill(0) else None
