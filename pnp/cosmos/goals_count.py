"""What each universal goal counts, from a player's galaxy (seed 001 "UNIVERSAL GOAL
REFERENCE", "UNIVERSAL GOALS"): supernovae count as stars, but only as their own type
(never as an H, He, O or C star); life on a sector border counts for both sectors."""

from __future__ import annotations

from pnp.cosmos.board import Board
from pnp.cosmos.geometry import bits, geometry, groups
from pnp.cosmos.model import Goal, GoalCount, Star

STAR_ORDER = tuple(Star)  # H, He, O, C: a star type's index


def count(goal: Goal, board: Board, crystals: int) -> int:
    """The amount ``goal`` compares for a player with ``board`` and ``crystals`` time
    crystals on the scoring spaces of their time chamber."""
    g = geometry()
    m = goal.measure
    if m is GoalCount.STABLE_LIFE:
        return board.stable.bit_count()
    if m is GoalCount.PROTO_LIFE:
        return board.proto.bit_count()
    if m is GoalCount.SUPERNOVAE:
        return board.nova.bit_count()
    if m is GoalCount.LIFE:
        assert goal.sector is not None
        return (board.life & g.life_sector[goal.sector]).bit_count()
    if m is GoalCount.NEBULA_SIZES:
        assert goal.sector is not None
        return sum(_size(board, n) for n in bits(board.done & g.nebula_sector[goal.sector]))
    if m is GoalCount.NEBULAE:
        return sum(1 for n in bits(board.done) if _size(board, n) == goal.size)
    if m is GoalCount.STARS:
        assert goal.star is not None
        return board.standard(STAR_ORDER.index(goal.star)).bit_count()
    if m is GoalCount.STAR_GROUP:
        return groups(board.all_stars, g.star_stars)
    if m is GoalCount.TIME_CRYSTALS:
        return crystals
    touched = 0
    for n in {n for n, _ in board.advanced}:
        touched |= g.nebula_stars[n]
    return (touched & board.all_stars).bit_count()


def _size(board: Board, space: int) -> int:
    tile = board.tile(space)
    return tile.size if tile else 0
