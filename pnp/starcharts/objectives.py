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


def _star_lines(g: Geometry) -> tuple[int, ...]:
    return tuple(ln for ln, s in zip(g.lines, g.line_stars, strict=True) if s)


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
    "star-lines": lambda g: _at_least(_star_lines(g), 3, g.n, True),
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
    "star-lines": lambda g: _fewest_lines(_star_lines(g), 3, g.n),
    "half-sky": lambda g: (g.n * g.n + 1) // 2,
    "star-frame": lambda g: min((f.bit_count() for f in g.frames), default=g.n * g.n + 1),
}


def fewest_marks(objective_id: str, g: Geometry) -> int:
    """The fewest marked cells of any sheet that meets the card (more than the grid
    holds when no sheet can)."""
    return FEWEST[objective_id](g)


# -- what one run can still do ------------------------------------------------------------
# A run is a stretch of empty cells along one line, of at most ``longest`` points (cells
# cost 1, asteroids 2). The functions below return cells of which every run that meets a
# card from ``marked`` covers one: a run missing them all need not be checked at all.

Reach = Callable[[Geometry, int, int], int]


def cover(g: Geometry, marked: int, missing: int, longest: int) -> int:
    """The lowest cell of ``missing`` when one run may cover all of it, else 0."""
    low = missing & -missing
    if missing == low:
        return low
    if missing.bit_count() > longest:
        return 0
    n, lo, hi = g.n, low.bit_length() - 1, missing.bit_length() - 1
    if lo // n == hi // n:
        span = (1 << (hi + 1)) - low
    elif lo % n == hi % n and not missing & ~g.cols[lo % n]:
        span = g.cols[lo % n] & ((1 << (hi + 1)) - low)
    else:
        return 0
    if span & marked or span.bit_count() + (span & g.chart.asteroids).bit_count() > longest:
        return 0
    return low


def _reach_all(mask: Callable[[Geometry], int]) -> Reach:
    def reach(g: Geometry, marked: int, longest: int) -> int:
        missing = mask(g) & ~marked
        return cover(g, marked, missing, longest) if missing else g.full

    return reach


def _reach_any(masks: Callable[[Geometry], tuple[int, ...]]) -> Reach:
    def reach(g: Geometry, marked: int, longest: int) -> int:
        found = 0
        for x in masks(g):
            if not x & ~marked:
                return g.full
            found |= cover(g, marked, x & ~marked, longest)
        return found

    return reach


def _reach_lines(lines: Callable[[Geometry], tuple[int, ...]], k: int) -> Reach:
    # A run along line ℓ completes ℓ and lines crossing ℓ whose one empty cell it covers:
    # of two or more lines it completes, all but one have a single empty cell.
    def reach(g: Geometry, marked: int, longest: int) -> int:
        found, complete, coverable, singles = 0, 0, 0, 0
        for line in lines(g):
            missing = line & ~marked
            if not missing:
                complete += 1
            elif low := cover(g, marked, missing, longest):
                found |= low
                coverable += 1
                singles += missing == low
        needed = k - complete
        if needed <= 0:
            return g.full
        return found if coverable >= needed and singles >= needed - 1 else 0

    return reach


def _reach_half(g: Geometry, marked: int, longest: int) -> int:
    need = (g.n * g.n + 1) // 2 - marked.bit_count()
    return g.full & ~marked if need <= longest else 0


REACH: dict[str, Reach] = {
    "two-rows": _reach_lines(lambda g: g.rows, 2),
    "two-columns": _reach_lines(lambda g: g.cols, 2),
    "four-corners": _reach_all(lambda g: g.corners),
    "border": _reach_all(lambda g: g.ring),
    "all-stars": _reach_all(lambda g: g.chart.stars),
    "asteroid-field": _reach_all(lambda g: g.chart.asteroids),
    "comet-tails": _reach_all(lambda g: g.comets),
    "core": _reach_all(lambda g: g.core),
    "quadrant": _reach_any(lambda g: g.quadrants),
    "diagonal": _reach_any(lambda g: g.diagonals),
    "star-lines": _reach_lines(_star_lines, 3),
    "half-sky": _reach_half,
    "star-frame": _reach_any(lambda g: g.frames),
}


def one_run(objective_id: str, g: Geometry, marked: int, longest: int) -> int:
    """Cells of which every run of at most ``longest`` points on the empty cells that
    meets the card from ``marked`` covers one (0: no such run meets it; the whole grid
    when the card is met already)."""
    return REACH[objective_id](g, marked, longest)
