"""What a table log reveals (data/formats/cosmos.md, "Table logs"), as values: the set-up,
each card, tile and token drawn, what the table has seen of the piles' hidden orders,
and the rules a reveal is held to (``pnp.cosmos.table`` checks a game against them)."""

from __future__ import annotations

from typing import NamedTuple

from pnp.cosmos.content import energy_deck
from pnp.cosmos.state import TYPES
from pnp.errors import PnpError

RULES: dict[str, str] = {
    "cosmos.table.deal": "the energy tokens dealt are each player's once and the dark "
    "tokens the player count takes",
    "cosmos.table.energy": "an energy card revealed is one the deck (or, once it is used "
    "up, the discard pile shuffled) still holds",
    "cosmos.table.nebula": "a nebula tile revealed is of the stack's size, still in it, "
    "and not under tiles nobody has seen",
    "cosmos.table.power": "the power cards drawn are the number paid, from the deck of "
    "the type paid, unseen ones first, then those put under in that order",
    "cosmos.table.life": "advanced life values come off the stack: group 1 first, then "
    "group 2, no more of a value than it holds",
    "cosmos.table.goals": "the goals drawn are 1 to 6 different universal goals",
    "cosmos.table.reveal": "every draw chance decides is revealed where it is drawn, and "
    "only a draw is",
}

# What a reveal shows: the energy card a decision draws from the deck, a card turned up
# to refill the display, a nebula tile, an advanced life value, a power card drawn, the
# goal an end phase turns up.
ENERGY, REFILL, TILE, LIFE, POWER, GOAL = range(6)


class Reveal(NamedTuple):
    kind: int
    value: int  # an energy type's, a tile's, a power card's or a goal's index; a life value
    line: int = 0  # where the log says it
    col: int = 0


class TableSetup(NamedTuple):
    """What the table revealed at set-up."""

    deal: tuple[int, ...]  # the energy tokens in the order dealt from Light: seats, NONE dark
    display: tuple[int, ...]  # energy types, slot 1 first
    hands: tuple[tuple[int, int, int, int], ...]  # by seat: energy cards by type
    tiles: tuple[tuple[int, ...], ...]  # by seat: the set-up nebula tiles, sizes 1, 2, 3
    # indices into goals(), in the order drawn: the set-up's, then any listed with it
    # (those drawn later may be revealed where drawn instead)
    goals: tuple[int, ...]
    # the advanced life values by nebula, when the log lists them (``life:``): seat,
    # nebula space, the values in the order drawn
    life: tuple[tuple[int, int, tuple[Reveal, ...]], ...] = ()


class TableError(PnpError):
    """A reveal the components cannot give, or a draw the log does not reveal; ``at``
    is the reveal at fault (None: the decision itself)."""

    def __init__(self, rule: str, message: str, at: Reveal | None = None) -> None:
        assert rule in RULES, rule
        self.rule = rule
        self.at = at
        super().__init__(f"{message} [{rule}]")


class Seen:
    """What the table has seen of the hidden orders, beside the state it replays: the
    cards and tiles lying under each pile in a known order, the group-1 advanced life
    values drawn, and how many goals the header lists (the rest are revealed where
    drawn)."""

    __slots__ = ("goals", "group1", "power", "stacks")

    def __init__(self, goals_revealed: int) -> None:
        self.power = [0, 0, 0, 0]
        self.stacks = [0, 0, 0]
        self.group1: list[int] = []
        self.goals = goals_revealed


def energy_counts() -> tuple[int, int, int, int]:
    """The energy cards of each type in the box."""
    deck = energy_deck()
    return (
        deck.count(TYPES[0]),
        deck.count(TYPES[1]),
        deck.count(TYPES[2]),
        deck.count(TYPES[3]),
    )
