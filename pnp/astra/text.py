"""Every word Astra prints, in English and French, from ``data/astra/text/*.toml``.

Each file is a table of entries with ``en`` and ``fr`` strings; an entry's key is the
file's stem and the entry's name: ``terms.stardust`` is ``[stardust]`` in ``terms.toml``.
French terms follow the French rulebook (seed 004). A file is read when one of its words
is first wanted, so a command reads only the files it prints from."""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import TYPE_CHECKING

from pnp.errors import Problem, SourceError
from pnp.system.paths import data_dir, read_data
from pnp.text.parsing import parse_toml

if TYPE_CHECKING:
    from pathlib import Path


class Lang(Enum):
    EN = "en"
    FR = "fr"


def _folder() -> Path:
    return data_dir() / "astra" / "text"


@cache
def _file(stem: str) -> dict[str, dict[str, str]]:
    """The entries of ``stem.toml``, by name."""
    source, path = read_data("astra", "text", f"{stem}.toml")
    tables = parse_toml(source, path)
    entries: dict[str, dict[str, str]] = {}
    problems: list[Problem] = []
    langs = {lang.value for lang in Lang}
    for name, entry in tables.items():
        if not isinstance(entry, dict) or set(entry) != langs:
            problems.append(Problem(path, 1, 1, f"[{name}] needs exactly the keys en and fr"))
            continue
        entries[name] = {k: str(v) for k, v in entry.items()}
    if problems:
        raise SourceError(problems)
    return entries


def text(key: str, lang: Lang) -> str:
    """The words for ``key`` (``"terms.fame"``) in ``lang``; a missing key is a bug."""
    stem, _, name = key.partition(".")
    return _file(stem)[name][lang.value]


def has(key: str) -> bool:
    """Whether ``key`` has words (reads only its own file)."""
    stem, _, name = key.partition(".")
    return name in _file(stem)


def keys() -> tuple[str, ...]:
    """Every key of every file, each file's problems reported together."""
    found: list[str] = []
    problems: list[Problem] = []
    for path in sorted(_folder().glob("*.toml")):
        try:
            found += [f"{path.stem}.{name}" for name in _file(path.stem)]
        except SourceError as exc:
            problems += exc.problems
    if problems:
        raise SourceError(problems)
    return tuple(found)
