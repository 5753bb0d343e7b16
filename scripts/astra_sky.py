"""The raw sky Astra's constellation cards are derived from (``scripts/derive_astra.py``):
d3-celestial's star catalogue (XHIP positions and magnitudes) and line figures, the Mira
supplement and the IAU WGSN star names; a card's figure is its IAU line figures, each
vertex snapped to the brightest catalogue star within ``SNAP_DEGREES``."""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

SNAP_DEGREES = 0.02

Edge = tuple[int, int]


@dataclass(frozen=True)
class SkyStar:
    hip: int
    ra: float  # degrees, 0…360
    dec: float
    mag: float


@dataclass(frozen=True)
class Sky:
    stars: dict[int, SkyStar]
    figures: dict[str, list[list[list[float]]]]  # abbreviation -> polylines of [lon, lat]
    starnames: dict[str, dict[str, str]]
    iau_2022: dict[int, str]
    iau_new: dict[int, str]  # names adopted after the 2022 catalogue


def _iau_2022(path: Path) -> tuple[dict[int, str], dict[int, float]]:
    """Names and V magnitudes by HIP from the fixed-width IAU-CSN.txt."""
    names: dict[int, str] = {}
    mags: dict[int, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "$")) or not line.strip():
            continue
        tokens = line[18:].split()
        if tokens and tokens[-1] == "*":
            tokens.pop()
        hip = tokens[-5]
        if hip == "_":
            continue
        names[int(hip)] = line[18:36].strip()
        if tokens[-6] == "V" and tokens[-7] != "_":  # mag, band, HIP, HD, RA, Dec, Date
            mags[int(hip)] = float(tokens[-7])
    return names, mags


def _iau_current(path: Path) -> dict[int, str]:
    with path.open(encoding="utf-8", newline="") as file:
        return {
            int(row["HIP"]): row["Proper Names"].strip()
            for row in csv.DictReader(file)
            if row["HIP"].strip()
        }


def load_sky(sky: Path) -> Sky:
    def read(name: str) -> Any:
        return json.loads((sky / name).read_text(encoding="utf-8"))

    iau_2022, iau_mags = _iau_2022(sky / "iau-names" / "IAU-CSN.txt")
    current = _iau_current(sky / "iau-names" / "iau_proper_stars.csv")
    stars: dict[int, SkyStar] = {}
    for feature in read("stars.6.json")["features"]:
        lon, lat = feature["geometry"]["coordinates"]
        stars[feature["id"]] = SkyStar(
            feature["id"], lon % 360, lat, float(feature["properties"]["mag"])
        )
    for feature in read("stars.supplement.json")["features"]:
        # Mira: the supplement's mag is Hipparcos Hp, not V; the IAU list gives V.
        lon, lat = feature["geometry"]["coordinates"]
        hip = feature["id"]
        stars[hip] = SkyStar(hip, lon % 360, lat, iau_mags[hip])
    figures: dict[str, list[list[list[float]]]] = {}
    for feature in read("constellations.lines.json")["features"]:
        figures.setdefault(feature["id"], []).extend(feature["geometry"]["coordinates"])
    return Sky(
        stars=stars,
        figures=figures,
        starnames=read("starnames.json"),
        iau_2022=iau_2022,
        iau_new={h: n for h, n in current.items() if h not in iau_2022},
    )


def _separation(a: SkyStar, ra: float, dec: float) -> float:
    r1, d1, r2, d2 = map(math.radians, (a.ra, a.dec, ra, dec))
    c = math.sin(d1) * math.sin(d2) + math.cos(d1) * math.cos(d2) * math.cos(r1 - r2)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def _snap(sky: Sky, vertex: list[float]) -> int:
    """The brightest catalogue star within ``SNAP_DEGREES`` of a line vertex."""
    ra, dec = vertex[0] % 360, vertex[1]
    near = [
        s
        for s in sky.stars.values()
        if abs(s.dec - dec) < 2 * SNAP_DEGREES and _separation(s, ra, dec) <= SNAP_DEGREES
    ]
    if not near:
        raise ValueError(f"no star within {SNAP_DEGREES}° of the line vertex {vertex}")
    return min(near, key=lambda s: (s.mag, s.hip)).hip


def figure_edges(sky: Sky, abbreviations: Iterable[str]) -> set[Edge]:
    edges: set[Edge] = set()
    for abbr in abbreviations:
        for polyline in sky.figures[abbr]:
            hips = [_snap(sky, v) for v in polyline]
            edges.update((min(a, b), max(a, b)) for a, b in pairwise(hips) if a != b)
    return edges
