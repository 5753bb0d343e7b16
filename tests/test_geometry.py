from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.starcharts.chart import chart_ids, load_chart
from pnp.starcharts.geometry import MAX_COST, geometry
from pnp.starcharts.runs import chart_runs
from pnp.starcharts.sheet import Sheet

CHARTS = [load_chart(cid) for cid in chart_ids()]


@settings(max_examples=200)
@given(st.sampled_from(CHARTS), st.integers(0, 2**100), st.integers(0, 99))
def test_line_tables_give_exactly_the_legal_runs_on_the_empty_cells(chart, bits, extra) -> None:  # type: ignore[no-untyped-def]
    g = geometry(chart)
    sheet = Sheet(g, "t")
    marked = bits & g.full
    sheet.tables()
    sheet.mark(marked)  # marked in one go, then one more cell: the tables update in place
    sheet.mark(1 << (extra % (g.n * g.n)))
    marked = sheet.marked
    naive = chart_runs(chart)
    for cost in range(1, MAX_COST + 1):
        expected = {m for m in naive.by_cost[cost] if not m & marked}
        assert set(sheet.runs(cost)) == expected
        assert bool(sheet.available() >> cost & 1) == bool(expected)


def test_mark_reports_the_lines_it_completes() -> None:
    g = geometry(load_chart("lyra-8"))
    sheet = Sheet(g, "t")
    assert sheet.mark(sum(1 << i for i in range(7))) == []  # A1-G1
    assert sheet.mark(1 << 7) == [0]  # H1 completes row 1
    column_h = sum(1 << (r * 8 + 7) for r in range(1, 8))
    assert sheet.mark(column_h) == [15]  # column H
