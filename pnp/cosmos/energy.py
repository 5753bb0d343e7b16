"""The energy phase (seed 001 "ENERGY PHASE"): shifting tokens, collecting rewards, and
the gains that other steps share (stars, sliders, time crystal steps, energy cards)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pnp.cosmos.actions import DECK, Collect, Shift, TakeCard, TakeNebula
from pnp.cosmos.content import main_board, player_board
from pnp.cosmos.model import Resource
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import NONE, TYPES, Need, Phase, State, cards

STAR_RESOURCES = (Resource.H, Resource.HE, Resource.O, Resource.C)
SLIDERS = (Resource.SUPERNOVA, Resource.DNA, Resource.GRAVITON)
MAX_MOVES = 3


def destination(s: State, control: int) -> int:
    """The next control clockwise from ``control`` with room for a token (full ones are
    skipped; seed "Shift Energy")."""
    cap = main_board().capacity
    for k in (1, 2, 3):
        c = (control + k) % 4
        if s.tokens_at(c) < cap:
            return c
    return control


def shift_actions(s: State) -> tuple[Shift | Collect, ...]:
    """The shift's decisions: a move of your token or a dark one, or collecting."""
    return _shift_actions(s.moves, s.own_moved, s.dark)


@cache
def _shift_actions(
    moves: int, own_moved: bool, dark: tuple[int, int, int, int]
) -> tuple[Shift | Collect, ...]:
    out: list[Shift | Collect] = []
    if moves < MAX_MOVES:
        out.append(Shift())
        if own_moved or moves < MAX_MOVES - 1:
            out += [Shift(c) for c in range(4) if dark[c]]
    return (*out, Collect()) if own_moved else tuple(out)


def shift(s: State, action: Shift) -> State:
    if s.moves >= MAX_MOVES:
        raise RuleError("cosmos.shift.moves", "energy tokens have already moved 3 spaces")
    if action.dark == NONE:
        src = s.tokens[s.active]
        dest = destination(s, src)
        tokens = (*s.tokens[: s.active], dest, *s.tokens[s.active + 1 :])
        return s._replace(tokens=tokens, moves=s.moves + 1, own_moved=True)
    if s.moves == MAX_MOVES - 1 and not s.own_moved:
        raise RuleError("cosmos.shift.own", "your last move must be your own energy token")
    if not 0 <= action.dark < 4 or not s.dark[action.dark]:
        raise RuleError("cosmos.shift.token", f"no dark energy token in control {action.dark}")
    dest = destination(s, action.dark)
    dark = list(s.dark)
    dark[action.dark] -= 1
    dark[dest] += 1
    return s._replace(dark=(dark[0], dark[1], dark[2], dark[3]), moves=s.moves + 1)


def power_tokens(s: State, player: int, control: int) -> int:
    """The player's power tokens on a control: one per power card of that type."""
    return sum(
        1 for c in s.player(player).slots if c != NONE and TYPES.index(cards()[c].type) == control
    )


def collect(s: State) -> State:
    """The active reward of your control, then the passive ones from your control on
    clockwise (seed "Collect Resources"); choices become needs."""
    if not s.own_moved:
        raise RuleError("cosmos.shift.own", "you must move your own energy token at least once")
    board = main_board()
    own = s.tokens[s.active]
    rewards = [(reward.gain, reward.n) for reward in board.controls[own].active]
    for k in range(4):
        c = (own + k) % 4
        times = s.tokens_at(c) + power_tokens(s, s.active, c)
        passive = board.controls[c].passive
        if times:
            rewards.append((passive.gain, passive.n * times))
    return gain(s._replace(phase=Phase.COLLECT), rewards)


