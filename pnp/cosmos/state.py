"""The state of a Crafting the Cosmos game as immutable values: ``State`` holds small
tuples and one ``Player`` per seat, each with a bitmask ``Board``. A step builds the few
values it changes with ``_replace`` and shares the rest."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Any, NamedTuple

from pnp.cosmos.board import Board
from pnp.cosmos.content import power_cards
from pnp.cosmos.model import EnergyType, PowerCard

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


class Points(NamedTuple):
    nebulae: int = 0
    time_chamber: int = 0
    card_sets: int = 0
    power_cards: int = 0
    goals: int = 0

    def add(self, source: str, n: int) -> Points:
        return self._replace(**{source: getattr(self, source) + n})


class Player(NamedTuple):
    board: Board
    hand: tuple[int, int, int, int] = (0, 0, 0, 0)  # energy cards by type
    slots: tuple[int, int, int, int] = (NONE, NONE, NONE, NONE)  # power card indices
    sliders: tuple[int, int, int] = (0, 0, 0)  # supernova, DNA, graviton
    level: int = 0  # the time chamber crystal counting up (0–5)
    waiting: int = 0  # crystals on the top space, waiting to be discharged
    discharges: int = 0
    held_stars: tuple[int, int, int, int] = (0, 0, 0, 0)  # gained, not yet placed
    held_life: int = 0  # proto life gained, not yet placed
    held_tiles: tuple[int, ...] = ()  # nebula tiles gained, not yet placed
    points: Points = Points()

    @property
    def cards(self) -> int:
        return sum(self.hand)

    def crystals(self, scoring_spaces: int) -> int:
        """The crystals on the scoring spaces along the top of the board."""
        return min(self.discharges, scoring_spaces)


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


class State(NamedTuple):
    names: tuple[str, ...]
    seed: int
    players: tuple[Player, ...]
    tokens: tuple[int, ...]  # by player: the control holding their energy token
    dark: tuple[int, int, int, int]  # dark energy tokens by control
    supply_stars: tuple[int, int, int, int]
    supply_life: int
    crystals: int  # the main time crystal supply
    deck: tuple[int, ...]  # energy cards, top first
    display: tuple[int, ...]  # NONE for an empty slot
    discard: tuple[int, ...]
    shuffles: int  # reshuffles of the energy discard pile so far
    power_decks: tuple[tuple[int, ...], ...]  # by type, top first
    stacks: tuple[tuple[int, ...], ...]  # nebula tiles of sizes 1, 2, 3, top first
    life_stack: tuple[int, ...]  # advanced life values, top first
    goal_deck: tuple[int, ...]  # indices into goals(), top first
    track: tuple[int, ...]  # the goal track from the top space, NONE when empty
    scored: tuple[GoalResult, ...]
    first: int
    active: int
    round: int  # rounds finished
    phase: Phase
    moves: int  # energy moves made this turn
    own_moved: bool
    needs: tuple[Need, ...]  # decisions due before play goes on, first first
    last: int  # the space the step before acted on (that-star, that-life), or NONE

    def player(self, i: int | None = None) -> Player:
        return self.players[self.active if i is None else i]

    def with_player(self, p: Player, i: int | None = None, **changes: Any) -> State:
        """The state with ``p`` as seat ``i`` (the active player's by default), and any
        other ``changes`` made at once."""
        i = self.active if i is None else i
        return self._replace(players=(*self.players[:i], p, *self.players[i + 1 :]), **changes)

    def tokens_at(self, control: int) -> int:
        return self.dark[control] + sum(1 for t in self.tokens if t == control)


def _quick_replace(cls: type[tuple[Any, ...]], fields: tuple[str, ...]) -> Callable[..., Any]:
    """``_replace`` for the values every step rebuilds, about three times quicker than the
    standard one (which maps every field through a dict); unknown fields still raise."""
    index = {name: i for i, name in enumerate(fields)}

    def _replace(self: tuple[Any, ...], **changes: Any) -> Any:
        values = list(self)
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError as e:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}") from e
        return tuple.__new__(cls, values)

    return _replace


# mypy still checks every call against each class's own typed ``_replace``.
State._replace = _quick_replace(State, State._fields)  # type: ignore[method-assign]
Player._replace = _quick_replace(Player, Player._fields)  # type: ignore[method-assign]
Points._replace = _quick_replace(Points, Points._fields)  # type: ignore[method-assign]
Need._replace = _quick_replace(Need, Need._fields)  # type: ignore[method-assign]
Board._replace = _quick_replace(Board, Board._fields)  # type: ignore[method-assign]


@cache
def cards() -> tuple[PowerCard, ...]:
    return power_cards()


@cache
def card_index(ident: str) -> int:
    """The index of power card ``ident``; -1 for an unknown id."""
    return next((i for i, c in enumerate(cards()) if c.id == ident), NONE)
