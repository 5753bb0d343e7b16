"""Scoring a universal goal and choosing the winner: the rules of seed 001 "UNIVERSAL
GOALS" and "END OF GAME", shared by the ``counts`` scorer and, later, the engine."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum


def placements(counts: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """Each player's points for a goal from their ``counts``: ``points`` = (1st, 2nd).
    Tied firsts each score 1st and nobody 2nd; tied seconds each score 2nd; a count of 0
    scores nothing."""
    first, second = points
    best = max(counts, default=0)
    if best == 0:
        return tuple(0 for _ in counts)
    if counts.count(best) > 1:
        return tuple(first if c == best else 0 for c in counts)
    runner_up = max((c for c in counts if c < best), default=0)
    return tuple(first if c == best else second if c == runner_up > 0 else 0 for c in counts)


class TieBreak(Enum):
    NONE = "none"  # one player has the most points
    ENERGY_CARDS = "energy-cards"  # tied on points, one has the most energy cards in hand
    SHARED = "shared"  # tied on both: the tied players share the victory


def winners(totals: Sequence[int], cards: Sequence[int]) -> tuple[tuple[int, ...], TieBreak]:
    """The indexes of the winners and how the tie was broken: most points, then most
    energy cards in hand, then a shared victory."""
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return tuple(tied), TieBreak.NONE
    most = max(cards[i] for i in tied)
    won = tuple(i for i in tied if cards[i] == most)
    return won, TieBreak.ENERGY_CARDS if len(won) == 1 else TieBreak.SHARED
