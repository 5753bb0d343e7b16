"""Hostile end-of-game files: TOML spans find every key and value where it was written,
and any file is scored or refused with our problems, never a traceback."""

from __future__ import annotations

import json
import os
import re
import tomllib
from datetime import timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.astra.endgame import parse_endgame
from pnp.errors import SourceError
from pnp.score.astra import astra_json, format_astra, score_endgame
from pnp.text.toml_spans import Key, TomlSpans
from tests.test_astra_score import BASE, EXAMPLES

FUZZ = settings(
    max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")),
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=8)
_SCALARS = (
    st.integers(-(10**6), 10**6)
    | st.booleans()
    | _TEXT
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8,
)


class _Writer:
    """TOML text for a document, noting where it writes each key and value."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw
        self.text = ""
        self.keys: dict[Key, int] = {}
        self.values: dict[Key, int] = {}

    def key(self, path: Key) -> None:
        self.keys[path] = len(self.text)
        name = str(path[-1])
        bare = re.fullmatch(r"[A-Za-z0-9_-]+", name) and self.draw(st.booleans())
        self.text += name if bare else json.dumps(name, ensure_ascii=False)

    def value(self, path: Key, value: object) -> None:
        self.values[path] = len(self.text)
        space = self.draw(st.sampled_from(["", " ", "\n  ", "  # note\n"]))
        if isinstance(value, list):
            self.text += "["
            for i, item in enumerate(value):
                self.text += space
                self.value((*path, i), item)
                self.text += ","
            self.text += space + "]"
        elif isinstance(value, dict):
            self.text += "{"
            for i, (name, item) in enumerate(value.items()):
                self.text += ", " if i else " "
                self.pair((*path, name), item)
            self.text += " }"
        elif isinstance(value, str):
            literal = "'" not in value and self.draw(st.booleans())
            self.text += f"'{value}'" if literal else json.dumps(value, ensure_ascii=False)
        else:
            self.text += json.dumps(value)

    def pair(self, path: Key, value: object) -> None:
        self.key(path)
        self.text += self.draw(st.sampled_from(["=", " = ", "\t=  "]))
        self.value(path, value)


@st.composite
def _documents(draw: st.DrawFn) -> tuple[dict[str, Any], _Writer]:
    pairs = draw(st.dictionaries(_TEXT, _VALUES, max_size=3))
    tables = draw(st.dictionaries(_TEXT, st.dictionaries(_TEXT, _VALUES, max_size=3), max_size=2))
    entries = st.lists(st.dictionaries(_TEXT, _SCALARS, max_size=2), min_size=1, max_size=2)
    arrays = draw(st.dictionaries(_TEXT, entries, max_size=2))
    tables = {k: v for k, v in tables.items() if k not in pairs}
    arrays = {k: v for k, v in arrays.items() if k not in pairs and k not in tables}
    out = _Writer(draw)
    for name, value in pairs.items():
        out.pair((name,), value)
        out.text += "  # a comment\n"
    headed: list[tuple[Key, str, dict[str, Any]]] = [
        ((name,), "[{}]", table) for name, table in tables.items()
    ]
    headed += [((name, i), "[[{}]]", t) for name, ts in arrays.items() for i, t in enumerate(ts)]
    for path, header, table in headed:
        out.text += "\n"
        out.keys[path] = len(out.text)
        out.text += header.format(json.dumps(path[0], ensure_ascii=False)) + " # header\n"
        for key, value in table.items():
            out.pair((*path, key), value)
            out.text += "\n"
    return {**pairs, **tables, **arrays}, out


@FUZZ
@given(_documents())
def test_toml_spans_find_every_key_and_value_where_it_was_written(
    document: tuple[dict[str, Any], _Writer],
) -> None:
    data, written = document
    assert tomllib.loads(written.text) == data
    spans = TomlSpans(written.text)
    assert spans.keys == written.keys
    assert spans.values == written.values


_HOSTILE = [
    '"',
    "'",
    "'''",
    '"""',
    "\\",
    "[",
    "]]",
    "{",
    "}",
    "=",
    ",",
    "#",
    "\n[[player]]\n",
    "\n[board]\n",
    "\n[player]\n",
    ":exhausted",
    ":",
    "+",
    "Taureau",
    "grande ourse",
    "-1",
    "1e9",
    "9" * 5000,
    "\x00",
    "\ufeff",
    "\r\n",
    "x = 1\n",
    "players = []\n",
    "telescopes = 3\n",
]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    seeds = [BASE, *(p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("astra-*.toml")))]
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "hostile", "repeat"]))
        if kind == "insert":
            text = text[:at] + draw(st.text(max_size=8)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[draw(st.integers(at, min(len(text), at + 40))) :]
        elif kind == "hostile":
            text = text[:at] + draw(st.sampled_from(_HOSTILE)) + text[at:]
        else:  # a line repeated: players, cards, board cards
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at) + 1 or len(text)
            text = text[:start] + text[start:end] * draw(st.integers(2, 300)) + text[end:]
    return text


@FUZZ
@given(_mutated())
def test_any_end_of_game_file_is_scored_or_refused(text: str) -> None:
    try:
        game = parse_endgame(text, "fuzz.toml")
    except SourceError as exc:
        assert all(p.line >= 1 and p.col >= 1 for p in exc.problems)
        return
    result = score_endgame(game)
    assert format_astra(result)
    assert astra_json(result)["winners"]