def gain(s: State, rewards: list[tuple[Resource, int]]) -> State:
    """The active player gains ``n`` of each ``resource`` in turn; what the supply lacks
    is not taken (seed "RUNNING OUT OF RESOURCES"), time crystals aside. Each resource
    draws on a supply of its own, so the state is built once; cards and nebulae to
    choose become needs, in order."""
    p = s.player()
    held, supply = list(p.held_stars), list(s.supply_stars)
    sliders = list(p.sliders)
    life, supply_life = p.held_life, s.supply_life
    steps = 0
    needs: list[Need] = []
    for resource, n in rewards:
        if resource in STAR_RESOURCES:
            k = STAR_RESOURCES.index(resource)
            got = min(n, supply[k])
            held[k] += got
            supply[k] -= got
        elif resource in SLIDERS:
            k = SLIDERS.index(resource)
            sliders[k] = min(player_board().slider_top, sliders[k] + n)
        elif resource is Resource.TIME_CRYSTAL:
            steps += n
        elif resource is Resource.PROTO_LIFE:
            got = min(n, supply_life)
            life += got
            supply_life -= got
        else:
            kind = "card" if resource is Resource.ENERGY_CARD else "nebula"
            needs += [Need(kind, s.active)] * n
    p = p._replace(
        held_stars=(held[0], held[1], held[2], held[3]),
        sliders=(sliders[0], sliders[1], sliders[2]),
        held_life=life,
    )
    s = s.with_player(
        p,
        supply_stars=(supply[0], supply[1], supply[2], supply[3]),
        supply_life=supply_life,
        needs=s.needs + tuple(needs),
    )
    return time_steps(s, steps) if steps else s


def time_steps(s: State, n: int) -> State:
    """Slide the time chamber crystal up ``n`` spaces: one reaching the top waits there
    and a new one from the supply (the box when it is empty) starts at 0."""
    p = s.player()
    level, waiting, supply = p.level, p.waiting, s.crystals
    for _ in range(n):
        level += 1
        if level == player_board().chamber_top:
            level, waiting = 0, waiting + 1
            supply = max(0, supply - 1)
    return s.with_player(p._replace(level=level, waiting=waiting), crystals=supply)


def draw_energy(s: State) -> tuple[State, int]:
    """The top energy card (NONE when deck and discard pile are empty); an empty deck
    is the discard pile shuffled."""
    if not s.deck:
        if not s.discard:
            return s, NONE
        pile = list(s.discard)
        random.Random(f"cosmos:{s.seed}:{s.shuffles}").shuffle(pile)
        s = s._replace(deck=tuple(pile), discard=(), shuffles=s.shuffles + 1)
    return s._replace(deck=s.deck[1:]), s.deck[0]


def take_card(s: State, action: TakeCard) -> State:
    if action.slot == DECK:
        s, card = draw_energy(s)
        if card == NONE:
            raise RuleError("cosmos.collect.card", "the energy deck and discard pile are empty")
    elif 0 <= action.slot < len(s.display) and s.display[action.slot] != NONE:
        card = s.display[action.slot]
        display = (*s.display[: action.slot], NONE, *s.display[action.slot + 1 :])
        return add_cards(s, s.active, card, 1, display=display)
    else:
        raise RuleError("cosmos.collect.card", f"display slot {action.slot} holds no card")
    return add_cards(s, s.active, card, 1)


def add_cards(s: State, player: int, card: int, n: int, **changes: Any) -> State:
    """``n`` cards of type ``card`` to ``player``'s hand, and the ``changes`` made at once."""
    p = s.player(player)
    hand = list(p.hand)
    hand[card] += n
    return s.with_player(p._replace(hand=(hand[0], hand[1], hand[2], hand[3])), player, **changes)


def take_nebula(s: State, action: TakeNebula) -> State:
    if action.size not in (1, 2, 3) or not s.stacks[action.size - 1]:
        raise RuleError("cosmos.collect.nebula", f"no size-{action.size} nebula is left")
    s, tile = draw_tile(s, action.size)
    p = s.player()
    return s.with_player(p._replace(held_tiles=(*p.held_tiles, tile)))


def draw_tile(s: State, size: int) -> tuple[State, int]:
    stack = s.stacks[size - 1]
    stacks = (*s.stacks[: size - 1], stack[1:], *s.stacks[size:])
    return s._replace(stacks=stacks), stack[0]


def refill(s: State) -> State:
    """The display back to 4 face-up cards (seed: at the end of each energy phase)."""
    for slot, card in enumerate(s.display):
        if card == NONE:
            s, new = draw_energy(s)
            s = s._replace(display=(*s.display[:slot], new, *s.display[slot + 1 :]))
    return s
