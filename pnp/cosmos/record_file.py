"""The game record ``pnp cosmos score`` reads (spec cosmos.md, "Game record, counts
mode"): the goals in the order they scored with each player's contested amount, and
each player's points by source, advanced life and energy cards in hand, typed from the
table of the published game, whatever its board. In board mode (our edition,
``pnp.cosmos.board_record``) a player's galaxy is given too, and the goals are counted
from it. Everything the rules imply about these numbers is checked, and every problem
is reported at once at its line and column. ``format_record`` writes a record back as
such a file."""

from __future__ import annotations

import re
from collections import Counter
from itertools import product
from typing import Any, NamedTuple

from pnp.cosmos.board import Board
from pnp.cosmos.board_record import (
    GALAXY_KEYS,
    check_box,
    galaxies_of,
    galaxy_lines,
    nebula_points,
    read_galaxy,
    read_goal_galaxies,
)
from pnp.cosmos.content import advanced_life, energy_deck, goals, main_board, player_board
from pnp.cosmos.goals_count import count as goal_count
from pnp.cosmos.model import AdvancedLife, Goal, GoalCount
from pnp.errors import close_matches
from pnp.parsing import shown
from pnp.toml_spans import Key, TomlChecker

MIN_PLAYERS, MAX_PLAYERS = 2, 4
_BARE = re.compile(r"[A-Za-z0-9_-]+\Z")
MAX_NAME = 40  # characters in a player's name
MAX_COUNT = 999  # a goal's amount: no board has that many spaces
MAX_POINTS = 9_999  # points from one source
SOURCES = ("nebulae", "time-chamber", "card-sets", "power-cards")

RULES: dict[str, str] = {
    "cosmos.score.key": "the file has the format's keys and no others (a typo is no key)",
    "cosmos.score.type": "each value has its type: a whole number, a name, a list, a table",
    "cosmos.score.players": "2 to 4 players, each named once in players and in one [[player]]",
    "cosmos.score.range": "amounts and points are 0 or more (up to 999 and 9,999)",
    "cosmos.score.goal": "a goal is one of the 16 universal goals, by its id",
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
}


class Points(NamedTuple):
    """A player's points by source, as typed (goals and advanced life are added)."""

    nebulae: int = 0
    time_chamber: int = 0
    card_sets: int = 0
    power_cards: int = 0


class PlayerRecord(NamedTuple):
    name: str
    points: Points
    advanced_life: tuple[int, ...]  # the revealed values
    energy_cards: int  # in hand at the end: the tie-break
    board: Board | None = None  # the galaxy, in board mode


class GoalRecord(NamedTuple):
    goal: Goal
    counts: tuple[int, ...]  # each player's amount, in seating order
    # board mode: each player's galaxy and time crystals when the goal scored (seating
    # order), or () when the counts were typed
    galaxies: tuple[tuple[Board, int], ...] = ()


class Record(NamedTuple):
    players: tuple[PlayerRecord, ...]  # seating order, first player first
    goals: tuple[GoalRecord, ...]  # in the order they scored


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
            lines += galaxy_lines(board)
    for p in record.players:
        points = ", ".join(f"{k} = {v}" for k, v in zip(SOURCES, p.points, strict=True))
        lines += ["", "[[player]]", f"name = {_quoted(p.name)}", f"points = {{ {points} }}"]
        lines.append(f"advanced-life = [{', '.join(str(v) for v in p.advanced_life)}]")
        lines.append(f"energy-cards = {p.energy_cards}")
        if p.board is not None:
            lines += galaxy_lines(p.board)
    return "\n".join(lines) + "\n"


def _key(name: str) -> str:
    return name if _BARE.match(name) else _quoted(name)


def _quoted(name: str) -> str:
    import json  # only to write a record back: JSON strings are TOML strings

    return json.dumps(name, ensure_ascii=False)


def discharges(time_chamber: int) -> int | None:
    """How many scoring discharges ``time_chamber`` points mean (0–5), or None when no
    prefix of 3, 6, 10, 15, 21 adds up to it."""
    totals = player_board().chamber_totals()
    return totals.index(time_chamber) if time_chamber in totals else None


