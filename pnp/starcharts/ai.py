"""The versus-A.I. opponent's sheet: it marks as many cells as its die shows in reading
order, skipping stars and treating asteroids and comets as ordinary cells; completing a
row that holds a star earns one extra mark. It never claims and has no abilities."""

from __future__ import annotations

from pnp.starcharts.chart import Cell
from pnp.starcharts.geometry import Geometry

AI_NAME = "A.I."


class AiSheet:
    __slots__ = ("g", "marked", "order", "progress", "row_left")

    def __init__(self, g: Geometry) -> None:
        self.g = g
        cells = g.chart.cells
        self.order = [i for i, c in enumerate(cells) if c is not Cell.STAR]
        self.progress = 0
        self.marked = 0
        self.row_left = [
            sum(1 for i in range(r * g.n, (r + 1) * g.n) if cells[i] is not Cell.STAR)
            for r in range(g.n)
        ]

    def copy(self) -> AiSheet:
        new = AiSheet(self.g)
        new.progress = self.progress
        new.marked, new.row_left = self.marked, list(self.row_left)
        return new

    @property
    def done(self) -> bool:
        """Every non-star cell is marked: the game ends after this round."""
        return self.progress == len(self.order)

    def take(self, value: int) -> list[int]:
        """Mark for a die of ``value``; returns the cells marked, in order."""
        marked: list[int] = []
        left = value
        while left and not self.done:
            cell = self.order[self.progress]
            self.progress += 1
            self.marked |= 1 << cell
            marked.append(cell)
            left -= 1
            row = cell // self.g.n
            self.row_left[row] -= 1
            if self.row_left[row] == 0 and self.g.rows[row] & self.g.chart.stars:
                left += 1
        return marked
