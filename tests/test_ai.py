from __future__ import annotations

from pnp.starcharts.ai import AiSheet
from pnp.starcharts.chart import parse_chart
from pnp.starcharts.coords import format_cell
from pnp.starcharts.geometry import geometry

CHART = parse_chart(
    """name: T
size: 8
grid:
. . * . . . . .
. . . . . . . .
. A . - . . . .
. . . . . . . *
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
""",
    "t.txt",
)


def test_marks_in_reading_order_skipping_stars_and_treating_obstacles_as_cells() -> None:
    ai = AiSheet(geometry(CHART))
    marked = ai.take(5)
    assert [format_cell(c, 8) for c in marked] == ["A1", "B1", "D1", "E1", "F1"]
    assert [format_cell(c, 8) for c in ai.take(8)][:3] == ["G1", "H1", "A2"]


def test_completing_a_row_with_a_star_earns_one_extra_mark() -> None:
    ai = AiSheet(geometry(CHART))
    # Row 1 has 7 non-star cells: a 7 completes it and the extra mark goes to A2.
    assert [format_cell(c, 8) for c in ai.take(7)][-1] == "A2"
    ai.take(7)  # B2..H2: row 2 has no star, no extra mark
    assert format_cell(ai.order[ai.progress], 8) == "A3"
    marked = ai.take(8)  # A3..H3: the asteroid and the comet count one each
    assert [format_cell(c, 8) for c in marked][-1] == "H3"


def test_done_when_every_non_star_cell_is_marked() -> None:
    ai = AiSheet(geometry(CHART))
    total = 64 - 2
    while not ai.done:
        ai.take(8)
    assert ai.progress == total and bin(ai.marked).count("1") == total
    assert ai.take(5) == []
