"""Charts as terminal text."""

from __future__ import annotations

from pnp.starcharts.chart import Cell, Chart
from pnp.starcharts.coords import column_letter


def chart_table(charts: list[Chart]) -> str:
    rows = [("id", "size", "stars", "asteroids", "comets ↔", "comets ↕")]
    for c in charts:
        rows.append(
            (
                c.id,
                f"{c.size}×{c.size}",
                str(c.count(Cell.STAR)),
                str(c.count(Cell.ASTEROID)),
                str(c.count(Cell.COMET_ROW)),
                str(c.count(Cell.COMET_COL)),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(
            v.ljust(w) if i == 0 else v.rjust(w)
            for i, (v, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def show_chart(chart: Chart, marks: int = 0, circled: int = 0) -> str:
    """The grid with coordinates; cells in ``marks`` show as ``x``, circled stars as ``o``."""
    n = chart.size
    lines = [
        f"{chart.name} ({chart.id}, {n}×{n})",
        "    " + " ".join(column_letter(c) for c in range(n)),
    ]
    for r in range(n):
        cells = []
        for c in range(n):
            i = r * n + c
            if circled >> i & 1:
                cells.append("o")
            else:
                cells.append("x" if marks >> i & 1 else chart.cells[i].value)
        lines.append(f"{r + 1:>3} " + " ".join(cells))
    return "\n".join(lines) + "\n"
