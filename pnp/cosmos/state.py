"""The state of a Crafting the Cosmos game. ``State`` and its ``Player`` seats are mutable
records whose fields hold immutable values only (ints, tuples, a bitmask ``Board``): a
step changes a field by assigning a new value, never by changing one in place, so
``copy()`` is shallow (the seats copied, every value shared) and cheap. The engine plays
on a state in place (``pnp.cosmos.game.play``); ``Game`` copies before each step, so a
``Game`` is an immutable value."""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Any, NamedTuple

from pnp.cosmos.board import Board
from pnp.cosmos.model import EnergyType, PowerCard
from pnp.cosmos.power_content import power_cards

TYPES = tuple(EnergyType)  # a card's, a deck's and a control's index
NONE = -1
SUPERNOVA, DNA, GRAVITON = 0, 1, 2  # the sliders


class Phase(Enum):
    SHIFT = "shift"  # moving energy tokens
    COLLECT = "collect"  # choosing the energy cards and nebulae collected
    CRAFT = "craft"
    OMEGA = "omega"  # resolving the omega, after which the turn ends
    HAND_LIMIT = "hand-limit"  # the end phase waits for discards
    OVER = "over"


# Python 3.11 finds an enum member through a descriptor (about 0.13 µs a lookup); the
# engine asks the phase a dozen times a decision, so the phases are plain names too.
SHIFT, COLLECT, CRAFT, OMEGA, HAND_LIMIT, OVER = Phase


class Points(NamedTuple):
    nebulae: int = 0
    time_chamber: int = 0
    card_sets: int = 0
    power_cards: int = 0
    goals: int = 0

    def add(self, source: str, n: int) -> Points:
        values = list(self)
        values[_SOURCES[source]] += n
        return tuple.__new__(Points, values)


_SOURCES = {name: i for i, name in enumerate(Points._fields)}


NO_POINTS = Points()


def _replaced(value: Any, fields: tuple[str, ...], changes: dict[str, Any]) -> Any:
    for name, new in changes.items():
        if name not in fields:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        setattr(value, name, new)
    return value


_PLAYER_FIELDS = (
    "board",
    "discharges",
    "hand",
    "held_life",
    "held_stars",
    "held_tiles",
    "level",
    "points",
    "sliders",
    "slots",
    "waiting",
)


