"""The energy phase (seed 001 "ENERGY PHASE"): shifting tokens, collecting rewards, and
the gains that other steps share (stars, sliders, time crystal steps, energy cards)."""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

from pnp.cosmos.actions import DECK, Collect, Shift, TakeCard, TakeNebula
from pnp.cosmos.chance import shuffle
from pnp.cosmos.content import main_board, player_board
from pnp.cosmos.messages import control, listed
from pnp.cosmos.model import Resource
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import COLLECT, NONE, TYPES, Need, Player, State, cards

STAR_RESOURCES = (Resource.H, Resource.HE, Resource.O, Resource.C)
SLIDERS = (Resource.SUPERNOVA, Resource.DNA, Resource.GRAVITON)
MAX_MOVES = 3
_NOTHING, _NO_SLIDERS = (0, 0, 0, 0), (0, 0, 0)


def destination(s: State, control: int) -> int:
    """The next control clockwise from ``control`` with room for a token (full ones are
    skipped; seed "Shift Energy")."""
    cap = main_board().capacity
    dark, tokens = s.dark, s.tokens
    for k in (1, 2, 3):
        c = (control + k) % 4
        if dark[c] + tokens.count(c) < cap:
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


def shift(s: State, action: Shift) -> None:
    if s.moves >= MAX_MOVES:
        raise RuleError("cosmos.shift.moves", "energy tokens have already moved 3 spaces")
    if action.dark == NONE:
        tokens = list(s.tokens)
        tokens[s.active] = destination(s, tokens[s.active])
        s.tokens = tuple(tokens)
        s.own_moved = True
    else:
        if s.moves == MAX_MOVES - 1 and not s.own_moved:
            raise RuleError(
                "cosmos.shift.own",
                "at least one of your 1–3 moves must move your own energy token; this is your "
                "last, so it must (shift)",
            )
        if not 0 <= action.dark < 4 or not s.dark[action.dark]:
            where = control(action.dark) if 0 <= action.dark < 4 else "such a control"
            held = listed([f"{TYPES[c].label()} ({s.dark[c]})" for c in range(4) if s.dark[c]])
            raise RuleError(
                "cosmos.shift.token",
                f"no dark energy token in {where}: the dark tokens are in {held}",
            )
        dest = destination(s, action.dark)
        dark = list(s.dark)
        dark[action.dark] -= 1
        dark[dest] += 1
        s.dark = (dark[0], dark[1], dark[2], dark[3])
    s.moves += 1


def power_tokens(s: State, player: int, control: int) -> int:
    """The player's power tokens on a control: one per power card of that type."""
    kinds = _card_types()
    return sum(1 for c in s.players[player].slots if c != NONE and kinds[c] == control)


@cache
def _card_types() -> tuple[int, ...]:
    """By power card: the index of its type (its control)."""
    return tuple(TYPES.index(c.type) for c in cards())


class Gains(NamedTuple):
    """What a collection gives, summed by kind (a supply or the top of a slider limits
    a sum as it limits its parts, since gains only take from it); the cards and nebulae
    to choose in the order of the rewards."""

    stars: tuple[int, int, int, int]
    sliders: tuple[int, int, int]
    steps: int  # time crystal steps
    life: int
    needs: tuple[str, ...]  # "card" or "nebula", one each


def collect(s: State) -> None:
    """The active reward of your control, then the passive ones from your control on
    clockwise (seed "Collect Resources"); choices become needs."""
    if not s.own_moved:
        raise RuleError("cosmos.shift.own", "you must move your own energy token at least once")
    kinds = _card_types()
    times = [s.dark[c] + s.tokens.count(c) for c in range(4)]
    for c in s.players[s.active].slots:
        if c != NONE:
            times[kinds[c]] += 1
    s.phase = COLLECT
    _gain(s, _gains(s.tokens[s.active], (times[0], times[1], times[2], times[3])))


@cache
def _gains(own: int, times: tuple[int, int, int, int]) -> Gains:
    """The gains of collecting from control ``own`` with ``times[c]`` energy and power
    tokens on each control ``c``."""
    board = main_board()
    rewards = [(reward.gain, reward.n) for reward in board.controls[own].active]
    for k in range(4):
        c = (own + k) % 4
        passive = board.controls[c].passive
        if times[c]:
            rewards.append((passive.gain, passive.n * times[c]))
    stars, sliders = [0, 0, 0, 0], [0, 0, 0]
    steps = life = 0
    needs: list[str] = []
    for resource, n in rewards:
        if resource in STAR_RESOURCES:
            stars[STAR_RESOURCES.index(resource)] += n
        elif resource in SLIDERS:
            sliders[SLIDERS.index(resource)] += n
        elif resource is Resource.TIME_CRYSTAL:
            steps += n
        elif resource is Resource.PROTO_LIFE:
            life += n
        else:
            needs += ["card" if resource is Resource.ENERGY_CARD else "nebula"] * n
    return Gains(
        (stars[0], stars[1], stars[2], stars[3]),
        (sliders[0], sliders[1], sliders[2]),
        steps,
        life,
        tuple(needs),
    )


