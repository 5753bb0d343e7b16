"""Our nebula tiles from ``data/cosmos/nebulae.toml`` (made by
``scripts/derive_cosmos.py``; spec cosmos.md, Nebula tiles): each tile's size, points
and the multiset of star elements it needs."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import NamedTuple

from pnp.system.paths import read_data

ELEMENTS = ("H", "He", "O", "C")
SIZES = (1, 2, 3)


class NebulaTile(NamedTuple):
    id: str  # size then a letter: 1A … 1Z, 2A … 2V, 3A … 3T
    size: int
    points: int
    stars: tuple[str, ...]  # element symbols, in the order of ELEMENTS


@cache
def nebula_tiles() -> tuple[NebulaTile, ...]:
    data = tomllib.loads(read_data("cosmos", "nebulae.toml")[0])
    return tuple(
        NebulaTile(t["id"], t["size"], t["points"], tuple(t["stars"])) for t in data["tile"]
    )


def stack(size: int) -> tuple[NebulaTile, ...]:
    return tuple(t for t in nebula_tiles() if t.size == size)
