"""Astra's content as small immutable values. The same records are printed (cards,
boards, journals) and played (scorer, engine), so a printed kit matches its scorer.

Star positions are in a unit square with y up: the longer side of a figure spans 0…1
and the shorter one is centred. Stars are numbered 1…n on every card; game logs name
them by these numbers."""

from __future__ import annotations

from enum import Enum
from typing import Final, NamedTuple

from pnp.astra.text import Lang


class Element(Enum):
    FIRE = "fire"
    EARTH = "earth"
    AIR = "air"
    WATER = "water"


# Clockwise round the sphere board, as the sphere marker moves.
EMPTY: Final = -1  # a board slot the empty deck could not refill
CLOCKWISE: Final = (Element.FIRE, Element.EARTH, Element.AIR, Element.WATER)


class BoonKind(Enum):
    FAME = "fame"
    STARDUST = "stardust"
    OBSERVATION = "observation"  # Telescope tokens
    IMPROVEMENT = "improvement"  # Pouch size
    WISDOM = "wisdom"
    ACTIVATION = "activation"  # reactivate exhausted cards


class Boon(NamedTuple):
    kind: BoonKind
    amount: int


class StarKind(Enum):
    STARTING = "starting"
    GRAND = "grand"
    COMMON = "common"


class Star(NamedTuple):
    number: int  # 1…n on its card
    x: float
    y: float
    magnitude: float
    label: str  # the IAU proper name, else a Bayer/Flamsteed label such as "γ CMi"
    kind: StarKind
    hip: int  # Hipparcos number, to trace the star back to the sky data


class Constellation(NamedTuple):
    key: str  # IAU abbreviation ("Tau"); "Arg" for Argo Navis
    name: str  # English ("Taurus")
    name_fr: str  # French ("Taureau")
    element: Element
    fame: int  # Final Scoring fame when Active
    stars: tuple[Star, ...]  # stars[i].number == i + 1
    edges: tuple[tuple[int, int], ...]  # star numbers (a, b), a < b, sorted
    boons: tuple[Boon, ...]  # 4, left to right, most valuable first
    ability: str  # an ability id (see pnp.astra.abilities)

    @property
    def size(self) -> int:
        return len(self.stars)

    @property
    def starting(self) -> Star:
        return next(s for s in self.stars if s.kind is StarKind.STARTING)

    @property
    def grand(self) -> tuple[Star, ...]:
        return tuple(s for s in self.stars if s.kind is StarKind.GRAND)

    def star(self, number: int) -> Star:
        return self.stars[number - 1]

    def neighbours(self, number: int) -> tuple[int, ...]:
        return tuple(sorted(b if a == number else a for a, b in self.edges if number in (a, b)))

    def title(self, lang: Lang) -> str:
        return self.name_fr if lang is Lang.FR else self.name
