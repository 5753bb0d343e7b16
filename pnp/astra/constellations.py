"""Astra's 48 constellation cards, read from ``data/astra/constellations.json``.

``scripts/derive_astra.py`` makes that file from the real sky; this module only reads it.
A card is found by its English or French name or its key, in any case and with or
without accents: ``constellation("grande ourse")``, ``constellation("Bootes")``."""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from typing import TYPE_CHECKING, Any

from pnp.astra.model import Boon, BoonKind, Constellation, Element, Star, StarKind
from pnp.errors import PnpError, Problem, SourceError, close_matches, shown
from pnp.system.paths import data_dir, read_data

if TYPE_CHECKING:
    from pathlib import Path


class UnknownConstellationError(PnpError):
    """A name that is none of the 48 cards' names or keys."""


def constellations_path() -> Path:
    return data_dir() / "astra" / "constellations.json"


def fold(name: str) -> str:
    """A name as lookups compare it: no accents, no case, hyphens and underscores as
    spaces, runs of spaces as one (``"Grande-Ourse"`` → ``"grande ourse"``)."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().replace("-", " ").replace("_", " ").split())


def _card(record: dict[str, Any]) -> Constellation:
    stars = tuple(
        Star(
            number=s["number"],
            x=float(s["x"]),
            y=float(s["y"]),
            magnitude=float(s["magnitude"]),
            label=s["label"],
            kind=StarKind(s["kind"]),
            hip=s["hip"],
        )
        for s in record["stars"]
    )
    if [s.number for s in stars] != list(range(1, len(stars) + 1)):
        raise ValueError(f"{record['key']}: stars are not numbered 1…{len(stars)} in order")
    return Constellation(
        key=record["key"],
        name=record["name"],
        name_fr=record["name_fr"],
        element=Element(record["element"]),
        fame=record["fame"],
        stars=stars,
        edges=tuple(sorted((min(a, b), max(a, b)) for a, b in record["edges"])),
        boons=tuple(Boon(BoonKind(b["kind"]), b["amount"]) for b in record["boons"]),
        ability=record["ability"],
    )


def _bad(path: str, exc: Exception) -> SourceError:
    message = f"not a constellation file ({type(exc).__name__}: {exc})"
    return SourceError([Problem(path, 1, 1, message)])


def _records(text: str, path: str) -> list[dict[str, Any]]:
    """The card records of a ``constellations.json`` text, sorted by English name."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError([Problem(path, exc.lineno, exc.colno, exc.msg)]) from None
    except ValueError:  # a number too long for Python: json's bare ValueError
        raise SourceError([Problem(path, 1, 1, "a number over 4,300 digits long")]) from None
    try:
        records: list[dict[str, Any]] = data["constellations"]
        for r in records:
            for field in ("key", "name", "name_fr"):
                if not isinstance(r[field], str):
                    raise TypeError(f"{field} is not a string")
        return sorted(records, key=lambda r: (fold(r["name"]), r["key"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise _bad(path, exc) from None


def _make(record: dict[str, Any], path: str) -> Constellation:
    try:
        return _card(record)
    except (KeyError, TypeError, ValueError) as exc:
        raise _bad(path, exc) from None


def parse_constellations(text: str, path: str) -> tuple[Constellation, ...]:
    """The cards in a ``constellations.json`` text, sorted by English name."""
    return tuple(_make(r, path) for r in _records(text, path))


@cache
def _shipped() -> tuple[list[dict[str, Any]], str]:
    text, path = read_data("astra", "constellations.json")
    return _records(text, path), path


@cache
def _built(i: int) -> Constellation:
    """The i-th card, made when first asked for: a score file names a dozen of the 48."""
    records, path = _shipped()
    return _make(records[i], path)


def deck_size() -> int:
    """How many cards there are (48), without making them."""
    return len(_shipped()[0])


@cache
def constellations() -> tuple[Constellation, ...]:
    """The 48 cards, sorted by English name."""
    return tuple(_built(i) for i in range(deck_size()))


@cache
def _index() -> dict[str, int]:
    index: dict[str, int] = {}
    records, _ = _shipped()
    for i, r in enumerate(records):
        for name in (r["key"], r["name"], r["name_fr"]):
            other = index.setdefault(fold(name), i)
            if other != i:
                raise ValueError(f"{name!r} names both {records[other]['name']} and {r['name']}")
    return index


def constellation(name: str) -> Constellation:
    """The card named ``name`` (English or French name, or key; any case; accents
    optional), or an ``UnknownConstellationError`` suggesting names that start with it
    or are spelled alike."""
    found = _index().get(fold(name))
    if found is not None:
        return _built(found)
    spelled = {fold(n): n for c in constellations() for n in (c.name, c.name_fr)}
    wanted = fold(name)
    starting = [f for f in spelled if len(wanted) >= 3 and f.startswith(wanted)]
    close = close_matches(wanted, list(spelled), n=3, cutoff=0.75)
    names = [spelled[f] for f in dict.fromkeys(starting + close)][:3]
    listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)
    hint = f"; did you mean {listed}?" if names else ";"
    raise UnknownConstellationError(
        f"unknown constellation {shown(name)}{hint} `pnp astra constellations` lists them"
    )
