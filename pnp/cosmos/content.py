"""Reading Crafting the Cosmos's content from ``data/cosmos/*.toml`` into the frozen
values of ``pnp.cosmos.model``. Each ``parse_<file>(text, path)`` checks its file's
shape and reports every problem at once at its line and column (a ``SourceError``);
``goals()``, ``energy_deck()``, ``main_board()``, ``player_board()``, ``advanced_life()``,
``setup()`` and ``tokens()`` read the shipped files once (the power cards are
``pnp.cosmos.power_content``'s)."""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Any, TypeVar

from pnp.cosmos.model import (
    AdvancedLife,
    Control,
    EachPlayer,
    EnergyType,
    Goal,
    GoalCount,
    MainBoard,
    PlayerBoard,
    PlayerCount,
    Resource,
    Reward,
    Sector,
    Setup,
    Star,
    Tokens,
)
from pnp.errors import shown
from pnp.system.paths import read_data
from pnp.text.toml_spans import Key, TomlChecker

RULE = "cosmos.data"  # a content file out of shape: a bug in our data, not a user's
_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
E = TypeVar("E", bound=Enum)
T = TypeVar("T")


class ContentReader(TomlChecker):
    def __init__(self, text: str, path: str) -> None:
        super().__init__(text, path, RULE, RULE)

    def keys(
        self, table: dict[str, Any], at: Key, required: tuple[str, ...], *optional: str
    ) -> None:
        where = "the file" if not at else f"[{'.'.join(str(k) for k in at)}]"
        if len(at) == 2 and isinstance(at[1], int):
            where = f"[[{at[0]}]] #{at[1] + 1}"
        self.unknown(table, at, (*required, *optional), where)
        for key in required:
            if key not in table:
                self.say(at, RULE, f"{where} has no {key}", at_key=True)

    def table(self, parent: dict[str, Any], at: Key, key: str) -> dict[str, Any]:
        value = parent.get(key, {})
        return value if self.typed(value, (*at, key), dict, f"{key} is a table") else {}

    def tables(self, parent: dict[str, Any], key: str) -> list[tuple[Key, dict[str, Any]]]:
        """The [[key]] tables of ``parent`` (the file), each with its path."""
        value = parent.get(key, [])
        if not self.typed(value, (key,), list, f"{key} is a list of [[{key}]] tables"):
            return []
        return [
            ((key, i), t) for i, t in enumerate(value) if self.typed(t, (key, i), dict, "a table")
        ]

    def whole(
        self,
        table: dict[str, Any],
        at: Key,
        key: str,
        low: int = 0,
        high: int = 999,
        default: int = 0,
    ) -> int:
        if key not in table:
            return default
        value = table[key]
        if not self.typed(value, (*at, key), int, f"{key} is a whole number"):
            return default
        if not low <= value <= high:
            self.say((*at, key), RULE, f"{key} is {low} to {high}, not {value}")
            return default
        return int(value)

    def wholes(
        self, table: dict[str, Any], at: Key, key: str, low: int, high: int
    ) -> tuple[int, ...]:
        value = table.get(key, [])
        if not self.typed(value, (*at, key), list, f"{key} is a list of whole numbers"):
            return ()
        found = []
        for i, n in enumerate(value):
            if self.typed(n, (*at, key, i), int, "a whole number"):
                if low <= n <= high:
                    found.append(int(n))
                else:
                    self.say((*at, key, i), RULE, f"{low} to {high}, not {n}")
        return tuple(found)

    def choice(self, table: dict[str, Any], at: Key, key: str, kind: type[E], default: E) -> E:
        value = table.get(key)
        if value is None:
            return default
        try:
            return kind(value)
        except ValueError:
            expected = ", ".join(str(e.value) for e in kind)
            self.say((*at, key), RULE, f"{key} is one of {expected}, not {value!r}")
            return default

    def flag(self, table: dict[str, Any], at: Key, key: str) -> bool:
        value = table.get(key, False)
        if not isinstance(value, bool):
            self.say((*at, key), RULE, f"{key} is true or false")
            return False
        return value

    def ident(self, table: dict[str, Any], at: Key, seen: set[str]) -> str:
        value = table.get("id", "")
        if not isinstance(value, str) or not _ID.fullmatch(value):
            self.say(
                (*at, "id"), RULE, f"an id is lower-case words joined by hyphens, not {value!r}"
            )
        elif value in seen:
            self.say((*at, "id"), RULE, f"id {shown(value)} is listed twice")
        seen.add(str(value))
        return str(value)

    def done(self, value: T) -> T:
        self.problems.problems.sort(key=lambda p: (p.line, p.col))
        self.problems.raise_if_any()
        return value


