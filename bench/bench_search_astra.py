"""The Astra search bot against the greedy one: two-player games, each deal played twice
with the seats swapped; the search bot's win rate (a shared victory a half) with a 95 %
confidence interval over the deals, its mean Fame and the greedy bot's, and its
decisions a second (every decision it is asked for, the trivial ones too).

    python bench/bench_search_astra.py [--deals N] [--budgets 16,32] [--seed S]

Deal k is ``game_seed(seed, k)``, as ``pnp astra simulate`` deals game k; one process."""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from duels import Timed, over_deals

from pnp.astra.bots import Bot, greedy_bot
from pnp.play.astra_search import SearchBot
from pnp.play.astra_simulate import game_seed, play


def row(budget: int, deals: int, seed: int) -> str:
    search = Timed(SearchBot(budget))
    per_deal, mine, theirs = [], [], []
    for k in range(deals):
        won = 0.0
        for seat in (0, 1):
            bots: tuple[Bot, ...] = (search, greedy_bot) if seat == 0 else (greedy_bot, search)
            totals = [f.total for f in play(2, game_seed(seed, k), bots).game.final()]
            me, other = totals[seat], totals[1 - seat]
            won += 1.0 if me > other else 0.5 if me == other else 0.0
            mine.append(me)
            theirs.append(other)
        per_deal.append(won / 2)
    rate, half = over_deals(per_deal)
    low, high = max(0.0, rate - half), min(1.0, rate + half)
    return (
        f"{budget:>6} {2 * deals:>6} {rate:>7.0%} {f'{low:.0%}–{high:.0%}':>10} "
        f"{statistics.fmean(mine):>8.1f} {statistics.fmean(theirs):>8.1f} "
        f"{search.speed:>10.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--budgets", default="16")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"2 players, search vs greedy, seats swapped; seed {args.seed}, one process")
    print(
        f"{'budget':>6} {'games':>6} {'wins':>7} {'95 % CI':>10} {'search':>8} {'greedy':>8} "
        f"{'decisions/s':>10}"
    )
    for budget in map(int, args.budgets.split(",")):
        print(row(budget, args.deals, args.seed), flush=True)


if __name__ == "__main__":
    main()
