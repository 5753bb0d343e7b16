"""How every shipped chart plays: simulated games per chart, as a Markdown table.

    python scripts/chart_table.py [--games N] [--bot greedy|random|search] [--budget B]
        [--jobs J]

For each chart: rounds per game with 4 and with 2 players (mean, and min–max), the mean
4-player score, and how 4-player games ended.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.play.starcharts_simulate import simulate  # noqa: E402
from pnp.starcharts.chart import chart_ids, load_chart  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", choices=["greedy", "random", "search"], default="greedy")
    parser.add_argument("--budget", type=int, default=16, help="the search bot's playouts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    args = parser.parse_args()
    budget = args.budget if args.bot == "search" else 0
    bots = f"search bots (budget {budget})" if budget else f"{args.bot} bots"
    print(f"{args.games} games per chart and player count, {bots}, seed {args.seed}.\n")
    print(
        "| chart | rounds, 4 players | rounds, 2 players | mean score, 4 players "
        "| 4-player games ended by |"
    )
    print("|---|---|---|---|---|")
    for cid in chart_ids():
        chart = load_chart(cid)
        four, _ = simulate(chart, 4, args.games, args.seed, args.bot, jobs=args.jobs, budget=budget)
        two, _ = simulate(chart, 2, args.games, args.seed, args.bot, jobs=args.jobs, budget=budget)
        ended = ", ".join(f"{k} {v / four.games:.0%}" for k, v in four.ended_by.most_common())
        print(
            f"| `{cid}` | {statistics.fmean(four.rounds):.1f} ({min(four.rounds)}–"
            f"{max(four.rounds)}) | {statistics.fmean(two.rounds):.1f} ({min(two.rounds)}–"
            f"{max(two.rounds)}) | {statistics.fmean(four.scores):.1f} | {ended} |"
        )


if __name__ == "__main__":
    main()
