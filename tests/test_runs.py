from __future__ import annotations

from pnp.starcharts.chart import Chart, parse_chart
from pnp.starcharts.coords import parse_run
from pnp.starcharts.runs import chart_runs, run_cost, run_is_legal

CHART = parse_chart(
    """name: T
size: 8
grid:
. A . - . . . .
. . . . . . . .
. . | . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
""",
    "t.txt",
)


def _legal(run: str, chart: Chart = CHART) -> bool:
    return run_is_legal(chart, parse_run(run, chart.size))


def test_an_asteroid_costs_two() -> None:
    # The seed's example: a 3 over an asteroid marks the asteroid and one more cell.
    assert run_cost(CHART, parse_run("A1-B1", 8)) == 3
    assert run_cost(CHART, parse_run("B1", 8)) == 2


def test_comets_only_along_their_facing_and_never_alone() -> None:
    assert _legal("C1-E1") and _legal("D1-E1")
    assert not _legal("D1") and not _legal("D1-D2")
    assert _legal("C2-C3") and _legal("C3-C5")
    assert not _legal("C3") and not _legal("B3-D3")


def test_runs_by_cost_hold_exactly_the_legal_runs_of_that_cost() -> None:
    runs = chart_runs(CHART)
    for cost, masks in enumerate(runs.by_cost):
        for mask in masks:
            run = runs.mask_to_run[mask]
            assert run_cost(CHART, run) == cost and run_is_legal(CHART, run)
    assert parse_run("A1-B1", 8).mask in runs.by_cost[3]
    assert parse_run("D1", 8).mask not in runs.by_cost[1]
