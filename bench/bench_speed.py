"""Speed and size, side by side in one run: games per second of the pure-Python and the
compiled (mypyc) engines, one process against all cores, PDF sizes, and the start-up of
`score` against the floor of `python -c "import click"`.

    python bench/bench_speed.py [--compiled PYTHON] [--games N] [--repeats R]

Without --compiled it builds the compiled engines once into build/bench-compiled
(`PNP_MYPYC=1 pip install .`, a few minutes; it needs a C compiler). Each figure comes
from fresh processes; games per second are the best of R runs, start-ups the median.
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
WORKER = ROOT / "bench" / "speed_worker.py"
BUILD = ROOT / "build" / "bench-compiled"
CASES = [  # (case, label, share of --games)
    ("starcharts-random-lyra-8", "Star Charts 4p 8×8 (lyra-8), random", 1.0),
    ("starcharts-random-orion-10-obstacles", "Star Charts 4p 10×10 (orion-10-obst.), random", 1.0),
    ("starcharts-greedy-lyra-8", "Star Charts 4p 8×8, greedy", 0.25),
    ("starcharts-greedy-orion-10-obstacles", "Star Charts 4p 10×10, greedy", 0.1),
    ("astra-random", "Astra 3p, random", 0.5),
    ("astra-greedy", "Astra 3p, greedy", 0.02),
    ("cosmos-random", "Crafting the Cosmos 3p, random", 0.5),
    ("cosmos-greedy", "Crafting the Cosmos 3p, greedy", 0.05),
]
JOBS_CASES = ("starcharts-greedy-orion-10-obstacles", "astra-greedy", "cosmos-greedy")
EXAMPLES = ROOT / "docs" / "examples"


def compiled_python() -> str:
    python = BUILD / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(BUILD)], check=True)
        env = {**os.environ, "PNP_MYPYC": "1"}
        pip = [str(python), "-m", "pip", "install", "-q", str(ROOT)]
        subprocess.run(pip, check=True, env=env)
    return str(python)


def rate(python: str, case: str, games: int, repeats: int, jobs: int, pure: bool) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)} if pure else dict(os.environ)
    args = [python, str(WORKER), case, str(games), str(repeats), str(jobs)]
    with tempfile.TemporaryDirectory() as tmp:  # never the checkout: its sources shadow
        done = subprocess.run(args, cwd=tmp, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout)


def start_up(command: list[str], cwd: Path, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pdf_sizes(where: Path) -> tuple[int, int, int]:
    pnp = [sys.executable, "-m", "pnp"]
    sheet = where / "sheet.pdf"
    subprocess.run(
        [*pnp, "starcharts", "sheet", "lyra-8", "-o", str(sheet)],
        check=True,
        capture_output=True,
        cwd=where,
    )
    kit = where / "kit"
    subprocess.run(
        [*pnp, "kit", "--game", "all", "--out", str(kit)],
        check=True,
        capture_output=True,
        cwd=where,
    )
    pdfs = list(kit.rglob("*.pdf"))
    return sheet.stat().st_size, sum(p.stat().st_size for p in pdfs), len(pdfs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compiled", help="a Python with pnp installed with PNP_MYPYC=1")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    compiled = args.compiled or compiled_python()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    print(f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, {sys.platform}")
    print(f"{'games/s':48} {'pure':>8} {'compiled':>9} {'×':>5}")
    for case, label, share in CASES:
        games = max(4, int(args.games * share))
        pure = rate(sys.executable, case, games, args.repeats, 1, True)
        fast = rate(compiled, case, games, args.repeats, 1, False)
        print(f"{label:48} {pure:8.1f} {fast:9.1f} {fast / pure:5.2f}")
    print(f"{'games/s, pure, --jobs 1 vs --jobs ' + str(cores):48} {'1':>8} {cores:>9}")
    for case, label, share in (c for c in CASES if c[0] in JOBS_CASES):
        games = max(20 * cores, int(args.games * share * 4))  # enough to pay for the start
        one = rate(sys.executable, case, games, args.repeats, 1, True)
        all_ = rate(sys.executable, case, games, args.repeats, cores, True)
        print(f"{label:48} {one:8.1f} {all_:9.1f} {all_ / one:5.2f}")
    compileall.compile_dir(ROOT / "pnp", quiet=1)  # an installed package has its bytecode
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        sheet, kit, count = pdf_sizes(where)
        print(f"{'PDF sizes':48} {'bytes':>8}")
        print(f"{'pnp starcharts sheet lyra-8':48} {sheet:8d}")
        print(f"{f'pnp kit --game all ({count} PDFs)':48} {kit:8d}")
        scorers = (
            ("starcharts", "finished.txt"),
            ("astra", "astra-endgame.toml"),
            ("cosmos", "cosmos-game.toml"),
        )
        for name in ("lyra-spec.txt", *(example for _, example in scorers)):
            (where / name).write_bytes((EXAMPLES / name).read_bytes())
        floor = start_up([sys.executable, "-c", "import click"], where, 21)
        print(f"{'start-up, median of 21 (seconds)':48} {'pure':>8} {'compiled':>9}")
        label = 'python -c "import click" (the floor)'
        print(f"{label:48} {floor:8.3f}")
        for game, example in scorers:
            times = [
                start_up([str(Path(python).parent / "pnp"), game, "score", example], where, 21)
                for python in (sys.executable, compiled)
            ]
            label = f"pnp {game} score (× floor {times[0] / floor:.2f}, {times[1] / floor:.2f})"
            print(f"{label:48} {times[0]:8.3f} {times[1]:9.3f}")


if __name__ == "__main__":
    main()
