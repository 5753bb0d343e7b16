"""The pad record: an Astra score pad as written at the table (``pnp astra score-pad``),
each player's column of points, row by row, and the total if one was written. Points
cannot be turned back into an end-of-game state, so this is its own small format, TOML
like the end-of-game file, told apart by its ``[[column]]`` tables (``is_pad_record``)::

    [[column]]
    name = "Ann"
    fame = 23
    pouch-size = 7
    card-limit = 5
    stardust = 2
    marked-stars = 3
    active-fame = 9
    final-scoring = 11
    total = 60

A value not read surely from a photo is ``"?"`` (``UNREAD``); the checks
(``pnp.score.astra_pad_rules``) stop there. ``parse_pad`` and ``format_pad`` are a pair."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import shown
from pnp.text.parsing import name_problem
from pnp.text.toml_spans import Key, TomlChecker

UNREAD = "?"
# The pad's rows, top down, by the scorer's JSON names (the fillable fields' names).
ROWS = (
    "fame",
    "pouch_size",
    "card_limit",
    "stardust",
    "marked_stars",
    "active_fame",
    "final_scoring",
)
LABELS = {
    "fame": "Fame from play",
    "pouch_size": "Pouch size",
    "card_limit": "card limit",
    "stardust": "Stardust ÷ 3",
    "marked_stars": "marked stars ÷ 2",
    "active_fame": "Active cards' Fame",
    "final_scoring": "Final Scoring card",
    "total": "total",
}
MAX_COLUMNS = 5  # the widest pad
MAX_POINTS = 9_999  # a row's comb holds 3 digits and the total's 4
RULES = {
    "astra.pad.key": "a pad record is [[column]] tables with a name and the pad's rows",
    "astra.pad.type": 'each row is a whole number, or "?" where not read surely',
}
_TABLE = re.compile(r"^[ \t]*\[\[[ \t]*column[ \t]*\]\]", re.M)

Value = int | str  # a number, or UNREAD


def key(row: str) -> str:
    """A row's key in the record: ``pouch-size`` for ``pouch_size``."""
    return row.replace("_", "-")


@dataclass(frozen=True)
class PadColumn:
    """One player's column: the rows' points (``ROWS`` order) and the written total,
    None when none was written."""

    name: str
    rows: tuple[Value, ...]
    total: Value | None = None

    def row(self, name: str) -> Value | None:
        return self.total if name == "total" else self.rows[ROWS.index(name)]


@dataclass(frozen=True)
class AstraPad:
    """A pad record: its columns in the pad's order, and where each value stands in the
    text it was read from (line and column, by column index and row), to say problems
    there."""

    columns: tuple[PadColumn, ...]
    places: dict[tuple[int, str], tuple[int, int]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def where(self, index: int, row: str) -> tuple[int, int]:
        return self.places.get((index, row), self.places.get((index, "name"), (1, 1)))


def is_pad_record(text: str) -> bool:
    """Whether ``text`` is a pad record rather than an end-of-game file."""
    return _TABLE.search(text) is not None


def _value(v: Value) -> str:
    return json.dumps(v) if isinstance(v, str) else str(v)


def format_pad(pad: AstraPad, source: str = "") -> str:
    """``pad`` as the text ``parse_pad`` reads back to the same pad."""
    read = f" read from {source} by pnp" if source else ""
    lines = [
        f"# An Astra score pad{read} (`pnp astra score` checks it): one [[column]] a player,",
        "# the points row by row as on the pad, and the total if one was written;",
        f"# {json.dumps(UNREAD)} is a number not read surely: look at the pad and write it.",
    ]
    for column in pad.columns:
        lines += ["", "[[column]]", f"name = {json.dumps(column.name, ensure_ascii=False)}"]
        lines += [f"{key(r)} = {_value(v)}" for r, v in zip(ROWS, column.rows, strict=True)]
        if column.total is not None:
            lines.append(f"total = {_value(column.total)}")
    return "\n".join(lines) + "\n"


def parse_pad(text: str, path: str) -> AstraPad:
    """The pad record ``text`` (read from ``path``), or a ``SourceError`` listing every
    problem of its form (what the points say is ``pnp.score.astra_pad_rules``'s)."""
    return _Reader(text, path).pad()


_WANTS: dict[str, type] = {"name": str, **{key(r): int for r in (*ROWS, "total")}}


class _Reader(TomlChecker):
    def __init__(self, text: str, path: str) -> None:
        super().__init__(text, path, "astra.pad.key", "astra.pad.type", _WANTS)

    def pad(self) -> AstraPad:
        self.unknown(self.data, (), ("column",), "the pad record")
        value = self.data.get("column")
        what = "column is a list of [[column]] tables, one a player"
        columns: list[PadColumn] = []
        places: dict[tuple[int, str], tuple[int, int]] = {}
        if value is None:
            self.say((), "astra.pad.key", "no [[column]] table: one a player, as on the pad")
        elif self.typed(value, ("column",), list, what):
            for i, table in enumerate(value[: MAX_COLUMNS + 1]):
                if self.typed(table, ("column", i), dict, what):
                    read = self.column(i, table, places)
                    if read is not None:
                        columns.append(read)
        self.problems.raise_if_any()
        return AstraPad(tuple(columns), places)

    def column(
        self, i: int, table: dict[str, Any], places: dict[tuple[int, str], tuple[int, int]]
    ) -> PadColumn | None:
        at: Key = ("column", i)
        keys = ("name", *(key(r) for r in ROWS), "total")
        self.unknown(table, at, keys, "[[column]]")
        ok = True
        for wanted in ("name", *ROWS):
            if key(wanted) not in table:
                self.say(at, "astra.pad.key", f"this [[column]] has no {key(wanted)}", True)
                ok = False
        places[(i, "name")] = self.spans.where((*at, "name") if "name" in table else at)
        name: str | None = self.get(table, at, "name", str, "the player's name in quotes")
        if name is not None and (why := name_problem(name)) is not None:
            self.say((*at, "name"), "astra.pad.key", why)
            name = None
        values: dict[str, Value] = {}
        for row in (*ROWS, "total"):
            if key(row) not in table:
                continue
            places[(i, row)] = self.spans.where((*at, key(row)))
            v = table[key(row)]
            if v == UNREAD or (isinstance(v, int) and not isinstance(v, bool)):
                values[row] = v
            else:
                given = shown(v) if isinstance(v, str) else f"not {_kind(v)}"
                message = f'{key(row)} is a whole number, or "?" where not read surely: {given}'
                self.say((*at, key(row)), "astra.pad.type", message)
                ok = False
        if not ok or name is None:
            return None
        return PadColumn(name, tuple(values[r] for r in ROWS), values.get("total"))


def _kind(value: object) -> str:
    from pnp.text.toml_spans import kind_of

    return kind_of(value)
