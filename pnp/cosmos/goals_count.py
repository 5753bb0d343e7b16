"""What each universal goal counts, from a player's galaxy (seed 001 "UNIVERSAL GOAL
REFERENCE", "UNIVERSAL GOALS"): supernovae count as stars, but only as their own type
(never as an H, He, O or C star); life on a sector border counts for both sectors."""

from __future__ import annotations

from collections.abc import Callable

from pnp.cosmos.board import Board
from pnp.cosmos.geometry import bits, geometry, groups
from pnp.cosmos.model import Goal, GoalCount, Star

STAR_ORDER = tuple(Star)  # H, He, O, C: a star type's index
Measure = Callable[[Goal, Board, int], int]  # what a goal counts: (goal, board, crystals)


def count(goal: Goal, board: Board, crystals: int) -> int:
    """The amount ``goal`` compares for a player with ``board`` and ``crystals`` time
    crystals on the scoring spaces of their time chamber."""
    return _COUNTS[goal.measure](goal, board, crystals)


def measure_of(goal: Goal) -> Measure:
    """The function ``count`` calls for ``goal`` (looked up once for every player)."""
    return _COUNTS[goal.measure]


def _life(goal: Goal, board: Board, crystals: int) -> int:
    assert goal.sector is not None
    return (board.life & geometry().life_sector[goal.sector]).bit_count()


def _nebula_sizes(goal: Goal, board: Board, crystals: int) -> int:
    assert goal.sector is not None
    return sum(_size(board, n) for n in bits(board.done & geometry().nebula_sector[goal.sector]))


def _nebulae(goal: Goal, board: Board, crystals: int) -> int:
    return sum(1 for n in bits(board.done) if _size(board, n) == goal.size)


def _stars(goal: Goal, board: Board, crystals: int) -> int:
    assert goal.star is not None
    return board.standard(STAR_ORDER.index(goal.star)).bit_count()


def _advanced_neighbours(goal: Goal, board: Board, crystals: int) -> int:
    touched = 0
    for n in {n for n, _ in board.advanced}:
        touched |= geometry().nebula_stars[n]
    return (touched & board.all_stars).bit_count()


def _size(board: Board, space: int) -> int:
    tile = board.tile(space)
    return tile.size if tile else 0


_COUNTS: dict[GoalCount, Measure] = {
    GoalCount.STABLE_LIFE: lambda goal, board, crystals: board.stable.bit_count(),
    GoalCount.PROTO_LIFE: lambda goal, board, crystals: board.proto.bit_count(),
    GoalCount.SUPERNOVAE: lambda goal, board, crystals: board.nova.bit_count(),
    GoalCount.LIFE: _life,
    GoalCount.NEBULA_SIZES: _nebula_sizes,
    GoalCount.NEBULAE: _nebulae,
    GoalCount.STARS: _stars,
    GoalCount.STAR_GROUP: lambda goal, board, crystals: groups(
        board.all_stars, geometry().star_stars_table
    ),
    GoalCount.TIME_CRYSTALS: lambda goal, board, crystals: crystals,
    GoalCount.ADVANCED_NEIGHBOURS: _advanced_neighbours,
}
