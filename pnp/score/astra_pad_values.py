"""A filled Astra score pad's values, read from a photo or a fillable PDF, made into the
pad record (``pnp.score.astra_pad``) and scored; or, if it is not one, why, at the pad's
cells. Values come by field name less the pad (``p2.stardust``, ``p2.total``): a number,
None for a blank comb, or ``?`` where the reader was not sure. The players are the
columns with anything written; a blank row in them is 0."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.errors import PnpError, Problem, SourceError
from pnp.score.astra_pad import LABELS, ROWS, AstraPad, PadColumn, format_pad, parse_pad
from pnp.score.astra_pad_rules import PadResult, score_pad

PadValue = int | str | None
PLAYER_COLUMNS = 5


class PadError(PnpError):
    """A pad that makes no record: one line each, ``PAD.jpg: cell: why``."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = tuple(lines)
        super().__init__("\n".join(self.lines))


def cell_label(cell: str) -> str:
    """A pad cell as a person finds it on the paper: ``column 2, Pouch size``."""
    head, _, row = cell.partition(".")
    return f"column {head[1:]}, {LABELS.get(row, row)}"


@dataclass(frozen=True)
class PadText:
    """The record made of a pad's values: its text, and the pad column of each of its
    columns."""

    source: str
    text: str
    columns: tuple[int, ...]


def pad_text(values: Mapping[str, PadValue], names: Sequence[str], source: str) -> PadText:
    """The pad record of ``values`` read from ``source``, its players named by ``names``
    in turn or ``Player 1`` …; a pad with no column filled in, or names that do not
    match its columns, is a ``PadError``."""
    columns = [
        k
        for k in range(1, PLAYER_COLUMNS + 1)
        if any(values.get(f"p{k}.{r}") is not None for r in (*ROWS, "total"))
    ]
    if not columns:
        raise PadError([f"{source}: no player column of the pad is filled in"])
    if names and len(names) != len(columns):
        raise PadError(
            [
                f"{source}: --name names {len(names)} player{'s' * (len(names) > 1)}, but "
                f"{len(columns)} column{'s are' if len(columns) > 1 else ' is'} filled in"
            ]
        )
    named = list(names) or [f"Player {k}" for k in columns]
    pad = AstraPad(
        tuple(
            PadColumn(
                name,
                tuple(_number(values.get(f"p{k}.{r}")) for r in ROWS),
                values.get(f"p{k}.total"),
            )
            for name, k in zip(named, columns, strict=True)
        )
    )
    return PadText(source, format_pad(pad, source), tuple(columns))


def _number(value: PadValue) -> int | str:
    return 0 if value is None else value


def score_text(record: PadText, path: str | None) -> PadResult:
    """Score ``record``: its problems said at ``path``'s lines when it was written there,
    else at the pad's cells."""
    where = path or record.source
    try:
        pad = parse_pad(record.text, where)
    except SourceError as exc:  # a --name that is no name
        if path is not None:
            raise
        raise PadError([f"{record.source}: {p.message}" for p in exc.problems]) from None
    try:
        return score_pad(pad, where)
    except SourceError as exc:
        if path is not None:
            raise
        raise PadError([_at_cell(record, pad, p) for p in exc.problems]) from None


def _at_cell(record: PadText, pad: AstraPad, problem: Problem) -> str:
    """``problem`` said at the pad cell that holds it."""
    for (index, row), (line, _) in pad.places.items():
        if line == problem.line and row != "name":
            cell = f"p{record.columns[index]}.{row}"
            return f"{record.source}: {cell_label(cell)}: {problem.message}"
    return f"{record.source}: {problem.message}"