def stack_allows(
    values: list[int], players: int, stack: AdvancedLife, held: int | None = None
) -> bool:
    """Whether ``values`` can be among the ``held`` advanced life tokens (all of them
    when None) that the players of a ``players``-player game took off the stack: the
    first ``per_player × players`` drawn are group 1's (a random choice of them), the
    rest group 2's."""
    held = len(values) if held is None else held
    from_group1 = min(held, stack.per_player * players)
    wanted, group1, group2 = Counter(values), Counter(stack.group1), Counter(stack.group2)
    kinds = sorted(group1)
    for taken in product(*(range(min(group1[v], wanted[v]) + 1) for v in kinds)):
        if sum(taken) > from_group1 or len(values) - sum(taken) > held - from_group1:
            continue
        rest = wanted - Counter(dict(zip(kinds, taken, strict=True)))
        if all(group2[v] >= n for v, n in rest.items()):
            return True
    return False


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


class _Reader(TomlChecker):
    def __init__(self, text: str, path: str) -> None:
        super().__init__(text, path, "cosmos.score.key", "cosmos.score.type", WANTS)
        self.goals = {g.id: g for g in goals()}
        self.tabled: set[str] = set()  # the names of the [[player]] tables
        self.goal_rows: list[tuple[int, dict[str, Any]]] = []
        self.boards: dict[str, tuple[int, Board]] = {}  # the end galaxies, by name

    def record(self) -> Record:
        self.unknown(self.data, (), TOP_KEYS, "the file")
        names = self.seating()
        tables = self.tables("player", "[[player]] tables, one per player", MAX_PLAYERS)
        read = [self.player(i, t) for i, t in tables]
        if names is not None:
            self.match(names, [t for _, t in tables])
        players = {p.name: p for p in read if p is not None}
        complete = names is not None and set(players) == set(names) == set(
            t.get("name") for _, t in tables
        )
        self.tabled = {t["name"] for _, t in tables if isinstance(t.get("name"), str)}
        check_box(self, [(("player", i), name, b) for name, (i, b) in self.boards.items()])
        self.goal_rows = self.goal_tables()
        scored = [self.goal(i, t, names) for i, t in self.goal_rows]
        if complete and names is not None:
            seated = [players[n] for n in names]
            self.cross_check(seated, [g for g in scored if g is not None])
            self.stack(seated, {t["name"]: i for i, t in tables})
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
            elif not 0 < len(name) <= MAX_NAME or not name.isprintable():
                message = f"a name is 1 to {MAX_NAME} printable characters, not {shown(name)}"
                self.say(key, "cosmos.score.players", message)
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

    def tables(self, key: str, what: str, most: int) -> list[tuple[int, dict[str, Any]]]:
        """The first ``most`` [[key]] tables, each with its index."""
        value = self.data.get(key, [])
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
        points = self.points(table, at)
        life = self.life(table, at)
        cards = self.energy_cards(table, at)
        board = None
        if any(k in table for k in GALAXY_KEYS):
            board = read_galaxy(self, table, at)
            if board is None:
                return None
            points, life = self.reconcile(table, at, board, points, life)
        if name is None or points is None or life is None or cards is None:
            return None
        if board is not None:
            self.boards.setdefault(name, (i, board))
        return PlayerRecord(name, points, life, cards, board)

    def reconcile(
        self,
        table: dict[str, Any],
        at: Key,
        board: Board,
        points: Points | None,
        life: tuple[int, ...] | None,
    ) -> tuple[Points | None, tuple[int, ...] | None]:
        """Nebula points and advanced life from the galaxy; typed ones must agree."""
        made = nebula_points(board)
        if points is not None:
            if "nebulae" in table["points"] and points.nebulae != made:
                message = f"the completed nebulae on the galaxy score {made}, not {points.nebulae}"
                self.say((*at, "points", "nebulae"), "cosmos.board.nebula-points", message)
            points = points._replace(nebulae=made)
        held = tuple(v for _, v in board.advanced)
        if life is not None and "advanced-life" in table and sorted(life) != sorted(held):
            listed = ", ".join(str(v) for v in held) or "none"
            message = f"the advanced life on the galaxy's nebulae is {listed}"
            self.say((*at, "advanced-life"), "cosmos.board.advanced-life", message)
        return points, held if life is not None else None

    def number(self, value: object, key: Key, what: str, high: int) -> int | None:
        if not self.typed(value, key, int, f"{what} is a whole number"):
            return None
        assert isinstance(value, int)
        if not 0 <= value <= high:
            given = value if abs(value) < 10**9 else "a number that large"
            self.say(key, "cosmos.score.range", f"{what} is 0 to {high:,}, not {given}")
            return None
        return value

    def points(self, table: dict[str, Any], at: Key) -> Points | None:
        value = self.get(table, at, "points", dict, "a table, { nebulae = 19, … }")
        if value is None:
            return None
        key = (*at, "points")
        self.unknown(value, key, SOURCES, "points")
        misspelt = any(s not in SOURCES for s in value)  # a source may be 0 for it
        found = [self.number(value.get(s, 0), (*key, s), s, MAX_POINTS) for s in SOURCES]
        nebulae, chamber, sets, power = found
        if chamber is not None and discharges(chamber) is None:
            totals = ", ".join(str(t) for t in player_board().chamber_totals())
            scoring = ", ".join(str(s) for s in player_board().chamber_scoring)
            message = (
                f"time-chamber points add {scoring} from the first discharge: one of "
                f"{totals}, not {chamber}"
            )
            self.say((*key, "time-chamber"), "cosmos.score.time-chamber", message)
            chamber = None
        board = main_board()
        for source, points, rule, why in (
            ("card-sets", sets, "cosmos.score.card-sets", f"{board.set_size} matching cards"),
            ("power-cards", power, "cosmos.score.power-cards", "Speed of Light"),
        ):
            if points is not None and points % board.set_points:
                message = (
                    f"{source} points come {board.set_points} at a time ({why}): "
                    f"{points} is no multiple of {board.set_points}"
                )
                self.say((*key, source), rule, message)
        if misspelt or nebulae is None or chamber is None or sets is None or power is None:
            return None
        return Points(nebulae, chamber, sets, power)

    def life(self, table: dict[str, Any], at: Key) -> tuple[int, ...] | None:
        value = self.get(table, at, "advanced-life", list, "a list of the values revealed")
        if value is None:
            return () if "advanced-life" not in table else None
        stack = advanced_life()
        worth = sorted(set(stack.group1) | set(stack.group2))
        found: list[int] = []
        for j, v in enumerate(value[: stack.in_play(MAX_PLAYERS) + 1]):
            key = (*at, "advanced-life", j)
            if not self.typed(v, key, int, "an advanced life value is a whole number"):
                return None
            if v not in worth:
                listed = ", ".join(str(w) for w in worth)
                message = f"no advanced life token is worth {v} (they are worth {listed})"
                self.say(key, "cosmos.score.advanced-life", message)
                return None
            found.append(v)
        return tuple(found) if len(found) == len(value) else None

    def energy_cards(self, table: dict[str, Any], at: Key) -> int | None:
        if "energy-cards" not in table:
            return None
        value = table["energy-cards"]
        key = (*at, "energy-cards")
        if not self.typed(value, key, int, "energy-cards is a whole number"):
            return None
        deck = len(energy_deck())
        if not 0 <= value <= deck:
            given = value if abs(value) < 10**9 else "a number that large"
            message = f"energy-cards is 0 to {deck} (the whole deck), not {given}"
            self.say(key, "cosmos.score.energy-cards", message)
            return None
        return int(value)

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
        if len(self.data.get("player", [])) > MAX_PLAYERS:
            message = f"more than {MAX_PLAYERS} [[player]] tables"
            self.say(("player", MAX_PLAYERS), "cosmos.score.players", message, at_key=True)

    def goal_tables(self) -> list[tuple[int, dict[str, Any]]]:
        most = main_board().goals_per_game
        found = self.tables("goal", "[[goal]] tables, one per goal scored", most)
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
        galaxies = read_goal_galaxies(self, table, at, names)
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
            n = self.number(value, (*key, name), f"{name}'s amount", MAX_COUNT)
            if n is not None:
                found[name] = n
        for name in names or ():
            # a listed name without a [[player]] table is said once, in players
            if name not in counts and name in self.tabled and name not in galaxies:
                message = f"{shown(name)} has no count here (0 if none)"
                self.say(key, "cosmos.score.counts", message)
        for name, (board, crystals) in galaxies.items():
            if goal is None or board is None:
                continue
            amount = goal_count(goal, board, crystals)
            if name in found and found[name] != amount:
                message = f"{name}'s galaxy counts {amount} for {goal.id}, not {found[name]}"
                self.say((*key, name), "cosmos.board.counts", message)
            found[name] = amount
        if goal is None or names is None or set(found) != set(names):
            return None
        return GoalRecord(goal, tuple(found[n] for n in names), galaxies_of(galaxies, names))

    def known(self, ident: str, at: Key) -> Goal | None:
        key = (*at, "id")
        goal = self.goals.get(ident)
        if goal is None:
            close = close_matches(ident, self.goals, n=3)
            hint = f"did you mean {', '.join(close)}?" if close else "see `pnp cosmos goals`"
            message = f"unknown goal {shown(ident)}; {hint}"
            self.say(key, "cosmos.score.goal", message)
            return None
        first = next(
            j
            for j, t in enumerate(self.data["goal"])
            if isinstance(t, dict) and t.get("id") == ident
        )
        if first != at[1]:
            line = self.spans.where(("goal", first, "id"))[0]
            message = f"{ident} already scored (line {line}): each goal scores once"
            self.say(key, "cosmos.score.goal-once", message)
            return None
        return goal

    def cross_check(self, players: list[PlayerRecord], scored: list[GoalRecord]) -> None:
        """What a goal's counts say of a player's other numbers."""
        rows = {t.get("id"): i for i, t in self.goal_rows}
        for record in scored:
            at = ("goal", rows[record.goal.id], "counts")
            for player, count in zip(players, record.counts, strict=True):
                if count:
                    self.cross_check_one(record.goal, player, count, (*at, player.name))

    def cross_check_one(self, goal: Goal, player: PlayerRecord, count: int, key: Key) -> None:
        who = player.name
        if goal.measure is GoalCount.TIME_CRYSTALS:
            made = discharges(player.points.time_chamber) or 0
            if count > made:
                chamber = player.points.time_chamber
                message = (
                    f"{who} has {count} time crystals along the top, but {chamber} "
                    f"time-chamber points mean {made} discharge{'s' if made != 1 else ''}"
                )
                self.say(key, "cosmos.score.time-crystals", message)
        elif goal.measure is GoalCount.ADVANCED_NEIGHBOURS and not player.advanced_life:
            message = f"{who} has stars touching advanced life but no advanced-life values"
            self.say(key, "cosmos.score.advanced-neighbours", message)
        elif goal.needs_nebulae and player.points.nebulae == 0:
            message = f"{who} counts completed nebulae for {goal.id} but scored no nebulae points"
            self.say(key, "cosmos.score.nebula-goal", message)

    def stack(self, players: list[PlayerRecord], rows: dict[str, int]) -> None:
        """One check over all players: the values held are what the stack can give. The
        first value past what it holds, or that cannot be among them, is the problem."""
        stack = advanced_life()
        total = sum(len(p.advanced_life) for p in players)
        in_play = stack.in_play(len(players))
        taken: list[int] = []
        for player in players:
            for j, value in enumerate(player.advanced_life):
                taken.append(value)
                if total > in_play:
                    bad = len(taken) > in_play
                else:
                    bad = not stack_allows(taken, len(players), stack, total)
                if bad:
                    key = ("player", rows[player.name], "advanced-life", j)
                    message = _stack_problem(taken, total, len(players), stack)
                    self.say(key, "cosmos.score.advanced-life", message)
                    return


def _stack_problem(taken: list[int], total: int, players: int, stack: AdvancedLife) -> str:
    in_play = stack.in_play(players)
    if len(taken) > in_play:
        return (
            f"{total} advanced life tokens held in all, more than the {in_play} of a "
            f"{players}-player game"
        )
    group1 = min(total, stack.per_player * players)
    return (
        f"the advanced life held up to this {taken[-1]} cannot all come off the stack: of "
        f"the {total} tokens held in all, the first {group1} drawn are group 1's "
        f"({_mix(stack.group1)}), the other {total - group1} group 2's ({_mix(stack.group2)})"
    )


def _mix(values: tuple[int, ...]) -> str:
    return ", ".join(f"{v} ×{n}" for v, n in sorted(Counter(values).items(), reverse=True))