@cache
def _needs(kinds: tuple[str, ...], player: int) -> tuple[Need, ...]:
    return tuple(Need(kind, player) for kind in kinds)


def _gain(s: State, gains: Gains) -> None:
    """The active player gains ``gains``; what the supply lacks is not taken (seed
    "RUNNING OUT OF RESOURCES"), time crystals aside."""
    p = s.players[s.active]
    want = gains.stars
    if want != _NOTHING:
        held, supply = p.held_stars, s.supply_stars
        got = [min(want[k], supply[k]) for k in range(4)]
        p.held_stars = (held[0] + got[0], held[1] + got[1], held[2] + got[2], held[3] + got[3])
        s.supply_stars = (
            supply[0] - got[0],
            supply[1] - got[1],
            supply[2] - got[2],
            supply[3] - got[3],
        )
    more = gains.sliders
    if more != _NO_SLIDERS:
        top, sliders = player_board().slider_top, p.sliders
        p.sliders = (
            min(top, sliders[0] + more[0]),
            min(top, sliders[1] + more[1]),
            min(top, sliders[2] + more[2]),
        )
    if gains.life:
        life = min(gains.life, s.supply_life)
        p.held_life += life
        s.supply_life -= life
    if gains.needs:
        s.needs += _needs(gains.needs, s.active)
    if gains.steps:
        time_steps(s, gains.steps)


def time_steps(s: State, n: int) -> None:
    """Slide the time chamber crystal up ``n`` spaces: one reaching the top waits there
    and a new one from the supply (the box when it is empty) starts at 0."""
    p = s.players[s.active]
    top = player_board().chamber_top
    for _ in range(n):
        p.level += 1
        if p.level == top:
            p.level = 0
            p.waiting += 1
            s.crystals = max(0, s.crystals - 1)


def draw_energy(s: State) -> int:
    """The top energy card, off the deck (NONE when deck and discard pile are empty); an
    empty deck is the discard pile shuffled."""
    if not s.deck:
        if not s.discard:
            return NONE
        pile = list(s.discard)
        shuffle(random.Random(f"cosmos:{s.seed}:{s.shuffles}"), pile)
        s.deck, s.discard, s.shuffles = tuple(pile), (), s.shuffles + 1
    card = s.deck[0]
    s.deck = s.deck[1:]
    return card


def take_card(s: State, action: TakeCard) -> None:
    if action.slot == DECK:
        if not s.deck and not s.discard:
            raise RuleError("cosmos.collect.card", "the energy deck and discard pile are empty")
        card = draw_energy(s)
    elif 0 <= action.slot < len(s.display) and s.display[action.slot] != NONE:
        card = s.display[action.slot]
        display = list(s.display)
        display[action.slot] = NONE
        s.display = tuple(display)
    else:
        raise RuleError("cosmos.collect.card", f"display slot {action.slot + 1} holds no card")
    add_cards(s.players[s.active], card, 1)


def add_cards(p: Player, card: int, n: int) -> None:
    """``n`` cards of type ``card`` to ``p``'s hand."""
    hand = list(p.hand)
    hand[card] += n
    p.hand = (hand[0], hand[1], hand[2], hand[3])


def take_nebula(s: State, action: TakeNebula) -> None:
    if action.size not in (1, 2, 3) or not s.stacks[action.size - 1]:
        raise RuleError("cosmos.collect.nebula", f"no size-{action.size} nebula is left")
    p = s.players[s.active]
    p.held_tiles = (*p.held_tiles, draw_tile(s, action.size))


def draw_tile(s: State, size: int) -> int:
    """The top tile of the stack of ``size``, off the stack."""
    stacks = list(s.stacks)
    tile = stacks[size - 1][0]
    stacks[size - 1] = stacks[size - 1][1:]
    s.stacks = tuple(stacks)
    return tile


def refill(s: State) -> None:
    """The display back to 4 face-up cards (seed: at the end of each energy phase)."""
    if NONE not in s.display:
        return
    display = list(s.display)
    for slot, card in enumerate(display):
        if card == NONE:
            display[slot] = draw_energy(s)
    s.display = tuple(display)
