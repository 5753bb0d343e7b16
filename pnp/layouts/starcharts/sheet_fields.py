"""The form fields a fillable Star Charts sheet has beside its score boxes: one per grid
cell (``p1.C4``: ``x``, or ``o`` for a circled star), the player's name on the Player
line (``p1.player``), each ability's gained circle and used box
(``p1.place-x.gained``, ``p1.place-x.used``: ``x``), and a hidden, read-only field
naming the chart (``p1.chart``), so a program reading the filled form knows what it
was filled on. ``pnp.score.starcharts_form`` reads them back."""

from __future__ import annotations

from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import Field
from pnp.layouts.starcharts.sheet_panel import Style, ability_marks
from pnp.paper.geometry import Box
from pnp.paper.units import mm
from pnp.starcharts.chart import Chart
from pnp.starcharts.coords import format_cell
from pnp.text.parsing import MAX_NAME, WORD_STOPS

CELL_KEYS = "xXoO"
MARK_KEYS = "xX"
# A name is written as one word on the finished-game text's player: line.
NAME_KEYS = "^\\s" + WORD_STOPS
_CELL_INSET = mm(1)  # clear of the grid's lines


def player_line(title: Box) -> float:
    """Where the Player line starts: it runs from there to the title's right edge."""
    return title.right - min(mm(70), title.w * 0.4)


def sheet_fields(
    chart: Chart, player: str, title: Box, s: Style, grid: Box, abilities: Box
) -> list[Field]:
    """The fields of one sheet drawn with ``title`` (the title's box), ``grid`` (the
    cells' square) and ``abilities`` (the box the ability tiles and their heading fill,
    as ``ability_tiles`` is given it)."""
    line_x = player_line(title)
    baseline = title.top - ascent(s.title, Font.BOLD)
    name_box = Box(line_x, baseline, title.right - line_x, s.title * 0.9)
    fields = [
        Field(
            Box(title.x, title.y, mm(30), mm(3)), f"{player}.chart", len(chart.id), value=chart.id
        ),
        Field(name_box, f"{player}.player", MAX_NAME, keys=NAME_KEYS),
    ]
    n = chart.size
    cell = grid.w / n
    for index in range(n * n):
        row, col = divmod(index, n)
        box = Box(grid.x + col * cell, grid.top - (row + 1) * cell, cell, cell)
        name = f"{player}.{format_cell(index, n)}"
        fields.append(Field(box.inset(_CELL_INSET), name, 1, keys=CELL_KEYS))
    marks = ability_marks(abilities.x, abilities.top, abilities.y, abilities.w, s)
    for ability, gained, used in marks:
        fields.append(Field(gained, f"{player}.{ability}.gained", 1, keys=MARK_KEYS))
        fields.append(Field(used, f"{player}.{ability}.used", 1, keys=MARK_KEYS))
    return fields
