"""One random legal action without listing them all: the kind of decision first (each
kind that has an answer equally likely), then one answer of that kind, drawn from the
bitmasks of the galaxy. What ``Game.legal()`` lists is what this draws from (a Keep's
others in the order drawn; the end phase's discards in seat order from the first player,
where ``legal()`` lists them in any order), so bots play fast and any draw replays
through ``apply``."""

from __future__ import annotations

import random
from collections.abc import Callable

from pnp.cosmos import craft, energy
from pnp.cosmos.actions import (
    DECK,
    Action,
    Advance,
    Choose,
    Complete,
    Discharge,
    Keep,
    Move,
    PlaceNebula,
    Stop,
    Use,
)
from pnp.cosmos.board import Board
from pnp.cosmos.chance import below
from pnp.cosmos.content import main_board, player_board
from pnp.cosmos.geometry import Geometry, bits, geometry, hops
from pnp.cosmos.model import Star
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.needs import STARS, life_spots, sector_stars, targets
from pnp.cosmos.prebuilt import prebuilt
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import DNA, GRAVITON, NONE, OVER, SHIFT, SUPERNOVA, Need, State, cards
from pnp.cosmos.terms import can_pay, payments, terms

STOP = 0.25  # how often an 'up to' step is left
_NO_CARDS = (NONE, NONE, NONE, NONE)
_POP = bytes(bin(i).count("1") for i in range(256))  # set bits of a byte
_NTH = tuple(tuple(j for j in range(8) if i >> j & 1) for i in range(256))  # and where


def pick_bit(mask: int, rng: random.Random) -> int:
    """A set bit of ``mask`` (not 0), each equally likely: the ``k``-th lowest for a
    ``k`` drawn as ``rng.randrange(mask.bit_count())`` draws it."""
    n = mask.bit_count()  # below(rng, n), inline: a game picks about 110 bits
    if not n:
        raise ValueError("no bit to pick")
    size = n.bit_length()
    k = rng.getrandbits(size)
    while k >= n:
        k = rng.getrandbits(size)
    shift = 0
    while True:  # 16 bits at a time, then the byte
        chunk = mask & 0xFFFF
        c = chunk.bit_count()
        if k < c:
            break
        k -= c
        mask >>= 16
        shift += 16
    low = chunk & 255
    if k < _POP[low]:
        return _NTH[low][k] + shift
    return _NTH[chunk >> 8][k - _POP[low]] + shift + 8


def random_action(s: State, rng: random.Random) -> Action:
    """A random action among those ``Game.legal()`` lists for ``s``."""
    if s.phase is OVER:
        raise RuleError("cosmos.game.over", "the game is over")
    if s.needs:
        return _answer(s, s.needs[0], rng)
    if s.phase is SHIFT:
        shifts = energy.shift_actions(s)
        return shifts[below(rng, len(shifts))]
    return _craft(s, rng)


