"""A constellation's figure made fit for a card (``scripts/derive_astra.py``, steps 2 and
3): cut down to its size, keeping it connected, projected as a sky chart shows it into
the unit square, and its stars nudged apart until every star and line can be told apart."""

from __future__ import annotations

import math
from collections.abc import Iterable

from astra_sky import Edge, Sky, SkyStar

PROTECTED_BRIGHTEST = 3
CROWDED = 0.06  # a star closer than this to another (unit square) is pruned first
MIN_GAP = 0.07  # then stars are nudged apart to at least this far from each other
MIN_EDGE_GAP = 0.04  # and from any line they are not on
SPREAD_ROUNDS = 500


def graph_of(edges: Iterable[Edge]) -> dict[int, set[int]]:
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


def hop_counts(graph: dict[int, set[int]], source: int) -> dict[int, int]:
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
    """The figure cut down to ``size`` stars (see ``scripts/derive_astra.py``, step 2)."""
    graph = graph_of(edges)
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
    if len(hop_counts(graph, next(iter(graph)))) != len(graph):
        raise ValueError(f"{key}: the figure is not connected")
    return _edges(graph)


def project(sky: Sky, hips: Iterable[int], rotate: float) -> dict[int, tuple[float, float]]:
    """Sky-chart positions in the unit square (see ``scripts/derive_astra.py``, step 3)."""

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
