"""The Star Charts search bot against the greedy bot, two-player: its win rate (a shared
win counting half) with a 95 % confidence interval, both bots' mean scores, and the
search bot's decisions a second, on a plain and an obstacle chart at each budget.

    python bench/bench_search_starcharts.py [--games N] [--budgets 50,200]
        [--charts lyra-8,lyra-8-obstacles] [--seed S] [--width K]

Game k is played twice, the search bot in each seat, with the same deal and the same
rolls (``pnp.play.starcharts_search.duel``); the interval is the normal one over the N
pairs' mean shares, as the two games of a pair share their dice. One process: run it
on a quiet machine for the decisions a second."""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from duels import Timed, over_deals  # noqa: E402

from pnp.play.starcharts_search import WIDTH, Duel, duel, search_bot  # noqa: E402
from pnp.starcharts.chart import load_chart  # noqa: E402


def row(chart_id: str, budget: int, games: int, seed: int, width: int) -> str:
    chart = load_chart(chart_id)
    timed = Timed(search_bot(budget, width))
    pairs: list[tuple[Duel, Duel]] = [
        (duel(chart, seed, k, timed, 0), duel(chart, seed, k, timed, 1)) for k in range(games)
    ]
    rate, half = over_deals([(a.share + b.share) / 2 for a, b in pairs])
    played = [d for pair in pairs for d in pair]
    mine = statistics.fmean(d.score for d in played)
    greedy = statistics.fmean(d.greedy for d in played)
    return (
        f"| `{chart_id}` | {budget} | {2 * games} | {rate:.0%} ± {half:.0%} "
        f"| {mine:.1f} | {greedy:.1f} | {timed.speed:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="pairs of games per row")
    parser.add_argument("--budgets", default="50,200")
    parser.add_argument("--charts", default="lyra-8,lyra-8-obstacles")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=WIDTH)
    args = parser.parse_args()
    print(f"search (width {args.width}) vs greedy, 2 players, seed {args.seed}")
    print("| chart | budget | games | search wins | search score | greedy score | decisions/s |")
    print("|---|---|---|---|---|---|---|")
    for budget in map(int, args.budgets.split(",")):
        for chart_id in args.charts.split(","):
            print(row(chart_id, budget, args.games, args.seed, args.width), flush=True)


if __name__ == "__main__":
    main()
