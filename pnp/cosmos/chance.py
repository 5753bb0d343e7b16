"""The game's random draws, made from ``Random.getrandbits`` alone: the very numbers
Python 3.11's ``randrange``, ``choice`` and ``shuffle`` draw (rejection sampling over
getrandbits), without their argument checks and layers of calls. Bots and set-up draw
hundreds a game; and Python keeps only ``getrandbits`` (the Mersenne Twister) the same
across versions, not the algorithms above it, so owning them keeps every seeded game
the same on any Python."""

from __future__ import annotations

import random


def below(rng: random.Random, n: int) -> int:
    """A random int in [0, n): ``rng.randrange(n)``, or the index ``rng.choice`` picks
    from ``n`` items."""
    if n <= 0:
        raise ValueError(f"nothing to draw from ({n})")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does (Fisher–Yates from the
    end)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
