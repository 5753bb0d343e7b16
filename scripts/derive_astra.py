"""Derive Astra's 48 constellation cards from the raw sky data.

    python scripts/derive_astra.py [--sky ../shared/sky] [--out data/astra/constellations.json]
    python scripts/derive_astra.py --check      # exit 1 if the committed file differs

Reads d3-celestial's line figures and star catalogue (BSD-3, Olaf Frohn; positions and
magnitudes from XHIP), the Mira supplement and the IAU WGSN star names, applies the
hand-tuned choices in ``scripts/astra_overrides.toml`` and writes one small JSON file.
Run it from anywhere; the output is byte-for-byte the same on every run.

How a card is made, in order:

1. **Figure.** The IAU line figures named by the card (Argo Navis joins Carina, Puppis
   and Vela; Serpens joins Caput and Cauda), each line vertex snapped to the brightest
   catalogue star within 0.02° (this puts α Cen on Rigil Kentaurus, not Toliman, and
   γ Del on γ² Del). Mira, past the catalogue's 6.0 cut-off, comes from the supplement;
   its magnitude is the IAU list's V (6.47), not the supplement's Hipparcos Hp. The
   overrides may ``add`` stars joined to a figure star (γ CMi) or ``join`` two figure
   stars (Serpens' two halves).
2. **Pruning** to ``size`` stars (default: the figure's, at most 14). First the
   override's ``drop`` stars go; then, while too large, a star that is a leaf or sits
   in the middle of a line (two neighbours) goes, except the figure's 3 brightest stars
   and the override's ``keep`` stars: the faintest of those within ``CROWDED`` of
   another star (they would print on top of each other), else the faintest. A star in
   the middle of a line is contracted (its two neighbours are joined), so the outline
   keeps its extent; a star where lines branch is never dropped. The graph stays
   connected.
3. **Projection.** Stereographic, about the mean direction of the card's stars, as a sky
   chart shows it: north up and east on the left (right ascension grows to the left),
   then turned by the override's ``rotate`` degrees (counter-clockwise; none so far).
   The figure is scaled so that its longer side spans 0…1 and the shorter one is
   centred, y up. Stars closer than ``MIN_GAP`` to each other, or than
   ``MIN_EDGE_GAP`` to a line they are not on, are then nudged apart (``spread``).
4. **Numbering.** Stars are numbered 1…n in reading order: from the top of the card
   down (larger y first), and left to right between stars at the same height. Game
   logs cite these numbers: a change here or in the overrides renumbers cards.
5. **Grand stars**: 1 on cards of at most 5 stars, 2 on 6–10, 3 on 11–14. They are the
   brightest stars with an IAU proper name (the 2022 catalogue, then names adopted
   since, in the current WGSN list); if a card has too few named stars, the brightest
   unnamed ones.
6. **Starting star**: the leaf farthest in hops from the card's brightest star that is
   not a Grand star (then the fainter one, then the smaller HIP number); on a figure
   without a free leaf, the farthest star that is not Grand.
7. **Labels**: the IAU proper name (2022, then newer), else the Bayer letter with the
   constellation's abbreviation ("γ CMi"), else the Flamsteed number ("10 Tau"), else
   "HIP n".
8. **Element**: the zodiac's triplicities are fixed (``ZODIAC``); the other 36 come from
   the overrides. Each element gets 12 cards; the script checks the spec's balance.
9. **Fame** (Final Scoring): 1, or 2 on cards of 10 or more stars.
10. **Boons**: see ``boons``.

The cards' figures, as printed on every card size, are laid out from this file by
``scripts/derive_astra_figures.py`` (``data/astra/figures.json``): run it after this one.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OVERRIDES = ROOT / "scripts" / "astra_overrides.toml"
OUT = ROOT / "data" / "astra" / "constellations.json"

SNAP_DEGREES = 0.02
MAX_STARS = 14
PROTECTED_BRIGHTEST = 3
CROWDED = 0.06  # a star closer than this to another (unit square) is pruned first
MIN_GAP = 0.07  # then stars are nudged apart to at least this far from each other
MIN_EDGE_GAP = 0.04  # and from any line they are not on
SPREAD_ROUNDS = 500
ELEMENTS = ("fire", "earth", "air", "water")
ZODIAC = {  # the triplicities, fixed by the spec
    "Ari": "fire",
    "Leo": "fire",
    "Sgr": "fire",
    "Tau": "earth",
    "Vir": "earth",
    "Cap": "earth",
    "Gem": "air",
    "Lib": "air",
    "Aqr": "air",
    "Cnc": "water",
    "Sco": "water",
    "Psc": "water",
}
CARDS_PER_ELEMENT = 12
STAR_TOTAL_TOLERANCE = 3  # the stars per element (about 120) may differ by at most this
GREEK_DIGITS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

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


def _graph(edges: Iterable[Edge]) -> dict[int, set[int]]:
    graph: dict[int, set[int]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)
    return graph


def _edges(graph: dict[int, set[int]]) -> set[Edge]:
    return {(min(a, b), max(a, b)) for a, near in graph.items() for b in near}


def _remove(graph: dict[int, set[int]], hip: int, key: str) -> None:
    """Drop a leaf, or contract a star in the middle of a line (join its neighbours)."""
    near = graph.pop(hip)
    if len(near) > 2:
        raise ValueError(f"{key}: cannot drop HIP {hip}, where {len(near)} lines meet")
    for other in near:
        graph[other].discard(hip)
    if len(near) == 2:
        a, b = sorted(near)
        graph[a].add(b)
        graph[b].add(a)


def _hops(graph: dict[int, set[int]], source: int) -> dict[int, int]:
    hops = {source: 0}
    frontier = [source]
    while frontier:
        nxt = []
        for hip in frontier:
            for other in sorted(graph[hip]):
                if other not in hops:
                    hops[other] = hops[hip] + 1
                    nxt.append(other)
        frontier = nxt
    return hops


def prune(
    sky: Sky, edges: set[Edge], size: int, keep: Iterable[int], drop: Iterable[int], key: str
) -> set[Edge]:
    """The figure cut down to ``size`` stars (see the module docstring, step 2)."""
    graph = _graph(edges)
    by_brightness = sorted(graph, key=lambda h: (sky.stars[h].mag, h))
    protected = set(by_brightness[:PROTECTED_BRIGHTEST]) | set(keep)
    for hip in drop:
        if hip in protected:
            raise ValueError(f"{key}: HIP {hip} is one of the 3 brightest or kept")
        _remove(graph, hip, key)
    while len(graph) > size:
        candidates = [h for h in graph if h not in protected and len(graph[h]) <= 2]
        if not candidates:
            raise ValueError(f"{key}: nothing left to prune at {len(graph)} stars")
        xy = project(sky, graph, 0.0)
        gap = {h: min(math.dist(xy[h], xy[o]) for o in graph if o != h) for h in candidates}
        crowded = [h for h in candidates if gap[h] < CROWDED] or candidates
        _remove(graph, max(crowded, key=lambda h: (sky.stars[h].mag, h)), key)
    if len(_hops(graph, next(iter(graph)))) != len(graph):
        raise ValueError(f"{key}: the figure is not connected")
    return _edges(graph)


def project(sky: Sky, hips: Iterable[int], rotate: float) -> dict[int, tuple[float, float]]:
    """Sky-chart positions in the unit square (see the module docstring, step 3)."""

    def unit(s: SkyStar) -> tuple[float, float, float]:
        ra, dec = math.radians(s.ra), math.radians(s.dec)
        return (math.cos(dec) * math.cos(ra), math.cos(dec) * math.sin(ra), math.sin(dec))

    def norm(v: tuple[float, float, float]) -> tuple[float, float, float]:
        length = math.sqrt(sum(c * c for c in v))
        return (v[0] / length, v[1] / length, v[2] / length)

    def dot(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

    vectors = {h: unit(sky.stars[h]) for h in sorted(hips)}
    centre = norm(
        (
            sum(v[0] for v in vectors.values()),
            sum(v[1] for v in vectors.values()),
            sum(v[2] for v in vectors.values()),
        )
    )
    east = norm((-centre[1], centre[0], 0.0))  # z × centre: the way right ascension grows
    north = (
        centre[1] * east[2] - centre[2] * east[1],
        centre[2] * east[0] - centre[0] * east[2],
        centre[0] * east[1] - centre[1] * east[0],
    )
    turn = math.radians(rotate)
    flat: dict[int, tuple[float, float]] = {}
    for hip, v in vectors.items():
        k = 2 / (1 + dot(v, centre))
        x, y = -k * dot(v, east), k * dot(v, north)  # east on the left
        flat[hip] = (
            x * math.cos(turn) - y * math.sin(turn),
            x * math.sin(turn) + y * math.cos(turn),
        )
    return _fit(flat)


def _fit(points: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
    """Scaled into the unit square: the longer side spans 0…1, the shorter one centred."""
    xs = [p[0] for p in points.values()]
    ys = [p[1] for p in points.values()]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    span = max(width, height)
    dx, dy = (1 - width / span) / 2, (1 - height / span) / 2
    return {
        h: ((x - min(xs)) / span + dx, (y - min(ys)) / span + dy) for h, (x, y) in points.items()
    }


def _segment_gap(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> tuple[float, float, float]:
    """The distance from ``p`` to the segment ``ab`` and the unit vector away from it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    qx, qy = p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy)
    d = math.hypot(qx, qy)
    return (d, qx / d, qy / d) if d else (0.0, -dy / math.hypot(dx, dy), dx / math.hypot(dx, dy))


