"""The galaxy of ``pnp.cosmos.galaxy`` as bitmasks for the engine: star space i is bit i
of a star mask (``galaxy().stars`` order), likewise life and nebula spaces. Built once."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.model import Sector


class Geometry(NamedTuple):
    star_ids: tuple[str, ...]
    life_ids: tuple[str, ...]
    nebula_ids: tuple[str, ...]
    star_index: dict[str, int]
    life_index: dict[str, int]
    nebula_index: dict[str, int]
    star_stars: tuple[int, ...]  # by star space: the adjacent star spaces
    star_life: tuple[int, ...]  # by star space: the life spaces next to it
    life_life: tuple[int, ...]  # by life space: the adjacent life spaces
    nebula_stars: tuple[int, ...]  # by nebula space: its six corners
    nebula_life: tuple[int, ...]  # by nebula space: its six sides
    star_sector: dict[Sector, int]  # star spaces touching each sector
    life_sector: dict[Sector, int]
    nebula_sector: dict[Sector, int]  # nebula spaces in each sector
    starts: tuple[int, int, int]  # the nebula spaces of the set-up sizes 1, 2, 3
    centre: int
    start_life: int
    all_stars: int
    all_life: int


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    if mask.bit_count() > 8:  # reading the binary string is quicker for many bits
        return [i for i, c in enumerate(bin(mask)[:1:-1]) if c == "1"]
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask(index: dict[str, int], ids: tuple[str, ...]) -> int:
    return sum(1 << index[i] for i in ids)


@cache
def geometry() -> Geometry:
    g = galaxy()
    si = {s.id: i for i, s in enumerate(g.stars)}
    li = {s.id: i for i, s in enumerate(g.life)}
    ni = {n.id: i for i, n in enumerate(g.nebulae)}
    starts = {n.start: ni[n.id] for n in g.nebulae if n.start}
    return Geometry(
        tuple(si),
        tuple(li),
        tuple(ni),
        si,
        li,
        ni,
        tuple(_mask(si, s.stars) for s in g.stars),
        tuple(_mask(li, s.life) for s in g.stars),
        tuple(_mask(li, s.life) for s in g.life),
        tuple(_mask(si, n.stars) for n in g.nebulae),
        tuple(_mask(li, n.life) for n in g.nebulae),
        {k: sum(1 << si[s.id] for s in g.stars if k in s.sectors) for k in Sector},
        {k: sum(1 << li[s.id] for s in g.life if k in s.sectors) for k in Sector},
        {k: sum(1 << ni[n.id] for n in g.nebulae if n.sector is k) for k in Sector},
        (starts[1], starts[2], starts[3]),
        si[g.centre],
        li[g.start_life],
        (1 << len(si)) - 1,
        (1 << len(li)) - 1,
    )


def spread(mask: int, neighbours: tuple[int, ...]) -> int:
    """The spaces next to any space of ``mask``."""
    out = 0
    for i in bits(mask):
        out |= neighbours[i]
    return out


def hops(origin: int, occupied: int, neighbours: tuple[int, ...]) -> int:
    """The empty spaces a movement action reaches from ``origin``: along adjacent spaces,
    hopping over any number of occupied ones (seed "Movement")."""
    seen, frontier, found = 1 << origin, [origin], 0
    while frontier:
        i = frontier.pop()
        for j in bits(neighbours[i] & ~seen):
            seen |= 1 << j
            if occupied >> j & 1:
                frontier.append(j)
            else:
                found |= 1 << j
    return found


def groups(mask: int, neighbours: tuple[int, ...]) -> int:
    """The size of the largest group of adjacent spaces in ``mask``."""
    best = 0
    left = mask
    while left:
        low = left & -left
        group, frontier = low, low
        while frontier:
            frontier = spread(frontier, neighbours) & mask & ~group
            group |= frontier
        best = max(best, bin(group).count("1"))
        left &= ~group
    return best
