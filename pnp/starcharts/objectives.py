"""The objective conditions, one per card id, compiled per chart into a predicate over a
sheet's marked cells. Conditions only look at marked cells, so once met they stay met."""

from __future__ import annotations

from collections.abc import Callable

from pnp.starcharts.geometry import Geometry

Check = Callable[[int], bool]


def _all(mask: int) -> Check:
    return lambda m: m & mask == mask


def _any(masks: tuple[int, ...]) -> Check:
    return lambda m: any(m & x == x for x in masks)


def _at_least(lines: tuple[int, ...], k: int) -> Check:
    def check(m: int) -> bool:
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
    "two-rows": lambda g: _at_least(g.rows, 2),
    "two-columns": lambda g: _at_least(g.cols, 2),
    "four-corners": lambda g: _all(g.corners),
    "border": lambda g: _all(g.ring),
    "all-stars": lambda g: _all(g.chart.stars),
    "asteroid-field": lambda g: _all(g.chart.asteroids),
    "comet-tails": lambda g: _all(g.comets),
    "core": lambda g: _all(g.core),
    "quadrant": lambda g: _any(g.quadrants),
    "diagonal": lambda g: _any(g.diagonals),
    "star-lines": lambda g: _at_least(
        tuple(ln for ln, s in zip(g.lines, g.line_stars, strict=True) if s), 3
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