def spread(
    points: dict[int, tuple[float, float]], edges: set[Edge]
) -> dict[int, tuple[float, float]]:
    """Stars nudged apart until no two are closer than ``MIN_GAP`` and no star is closer
    than ``MIN_EDGE_GAP`` to a line it is not on, so that every star and every line can
    be told apart on a card; the rest of the figure keeps its sky positions."""
    xy = dict(points)
    hips = sorted(xy)
    for _ in range(SPREAD_ROUNDS):
        moved = False
        for i, a in enumerate(hips):
            for b in hips[i + 1 :]:
                (ax, ay), (bx, by) = xy[a], xy[b]
                d = math.hypot(bx - ax, by - ay)
                if d < MIN_GAP:
                    ux, uy = ((bx - ax) / d, (by - ay) / d) if d else (1.0, 0.0)
                    push = (MIN_GAP - d) / 2 + 1e-4
                    xy[a] = (ax - ux * push, ay - uy * push)
                    xy[b] = (bx + ux * push, by + uy * push)
                    moved = True
        for h in hips:
            for a, b in sorted(edges):
                if h in (a, b):
                    continue
                d, ux, uy = _segment_gap(xy[h], xy[a], xy[b])
                if d < MIN_EDGE_GAP:
                    push = MIN_EDGE_GAP - d + 1e-4
                    xy[h] = (xy[h][0] + ux * push, xy[h][1] + uy * push)
                    moved = True
        xy = _fit(xy)
        if not moved:
            break
    else:
        raise ValueError(f"stars still crowded after {SPREAD_ROUNDS} rounds")
    return {h: (round(x, 4), round(y, 4)) for h, (x, y) in xy.items()}


