"""The objective conditions, one per card id, compiled per chart into a predicate over a
sheet's marked cells. Conditions only look at marked cells, so once met they stay met."""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from itertools import combinations
from operator import or_

from pnp.starcharts.geometry import Geometry

Check = Callable[[int], bool]


def _all(mask: int) -> Check:
    return lambda m: m & mask == mask


def _any(masks: tuple[int, ...]) -> Check:
    if not masks:  # Star Frame on a chart of one's own without stars
        return lambda m: False
    need = min(x.bit_count() for x in masks)
    return lambda m: m.bit_count() >= need and any(m & x == x for x in masks)


def _at_least(lines: tuple[int, ...], k: int, n: int, crossing: bool) -> Check:
    # Fewer marks than k complete lines can cover: no need to look. k lines of n cells
    # cover k·n cells; a rows and b columns share a·b of them, at most ⌊k²/4⌋.
    need = k * n - (k * k // 4 if crossing else 0)

    def check(m: int) -> bool:
        if m.bit_count() < need:
            return False
        left = k
        for line in lines:
            if m & line == line:
                left -= 1
                if not left:
                    return True
        return False

    return check


def _half(g: Geometry) -> Check:
    need = (g.n * g.n + 1) // 2
    return lambda m: m.bit_count() >= need


FACTORIES: dict[str, Callable[[Geometry], Check]] = {
    "two-rows": lambda g: _at_least(g.rows, 2, g.n, False),
    "two-columns": lambda g: _at_least(g.cols, 2, g.n, False),
    "four-corners": lambda g: _all(g.corners),
    "border": lambda g: _all(g.ring),
    "all-stars": lambda g: _all(g.chart.stars),
    "asteroid-field": lambda g: _all(g.chart.asteroids),
    "comet-tails": lambda g: _all(g.comets),
    "core": lambda g: _all(g.core),
    "quadrant": lambda g: _any(g.quadrants),
    "diagonal": lambda g: _any(g.diagonals),
    "star-lines": lambda g: _at_least(
        tuple(ln for ln, s in zip(g.lines, g.line_stars, strict=True) if s), 3, g.n, True
    ),
    "half-sky": _half,
    "star-frame": lambda g: _any(g.frames),
}


def check(objective_id: str, g: Geometry) -> Check:
    """The compiled condition of a card on this chart (cached on the geometry)."""
    found = g.checks.get(objective_id)
    if found is None:
        found = g.checks[objective_id] = FACTORIES[objective_id](g)
    return found


def met(objective_id: str, g: Geometry, marked: int) -> bool:
    return check(objective_id, g)(marked)


def _fewest_lines(lines: tuple[int, ...], k: int, n: int) -> int:
    unions = (reduce(or_, chosen).bit_count() for chosen in combinations(lines, k))
    return min(unions, default=n * n + 1)


FEWEST: dict[str, Callable[[Geometry], int]] = {
    "two-rows": lambda g: 2 * g.n,
    "two-columns": lambda g: 2 * g.n,
    "four-corners": lambda g: g.corners.bit_count(),
    "border": lambda g: g.ring.bit_count(),
    "all-stars": lambda g: g.chart.stars.bit_count(),
    "asteroid-field": lambda g: g.chart.asteroids.bit_count(),
    "comet-tails": lambda g: g.comets.bit_count(),
    "core": lambda g: g.core.bit_count(),
    "quadrant": lambda g: min(q.bit_count() for q in g.quadrants),
    "diagonal": lambda g: g.n,
    "star-lines": lambda g: _fewest_lines(
        tuple(ln for ln, s in zip(g.lines, g.line_stars, strict=True) if s), 3, g.n
    ),
    "half-sky": lambda g: (g.n * g.n + 1) // 2,
    "star-frame": lambda g: min((f.bit_count() for f in g.frames), default=g.n * g.n + 1),
}


def fewest_marks(objective_id: str, g: Geometry) -> int:
    """The fewest marked cells of any sheet that meets the card (more than the grid
    holds when no sheet can)."""
    return FEWEST[objective_id](g)
