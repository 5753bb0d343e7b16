"""Astra's 48 constellation cards, read from ``data/astra/constellations.json``.

``scripts/derive_astra.py`` makes that file from the real sky; this module only reads it.
A card is found by its English or French name or its key, in any case and with or
without accents: ``constellation("grande ourse")``, ``constellation("Bootes")``."""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from pnp.astra.model import Boon, BoonKind, Constellation, Element, Star, StarKind
from pnp.errors import PnpError, Problem, SourceError, close_matches
from pnp.parsing import shown
from pnp.paths import data_dir


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


def parse_constellations(text: str, path: str) -> tuple[Constellation, ...]:
    """The cards in a ``constellations.json`` text, sorted by English name."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError([Problem(path, exc.lineno, exc.colno, exc.msg)]) from None
    except ValueError:  # a number too long for Python: json's bare ValueError
        raise SourceError([Problem(path, 1, 1, "a number over 4,300 digits long")]) from None
    try:
        cards = [_card(record) for record in data["constellations"]]
    except (KeyError, TypeError, ValueError) as exc:
        message = f"not a constellation file ({type(exc).__name__}: {exc})"
        raise SourceError([Problem(path, 1, 1, message)]) from None
    return tuple(sorted(cards, key=lambda c: (fold(c.name), c.key)))


@cache
def constellations() -> tuple[Constellation, ...]:
    """The 48 cards, sorted by English name."""
    path = constellations_path()
    return parse_constellations(path.read_text(encoding="utf-8"), str(path))


@cache
def _index() -> dict[str, Constellation]:
    index: dict[str, Constellation] = {}
    for c in constellations():
        for name in (c.key, c.name, c.name_fr):
            other = index.setdefault(fold(name), c)
            if other is not c:
                raise ValueError(f"{name!r} names both {other.name} and {c.name}")
    return index


def constellation(name: str) -> Constellation:
    """The card named ``name`` (English or French name, or key; any case; accents
    optional), or an ``UnknownConstellationError`` suggesting names that start with it
    or are spelled alike."""
    found = _index().get(fold(name))
    if found is not None:
        return found
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
