"""Astra's 18 constellation abilities, read from ``data/astra/abilities.toml``.

Each of the 48 cards names one ability by id; the rulebook's 48 ability texts reduce to
these effects. ``timing`` says whether an ability resolves at once or holds for the rest
of the turn."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from pnp.astra.text import Lang
from pnp.errors import ProblemCollector
from pnp.system.paths import data_dir
from pnp.text.parsing import parse_toml

MAX_TEXT = 170  # characters: about four lines of 6.5 pt across a poker card
_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
_FIELDS = {"id", "effect", "amount", "timing", "en", "fr"}


class Timing(Enum):
    INSTANT = "instant"  # resolved when used, in the Ability phase
    THIS_TURN = "this-turn"  # holds for the rest of the turn


@dataclass(frozen=True)
class Ability:
    id: str  # what cards and game logs name: "stardust-4", "mark-any"
    effect: str  # what the engine does; the Stardust gifts share "stardust"
    amount: int  # how much, for "stardust"; 0 elsewhere
    timing: Timing
    text_en: str
    text_fr: str

    def text(self, lang: Lang) -> str:
        return self.text_fr if lang is Lang.FR else self.text_en


def abilities_path() -> Path:
    return data_dir() / "astra" / "abilities.toml"


def _record_lines(text: str) -> list[int]:
    """The 1-based line of each ``[[ability]]`` header, in order."""
    return [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == "[[ability]]"]


def _key_line(text: str, start: int, key: str) -> int:
    """The line of ``key = …`` in the record that starts at line ``start``."""
    lines = text.splitlines()
    for i in range(start, len(lines)):
        if lines[i].strip().startswith("[["):
            break
        if re.match(rf"\s*{re.escape(key)}\s*=", lines[i]):
            return i + 1
    return start


def parse_abilities(text: str, path: str) -> tuple[Ability, ...]:
    """The abilities in ``text``, or every problem in it as a ``SourceError``."""
    data = parse_toml(text, path)
    problems = ProblemCollector(path)
    records: Any = data.get("ability")
    if set(data) != {"ability"} or not isinstance(records, list):
        problems.add(1, 1, "expected only [[ability]] tables")
        problems.raise_if_any()
    starts = _record_lines(text)
    found: list[Ability] = []
    seen: set[str] = set()
    for n, record in enumerate(records):
        start = starts[n] if n < len(starts) else 1

        def bad(key: str, message: str, start: int = start) -> None:
            problems.add(_key_line(text, start, key), 1, message)

        if not isinstance(record, dict):
            bad("", "an ability must be a table")
            continue
        for key in sorted(set(record) - _FIELDS):
            bad(key, f"unknown key {key!r} (expected {', '.join(sorted(_FIELDS))})")
        missing = sorted({"id", "effect", "timing", "en", "fr"} - set(record))
        if missing:
            bad("", f"missing {', '.join(missing)}")
            continue
        ident, effect = record["id"], record["effect"]
        for key, value in (("id", ident), ("effect", effect)):
            if not isinstance(value, str) or not _ID.fullmatch(value):
                bad(key, f"{key} must be lower-case words joined by hyphens, not {value!r}")
        if isinstance(ident, str) and ident in seen:
            bad("id", f"ability {ident!r} is listed twice")
        seen.add(str(ident))
        amount = record.get("amount", 0)
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= 9:
            bad("amount", f"amount must be a whole number 0…9, not {amount!r}")
        if record["timing"] not in {t.value for t in Timing}:
            bad("timing", f"timing must be instant or this-turn, not {record['timing']!r}")
        for lang in ("en", "fr"):
            words = record[lang]
            if not isinstance(words, str) or not words.strip():
                bad(lang, f"{lang} must be a text")
            elif len(words) > MAX_TEXT:
                bad(lang, f"{lang} is {len(words)} characters; at most {MAX_TEXT} fit a card")
        if problems.problems:
            continue
        found.append(
            Ability(ident, effect, amount, Timing(record["timing"]), record["en"], record["fr"])
        )
    problems.raise_if_any()
    return tuple(found)


@cache
def abilities() -> tuple[Ability, ...]:
    path = abilities_path()
    return parse_abilities(path.read_text(encoding="utf-8"), str(path))


def ability(ident: str) -> Ability:
    """The ability with id ``ident``; an unknown id is a ``KeyError`` (a data bug)."""
    for a in abilities():
        if a.id == ident:
            return a
    raise KeyError(ident)
