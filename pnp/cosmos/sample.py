"""One random legal action without listing them all: the kind of decision first (each
kind that has an answer equally likely), then one answer of that kind, drawn from the
bitmasks of the galaxy. What ``Game.legal()`` lists is what this draws from (a Keep's
others in the order drawn), so bots play fast and any draw replays through ``apply``."""

from __future__ import annotations

import random
from collections.abc import Callable

from pnp.cosmos import craft, energy
from pnp.cosmos.actions import (
    Action,
    Advance,
    CardSet,
    Choose,
    Complete,
    Discharge,
    GainPower,
    Move,
    Omega,
    PlaceLife,
    PlaceNebula,
    PlaceStar,
    Stabilize,
    Stop,
    Supernova,
    Use,
)
from pnp.cosmos.board import Board
from pnp.cosmos.content import main_board, player_board
from pnp.cosmos.geometry import Geometry, bits, geometry, hops
from pnp.cosmos.model import Star
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.needs import STARS, life_spots, payments, sector_stars, targets
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import DNA, GRAVITON, NONE, SUPERNOVA, TYPES, Need, Phase, State, cards

STOP = 0.25  # how often an 'up to' step is left


def pick_bit(mask: int, rng: random.Random) -> int:
    """A set bit of ``mask`` (not 0), each equally likely."""
    k = rng.randrange(mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_action(s: State, rng: random.Random) -> Action:
    """A random action among those ``Game.legal()`` lists for ``s``."""
    if s.phase is Phase.OVER:
        raise RuleError("cosmos.game.over", "the game is over")
    if s.needs:
        return _answer(s, s.needs[0], rng)
    if s.phase is Phase.SHIFT:
        return rng.choice(energy.shift_actions(s))
    return _craft(s, rng)


def _answer(s: State, need: Need, rng: random.Random) -> Action:
    g = geometry()
    b = s.player(need.player).board
    k = need.kind
    if need.optional and rng.random() < STOP:
        return Stop()  # an 'up to' step is only due while it has a target
    if k == "gain-star":
        spots = sector_stars(need.where) & ~b.all_stars
        wanted = range(4) if need.what == "standard" else (STARS.index(Star(need.what)),)
        kinds = [t for t in wanted if s.supply_stars[t]]
        return Choose(g.star_ids[pick_bit(spots, rng)], STARS[rng.choice(kinds)])
    if k == "gain-life":
        return Choose(g.life_ids[pick_bit(life_spots(b, need.where), rng)])
    if k == "move":
        return _move_target(s, b, need, g, rng)
    if k == "supernova":
        return Choose(g.star_ids[pick_bit(b.all_stars & ~b.nova, rng)])
    if k in ("discard-star", "unsupernova"):
        return Choose(g.star_ids[pick_bit(b.nova if k == "unsupernova" else b.all_stars, rng)])
    if k in ("pay-proto", "pay-stable") or (k == "stabilize" and need.where == "chosen"):
        return Choose(g.life_ids[pick_bit(b.stable if k == "pay-stable" else b.proto, rng)])
    if k == "place-nebula":
        return Choose(g.nebula_ids[rng.choice(empty_nebulae(b))])
    found = targets(s, need)
    return rng.choice([a for a in found if not isinstance(a, Stop)])


def empty_nebulae(b: Board) -> list[int]:
    return [n for n, t in enumerate(b.tiles) if t == NONE]


def _move_target(s: State, b: Board, need: Need, g: Geometry, rng: random.Random) -> Action:
    if need.what == "that-star":
        to = hops(s.last, b.all_stars, g.star_stars)
        return Choose(g.star_ids[s.last], to=g.star_ids[pick_bit(to, rng)])
    if need.what in ("proto", "stable"):
        sources = b.proto if need.what == "proto" else b.stable
        while True:
            i = pick_bit(sources, rng)
            to = hops(i, b.life, g.life_life) if need.where == "movement" else g.all_life & ~b.life
            if to:
                return Choose(g.life_ids[i], to=g.life_ids[pick_bit(to, rng)])
            sources &= ~(1 << i)
    # star-or-nebula: any star to any empty star space, or an incomplete nebula
    empty = g.all_stars & ~b.all_stars
    movable = [n for n, t in enumerate(b.tiles) if t != NONE and not b.done >> n & 1]
    free = empty_nebulae(b)
    stars = b.all_stars if empty else 0
    nebulae = len(movable) if free else 0
    k = rng.randrange(stars.bit_count() + nebulae)
    if k < stars.bit_count():
        return Choose(g.star_ids[pick_bit(stars, rng)], to=g.star_ids[pick_bit(empty, rng)])
    return Choose(g.nebula_ids[rng.choice(movable)], to=g.nebula_ids[rng.choice(free)])


def _craft(s: State, rng: random.Random) -> Action:
    """A kind of craft action drawn until one has an answer (each kind with one equally
    likely: the omega always has one), then one of its answers. A kind found without an
    answer is not asked again (it drew nothing; a movement may draw before it finds none,
    so it is always asked)."""
    none = 0  # the kinds found without an answer, by bit
    while True:
        k = rng.randrange(len(_KINDS))
        if none >> k & 1:
            continue
        kind = _KINDS[k]
        action = kind(s, rng)
        if action is not None:
            return action
        if kind is not _move:
            none |= 1 << k


def _place_nebula(s: State, rng: random.Random) -> Action | None:
    p = s.player()
    free = empty_nebulae(p.board) if p.held_tiles else []
    if not free:
        return None
    tile = nebula_tiles()[rng.choice(p.held_tiles)].id
    return PlaceNebula(tile, geometry().nebula_ids[rng.choice(free)])


def _place_star(s: State, rng: random.Random) -> Action | None:
    g = geometry()
    p = s.player()
    empty = g.all_stars & ~p.board.all_stars
    held = [t for t in range(4) if p.held_stars[t]] if empty else []
    if not held:
        return None
    return PlaceStar(STARS[rng.choice(held)], g.star_ids[pick_bit(empty, rng)])


def _place_life(s: State, rng: random.Random) -> Action | None:
    p = s.player()
    spots = life_spots(p.board, "next-to-life") if p.held_life else 0
    return PlaceLife(geometry().life_ids[pick_bit(spots, rng)]) if spots else None


def _complete(s: State, rng: random.Random) -> Action | None:
    g = geometry()
    b = s.player().board
    completable = [n for n, t in enumerate(b.tiles) if t != NONE and craft.can_complete(b, n)]
    if not completable:
        return None
    n = rng.choice(completable)
    corner = pick_bit(b.all_stars & g.nebula_stars[n], rng)
    return Complete(g.nebula_ids[n], g.star_ids[corner])


def _advance(s: State, rng: random.Random) -> Action | None:
    b = s.player().board
    advanceable = [n for n in bits(b.done) if craft.can_advance(s, b, n)]
    if not advanceable:
        return None
    return Advance(geometry().nebula_ids[rng.choice(advanceable)])


def _discharge(s: State, rng: random.Random) -> Action | None:
    p = s.player()
    if not p.waiting:
        return None
    star = [c for c in p.slots if c != NONE and cards()[c].cost.discharge_star]
    return rng.choice([Discharge(), *(Discharge(cards()[c].id) for c in star)])


def _gain(s: State, rng: random.Random) -> Action | None:
    gains = _gains(s)
    return rng.choice(gains) if gains else None


def _use(s: State, rng: random.Random) -> Action | None:
    p = s.player()
    uses = [c for c in p.slots if c != NONE and usable(s, c)]
    if not uses:
        return None
    card = cards()[rng.choice(uses)]
    pay = rng.choice(payments(p.hand, card))
    return Use(card.id, pay, rng.randrange(len(card.effect)))


def _set(s: State, rng: random.Random) -> Action | None:
    hand = s.player().hand
    sets = [t for t in range(4) if hand[t] >= main_board().set_size]
    return CardSet(TYPES[rng.choice(sets)]) if sets else None


def _supernova(s: State, rng: random.Random) -> Action | None:
    p = s.player()
    standard = p.board.all_stars & ~p.board.nova
    if not (p.sliders[SUPERNOVA] and standard):
        return None
    return Supernova(geometry().star_ids[pick_bit(standard, rng)])


def _stabilize(s: State, rng: random.Random) -> Action | None:
    p = s.player()
    if not (p.sliders[DNA] and p.board.proto):
        return None
    return Stabilize(geometry().life_ids[pick_bit(p.board.proto, rng)])


def _move(s: State, rng: random.Random) -> Action | None:
    p = s.player()
    return _graviton(p.board, geometry(), rng) if p.sliders[GRAVITON] else None


def _omega(s: State, rng: random.Random) -> Action:
    sizes = [size for size in (1, 2, 3) if s.stacks[size - 1]]
    return Omega(rng.choice([*sizes, 0]))


_KINDS: tuple[Callable[[State, random.Random], Action | None], ...] = (
    _place_nebula,
    _place_star,
    _place_life,
    _complete,
    _advance,
    _discharge,
    _gain,
    _use,
    _set,
    _supernova,
    _stabilize,
    _move,
    _omega,
)


def _gains(s: State) -> list[Action]:
    p = s.player()
    costs = player_board().slot_costs
    return [
        GainPower(slot, kind)
        for slot, c in enumerate(p.slots)
        if c == NONE
        for t, kind in enumerate(TYPES)
        if p.hand[t] >= costs[slot] and s.power_decks[t]
    ]


def usable(s: State, c: int) -> bool:
    """Whether power card ``c`` (in a slot) can be activated now, paid from the hand."""
    card = cards()[c]
    if card.cost.discharge_star or craft.cannot(s, card):
        return False
    return bool(payments(s.player().hand, card))


def _graviton(b: Board, g: Geometry, rng: random.Random) -> Move | None:
    """A random movement action: a random token of those that can move."""
    stars = b.all_stars & ~b.nova
    life = b.life
    while stars or life:
        k = rng.randrange(stars.bit_count() + life.bit_count())
        if k < stars.bit_count():
            i = pick_bit(stars, rng)
            to = hops(i, b.all_stars, g.star_stars)
            if to:
                return Move(g.star_ids[i], g.star_ids[pick_bit(to, rng)])
            stars &= ~(1 << i)
        else:
            i = pick_bit(life, rng)
            to = hops(i, b.life, g.life_life)
            if to:
                return Move(g.life_ids[i], g.life_ids[pick_bit(to, rng)])
            life &= ~(1 << i)
    return None
