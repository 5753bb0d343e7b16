"""Monte Carlo search for any game: it knows no game, only what a ``Rules`` says.

At a decision the searcher weighs each candidate move by playouts: the move is made on
a copy of the position, then the game is played to its end by the rules' playout (a
policy such as a greedy bot, with the dice rolled and hidden cards dealt afresh from the
playout's own random numbers: a determinized, information-set playout, so the searcher
never reads what it could not see), and the end is valued for the searching seat.
Playouts go to the moves by UCB1 (Auer et al. 2002), each move once first, in order;
the move with the most playouts is chosen (ties: the best mean, then the first).

Everything random comes from the ``random.Random`` given, so the same position and seed
make the same choice, in any process."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

State = TypeVar("State")
Move = TypeVar("Move")
State_contra = TypeVar("State_contra", contravariant=True)
EXPLORE = math.sqrt(2)  # UCB1's constant for values in [0, 1]


class Rules(Protocol[State_contra, Move]):
    """What the searcher needs of a game, at a decision of ``seat``."""

    def moves(self, state: State_contra, seat: int) -> Sequence[Move]:
        """The candidate moves (all the legal ones, or the promising few)."""
        ...

    def playout(self, state: State_contra, seat: int, move: Move, rng: random.Random) -> float:
        """``move`` made on a copy of ``state``, the game played to its end, valued for
        ``seat`` in [0, 1] (1 a win; a shared win, a margin… as the game sees fit)."""
        ...


@dataclass(frozen=True)
class Choice(Generic[Move]):
    """The chosen move, and how each candidate fared: playouts and mean value."""

    move: Move
    visits: tuple[int, ...]
    means: tuple[float, ...]


def search(
    rules: Rules[State, Move], state: State, seat: int, budget: int, rng: random.Random
) -> Choice[Move]:
    """The move for ``seat`` after ``budget`` playouts (at least one per candidate)."""
    moves = list(rules.moves(state, seat))
    if not moves:
        raise ValueError("no move to choose from")
    if len(moves) == 1:
        return Choice(moves[0], (0,), (0.0,))
    visits = [0] * len(moves)
    totals = [0.0] * len(moves)
    for n in range(max(budget, len(moves))):
        k = n if n < len(moves) else _ucb(visits, totals, n)
        totals[k] += rules.playout(state, seat, moves[k], rng)
        visits[k] += 1
    means = [t / v for t, v in zip(totals, visits, strict=True)]
    best = max(range(len(moves)), key=lambda k: (visits[k], means[k], -k))
    return Choice(moves[best], tuple(visits), tuple(means))


def _ucb(visits: list[int], totals: list[float], n: int) -> int:
    log_n = math.log(n)
    scores = [t / v + EXPLORE * math.sqrt(log_n / v) for t, v in zip(totals, visits, strict=True)]
    return max(range(len(scores)), key=lambda k: (scores[k], -k))
