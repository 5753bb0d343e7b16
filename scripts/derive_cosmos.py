"""Derive our Crafting the Cosmos edition's galaxy and nebula tiles (spec ``cosmos.md``,
decisions marked D) and write ``data/cosmos/galaxy.toml`` and ``data/cosmos/nebulae.toml``.

Galaxy: pointy-top hexagons of side 1 (the nebula spaces) whose centres lie within
``RADIUS`` of the centre star space, a hexagon corner at the origin. Three hexagons meet
there, and a third of a turn about that corner maps the lattice onto itself, so the
galaxy has threefold symmetry. A nebula space's sector is the 120°
wedge its centre lies in (Δ round 90°, Φ round 210°, Ψ round 330°, clockwise Δ → Ψ → Φ);
a centre on a wedge's edge belongs to the wedge counter-clockwise of that edge, the same
rule turned with the galaxy, so the sectors stay equal and symmetric and their
boundaries run along hexagon sides. Star spaces are the hexagons' corners, life spaces
their sides. Ids number each kind in reading order (top row first, left to right).

Nebula tiles: every element equally common within a stack; no element more than half a
size-2 or size-3 tile's requirements (a size-3 tile of six carbon stars could hardly be
completed with 20 carbon tokens in the box). A fixed seed makes the same tiles every run.

    .venv/bin/python scripts/derive_cosmos.py
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "cosmos"
# Hexagon sides: 27 nebula spaces, 9 a sector. A player places at most 19 nebulae (3 at
# set-up, then at most 2 a turn for 8 rounds: spec "Galaxy geometry"), so 8 stay free.
RADIUS = 4.4
SEED = 19
ELEMENTS = ("H", "He", "O", "C")
# Tiles of each size: the first print (the spec's about 24 / 18 / 14), then those added
# when simulation sized the stacks (docs/cosmos.md: 26 / 22 / 20), each batch balanced on its own
# so that the first tiles stay as they were printed.
BATCHES = ({1: 24, 2: 18, 3: 14}, {1: 2, 2: 4, 3: 6})
STARS = {1: 2, 2: 4, 3: 6}  # stars a tile of each size needs
POINTS = {1: 3, 2: 6, 3: 10}
# The set-up nebulae's spots: the three spaces round the centre star, one a sector.
START = {"delta": 1, "psi": 2, "phi": 3}
CENTRE_HEXES = ((0, 4), (-2, -2), (2, -2))

Point = tuple[int, int]  # exact: x in quarters of √3, y in quarters of a side
CORNERS = ((0, 4), (-2, 2), (-2, -2), (0, -4), (2, -2), (2, 2))  # counter-clockwise from the top


def real(p: Point) -> tuple[float, float]:
    return p[0] * math.sqrt(3) / 4, p[1] / 4


def hex_centres() -> list[Point]:
    out = []
    for i in range(-8, 9):
        for j in range(-8, 9):
            c = (4 * i + 2 * j, 4 + 6 * j)
            if math.hypot(*real(c)) <= RADIUS:
                out.append(c)
    return out


def corners(c: Point) -> list[Point]:
    return [(c[0] + dx, c[1] + dy) for dx, dy in CORNERS]


def sides(c: Point) -> list[Point]:
    """The middles of a hexagon's sides, counter-clockwise from the upper left."""
    cs = corners(c)
    return [
        ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2) for a, b in zip(cs, cs[1:] + cs[:1], strict=True)
    ]


def sector(c: Point) -> str:
    angle = round(math.degrees(math.atan2(*reversed(real(c)))) % 360, 6) % 360
    if 30 <= angle < 150:
        return "delta"
    if 150 <= angle < 270:
        return "phi"
    return "psi"


def reading_order(points: list[Point]) -> list[Point]:
    return sorted(points, key=lambda p: (-p[1], p[0]))


