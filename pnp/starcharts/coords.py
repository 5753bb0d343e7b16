"""Cell names: columns are letters left to right, rows numbers top to bottom (``C4``).
A cell's index is ``row * size + column`` with row 0 the top row; bit ``index`` of a
grid mask is that cell."""

from __future__ import annotations

import re
from typing import Final

from pnp.errors import shown

_CELL = re.compile(r"([A-Za-z])([0-9]{1,2})\Z")


class CoordError(ValueError):
    pass


def column_letter(col: int) -> str:
    return chr(ord("A") + col)


def format_cell(index: int, size: int) -> str:
    row, col = divmod(index, size)
    return f"{column_letter(col)}{row + 1}"


def parse_cell(text: str, size: int) -> int:
    match = _CELL.match(text)
    if not match:
        raise CoordError(f"expected a cell like C4, got {shown(text)}")
    col = ord(match.group(1).upper()) - ord("A")
    row = int(match.group(2)) - 1
    last = column_letter(size - 1)
    if not (0 <= col < size and 0 <= row < size):
        raise CoordError(f"{text} is off the {size}×{size} grid (A1 to {last}{size})")
    return row * size + col


class Run:
    """A straight line of cells, inclusive; a single cell is a run of length 1. A value:
    runs with the same cells and direction are equal."""

    __slots__ = ("cells", "horizontal", "mask")

    def __init__(self, cells: tuple[int, ...], horizontal: bool) -> None:
        self.cells: Final = cells
        self.horizontal: Final = horizontal  # meaningless when len(cells) == 1
        mask = 0
        for i in cells:
            mask |= 1 << i
        self.mask: Final = mask

    def __len__(self) -> int:
        return len(self.cells)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Run):
            return NotImplemented
        return self.cells == other.cells and self.horizontal == other.horizontal

    def __hash__(self) -> int:
        return hash((self.cells, self.horizontal))

    def __repr__(self) -> str:
        return f"Run({self.cells!r}, {self.horizontal!r})"


def parse_run(text: str, size: int) -> Run:
    """``C4-C7``, ``B2-E2`` (either end first) or a single cell ``C4``."""
    ends = text.split("-")
    if len(ends) == 1:
        return Run((parse_cell(ends[0], size),), True)
    if len(ends) != 2:
        raise CoordError(f"expected a run like C4-C7, got {shown(text)}")
    a, b = parse_cell(ends[0], size), parse_cell(ends[1], size)
    (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
    if ra == rb:
        lo, hi = sorted((ca, cb))
        return Run(tuple(ra * size + c for c in range(lo, hi + 1)), True)
    if ca == cb:
        lo, hi = sorted((ra, rb))
        return Run(tuple(r * size + ca for r in range(lo, hi + 1)), False)
    raise CoordError(f"{text} is not straight: a run stays in one row or one column")


def format_run(run: Run, size: int) -> str:
    first, last = format_cell(run.cells[0], size), format_cell(run.cells[-1], size)
    return first if len(run.cells) == 1 else f"{first}-{last}"


def run_from_mask(mask: int, size: int) -> Run:
    """The run whose cells are the set bits of ``mask`` (cells of one straight run)."""
    cells = []
    bits = mask
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return Run(tuple(cells), len(cells) == 1 or cells[1] - cells[0] == 1)
