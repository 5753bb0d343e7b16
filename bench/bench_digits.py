"""The digit reader on digits cut out of simulated phone photos (bench/scan_sheets.py),
cropped as the sheet reader crops a score box: digits right, accepted (confidence at
pnp.scan.digits.THRESHOLD or more) and accepted-and-wrong, read alone, among the values
the box can hold (0-8 in an objective box, 5 or 0 in the Filled Sheet box), and as the
sheet reader takes them (among those values, and pnp.scan.loops agreeing), and
milliseconds a digit. Seeds 0-999 are for tuning, 100000 on only for reporting.

    python bench/bench_digits.py [--photos 300] [--first 100000] [--jobs 2] [--crops FILE]

Making the crops (a photo, then the reader's rectification) takes most of the time:
``--crops FILE`` keeps them in FILE (an .npz) and reads them from there when it exists.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).parent))

from scan_sheets import shot

from pnp.layouts.starcharts.sheet import sheet_places
from pnp.paper.sizes import PAPERS
from pnp.read.starcharts_blank import blank_sheet
from pnp.read.starcharts_photo import _sheet_kinds, read_sheet
from pnp.scan.digits import THRESHOLD, among, read_digit, sure
from pnp.scan.ink import crop, pen_ink
from pnp.scan.loops import loops_agree
from pnp.scan.photo import PhotoError, box_px

Crop = NDArray[np.float32]
BOX_VALUES = frozenset(range(9))
FILLED_VALUES = frozenset({0, 5})


def crops(seed: int) -> list[tuple[Crop, int, bool]]:
    """Each written box's ink crop, its digit, and whether it is the Filled Sheet box."""
    cv2.setNumThreads(1)
    s = shot(seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "photo.jpg"
        path.write_bytes(
            cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 100])[1].tobytes()
        )
        try:
            r = read_sheet(path)
        except PhotoError:
            return []
    per_page, paper_name = _sheet_kinds()[r.marks.kind]
    ink = pen_ink(r.page.colour, blank_sheet(r.chart, paper_name, per_page, r.page.gray.shape))
    places = sheet_places(r.chart, PAPERS[paper_name], per_page)
    out = []
    for k, value in enumerate((*s.truth.boxes, s.truth.filled)):
        if value != ".":
            part = crop(ink, box_px(r.marks, places.insides[k]), 0.04)
            out.append((np.array(part, np.float32), int(value), k == 5))
    return out


def collect(first: int, photos: int, jobs: int, cache: Path | None) -> list[tuple[Crop, int, bool]]:
    if cache is not None and cache.exists():
        with np.load(cache) as npz:
            truth, filled = npz["truth"], npz["filled"]
            return [(npz[f"c{i}"], int(truth[i]), bool(filled[i])) for i in range(len(truth))]
    with Pool(jobs) as pool:
        parts = pool.map(crops, range(first, first + photos), chunksize=2)
    rows = [c for part in parts for c in part]
    if cache is not None:
        arrays = {f"c{i}": c for i, (c, _, _) in enumerate(rows)}
        truth = np.array([t for _, t, _ in rows], np.int64)
        filled = np.array([f for _, _, f in rows], bool)
        np.savez_compressed(cache, allow_pickle=False, truth=truth, filled=filled, **arrays)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photos", type=int, default=300)
    parser.add_argument("--first", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--crops", type=Path)
    parser.add_argument("--show", type=int, default=5, help="list this many worst readings")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    rows = collect(args.first, args.photos, args.jobs, args.crops)
    start = time.perf_counter()
    alone = [read_digit(c) for c, _, _ in rows]
    seconds = (time.perf_counter() - start) / max(1, len(rows))
    boxed = [
        among(r, FILLED_VALUES if filled else BOX_VALUES)
        for r, (_, _, filled) in zip(alone, rows, strict=True)
    ]
    taken = [
        sure(r, FILLED_VALUES if filled else BOX_VALUES) and loops_agree(c, r.digit)
        for r, (c, _, filled) in zip(boxed, rows, strict=True)
    ]
    truth = [t for _, t, _ in rows]
    n = len(rows)
    last = args.first + args.photos - 1
    print(f"{n} digits from {args.photos} photos (seeds {args.first}-{last})")
    for name, readings, accept in (
        ("alone", alone, [r.confidence >= THRESHOLD for r in alone]),
        ("among the box's values", boxed, [r.confidence >= THRESHOLD for r in boxed]),
        ("as the sheet reader takes them (among, sure, loops agree)", boxed, taken),
    ):
        right = sum(r.digit == t for r, t in zip(readings, truth, strict=True))
        kept = [(r, t) for r, t, a in zip(readings, truth, accept, strict=True) if a]
        wrong = sum(r.digit != t for r, t in kept)
        print(
            f"{name}: right {right}/{n} = {100 * right / max(n, 1):.1f} %, accepted "
            f"{len(kept)}/{n} = {100 * len(kept) / max(n, 1):.1f} %, accepted-and-wrong {wrong}"
        )
    worst = sorted(
        ((r.confidence, r.digit, t) for r, t in zip(alone, truth, strict=True) if r.digit != t),
        reverse=True,
    )
    for confidence, digit, t in worst[: args.show]:
        print(f"  read {digit} for {t} at {confidence:.4f}")
    print(f"{1000 * seconds:.2f} ms a digit (read_digit, one core)")


if __name__ == "__main__":
    main()
