"""A filled Crafting the Cosmos score pad (``pnp cosmos score-pad``), read from a photo
or a fillable PDF, turned into the counts-mode record a player would type, so the same
loader checks it. Values come by field name less the pad (``p2.nebulae``,
``order.proto_life``): a number, None for a blank comb, or ``?`` where the reader was not
sure; a ``?`` is written into the record as ``"?"`` and the loader stops there. The
record remembers which pad cell each of its values came from (``PadRecord.where``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.cosmos.content import goals
from pnp.cosmos.pad_rows import LIFE, life_values, player_rows, rows
from pnp.cosmos.record import SOURCES
from pnp.cosmos.record_file import UNREAD
from pnp.errors import PnpError, Problem

PadValue = int | str | None
Fields = tuple[tuple[int, str], ...]  # (first column, pad cell) along a line
_PLAYERS = 4  # columns on the pad
_ORDERS = range(1, 7)  # 6 goals are drawn, each scores at most once


class PadError(PnpError):
    """A pad whose numbers make no record: one line each, ``PAD.jpg: cell: why``."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = tuple(lines)
        super().__init__("\n".join(self.lines))


def _field(goal_id: str) -> str:
    return goal_id.replace("-", "_")


def cell_label(cell: str) -> str:
    """A pad cell as a person finds it on the paper: ``column 2, Nebulae completed …``."""
    labels = {r.name: r.label for r in rows() if r.name}
    head, _, name = cell.partition(".")
    if head == "order":
        return f"the order box of {labels.get(name, name)}"
    if name.startswith(f"{LIFE}_"):
        return f"column {head[1:]}, advanced life tokens showing {name.rsplit('_', 1)[1]}"
    return f"column {head[1:]}, {labels.get(name, name)}"


@dataclass(frozen=True)
class PadRecord:
    """The record's text, and for each of its lines the pad cell at each column."""

    source: str
    text: str
    origins: tuple[Fields, ...]  # line n's at index n - 1
    columns: tuple[int, ...]  # each player's column on the pad, seating order

    def where(self, problem: Problem) -> str:
        """``problem`` (found in the text) said at the pad cell that holds it."""
        line = problem.line
        fields = self.origins[line - 1] if 0 < line <= len(self.origins) else ()
        cell = ""
        for col, name in fields:
            if col <= problem.col or not cell:
                cell = name
        if not cell:
            return f"{self.source}: {problem.message}"
        return f"{self.source}: {cell_label(cell)}: {problem.message}"


def _value(v: PadValue) -> str:
    return json.dumps(UNREAD) if v == UNREAD else str(v or 0)


def _table(key: str, items: Sequence[tuple[str, PadValue, str]]) -> tuple[str, Fields]:
    """``key = { a = 1, b = 2 }`` and the cell of each value."""
    text, fields = f"{key} = {{", []
    for n, (name, value, cell) in enumerate(items):
        text += ("," if n else "") + f" {name} = "
        fields.append((len(text) + 1, cell))
        text += _value(value)
    return text + " }", tuple(fields)


