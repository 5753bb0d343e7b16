"""Make the 40 Star Charts in data/charts from data/sky/starcharts.json.

    python scripts/make_charts.py           # (re)write data/charts/*.txt
    python scripts/make_charts.py --check   # exit 1 if a committed chart differs

Each constellation's brightest figure stars are projected (gnomonic, north up, east
left) and rasterised onto the grid, brightest first, each to the nearest free cell:
8×8 charts get 5–7 stars, 10×10 charts 7–10, topped up with the brightest member stars
near the figure when the figure is small. Obstacle versions add asteroids and comets of
both facings on non-star cells, placed with a seed derived from the chart id, and are
kept only if the whole chart can still be filled with legal runs.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.starcharts.chart import Cell, Chart, format_chart  # noqa: E402
from pnp.starcharts.runs import tiling  # noqa: E402

STAR_COUNT = {8: (5, 7), 10: (7, 10)}
ASTEROIDS = {8: (3, 4), 10: (4, 5)}
COMETS = {8: (2, 3), 10: (3, 4)}


@dataclass(frozen=True)
class Star:
    hip: int
    ra: float
    dec: float
    mag: float


def _star(d: dict[str, Any]) -> Star:
    return Star(d["hip"], d["ra"], d["dec"], d["mag"])


def _project(stars: list[Star]) -> dict[int, tuple[float, float]]:
    """Gnomonic projection about the stars' mean direction; x grows east-to-west (as
    the sky looks from the ground), y grows north, in radians on the tangent plane."""
    vecs = [
        (
            math.cos(math.radians(s.dec)) * math.cos(math.radians(s.ra)),
            math.cos(math.radians(s.dec)) * math.sin(math.radians(s.ra)),
            math.sin(math.radians(s.dec)),
        )
        for s in stars
    ]
    mx, my, mz = (sum(v[i] for v in vecs) for i in range(3))
    ra0 = math.atan2(my, mx)
    dec0 = math.atan2(mz, math.hypot(mx, my))
    out = {}
    for s in stars:
        ra, dec = math.radians(s.ra), math.radians(s.dec)
        cos_c = math.sin(dec0) * math.sin(dec) + math.cos(dec0) * math.cos(dec) * math.cos(ra - ra0)
        xi = math.cos(dec) * math.sin(ra - ra0) / cos_c
        eta = (
            math.cos(dec0) * math.sin(dec) - math.sin(dec0) * math.cos(dec) * math.cos(ra - ra0)
        ) / cos_c
        out[s.hip] = (-xi, eta)
    return out


def _choose_stars(entry: dict[str, Any], size: int) -> list[Star]:
    """The brightest stars of the figure, topped up with the brightest member stars
    near the figure when the figure alone has too few."""
    low, high = STAR_COUNT[size]
    own = [_star(s) for s in entry["figure"] if s["con"] == entry["abbr"]]
    chosen = own[:high]
    if len(chosen) < low:
        ras, decs = [s.ra for s in own], [s.dec for s in own]
        pad_ra, pad_dec = (max(ras) - min(ras)) * 0.15, (max(decs) - min(decs)) * 0.15
        near = [
            _star(m)
            for m in entry["members"]
            if min(ras) - pad_ra <= m["ra"] <= max(ras) + pad_ra
            and min(decs) - pad_dec <= m["dec"] <= max(decs) + pad_dec
        ]
        chosen += near[: low - len(chosen)]
    return chosen


def _rasterise(stars: list[Star], size: int) -> dict[int, int]:
    """hip -> cell index, brightest star first, each to the nearest free cell."""
    xy = _project(stars)
    xs = [p[0] for p in xy.values()]
    ys = [p[1] for p in xy.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    scale = (size - 1) / span
    off_x = (size - 1 - (max(xs) - min(xs)) * scale) / 2
    off_y = (size - 1 - (max(ys) - min(ys)) * scale) / 2
    taken: dict[int, int] = {}
    for star in sorted(stars, key=lambda s: (s.mag, s.hip)):
        x, y = xy[star.hip]
        col = (x - min(xs)) * scale + off_x
        row = (max(ys) - y) * scale + off_y
        free = [i for i in range(size * size) if i not in taken.values()]
        best = min(free, key=lambda i: ((i % size - col) ** 2 + (i // size - row) ** 2, i))
        taken[star.hip] = best
    return taken


def _figure(entry: dict[str, Any], cells: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """Figure lines between chosen stars, drawn straight across any left-out stars."""
    adjacent: dict[int, set[int]] = {}
    for a, b in entry["edges"]:
        adjacent.setdefault(a, set()).add(b)
        adjacent.setdefault(b, set()).add(a)
    edges: set[tuple[int, int]] = set()
    for start, start_cell in cells.items():
        seen, frontier = {start}, [start]
        while frontier:
            nxt = []
            for hip in frontier:
                for other in adjacent.get(hip, ()):
                    if other in seen:
                        continue
                    seen.add(other)
                    if other in cells:
                        a, b = sorted((start_cell, cells[other]))
                        edges.add((a, b))
                    else:
                        nxt.append(other)
            frontier = nxt
    return tuple(sorted(e for e in edges if e[0] != e[1]))


def _neighbours(i: int, size: int) -> list[int]:
    r, c = divmod(i, size)
    return [
        rr * size + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < size and 0 <= cc < size
    ]


def _with_obstacles(chart: Chart) -> Chart:
    rng = random.Random(zlib.crc32(f"{chart.id}-obstacles".encode()))
    size = chart.size
    for _ in range(1000):
        cells = list(chart.cells)
        n_ast = rng.randint(*ASTEROIDS[size])
        n_com = rng.randint(*COMETS[size])
        kinds = [Cell.ASTEROID] * n_ast + [Cell.COMET_ROW, Cell.COMET_COL]
        kinds += [rng.choice((Cell.COMET_ROW, Cell.COMET_COL)) for _ in range(n_com - 2)]
        free = [i for i, c in enumerate(cells) if c is Cell.OPEN]
        for kind in kinds:
            spread = [
                i
                for i in free
                if all(
                    cells[n] is not kind and cells[n] in (Cell.OPEN, Cell.STAR)
                    for n in _neighbours(i, size)
                )
            ]
            pick = rng.choice(spread)
            cells[pick] = kind
            free.remove(pick)
        candidate = Chart(f"{chart.id}-obstacles", chart.name, size, tuple(cells), chart.figure)
        if tiling(candidate) is not None:
            return candidate
    raise RuntimeError(f"no fillable obstacle layout for {chart.id}")


def make_charts(sky: dict[str, Any]) -> dict[str, str]:
    """Chart id -> chart file text."""
    out = {}
    for stem, entry in sky.items():
        for size in (8, 10):
            stars = _choose_stars(entry, size)
            cells_of = _rasterise(stars, size)
            grid = [Cell.OPEN] * (size * size)
            for index in cells_of.values():
                grid[index] = Cell.STAR
            plain = Chart(
                f"{stem}-{size}", entry["name"], size, tuple(grid), _figure(entry, cells_of)
            )
            for chart in (plain, _with_obstacles(plain)):
                out[chart.id] = (
                    f"# {chart.name}, {size}×{size}: made by scripts/make_charts.py "
                    "from data/sky/starcharts.json\n" + format_chart(chart)
                )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sky", type=Path, default=ROOT / "data" / "sky" / "starcharts.json")
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "charts")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    charts = make_charts(json.loads(args.sky.read_text(encoding="utf-8")))
    if args.check:
        stale = [
            cid
            for cid, text in charts.items()
            if not (args.out / f"{cid}.txt").is_file()
            or (args.out / f"{cid}.txt").read_text(encoding="utf-8") != text
        ]
        for cid in stale:
            print(f"{args.out / cid}.txt differs from what the script makes")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for cid, text in charts.items():
        (args.out / f"{cid}.txt").write_text(text, encoding="utf-8")
    print(f"wrote {len(charts)} charts to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