def grand_count(size: int) -> int:
    return 1 if size <= 5 else 2 if size <= 10 else 3


def fame(size: int) -> int:
    return 2 if size >= 10 else 1


# Boon values in half-Stardust, to order a card's boons from most to least valuable:
# 1 Fame ≈ 2 Stardust, a Telescope or a reactivated card ≈ 2.5, a Pouch size or a Wisdom
# ≈ 4 (each keeps paying: every Rest, or a bigger card limit, and both score at the end).
BOON_VALUE = {
    "fame": 4,
    "stardust": 2,
    "observation": 5,
    "activation": 5,
    "improvement": 8,
    "wisdom": 8,
}
BOON_PRECEDENCE = ("fame", "stardust", "wisdom", "improvement", "observation", "activation")
OTHER_PAIRS = (  # the two boons after Stardust, in turn by card (English name order)
    ("observation", "improvement"),
    ("wisdom", "activation"),
    ("observation", "wisdom"),
    ("improvement", "activation"),
    ("observation", "activation"),
    ("improvement", "wisdom"),
)


def boons(size: int, index: int) -> list[tuple[str, int]]:
    """A card's 4 boons, left to right, from its star count and its place in the deck
    sorted by English name (``index``, 0…47):

    - leftmost, Fame 2, 3, 4 or 5 for 3–5, 6–8, 9–11 or 12–14 stars (Ptolemy also marks
      that many stars in the solo mode);
    - Stardust ⌊stars / 2⌋ + 1, kept within 3…6 (10 stars: 6, as on Taurus);
    - two of Observation, Improvement, Wisdom and Activation, the pair turning with
      ``index`` through all 6 pairs (so each kind is on 24 cards); Observation and
      Activation give 2 on cards of 10 or more stars, else 1; Improvement and Wisdom 1;
    - the three after Fame ordered by ``BOON_VALUE`` × amount, most valuable first
      (ties: ``BOON_PRECEDENCE``).
    """
    big = 2 if size >= 10 else 1
    amounts = {
        "stardust": min(6, max(3, size // 2 + 1)),
        "observation": big,
        "activation": big,
        "improvement": 1,
        "wisdom": 1,
    }
    kinds = ["stardust", *OTHER_PAIRS[index % len(OTHER_PAIRS)]]
    kinds.sort(key=lambda k: (-BOON_VALUE[k] * amounts[k], BOON_PRECEDENCE.index(k)))
    return [("fame", 2 + (size - 3) // 3)] + [(k, amounts[k]) for k in kinds]


def label(sky: Sky, hip: int) -> str:
    """The IAU name, else "γ² Vel" (Bayer), else "10 Tau" (Flamsteed), else "HIP n"."""
    if hip in sky.iau_2022:
        return sky.iau_2022[hip]
    if hip in sky.iau_new:
        return sky.iau_new[hip]
    info = sky.starnames.get(str(hip), {})
    if info.get("bayer"):
        return f"{info['bayer'].translate(GREEK_DIGITS)} {info['c']}"
    if info.get("flam"):
        return f"{info['flam']} {info['c']}"
    return f"HIP {hip}"


def _card(sky: Sky, key: str, spec: dict[str, Any], index: int) -> dict[str, Any]:
    edges = figure_edges(sky, spec.get("figures", [key]))
    for hip, joined_to in spec.get("add", []):
        edges.add((min(hip, joined_to), max(hip, joined_to)))
    for a, b in spec.get("join", []):
        edges.add((min(a, b), max(a, b)))
    size = spec.get("size", min(MAX_STARS, len({h for e in edges for h in e})))
    edges = prune(sky, edges, size, spec.get("keep", []), spec.get("drop", []), key)
    graph = _graph(edges)
    hips = sorted(graph)
    xy = spread(project(sky, hips, spec.get("rotate", 0.0)), edges)
    order = sorted(hips, key=lambda h: (-xy[h][1], xy[h][0], h))
    number = {h: i + 1 for i, h in enumerate(order)}

    def named(h: int) -> bool:
        return h in sky.iau_2022 or h in sky.iau_new

    ranked = sorted(hips, key=lambda h: (not named(h), sky.stars[h].mag, h))
    grand = set(ranked[: grand_count(len(hips))])
    brightest = min(hips, key=lambda h: (sky.stars[h].mag, h))
    hops = _hops(graph, brightest)
    if "start" in spec:
        start = spec["start"]
    else:
        free = [h for h in hips if h not in grand]
        leaves = [h for h in free if len(graph[h]) == 1] or free
        start = max(leaves, key=lambda h: (hops[h], sky.stars[h].mag, -h))
    if start in grand or start not in graph:
        raise ValueError(f"{key}: the Starting star HIP {start} is Grand or not on the card")
    element = ZODIAC.get(key) or spec["element"]
    return {
        "key": key,
        "name": spec["name"],
        "name_fr": spec["fr"],
        "figures": spec.get("figures", [key]),
        "element": element,
        "fame": fame(len(hips)),
        "ability": spec["ability"],
        "boons": [{"kind": k, "amount": a} for k, a in boons(len(hips), index)],
        "stars": [
            {
                "number": number[h],
                "hip": h,
                "x": xy[h][0],
                "y": xy[h][1],
                "magnitude": sky.stars[h].mag,
                "label": label(sky, h),
                "kind": "starting" if h == start else "grand" if h in grand else "common",
            }
            for h in order
        ],
        "edges": sorted([sorted((number[a], number[b])) for a, b in edges]),
    }


def check_balance(cards: list[dict[str, Any]]) -> None:
    """The spec's element rules, so a hand edit that breaks them fails here."""
    by = {e: [c for c in cards if c["element"] == e] for e in ELEMENTS}
    totals = {e: sum(len(c["stars"]) for c in cs) for e, cs in by.items()}
    problems = [f"{e}: {len(cs)} cards" for e, cs in by.items() if len(cs) != CARDS_PER_ELEMENT]
    if max(totals.values()) - min(totals.values()) > STAR_TOTAL_TOLERANCE:
        problems.append(f"stars per element too uneven: {totals}")
    if sum(len(c["stars"]) == MAX_STARS for c in by["water"]) < 3:
        problems.append("fewer than 3 Water cards of 14 stars")
    for e in ("fire", "earth", "air"):
        if sum(len(c["stars"]) <= 7 for c in by[e]) < 2:
            problems.append(f"fewer than 2 {e} cards of at most 7 stars")
    if problems:
        raise ValueError("; ".join(problems))


def derive(sky_path: Path, overrides: Path = OVERRIDES) -> dict[str, Any]:
    sky = load_sky(sky_path)
    specs: dict[str, dict[str, Any]] = tomllib.loads(overrides.read_text(encoding="utf-8"))
    keys = sorted(specs, key=lambda k: specs[k]["name"])
    cards = [_card(sky, key, specs[key], i) for i, key in enumerate(keys)]
    check_balance(cards)
    return {
        "source": (
            "Derived by scripts/derive_astra.py from d3-celestial (BSD-3-Clause, © 2015 "
            "Olaf Frohn; positions and magnitudes from XHIP) and the IAU WGSN star names."
        ),
        "constellations": cards,
    }


def dumps(value: Any, indent: int = 0) -> str:
    """JSON with one star or edge list per line: small, diffable and stable."""
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        inline = json.dumps(value, ensure_ascii=False)
        if len(inline) <= 120 and not any(isinstance(v, dict | list) for v in value.values()):
            return inline
        items = [f"{pad}{json.dumps(k)}: {dumps(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    if isinstance(value, list):
        inline = json.dumps(value, ensure_ascii=False)
        if not any(isinstance(v, dict) for v in value) and len(inline) <= 240:
            return inline
        items = [pad + dumps(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    return json.dumps(value, ensure_ascii=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sky", type=Path, default=ROOT.parent / "shared" / "sky")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    text = dumps(derive(args.sky)) + "\n"
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out} is {'up to date' if same else 'out of date'}")
        sys.exit(0 if same else 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}; now lay the figures out: python scripts/derive_astra_figures.py")


if __name__ == "__main__":
    main()
