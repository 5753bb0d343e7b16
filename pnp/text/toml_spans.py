"""Reading TOML with every problem at its line and column: ``TomlSpans`` finds where
each key and value starts (tomllib gives no positions), ``TomlChecker`` reports wrong
types and unknown keys there. Nothing here knows a game."""

from __future__ import annotations

import bisect
import re
import tomllib
from collections.abc import Mapping
from typing import Any

from pnp.errors import ProblemCollector, close_matches, shown
from pnp.text.parsing import parse_toml

Key = tuple[str | int, ...]  # a path into the TOML document: ("player", 0, "fame")

# Compiled when spans are first wanted (re keeps them): most runs never want them.
_ATOM = r"[^\s,\]}#]*"  # a number, a boolean or a date
_BARE = r"[A-Za-z0-9_-]*"
_BLANK = r"(?:[ \t\r]+|#[^\n]*)*"
_BLANK_LINES = r"(?:[ \t\r\n]+|#[^\n]*)*"


class TomlSpans:
    """Where each key and value of a TOML text starts: tomllib gives no positions. The
    text is valid TOML (tomllib has read it), so this only follows its structure."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.keys: dict[Key, int] = {}  # a key, or a table's header
        self.values: dict[Key, int] = {}  # a value, or an element of an array
        self._arrays: dict[Key, int] = {}  # [[array]] tables: entries so far
        self._lines = [0, *(m.end() for m in re.finditer("\n", text))]
        self._document()

    def where(self, key: Key, at_key: bool = False) -> tuple[int, int]:
        """The 1-based line and column of the value at ``key`` (or of the key itself),
        else of the nearest table or value holding it."""
        while key:
            for found in (self.keys, self.values) if at_key else (self.values, self.keys):
                if key in found:
                    offset = found[key]
                    line = bisect.bisect_right(self._lines, offset)
                    return line, offset - self._lines[line - 1] + 1
            key = key[:-1]
        return 1, 1

    def _peek(self) -> str:
        return self.text[self.i : self.i + 1]

    def _skip(self, newlines: bool = False) -> int:
        """Past blanks and comments (and line ends if ``newlines``)."""
        match = re.compile(_BLANK_LINES if newlines else _BLANK).match(self.text, self.i)
        assert match is not None
        self.i = match.end()
        return self.i

    def _document(self) -> None:
        table: Key = ()
        while self._skip(newlines=True) < len(self.text):
            start = self.i
            if self.text.startswith("[[", start):
                self.i += 2
                path = self._key()
                path = (*self._resolve(path[:-1]), *path[-1:])
                self._arrays[path] = self._arrays.get(path, 0) + 1
                table = (*path, self._arrays[path] - 1)
            elif self.text[start] == "[":
                self.i += 1
                path = self._key()
                table = (*self._resolve(path[:-1]), *path[-1:])
            else:
                self._pair(table)
                self.i = max(self.i, start + 1)
                continue
            self.keys.setdefault(table, start)
            while self._skip() < len(self.text) and self.text[self.i] == "]":
                self.i += 1

    def _resolve(self, path: Key) -> Key:
        """A table header's path, through the last entry of each [[array]] on it."""
        out: list[str | int] = []
        for part in path:
            out.append(part)
            if tuple(out) in self._arrays:
                out.append(self._arrays[tuple(out)] - 1)
        return tuple(out)

    def _key(self) -> Key:
        parts: list[str | int] = []
        while True:
            self._skip()
            if self._peek() in ("'", '"'):
                start = self.i
                self._string()
                raw = self.text[start : self.i]
                if "\\" in raw:  # escapes: let tomllib read them
                    parts.append(tomllib.loads(f"k = {raw}")["k"])
                else:
                    parts.append(raw[1:-1])
            else:
                match = re.compile(_BARE).match(self.text, self.i)
                assert match is not None
                parts.append(match.group())
                self.i = match.end()
            self._skip()
            if self._peek() != ".":
                return tuple(parts)
            self.i += 1

    def _pair(self, table: Key) -> None:
        start = self.i
        key = (*table, *self._key())
        self.keys[key] = start
        if self._peek() == "=":
            self.i += 1
        self._skip()
        self._value(key)

    def _value(self, key: Key) -> None:
        text = self.text
        self.values[key] = self.i
        opening = self._peek()
        if opening in ("[", "{"):
            self.i += 1
            n = 0
            while self._skip(newlines=True) < len(text) and text[self.i] not in "]}":
                before = self.i
                if opening == "[":
                    self._value((*key, n))
                    n += 1
                else:
                    self._pair(key)
                if self._skip(newlines=True) < len(text) and text[self.i] == ",":
                    self.i += 1
                self.i = max(self.i, before + 1)
            self.i += 1
        elif opening in ("'", '"'):
            self._string()
        else:
            match = re.compile(_ATOM).match(text, self.i)
            assert match is not None
            self.i = max(match.end(), self.i + 1)

    def _string(self) -> None:
        text, start = self.text, self.i
        quote = next(q for q in ('"""', "'''", '"', "'") if text.startswith(q, start))
        end = start + len(quote)
        while True:
            end = text.find(quote, end)
            if end < 0:
                self.i = len(text)
                return
            slash = end
            while quote[0] == '"' and text[slash - 1] == "\\":
                slash -= 1
            if (end - slash) % 2 == 0:
                break
            end += 1
        end += len(quote)
        # A multi-line string may end with one or two quotes of its own before its closing three.
        for _ in range(2 if len(quote) == 3 else 0):
            if text.startswith(quote[0], end):
                end += 1
        self.i = end

    def where_in(self, key: Key, index: int) -> tuple[int, int]:
        """The line and column of character ``index`` of the string at ``key``, when
        the string is written on one line without escapes before it; else of the string."""
        offset = self.values.get(key)
        if offset is None or self.text[offset : offset + 1] not in ("'", '"'):
            return self.where(key)
        before = self.text[offset + 1 : offset + 1 + index]
        quote = self.text[offset]
        if self.text.startswith(quote * 3, offset) or any(c in before for c in f"\\\n{quote}"):
            return self.where(key)
        line, col = self.where(key)
        return line, col + 1 + index


