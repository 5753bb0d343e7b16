"""What the photo reader made of one Star Charts sheet: the places it could not read
surely (doubts, each settled by a person's answer) and the player's part of the
finished-game text."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.starcharts.chart import Chart
from pnp.starcharts.content import abilities
from pnp.starcharts.finished import UNREAD

if TYPE_CHECKING:
    from pnp.layouts.reading import Marks
    from pnp.scan.photo import Page


@dataclass(frozen=True)
class Doubt:
    """A place the reader could not read surely: what it is, its page box in rectified
    pixels, and the answers it could have."""

    what: str
    box: tuple[int, int, int, int]
    choices: tuple[str, ...]
    slot: tuple[str, int]  # ("grid", cell), ("box", 0-4), ("filled", 0), ("gained"|"used", k)


@dataclass(frozen=True)
class SheetReading:
    path: Path
    chart: Chart
    grid: tuple[str, ...]  # one token a cell: x, o, the chart's symbol or ?
    boxes: tuple[str, ...]  # the 5 objective boxes: ., a number or ?
    filled: str  # 5, 0, . or ?
    gained: tuple[bool | None, ...]  # each ability's marks, None where unsure
    used: tuple[bool | None, ...]
    doubts: tuple[Doubt, ...]
    page: Page = field(repr=False)
    marks: Marks = field(repr=False)

    @property
    def abilities(self) -> tuple[str, ...]:
        """The abilities line's items: "split", "split used", or "split?" when unsure."""
        items = []
        for ability, got, used in zip(abilities(), self.gained, self.used, strict=True):
            if got is None or used is None:
                items.append(f"{ability.id}{UNREAD}")
            elif got or used:
                items.append(ability.id + (" used" if used else ""))
        return tuple(items)

    def answered(self, doubt: Doubt, answer: str) -> SheetReading:
        """The reading with ``doubt`` settled by a person's ``answer``."""
        kind, k = doubt.slot
        rest = tuple(d for d in self.doubts if d != doubt)
        if kind == "grid":
            grid = (*self.grid[:k], answer, *self.grid[k + 1 :])
            return replace(self, grid=grid, doubts=rest)
        if kind == "box":
            return replace(self, boxes=(*self.boxes[:k], answer, *self.boxes[k + 1 :]), doubts=rest)
        if kind == "filled":
            return replace(self, filled=answer, doubts=rest)
        marks = self.gained if kind == "gained" else self.used
        marks = (*marks[:k], answer == "yes", *marks[k + 1 :])
        if kind == "gained":
            return replace(self, gained=marks, doubts=rest)
        return replace(self, used=marks, doubts=rest)

    def text(self, name: str) -> str:
        """The player's block of the finished-game text."""
        n = self.chart.size
        rows = [" ".join(self.grid[r * n : (r + 1) * n]) for r in range(n)]
        return "\n".join(
            [
                f"player: {name}",
                *rows,
                f"boxes: {' '.join(self.boxes)}",
                f"filled: {self.filled}",
                f"abilities: {', '.join(self.abilities)}",
            ]
        )