def parse_goals(text: str, path: str) -> tuple[Goal, ...]:
    r = ContentReader(text, path)
    r.keys(r.data, (), ("goal",))
    seen: set[str] = set()
    found = []
    for at, t in r.tables(r.data, "goal"):
        r.keys(t, at, ("id", "count"), "sector", "star", "size")
        count = r.choice(t, at, "count", GoalCount, GoalCount.PROTO_LIFE)
        wants = {
            GoalCount.LIFE: "sector",
            GoalCount.NEBULA_SIZES: "sector",
            GoalCount.STARS: "star",
            GoalCount.NEBULAE: "size",
        }.get(count)
        for key in ("sector", "star", "size"):
            if (key in t) != (key == wants):
                needs = "needs" if key == wants else "takes no"
                r.say(at, RULE, f"a {count.value} goal {needs} {key}", at_key=True)
        sector = r.choice(t, at, "sector", Sector, Sector.DELTA) if "sector" in t else None
        star = r.choice(t, at, "star", Star, Star.H) if "star" in t else None
        size = r.whole(t, at, "size", 1, 3) if "size" in t else None
        found.append(Goal(r.ident(t, at, seen), count, sector, star, size))
    return r.done(tuple(found))


def parse_energy(text: str, path: str) -> tuple[EnergyType, ...]:
    """The energy deck, each card by its type, in clockwise type order."""
    r = ContentReader(text, path)
    r.keys(r.data, (), ("deck",))
    deck = r.table(r.data, (), "deck")
    r.keys(deck, ("deck",), tuple(t.value for t in EnergyType))
    cards = [t for t in EnergyType for _ in range(r.whole(deck, ("deck",), t.value, 0, 99))]
    return r.done(tuple(cards))


def _reward(r: ContentReader, value: object, at: Key) -> Reward:
    if not r.typed(value, at, dict, "a reward is { gain = …, n = … }"):
        return Reward(Resource.H, 0)
    assert isinstance(value, dict)
    r.keys(value, at, ("gain", "n"))
    return Reward(r.choice(value, at, "gain", Resource, Resource.H), r.whole(value, at, "n", 1, 9))


def parse_main_board(text: str, path: str) -> MainBoard:
    r = ContentReader(text, path)
    r.keys(r.data, (), ("controls", "control", "energy", "goals"))
    controls = []
    for at, t in r.tables(r.data, "control"):
        r.keys(t, at, ("type", "active", "passive"))
        active = t.get("active", [])
        rewards: tuple[Reward, ...] = ()
        if r.typed(active, (*at, "active"), list, "active is a list of rewards"):
            rewards = tuple(_reward(r, a, (*at, "active", i)) for i, a in enumerate(active))
        controls.append(
            Control(
                r.choice(t, at, "type", EnergyType, EnergyType.LIGHT),
                rewards,
                _reward(r, t.get("passive"), (*at, "passive")),
            )
        )
    if [c.type for c in controls] != list(EnergyType):
        r.say(("control",), RULE, "the controls are light, time, gravity, chemistry in order")
    capacity = r.table(r.data, (), "controls")
    r.keys(capacity, ("controls",), ("capacity",))
    energy, goals = r.table(r.data, (), "energy"), r.table(r.data, (), "goals")
    r.keys(energy, ("energy",), ("display", "hand-limit", "set", "set-points"))
    r.keys(goals, ("goals",), ("per-game", "track", "placements"))
    e, g = ("energy",), ("goals",)
    return r.done(
        MainBoard(
            r.whole(capacity, ("controls",), "capacity", 1, 9),
            tuple(controls),
            r.whole(energy, e, "display"),
            r.whole(energy, e, "hand-limit"),
            r.whole(energy, e, "set"),
            r.whole(energy, e, "set-points"),
            r.whole(goals, g, "per-game", 1, 16),
            r.whole(goals, g, "track", 1, 9),
            r.wholes(goals, g, "placements", 1, 99),
        )
    )


def parse_player_board(text: str, path: str) -> PlayerBoard:
    r = ContentReader(text, path)
    r.keys(r.data, (), ("time-chamber", "sliders", "power-slots", "score-track"))
    chamber, sliders = r.table(r.data, (), "time-chamber"), r.table(r.data, (), "sliders")
    slots, score = r.table(r.data, (), "power-slots"), r.table(r.data, (), "score-track")
    r.keys(chamber, ("time-chamber",), ("top", "scoring"))
    r.keys(sliders, ("sliders",), ("tracks", "top"))
    r.keys(slots, ("power-slots",), ("costs",))
    r.keys(score, ("score-track",), ("top", "lap"))
    tracks = sliders.get("tracks", [])
    if tracks != ["supernova", "dna", "graviton"]:
        r.say(("sliders", "tracks"), RULE, 'tracks are ["supernova", "dna", "graviton"]')
    return r.done(
        PlayerBoard(
            r.whole(chamber, ("time-chamber",), "top", 1, 9),
            r.wholes(chamber, ("time-chamber",), "scoring", 1, 99),
            tuple(tracks),
            r.whole(sliders, ("sliders",), "top", 1, 99),
            r.wholes(slots, ("power-slots",), "costs", 1, 9),
            r.whole(score, ("score-track",), "top", 1, 999),
            r.whole(score, ("score-track",), "lap", 1, 999),
        )
    )


