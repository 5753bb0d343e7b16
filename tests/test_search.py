"""The game-free search (``pnp.play.search``): it finds the best move of a game whose
values are known, spends its budget by UCB1, and is deterministic for a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.play.search import search


class Coins:
    """Each move is a coin that wins with its own chance: a bandit whose best arm is known."""

    def __init__(self, chances: Sequence[float]) -> None:
        self.chances = chances
        self.calls: list[int] = []

    def moves(self, state: int, seat: int) -> Sequence[int]:
        return range(len(self.chances))

    def playout(self, state: int, seat: int, move: int, rng: random.Random) -> float:
        self.calls.append(move)
        return 1.0 if rng.random() < self.chances[move] else 0.0


def test_it_finds_the_best_move_and_spends_most_playouts_there() -> None:
    coins = Coins([0.3, 0.5, 0.8, 0.45])
    choice = search(coins, 0, 0, 2000, random.Random(1))
    assert choice.move == 2
    assert choice.visits[2] > sum(choice.visits) / 2
    assert sum(choice.visits) == 2000 and len(coins.calls) == 2000
    assert coins.calls[:4] == [0, 1, 2, 3]  # each move once first, in order


def test_every_move_is_tried_whatever_the_budget() -> None:
    coins = Coins([0.1, 0.2, 0.3])
    choice = search(coins, 0, 0, 1, random.Random(0))
    assert choice.visits == (1, 1, 1)


def test_one_move_needs_no_playout() -> None:
    coins = Coins([0.5])
    assert search(coins, 0, 0, 100, random.Random(0)).move == 0 and coins.calls == []


def test_no_move_is_an_error() -> None:
    with pytest.raises(ValueError, match="no move"):
        search(Coins([]), 0, 0, 10, random.Random(0))


@given(st.lists(st.floats(0, 1), min_size=2, max_size=6), st.integers(0, 2**32), st.integers(1, 60))
def test_the_same_seed_makes_the_same_choice(chances: list[float], seed: int, budget: int) -> None:
    first = search(Coins(chances), 0, 0, budget, random.Random(seed))
    again = search(Coins(chances), 0, 0, budget, random.Random(seed))
    assert first == again
    assert sum(first.visits) == max(budget, len(chances))
    assert first.visits[first.move] == max(first.visits)
