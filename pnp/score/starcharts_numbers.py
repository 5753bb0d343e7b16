"""Objective boxes written as bare numbers (as read from a photo or a filled form, where
no card name is written): each must be a value some dealt card could have given."""

from __future__ import annotations

from itertools import permutations

from pnp.starcharts.content import Objective


def unplaced(numbers: list[int], cards: list[Objective]) -> int | None:
    """The index of a number that no assignment of ``numbers`` to distinct ``cards``
    (those the player could still have claimed: dealt, met, not claimed by name) gives
    its card's high or low value; None when every number has one."""
    best: list[int] = []
    for order in permutations(cards, min(len(cards), len(numbers))):
        fits = [
            k
            for k, (n, card) in enumerate(zip(numbers, order, strict=False))
            if n in (card.high, card.low)
        ]
        if len(fits) == len(numbers):
            return None
        if len(fits) > len(best):
            best = fits
    return next(k for k in range(len(numbers)) if k not in best)
