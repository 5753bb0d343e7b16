"""Astra engine speed: complete simulated 3-player games per second on one core, for the
random and the greedy bots, solo games against Ptolemy (the engine plays his turns), and
the cold start of `pnp astra score`.

    python bench/bench_astra.py [--games N] [--repeats R]

A game is played from the set-up to the final scores by three bots through the same Game
the checker replays (the tests replay simulated logs through it). Best of R repeats, as
the machine allows; the cold start is the median of R fresh processes.
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.astra.solo import Difficulty  # noqa: E402
from pnp.play.astra_simulate import simulate  # noqa: E402

PLAYERS = 3


def games_per_second(bot: str, games: int, repeats: int, solo: bool = False) -> tuple[float, float]:
    # solo: against Ptolemy, no modifiers
    difficulty: frozenset[Difficulty] | None = frozenset() if solo else None
    simulate(PLAYERS, max(1, games // 10), 0, bot, difficulty=difficulty)  # warm the tables
    best, rounds = 0.0, 0.0
    for seed in range(1, repeats + 1):
        start = time.perf_counter()
        summary, _ = simulate(PLAYERS, games, seed, bot, difficulty=difficulty)
        best = max(best, games / (time.perf_counter() - start))
        rounds = statistics.fmean(summary.rounds)
    return best, rounds


def cold(args: list[str], cwd: Path, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "pnp", *args], cwd=cwd, check=True, capture_output=True
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'3-player games, one core':42} {'games/s':>9} {'rounds':>7}")
    for bot in ("random", "greedy"):
        games = args.games if bot == "random" else max(10, args.games // 20)
        rate, rounds = games_per_second(bot, games, args.repeats)
        print(f"{bot + ' bots':42} {rate:9.1f} {rounds:7.1f}")
    rate, rounds = games_per_second("random", args.games, args.repeats, solo=True)
    print(f"{'solo against Ptolemy, random bot':42} {rate:9.1f} {rounds:7.1f}")
    compileall.compile_dir(ROOT / "pnp", quiet=1)  # an installed package has its bytecode
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        name = "astra-endgame.toml"
        (where / name).write_bytes((ROOT / "docs" / "examples" / name).read_bytes())
        print(f"{'cold start (median)':42} {'seconds':>9}")
        score = ["astra", "score", name]
        print(f"{'pnp astra score (spec example)':42} {cold(score, where, args.repeats):9.3f}")


if __name__ == "__main__":
    main()
