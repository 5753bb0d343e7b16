"""Set-up (seed 001 "MAIN BOARD SETUP", "PLAYER BOARD SETUP"): every random order of the
game drawn from one seed, in a fixed order, so a seed and the names give the game."""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

from pnp.cosmos.board import Board
from pnp.cosmos.chance import shuffle
from pnp.cosmos.content import advanced_life, energy_deck, goals, main_board, setup, tokens
from pnp.cosmos.geometry import geometry
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import NONE, TYPES, Phase, Player, State, cards

LIFE_TOKENS = "life"


def deal_energy(order: list[int], n: int) -> tuple[list[int], list[int], int]:
    """Energy tokens in ``order`` (a seat, or NONE for a dark token) dealt one at a time
    to the controls clockwise from Light: each player's control, the dark tokens per
    control, and the first player, whose token was dealt last (**D** when a dark token
    comes last: the last player token dealt)."""
    where, dark = [0] * n, [0, 0, 0, 0]
    for k, token in enumerate(order):
        if token == NONE:
            dark[k % 4] += 1
        else:
            where[token] = k % 4
    return where, dark, [t for t in order if t != NONE][-1]


class Piles(NamedTuple):
    """What set-up shuffles, in the order of the data."""

    deck: tuple[int, ...]  # energy cards by type index
    power: tuple[tuple[int, ...], ...]  # power card indices by type
    stacks: tuple[tuple[int, ...], ...]  # nebula tile indices by size


@cache
def _piles() -> Piles:
    return Piles(
        tuple(TYPES.index(t) for t in energy_deck()),
        tuple(tuple(i for i, c in enumerate(cards()) if c.type is kind) for kind in TYPES),
        tuple(
            tuple(i for i, t in enumerate(nebula_tiles()) if t.size == size) for size in (1, 2, 3)
        ),
    )


def start(names: tuple[str, ...], seed: int) -> State:
    """The game of ``names`` (seating order) dealt from ``seed``."""
    if not 2 <= len(names) <= 4 or len(set(names)) != len(names):
        raise RuleError("cosmos.setup.players", f"2 to 4 different players, not {', '.join(names)}")
    n = len(names)
    rng = random.Random(seed)
    count, each, board = setup().for_players(n), setup().each, main_board()
    g = geometry()

    piles = _piles()
    deck = list(piles.deck)
    shuffle(rng, deck)
    display, deck = deck[: board.display], deck[board.display :]

    drawn = rng.sample(range(len(goals())), board.goals_per_game)
    track = (drawn[0],) + (NONE,) * (board.goal_track - 1)

    power = []
    for pile in piles.power:
        ids = list(pile)
        shuffle(rng, ids)
        power.append(tuple(ids))

    stacks = []
    for pile in piles.stacks:
        ids = list(pile)
        shuffle(rng, ids)
        stacks.append(ids)

    life = advanced_life()
    group2 = list(life.group2)
    shuffle(rng, group2)
    group1 = rng.sample(life.group1, life.per_player * n)

    order = list(range(n)) + [NONE] * count.dark_energy
    shuffle(rng, order)
    where, dark, first = deal_energy(order, n)

    players = []
    for _ in range(n):
        hand = [0, 0, 0, 0]
        for t in deck[: each.energy_cards]:
            hand[t] += 1
        deck = deck[each.energy_cards :]
        b = Board.empty()._replace(stars=(1 << g.centre, 0, 0, 0), proto=1 << g.start_life)
        for size in each.nebulae:
            b = b.with_tile(g.starts[size - 1], stacks[size - 1].pop(0))
        players.append(Player(b, hand=(hand[0], hand[1], hand[2], hand[3]), level=0))

    stars = dict(tokens().stars)
    supply = tuple(stars[s] - (n if i == 0 else 0) for i, s in enumerate(stars))
    lifes = dict(tokens().counts)[LIFE_TOKENS] - n * each.proto_life
    return State(
        names=names,
        seed=seed,
        players=tuple(players),
        tokens=tuple(where),
        dark=(dark[0], dark[1], dark[2], dark[3]),
        supply_stars=(supply[0], supply[1], supply[2], supply[3]),
        supply_life=lifes,
        crystals=count.time_crystals,
        deck=tuple(deck),
        display=tuple(display),
        discard=(),
        shuffles=0,
        power_decks=tuple(power),
        stacks=tuple(tuple(s) for s in stacks),
        life_stack=tuple(group1) + tuple(group2),
        goal_deck=tuple(drawn[1:]),
        track=track,
        scored=(),
        first=first,
        active=first,
        round=0,
        phase=Phase.SHIFT,
        moves=0,
        own_moved=False,
        needs=(),
        last=NONE,
    )
