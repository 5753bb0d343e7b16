"""Hostile game records: any text is scored or refused with our problems, never a
traceback, and a record written back by ``format_record`` reads the same."""

from __future__ import annotations

import os
import re
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cosmos.content import goal
from pnp.cosmos.record import GoalRecord, PlayerRecord, Points, Record
from pnp.cosmos.record_file import format_record, parse_record
from pnp.errors import SourceError
from pnp.score.cosmos import cosmos_json, format_cosmos, score_record
from tests.test_cosmos_score import BASE, EXAMPLE

FUZZ = settings(
    max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")),
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_HOSTILE = [
    '"',
    "'",
    "'''",
    "\\",
    "[",
    "]]",
    "{",
    "}",
    "=",
    ",",
    "#",
    "\n[[player]]\n",
    "\n[[goal]]\n",
    "\n[player]\n",
    "-1",
    "1e9",
    "9" * 5000,
    "\x00",
    "\ufeff",
    "\r\n",
    "x = 1\n",
    "players = []\n",
    'id = "supernovae"\n',
    "advanced-life = [8, 8, 8, 8, 8]\n",
    "Dan = 3, ",
]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from([BASE, EXAMPLE.read_text(encoding="utf-8")]))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "hostile", "repeat", "digit"]))
        if kind == "insert":
            text = text[:at] + draw(st.text(max_size=8)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[draw(st.integers(at, min(len(text), at + 40))) :]
        elif kind == "hostile":
            text = text[:at] + draw(st.sampled_from(_HOSTILE)) + text[at:]
        elif kind == "digit":  # another number where a number is
            digits = [m.start() for m in re.finditer(r"\d", text)]
            if digits:
                i = draw(st.sampled_from(digits))
                text = text[:i] + str(draw(st.integers(0, 99))) + text[i + 1 :]
        else:  # a line repeated: goals, players, values
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at) + 1 or len(text)
            text = text[:start] + text[start:end] * draw(st.integers(2, 50)) + text[end:]
    return text


@FUZZ
@given(_mutated())
def test_any_record_is_scored_or_refused(text: str) -> None:
    try:
        record = parse_record(text, "fuzz.toml")
    except SourceError as exc:
        assert exc.problems
        assert all(p.line >= 1 and p.col >= 1 for p in exc.problems)
        assert all(
            re.search(r"\[cosmos\.score\.[a-z0-9-]+\]$|expected", p.message) for p in exc.problems
        )
        return
    result = score_record(record)
    assert format_cosmos(result)
    assert cosmos_json(result)["winners"]
    assert parse_record(format_record(record), "again.toml") == record


@FUZZ
@given(
    st.lists(st.tuples(st.integers(0, 60), st.integers(0, 9_999)), min_size=2, max_size=4),
    st.lists(st.sampled_from(["proto-life", "supernovae", "star-group"]), unique=True),
    st.data(),
)
def test_records_written_back_read_the_same(
    players: list[tuple[int, int]], ids: list[str], data: st.DataObject
) -> None:
    names = [f"Player {i}" if i % 2 else f'P"{i}' for i in range(len(players))]
    record = Record(
        tuple(
            PlayerRecord(n, Points(nebulae=p), (), c)
            for n, (c, p) in zip(names, players, strict=True)
        ),
        tuple(
            GoalRecord(goal(g), tuple(data.draw(st.integers(0, 999)) for _ in names)) for g in ids
        ),
    )
    assert parse_record(format_record(record), "game.toml") == record
