"""What a Star Charts sheet's number boxes can hold, by the rules, given its grid as read:
the digit reader then only has to tell those apart, and a number written outside them is
asked about (`pnp.scan.digits.among`), never turned into an allowed one."""

from __future__ import annotations

from pnp.starcharts.chart import Chart
from pnp.starcharts.finished import UNREAD

_ANY = tuple("012345678")


def _marked(grid: tuple[str, ...]) -> int:
    return sum(1 << i for i, token in enumerate(grid) if token in ("x", "o"))


def box_values(
    chart: Chart, grid: tuple[str, ...], objectives: tuple[str, ...] | None
) -> tuple[str, ...]:
    """An objective box holds 0 (a skipped draft) or the high or low value of a dealt card
    (spec: Objectives); of a card whose condition the finished grid meets, when every
    cell was read (conditions only look at marked cells, so once met they stay met)."""
    from pnp.starcharts.content import objective_by_id

    cards = objective_by_id()
    if not objectives or not all(o in cards for o in objectives):
        return _ANY
    if UNREAD not in grid:
        from pnp.starcharts.geometry import geometry
        from pnp.starcharts.objectives import met

        g, marked = geometry(chart), _marked(grid)
        objectives = tuple(o for o in objectives if met(o, g, marked))
    values = {0, *(v for o in objectives for v in (cards[o].high, cards[o].low))}
    return tuple(str(v) for v in sorted(values))


def filled_values(chart: Chart, grid: tuple[str, ...]) -> tuple[str, ...]:
    """The Filled Sheet box holds 5 (the grid's last cell marked) or 0 (a skip with no
    objective box left), so a full grid's 5 and any other grid's 0, when every cell was
    read (spec: Skipping and the Filled Sheet box)."""
    if UNREAD in grid:
        return ("5", "0")
    return ("5",) if _marked(grid) == chart.full else ("0",)
