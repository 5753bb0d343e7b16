"""The photo reader on simulated phone photos of finished Star Charts sheets
(bench/scan_sheets.py): cells and digits read right, whole sheets read exactly without a
question, sheets flagged for a question, sheets silently wrong, seconds and peak memory
per photo. Seeds from 100000 on were never used to tune the reader (tuning: 0-999).

    python bench/bench_scan.py [--photos 1000] [--first 100000]
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).parent))

from scan_sheets import shot

from pnp.scan.photo import PhotoError
from pnp.score.starcharts_photo import read_sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--photos", type=int, default=1000)
    parser.add_argument("--first", type=int, default=100_000)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    cells = cells_right = digits = digits_right = exact = flagged = wrong = refused = 0
    seconds: dict[float, list[float]] = {2.0: [], 12.0: []}
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(args.first, args.first + args.photos):
            s = shot(seed)
            path = Path(folder) / "photo.jpg"
            path.write_bytes(
                cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 100])[1].tobytes()
            )
            start = time.perf_counter()
            try:
                r = read_sheet(path)
            except PhotoError as exc:
                refused += 1
                print(f"seed {seed}: refused: {exc}", file=sys.stderr)
                continue
            seconds[s.megapixels].append(time.perf_counter() - start)
            t = s.truth
            pairs = list(zip(r.grid, t.grid, strict=True))
            cells += len(pairs)
            cells_right += sum(a == b for a, b in pairs)
            numbers = list(zip((*r.boxes, r.filled), (*t.boxes, t.filled), strict=True))
            digits += sum(b != "." for _, b in numbers)
            digits_right += sum(a == b != "." for a, b in numbers)
            pairs += [*numbers, (",".join(r.abilities), ",".join(t.abilities))]
            bad = [(a, b) for a, b in pairs if a != b and "?" not in a]
            if bad:
                wrong += 1
                print(f"seed {seed}: silently wrong: {bad[:5]}", file=sys.stderr)
            elif r.doubts:
                flagged += 1
            else:
                exact += 1
    read = args.photos - refused
    last = args.first + args.photos - 1
    print(f"photos: {args.photos} (seeds {args.first}-{last}), refused {refused}")
    print(f"cells right: {cells_right}/{cells} = {100 * cells_right / max(cells, 1):.3f} %")
    print(f"digits right: {digits_right}/{digits} = {100 * digits_right / max(digits, 1):.1f} %")
    print(f"sheets read exactly, no question: {exact}/{read} = {100 * exact / max(read, 1):.1f} %")
    print(f"sheets with a question: {flagged}; sheets silently wrong: {wrong}")
    for mp, times in seconds.items():
        if times:
            times.sort()
            median = times[len(times) // 2]
            print(f"{mp:g} MP: {len(times)} photos, median {median:.2f} s, max {times[-1]:.2f} s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MB (the whole bench)")


if __name__ == "__main__":
    main()
