from __future__ import annotations

import pytest

from pnp.starcharts.chart import Cell, Chart, load_chart
from pnp.starcharts.content import objectives
from pnp.starcharts.coords import parse_cell
from pnp.starcharts.geometry import geometry
from pnp.starcharts.objectives import FACTORIES, fewest_marks, met

LYRA = load_chart("lyra-8-obstacles")
G8 = geometry(LYRA)
G10 = geometry(load_chart("orion-10-obstacles"))


def cells(g_size: int, *names: str) -> int:
    m = 0
    for name in names:
        if "-" in name:
            a, b = (parse_cell(x, g_size) for x in name.split("-"))
            (ra, ca), (rb, cb) = divmod(a, g_size), divmod(b, g_size)
            for r in range(min(ra, rb), max(ra, rb) + 1):
                for c in range(min(ca, cb), max(ca, cb) + 1):
                    m |= 1 << (r * g_size + c)
        else:
            m |= 1 << parse_cell(name, g_size)
    return m


def test_every_card_in_the_data_has_a_condition() -> None:
    assert {o.id for o in objectives()} == set(FACTORIES)


def test_spec_values() -> None:
    values = {o.id: (o.high, o.low) for o in objectives()}
    assert values == {
        "two-rows": (6, 3),
        "two-columns": (6, 3),
        "four-corners": (4, 2),
        "border": (8, 5),
        "all-stars": (7, 4),
        "asteroid-field": (5, 3),
        "comet-tails": (5, 3),
        "core": (6, 3),
        "quadrant": (7, 4),
        "diagonal": (6, 3),
        "star-lines": (6, 3),
        "half-sky": (3, 1),
        "star-frame": (5, 2),
    }
    assert {o.id for o in objectives() if o.obstacles} == {"asteroid-field", "comet-tails"}


@pytest.mark.parametrize(
    ("objective", "yes", "no"),
    [
        ("two-rows", ["A1-H1", "A8-H8"], ["A1-H1", "A8-G8"]),
        ("two-columns", ["A1-A8", "C1-C8"], ["A1-A8", "A1-H1"]),
        ("four-corners", ["A1", "H1", "A8", "H8"], ["A1", "H1", "A8"]),
        ("border", ["A1-H1", "A8-H8", "A1-A8", "H1-H8"], ["A1-H1", "A8-G8", "A1-A8", "H1-H7"]),
        ("core", ["C3-F6"], ["C3-F5", "C6-E6"]),
        ("quadrant", ["E5-H8"], ["E5-H7", "A1-C3"]),
        ("diagonal", ["A8", "B7", "C6", "D5", "E4", "F3", "G2", "H1"], ["A1", "B2", "C3"]),
        ("half-sky", ["A1-H4"], ["A1-H3", "A4-G4"]),
    ],
)
def test_conditions_on_8x8(objective: str, yes: list[str], no: list[str]) -> None:
    assert met(objective, G8, cells(8, *yes))
    assert not met(objective, G8, cells(8, *no))


def test_the_10x10_core_is_d4_to_g7_and_quadrants_are_5x5() -> None:
    assert met("core", G10, cells(10, "D4-G7"))
    assert not met("core", G10, cells(10, "C3-F6"))
    assert met("quadrant", G10, cells(10, "F6-J10"))
    assert not met("quadrant", G10, cells(10, "A1-D4"))


def _star_chart() -> Chart:
    grid = [Cell.OPEN] * 64
    for name in ("B2", "D4", "G7"):
        grid[parse_cell(name, 8)] = Cell.STAR
    return Chart("t", "T", 8, tuple(grid))


def test_star_conditions() -> None:
    g = geometry(_star_chart())
    assert met("all-stars", g, cells(8, "B2", "D4", "G7"))
    assert not met("all-stars", g, cells(8, "B2", "D4"))
    assert met("star-frame", g, cells(8, "C3-E5"))
    assert met("star-frame", g, cells(8, "F6-H8"))  # G7 and its eight neighbours
    assert not met("star-frame", g, cells(8, "C3-E4"))
    assert met("star-lines", g, cells(8, "A2-H2", "A4-H4", "G1-G8"))
    assert not met("star-lines", g, cells(8, "A2-H2", "A4-H4", "A1-H1"))  # row 1 has no star


