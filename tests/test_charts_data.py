from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pnp.starcharts.chart import Cell, Chart, chart_ids, load_chart
from pnp.starcharts.runs import run_cost, run_is_legal, tiling

ROOT = Path(__file__).resolve().parent.parent
CONSTELLATIONS = [
    "cancer",
    "cassiopeia",
    "cygnus",
    "leo",
    "libra",
    "lyra",
    "orion",
    "serpens",
    "ursa-minor",
    "vulpecula",
]
ALL = chart_ids()


def test_forty_charts_ten_constellations_two_sizes_two_versions() -> None:
    expected = {f"{c}-{s}{v}" for c in CONSTELLATIONS for s in (8, 10) for v in ("", "-obstacles")}
    assert set(ALL) == expected


@pytest.mark.parametrize("chart_id", ALL)
def test_star_and_obstacle_counts(chart_id: str) -> None:
    chart = load_chart(chart_id)
    stars = chart.count(Cell.STAR)
    assert stars in (range(5, 8) if chart.size == 8 else range(7, 11))
    if chart_id.endswith("-obstacles"):
        assert chart.count(Cell.ASTEROID) >= (3 if chart.size == 8 else 4)
        rows, cols = chart.count(Cell.COMET_ROW), chart.count(Cell.COMET_COL)
        assert rows >= 1 and cols >= 1
        assert rows + cols >= (2 if chart.size == 8 else 3)
    else:
        assert not chart.has_obstacles


@pytest.mark.parametrize("chart_id", [c for c in ALL if c.endswith("-obstacles")])
def test_obstacle_version_keeps_the_stars_and_covers_only_open_cells(chart_id: str) -> None:
    chart = load_chart(chart_id)
    plain = load_chart(chart_id.removesuffix("-obstacles"))
    assert chart.stars == plain.stars and chart.name == plain.name
    for mine, theirs in zip(chart.cells, plain.cells, strict=True):
        if mine is not theirs:
            assert theirs is Cell.OPEN and mine in (Cell.ASTEROID, Cell.COMET_ROW, Cell.COMET_COL)


def _check_tiling(chart: Chart) -> None:
    runs = tiling(chart)
    assert runs is not None
    covered = 0
    for run in runs:
        assert run.mask & covered == 0, "runs overlap"
        covered |= run.mask
        assert run_is_legal(chart, run)
        assert 1 <= run_cost(chart, run) <= 8
    assert covered == chart.full


@pytest.mark.parametrize("chart_id", ALL)
def test_every_chart_can_be_filled_completely_with_legal_runs(chart_id: str) -> None:
    _check_tiling(load_chart(chart_id))


def test_an_unfillable_chart_is_recognised() -> None:
    # A comet facing sideways between two comets facing up/down can never be covered.
    cells = [Cell.OPEN] * 64
    cells[0], cells[1], cells[2] = Cell.COMET_COL, Cell.COMET_ROW, Cell.COMET_COL
    assert tiling(Chart("x", "X", 8, tuple(cells))) is None


def test_figure_lines_join_stars() -> None:
    for cid in ALL:
        chart = load_chart(cid)
        assert chart.figure
        for a, b in chart.figure:
            assert chart.at(a) is Cell.STAR and chart.at(b) is Cell.STAR


def test_the_committed_charts_are_what_the_script_makes() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_charts.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
