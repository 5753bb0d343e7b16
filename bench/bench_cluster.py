"""Simulations on a Dask cluster (``simulate --cluster``): the same greedy 3-player Crafting
the Cosmos games in one process, on two (``--jobs 2``) and on a local cluster of 1 and 2
workers, the wall time and games a second of each, and the line expected beyond.

    python bench/bench_cluster.py [--games N] [--workers 1 2]

A cluster is started before it is timed (its start is printed apart: ``--cluster local``
pays it once a run). The cost of a block on the cluster, apart from its games, is measured
with blocks that play none (each returns its length): the scheduler's round trip, the
pickling of the block's function and of its result. Beyond this machine, W workers play
W times one worker's games a second, less that cost a block of ``MAX_BLOCK`` games, up to
the blocks a second one scheduler hands out.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import distributed  # noqa: E402

from pnp.play.cluster import run_on  # noqa: E402
from pnp.play.cosmos_simulate import simulate  # noqa: E402
from pnp.play.parallel import MAX_BLOCK, blocks  # noqa: E402

PLAYERS, BOT, SEED = 3, "greedy", 1
EMPTY_BLOCKS = 1000  # blocks that play nothing, for the cost of a block
LocalCluster: Any = distributed.LocalCluster  # partly typed: its constructor is not


def timed(games: int, address: str | None, jobs: int = 1) -> tuple[float, object]:
    """The wall time of the run, and its summary and logs (to compare)."""
    start = time.perf_counter()
    result = simulate(PLAYERS, games, SEED, BOT, True, jobs=jobs, cluster=address)
    return time.perf_counter() - start, result


def empty_blocks_per_second(address: str, workers: int) -> float:
    """Blocks a second the cluster takes in and gives back when they play nothing: the
    scheduler's round trip, and the pickling of a block's function and of its result."""
    games = EMPTY_BLOCKS * MAX_BLOCK  # blocks of MAX_BLOCK "games", none of them played
    start = time.perf_counter()
    assert sum(run_on(address, len, games, workers, None, blocks)) == games
    return EMPTY_BLOCKS / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    title = f"{args.games} greedy {PLAYERS}-player Cosmos games"
    print(f"{title:40} {'wall s':>7} {'games/s':>8} {'empty blocks/s':>15}")
    alone, expected = timed(args.games, None)
    rate = args.games / alone
    print(f"{'one process':40} {alone:7.2f} {rate:8.1f}")
    pool, result = timed(args.games, None, 2)
    assert result == expected, "--jobs 2 played other games"
    print(f"{'--jobs 2 (a pool of processes)':40} {pool:7.2f} {args.games / pool:8.1f}")
    empty: dict[int, float] = {}
    for workers in args.workers:
        start = time.perf_counter()
        with LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address=":0",
            silence_logs=logging.CRITICAL,
        ) as local:
            started = time.perf_counter() - start
            timed(MAX_BLOCK, local.scheduler_address)  # each worker loads pnp once
            wall, result = timed(args.games, local.scheduler_address)
            assert result == expected, "the cluster played other games"
            empty[workers] = empty_blocks_per_second(local.scheduler_address, workers)
        label = f"cluster, {workers} worker{'s' * (workers > 1)} (started in {started:.1f} s)"
        print(f"{label:40} {wall:7.2f} {args.games / wall:8.1f} {empty[workers]:15.0f}")
    play, cost = MAX_BLOCK / rate, 1 / empty[min(empty)]
    most = max(empty.values()) * MAX_BLOCK
    print(
        f"a block: {MAX_BLOCK} games, {play:.2f} s of play and {cost * 1000:.1f} ms on the "
        f"cluster (its empty blocks, one worker)"
    )
    print(
        f"beyond: W workers, a core each: about W x {rate * play / (play + cost):.1f} games/s, "
        f"up to what one scheduler hands out: {most:.0f} games/s at least (its empty "
        f"blocks a second here x {MAX_BLOCK})"
    )


if __name__ == "__main__":
    main()
