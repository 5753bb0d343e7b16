"""Derive the small star data file the Star Charts use from the raw sky data.

    python scripts/derive_sky.py [--sky ../shared/sky] [--out data/sky/starcharts.json]

Reads d3-celestial's line figures and star catalogue (BSD-3, Olaf Frohn; positions from
XHIP) and the IAU WGSN names, and writes, for each Star Charts constellation, its figure
stars, figure edges and the brightest other member stars. The raw files are never
committed; this script and its output are.
"""

from __future__ import annotations

import argparse
import json
import math
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

CONSTELLATIONS = {  # chart id stem -> IAU abbreviation
    "ursa-minor": "UMi",
    "lyra": "Lyr",
    "vulpecula": "Vul",
    "cancer": "Cnc",
    "libra": "Lib",
    "serpens": "Ser",
    "cassiopeia": "Cas",
    "cygnus": "Cyg",
    "orion": "Ori",
    "leo": "Leo",
}
EXTRA_MEMBERS = 12
SNAP_DEGREES = 0.02


def _separation(a: tuple[float, float], b: tuple[float, float]) -> float:
    (ra1, de1), (ra2, de2) = (tuple(map(math.radians, p)) for p in (a, b))
    c = math.sin(de1) * math.sin(de2) + math.cos(de1) * math.cos(de2) * math.cos(ra1 - ra2)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def _iau_names(path: Path) -> dict[int, str]:
    names: dict[int, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "$")) or not line.strip():
            continue
        tokens = line[18:].split()
        if tokens and tokens[-1] == "*":
            tokens.pop()
        hip = tokens[-5]
        if hip != "_":
            names[int(hip)] = line[18:36].strip()
    return names


def derive(sky: Path) -> dict[str, Any]:
    lines = json.loads((sky / "constellations.lines.json").read_text(encoding="utf-8"))
    catalogue = json.loads((sky / "stars.6.json").read_text(encoding="utf-8"))["features"]
    starnames = json.loads((sky / "starnames.json").read_text(encoding="utf-8"))
    titles = json.loads((sky / "constellations.json").read_text(encoding="utf-8"))["features"]
    iau = _iau_names(sky / "iau-names" / "IAU-CSN.txt")
    stars: dict[int, tuple[float, float, float]] = {
        f["id"]: (
            f["geometry"]["coordinates"][0] % 360,
            f["geometry"]["coordinates"][1],
            float(f["properties"]["mag"]),
        )
        for f in catalogue
    }

    def snap(vertex: list[float]) -> int:
        ra, dec = vertex[0] % 360, vertex[1]
        near = [
            hip
            for hip, (r, d, _) in stars.items()
            if abs(d - dec) < SNAP_DEGREES * 2 and _separation((r, d), (ra, dec)) <= SNAP_DEGREES
        ]
        return min(near, key=lambda h: stars[h][2])

    def describe(hip: int) -> dict[str, Any]:
        ra, dec, mag = stars[hip]
        info = starnames.get(str(hip), {})
        return {
            "hip": hip,
            "ra": round(ra, 4),
            "dec": round(dec, 4),
            "mag": mag,
            "bayer": info.get("bayer", ""),
            "con": info.get("c", ""),
            "name": iau.get(hip, ""),
        }

    out: dict[str, Any] = {}
    for stem, abbr in CONSTELLATIONS.items():
        edges: set[tuple[int, int]] = set()
        for feature in lines["features"]:
            if feature["id"] != abbr:
                continue
            for polyline in feature["geometry"]["coordinates"]:
                hips = [snap(v) for v in polyline]
                edges.update((min(a, b), max(a, b)) for a, b in pairwise(hips) if a != b)
        figure = sorted({h for e in edges for h in e}, key=lambda h: (stars[h][2], h))
        members = sorted(
            (
                int(h)
                for h, info in starnames.items()
                if info.get("c") == abbr and int(h) in stars and int(h) not in figure
            ),
            key=lambda h: (stars[h][2], h),
        )[:EXTRA_MEMBERS]
        name = next(t["properties"]["name"] for t in titles if t["id"] == abbr)
        out[stem] = {
            "abbr": abbr,
            "name": "Serpens" if abbr == "Ser" else name,
            "figure": [describe(h) for h in figure],
            "edges": sorted([list(e) for e in edges]),
            "members": [describe(h) for h in members],
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sky", type=Path, default=ROOT.parent / "shared" / "sky")
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "sky" / "starcharts.json")
    args = parser.parse_args()
    data = derive(args.sky)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({sum(len(c['figure']) for c in data.values())} figure stars)")


if __name__ == "__main__":
    main()
