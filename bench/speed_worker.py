"""One measurement for bench/bench_speed.py, in a fresh process of the build measured:

    python bench/speed_worker.py CASE GAMES REPEATS JOBS

prints the best games per second of REPEATS runs of GAMES games on JOBS processes.
CASE is GAME-BOT[-CHART]: starcharts-random-lyra-8, astra-greedy, cosmos-random, ...
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable


def runner(case: str, jobs: int) -> Callable[[int, int], object]:
    game, bot, *chart = case.split("-", 2)
    if game == "astra":
        from pnp.play.astra_simulate import simulate as astra

        return lambda games, seed: astra(3, games, seed, bot, jobs=jobs)
    if game == "cosmos":
        from pnp.play.cosmos_simulate import simulate as cosmos

        return lambda games, seed: cosmos(3, games, seed, bot, jobs=jobs)
    from pnp.play.starcharts_simulate import simulate as starcharts
    from pnp.starcharts.chart import load_chart

    loaded = load_chart(chart[0])
    return lambda games, seed: starcharts(loaded, 4, games, seed, bot, jobs=jobs)


def main() -> None:
    case, games, repeats, jobs = sys.argv[1], *map(int, sys.argv[2:5])
    # The tables are warmed in this process, so that processes forked later start warm
    # too: else --jobs 1 would be measured warm and every --jobs N process cold.
    runner(case, 1)(max(1, games // 10), 0)
    run = runner(case, jobs)
    best = 0.0
    for seed in range(1, repeats + 1):
        start = time.perf_counter()
        run(games, seed)
        best = max(best, games / (time.perf_counter() - start))
    print(f"{best:.1f}")


if __name__ == "__main__":
    main()