def pad_record(values: Mapping[str, PadValue], names: Sequence[str], source: str) -> PadRecord:
    """The counts-mode record of the pad ``values`` read from ``source``; its players are
    the columns with anything written, named by ``names`` in turn or ``Player 1`` …."""
    columns = [
        k
        for k in range(1, _PLAYERS + 1)
        if any(values.get(f"p{k}.{r}") is not None for r in player_rows())
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
    quoted = [json.dumps(n, ensure_ascii=False) for n in named]
    problems: list[str] = []
    lines: list[tuple[str, Fields]] = [
        (f'# read from {source} by pnp; "?" is what was not read surely', ()),
        (f"players = [{', '.join(quoted)}]", ()),
    ]
    for goal_id, order in _goal_order(values, columns, source, problems):
        field = _field(goal_id)
        at: Fields = ((1, f"order.{field}"),)
        lines.append(("", ()))
        if order == UNREAD:
            note = "order not read surely: write its id, and put this [[goal]] where it scored"
            lines += [(f"[[goal]]  # {goal_id}: {note}", at), (f"id = {json.dumps(UNREAD)}", at)]
        else:
            lines += [("[[goal]]", at), (f'id = "{goal_id}"', at)]
        counts = [
            (q, values.get(f"p{k}.{field}"), f"p{k}.{field}")
            for q, k in zip(quoted, columns, strict=True)
        ]
        lines.append(_table("counts", counts))
    for q, k in zip(quoted, columns, strict=True):
        lines += _player(values, q, k)
    if problems:
        raise PadError(problems)
    text = "".join(t + "\n" for t, _ in lines)
    return PadRecord(source, text, tuple(f for _, f in lines), tuple(columns))


def total_problems(
    record: PadRecord, values: Mapping[str, PadValue], totals: Sequence[int]
) -> list[str]:
    """Where a total written on the pad is not what its numbers make (``totals``, the
    scorer's, seating order): a number misread, or added up wrong at the table."""
    problems = []
    for k, total in zip(record.columns, totals, strict=True):
        written = values.get(f"p{k}.total")
        if isinstance(written, int) and written != total:
            problems.append(
                f"{record.source}: {cell_label(f'p{k}.total')}: the pad says {written}, but its "
                f"numbers make {total}: look at the pad for a number misread or added up wrong"
            )
    return problems


def _goal_order(
    values: Mapping[str, PadValue], columns: list[int], source: str, problems: list[str]
) -> list[tuple[str, PadValue]]:
    """The goals that scored, by the order written in their boxes (those not read surely
    last), each with its order; the pad's contradictions added to ``problems``."""
    sure: dict[int, str] = {}
    titles: dict[int, str] = {}
    unsure: list[tuple[str, PadValue]] = []
    for goal in goals():
        field = _field(goal.id)
        order = values.get(f"order.{field}")
        counted = [k for k in columns if values.get(f"p{k}.{field}") is not None]
        where = f"{source}: {cell_label(f'order.{field}')}"
        if order is None:
            if counted:
                problems.append(
                    f"{where}: empty, but column {counted[0]} has a count for this goal: write "
                    "the order it scored in (1 to 6), or cross the counts out"
                )
        elif order == UNREAD:
            unsure.append((goal.id, order))
        elif not isinstance(order, int) or order not in _ORDERS:
            problems.append(f"{where}: {order} is no order a goal scores in (1 to 6)")
        elif order in sure:
            problems.append(
                f"{where}: {order} is also {titles[order]}'s order: each goal scores in its "
                "own turn"
            )
        else:
            sure[order] = goal.id
            titles[order] = goal.title()
    return [(sure[n], n) for n in sorted(sure)] + unsure


def _player(values: Mapping[str, PadValue], quoted: str, k: int) -> list[tuple[str, Fields]]:
    cell = f"p{k}."
    sources = [(s, values.get(cell + _field(s)), cell + _field(s)) for s in SOURCES]
    counts = {v: values.get(f"{cell}{LIFE}_{v}") for v in life_values()}
    if UNREAD in counts.values():
        first = next(v for v, c in counts.items() if c == UNREAD)
        life = (f"advanced-life = {json.dumps(UNREAD)}", ((1, f"{cell}{LIFE}_{first}"),))
    else:
        held = [str(v) for v, c in counts.items() for _ in range(int(c or 0))]
        life = (f"advanced-life = [{', '.join(held)}]", ((1, f"{cell}{LIFE}_{life_values()[0]}"),))
    cards = values.get(cell + "energy_cards")
    return [
        ("", ()),
        (f"[[player]]  # column {k} of the pad", ((1, f"{cell}nebulae"),)),
        (f"name = {quoted}", ((1, f"{cell}nebulae"),)),
        _table("points", sources),
        life,
        (f"energy-cards = {_value(cards)}", ((1, cell + "energy_cards"),)),
    ]
