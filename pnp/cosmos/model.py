"""Crafting the Cosmos's content as small immutable values, read from ``data/cosmos/``
by ``pnp.cosmos.content``. The same records are printed (cards, boards, aids) and played
(scorer, engine), so a printed kit matches its scorer. Words come from
``pnp.cosmos.text``: these values hold ids and numbers."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from pnp.cosmos.text import Lang, text


class EnergyType(Enum):
    """A card suit, a power deck and a control; in clockwise order from Light."""

    LIGHT = "light"
    TIME = "time"
    GRAVITY = "gravity"
    CHEMISTRY = "chemistry"

    def label(self, lang: Lang = Lang.EN) -> str:
        return text(f"terms.{self.value}", lang)


class Star(Enum):
    H = "H"
    HE = "He"
    O = "O"  # noqa: E741 (the element's symbol)
    C = "C"


class Sector(Enum):
    DELTA = "delta"
    PSI = "psi"
    PHI = "phi"


class GoalCount(Enum):
    """What each player counts for a universal goal (``data/cosmos/goals.toml``)."""

    STABLE_LIFE = "stable-life"
    PROTO_LIFE = "proto-life"
    SUPERNOVAE = "supernovae"
    LIFE = "life"  # proto and stable touching a sector
    NEBULA_SIZES = "nebula-sizes"  # sizes of completed nebulae in a sector
    NEBULAE = "nebulae"  # completed nebulae of one size
    STARS = "stars"  # standard stars of one type
    STAR_GROUP = "star-group"
    TIME_CRYSTALS = "time-crystals"
    ADVANCED_NEIGHBOURS = "advanced-neighbours"


class Goal(NamedTuple):
    id: str  # the spec's id: "proto-life"
    measure: GoalCount  # goals.toml's `count`
    sector: Sector | None = None
    star: Star | None = None
    size: int | None = None

    def title(self, lang: Lang = Lang.EN) -> str:
        return text(f"goals.{self.id}.title", lang)

    def text(self, lang: Lang = Lang.EN) -> str:
        return text(f"goals.{self.id}.text", lang)

    @property
    def needs_nebulae(self) -> bool:
        """Whether a count above 0 means completed nebulae (which score points)."""
        return self.measure in (GoalCount.NEBULA_SIZES, GoalCount.NEBULAE)


class Suit(Enum):
    """The energy cards a cost asks for."""

    ANY = "any"
    MATCHING = "matching"  # all of one type, any type
    LIGHT = "light"
    TIME = "time"
    GRAVITY = "gravity"
    CHEMISTRY = "chemistry"


class Cost(NamedTuple):
    cards: int = 0
    suit: Suit = Suit.ANY
    supernova: int = 0  # slider resources
    graviton: int = 0
    proto_life: int = 0  # life tokens taken from the galaxy
    stable_life: int = 0
    discharge_star: bool = False  # instead of a time chamber discharge's star


class Verb(Enum):
    """What a power card's step does (``data/cosmos/power.toml`` explains each)."""

    GAIN_STAR = "gain-star"
    GAIN_LIFE = "gain-life"
    TIME_CRYSTAL = "time-crystal"
    SUPERNOVA = "supernova"
    UNSUPERNOVA = "unsupernova"
    MOVE = "move"
    STABILIZE = "stabilize"
    DISCARD_STAR = "discard-star"
    POINTS = "points"
    ADVANCED_LIFE = "advanced-life"
    GAIN_NEBULA = "gain-nebula"
    UPGRADE_NEBULA = "upgrade-nebula"


class Step(NamedTuple):
    verb: Verb
    n: int = 1
    what: str = ""  # the kind of piece, from the verb's list
    where: str = ""  # where it goes or which ones, from the verb's list
    up_to: bool = False  # fewer when fewer are there


class PowerCard(NamedTuple):
    id: str
    type: EnergyType
    cost: Cost
    effect: tuple[tuple[Step, ...], ...]  # alternatives, each steps in order

    def name(self, lang: Lang = Lang.EN) -> str:
        return text(f"power.{self.id}.name", lang)

    def cost_text(self, lang: Lang = Lang.EN) -> str:
        return text(f"power.{self.id}.cost", lang)

    def effect_text(self, lang: Lang = Lang.EN) -> str:
        return text(f"power.{self.id}.effect", lang)


class Resource(Enum):
    """What a control gives."""

    H = "H"
    HE = "He"
    O = "O"  # noqa: E741
    C = "C"
    SUPERNOVA = "supernova"
    DNA = "dna"
    GRAVITON = "graviton"
    TIME_CRYSTAL = "time-crystal"
    ENERGY_CARD = "energy-card"
    NEBULA = "nebula"
    PROTO_LIFE = "proto-life"


class Reward(NamedTuple):
    gain: Resource
    n: int


class Control(NamedTuple):
    type: EnergyType
    active: tuple[Reward, ...]
    passive: Reward  # per energy token (and per power token of the collecting player)

    def active_text(self, lang: Lang = Lang.EN) -> str:
        return text(f"terms.{self.type.value}.active", lang)

    def passive_text(self, lang: Lang = Lang.EN) -> str:
        return text(f"terms.{self.type.value}.passive", lang)


class MainBoard(NamedTuple):
    capacity: int  # energy tokens a control holds
    controls: tuple[Control, ...]  # clockwise from Light
    display: int  # face-up energy cards
    hand_limit: int
    set_size: int  # matching energy cards …
    set_points: int  # … for these points
    goals_per_game: int
    goal_track: int  # spaces; the last one scores
    placements: tuple[int, ...]  # points for 1st, 2nd


class PlayerBoard(NamedTuple):
    chamber_top: int  # a crystal here waits to be discharged
    chamber_scoring: tuple[int, ...]  # the k-th discharge scores the k-th
    sliders: tuple[str, ...]  # supernova, dna, graviton
    slider_top: int
    slot_costs: tuple[int, ...]
    score_top: int
    score_lap: int

    def chamber_totals(self) -> tuple[int, ...]:
        """The time chamber's points after 0, 1, … discharges: 0, 3, 9, 19, 34, 55."""
        totals = [0]
        for points in self.chamber_scoring:
            totals.append(totals[-1] + points)
        return tuple(totals)


class AdvancedLife(NamedTuple):
    per_player: int  # group-1 tokens per player on top of the stack
    group1: tuple[int, ...]  # every token's value, highest first
    group2: tuple[int, ...]

    def in_play(self, players: int) -> int:
        """Tokens in the stack at the start of a game."""
        return self.per_player * players + len(self.group2)


class PlayerCount(NamedTuple):
    players: int
    time_crystals: int  # the main supply
    dark_energy: int
    pass_first: bool  # the 1st player token passes left each round


class EachPlayer(NamedTuple):
    time_crystal: int
    nebulae: tuple[int, ...]  # sizes
    proto_life: int
    center_star: Star
    energy_cards: int
    power_tokens: int
    slider_tokens: int


class Setup(NamedTuple):
    counts: tuple[PlayerCount, ...]  # 2, 3, 4 players
    each: EachPlayer

    def for_players(self, players: int) -> PlayerCount:
        """The numbers for ``players``; another count is a ``KeyError``."""
        for count in self.counts:
            if count.players == players:
                return count
        raise KeyError(players)


class Tokens(NamedTuple):
    stars: tuple[tuple[Star, int], ...]
    counts: tuple[tuple[str, int], ...]  # tokens.toml's [tokens], in its order
