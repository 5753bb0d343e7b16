"""Gaining abilities: the stars circled in a turn must match distinct lines completed in
that turn (a bipartite matching), and every gain the completed lines allow must be taken
while abilities are left."""

from __future__ import annotations

from pnp.starcharts.actions import Gain
from pnp.starcharts.coords import format_cell
from pnp.starcharts.matching import max_matching, star_cells
from pnp.starcharts.rules import RuleError
from pnp.starcharts.sheet import Sheet


class TurnGains:
    """The gains of one turn: each star circled this turn needs its own line completed
    this turn; a gain is missing when a larger such matching exists."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.open = ~sheet.circled  # stars still uncircled when the turn began
        self.lines: list[int] = []
        self.stars: list[int] = []

    def completed(self, lines: list[int]) -> None:
        g = self.sheet.g
        self.lines += [ln for ln in lines if g.line_stars[ln] & self.open]

    def _options(self, stars: list[int]) -> dict[int, list[int]]:
        g = self.sheet.g
        return {s: [ln for ln in self.lines if g.line_stars[ln] >> s & 1] for s in stars}

    def _fits(self, stars: list[int]) -> bool:
        return len(max_matching(stars, self._options(stars))) == len(stars)

    def more_possible(self) -> bool:
        g = self.sheet.g
        candidates = 0
        for ln in self.lines:
            candidates |= g.line_stars[ln]
        stars = star_cells(candidates & (self.open | _mask(self.stars)))
        return len(max_matching(stars, self._options(stars))) > len(self.stars)

    def gain(self, action: Gain, n: int) -> None:
        sheet = self.sheet
        if action.ability in sheet.gained:
            raise RuleError("ability.gain", f"{action.ability} is already gained", action.col)
        if action.star is not None:
            star = action.star
            fresh = self.open >> star & 1 and star not in self.stars
            if not (fresh and self._options([star])[star] and self._fits([*self.stars, star])):
                raise RuleError(
                    "ability.gain",
                    f"{format_cell(star, n)} is not an uncircled "
                    "star of a line completed this turn that no other gain used",
                    action.col,
                )
        else:
            star = self._choose()
            if star < 0:
                raise RuleError(
                    "ability.gain",
                    "no line with an uncircled star was completed "
                    "this turn, or each has gained already",
                    action.col,
                )
        self.stars.append(star)
        sheet.circled |= 1 << star
        sheet.gained.append(action.ability)

    def _choose(self) -> int:
        """A star for a gain that names none: from a line not yet credited, preferring a
        star that no other uncredited line needs."""
        g = self.sheet.g
        used = set(max_matching(self.stars, self._options(self.stars)))
        waiting = [
            ln
            for ln in self.lines
            if ln not in used and g.line_stars[ln] & self.open & ~_mask(self.stars)
        ]
        for line in waiting:
            stars = g.line_stars[line] & self.open & ~_mask(self.stars)
            others = 0
            for other in waiting:
                if other != line:
                    others |= g.line_stars[other]
            pick = (stars & ~others) or stars
            star = (pick & -pick).bit_length() - 1
            if self._fits([*self.stars, star]):
                return star
        return -1


def _mask(cells: list[int]) -> int:
    m = 0
    for i in cells:
        m |= 1 << i
    return m


def plan_gains(sheet: Sheet, lines: list[int], circled: int | None = None) -> list[tuple[int, int]]:
    """(line, star bit) for as many gains as the completed ``lines`` allow (a maximum
    matching of uncircled stars to distinct lines), up to the abilities left to gain."""
    g = sheet.g
    open_stars = ~(sheet.circled if circled is None else circled)
    left = len(sheet.ungained())
    if len(lines) == 1 and left:  # the usual case: one line, any uncircled star of it
        first = g.line_stars[lines[0]] & open_stars
        return [(lines[0], first & -first)] if first else []
    candidates = 0
    for ln in lines:
        candidates |= g.line_stars[ln] & open_stars
    stars = star_cells(candidates)
    options = {s: [ln for ln in lines if g.line_stars[ln] >> s & 1] for s in stars}
    owner = max_matching(stars, options)
    pairs = sorted((ln, 1 << star) for ln, star in owner.items())
    return pairs[:left]
