"""The game record ``pnp cosmos score`` reads (spec cosmos.md, "Game record, counts
mode"): the goals in the order they scored with each player's contested amount, and
each player's points by source, advanced life and energy cards in hand, typed from the
table of the published game, whatever its board. In board mode (our edition,
``pnp.cosmos.board_record``) a player's galaxy is given too. These are the record's
values and what the rules say of its numbers; ``pnp.cosmos.record_file`` reads and
checks a file and writes a record back as one.

A record in counts mode needs no galaxy: nothing here loads the galaxy's geometry or
the engine (a test holds the scorer to that, for its start-up)."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TYPE_CHECKING, NamedTuple

from pnp.cosmos.content import advanced_life, player_board
from pnp.cosmos.model import GoalCount

if TYPE_CHECKING:
    from pnp.cosmos.board import Board
    from pnp.cosmos.model import AdvancedLife, Goal
    from pnp.text.toml_spans import Key, TomlChecker

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_COUNT = 999  # a goal's amount: no board has that many spaces
MAX_POINTS = 9_999  # points from one source
SOURCES = ("nebulae", "time-chamber", "card-sets", "power-cards")
GALAXY_KEYS = ("stars", "life", "nebulae")  # a galaxy by space id: board mode


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


def discharges(time_chamber: int) -> int | None:
    """How many scoring discharges ``time_chamber`` points mean (0–5), or None when no
    prefix of 3, 6, 10, 15, 21 adds up to it."""
    totals = player_board().chamber_totals()
    return totals.index(time_chamber) if time_chamber in totals else None


def cross_check(
    r: TomlChecker, players: list[PlayerRecord], scored: list[GoalRecord], rows: dict[str, int]
) -> None:
    """What a goal's counts say of a player's other numbers (``rows``: each goal's
    [[goal]] table by id), said at the count."""
    for record in scored:
        at = ("goal", rows[record.goal.id], "counts")
        for player, count in zip(players, record.counts, strict=True):
            if count:
                _cross_check(r, record.goal, player, count, (*at, player.name))


def _cross_check(r: TomlChecker, goal: Goal, player: PlayerRecord, count: int, key: Key) -> None:
    who = player.name
    if goal.measure is GoalCount.TIME_CRYSTALS:
        made = discharges(player.points.time_chamber) or 0
        if count > made:
            chamber = player.points.time_chamber
            message = (
                f"{who} has {count} time crystals along the top, but {chamber} "
                f"time-chamber points mean {made} discharge{'s' if made != 1 else ''}"
            )
            r.say(key, "cosmos.score.time-crystals", message)
    elif goal.measure is GoalCount.ADVANCED_NEIGHBOURS and not player.advanced_life:
        message = f"{who} has stars touching advanced life but no advanced-life values"
        r.say(key, "cosmos.score.advanced-neighbours", message)
    elif goal.needs_nebulae and player.points.nebulae == 0:
        message = f"{who} counts completed nebulae for {goal.id} but scored no nebulae points"
        r.say(key, "cosmos.score.nebula-goal", message)


def check_stack(r: TomlChecker, players: list[PlayerRecord], rows: dict[str, int]) -> None:
    """One check over all players: the values held are what the stack can give. The
    first value past what it holds, or that cannot be among them, is the problem, said
    at its place in its [[player]] table (``rows``: each player's, by name)."""
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
                message = stack_problem(taken, total, len(players), stack)
                r.say(key, "cosmos.score.advanced-life", message)
                return


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


def stack_problem(taken: list[int], total: int, players: int, stack: AdvancedLife) -> str:
    """Why the stack cannot give ``taken`` (the values held, in seating order, up to the
    first that cannot be among the ``total`` held in all), in a player's words."""
    in_play = stack.in_play(players)
    if len(taken) > in_play:
        return (
            f"{total} advanced life tokens held in all, more than the {in_play} of a "
            f"{players}-player game"
        )
    value = taken[-1]
    held, top, rest = Counter(taken), Counter(stack.group1), Counter(stack.group2)
    if held[value] > top[value] + rest[value]:
        return (
            f"this {value} cannot be: the stack has {top[value] + rest[value]} advanced life "
            f"tokens worth {value}, and this is the {_nth(held[value])} held"
        )
    first = stack.per_player * players
    drawn = (
        f"this {value} cannot be: with {players} players the first {first} advanced life "
        f"tokens drawn ({stack.per_player} a player) come from the top of the stack "
        f"({_mix(stack.group1)}), the others from the rest ({_mix(stack.group2)})"
    )
    from_top = min(total, first)
    # the values only the rest has, beyond what the top could give
    if sum(max(0, n - top[v]) for v, n in held.items()) > total - from_top:
        if from_top == total:
            has = f"only {top[value]} worth {value}" if top[value] else f"no {value}"
            return f"{drawn}; so all {total} held came from the top, which has {has}"
        where, n = "rest", total - from_top
    else:  # the values only the top has, beyond what the rest could give
        where, n = "top", from_top
    return (
        f"{drawn}; so only {n} of the {total} held came from the {where}, and the values "
        f"listed before this {value} already take {_them(n)}"
    )


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _them(n: int) -> str:
    return "it" if n == 1 else "both" if n == 2 else f"all {n}"


def _mix(values: tuple[int, ...]) -> str:
    return ", ".join(f"{v} ×{n}" for v, n in sorted(Counter(values).items(), reverse=True))
