"""The six Final Scoring cards, read from ``data/astra/scoring_cards.toml``, and what a
card scores for the elements on a player's constellation cards."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from pnp.astra.journal import read_data
from pnp.astra.model import Element
from pnp.errors import Problem, SourceError


class ScoringCard(NamedTuple):
    pair: frozenset[Element]  # the two elements whose rows start marked

    @property
    def key(self) -> str:
        """The card's name in score files: its elements in alphabetical order, "air+fire"."""
        return "+".join(sorted(e.value for e in self.pair))


class Scoring(NamedTuple):
    rows: tuple[Element, ...]  # top down, the same on every card
    row_points: tuple[int, ...]  # by marks in a row, 0…spots
    column_points: tuple[int, ...]  # by marks in a column, 0…rows
    cards: tuple[ScoringCard, ...]

    @property
    def spots(self) -> int:
        return len(self.row_points) - 1


class CardScore(NamedTuple):
    rows: tuple[int, ...]  # in ``Scoring.rows`` order
    columns: tuple[int, ...]  # left to right
    total: int


@cache
def scoring() -> Scoring:
    path, data = read_data("scoring_cards.toml")
    try:
        rows = tuple(Element(v) for v in data["rows"])
        cards = tuple(ScoringCard(frozenset(Element(v) for v in pair)) for pair in data["cards"])
        row_points = tuple(int(v) for v in data["row_points"])
        column_points = tuple(int(v) for v in data["column_points"])
        if sorted(rows, key=lambda e: e.value) != sorted(Element, key=lambda e: e.value):
            raise ValueError("the rows are the four elements, once each")
        if len(column_points) != len(rows) + 1 or len(row_points) < 2:
            raise ValueError("points are given for 0 marks up to a full row or column")
        if any(len(c.pair) != 2 for c in cards) or len(set(cards)) != len(cards):
            raise ValueError("each card is a different pair of two different elements")
        return Scoring(rows, row_points, column_points, cards)
    except (KeyError, TypeError, ValueError) as exc:
        raise SourceError([Problem(str(path), 1, 1, f"bad Final Scoring cards: {exc}")]) from None


def scoring_cards() -> tuple[ScoringCard, ...]:
    return scoring().cards


@cache  # the engine asks for each player's card whenever it scores
def scoring_card(key: str) -> ScoringCard:
    """The card named by its two elements joined by "+", in either order, any case."""
    names = sorted(part.strip().lower() for part in key.split("+"))
    for card in scoring().cards:
        if names == sorted(e.value for e in card.pair):
            return card
    raise ValueError(f"no Final Scoring card {key!r}: give two different elements, 'air+fire'")


def marks(pair: frozenset[Element], counts: Mapping[Element, int]) -> tuple[int, ...]:
    """Marks in each row: the pre-mark, then one per element owned, at most a full row."""
    s = scoring()
    if ScoringCard(pair) not in s.cards:
        raise ValueError(f"no Final Scoring card has the elements {sorted(e.value for e in pair)}")
    if any(n < 0 for n in counts.values()):
        raise ValueError("element counts cannot be negative")
    return tuple(min(s.spots, int(e in pair) + counts.get(e, 0)) for e in s.rows)


def score_card(pair: frozenset[Element], counts: Mapping[Element, int]) -> CardScore:
    """What the card with the elements ``pair`` pre-marked scores for ``counts``
    elements on a player's cards (Active or Exhausted)."""
    s = scoring()
    filled = marks(pair, counts)
    rows = tuple(s.row_points[n] for n in filled)
    columns = tuple(s.column_points[sum(n > col for n in filled)] for col in range(s.spots))
    return CardScore(rows, columns, sum(rows) + sum(columns))