_KINDS = {
    bool: "true or false",
    int: "a whole number",
    float: "a decimal number",
    str: "text",
    list: "a list",
    dict: "a table",
}


def kind_of(value: object) -> str:
    """What a TOML value is, in a player's words."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return "a list of tables"
    return _KINDS.get(type(value), "a date or time")


class TomlChecker:
    """A TOML document, its problems collected at the line and column of their key or
    value, each message ending with a rule id."""

    def __init__(
        self,
        text: str,
        path: str,
        key_rule: str,
        type_rule: str,
        wants: Mapping[str, type] | None = None,
    ) -> None:
        """``wants``: the type of some keys' values (a list's: its elements'), for the
        message about a bare word written as one."""
        self.key_rule, self.type_rule = key_rule, type_rule
        self.text = text.removeprefix("\ufeff")
        self.data = parse_toml(self.text, path, rule=type_rule, wants=wants)
        self._spans: TomlSpans | None = None
        self.problems = ProblemCollector(path)

    @property
    def spans(self) -> TomlSpans:
        """Where each key and value starts, worked out when first asked: a file without
        problems (our own data, most records) never needs it."""
        if self._spans is None:
            self._spans = TomlSpans(self.text)
        return self._spans

    def say(self, key: Key, rule: str, message: str, at_key: bool = False) -> None:
        self.problems.add(*self.spans.where(key, at_key), f"{message} [{rule}]")

    def typed(self, value: object, key: Key, kind: type, what: str) -> bool:
        """Whether ``value`` is a ``kind`` (a bool is no int); if not, ``what`` it should be
        is a problem."""
        if isinstance(value, kind) and not isinstance(value, bool):
            return True
        self.say(key, self.type_rule, f"{what}, not {kind_of(value)}")
        return False

    def get(self, table: dict[str, Any], at: Key, name: str, kind: type, what: str) -> Any:
        """``table[name]`` if it is there and a ``kind``, else None."""
        if name in table and self.typed(table[name], (*at, name), kind, f"{name} is {what}"):
            return table[name]
        return None

    def unknown(
        self, table: dict[str, Any], at: Key, expected: tuple[str, ...], where: str
    ) -> None:
        """Every key of ``table`` not ``expected`` is a problem (a typo is no key)."""
        for name in table:
            if name not in expected:
                close = close_matches(name, expected, n=1)
                hint = f"did you mean {close[0]!r}?" if close else f"expected {', '.join(expected)}"
                message = f"unknown key {shown(name)} in {where}; {hint}"
                self.say((*at, name), self.key_rule, message, at_key=True)
