"""Simulated games: bots play through ``Game``, each game is written as a log that
``check`` replays identically, and the results are summarised per chart."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from pnp.play import parallel
from pnp.play.starcharts_games import NAMES, deal, play, variant_for
from pnp.starcharts.bots import BOTS, Bot
from pnp.starcharts.chart import Chart, load_chart
from pnp.starcharts.game import Game
from pnp.starcharts.log import format_log
from pnp.starcharts.setup import Setup, Variant


def log_text(setup: Setup, chart_ref: str, body: list[str]) -> str:
    return format_log(
        [(setup.chart, chart_ref, setup.objectives, body)], setup.players, setup.variant.value
    )


@dataclass
class Summary:
    games: int = 0
    scores: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    dealt: Counter[str] = field(default_factory=Counter)
    claimed: Counter[str] = field(default_factory=Counter)  # games where someone claimed it
    claims: Counter[str] = field(default_factory=Counter)  # claims in all
    ended_by: Counter[str] = field(default_factory=Counter)

    def add(self, game: Game) -> None:
        from pnp.score.starcharts_replay import game_result

        result = game_result(game)
        self.games += 1
        self.rounds.append(game.round)
        self.scores += [p.total for p in result.players]
        for objective, rounds in game.claim_rounds.items():
            self.dealt[objective] += 1
            if rounds:
                self.claimed[objective] += 1
        for sheet in game.sheets:
            for objective in sheet.claimed:
                self.claims[objective] += 1
        fills = [s.filled for s in game.sheets if s.filled is not None]
        if game.ai is not None and game.ai.done:
            self.ended_by["A.I. finished"] += 1
        elif 5 in fills:
            self.ended_by["full grid"] += 1
        else:
            self.ended_by["no box left"] += 1


def simulate(
    chart: Chart,
    players: int,
    games: int,
    seed: int,
    bot: str,
    variant: Variant | None = None,
    chart_ref: str | None = None,
    keep_logs: bool = False,
    progress: Callable[[int], object] | None = None,
    jobs: int = 1,
    budget: int = 0,
    cluster: str | None = None,
) -> tuple[Summary, list[str]]:
    """Play ``games`` games on ``jobs`` processes; game ``k`` uses its own seeded
    generator, so any one game can be replayed on its own and any ``jobs`` gives the same
    result. ``progress(n)`` is called as games end; ``budget`` is the search bot's."""
    variant = variant or variant_for(players)
    ref = chart_ref or chart.id
    # other processes get the chart's name, not the chart: compiled frozen classes don't
    # unpickle, and each process then builds its run tables once (a chart file must be
    # at the same path on a cluster's workers)
    where = chart if jobs <= 1 and cluster is None else ref
    _CHARTS[ref] = chart  # forked processes find it here, with any tables it has built
    work = partial(_play_block, where, players, seed, bot, budget, variant.value, ref, keep_logs)
    return parallel.gather(work, games, jobs, progress, Summary(), cluster)


def _play_block(
    chart_or_ref: Chart | str,
    players: int,
    seed: int,
    bot: str,
    budget: int,
    variant_name: str,
    chart_ref: str,
    keep_logs: bool,
    block: range,
) -> tuple[Summary, list[str]]:
    chart = _load(chart_or_ref) if isinstance(chart_or_ref, str) else chart_or_ref
    variant = Variant(variant_name)
    names = ("Solo",) if variant is Variant.SOLO else NAMES[:players]
    summary = Summary()
    logs = []
    player = bot_for(bot, budget)
    for k in block:
        rng = random.Random(f"{seed}:{k}")
        setup = Setup(chart, deal(chart, rng), names, variant)
        game, body = play(setup, player, rng, record=keep_logs)
        summary.add(game)
        if keep_logs:
            logs.append(log_text(setup, chart_ref, body))
    return summary, logs


def bot_for(name: str, budget: int) -> Bot:
    """The bot called ``name``; the search bot with ``budget`` playouts a decision."""
    if name == "search":
        from pnp.play.starcharts_search import search_bot

        return search_bot(budget)
    return BOTS[name]


def bot_label(name: str, budget: int) -> str:
    """How a summary names the bots: the search bot with its budget."""
    return f"search bots ({budget} playouts a decision)" if name == "search" else f"{name} bots"


_CHARTS: dict[str, Chart] = {}


def _load(ref: str) -> Chart:
    if ref not in _CHARTS:
        _CHARTS[ref] = load_chart(ref)
    return _CHARTS[ref]


def format_summary(chart: Chart, summary: Summary, players: int, bot: str, budget: int = 0) -> str:
    s = sorted(summary.scores)
    quart = statistics.quantiles(s, n=4) if len(s) > 1 else [s[0]] * 3
    lines = [
        f"{chart.id}: {summary.games} games, {players} player{'s' if players > 1 else ''}, "
        + bot_label(bot, budget),
        f"score     mean {statistics.fmean(s):.1f}  sd {statistics.pstdev(s):.1f}  "
        f"min {s[0]}  q1 {quart[0]:g}  median {quart[1]:g}  q3 {quart[2]:g}  max {s[-1]}",
        f"rounds    mean {statistics.fmean(summary.rounds):.1f}  min {min(summary.rounds)}  "
        f"max {max(summary.rounds)}",
        "ended by  "
        + ", ".join(f"{k} {v / summary.games:.0%}" for k, v in summary.ended_by.most_common()),
        "objective         dealt  claimed in  claims per game",
    ]
    for objective in sorted(summary.dealt):
        dealt = summary.dealt[objective]
        lines.append(
            f"  {objective:<16}{dealt:>5}  {summary.claimed[objective] / dealt:>9.0%}"
            f"  {summary.claims[objective] / dealt:>15.2f}"
        )
    histogram = Counter(score // 5 * 5 for score in s)
    lines.append(
        "scores    " + "  ".join(f"{b}–{b + 4}: {histogram[b]}" for b in sorted(histogram))
    )
    return "\n".join(lines) + "\n"
