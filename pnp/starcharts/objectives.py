"""The objective conditions, one per card id, compiled per chart into a predicate over a
sheet's marked cells. Conditions only look at marked cells, so once met they stay met."""

from __future__ import annotations

from collections.abc import Callable

from pnp.starcharts.geometry import Geometry

Check = Callable[[int], bool]


def _all(mask: int) -> Check:
    return lambda m: m & mask == mask


def _any(masks: tuple[int, ...]) -> Check:
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
