"""The state of an Astra game in play, kept small and fast to copy: a card is an index
into ``constellations()``, a card's marks are one bitmask per player (star n is bit
n − 1), owned cards are a tuple and exhausted ones a bitmask over card indices; what
seldom changes (the board, the owned cards) is a tuple, shared by copies.

``State`` is mutable; ``Game`` copies it before every step, so a ``Game`` never changes.
The greedy bot plays the decisions it weighs on one state in place and ``restore``s it
after each."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Final

from pnp.astra.constellations import constellation, constellations
from pnp.astra.journal import card_limit, journal, pouch_size, wisdom_spots
from pnp.astra.model import EMPTY, Constellation, StarKind

if TYPE_CHECKING:
    from pnp.astra.ptolemy_state import Solo

# Constants are Final: compiled code reads them directly, not from the module's dict.
GAME_END: Final = -1  # the Game End card in the deck
DREAMER: Final = -1  # the two-player game's dreamer pen, marking as a player would
YOU: Final = 0  # a solo game's two seats
PTOLEMY: Final = 1


@dataclass(frozen=True, slots=True)
class CardInfo:
    card: Constellation
    size: int  # stars
    full: int  # every star
    starting: int
    grand: int
    common: int
    neighbours: tuple[int, ...]  # by star index (number − 1), a mask of its neighbours
    low: tuple[int, ...]  # by a mask of stars 1–8, the stars next to them
    high: tuple[int, ...]  # by a mask of stars 9–16 shifted down by 8, the same


def _near(nbrs: list[int]) -> tuple[int, ...]:
    """The stars next to each mask of the (at most 8) stars whose neighbours are
    ``nbrs``, by that mask."""
    table = [0] * (1 << len(nbrs))
    for m in range(1, len(table)):
        low = m & -m
        table[m] = table[m ^ low] | nbrs[low.bit_length() - 1]
    return tuple(table)


@cache
def cards() -> tuple[CardInfo, ...]:
    infos = []
    for c in constellations():
        if c.size > 16:
            raise ValueError(f"{c.name} has {c.size} stars; the engine reads at most 16")
        masks = {k: sum(1 << (s.number - 1) for s in c.stars if s.kind is k) for k in StarKind}
        nbrs = [0] * c.size
        for a, b in c.edges:
            nbrs[a - 1] |= 1 << (b - 1)
            nbrs[b - 1] |= 1 << (a - 1)
        infos.append(
            CardInfo(
                c,
                c.size,
                (1 << c.size) - 1,
                masks[StarKind.STARTING],
                masks[StarKind.GRAND],
                masks[StarKind.COMMON],
                tuple(nbrs),
                _near(nbrs[:8]),
                _near(nbrs[8:16]),
            )
        )
    return tuple(infos)


def _put(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with ``value`` at index ``i``."""
    return (*values[:i], value, *values[i + 1 :])


@cache
def _ids() -> dict[str, int]:
    return {c.name: i for i, c in enumerate(constellations())}


@cache  # asked for on every Observe
def card_id(name: str) -> int:
    """The index of the card named ``name`` (any name ``constellation()`` accepts)."""
    ids = _ids()
    return ids[name] if name in ids else ids[constellation(name).name]


def reach(info: CardInfo, mask: int) -> int:
    """The stars next to any star of ``mask`` (a mask of the card's stars)."""
    return info.low[mask & 255] | info.high[mask >> 8]


class Phase(Enum):
    ABILITY = "ability"  # abilities, then Observe or Rest
    ACTION = "action"  # after an Observe: more Observes (a Telescope each) or end
    BOONS = "boons"  # assisting players pick boons
    DISCARD = "discard"  # the discoverer is over the card limit
    DREAM = "dream"  # two players: the dreamer pen marks, after a Rest and its Discovery
    OVER = "over"


# Python 3.11 finds an enum member through a descriptor (about 0.13 µs a lookup); a step
# asks the phase several times, so the phases are plain names too.
ABILITY: Final = Phase.ABILITY
ACTION: Final = Phase.ACTION
BOONS: Final = Phase.BOONS
DISCARD: Final = Phase.DISCARD
DREAM: Final = Phase.DREAM
OVER: Final = Phase.OVER