def _answer(s: State, need: Need, rng: random.Random) -> Action:
    pb = prebuilt()
    k = need.kind
    if k == "card":
        slots = [slot for slot, c in enumerate(s.display) if c != NONE]
        if s.deck or s.discard:
            slots.append(DECK)
        return pb.take_card[slots[below(rng, len(slots))]]
    b = s.players[need.player].board
    if k == "place-nebula":
        return pb.choose_nebula[pick_bit(b.empty_nebulae, rng)]
    if k == "nebula":
        sizes = [size for size in (0, 1, 2) if s.stacks[size]]
        return pb.take_nebula[sizes[below(rng, len(sizes))]]
    if k == "keep":  # targets lists one Keep a card drawn, in the order drawn
        c = need.cards[below(rng, len(need.cards))]
        return Keep(cards()[c].id, tuple(cards()[o].id for o in need.cards if o != c))
    if need.optional and rng.random() < STOP:
        return pb.stop  # an 'up to' step is only due while it has a target
    if k == "gain-star":
        spots = sector_stars(need.where) & ~b.all_stars
        wanted = range(4) if need.what == "standard" else (STARS.index(Star(need.what)),)
        kinds = [t for t in wanted if s.supply_stars[t]]
        i = pick_bit(spots, rng)
        return pb.gain_star[kinds[below(rng, len(kinds))]][i]
    if k == "gain-life":
        return pb.choose_life[pick_bit(life_spots(b, need.where), rng)]
    if k == "move":
        return _move_target(s, b, need, geometry(), rng)
    if k == "supernova":
        return pb.choose_star[pick_bit(b.all_stars & ~b.nova, rng)]
    if k in ("discard-star", "unsupernova"):
        return pb.choose_star[pick_bit(b.nova if k == "unsupernova" else b.all_stars, rng)]
    if k in ("pay-proto", "pay-stable") or (k == "stabilize" and need.where == "chosen"):
        return pb.choose_life[pick_bit(b.stable if k == "pay-stable" else b.proto, rng)]
    found = [a for a in targets(s, need) if not isinstance(a, Stop)]
    return found[below(rng, len(found))]


def empty_nebulae(b: Board) -> list[int]:
    return bits(b.empty_nebulae)


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
    movable = b.placed & ~b.done
    free = b.empty_nebulae
    stars = b.all_stars if empty else 0
    nebulae = movable.bit_count() if free else 0
    k = below(rng, stars.bit_count() + nebulae)
    if k < stars.bit_count():
        return Choose(g.star_ids[pick_bit(stars, rng)], to=g.star_ids[pick_bit(empty, rng)])
    n = pick_bit(movable, rng)
    return Choose(g.nebula_ids[n], to=g.nebula_ids[pick_bit(free, rng)])


def _craft(s: State, rng: random.Random) -> Action:
    """A kind of craft action drawn until one has an answer (each kind with one equally
    likely: the omega always has one), then one of its answers. A kind found without an
    answer is not asked again (it drew nothing; a movement may draw before it finds none,
    so it is always asked)."""
    none = 0  # the kinds found without an answer, by bit
    kinds = len(_KINDS)
    size = kinds.bit_length()
    getrandbits = rng.getrandbits
    while True:
        k = getrandbits(size)  # below(rng, kinds), inline: a craft decision draws 3
        while k >= kinds:
            k = getrandbits(size)
        if none >> k & 1:
            continue
        kind = _KINDS[k]
        action = kind(s, rng)
        if action is not None:
            return action
        if kind is not _move:
            none |= 1 << k


def _place_nebula(s: State, rng: random.Random) -> Action | None:
    p = s.players[s.active]
    free = p.board.empty_nebulae if p.held_tiles else 0
    if not free:
        return None
    tile = nebula_tiles()[p.held_tiles[below(rng, len(p.held_tiles))]].id
    return PlaceNebula(tile, geometry().nebula_ids[pick_bit(free, rng)])


def _place_star(s: State, rng: random.Random) -> Action | None:
    p = s.players[s.active]
    held = p.held_stars
    if not (held[0] or held[1] or held[2] or held[3]):
        return None
    empty = geometry().all_stars & ~p.board.all_stars
    if not empty:
        return None
    kinds = [t for t in range(4) if held[t]]
    t = kinds[below(rng, len(kinds))]
    return prebuilt().place_star[t][pick_bit(empty, rng)]


def _place_life(s: State, rng: random.Random) -> Action | None:
    p = s.players[s.active]
    spots = life_spots(p.board, "next-to-life") if p.held_life else 0
    return prebuilt().place_life[pick_bit(spots, rng)] if spots else None


def _complete(s: State, rng: random.Random) -> Action | None:
    g = geometry()
    b = s.players[s.active].board
    incomplete = b.placed & ~b.done
    stars, corners, want = b.all_stars, g.nebula_stars, craft.required()
    completable = [
        n
        for n in bits(incomplete)  # enough stars on its corners first: a quick no
        if (stars & corners[n]).bit_count() >= want[b.tiles[n]][4] and craft.can_complete(b, n)
    ]
    if not completable:
        return None
    n = completable[below(rng, len(completable))]
    corner = pick_bit(b.all_stars & g.nebula_stars[n], rng)
    return Complete(g.nebula_ids[n], g.star_ids[corner])