def test_obstacle_conditions() -> None:
    asteroids = [i for i, c in enumerate(LYRA.cells) if c is Cell.ASTEROID]
    comets = [i for i, c in enumerate(LYRA.cells) if c in (Cell.COMET_ROW, Cell.COMET_COL)]
    every = sum(1 << i for i in asteroids)
    assert met("asteroid-field", G8, every)
    assert not met("asteroid-field", G8, every & ~(1 << asteroids[0]))
    every = sum(1 << i for i in comets)
    assert met("comet-tails", G8, every) and not met("comet-tails", G8, every >> 1 & every)


def _reference(objective: str, chart: Chart, marked: set[int]) -> bool:
    """The spec's table, cell by cell, with no masks or shortcuts."""
    n = chart.size
    cells_of = {i for i in range(n * n)}
    rows = [{r * n + c for c in range(n)} for r in range(n)]
    cols = [{r * n + c for r in range(n)} for c in range(n)]
    stars = {i for i in cells_of if chart.cells[i] is Cell.STAR}
    kind = {i: chart.cells[i] for i in cells_of}
    lo, hi = (2, 6) if n == 8 else (3, 7)
    half = n // 2
    if objective == "two-rows":
        return sum(row <= marked for row in rows) >= 2
    if objective == "two-columns":
        return sum(col <= marked for col in cols) >= 2
    if objective == "four-corners":
        return {0, n - 1, n * (n - 1), n * n - 1} <= marked
    if objective == "border":
        return rows[0] | rows[-1] | cols[0] | cols[-1] <= marked
    if objective == "all-stars":
        return stars <= marked
    if objective == "asteroid-field":
        return {i for i in cells_of if kind[i] is Cell.ASTEROID} <= marked
    if objective == "comet-tails":
        return {i for i in cells_of if kind[i] in (Cell.COMET_ROW, Cell.COMET_COL)} <= marked
    if objective == "core":
        return {r * n + c for r in range(lo, hi) for c in range(lo, hi)} <= marked
    if objective == "quadrant":
        return any(
            {(r0 + r) * n + c0 + c for r in range(half) for c in range(half)} <= marked
            for r0 in (0, half)
            for c0 in (0, half)
        )
    if objective == "diagonal":
        return {i * n + i for i in range(n)} <= marked or {
            i * n + n - 1 - i for i in range(n)
        } <= marked
    if objective == "star-lines":
        return sum(line <= marked for line in rows + cols if line & stars) >= 3
    if objective == "half-sky":
        return 2 * len(marked) >= n * n
    assert objective == "star-frame"
    return any(
        {
            (s // n + dr) * n + s % n + dc
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= s // n + dr < n and 0 <= s % n + dc < n
        }
        <= marked
        for s in stars
    )


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pnp.starcharts.chart import chart_ids  # noqa: E402

CHARTS = [load_chart(cid) for cid in chart_ids()]


@settings(max_examples=400)
@given(
    st.sampled_from(CHARTS),
    st.sampled_from(sorted(FACTORIES)),
    st.lists(st.integers(0, 99), max_size=60),
    st.lists(st.integers(0, 19), max_size=4),
)
def test_compiled_conditions_agree_with_the_spec_table(
    chart: Chart, objective: str, picks: list[int], lines: list[int]
) -> None:
    g = geometry(chart)
    n = chart.size
    marked = {p % (n * n) for p in picks}
    for line in lines:  # whole rows and columns too, or random cells rarely complete one
        k = line % (2 * n)
        marked |= set(range(k * n, k * n + n)) if k < n else {r * n + k - n for r in range(n)}
    mask = sum(1 << i for i in marked)
    assert met(objective, g, mask) == _reference(objective, chart, marked)


def test_every_combination_of_complete_lines_counts() -> None:
    from itertools import combinations

    for chart in CHARTS:
        g = geometry(chart)
        star_lines = [ln for ln, s in zip(g.lines, g.line_stars, strict=True) if s]
        for k, chosen in ((3, star_lines), (2, list(g.rows)), (2, list(g.cols))):
            card = {3: "star-lines", 2: "two-rows" if chosen[0] in g.rows else "two-columns"}[k]
            for combo in combinations(chosen, k):
                assert met(card, g, _union(combo)), (chart.id, card)
            for combo in combinations(chosen, k - 1):  # one line short
                assert not met(card, g, _union(combo)), (chart.id, card)


def _union(masks: tuple[int, ...]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def test_star_cards_on_a_chart_of_ones_own_without_stars_are_never_met() -> None:
    g = geometry(Chart("dark", "Dark", 8, (Cell.OPEN,) * 64))
    assert not met("star-frame", g, g.full) and not met("star-lines", g, g.full)
    assert fewest_marks("star-frame", g) == fewest_marks("star-lines", g) == 65
