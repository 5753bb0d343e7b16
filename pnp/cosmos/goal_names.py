"""The universal goals by the names players read and say: a goal's id, its card's title
(``Star cluster`` is ``star-group``) or another of its names in
``data/cosmos/text/goals.toml`` (``<id>.aliases``), in any case, with spaces, hyphens
and underscores alike. A name that is none of them gets the closest goals, best first.
The titles are read only for a name that is no id."""

from __future__ import annotations

from functools import cache

from pnp.cosmos.content import goals
from pnp.cosmos.model import Goal
from pnp.cosmos.text import Lang, has, text
from pnp.errors import close_matches


def fold(name: str) -> str:
    """A name as goals are looked up: ``"Star-Cluster "`` is ``"star cluster"``."""
    return " ".join(name.casefold().replace("-", " ").replace("_", " ").split())


def names(goal: Goal, lang: Lang = Lang.EN) -> tuple[str, ...]:
    """Every name of ``goal``: its id, its title, then its other names."""
    key = f"goals.{goal.id}.aliases"
    others = [a.strip() for a in text(key, lang).split(",")] if has(key) else []
    return (goal.id, goal.title(lang), *(a for a in others if a))


@cache
def _by_name() -> dict[str, Goal]:
    return {fold(n): g for g in goals() for lang in Lang for n in names(g, lang)}


def goal_named(name: str) -> Goal | None:
    """The goal ``name`` names, or None."""
    for goal in goals():
        if goal.id == name:
            return goal
    return _by_name().get(fold(name))


def closest(name: str, n: int = 3) -> list[Goal]:
    """The goals whose names are closest to ``name``, best first."""
    found: list[Goal] = []
    for near in close_matches(fold(name), _by_name(), n=4 * n):
        goal = _by_name()[near]
        if goal not in found:
            found.append(goal)
    return found[:n]
