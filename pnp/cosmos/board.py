"""One player's galaxy as bitmasks over ``pnp.cosmos.geometry``'s spaces: what the engine
plays on and what the goals count (``pnp.cosmos.goals_count``)."""

from __future__ import annotations

from typing import NamedTuple

from pnp.cosmos.geometry import geometry
from pnp.cosmos.nebulae import NebulaTile, nebula_tiles

EMPTY = -1


class Board(NamedTuple):
    # Every step builds a board, so the ``with_*`` methods set fields by index (the
    # order below) rather than through ``_replace``, which maps keywords through a dict.
    # By type H, He, O, C: the star spaces holding a token of that type; a supernova
    # keeps its type (Binary Star flips it back), ``nova`` says which show that side.
    stars: tuple[int, int, int, int] = (0, 0, 0, 0)
    nova: int = 0
    proto: int = 0
    stable: int = 0
    tiles: tuple[int, ...] = ()  # by nebula space: an index into nebula_tiles(), or EMPTY
    done: int = 0  # completed nebula spaces
    advanced: tuple[tuple[int, int], ...] = ()  # (nebula space, value), in the order gained
    placed: int = 0  # the nebula spaces holding a tile: ``with_tile`` keeps it with ``tiles``

    @staticmethod
    def empty() -> Board:
        return Board(tiles=(EMPTY,) * len(geometry().nebula_ids))

    @property
    def all_stars(self) -> int:
        h, he, o, c = self.stars
        return h | he | o | c

    @property
    def life(self) -> int:
        return self.proto | self.stable

    @property
    def empty_nebulae(self) -> int:
        """The nebula spaces without a tile, as a mask."""
        return (1 << len(self.tiles)) - 1 & ~self.placed

    def standard(self, kind: int) -> int:
        """The star spaces showing a standard star of type ``kind`` (0–3)."""
        return self.stars[kind] & ~self.nova

    def star_type(self, space: int) -> int:
        """The type (0–3) of the token on star space ``space``; -1 for none."""
        for kind, mask in enumerate(self.stars):
            if mask >> space & 1:
                return kind
        return -1

    def tile(self, space: int) -> NebulaTile | None:
        t = self.tiles[space]
        return None if t == EMPTY else nebula_tiles()[t]

    def advanced_on(self, space: int) -> int:
        return sum(1 for n, _ in self.advanced if n == space)

    def with_tile(self, space: int, tile: int) -> Board:
        """``tile`` (or EMPTY) on nebula space ``space``: the only way tiles change."""
        values = list(self)
        values[4] = (*self.tiles[:space], tile, *self.tiles[space + 1 :])
        bit = 1 << space
        values[7] = self.placed & ~bit if tile == EMPTY else self.placed | bit
        return tuple.__new__(Board, values)

    def with_star(self, kind: int, mask: int) -> Board:
        """``mask`` as the spaces of type ``kind``."""
        stars = list(self.stars)
        stars[kind] = mask
        values = list(self)
        values[0] = (stars[0], stars[1], stars[2], stars[3])
        return tuple.__new__(Board, values)

    def with_life(self, proto: int, stable: int) -> Board:
        values = list(self)
        values[2], values[3] = proto, stable
        return tuple.__new__(Board, values)

    def with_nova(self, nova: int) -> Board:
        values = list(self)
        values[1] = nova
        return tuple.__new__(Board, values)