def _advance(s: State, rng: random.Random) -> Action | None:
    b = s.players[s.active].board
    if not (b.done and s.life_stack):
        return None
    advanceable = [n for n in bits(b.done) if craft.can_advance(s, b, n)]
    if not advanceable:
        return None
    return Advance(geometry().nebula_ids[advanceable[below(rng, len(advanceable))]])


def _discharge(s: State, rng: random.Random) -> Action | None:
    p = s.players[s.active]
    if not p.waiting:
        return None
    star = [c for c in p.slots if c != NONE and cards()[c].cost.discharge_star]
    if not star:
        below(rng, 1)  # the draw of one among one, as ever
        return prebuilt().discharge
    choices = [Discharge(), *(Discharge(cards()[c].id) for c in star)]
    return choices[below(rng, len(choices))]


def _gain(s: State, rng: random.Random) -> Action | None:
    if NONE not in s.players[s.active].slots:
        return None
    gains = _gains(s)
    return gains[below(rng, len(gains))] if gains else None


def _use(s: State, rng: random.Random) -> Action | None:
    p = s.players[s.active]
    if p.slots == _NO_CARDS:
        return None
    uses = [c for c in p.slots if c != NONE and usable(s, c)]
    if not uses:
        return None
    c = uses[below(rng, len(uses))]
    pays = payments(p.hand, c)
    pay = pays[below(rng, len(pays))]
    return Use(cards()[c].id, pay, below(rng, terms()[c].options))


def _set(s: State, rng: random.Random) -> Action | None:
    hand = s.players[s.active].hand
    size = main_board().set_size
    if max(hand) < size:
        return None
    sets = [t for t in range(4) if hand[t] >= size]
    return prebuilt().card_set[sets[below(rng, len(sets))]] if sets else None


def _supernova(s: State, rng: random.Random) -> Action | None:
    p = s.players[s.active]
    standard = p.board.all_stars & ~p.board.nova
    if not (p.sliders[SUPERNOVA] and standard):
        return None
    return prebuilt().supernova[pick_bit(standard, rng)]


def _stabilize(s: State, rng: random.Random) -> Action | None:
    p = s.players[s.active]
    if not (p.sliders[DNA] and p.board.proto):
        return None
    return prebuilt().stabilize[pick_bit(p.board.proto, rng)]


def _move(s: State, rng: random.Random) -> Action | None:
    p = s.players[s.active]
    return _graviton(p.board, geometry(), rng) if p.sliders[GRAVITON] else None


def _omega(s: State, rng: random.Random) -> Action:
    sizes = [size for size in (1, 2, 3) if s.stacks[size - 1]]
    sizes.append(0)
    return prebuilt().omega[sizes[below(rng, len(sizes))]]


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
    p = s.players[s.active]
    costs = player_board().slot_costs
    gain = prebuilt().gain_power
    return [
        gain[slot][t]
        for slot, c in enumerate(p.slots)
        if c == NONE
        for t in range(4)
        if p.hand[t] >= costs[slot] and s.power_decks[t]
    ]


def usable(s: State, c: int) -> bool:
    """Whether power card ``c`` (in a slot) can be activated now, paid from the hand."""
    t = terms()[c]
    if t.replaces_star or not can_pay(s.players[s.active].hand, t):
        return False
    return not craft.cannot(s, c)


def _graviton(b: Board, g: Geometry, rng: random.Random) -> Move | None:
    """A random movement action: a random token of those that can move."""
    stars = b.all_stars & ~b.nova
    life = b.life
    while stars or life:
        k = below(rng, stars.bit_count() + life.bit_count())
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
