"""Crafting the Cosmos engine speed: complete simulated 3-player games per second on one
core, for the random and the greedy bots, and the decisions a second.

    python bench/bench_cosmos.py [--games N] [--repeats R] [--bot random|greedy]

A game is played from the set-up to the final scores by three bots through the same Game
the checker replays (the tests replay simulated logs through it). Best of R repeats, as
the machine allows.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.play.cosmos_simulate import simulate  # noqa: E402

PLAYERS = 3
BOTS = ("random", "greedy")


def games_per_second(bot: str, games: int, repeats: int) -> tuple[float, float, float]:
    """The best games a second, and the mean rounds and decisions a game."""
    simulate(PLAYERS, max(1, games // 10), 0, bot)  # warm the tables
    best, rounds, decisions = 0.0, 0.0, 0.0
    for seed in range(1, repeats + 1):
        start = time.perf_counter()
        summary, _ = simulate(PLAYERS, games, seed, bot)
        best = max(best, games / (time.perf_counter() - start))
        rounds = statistics.fmean(summary.rounds)
        decisions = statistics.fmean(summary.decisions)
    return best, rounds, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--bot", choices=BOTS, help="only this bot (default: both)")
    args = parser.parse_args()
    print(f"{'3-player games, one core':30} {'games/s':>9} {'decisions/s':>12} {'rounds':>7}")
    for bot in [args.bot] if args.bot else BOTS:
        games = args.games if bot == "random" else max(10, args.games // 8)
        rate, rounds, decisions = games_per_second(bot, games, args.repeats)
        print(f"{bot + ' bots':30} {rate:9.1f} {rate * decisions:12.0f} {rounds:7.1f}")


if __name__ == "__main__":
    main()
