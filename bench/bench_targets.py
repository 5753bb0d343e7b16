"""Every speed target of issues 22 and 27 beside its floor, in one run:

    python bench/bench_targets.py --before CHECKOUT [--compiled PYTHON]
        [--before-compiled PYTHON] [--rounds N] [--pairs N] [--no-suite]

1. `pnp kit` (every game) on the machine's cores beside `import reportlab.pdfgen.canvas`
   (at most 20 times it), and on one process: two processes at least 1.7 times as fast,
   with byte-identical files (bench_print.py).
2. Each game's `simulate` command, greedy bots, start to end as a user runs it, `--jobs 2`
   against `--jobs 1`: at least 1.7 times as fast.
3. Astra's greedy bot against the engine before (``--before``, a worktree of an older
   commit, e.g. ``git worktree add /tmp/before c3147d4``), pure and compiled: at least 4
   times as many games a second. Compiled figures need Pythons with each checkout
   installed with ``PNP_MYPYC=1 pip install .``; without them only pure is shown.
4. The test suite's wall time (`pytest -q`, every core): under 90 s.
5. Each game's `score` starting, beside `python -c "import click"`: within 1.4 times it
   (bench_startup.py; ``--pairs`` fresh pairs in turn, the median of their ratios).

Every figure is the median of N rounds in which the commands take turns, in fresh
processes, as a shared machine's speed drifts.
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
sys.path.insert(0, str(ROOT / "bench"))

import bench_astra  # noqa: E402
import bench_print  # noqa: E402
import bench_startup  # noqa: E402

JOBS_TARGET = 1.7
GREEDY_TARGET = 4.0
SUITE_TARGET = 90.0
SIMULATIONS = (  # label, the command but its --jobs: a fresh run, as a user starts it
    (
        "pnp starcharts simulate, 300 greedy games, 4p 10×10",
        "starcharts simulate --chart orion-10-obstacles --players 4 --games 300 --bot greedy",
    ),
    (
        "pnp astra simulate, 120 greedy games, 3p",
        "astra simulate --players 3 --games 120 --bot greedy",
    ),
    (
        "pnp cosmos simulate, 120 greedy games, 3p",
        "cosmos simulate --players 3 --games 120 --bot greedy",
    ),
)


def jobs_side_by_side(rounds: int) -> None:
    """Each simulation as a command, start to end, on one process and on two, in turns."""
    print(f"simulate --jobs 2 against --jobs 1, seconds, median of {rounds} rounds")
    print(f"{'command':52} {'jobs 1':>8} {'jobs 2':>8} {'×':>6} {'target':>8}")
    pnp = [sys.executable, "-m", "pnp"]
    for label, command in SIMULATIONS:
        one: list[float] = []
        two: list[float] = []
        with tempfile.TemporaryDirectory() as tmp:
            for _ in range(rounds):
                for jobs, times in ((1, one), (2, two)):
                    args = [*pnp, *command.split(), "--seed", "1", "--jobs", str(jobs)]
                    times.append(bench_print._time(args, Path(tmp)))
        ratio = statistics.median(a / b for a, b in zip(one, two, strict=True))
        print(
            f"{label:52} {statistics.median(one):8.2f} {statistics.median(two):8.2f} "
            f"{ratio:6.2f} {'≥':>3} {JOBS_TARGET:4.1f}"
        )
    print()


def greedy_side_by_side(
    before: Path, compiled: str | None, before_compiled: str | None, rounds: int
) -> None:
    builds: dict[str, tuple[str, Path | None]] = {
        "pure": (sys.executable, ROOT),
        "before pure": (sys.executable, before.resolve()),
    }
    if compiled and before_compiled:
        builds["compiled"] = (compiled, None)
        builds["before compiled"] = (before_compiled, None)
    rates: dict[str, list[float]] = {name: [] for name in builds}
    for _ in range(rounds):
        for name, (python, source) in builds.items():
            rates[name].append(bench_astra.rate(python, source, "greedy", 20, 3))
    print(f"Astra greedy bots, 3-player games a second, one core, median of {rounds} rounds")
    print(f"{'build':52} {'now':>8} {'before':>8} {'×':>6} {'target':>8}")
    for kind in ("pure", "compiled"):
        if kind not in rates:
            continue
        now, old = rates[kind], rates[f"before {kind}"]
        ratio = statistics.median(a / b for a, b in zip(now, old, strict=True))
        print(
            f"{kind:52} {statistics.median(now):8.1f} {statistics.median(old):8.1f} "
            f"{ratio:6.2f} {'≥':>3} {GREEDY_TARGET:4.1f}"
        )
    print()


def suite() -> None:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    label = "the test suite (pytest -q, every core), seconds"
    print(f"{label:52} {seconds:8.1f} {'':15} {'<':>3} {SUITE_TARGET:4.0f}")
    print(f"  {last}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="a checkout of the older engine")
    parser.add_argument("--compiled", help="a Python with this checkout installed compiled")
    parser.add_argument("--before-compiled", help="a Python with --before installed compiled")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=21, help="pairs for the scorers' start-up")
    parser.add_argument("--no-suite", action="store_true", help="leave out the test suite")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{os.cpu_count()} cores ({cores} usable), Python {sys.version.split()[0]}\n")
    compileall.compile_dir(ROOT / "pnp", quiet=1)  # an installed package has its bytecode
    with tempfile.TemporaryDirectory() as tmp:
        bench_print.kit_side_by_side([sys.executable, "-m", "pnp"], Path(tmp), args.rounds)
    jobs_side_by_side(args.rounds)
    bench_startup.startup_side_by_side(args.pairs)
    greedy_side_by_side(args.before, args.compiled, args.before_compiled, args.rounds)
    if not args.no_suite:
        suite()


if __name__ == "__main__":
    main()
