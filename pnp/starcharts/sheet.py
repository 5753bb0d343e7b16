"""A player's sheet during play: marked cells as bitmasks (also column-major, for the
per-column run tables), circled stars, abilities, objective boxes and Filled Sheet."""

from __future__ import annotations

from typing import NamedTuple

from pnp.starcharts.chart import Cell
from pnp.starcharts.geometry import Geometry, LineRuns
from pnp.starcharts.tokens import ABILITIES

BOXES = 5


class BoxEntry(NamedTuple):
    """One filled objective box: a claim (objective set) or a skipped turn (points 0)."""

    objective: str | None
    round: int | None
    points: int


class Sheet:
    __slots__ = (
        "_tables",
        "boxes",
        "circled",
        "claimed",
        "filled",
        "g",
        "gained",
        "marked",
        "marked_t",
        "name",
        "used",
    )

    def __init__(self, g: Geometry, name: str) -> None:
        self.g = g
        self.name = name
        self.marked = 0
        self.marked_t = 0
        self.circled = 0
        self.gained: list[str] = []  # in the order gained
        self.used: set[str] = set()
        self.boxes: list[BoxEntry] = []
        self.filled: int | None = None
        self.claimed: dict[str, int] = {}  # objective -> round claimed
        self._tables: list[LineRuns] | None = None

    def snapshot(self) -> tuple[object, ...]:
        return (
            self.marked,
            self.marked_t,
            self.circled,
            list(self.gained),
            set(self.used),
            list(self.boxes),
            self.filled,
            dict(self.claimed),
            None if self._tables is None else list(self._tables),
        )

    def copy(self) -> Sheet:
        """An independent sheet in the same state (the run tables are shared values)."""
        new = Sheet(self.g, self.name)
        new.marked, new.marked_t, new.circled = self.marked, self.marked_t, self.circled
        new.gained, new.used, new.boxes = list(self.gained), set(self.used), list(self.boxes)
        new.filled, new.claimed = self.filled, dict(self.claimed)
        new._tables = None if self._tables is None else list(self._tables)
        return new

    def restore(self, state: tuple[object, ...]) -> None:
        (
            self.marked,
            self.marked_t,
            self.circled,
            self.gained,
            self.used,
            self.boxes,
            self.filled,
            self.claimed,
            self._tables,
        ) = state  # type: ignore[assignment]

    @property
    def full(self) -> bool:
        return self.marked == self.g.full

    @property
    def done(self) -> bool:
        """A full grid takes no further drafts."""
        return self.filled == 5

    def tables(self) -> list[LineRuns]:
        """The run table of every line for the current marks (cached until next marked)."""
        if self._tables is None:
            g, marked, marked_t = self.g, self.marked, self.marked_t
            n, mask = g.n, (1 << g.n) - 1
            self._tables = [g.line_runs(r, marked >> (r * n) & mask) for r in range(n)] + [
                g.line_runs(n + c, marked_t >> (c * n) & mask) for c in range(n)
            ]
        return self._tables

    def available(self) -> int:
        """Bit v is set when some legal run of cost v fits the empty cells."""
        avail = 0
        for table in self.tables():
            avail |= table.available
        return avail

    def runs(self, cost: int) -> list[int]:
        """Masks of every legal run of ``cost`` on the empty cells."""
        out: list[int] = []
        for table in self.tables():
            if table.available >> cost & 1:
                out.extend(table.by_cost[cost])
        return out

    def mark(self, mask: int) -> list[int]:
        """Mark cells; return the lines (rows 0..n-1, columns n..2n-1) this completed."""
        self.set_marks(mask)
        marked, lines = self.marked, self.g.lines
        return [line for line in self.g.touched(mask) if marked & lines[line] == lines[line]]

    def set_marks(self, mask: int) -> None:
        """Mark cells, keeping the run tables of the touched lines up to date."""
        g = self.g
        marked = self.marked = self.marked | mask
        marked_t = self.marked_t = self.marked_t | g.transpose(mask)
        touched = g.touched(mask)
        tables = self._tables
        if tables is not None:  # only the touched lines' patterns changed
            n, bits, cache = g.n, (1 << g.n) - 1, g.run_tables
            for line in touched:
                if line < n:
                    pattern = marked >> (line * n) & bits
                else:
                    pattern = marked_t >> ((line - n) * n) & bits
                found = cache[line].get(pattern)
                tables[line] = found if found is not None else g.line_runs(line, pattern)

    def ungained(self) -> list[str]:
        return [a for a in ABILITIES if a not in self.gained]

    def has_unused(self, ability: str) -> bool:
        return ability in self.gained and ability not in self.used

    def unused(self) -> list[str]:
        return [a for a in self.gained if a not in self.used]

    def empty_box(self) -> bool:
        return len(self.boxes) < BOXES

    def cell_text(self, index: int) -> str:
        """The cell as the finished-game format writes it."""
        bit = 1 << index
        if self.circled & bit:
            return "o"
        if self.marked & bit:
            return "x"
        return self.g.chart.cells[index].value

    def placeable_cell(self, index: int) -> bool:
        """Whether place-x may mark this cell: empty, and open or a star."""
        kind = self.g.chart.cells[index]
        return not self.marked >> index & 1 and kind in (Cell.OPEN, Cell.STAR)
