"""A Crafting the Cosmos player's decisions as small immutable values. Spaces are named
by their galaxy ids (``S12``, ``L40``, ``N5``), power cards by their ids, nebula tiles by
theirs (``2C``); energy types and star types are the model's enums."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.cosmos.model import EnergyType, Star

DECK = 4  # TakeCard's slot for the top of the energy deck (0–3 are the display)


@dataclass(frozen=True, slots=True)
class Shift:
    """Move one energy token one step clockwise: yours (``dark`` = -1) or a dark token
    from control ``dark`` (0 Light, 1 Time, 2 Gravity, 3 Chemistry)."""

    dark: int = -1


@dataclass(frozen=True, slots=True)
class Collect:
    """End the shift and collect the rewards."""


@dataclass(frozen=True, slots=True)
class TakeCard:
    slot: int  # 0–3 the display, DECK the deck


@dataclass(frozen=True, slots=True)
class TakeNebula:
    size: int


@dataclass(frozen=True, slots=True)
class PlaceNebula:
    tile: str
    space: str


@dataclass(frozen=True, slots=True)
class PlaceStar:
    star: Star
    space: str


@dataclass(frozen=True, slots=True)
class PlaceLife:
    space: str


@dataclass(frozen=True, slots=True)
class Complete:
    nebula: str
    discard: str  # the star space whose star is discarded


@dataclass(frozen=True, slots=True)
class Discharge:
    power: str = ""  # a Time card used instead of the star


@dataclass(frozen=True, slots=True)
class Advance:
    """Create advanced life on a completed nebula."""

    nebula: str


@dataclass(frozen=True, slots=True)
class GainPower:
    slot: int  # 0–3, left to right
    suit: EnergyType


@dataclass(frozen=True, slots=True)
class Keep:
    card: str
    bottom: tuple[str, ...] = ()  # the others, in the order they go under the deck


@dataclass(frozen=True, slots=True)
class Use:
    card: str
    pay: tuple[EnergyType, ...] = ()
    option: int = 0  # the effect's alternative


@dataclass(frozen=True, slots=True)
class CardSet:
    suit: EnergyType


@dataclass(frozen=True, slots=True)
class Supernova:
    space: str


@dataclass(frozen=True, slots=True)
class Stabilize:
    space: str


@dataclass(frozen=True, slots=True)
class Move:
    """A graviton's movement action."""

    source: str
    to: str


@dataclass(frozen=True, slots=True)
class Choose:
    """The target of the effect step being resolved: a space; a star type too when a
    star is gained; a destination too when something moves."""

    space: str
    star: Star | None = None
    to: str = ""


@dataclass(frozen=True, slots=True)
class Stop:
    """Leave the rest of an 'up to' effect."""


@dataclass(frozen=True, slots=True)
class Omega:
    size: int  # 1–3: gain a nebula of that size; 0: stabilize 1 proto life


@dataclass(frozen=True, slots=True)
class Discard:
    """The hand limit: the energy cards a player discards."""

    player: int
    cards: tuple[EnergyType, ...]


Action = (
    Shift
    | Collect
    | TakeCard
    | TakeNebula
    | PlaceNebula
    | PlaceStar
    | PlaceLife
    | Complete
    | Discharge
    | Advance
    | GainPower
    | Keep
    | Use
    | CardSet
    | Supernova
    | Stabilize
    | Move
    | Choose
    | Stop
    | Omega
    | Discard
)
