"""The Star Charts objective cards, abilities and player aid, read from ``data/starcharts``.
The same records are printed and scored, so a printed kit always matches its scorer."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from pnp.errors import Problem, SourceError
from pnp.system.paths import read_data
from pnp.text.parsing import parse_toml


class Objective(NamedTuple):
    id: str
    name: str
    condition: str
    high: int
    low: int
    obstacles: bool = False  # only dealt with obstacle charts


class Ability(NamedTuple):
    id: str
    name: str
    text: str
    icon: str


class AidPoint(NamedTuple):
    text: str
    lead: str = ""  # printed bold before the text
    symbol: str = ""  # a chart cell symbol drawn before it (., *, A, - or |)


class AidSection(NamedTuple):
    heading: str
    points: tuple[AidPoint, ...]


def _load(name: str) -> tuple[str, dict[str, Any]]:
    text, path = read_data("starcharts", name)
    return path, parse_toml(text, path)


def _records(name: str, table: str, kind: type[Any]) -> tuple[Any, ...]:
    path, data = _load(name)
    try:
        return tuple(kind(**record) for record in data[table])
    except (KeyError, TypeError) as exc:
        raise SourceError([Problem(str(path), 1, 1, f"bad [[{table}]] record: {exc}")]) from None


@cache
def objectives() -> tuple[Objective, ...]:
    return tuple(_records("objectives.toml", "objective", Objective))


@cache
def abilities() -> tuple[Ability, ...]:
    return tuple(_records("abilities.toml", "ability", Ability))


def objective_by_id() -> dict[str, Objective]:
    return {o.id: o for o in objectives()}


@cache
def aid() -> tuple[str, tuple[AidSection, ...]]:
    _, data = _load("aid.toml")
    sections = tuple(
        AidSection(
            s["heading"],
            tuple(AidPoint(p) if isinstance(p, str) else AidPoint(**p) for p in s["points"]),
        )
        for s in data["section"]
    )
    return data["title"], sections
