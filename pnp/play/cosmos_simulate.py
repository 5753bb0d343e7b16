"""Simulated Crafting the Cosmos games: bots play through ``Game``, each game can be
written as a log that ``pnp cosmos check`` replays identically, and the results are
summarised: scores and where they come from, game length, goals, power cards (use, and
how often their holders win), nebula tiles placed and completed by size, how often each
nebula stack runs out, and advanced life."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from pnp.cosmos.actions import Action, Discharge, Use
from pnp.cosmos.bots import BOTS, Bot
from pnp.cosmos.game import Game
from pnp.cosmos.game import play as play_action
from pnp.cosmos.geometry import bits
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.setup import start
from pnp.cosmos.state import NONE, OVER, cards
from pnp.cosmos.text import text
from pnp.play import parallel

NAMES = ("Ann", "Ben", "Cat", "Dee")
MAX_DECISIONS = 20_000  # a game of random bots takes about 300
SOURCES = ("nebulae", "time_chamber", "card_sets", "power_cards", "goals", "advanced_life")


def game_seed(seed: int, k: int) -> int:
    """The seed that deals game ``k`` of a run: any one game can be replayed on its own."""
    return random.Random(f"cosmos:{seed}:{k}").getrandbits(63)


@dataclass(frozen=True)
class Played:
    seed: int  # what dealt it: the log's ``seed:``
    game: Game
    actions: tuple[Action, ...]  # every decision, in order
    ran_out: frozenset[int]  # the nebula stack sizes that were empty at some point


def play(players: int, seed: int, bot: Bot) -> Played:
    """One game dealt by ``seed``, every decision made by ``bot`` with a generator seeded
    by ``seed`` too. The game is played in place on one state (no copy a step)."""
    rng = random.Random(seed)
    s = start(NAMES[:players], seed)
    actions: list[Action] = []
    ran_out: set[int] = set()
    for _ in range(MAX_DECISIONS):
        if s.phase is OVER:
            break
        action = bot(s, rng)
        play_action(s, action)
        actions.append(action)
        stacks = s.stacks
        if not (stacks[0] and stacks[1] and stacks[2]):
            ran_out.update(size for size in (1, 2, 3) if not stacks[size - 1])
    else:
        raise RuntimeError(f"a simulated game did not end (seed {seed})")
    return Played(seed, Game(s), tuple(actions), frozenset(ran_out))


def log_text(played: Played, table: bool = False) -> str:
    """The game's log in the format ``pnp.cosmos.log`` reads, one line a turn: with
    ``table``, what the table revealed instead of the seed."""
    from pnp.cosmos.log import format_log

    return format_log(played.game.players, played.seed, played.actions, reveal=table)


@dataclass
class Summary:
    games: int = 0
    scores: list[int] = field(default_factory=list)  # every player's total
    rounds: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)  # by game
    shared: int = 0  # games whose victory is shared
    sources: Counter[str] = field(default_factory=Counter)  # points by source, all players
    seats: int = 0  # player-games
    wins: int = 0  # player-games won (shared victories too)
    goal_scored: Counter[str] = field(default_factory=Counter)  # games each goal scored
    goal_first: Counter[str] = field(default_factory=Counter)  # players 1st on it
    goal_first_won: Counter[str] = field(default_factory=Counter)  # … who won the game
    used: Counter[str] = field(default_factory=Counter)  # activations by power card
    held: Counter[str] = field(default_factory=Counter)  # player-games ending with it
    held_won: Counter[str] = field(default_factory=Counter)  # … won
    placed: Counter[int] = field(default_factory=Counter)  # nebula tiles by size, at the end
    completed: Counter[int] = field(default_factory=Counter)
    ran_out: Counter[int] = field(default_factory=Counter)  # games a stack was ever empty
    left: Counter[int] = field(default_factory=Counter)  # tiles left in the stacks at the end
    advanced: Counter[int] = field(default_factory=Counter)  # advanced life by value

    def add(self, played: Played) -> None:
        game = played.game
        s = game.state
        final, won, _ = game.final()
        totals = [f.total for f in final]
        self.games += 1
        self.scores += totals
        self.rounds.append(s.round)
        self.decisions.append(len(played.actions))
        self.shared += len(won) > 1
        self.seats += len(final)
        self.wins += len(won)
        for f in final:
            for source in SOURCES:
                self.sources[source] += getattr(f, source)
        for result in s.scored:
            self.goal_scored[result.goal] += 1
            best = max(result.points)
            for i, points in enumerate(result.points):
                if points and points == best:
                    self.goal_first[result.goal] += 1
                    self.goal_first_won[result.goal] += i in won
        used = self.used
        for action in played.actions:
            if type(action) is Use:
                used[action.card] += 1
            elif type(action) is Discharge and action.power:
                used[action.power] += 1
        tiles = nebula_tiles()
        for i, p in enumerate(s.players):
            for c in p.slots:
                if c != NONE:
                    self.held[cards()[c].id] += 1
                    self.held_won[cards()[c].id] += i in won
            b = p.board
            for n in bits(b.placed):
                size = tiles[b.tiles[n]].size
                self.placed[size] += 1
                self.completed[size] += b.done >> n & 1
            self.advanced.update(v for _, v in b.advanced)
        self.ran_out.update(played.ran_out)
        for size in (1, 2, 3):
            self.left[size] += len(s.stacks[size - 1])


def simulate(
    players: int,
    games: int,
    seed: int,
    bot: str,
    keep_logs: bool = False,
    progress: Callable[[int], object] | None = None,
    jobs: int = 1,
    table: bool = False,
    budget: int = 0,
    cluster: str | None = None,
) -> tuple[Summary, list[str]]:
    """Play ``games`` games on ``jobs`` processes (or on the Dask ``cluster``); game ``k``
    is dealt and played from ``game_seed(seed, k)``, so any ``jobs`` gives the same
    result. ``progress(n)`` is called as games end; the logs kept are table logs with
    ``table``; ``budget`` is the search bot's playouts a decision."""
    work = partial(_play_block, players, seed, bot, budget, keep_logs, table)
    return parallel.gather(work, games, jobs, progress, Summary(), cluster)


