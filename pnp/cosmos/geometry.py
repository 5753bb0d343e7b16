"""The galaxy of ``pnp.cosmos.galaxy`` as bitmasks for the engine: star space i is bit i
of a star mask (``galaxy().stars`` order), likewise life and nebula spaces. Built once."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.model import Sector

Table = tuple[tuple[int, ...], ...]  # [j][v]: the spaces next to those of byte j = v


STAR, LIFE, NEBULA = 0, 1, 2  # the kinds of space, as one-space answers name them


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
    star_stars_table: Table  # star_stars, star_life and life_life for ``spread``
    star_life_table: Table
    life_life_table: Table
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


def table(neighbours: tuple[int, ...]) -> Table:
    """``neighbours`` (by space, a mask) by byte of a mask: for byte ``j`` holding value
    ``v``, the spaces next to any of its set bits."""
    out = []
    for j in range(0, len(neighbours), 8):
        row = [0] * 256
        for v in range(1, 256):
            low = v & -v
            space = j + low.bit_length() - 1
            row[v] = row[v ^ low] | (neighbours[space] if space < len(neighbours) else 0)
        out.append(tuple(row))
    return tuple(out)


@cache
def geometry() -> Geometry:
    g = galaxy()
    si = {s.id: i for i, s in enumerate(g.stars)}
    li = {s.id: i for i, s in enumerate(g.life)}
    ni = {n.id: i for i, n in enumerate(g.nebulae)}
    starts = {n.start: ni[n.id] for n in g.nebulae if n.start}
    star_stars = tuple(_mask(si, s.stars) for s in g.stars)
    star_life = tuple(_mask(li, s.life) for s in g.stars)
    life_life = tuple(_mask(li, s.life) for s in g.life)
    return Geometry(
        tuple(si),
        tuple(li),
        tuple(ni),
        si,
        li,
        ni,
        star_stars,
        star_life,
        life_life,
        tuple(_mask(si, n.stars) for n in g.nebulae),
        tuple(_mask(li, n.life) for n in g.nebulae),
        table(star_stars),
        table(star_life),
        table(life_life),
        {k: sum(1 << si[s.id] for s in g.stars if k in s.sectors) for k in Sector},
        {k: sum(1 << li[s.id] for s in g.life if k in s.sectors) for k in Sector},
        {k: sum(1 << ni[n.id] for n in g.nebulae if n.sector is k) for k in Sector},
        (starts[1], starts[2], starts[3]),
        si[g.centre],
        li[g.start_life],
        (1 << len(si)) - 1,
        (1 << len(li)) - 1,
    )


def spread(mask: int, by_byte: Table) -> int:
    """The spaces next to any space of ``mask`` (``by_byte``: a ``table``)."""
    out, j = 0, 0
    while mask:
        byte = mask & 255
        if byte:
            out |= by_byte[j][byte]
        mask >>= 8
        j += 1
    return out


def hops(origin: int, occupied: int, neighbours: tuple[int, ...]) -> int:
    """The empty spaces a movement action reaches from ``origin``: along adjacent spaces,
    hopping over any number of occupied ones (seed "Movement"). Ring by ring: the spaces
    next to those reached, the occupied ones leading on."""
    seen = 1 << origin
    ring = neighbours[origin] & ~seen
    found = 0
    while ring:
        seen |= ring
        found |= ring & ~occupied
        through = ring & occupied
        ring = 0
        while through:
            low = through & -through
            ring |= neighbours[low.bit_length() - 1]
            through ^= low
        ring &= ~seen
    return found


def groups(mask: int, by_byte: Table) -> int:
    """The size of the largest group of adjacent spaces in ``mask`` (``by_byte``: a
    ``table`` of their adjacency)."""
    best = 0
    left = mask
    while left:
        low = left & -left
        group, frontier = low, low
        while frontier:
            frontier = spread(frontier, by_byte) & mask & ~group
            group |= frontier
        best = max(best, group.bit_count())
        left &= ~group
    return best


def space_ids(kind: int) -> tuple[str, ...]:
    """The ids of the spaces of ``kind`` (``STAR``, ``LIFE`` or ``NEBULA``), by bit."""
    g = geometry()
    return (g.star_ids, g.life_ids, g.nebula_ids)[kind]


def space_index(kind: int) -> dict[str, int]:
    """The bit of each space of ``kind`` by its id."""
    g = geometry()
    return (g.star_index, g.life_index, g.nebula_index)[kind]
