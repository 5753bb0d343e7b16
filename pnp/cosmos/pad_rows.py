"""What the end-of-game score pad holds, row by row (``pnp.layouts.cosmos.score_pad``
draws it; the pad's readers name its cells the same way): a column per player, each
number a comb of digit boxes named by player and row (``p2.nebulae``,
``p2.advanced_life_8``), and each universal goal's order box (``order.proto_life``)."""

from __future__ import annotations

from typing import NamedTuple

from pnp.cosmos.content import advanced_life, goals
from pnp.cosmos.model import GoalCount
from pnp.cosmos.text import text

PLAYERS = 4
LIFE = "advanced_life"


class Row(NamedTuple):
    """A row of the table: its field name (empty for the names and the goals' heading),
    its label, how many digits each player writes in it, its height as a share of a
    plain row's, and the order box's field name on a goal's row."""

    name: str
    label: str
    digits: int
    weight: float = 1.0
    order: str = ""


def life_values() -> tuple[int, ...]:
    """The values an advanced life token can show, highest first."""
    stack = advanced_life()
    return tuple(sorted(set(stack.group1) | set(stack.group2), reverse=True))


def rows() -> tuple[Row, ...]:
    """The rows, top to bottom."""

    def words(key: str) -> str:
        return text(f"print.score_pad.{key}")

    goal_rows = [
        Row(
            g.id.replace("-", "_"),
            g.title(),
            1 if g.measure is GoalCount.TIME_CRYSTALS else 2,  # at most 5 discharges
            order=f"order.{g.id.replace('-', '_')}",
        )
        for g in goals()
    ]
    return (
        Row("", words("player"), 0),
        Row("nebulae", words("nebulae"), 3),
        Row("time_chamber", words("time_chamber"), 2),  # 55 at most
        Row("", words("goals"), 0, 0.6),
        *goal_rows,
        Row("card_sets", words("card_sets"), 3),
        Row("power_cards", words("power_cards"), 3),
        Row(LIFE, words("advanced_life"), 1, 1.45),
        Row("total", words("total"), 3),
        Row("energy_cards", words("energy_cards"), 2),  # 60 at most
    )


def player_rows() -> tuple[str, ...]:
    """Each player's numbers, top to bottom, by field name less pad and player."""
    values = life_values()
    return tuple(
        name
        for row in rows()
        for name in ([f"{LIFE}_{v}" for v in values] if row.name == LIFE else [row.name])
        if name
    )


def cells() -> tuple[tuple[str, int], ...]:
    """Every number on the pad by field name less the pad, with its count of digit boxes."""
    digits = {r.name: r.digits for r in rows() if r.name}
    players = [
        (f"p{k}.{name}", digits.get(name, 1))
        for k in range(1, PLAYERS + 1)
        for name in player_rows()
    ]
    return (*players, *((r.order, 1) for r in rows() if r.order))
