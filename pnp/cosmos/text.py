"""Every word Crafting the Cosmos prints, from ``data/cosmos/text/*.toml``.

Each file is a table of entries with one string per language (English for now: French
adds ``FR`` here and an ``fr`` string to every entry). An entry's key is the file's stem
and the entry's name: ``power.quasar.name`` is ``["quasar.name"]`` in ``power.toml``. A
file is read when one of its words is first wanted; a new file in the folder needs no
change here."""

from __future__ import annotations

import os
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING

from pnp.errors import Problem, SourceError
from pnp.system.paths import data_dir, data_file, read_data
from pnp.text.toml_spans import TomlChecker

if TYPE_CHECKING:
    from pathlib import Path


class Lang(Enum):
    EN = "en"


def text_folder() -> Path:
    return data_dir() / "cosmos" / "text"


def parse_text(source: str, path: str) -> dict[str, dict[str, str]]:
    """The entries of a text file, by name, or every problem in it as a ``SourceError``."""
    checker = TomlChecker(source, path, "cosmos.data", "cosmos.data")
    langs = tuple(lang.value for lang in Lang)
    entries: dict[str, dict[str, str]] = {}
    for name, entry in checker.data.items():
        if not checker.typed(entry, (name,), dict, f"[{name}] is a table of {', '.join(langs)}"):
            continue
        checker.unknown(entry, (name,), langs, f"[{name}]")
        for lang in langs:
            if lang not in entry:
                checker.say((name,), "cosmos.data", f"[{name}] has no {lang}", at_key=True)
            else:
                checker.get(entry, (name,), lang, str, "the words in quotes")
        entries[name] = {k: v for k, v in entry.items() if isinstance(v, str)}
    checker.problems.problems.sort(key=lambda p: (p.line, p.col))
    checker.problems.raise_if_any()
    return entries


@cache
def _file(stem: str) -> dict[str, dict[str, str]]:
    return parse_text(*read_data("cosmos", "text", f"{stem}.toml"))


def text(key: str, lang: Lang = Lang.EN) -> str:
    """The words for ``key`` (``"goals.proto-life.title"``) in ``lang``; a missing key is a
    bug (``KeyError``)."""
    stem, _, name = key.partition(".")
    return _file(stem)[name][lang.value]


def has(key: str) -> bool:
    stem, _, name = key.partition(".")
    return os.path.isfile(data_file("cosmos", "text", f"{stem}.toml")) and name in _file(stem)


def keys() -> tuple[str, ...]:
    """Every key of every file, each file's problems reported together."""
    found: list[str] = []
    problems: list[Problem] = []
    for path in sorted(text_folder().glob("*.toml")):
        try:
            found += [f"{path.stem}.{name}" for name in _file(path.stem)]
        except SourceError as exc:
            problems += exc.problems
    if problems:
        raise SourceError(problems)
    return tuple(found)
