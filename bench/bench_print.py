"""Time the print pipeline: `pnp kit --game starcharts` as PDF and as SVG, and the cold
start of `pnp --help`.

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
    rows: list[tuple[str, list[str], str | None]] = [
        ("pnp --help (cold start)", [*pnp, "--help"], None),
        ("pnp starcharts charts", [*pnp, "starcharts", "charts"], None),
        ("pnp starcharts sheet lyra-8", [*pnp, "starcharts", "sheet", "lyra-8"], None),
        ("pnp kit --game starcharts", [*pnp, *_kit("pdf")], "pdf"),
        ("pnp kit --game starcharts --format svg", [*pnp, *_kit("svg")], "svg"),
    ]
    print(f"{'command':52} {'median':>9} {'best':>9}   ({args.runs} runs)")
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        for label, command, kit in rows:
            times = [_time(command, where) for _ in range(args.runs)]
            name = f"{label} ({_written(where, kit)} {kit.upper()}s)" if kit else label
            print(f"{name:52} {statistics.median(times):8.3f}s {min(times):8.3f}s")


def _kit(fmt: str) -> list[str]:
    return ["kit", "--game", "starcharts", "--format", fmt, "--out", f"kit-{fmt}"]


def _written(where: Path, fmt: str) -> int:
    return len(list((where / f"kit-{fmt}").rglob(f"*.{fmt}")))


if __name__ == "__main__":
    main()
