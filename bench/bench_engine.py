"""Star Charts engine speed: complete simulated 4-player games per second on one core,
and the cold start of `pnp starcharts score`.

    python bench/bench_engine.py [--games N] [--repeats R]

A game is played from the first roll to the final scores by four bots through the same
Game the checker uses (trusted: moves come from the legal-run tables; the tests replay
simulated logs through the checking path). Best of R repeats, as the machine allows.
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

from pnp.play.starcharts_simulate import simulate  # noqa: E402
from pnp.starcharts.chart import load_chart  # noqa: E402

CASES = [
    ("lyra-8", "random"),
    ("orion-10-obstacles", "random"),
    ("lyra-8", "greedy"),
    ("orion-10-obstacles", "greedy"),
]


def games_per_second(chart_id: str, bot: str, games: int, repeats: int) -> tuple[float, float]:
    chart = load_chart(chart_id)
    simulate(chart, 4, max(1, games // 10), 0, bot)  # warm the run tables
    best, turns = 0.0, 0.0
    for seed in range(1, repeats + 1):
        start = time.perf_counter()
        summary, _ = simulate(chart, 4, games, seed, bot)
        best = max(best, games / (time.perf_counter() - start))
        turns = statistics.fmean(summary.rounds)
    return best, turns


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
    print(f"{'4-player games, one core':42} {'games/s':>9} {'rounds':>7}")
    for chart_id, bot in CASES:
        games = args.games if bot == "random" else max(10, args.games // 10)
        rate, rounds = games_per_second(chart_id, bot, games, args.repeats)
        print(f"{chart_id + ', ' + bot + ' bots':42} {rate:9.0f} {rounds:7.1f}")
    compileall.compile_dir(ROOT / "pnp", quiet=1)  # an installed package has its bytecode
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        for name in ("lyra-spec.txt", "finished.txt"):
            (where / name).write_bytes((ROOT / "docs" / "examples" / name).read_bytes())
        print(f"{'cold start (median)':42} {'seconds':>9}")
        print(f"{'pnp --help':42} {cold(['--help'], where, args.repeats):9.3f}")
        score = ["starcharts", "score", "finished.txt"]
        print(f"{'pnp starcharts score (spec example)':42} {cold(score, where, args.repeats):9.3f}")


if __name__ == "__main__":
    main()