def galaxy() -> str:
    centres = reading_order(hex_centres())
    nebula_id = {c: f"N{k}" for k, c in enumerate(centres, 1)}
    vertices = reading_order(sorted({v for c in centres for v in corners(c)}))
    star_id = {v: f"S{k}" for k, v in enumerate(vertices, 1)}
    edges: dict[Point, tuple[Point, Point]] = {}
    for c in centres:
        cs = corners(c)
        for k, m in enumerate(sides(c)):
            edges[m] = (cs[k], cs[(k + 1) % 6])
    middles = reading_order(list(edges))
    life_id = {m: f"L{k}" for k, m in enumerate(middles, 1)}

    touching_star: dict[Point, list[str]] = {v: [] for v in vertices}
    touching_life: dict[Point, list[str]] = {m: [] for m in middles}
    lines = []
    for c in centres:
        cs, ss = corners(c), sides(c)
        for v in cs:
            touching_star[v].append(nebula_id[c])
        for m in ss:
            touching_life[m].append(nebula_id[c])
        sec = sector(c)
        start = START[sec] if c in CENTRE_HEXES else 0
        lines += [
            "[[nebula]]",
            f'id = "{nebula_id[c]}"',
            *_xy(c),
            f'sector = "{sec}"',
            f"start = {start}",
            f"stars = {_ids(star_id[v] for v in cs)}",
            f"life = {_ids(life_id[m] for m in ss)}",
            "",
        ]
    sector_of = {nebula_id[c]: sector(c) for c in centres}

    def sectors(nebulae: list[str]) -> str:
        order = ("delta", "psi", "phi")
        return _ids(s for s in order if any(sector_of[n] == s for n in nebulae))

    star_next: dict[Point, set[str]] = {v: set() for v in vertices}
    life_next_star: dict[Point, list[str]] = {}
    life_at: dict[Point, set[str]] = {v: set() for v in vertices}
    for m, (a, b) in edges.items():
        star_next[a].add(star_id[b])
        star_next[b].add(star_id[a])
        life_next_star[m] = [star_id[a], star_id[b]]
        life_at[a].add(life_id[m])
        life_at[b].add(life_id[m])
    for v in vertices:
        lines += [
            "[[star]]",
            f'id = "{star_id[v]}"',
            *_xy(v),
            f"nebulae = {_ids(touching_star[v])}",
            f"sectors = {sectors(touching_star[v])}",
            f"stars = {_ids(sorted(star_next[v], key=_num))}",
            f"life = {_ids(sorted(life_at[v], key=_num))}",
            "",
        ]
    for m in middles:
        a, b = edges[m]
        neighbours = (life_at[a] | life_at[b]) - {life_id[m]}
        lines += [
            "[[life]]",
            f'id = "{life_id[m]}"',
            *_xy(m),
            f"nebulae = {_ids(touching_life[m])}",
            f"sectors = {sectors(touching_life[m])}",
            f"stars = {_ids(sorted(life_next_star[m], key=_num))}",
            f"life = {_ids(sorted(neighbours, key=_num))}",
            "",
        ]
    centre = star_id[(0, 0)]
    # The starting life space: the side running down from the centre star, between the
    # Ψ and Φ set-up spots.
    start_life = life_id[(0, -2)]
    head = [
        "# Our galaxy (spec cosmos.md, Galaxy geometry, D). Generated by",
        "# scripts/derive_cosmos.py: do not edit by hand. Coordinates are in hexagon sides,",
        "# centre star at the origin, y up. A star touches the nebulae whose corner it is, a",
        "# life space the nebulae whose side it is; `stars` and `life` list adjacent spaces.",
        f"# {len(centres)} nebula spaces, {len(vertices)} star spaces, {len(middles)} life spaces;",
        "# a player places at most 19 nebulae (3 at set-up, 2 a turn for 8 rounds).",
        f'centre = "{centre}"',
        f'start_life = "{start_life}"',
        "",
    ]
    return "\n".join(head + lines)


def _xy(p: Point) -> list[str]:
    x, y = real(p)
    return [f"x = {x + 0.0:.4f}", f"y = {y + 0.0:.4f}"]


def _num(space: str) -> int:
    return int(space[1:])


def _ids(ids: Iterable[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in ids) + "]"


def _batch(rng: random.Random, size: int, count: int) -> list[list[str]]:
    """``count`` tiles of ``size`` needing each element equally often, in a fixed order."""
    need = STARS[size]
    pool = [e for e in ELEMENTS for _ in range(count * need // len(ELEMENTS))]
    while True:
        rng.shuffle(pool)
        chunks = [sorted(pool[k : k + need], key=ELEMENTS.index) for k in range(0, len(pool), need)]
        if size == 1 or all(max(Counter(c).values()) <= need // 2 for c in chunks):
            break
    chunks.sort(key=lambda c: [ELEMENTS.index(e) for e in c])
    return chunks


def tiles(rng: random.Random) -> str:
    lines = [
        "# Our nebula tiles (spec cosmos.md, Nebula tiles, D). Generated by",
        f"# scripts/derive_cosmos.py with seed {SEED}: do not edit by hand. Within each",
        "# stack every element is needed equally often; `stars` is the multiset a tile needs.",
        "",
    ]
    chunks: dict[int, list[list[str]]] = {size: [] for size in STARS}
    for batch in BATCHES:
        for size, count in batch.items():
            chunks[size] += _batch(rng, size, count)
    for size, stack in chunks.items():
        for k, chunk in enumerate(stack):
            lines += [
                "[[tile]]",
                f'id = "{size}{chr(ord("A") + k)}"',
                f"size = {size}",
                f"points = {POINTS[size]}",
                f"stars = {_ids(chunk)}",
                "",
            ]
    return "\n".join(lines)


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "galaxy.toml").write_text(galaxy(), encoding="utf-8")
    (DATA / "nebulae.toml").write_text(tiles(random.Random(SEED)), encoding="utf-8")


if __name__ == "__main__":
    main()
