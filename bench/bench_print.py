"""Time the print pipeline: `pnp kit --game starcharts` and the cold start of `pnp --help`.

    python bench/bench_print.py [--runs N]

Prints the median and best wall-clock time of each over N runs (fresh processes), with
pnp's bytecode compiled first, as after an install.
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


def _time(args: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(args, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "pnp", quiet=1)
    pnp = [sys.executable, "-m", "pnp"]
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        rows = [
            ("pnp --help (cold start)", [*pnp, "--help"]),
            ("pnp starcharts charts", [*pnp, "starcharts", "charts"]),
            ("pnp starcharts sheet lyra-8", [*pnp, "starcharts", "sheet", "lyra-8"]),
            ("pnp kit --game starcharts (43 PDFs)", [*pnp, "kit", "--game", "starcharts"]),
        ]
        print(f"{'command':40} {'median':>9} {'best':>9}   ({args.runs} runs)")
        for label, command in rows:
            times = [_time(command, where) for _ in range(args.runs)]
            print(f"{label:40} {statistics.median(times):8.3f}s {min(times):8.3f}s")


if __name__ == "__main__":
    main()