class Player:
    __slots__ = _PLAYER_FIELDS

    def __init__(
        self,
        board: Board,
        hand: tuple[int, int, int, int] = (0, 0, 0, 0),
        slots: tuple[int, int, int, int] = (NONE, NONE, NONE, NONE),
        sliders: tuple[int, int, int] = (0, 0, 0),
        level: int = 0,
        waiting: int = 0,
        discharges: int = 0,
        held_stars: tuple[int, int, int, int] = (0, 0, 0, 0),
        held_life: int = 0,
        held_tiles: tuple[int, ...] = (),
        points: Points = NO_POINTS,
    ) -> None:
        self.board = board
        self.hand = hand  # energy cards by type
        self.slots = slots  # power card indices
        self.sliders = sliders  # supernova, DNA, graviton
        self.level = level  # the time chamber crystal counting up (0–5)
        self.waiting = waiting  # crystals on the top space, waiting to be discharged
        self.discharges = discharges
        self.held_stars = held_stars  # gained, not yet placed
        self.held_life = held_life  # proto life gained, not yet placed
        self.held_tiles = held_tiles  # nebula tiles gained, not yet placed
        self.points = points

    @property
    def cards(self) -> int:
        return sum(self.hand)

    def crystals(self, scoring_spaces: int) -> int:
        """The crystals on the scoring spaces along the top of the board."""
        return min(self.discharges, scoring_spaces)

    def copy(self) -> Player:
        return Player(
            self.board,
            self.hand,
            self.slots,
            self.sliders,
            self.level,
            self.waiting,
            self.discharges,
            self.held_stars,
            self.held_life,
            self.held_tiles,
            self.points,
        )

    def replace(self, **changes: Any) -> Player:
        """A copy with ``changes`` (for setting up positions; steps assign fields)."""
        out: Player = _replaced(self.copy(), _PLAYER_FIELDS, changes)
        return out

    def fields(self) -> tuple[Any, ...]:
        """Every field's value."""
        return tuple(getattr(self, name) for name in _PLAYER_FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and self.fields() == other.fields()

    __hash__ = None  # type: ignore[assignment]


class Need(NamedTuple):
    """A decision an action or an effect asks for before play goes on. ``kind`` is an
    effect verb (``pnp.cosmos.model.Verb``) or one of: card, nebula (collecting), place-
    nebula (the omega's tile), pay-proto, pay-stable (a cost in life), keep (a power
    card), hand-limit."""

    kind: str
    player: int
    what: str = ""
    where: str = ""
    n: int = 1
    optional: bool = False  # an 'up to' step: Stop leaves it
    cards: tuple[int, ...] = ()  # keep: the power cards drawn; place-nebula: the tile


class GoalResult(NamedTuple):
    goal: str
    counts: tuple[int, ...]
    points: tuple[int, ...]


_STATE_FIELDS = (
    "active",
    "crystals",
    "dark",
    "deck",
    "discard",
    "display",
    "first",
    "goal_deck",
    "last",
    "life_stack",
    "moves",
    "names",
    "needs",
    "own_moved",
    "phase",
    "players",
    "power_decks",
    "round",
    "scored",
    "seed",
    "shuffles",
    "stacks",
    "supply_life",
    "supply_stars",
    "tokens",
    "track",
)


class State:
    __slots__ = _STATE_FIELDS

    def __init__(
        self,
        names: tuple[str, ...],
        seed: int,
        players: tuple[Player, ...],
        tokens: tuple[int, ...],
        dark: tuple[int, int, int, int],
        supply_stars: tuple[int, int, int, int],
        supply_life: int,
        crystals: int,
        deck: tuple[int, ...],
        display: tuple[int, ...],
        discard: tuple[int, ...],
        shuffles: int,
        power_decks: tuple[tuple[int, ...], ...],
        stacks: tuple[tuple[int, ...], ...],
        life_stack: tuple[int, ...],
        goal_deck: tuple[int, ...],
        track: tuple[int, ...],
        scored: tuple[GoalResult, ...],
        first: int,
        active: int,
        round: int,
        phase: Phase,
        moves: int,
        own_moved: bool,
        needs: tuple[Need, ...],
        last: int,
    ) -> None:
        self.names = names
        self.seed = seed
        self.players = players  # the seats themselves never change, their fields do
        self.tokens = tokens  # by player: the control holding their energy token
        self.dark = dark  # dark energy tokens by control
        self.supply_stars = supply_stars
        self.supply_life = supply_life
        self.crystals = crystals  # the main time crystal supply
        self.deck = deck  # energy cards, top first
        self.display = display  # NONE for an empty slot
        self.discard = discard
        self.shuffles = shuffles  # reshuffles of the energy discard pile so far
        self.power_decks = power_decks  # by type, top first
        self.stacks = stacks  # nebula tiles of sizes 1, 2, 3, top first
        self.life_stack = life_stack  # advanced life values, top first
        self.goal_deck = goal_deck  # indices into goals(), top first
        self.track = track  # the goal track from the top space, NONE when empty
        self.scored = scored
        self.first = first
        self.active = active
        self.round = round  # rounds finished
        self.phase = phase
        self.moves = moves  # energy moves made this turn
        self.own_moved = own_moved
        self.needs = needs  # decisions due before play goes on, first first
        self.last = last  # the space the step before acted on (that-star, that-life), or NONE

    def player(self, i: int | None = None) -> Player:
        return self.players[self.active if i is None else i]

    def tokens_at(self, control: int) -> int:
        return self.dark[control] + self.tokens.count(control)

    def copy(self) -> State:
        return State(
            self.names,
            self.seed,
            tuple([p.copy() for p in self.players]),
            self.tokens,
            self.dark,
            self.supply_stars,
            self.supply_life,
            self.crystals,
            self.deck,
            self.display,
            self.discard,
            self.shuffles,
            self.power_decks,
            self.stacks,
            self.life_stack,
            self.goal_deck,
            self.track,
            self.scored,
            self.first,
            self.active,
            self.round,
            self.phase,
            self.moves,
            self.own_moved,
            self.needs,
            self.last,
        )

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` (for setting up positions; steps assign fields)."""
        out: State = _replaced(self.copy(), _STATE_FIELDS, changes)
        return out

    def with_player(self, p: Player, i: int | None = None) -> State:
        """A copy with ``p`` as seat ``i`` (the active player's by default)."""
        i = self.active if i is None else i
        return self.replace(players=(*self.players[:i], p, *self.players[i + 1 :]))

    def fields(self) -> tuple[Any, ...]:
        """Every field's value (the seats compare by theirs)."""
        return tuple(getattr(self, name) for name in _STATE_FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.fields() == other.fields()

    __hash__ = None  # type: ignore[assignment]


@cache
def cards() -> tuple[PowerCard, ...]:
    return power_cards()


@cache
def card_index(ident: str) -> int:
    """The index of power card ``ident``; -1 for an unknown id."""
    return next((i for i, c in enumerate(cards()) if c.id == ident), NONE)