def _bot(name: str, budget: int) -> Bot:
    """The bot called ``name``; a search bot is one a game (it holds its plan)."""
    if name == "search":
        from pnp.play.cosmos_search import SearchBot

        return SearchBot(budget)
    return BOTS[name]


def _play_block(
    players: int, seed: int, bot: str, budget: int, keep_logs: bool, table: bool, block: range
) -> tuple[Summary, list[str]]:
    summary = Summary()
    logs = []
    for k in block:
        played = play(players, game_seed(seed, k), _bot(bot, budget))
        summary.add(played)
        if keep_logs:
            logs.append(log_text(played, table))
    return summary, logs


def _said(key: str, **values: object) -> str:
    return text(f"simulate.{key}").format(**values)


def _quartiles(values: list[int]) -> str:
    s = sorted(values)
    q = statistics.quantiles(s, n=4) if len(s) > 1 else [s[0]] * 3
    return _said(
        "quartiles",
        mean=f"{statistics.fmean(s):.1f}",
        sd=f"{statistics.pstdev(s):.1f}",
        min=s[0],
        q1=f"{q[0]:g}",
        median=f"{q[1]:g}",
        q3=f"{q[2]:g}",
        max=s[-1],
    )


def _columns(table: str, *fields: str) -> str:
    """A table's row of column titles: its row's template, filled with them."""
    titles = text(f"simulate.{table}_cols").split(", ")
    return _said(f"{table}_row", **dict(zip(fields, titles, strict=True)))


def _rate(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "-"


def format_summary(summary: Summary, players: int, bot: str, budget: int = 0) -> str:
    games, seats = summary.games, summary.seats
    header = _said("header", games=games, players=players, bot=bot)
    if bot == "search":
        header += _said("budget", budget=budget)
    lines = [
        header,
        _said("score", quartiles=_quartiles(summary.scores)),
        _said("rounds", quartiles=_quartiles(summary.rounds)),
        _said("decisions", quartiles=_quartiles(summary.decisions)),
        _said("shared", rate=f"{summary.shared / games:.1%}"),
        _said("sources_head"),
    ]
    for source in SOURCES:
        mean = f"{summary.sources[source] / seats:.1f}"
        lines.append(_said("sources_row", source=source.replace("_", "-"), mean=mean))
    base = _rate(summary.wins, seats)
    lines += [_said("goals_head", base=base), _columns("goals", "goal", "games", "first", "won")]
    for goal in sorted(summary.goal_scored, key=lambda g: (-summary.goal_scored[g], g)):
        first = summary.goal_first[goal]
        won = _rate(summary.goal_first_won[goal], first)
        scored = summary.goal_scored[goal]
        lines.append(_said("goals_row", goal=goal, games=scored, first=first, won=won))
    lines += [_said("power_head", base=base), _columns("power", "card", "held", "uses", "won")]
    for card in sorted(summary.held, key=lambda c: (-summary.held[c], c)):
        held = summary.held[card]
        uses = f"{summary.used[card] / held:.1f}"
        won = _rate(summary.held_won[card], held)
        lines.append(_said("power_row", card=card, held=held, uses=uses, won=won))
    lines += [
        _said("nebulae_head"),
        _columns("nebulae", "size", "placed", "done", "ran_out", "left"),
    ]
    for size in (1, 2, 3):
        placed = summary.placed[size]
        lines.append(
            _said(
                "nebulae_row",
                size=size,
                placed=f"{placed / seats:.1f}",
                done=_rate(summary.completed[size], placed),
                ran_out=_rate(summary.ran_out[size], games),
                left=f"{summary.left[size] / games:.1f}",
            )
        )
    life = sum(summary.advanced.values())
    value = sum(v * n for v, n in summary.advanced.items())
    mean = f"{value / life:.1f}" if life else "-"
    lines.append(_said("advanced", per_player=f"{life / seats:.2f}", mean=mean))
    return "\n".join(lines) + "\n"
