"""Where a player sheet's readable parts are, for the photo reader: the same layout
functions that draw the sheet say where its cells and boxes stand, so the printed sheet
and the reader cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layouts.reading import Marks
from pnp.paper.geometry import Box


@dataclass(frozen=True)
class SheetPlaces:
    """Page boxes, in points: the reading marks, the QR code, the grid of ``size`` ×
    ``size`` cells, the score boxes' writing areas under their captions (objectives 1 to 5,
    Filled Sheet, unused abilities, total), each ability's "gained" and "used" marks in
    turn, and the score boxes' whole insides, where a written number may reach."""

    marks: Marks
    qr: Box
    grid: Box
    size: int
    score: tuple[Box, ...]
    abilities: tuple[Box, ...]
    insides: tuple[Box, ...]

    def cell(self, index: int) -> Box:
        row, col = divmod(index, self.size)
        side = self.grid.w / self.size
        return Box(self.grid.x + col * side, self.grid.top - (row + 1) * side, side, side)

    def gained(self, ability: int) -> Box:
        return self.abilities[2 * ability]

    def used(self, ability: int) -> Box:
        return self.abilities[2 * ability + 1]
