"""A score pad's photo reader on simulated photos of filled pads (Crafting the Cosmos's,
bench/scan_pads.py; Astra's, bench/scan_astra_pads.py): numbers read right, asked as ?,
read wrong; whole pads read exactly without a question, pads with a question, pads with
a number read wrong (and of those, silently: no ? on them); seconds a photo.

    python bench/bench_pads.py [--game cosmos|astra] [--photos 20] [--first 100000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).parent))

import scan_astra_pads
import scan_pads

from pnp.read import astra_photo, cosmos_photo
from pnp.scan.photo import PhotoError


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--photos", type=int, default=20)
    parser.add_argument("--first", type=int, default=100_000)
    parser.add_argument("--game", choices=["cosmos", "astra"], default="cosmos")
    args = parser.parse_args()
    shot = scan_astra_pads.shot if args.game == "astra" else scan_pads.shot
    read_pad = astra_photo.read_pad if args.game == "astra" else cosmos_photo.read_pad
    cv2.setNumThreads(1)
    numbers = right = asked = wrong = exact = questioned = misread = silent = refused = 0
    seconds = []
    for seed in range(args.first, args.first + args.photos):
        s = shot(seed)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "pad.jpg"
            path.write_bytes(cv2.imencode(".jpg", s.image)[1].tobytes())
            start = time.perf_counter()
            try:
                values = read_pad(path).values
            except PhotoError as exc:
                refused += 1
                print(f"seed {seed}: refused: {str(exc).split(': ', 1)[1]}", file=sys.stderr)
                continue
            seconds.append(time.perf_counter() - start)
        written = {c: v for c, v in s.truth.items() if v is not None}
        numbers += len(written)
        right += sum(values.get(c) == v for c, v in written.items())
        asked += sum(values.get(c) == "?" for c in written)
        dropped = [c for c in written if c not in values]  # a column not read at all
        bad = sum(v not in ("?", s.truth.get(c)) for c, v in values.items()) + len(dropped)
        if bad:
            wrongs = [
                (c, v, s.truth.get(c)) for c, v in values.items() if v not in ("?", s.truth.get(c))
            ]
            print(f"seed {seed}: read wrong (cell, read, truth): {wrongs}", file=sys.stderr)
        wrong += bad
        misread += bad > 0
        silent += bad > 0 and "?" not in values.values()
        questioned += bad == 0 and "?" in values.values()
        exact += bad == 0 and "?" not in values.values()
    print(f"photos {args.photos}, refused {refused}")
    print(f"numbers right {right} / {numbers}, asked {asked}, wrong {wrong}")
    print(f"pads exact {exact}, with a question and nothing wrong {questioned}")
    print(f"pads with a number read wrong {misread}, of which with no ? to stop them {silent}")
    print(f"seconds a photo: median {statistics.median(seconds):.2f}, max {max(seconds):.2f}")


if __name__ == "__main__":
    main()