def parse_advanced_life(text: str, path: str) -> AdvancedLife:
    r = ContentReader(text, path)
    r.keys(r.data, (), ("per-player", "group"))
    groups: dict[int, tuple[int, ...]] = {}
    for at, t in r.tables(r.data, "group"):
        r.keys(t, at, ("number", "tokens"))
        values: list[int] = []
        tokens = t.get("tokens", [])
        if r.typed(tokens, (*at, "tokens"), list, "tokens is a list of { points, count }"):
            for i, token in enumerate(tokens):
                key = (*at, "tokens", i)
                if r.typed(token, key, dict, "a token kind is { points = …, count = … }"):
                    r.keys(token, key, ("points", "count"))
                    values += [r.whole(token, key, "points", 1, 99)] * r.whole(
                        token, key, "count", 1, 99
                    )
        groups[r.whole(t, at, "number", 1, 2)] = tuple(sorted(values, reverse=True))
    if sorted(groups) != [1, 2]:
        r.say(("group",), RULE, "there are two groups, numbered 1 and 2")
    per_player = r.whole(r.data, (), "per-player", 1, 9)
    return r.done(AdvancedLife(per_player, groups.get(1, ()), groups.get(2, ())))


def parse_setup(text: str, path: str) -> Setup:
    r = ContentReader(text, path)
    r.keys(r.data, (), ("players", "each"))
    counts = []
    for at, t in r.tables(r.data, "players"):
        r.keys(t, at, ("count", "time-crystals", "dark-energy", "pass-first"))
        counts.append(
            PlayerCount(
                r.whole(t, at, "count", 2, 4),
                r.whole(t, at, "time-crystals", 1, 99),
                r.whole(t, at, "dark-energy", 0, 9),
                r.flag(t, at, "pass-first"),
            )
        )
    if [c.players for c in counts] != [2, 3, 4]:
        r.say(("players",), RULE, "set-up is given for 2, 3 and 4 players, in that order")
    each, at = r.table(r.data, (), "each"), ("each",)
    numbers = ("time-crystal", "proto-life", "energy-cards", "power-tokens", "slider-tokens")
    r.keys(each, at, (*numbers, "nebulae", "center-star"))
    n = {key: r.whole(each, at, key, 0, 9) for key in numbers}
    return r.done(
        Setup(
            tuple(counts),
            EachPlayer(
                n["time-crystal"],
                r.wholes(each, at, "nebulae", 1, 3),
                n["proto-life"],
                r.choice(each, at, "center-star", Star, Star.H),
                n["energy-cards"],
                n["power-tokens"],
                n["slider-tokens"],
            ),
        )
    )


def parse_tokens(text: str, path: str) -> Tokens:
    r = ContentReader(text, path)
    r.keys(r.data, (), ("stars", "tokens"))
    stars, tokens = r.table(r.data, (), "stars"), r.table(r.data, (), "tokens")
    r.keys(stars, ("stars",), tuple(s.value for s in Star))
    star_counts = tuple((s, r.whole(stars, ("stars",), s.value, 1, 999)) for s in Star)
    counts = tuple((key, r.whole(tokens, ("tokens",), key, 1, 999)) for key in tokens)
    return r.done(Tokens(star_counts, counts))


def load(name: str, parse: Callable[[str, str], T]) -> T:
    """The shipped file ``data/cosmos/NAME`` read by ``parse``."""
    return parse(*read_data("cosmos", name))


@cache
def goals() -> tuple[Goal, ...]:
    """The 16 universal goals, in the seed's reference order."""
    return load("goals.toml", parse_goals)


def goal(ident: str) -> Goal:
    """The goal with id ``ident``; an unknown id is a ``KeyError``."""
    found = {g.id: g for g in goals()}
    return found[ident]


@cache
def energy_deck() -> tuple[EnergyType, ...]:
    return load("energy.toml", parse_energy)


@cache
def main_board() -> MainBoard:
    return load("main_board.toml", parse_main_board)


@cache
def player_board() -> PlayerBoard:
    return load("player_board.toml", parse_player_board)


@cache
def advanced_life() -> AdvancedLife:
    return load("advanced_life.toml", parse_advanced_life)


@cache
def setup() -> Setup:
    return load("setup.toml", parse_setup)


@cache
def tokens() -> Tokens:
    return load("tokens.toml", parse_tokens)
