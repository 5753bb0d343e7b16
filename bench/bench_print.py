"""Time the print pipeline: the whole kit on one process and on two beside its floor,
each game's kit as PDF (and Star Charts' as SVG), and the cold start of `pnp --help`;
then measure the ink coverage of a page of Astra cards.

    python bench/bench_print.py [--runs N] [--kit-runs K]

First, side by side: K rounds, each running `python -c "import reportlab.pdfgen.canvas"`
(the floor: Python starting and loading what draws a PDF), `pnp kit --jobs 1` and
`pnp kit --jobs 2` one after the other, in a turning order; the median of each, the
median of the rounds' ratios, and those against their targets (the kit within 20 times
the floor; two processes at least 1.7 times as fast as one, on an idle 2-core machine).
The two kits' files are compared byte for byte. Then the median and best wall-clock time
of each other command over N runs. Every run is a fresh process, with pnp's bytecode
compiled first, as after an install. Ink coverage needs pdftoppm (poppler-utils): the
mean darkness of the page rendered in gray at 100 dpi.
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


def _time(args: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(args, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


FLOOR_TARGET = 20.0  # the kit within this many times the floor (issue 22)
JOBS_TARGET = 1.7  # --jobs 2 at least this many times as fast as --jobs 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kit-runs", type=int, default=7)
    args = parser.parse_args()
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "pnp", quiet=1)
    pnp = [sys.executable, "-m", "pnp"]
    with tempfile.TemporaryDirectory() as tmp:
        kit_side_by_side(pnp, Path(tmp), args.kit_runs)
    rows: list[tuple[str, list[str], str | None]] = [
        ("pnp --help (cold start)", [*pnp, "--help"], None),
        ("pnp starcharts charts", [*pnp, "starcharts", "charts"], None),
        ("pnp starcharts sheet lyra-8", [*pnp, "starcharts", "sheet", "lyra-8"], None),
        ("pnp kit --game starcharts", [*pnp, *_kit("starcharts", "pdf")], "pdf"),
        ("pnp kit --game starcharts --format svg", [*pnp, *_kit("starcharts", "svg")], "svg"),
        ("pnp kit --game astra", [*pnp, *_kit("astra", "pdf")], "pdf"),
        ("pnp kit --game astra --lang fr", [*pnp, *_kit("astra", "pdf"), "--lang", "fr"], "pdf"),
    ]
    print(f"{'command':52} {'median':>9} {'best':>9}   ({args.runs} runs)")
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        for label, command, kit in rows:
            times = [_time(command, where) for _ in range(args.runs)]
            name = f"{label} ({_written(where, command)} files)" if kit else label
            print(f"{name:52} {statistics.median(times):8.3f}s {min(times):8.3f}s")
        cards = where / "kit-astra-pdf" / "astra" / "constellation-cards.pdf"
        print(f"ink coverage of a page of Astra card fronts: {_ink(cards):.1%}")


def kit_side_by_side(pnp: list[str], where: Path, rounds: int) -> None:
    """The whole kit on one and on two processes beside the floor, alternating."""
    commands = {
        "floor": [sys.executable, "-c", "import reportlab.pdfgen.canvas"],
        "jobs 1": [*pnp, "kit", "--out", "kit-1", "--jobs", "1"],
        "jobs 2": [*pnp, "kit", "--out", "kit-2", "--jobs", "2"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for n in range(rounds):
        names = list(commands)
        for name in names[n % 3 :] + names[: n % 3]:  # each goes first in turn
            times[name].append(_time(commands[name], where))
    floor, one, two = (times[name] for name in commands)
    same = _files(where / "kit-1") == _files(where / "kit-2")
    count = len(_files(where / "kit-1"))
    rows = [
        ('python -c "import reportlab.pdfgen.canvas" (floor)', floor, None, None),
        (f"pnp kit --jobs 1 ({count} files)", one, _ratios(one, floor), None),
        (f"pnp kit --jobs 2 ({count} files)", two, _ratios(two, floor), FLOOR_TARGET),
    ]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"The kit beside its floor: {rounds} alternating rounds, {cores} cores, medians")
    print(f"{'command':52} {'seconds':>8} {'× floor':>8} {'target':>8}")
    for label, seconds, ratio, target in rows:
        shown = f"{ratio:8.1f}" if ratio is not None else " " * 8
        wanted = f"{'≤':>3} {target:4.0f}" if target is not None else ""
        print(f"{label:52} {statistics.median(seconds):8.3f} {shown} {wanted}")
    label = "--jobs 2 against --jobs 1 (× as fast)"
    print(f"{label:52} {'':8} {_ratios(one, two):8.2f} {'≥':>3} {JOBS_TARGET:4.1f}")
    print(f"the files of --jobs 1 and --jobs 2: {'byte-identical' if same else 'DIFFERENT'}")
    print()


def _ratios(these: list[float], those: list[float]) -> float:
    """The median of the rounds' ratios."""
    return statistics.median(a / b for a, b in zip(these, those, strict=True))


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _kit(game: str, fmt: str) -> list[str]:
    return ["kit", "--game", game, "--format", fmt, "--out", f"kit-{game}-{fmt}"]


def _written(where: Path, command: list[str]) -> int:
    out = where / command[command.index("--out") + 1]
    return sum(1 for f in out.rglob("*") if f.is_file())


def _ink(pdf: Path) -> float:
    """The first page's mean darkness: 0 is a blank page, 1 solid black."""
    gray = subprocess.run(
        ["pdftoppm", "-gray", "-r", "100", "-f", "1", "-l", "1", str(pdf)],
        check=True,
        capture_output=True,
    ).stdout
    # a binary PGM: "P5\n<w> <h>\n255\n" then one byte per pixel
    header_end = gray.index(b"\n", gray.index(b"\n", 3) + 1) + 1
    pixels = gray[header_end:]
    return 1 - sum(pixels) / (255 * len(pixels))


if __name__ == "__main__":
    main()
