"""Matching circled stars to the completed lines that gained them: each star needs a
distinct line that contains it (a maximum bipartite matching, by augmenting paths)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def max_matching(stars: Iterable[int], lines_of: Mapping[int, Iterable[int]]) -> dict[int, int]:
    """line -> star for a maximum matching of ``stars`` to the lines they may use."""
    owner: dict[int, int] = {}

    def assign(star: int, seen: set[int]) -> bool:
        for line in lines_of[star]:
            if line not in seen:
                seen.add(line)
                if line not in owner or assign(owner[line], seen):
                    owner[line] = star
                    return True
        return False

    for star in stars:
        assign(star, set())
    return owner


def star_cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
