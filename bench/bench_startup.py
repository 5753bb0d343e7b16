"""Each game's scorer starting, beside its floor: Python starting and loading click.

    python bench/bench_startup.py [--pairs N]

Every scorer runs as a user runs it (the console script beside this Python, in a
folder holding the example files), in turn with `python -c "import click"`, each a fresh
process, N pairs; the figure is the median of the pairs' ratios (a shared machine's
speed drifts, so a ratio of neighbours holds where two medians would not), beside its
minimum. Target: every scorer within 1.4 times its floor. Board mode reads the galaxy
and counts every goal from the galaxies of the example game's end (`pnp cosmos check
--final-state`), so it is shown beside the others, not held to that target.
"""

from __future__ import annotations

import argparse
import compileall
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
STARTUP_TARGET = 1.4
BOARD = "cosmos-board.toml"  # written by `pnp cosmos check --final-state` below
SCORERS = (  # label, the arguments after pnp, held to the target
    ("pnp starcharts score finished.txt", ["starcharts", "score", "finished.txt"], True),
    ("pnp astra score astra-endgame.toml", ["astra", "score", "astra-endgame.toml"], True),
    ("pnp cosmos score cosmos-game.toml (counts)", ["cosmos", "score", "cosmos-game.toml"], True),
    ("pnp cosmos score, board mode", ["cosmos", "score", BOARD], False),
)


def _time(args: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(args, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def _examples(where: Path, pnp: str) -> None:
    for example in EXAMPLES.iterdir():
        shutil.copy(example, where / example.name)
    final = ["cosmos", "check", "cosmos-game.txt", "--final-state", BOARD]
    subprocess.run([pnp, *final], cwd=where, check=True, capture_output=True)


def startup_side_by_side(pairs: int) -> None:
    """Each scorer and the floor in turn, ``pairs`` times; medians and ratios."""
    pnp = str(Path(sys.executable).parent / "pnp")
    floor = [sys.executable, "-c", "import click"]
    compileall.compile_dir(ROOT / "pnp", quiet=1)  # an installed package has its bytecode
    print(f'Scorers starting, beside python -c "import click": {pairs} pairs, in turn')
    print(f"{'command':52} {'floor':>8} {'seconds':>8} {'×':>6} {'min ×':>6} {'target':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        _examples(where, pnp)
        for label, args, held in SCORERS:
            theirs, ours = [], []
            for n in range(pairs):
                first, second = (floor, [pnp, *args]) if n % 2 else ([pnp, *args], floor)
                a, b = _time(first, where), _time(second, where)
                theirs.append(a if first is floor else b)
                ours.append(b if first is floor else a)
            ratios = [o / f for o, f in zip(ours, theirs, strict=True)]
            wanted = f"{'≤':>3} {STARTUP_TARGET:4.1f}" if held else ""
            print(
                f"{label:52} {statistics.median(theirs):8.3f} {statistics.median(ours):8.3f} "
                f"{statistics.median(ratios):6.2f} {min(ratios):6.2f} {wanted}"
            )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=21)
    startup_side_by_side(parser.parse_args().pairs)


if __name__ == "__main__":
    main()
