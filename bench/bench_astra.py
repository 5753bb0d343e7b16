"""Astra engine speed: complete simulated 3-player games per second on one core, for the
random and the greedy bots, solo games against Ptolemy (the engine plays his turns), and
the cold start of `pnp astra score`.

    python bench/bench_astra.py [--games N] [--repeats R]
    python bench/bench_astra.py --compiled PYTHON [--before CHECKOUT]
        [--before-compiled PYTHON] [--bot greedy|random] [--runs K] [--games N] [--repeats R]

A game is played from the set-up to the final scores by three bots through the same Game
the checker replays (the tests replay simulated logs through it). Best of R repeats, as
the machine allows; the cold start is the median of R fresh processes.

Given a compiled Python (one with pnp installed with `PNP_MYPYC=1 pip install .`), it
measures one bot's games side by side instead: this checkout pure and compiled, and
another checkout (``--before``, e.g. a worktree of an older commit) pure and compiled
(``--before-compiled``), each run in a fresh process (bench/speed_worker.py), the builds
taking turns K times, as a shared machine's speed drifts; it prints every run, the
medians and their ratios.
"""

from __future__ import annotations

import argparse
import compileall
import os
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
WORKER = ROOT / "bench" / "speed_worker.py"


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


def in_process(games: int, repeats: int) -> None:
    print(f"{'3-player games, one core':42} {'games/s':>9} {'rounds':>7}")
    for bot in ("random", "greedy"):
        n = games if bot == "random" else max(10, games // 20)
        rate, rounds = games_per_second(bot, n, repeats)
        print(f"{bot + ' bots':42} {rate:9.1f} {rounds:7.1f}")
    rate, rounds = games_per_second("random", games, repeats, solo=True)
    print(f"{'solo against Ptolemy, random bot':42} {rate:9.1f} {rounds:7.1f}")
    compileall.compile_dir(ROOT / "pnp", quiet=1)  # an installed package has its bytecode
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        name = "astra-endgame.toml"
        (where / name).write_bytes((ROOT / "docs" / "examples" / name).read_bytes())
        print(f"{'cold start (median)':42} {'seconds':>9}")
        score = ["astra", "score", name]
        print(f"{'pnp astra score (spec example)':42} {cold(score, where, repeats):9.3f}")


def rate(python: str, source: Path | None, bot: str, games: int, repeats: int) -> float:
    """Games a second in a fresh process of ``python``: pure from the checkout ``source``,
    else (None) the pnp installed in it."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if source is not None:
        env["PYTHONPATH"] = str(source)
    args = [python, str(WORKER), f"astra-{bot}", str(games), str(repeats), "1"]
    with tempfile.TemporaryDirectory() as tmp:  # never a checkout: its sources would shadow
        done = subprocess.run(args, cwd=tmp, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout)


def side_by_side(
    builds: dict[str, tuple[str, Path | None]], bot: str, games: int, repeats: int, runs: int
) -> None:
    print(
        f"{bot} bots, {PLAYERS}-player games a second, one core: each run the best of "
        f"{repeats} repeats of {games} games, in a fresh process; {runs} runs in turn"
    )
    print(f"{'run':>6}" + "".join(f"{name:>17}" for name in builds))
    rates: dict[str, list[float]] = {name: [] for name in builds}
    for run in range(1, runs + 1):
        for name, (python, source) in builds.items():
            rates[name].append(rate(python, source, bot, games, repeats))
        print(f"{run:>6}" + "".join(f"{rates[name][-1]:17.1f}" for name in builds))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    print(f"{'median':>6}" + "".join(f"{medians[name]:17.1f}" for name in builds))
    for new, old in (
        ("compiled", "pure"),
        ("pure", "before pure"),
        ("compiled", "before compiled"),
    ):
        if new in medians and old in medians:
            print(f"{new} / {old}: {medians[new] / medians[old]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--compiled", help="a Python with this checkout installed compiled")
    parser.add_argument("--before", type=Path, help="another checkout, measured pure beside")
    parser.add_argument("--before-compiled", help="a Python with --before installed compiled")
    parser.add_argument("--bot", choices=("greedy", "random"), default="greedy")
    parser.add_argument("--runs", type=int, default=5, help="side by side: runs of each build")
    args = parser.parse_args()
    if not args.compiled:
        in_process(args.games, args.repeats)
        return
    builds: dict[str, tuple[str, Path | None]] = {
        "pure": (sys.executable, ROOT),
        "compiled": (args.compiled, None),
    }
    if args.before:
        builds["before pure"] = (sys.executable, args.before.resolve())
    if args.before_compiled:
        builds["before compiled"] = (args.before_compiled, None)
    games = args.games if args.bot == "random" else max(10, args.games // 20)
    side_by_side(builds, args.bot, games, args.repeats, args.runs)


if __name__ == "__main__":
    main()