class Player:
    __slots__ = ("exhausted", "fame", "owned", "pouch", "stardust", "telescopes", "wisdom")

    def __init__(
        self,
        stardust: int,
        fame: int = 0,
        telescopes: int = 0,
        pouch: int = 0,
        wisdom: int = 0,
        owned: tuple[int, ...] = (),
        exhausted: int = 0,
    ) -> None:
        self.fame = fame
        self.stardust = stardust
        self.telescopes = telescopes
        self.pouch = pouch  # Pouch size spots marked past the printed 5
        self.wisdom = wisdom  # Wisdom spots marked
        self.owned = owned  # card ids, in order gained
        self.exhausted = exhausted  # a mask over card ids

    def copy(self) -> Player:
        return Player(
            self.stardust,
            self.fame,
            self.telescopes,
            self.pouch,
            self.wisdom,
            self.owned,
            self.exhausted,
        )

    @property
    def pouch_size(self) -> int:
        return pouch_size(self.pouch)

    @property
    def card_limit(self) -> int:
        return card_limit(self.wisdom)

    def gain_wisdom(self, n: int) -> None:
        self.wisdom = wisdom_spots(self.wisdom, n)

    def gain_pouch(self, n: int) -> None:
        self.pouch = journal().pouch.mark(self.pouch, n)


class Turn:
    """What a turn remembers: its flags from "this turn" abilities and its counts."""

    __slots__ = (
        "fame_per_grand",
        "flags",
        "grand",
        "marked",
        "observes",
        "only_common",
        "refundable",
        "rested",
        "skip_action",
        "spent",
    )

    def __init__(self) -> None:
        self.observes = 0
        self.spent = 0  # Stardust spent marking stars
        self.only_common = True  # every star marked this turn was a Common star
        self.grand = 0  # Grand stars marked this turn, however
        self.refundable = 0  # Stardust spent before a Grand star in the same Observe
        self.flags: frozenset[str] = frozenset()  # this-turn effects in force
        self.fame_per_grand = 0  # such abilities used: each counts
        self.skip_action = False
        self.rested = False  # a Rest this turn: the Dream phase follows (two players)
        self.marked = 0  # the slots marked this turn, bit i for slot i

    def copy(self) -> Turn:
        t = Turn()
        t.restore(self)
        return t

    def restore(self, saved: Turn) -> None:
        """Takes this turn back to ``saved``, in place."""
        self.observes, self.spent, self.only_common = saved.observes, saved.spent, saved.only_common
        self.grand, self.refundable, self.flags = saved.grand, saved.refundable, saved.flags
        self.fame_per_grand, self.skip_action = saved.fame_per_grand, saved.skip_action
        self.rested, self.marked = saved.rested, saved.marked


