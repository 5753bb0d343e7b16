"""Our galaxy's geometry from ``data/cosmos/galaxy.toml`` (made by
``scripts/derive_cosmos.py``; spec cosmos.md, Galaxy geometry): nebula spaces, star
spaces on their corners, life spaces on their sides, adjacency and sectors (Δ at the
top, then clockwise Ψ and Φ). Coordinates are in hexagon sides, the centre star at the
origin, y up."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any, NamedTuple

from pnp.cosmos.model import Sector
from pnp.system.paths import read_data


class NebulaSpace(NamedTuple):
    id: str
    x: float
    y: float
    sector: Sector
    start: int  # the size of the set-up nebula placed here, 0 for none
    stars: tuple[str, ...]  # its six corners, counter-clockwise from the top
    life: tuple[str, ...]  # its six sides, counter-clockwise from the upper left


class Space(NamedTuple):
    """A star space (a corner) or a life space (a side)."""

    id: str
    x: float
    y: float
    nebulae: tuple[str, ...]  # the nebula spaces it touches
    sectors: tuple[Sector, ...]  # the sectors it touches (both, on a boundary)
    stars: tuple[str, ...]  # adjacent star spaces
    life: tuple[str, ...]  # adjacent life spaces


class Galaxy(NamedTuple):
    nebulae: tuple[NebulaSpace, ...]
    stars: tuple[Space, ...]
    life: tuple[Space, ...]
    centre: str  # the centre star space (an H star at set-up)
    start_life: str  # the starting life space

    def nebula(self, space: str) -> NebulaSpace:
        """Nebula space ``space`` (``N1``–``N27``); another id is a ``KeyError``."""
        for n in self.nebulae:
            if n.id == space:
                return n
        raise KeyError(f"{space!r} is no nebula space (N1–N{len(self.nebulae)})")

    def space(self, space: str) -> Space:
        """Star or life space ``space``; another id (a nebula's too) is a ``KeyError``."""
        for s in self.stars + self.life:
            if s.id == space:
                return s
        raise KeyError(f"{space!r} is no star or life space (S…, L…; nebulae: Galaxy.nebula)")


@cache
def galaxy() -> Galaxy:
    return parse_galaxy(tomllib.loads(read_data("cosmos", "galaxy.toml")[0]))


def parse_galaxy(data: dict[str, Any]) -> Galaxy:
    nebulae = tuple(
        NebulaSpace(
            n["id"],
            n["x"],
            n["y"],
            Sector(n["sector"]),
            n["start"],
            tuple(n["stars"]),
            tuple(n["life"]),
        )
        for n in data["nebula"]
    )
    return Galaxy(
        nebulae,
        tuple(_space(s) for s in data["star"]),
        tuple(_space(s) for s in data["life"]),
        data["centre"],
        data["start_life"],
    )


def _space(s: dict[str, Any]) -> Space:
    return Space(
        s["id"],
        s["x"],
        s["y"],
        tuple(s["nebulae"]),
        tuple(Sector(v) for v in s["sectors"]),
        tuple(s["stars"]),
        tuple(s["life"]),
    )
