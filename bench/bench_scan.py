"""The photo reader on simulated phone photos of finished Star Charts sheets
(bench/scan_sheets.py): cells and digits read right, whole sheets read exactly without a
question, sheets with a question, sheets silently wrong, photos refused, seconds a
photo. Each sheet's boxes hold 0 or values of the four objective cards dealt, and the
reader is told the cards, as `pnp starcharts score --objectives` tells it. Seeds from
100000 on were never used to tune the reader (tuning used seeds below 10000).

    python bench/bench_scan.py [--photos 1000] [--first 100000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).parent))

from scan_sheets import shot

from pnp.read.starcharts_photo import read_sheet
from pnp.scan.photo import PhotoError

# cells, cells right, digits, digits right, exact, asked, wrong, refused, MP, seconds
Row = tuple[int, int, int, int, int, int, int, int, float, float]


def one(seed: int) -> Row:
    cv2.setNumThreads(1)
    s = shot(seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "photo.jpg"
        path.write_bytes(
            cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 100])[1].tobytes()
        )
        start = time.perf_counter()
        try:
            r = read_sheet(path, None, s.truth.objectives)
        except PhotoError as exc:
            print(f"seed {seed}: refused: {str(exc).split(': ', 1)[1]}", file=sys.stderr)
            return (0, 0, 0, 0, 0, 0, 0, 1, s.megapixels, time.perf_counter() - start)
        seconds = time.perf_counter() - start
    t = s.truth
    pairs = list(zip(r.grid, t.grid, strict=True))
    right = sum(a == b for a, b in pairs)
    numbers = list(zip((*r.boxes, r.filled), (*t.boxes, t.filled), strict=True))
    digits = sum(b != "." for _, b in numbers)
    digits_right = sum(a == b != "." for a, b in numbers)
    pairs += [*numbers, (",".join(r.abilities), ",".join(t.abilities))]
    bad = [(a, b) for a, b in pairs if a != b and "?" not in a]
    if bad:
        print(f"seed {seed}: silently wrong (read, truth): {bad[:5]}", file=sys.stderr)
    exact, asked = int(not bad and not r.doubts), int(not bad and bool(r.doubts))
    return (len(t.grid), right, digits, digits_right, exact, asked, int(bool(bad)), 0,
            s.megapixels, seconds)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--photos", type=int, default=1000)
    parser.add_argument("--first", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.photos)
    with Pool(args.jobs) as pool:
        rows = pool.map(one, seeds, chunksize=4)
    cells, right, digits, digits_right, exact, asked, wrong, refused = (
        sum(r[k] for r in rows) for k in range(8)
    )
    read = len(rows) - refused
    print(f"photos: {len(rows)} (seeds {seeds[0]}-{seeds[-1]}); refused: {refused}")
    print(f"cells right: {right}/{cells} = {100 * right / max(cells, 1):.3f} %")
    print(f"digits right: {digits_right}/{digits} = {100 * digits_right / max(digits, 1):.1f} %")
    print(f"sheets read exactly, no question: {exact}/{read} = {100 * exact / max(read, 1):.1f} %")
    print(f"sheets with a question: {asked}/{read}; sheets silently wrong: {wrong}/{read}")
    for mp in (2.0, 12.0):
        times = sorted(r[9] for r in rows if r[8] == mp and not r[7])
        if times:
            median, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
            print(f"{mp:g} MP: {len(times)} photos, median {median:.2f} s, 95th {p95:.2f} s")
    print(f"peak memory reading one 12 MP photo: {peak_mb(seeds[0]):.0f} MB")


def peak_mb(seed: int) -> float:
    """The most memory a fresh process reading one 12 MP photo holds (VmHWM: the
    high-water mark of its own memory, which, unlike getrusage, a fork does not pass on)."""
    s = shot(seed, 12.0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "photo.jpg"
        path.write_bytes(cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
        code = (
            "import cv2, pathlib, re; cv2.setNumThreads(1)\n"
            "from pnp.read.starcharts_photo import read_sheet\n"
            "from pnp.scan.photo import PhotoError\n"
            "try:\n    read_sheet(pathlib.Path(" + repr(str(path)) + "))\n"
            "except PhotoError:\n    pass\n"
            "print(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1))"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True
        )
    return int(out.stdout.strip().splitlines()[-1]) / 1024


if __name__ == "__main__":
    main()