class State:
    __slots__ = (
        "active",
        "board",
        "crossed",
        "deck",
        "discard",
        "dream",
        "dreamt",
        "due",
        "found",
        "groups",
        "last_turn",
        "marks",
        "names",
        "now",
        "phase",
        "picked",
        "players",
        "refill",
        "scoring",
        "solo",
        "sphere",
        "top",
        "turn",
    )

    names: tuple[str, ...]
    scoring: tuple[str, ...]
    players: list[Player]
    board: tuple[int, ...]  # card id by slot, EMPTY when the deck ran out
    marks: list[list[int]]  # by slot, by player
    dream: tuple[int, ...]  # by slot, the dreamer pen's marks
    dreamt: bool  # the card being resolved was completed by the dreamer pen: nobody gains it
    deck: tuple[int, ...]  # top first, GAME_END between; never changes
    top: int  # index of the top card in ``deck``
    discard: tuple[int, ...]
    sphere: int  # index into CLOCKWISE
    turn: int  # turns played so far
    active: int  # the active player: turn % players
    last_turn: int  # the last turn's number, once the end is triggered; else -1
    phase: Phase
    now: Turn
    found: list[int]  # slots discovered this turn, still to resolve, in slot order
    groups: list[list[int]]  # assisting players still to pick, tied ones together
    due: list[int]  # players of the current group who have not picked yet
    crossed: int  # boons crossed out on the card being resolved, bit i for boon i + 1
    picked: int  # boons picked by the current group
    refill: list[int]  # slots to refill at the end of the Discovery phase
    solo: Solo | None  # against Ptolemy: his library and turns; else None

    def copy(self) -> State:
        s = State()
        s.names, s.scoring, s.deck = self.names, self.scoring, self.deck
        s.players = [p.copy() for p in self.players]
        s.board = self.board
        s.marks = [m[:] for m in self.marks]
        s.dream, s.dreamt = self.dream, self.dreamt
        s.top, s.discard, s.sphere = self.top, self.discard, self.sphere
        s.turn, s.active = self.turn, self.active
        s.last_turn, s.phase = self.last_turn, self.phase
        s.now = self.now.copy()
        s.found, s.groups, s.due = self.found[:], [g[:] for g in self.groups], self.due[:]
        s.crossed, s.picked, s.refill = self.crossed, self.picked, self.refill[:]
        s.solo = self.solo
        return s

    def restore(self, saved: State) -> None:
        """Takes this state back to ``saved``, a ``copy()`` of it taken earlier, in place:
        a bot tries a decision on one state and undoes it this way, which costs less
        than a copy for each decision tried."""
        for i, p in enumerate(self.players):
            q = saved.players[i]
            p.fame, p.stardust, p.telescopes = q.fame, q.stardust, q.telescopes
            p.pouch, p.wisdom, p.exhausted = q.pouch, q.wisdom, q.exhausted
            p.owned = q.owned
        self.board, self.marks = saved.board, [m[:] for m in saved.marks]
        self.dream, self.dreamt = saved.dream, saved.dreamt
        self.top, self.discard, self.sphere = saved.top, saved.discard, saved.sphere
        self.turn, self.active = saved.turn, saved.active
        self.last_turn, self.phase = saved.last_turn, saved.phase
        self.now.restore(saved.now)
        self.found, self.groups = saved.found[:], [g[:] for g in saved.groups]
        self.due, self.crossed, self.picked = saved.due[:], saved.crossed, saved.picked
        self.refill, self.solo = saved.refill[:], saved.solo

    def marked(self, slot: int) -> int:
        out = self.dream[slot]
        for m in self.marks[slot]:
            out |= m
        return out

    def place(self, slot: int, card: int) -> None:
        """Puts ``card`` (EMPTY: none) in ``slot``, its marks cleared."""
        self.board = _put(self.board, slot, card)
        self.marks[slot] = [0] * len(self.players)
        self.dream = _put(self.dream, slot, 0)

    def discovered(self) -> list[int]:
        """The slots holding a card every star of which is marked: among those marked this
        turn, as a card completed earlier was discovered then."""
        out = []
        slots = self.now.marked
        while slots:
            slot = (slots & -slots).bit_length() - 1
            card = self.board[slot]
            if card != EMPTY and self.marked(slot) == cards()[card].full:
                out.append(slot)
            slots &= slots - 1
        return out

    def open(self, slot: int) -> bool:
        """Whether the slot holds an undiscovered card (one with an unmarked star)."""
        card = self.board[slot]
        return card != EMPTY and self.marked(slot) != cards()[card].full

    def slot_of(self, card: int) -> int:
        try:
            return self.board.index(card)
        except ValueError:
            return -1

    def draw(self) -> int:
        """The top card of the deck (EMPTY when none is left); the Game End card coming on
        top triggers the end and is discarded."""
        if self.top >= len(self.deck):
            return EMPTY
        card = self.deck[self.top]
        self.top += 1
        if self.top < len(self.deck) and self.deck[self.top] == GAME_END:
            self.top += 1
            n = len(self.players)
            rounds = 1 if self.active == 0 else 2
            self.last_turn = (self.turn // n + rounds) * n - 1
        return card

    def mark(self, player: int, slot: int, stars: int) -> None:
        """Marks the unmarked ``stars`` (a mask): each Grand star gives a player (not the
        dreamer) 1 Wisdom at once."""
        self.now.marked |= 1 << slot
        if player == DREAMER:
            self.dream = _put(self.dream, slot, self.dream[slot] | stars)
            return
        self.marks[slot][player] |= stars
        info = cards()[self.board[slot]]
        if grand := (stars & info.grand).bit_count():
            self.players[player].gain_wisdom(grand)
            self.now.grand += grand
        if stars & ~info.common:
            self.now.only_common = False
