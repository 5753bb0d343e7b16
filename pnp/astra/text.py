"""Every word Astra prints, in English and French, from ``data/astra/text/*.toml``.

Each file is a table of entries with ``en`` and ``fr`` strings; an entry's key is the
file's stem and the entry's name: ``terms.stardust`` is ``[stardust]`` in ``terms.toml``.
French terms follow the French rulebook (seed 004)."""

from __future__ import annotations

from enum import Enum
from functools import cache

from pnp.errors import Problem, SourceError
from pnp.parsing import parse_toml
from pnp.paths import data_dir


class Lang(Enum):
    EN = "en"
    FR = "fr"


@cache
def _entries() -> dict[str, dict[str, str]]:
    entries: dict[str, dict[str, str]] = {}
    problems: list[Problem] = []
    for path in sorted((data_dir() / "astra" / "text").glob("*.toml")):
        try:
            tables = parse_toml(path.read_text(encoding="utf-8"), str(path))
        except SourceError as exc:
            problems += exc.problems
            continue
        for name, entry in tables.items():
            langs = {lang.value for lang in Lang}
            if not isinstance(entry, dict) or set(entry) != langs:
                problems.append(
                    Problem(str(path), 1, 1, f"[{name}] needs exactly the keys en and fr")
                )
                continue
            entries[f"{path.stem}.{name}"] = {k: str(v) for k, v in entry.items()}
    if problems:
        raise SourceError(problems)
    return entries


def text(key: str, lang: Lang) -> str:
    """The words for ``key`` (``"terms.fame"``) in ``lang``; a missing key is a bug."""
    return _entries()[key][lang.value]


def keys() -> tuple[str, ...]:
    return tuple(_entries())
