"""Time the print pipeline: each game's kit as PDF (and Star Charts' as SVG), and the
cold start of `pnp --help`; then measure the ink coverage of a page of Astra cards.

    python bench/bench_print.py [--runs N]

Prints the median and best wall-clock time of each over N runs (fresh processes), with
pnp's bytecode compiled first, as after an install. Ink coverage needs pdftoppm
(poppler-utils): the mean darkness of the page rendered in gray at 100 dpi.
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
