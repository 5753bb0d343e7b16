"""A game record as a file (``pnp.cosmos.record``): ``parse_record`` reads one for
``pnp cosmos score``, checking everything the rules imply about its numbers (a
player's own: ``pnp.cosmos.record_player``) and reporting every problem at once at its
line and column; ``format_record`` writes one.
A galaxy (board mode, ``pnp.cosmos.board_record``) is read with the galaxy's geometry,
loaded only when a record gives one."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pnp.cosmos.content import main_board
from pnp.cosmos.goal_names import closest, goal_named
from pnp.cosmos.model import Goal
from pnp.cosmos.record import (
    GALAXY_KEYS,
    MAX_COUNT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SOURCES,
    GoalRecord,
    PlayerRecord,
    Record,
    check_stack,
    cross_check,
)
from pnp.cosmos.record_player import read_energy_cards, read_life, read_number, read_points
from pnp.errors import Problem, SourceError, close_matches, shown
from pnp.text.parsing import name_problem
from pnp.text.toml_spans import Key, TomlChecker

if TYPE_CHECKING:
    from pnp.cosmos.board import Board

_BARE = re.compile(r"[A-Za-z0-9_-]+\Z")
RULES: dict[str, str] = {
    "cosmos.score.key": "the file has the format's keys and no others (a typo is no key)",
    "cosmos.score.type": "each value has its type: a whole number, a name, a list, a table",
    "cosmos.score.players": "2 to 4 players, each named once in players and in one [[player]]",
    "cosmos.score.range": "amounts and points are 0 or more (up to 999 and 9,999)",
    "cosmos.score.goal": "a goal is one of the 16 universal goals, by its id or card title",
    "cosmos.score.goal-once": "each universal goal scores at most once",
    "cosmos.score.goals": "at most 6 goals score: 6 are drawn at set-up",
    "cosmos.score.counts": "each goal's counts name every player of the game once",
    "cosmos.score.time-chamber": "time chamber points add 3, 6, 10, 15, 21 from the first",
    "cosmos.score.card-sets": "card-set points come 6 at a time (5 matching energy cards)",
    "cosmos.score.power-cards": "power card points come 6 at a time (Speed of Light)",
    "cosmos.score.advanced-life": "the advanced life held is what the stack can give",
    "cosmos.score.energy-cards": "a hand holds 0 to 60 energy cards",
    "cosmos.score.time-crystals": "a time-crystals count is at most the discharges scored",
    "cosmos.score.advanced-neighbours": "stars touching advanced life need advanced life",
    "cosmos.score.nebula-goal": "completed nebulae for a goal scored nebula points",
    "cosmos.score.unread": "a value read from a score pad's photo is sure, not ?",
}
# What a score pad's reader writes where it was not sure: the loader stops there.
UNREAD = "?"
_UNREAD = "was not read surely from the photo: look at the pad and write it"


def parse_record(text: str, path: str) -> Record:
    """The game record ``text`` (read from ``path``), or a ``SourceError`` listing every
    problem found in it."""
    return _Reader(text, path).record()


def format_record(record: Record) -> str:
    """``record`` as a file ``parse_record`` reads back to the same record."""
    names = [p.name for p in record.players]
    lines = [f"players = [{', '.join(_quoted(n) for n in names)}]"]
    for g in record.goals:
        counts = ", ".join(f"{_quoted(n)} = {c}" for n, c in zip(names, g.counts, strict=True))
        lines += ["", "[[goal]]", f'id = "{g.goal.id}"', f"counts = {{ {counts} }}"]
        for name, (board, crystals) in zip(names, g.galaxies, strict=False):
            lines += ["", f"[goal.galaxy.{_key(name)}]", f"time-crystals = {crystals}"]
            lines += _galaxy(board)
    for p in record.players:
        points = ", ".join(f"{k} = {v}" for k, v in zip(SOURCES, p.points, strict=True))
        lines += ["", "[[player]]", f"name = {_quoted(p.name)}", f"points = {{ {points} }}"]
        lines.append(f"advanced-life = [{', '.join(str(v) for v in p.advanced_life)}]")
        lines.append(f"energy-cards = {p.energy_cards}")
        if p.board is not None:
            lines += _galaxy(p.board)
    return "\n".join(lines) + "\n"


def _galaxy(board: Board) -> list[str]:
    from pnp.cosmos.board_record import galaxy_lines  # board mode only

    return galaxy_lines(board)


def _key(name: str) -> str:
    return name if _BARE.match(name) else _quoted(name)


def _quoted(name: str) -> str:
    import json  # only to write a record back: JSON strings are TOML strings

    return json.dumps(name, ensure_ascii=False)


# what a bare word stands for, so a syntax error can say what was expected
WANTS: dict[str, type] = {
    "players": str,
    "name": str,
    "id": str,
    "advanced-life": int,
    "energy-cards": int,
    **dict.fromkeys(SOURCES, int),
}
TOP_KEYS = ("players", "goal", "player")
GOAL_KEYS = ("id", "counts", "galaxy")
PLAYER_KEYS = ("name", "points", "advanced-life", "energy-cards", *GALAXY_KEYS)
REQUIRED = {"name": "the player's name", "points": "a table of points by source"}


EACH = {"goal": "goal scored", "player": "player"}  # what one [[goal]], [[player]] holds
# "[goal]" on a line of its own: a table header written for the array of tables [[goal]]
_SINGLE = r"^([ \t]*)\[[ \t]*(goal|player)[ \t]*\][ \t\r]*(?:#.*)?$"


def _one_table(key: str) -> str:
    return f"[{key}] is one table: write [[{key}]] (two brackets), a table per {EACH[key]}"


class _Reader(TomlChecker):
    def __init__(self, text: str, path: str) -> None:
        try:
            super().__init__(text, path, "cosmos.score.key", "cosmos.score.type", WANTS)
        except SourceError:
            # two [goal] tables are no TOML: the cause is the brackets, on every such line
            found = list(re.finditer(_SINGLE, text, re.MULTILINE))
            if not found:
                raise
            problems = [
                Problem(
                    path,
                    text.count("\n", 0, m.start()) + 1,
                    len(m[1]) + 1,
                    f"{_one_table(m[2])} [cosmos.score.key]",
                )
                for m in found
            ]
            raise SourceError(problems) from None
        self.goal_row: dict[str, int] = {}  # each goal's [[goal]] table, by id
        self.tabled: set[str] = set()  # the names of the [[player]] tables
        self.boards: dict[str, tuple[int, Board]] = {}  # the end galaxies, by name

    def typed(self, value: object, key: Key, kind: type, what: str) -> bool:
        if value == UNREAD and kind is not str:
            said = f"{key[-1]}'s count" if "counts" in key else str(key[-1])
            self.say(key, "cosmos.score.unread", f"{said} {_UNREAD}")
            return False
        return super().typed(value, key, kind, what)

    def record(self) -> Record:
        self.unknown(self.data, (), TOP_KEYS, "the file")
        names = self.seating()
        tables = self.tables("player", MAX_PLAYERS)
        read = [self.player(i, t) for i, t in tables]
        if names is not None:
            self.match(names, [t for _, t in tables])
        players = {p.name: p for p in read if p is not None}
        named = [t.get("name") for _, t in tables]
        self.tabled = {n for n in named if isinstance(n, str)}
        tabled = len(self.tabled) == len(named)  # every table named, each name once
        complete = names is not None and tabled and set(players) == set(names) == self.tabled
        if self.boards:
            from pnp.cosmos.board_record import check_box

            check_box(self, [(("player", i), n, b) for n, (i, b) in self.boards.items()])
        scored = [self.goal(i, t, names) for i, t in self.goal_tables()]
        if complete and names is not None:
            seated = [players[n] for n in names]
            cross_check(self, seated, [g for g in scored if g is not None], self.goal_row)
            check_stack(self, seated, {t["name"]: i for i, t in tables})
        self.problems.problems.sort(key=lambda p: (p.line, p.col))
        self.problems.raise_if_any()
        assert names is not None
        return Record(tuple(players[n] for n in names), tuple(g for g in scored if g is not None))

    def seating(self) -> list[str] | None:
        """The names in ``players``; None if the list cannot be checked against the rest
        (then only its own problems are reported)."""
        if "players" not in self.data:
            message = 'no players = ["…", …]: the names in seating order, first player first'
            self.say((), "cosmos.score.key", message)
            return None
        value = self.data["players"]
        if not self.typed(value, ("players",), list, "players is a list of names"):
            return None
        names: list[str] = []
        usable = True
        for i, name in enumerate(value[: MAX_PLAYERS + 1]):
            key = ("players", i)
            if not self.typed(name, key, str, "players lists names in quotes"):
                usable = False
            elif (why := name_problem(name)) is not None:
                self.say(key, "cosmos.score.players", why)
                usable = False
            elif name in names:
                self.say(key, "cosmos.score.players", f"{shown(name)} is listed twice")
                usable = False
            else:
                names.append(name)
        if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
            message = f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(value)}"
            self.say(("players",), "cosmos.score.players", message)
            usable = False
        return names if usable else None

    def tables(self, key: str, most: int) -> list[tuple[int, dict[str, Any]]]:
        """The first ``most`` [[key]] tables, each with its index."""
        value = self.data.get(key, [])
        what = f"[[{key}]] tables, one per {EACH[key]}"
        if isinstance(value, dict):
            self.say((key,), "cosmos.score.key", _one_table(key), at_key=True)
            return []
        if not self.typed(value, (key,), list, f"{key} is a list of {what}"):
            return []
        return [
            (i, t)
            for i, t in enumerate(value[:most])
            if self.typed(t, (key, i), dict, f"{key} is a list of {what}")
        ]

    def player(self, i: int, table: dict[str, Any]) -> PlayerRecord | None:
        at: Key = ("player", i)
        self.unknown(table, at, PLAYER_KEYS, "[[player]]")
        meant = {m for k in table if k not in PLAYER_KEYS for m in close_matches(k, PLAYER_KEYS, 1)}
        for key, what in REQUIRED.items():
            if key not in table and key not in meant:
                self.say(at, "cosmos.score.key", f"this [[player]] has no {key} ({what})", True)
        if "energy-cards" not in table and "energy-cards" not in meant:
            message = "this [[player]] has no energy-cards (the cards in hand at the end)"
            self.say(at, "cosmos.score.key", message, True)
        name = self.get(table, at, "name", str, "the player's name in quotes")
        points = read_points(self, table, at)
        life = read_life(self, table, at)
        cards = read_energy_cards(self, table, at)
        board = None
        if any(k in table for k in GALAXY_KEYS):
            from pnp.cosmos.board_record import read_galaxy

            board = read_galaxy(self, table, at)
            if board is None:
                return None
            from pnp.cosmos.board_record import reconcile

            points, life = reconcile(self, table, at, board, points, life)
        if name is None or points is None or life is None or cards is None:
            return None
        if board is not None:
            self.boards.setdefault(name, (i, board))
        return PlayerRecord(name, points, life, cards, board)

    def match(self, names: list[str], tables: list[dict[str, Any]]) -> None:
        """Each name in ``players`` has one [[player]] table, and each table's name is
        there. A table named wrong is one problem: the listed name it stands for is said
        in it, not again."""
        untabled = [n for n in names if n not in [t.get("name") for t in tables]]
        seen: set[str] = set()
        for i, table in enumerate(tables):
            name = table.get("name")
            if not isinstance(name, str):
                continue
            if name in seen or name not in names:
                close = close_matches(name, untabled, n=1)
                meant = close[0] if close else untabled[0] if untabled else None
                if meant is not None:
                    untabled.remove(meant)
                if name in seen:
                    none = f" ({shown(meant)} has none)" if meant else ""
                    message = f"two [[player]] tables are named {shown(name)}{none}"
                else:
                    hint = f"; did you mean {shown(meant)}?" if meant else ""
                    message = f"{shown(name)} is not in players{hint}"
                self.say(("player", i, "name"), "cosmos.score.players", message)
            seen.add(name)
        for name in untabled:
            message = f"{shown(name)} has no [[player]] table"
            self.say(("players", names.index(name)), "cosmos.score.players", message)
        listed = self.data.get("player")
        if isinstance(listed, list) and len(listed) > MAX_PLAYERS:
            message = f"more than {MAX_PLAYERS} [[player]] tables"
            self.say(("player", MAX_PLAYERS), "cosmos.score.players", message, at_key=True)

    def goal_tables(self) -> list[tuple[int, dict[str, Any]]]:
        most = main_board().goals_per_game
        found = self.tables("goal", most)
        if isinstance(self.data.get("goal"), list) and len(self.data["goal"]) > most:
            message = (
                f"{len(self.data['goal'])} goals scored: {most} are drawn at set-up, so at "
                f"most {most} score"
            )
            self.say(("goal", most), "cosmos.score.goals", message, at_key=True)
        return found

    def goal(self, i: int, table: dict[str, Any], names: list[str] | None) -> GoalRecord | None:
        at: Key = ("goal", i)
        self.unknown(table, at, GOAL_KEYS, "[[goal]]")
        galaxies = self.galaxies(table, at, names)
        counted = names is not None and set(galaxies) >= set(names)  # board mode for all
        for need, what in (("id", "the goal's id"), ("counts", "each player's amount")):
            if need not in table and not (need == "counts" and counted):
                self.say(at, "cosmos.score.key", f"this [[goal]] has no {need} ({what})", True)
        ident = self.get(table, at, "id", str, "the goal's id in quotes")
        goal = self.known(ident, at) if ident is not None else None
        counts = self.get(table, at, "counts", dict, "a table, { Ann = 7, … }")
        if counts is None and "counts" not in table and counted:
            counts = {}
        if counts is None:
            return None
        key = (*at, "counts")
        found: dict[str, int] = {}
        for name, value in counts.items():
            if names is not None and name not in names:
                close = close_matches(name, names, n=1)
                hint = f"; did you mean {shown(close[0])}?" if close else ""
                message = f"{shown(name)} is not a player of this game{hint}"
                self.say((*key, name), "cosmos.score.counts", message, at_key=True)
                continue
            n = read_number(self, value, (*key, name), f"{name}'s amount", MAX_COUNT)
            if n is not None:
                found[name] = n
        for name in names or ():
            # a listed name without a [[player]] table is said once, in players
            if name not in counts and name in self.tabled and name not in galaxies:
                message = f"{shown(name)} has no count here (0 if none)"
                self.say(key, "cosmos.score.counts", message)
        if galaxies and goal is not None:
            from pnp.cosmos.board_record import count_galaxies

            count_galaxies(self, goal, galaxies, found, key)
        if goal is None or names is None or set(found) != set(names):
            return None
        counts = tuple(found[n] for n in names)
        if not galaxies:
            return GoalRecord(goal, counts)
        from pnp.cosmos.board_record import galaxies_of

        return GoalRecord(goal, counts, galaxies_of(galaxies, names))

    def galaxies(
        self, table: dict[str, Any], at: Key, names: list[str] | None
    ) -> dict[str, tuple[Board | None, int]]:
        """The galaxies of the ``[[goal]]`` at ``at`` by name (board mode), if any."""
        if "galaxy" not in table:
            return {}
        from pnp.cosmos.board_record import read_goal_galaxies

        return read_goal_galaxies(self, table, at, names)

    def known(self, ident: str, at: Key) -> Goal | None:
        """The goal ``ident`` names (its id, its card's title or another of its names),
        scored here for the first time."""
        key = (*at, "id")
        if ident == UNREAD:
            message = (
                "which goal scored here was not read surely from the photo (its order box):"
                " look at the pad and write its id"
            )
            self.say(key, "cosmos.score.unread", message)
            return None
        goal = goal_named(ident)
        if goal is None:
            near = ", ".join(f"{g.id} ({g.title()})" for g in closest(ident))
            hint = f"did you mean {near}?" if near else "see `pnp cosmos goals`"
            self.say(key, "cosmos.score.goal", f"unknown goal {shown(ident)}; {hint}")
            return None
        if goal.id in self.goal_row:
            line = self.spans.where(("goal", self.goal_row[goal.id], "id"))[0]
            message = f"{goal.id} already scored (line {line}): each goal scores once"
            self.say(key, "cosmos.score.goal-once", message)
            return None
        self.goal_row[goal.id] = int(at[1])
        return goal
