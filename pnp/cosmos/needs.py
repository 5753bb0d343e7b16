"""The decisions an action leaves due (``State.needs``): collecting choices, the steps of
a power card's effect (seed 001 "POWER CARD REFERENCE", structured in power.toml), the
kept power card, the omega's nebula, hand-limit discards. ``targets`` lists the answers
a need takes; ``resolve`` applies one; ``auto`` does a need that takes no answer."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from pnp.cosmos import energy
from pnp.cosmos.actions import DECK, Action, Choose, Discard, Keep, Stop, TakeCard, TakeNebula
from pnp.cosmos.board import Board
from pnp.cosmos.content import main_board
from pnp.cosmos.geometry import (
    LIFE,
    NEBULA,
    STAR,
    bits,
    geometry,
    hops,
    space_ids,
    space_index,
    spread,
)
from pnp.cosmos.messages import asks, bad_discard, no_discard, not_due, quoted
from pnp.cosmos.model import Sector, Star, Verb
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.refusals import misfit
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import NONE, TYPES, Need, State, card_index, cards

STARS = tuple(Star)
AUTO_STABILIZE = ("that-life", "next-to-that-supernova", "next-to-O-stars", "next-to-C-stars")
AUTO = frozenset({"time-crystal", "points", "gain-nebula"})
ANSWERS: dict[str, type] = {
    "card": TakeCard,
    "nebula": TakeNebula,
    "keep": Keep,
    "hand-limit": Discard,
}


def is_auto(need: Need) -> bool:
    k = need.kind
    return k in AUTO or (k == "stabilize" and need.where in AUTO_STABILIZE)


@cache
def expand(c: int, option: int, player: int) -> tuple[Need, ...]:
    """The needs of power card ``c``'s cost in life and of its effect's steps, in order."""
    card = cards()[c]
    out = [Need("pay-proto", player)] * card.cost.proto_life
    out += [Need("pay-stable", player)] * card.cost.stable_life
    for step in card.effect[option]:
        need = Need(step.verb.value, player, step.what, step.where, 1, step.up_to)
        if step.verb in (Verb.TIME_CRYSTAL, Verb.POINTS) or is_auto(need):
            out.append(need._replace(n=step.n))
        else:
            out += [need] * step.n
    return tuple(out)


def sector_stars(where: str) -> int:
    g = geometry()
    return g.all_stars if where == "anywhere" else g.star_sector[Sector(where)]


def life_spots(b: Board, where: str) -> int:
    """The empty life spaces a gained life may go on."""
    g = geometry()
    empty = g.all_life & ~b.life
    if where == "anywhere":
        return empty
    if where == "next-to-stable":
        return spread(b.stable, g.life_life_table) & empty
    if not b.life:
        return (1 << g.start_life) & empty
    return spread(b.life, g.life_life_table) & empty


def near_stars(b: Board, stars: int) -> int:
    """The proto life next to any of ``stars``."""
    return spread(stars, geometry().star_life_table) & b.proto


def _move_dest(s: State, b: Board, need: Need, i: int) -> int:
    """Where the token on space ``i`` may move for a move step (a star, life or nebula
    mask, by the kind of the step and of space ``i``)."""
    g = geometry()
    if need.what in ("proto", "stable"):
        return hops(i, b.life, g.life_life) if need.where == "movement" else g.all_life & ~b.life
    return hops(i, b.all_stars, g.star_stars)  # that-star


def _movers(b: Board, need: Need) -> int:
    """The life spaces a proto or stable move step moves from."""
    return b.proto if need.what == "proto" else b.stable


def _moves(s: State, b: Board, need: Need) -> list[Action]:
    g = geometry()
    out: list[Action] = []
    if need.what in ("proto", "stable"):
        for i in bits(_movers(b, need)):
            dest = _move_dest(s, b, need, i)
            out += [Choose(g.life_ids[i], to=g.life_ids[j]) for j in bits(dest)]
        return out
    if need.what == "that-star":
        if s.last == NONE:
            return []
        dest = _move_dest(s, b, need, s.last)
        return [Choose(g.star_ids[s.last], to=g.star_ids[j]) for j in bits(dest)]
    empty = g.all_stars & ~b.all_stars
    for i in bits(b.all_stars):
        out += [Choose(g.star_ids[i], to=g.star_ids[j]) for j in bits(empty)]
    free = [n for n, t in enumerate(b.tiles) if t == NONE]
    for n, t in enumerate(b.tiles):
        if t != NONE and not b.done >> n & 1:
            out += [Choose(g.nebula_ids[n], to=g.nebula_ids[j]) for j in free]
    return out


def _star_kinds(s: State, need: Need) -> list[int]:
    """The star types a gain-star step may gain: of its kind, left in the supply."""
    kinds = range(4) if need.what == "standard" else (STARS.index(Star(need.what)),)
    return [t for t in kinds if s.supply_stars[t]]


def _spaces(s: State, need: Need) -> tuple[int, int]:
    """For a step answered by one space: the kind of space and the mask of those that
    answer it (for gain-star, its spaces when a type is left; -1 for a move step)."""
    b = s.player(need.player).board
    k = need.kind
    if k == "place-nebula":
        return NEBULA, b.empty_nebulae
    if k == "gain-star":
        return STAR, sector_stars(need.where) & ~b.all_stars if _star_kinds(s, need) else 0
    if k == "gain-life":
        return LIFE, life_spots(b, need.where) if s.supply_life else 0
    if k == "supernova":
        return STAR, b.all_stars & ~b.nova
    if k == "unsupernova":
        return STAR, b.nova
    if k == "discard-star":
        return STAR, b.all_stars
    if k == "move":
        return STAR, -1
    if k == "stabilize" and need.where == "chosen":
        return LIFE, b.proto
    if k == "stabilize":  # next-to-one-supernova
        return STAR, sum(1 << i for i in bits(b.nova) if near_stars(b, 1 << i))
    if k == "advanced-life":
        ones = [n for n in bits(b.done) if b.advanced_on(n) == 1] if s.life_stack else []
        return NEBULA, sum(1 << n for n in ones)
    if k == "upgrade-nebula":
        if not s.stacks[1]:
            return NEBULA, 0
        small = [
            n
            for n, t in enumerate(b.tiles)
            if t != NONE and nebula_tiles()[t].size == 1 and not b.done >> n & 1
        ]
        return NEBULA, sum(1 << n for n in small)
    return LIFE, b.proto if k == "pay-proto" else b.stable  # pay-proto, pay-stable


def targets(s: State, need: Need) -> list[Action]:
    """The answers ``need`` takes now; none means it cannot be done (it is lost)."""
    p = s.player(need.player)
    k = need.kind
    out: list[Action]
    if k == "card":
        out = [TakeCard(i) for i, c in enumerate(s.display) if c != NONE]
        return out + ([TakeCard(DECK)] if s.deck or s.discard else [])
    if k == "nebula":
        return [TakeNebula(size) for size in (1, 2, 3) if s.stacks[size - 1]]
    if k == "keep":
        return [
            Keep(cards()[c].id, tuple(cards()[o].id for o in need.cards if o != c))
            for c in need.cards
        ]
    if k == "hand-limit":
        over = p.cards - main_board().hand_limit
        out = []
        for combo in combinations_with_replacement(range(4), over):
            if all(combo.count(t) <= p.hand[t] for t in range(4)):
                out.append(Discard(need.player, tuple(TYPES[t] for t in combo)))
        return out
    kind, mask = _spaces(s, need)
    ids = space_ids(kind)
    if k == "move":
        out = _moves(s, p.board, need)
    elif k == "gain-star":
        out = [Choose(ids[i], STARS[t]) for t in _star_kinds(s, need) for i in bits(mask)]
    else:
        out = [Choose(ids[i]) for i in bits(mask)]
    return [*out, Stop()] if out and need.optional else out


def has_target(s: State, need: Need) -> bool:
    """Whether ``targets(s, need)`` lists anything, without listing."""
    if need.kind == "card":
        return bool(s.deck or s.discard) or any(c != NONE for c in s.display)
    if need.kind == "nebula":
        return any(s.stacks)
    if need.kind == "keep":
        return bool(need.cards)
    if need.kind == "hand-limit":
        return bool(targets(s, need))
    _, mask = _spaces(s, need)
    if mask != -1:
        return mask != 0
    b = s.player(need.player).board
    if need.what in ("proto", "stable"):
        return any(_move_dest(s, b, need, i) for i in bits(_movers(b, need)))
    if need.what == "that-star":
        return s.last != NONE and _move_dest(s, b, need, s.last) != 0
    g = geometry()
    if b.all_stars and g.all_stars & ~b.all_stars:
        return True
    movable = any(t != NONE and not b.done >> n & 1 for n, t in enumerate(b.tiles))
    return movable and bool(b.empty_nebulae)


def fits(s: State, need: Need, a: Choose) -> bool:
    """Whether ``a`` is one of ``targets(s, need)``, without listing them."""
    kind, mask = _spaces(s, need)
    if mask != -1:
        if a.to or (a.star is None) != (need.kind != "gain-star"):
            return False
        if a.star is not None and STARS.index(a.star) not in _star_kinds(s, need):
            return False
        i = space_index(kind).get(a.space, NONE)
        return i != NONE and bool(mask >> i & 1)
    if a.star is not None:
        return False
    g = geometry()
    b = s.player(need.player).board
    if need.what in ("proto", "stable"):
        i, j = g.life_index.get(a.space, NONE), g.life_index.get(a.to, NONE)
        if NONE in (i, j) or not _movers(b, need) >> i & 1:
            return False
        return bool(_move_dest(s, b, need, i) >> j & 1)
    if need.what == "that-star":
        if s.last == NONE or a.space != g.star_ids[s.last]:
            return False
        j = g.star_index.get(a.to, NONE)
        return j != NONE and bool(_move_dest(s, b, need, s.last) >> j & 1)
    if a.space in g.star_index:
        i, j = g.star_index[a.space], g.star_index.get(a.to, NONE)
        return j != NONE and bool(b.all_stars >> i & 1) and not b.all_stars >> j & 1
    n, j = g.nebula_index.get(a.space, NONE), g.nebula_index.get(a.to, NONE)
    if NONE in (n, j):
        return False
    return b.tiles[n] != NONE and not b.done >> n & 1 and b.tiles[j] == NONE


def resolve(s: State, action: Action) -> None:
    """Answer the first need with ``action``."""
    need = s.needs[0]
    if isinstance(action, Stop):
        if not need.optional:
            raise RuleError(
                "cosmos.step.stop", f"only an 'up to' effect stops early: {not_due(need, action)}"
            )
        rest = s.needs[1:]
        while rest and rest[0] == need:
            rest = rest[1:]
        s.needs = rest
        return
    wanted = ANSWERS.get(need.kind, Choose)
    if not isinstance(action, wanted):
        raise RuleError("cosmos.turn.decision", not_due(need, action))
    if isinstance(action, TakeCard):
        energy.take_card(s, action)
        s.needs = s.needs[1:]
    elif isinstance(action, Choose):
        if not fits(s, need, action):
            why = misfit(s, need, action)
            said = f"{quoted(action)} does not fit: {asks(need)}{'; ' + why if why else ''}"
            raise RuleError("cosmos.step.target", said)
        s.needs = s.needs[1:]
        _choose(s, need, action)
    elif isinstance(action, Keep):
        _keep(s, need, action)
    elif isinstance(action, TakeNebula):
        energy.take_nebula(s, action)
        s.needs = s.needs[1:]
    elif isinstance(action, Discard):
        _discard(s, action)
    else:
        raise RuleError("cosmos.step.target", not_due(need, action))


def _keep(s: State, need: Need, action: Keep) -> None:
    c = card_index(action.card)
    rest = [card_index(o) for o in action.bottom]
    if c not in need.cards or sorted([c, *rest]) != sorted(need.cards):
        drawn = ", ".join(cards()[d].id for d in need.cards)
        message = f"keep one of the cards drawn ({drawn}) and put all the others under"
        raise RuleError("cosmos.power.keep", f"{message}, not {quoted(action)}")
    p = s.players[s.active]
    slots = list(p.slots)
    slots[need.n] = c
    p.slots = (slots[0], slots[1], slots[2], slots[3])
    t = TYPES.index(cards()[c].type)
    decks = list(s.power_decks)
    decks[t] += tuple(rest)
    s.power_decks, s.needs = tuple(decks), s.needs[1:]


def _discard(s: State, action: Discard) -> None:
    """A player's discards to the hand limit: those over it discard in any order (the
    seed gives none, and each ``discard`` line names its player)."""
    if not any(need.player == action.player for need in s.needs):
        raise RuleError("cosmos.hand-limit", no_discard(s, action))
    p = s.players[action.player]
    over = p.cards - main_board().hand_limit
    hand = list(p.hand)
    for t in action.cards:
        hand[TYPES.index(t)] -= 1
    if len(action.cards) != over or min(hand) < 0:
        raise RuleError("cosmos.hand-limit", bad_discard(s, action))
    p.hand = (hand[0], hand[1], hand[2], hand[3])
    s.discard += tuple(TYPES.index(t) for t in action.cards)
    s.needs = tuple(need for need in s.needs if need.player != action.player)


def _choose(s: State, need: Need, action: Choose) -> None:
    g = geometry()
    p = s.players[s.active]
    b = p.board
    k = need.kind
    star, life, neb = g.star_index, g.life_index, g.nebula_index
    if k == "place-nebula":
        b = b.with_tile(neb[action.space], need.cards[0])
    elif k == "gain-star":
        assert action.star is not None
        t, i = STARS.index(action.star), star[action.space]
        b = b.with_star(t, b.stars[t] | 1 << i)
        supply = list(s.supply_stars)
        supply[t] -= 1
        s.supply_stars, s.last = (supply[0], supply[1], supply[2], supply[3]), i
    elif k == "gain-life":
        i = life[action.space]
        b = (
            b.with_life(b.proto, b.stable | 1 << i)
            if need.what == "stable"
            else b.with_life(b.proto | 1 << i, b.stable)
        )
        s.supply_life, s.last = s.supply_life - 1, i
    elif k in ("supernova", "unsupernova"):
        i = star[action.space]
        b = b.with_nova(b.nova ^ 1 << i)
        s.last = i
    elif k == "discard-star":
        b = discard_star(s, b, star[action.space])
    elif k == "move":
        b = _move(s, b, action)
    elif k == "stabilize" and need.where == "chosen":
        i = life[action.space]
        b = b.with_life(b.proto & ~(1 << i), b.stable | 1 << i)
    elif k == "stabilize":
        b = stabilize(b, near_stars(b, 1 << star[action.space]))
    elif k == "advanced-life":
        b = b._replace(advanced=(*b.advanced, (neb[action.space], s.life_stack[0])))
        s.life_stack = s.life_stack[1:]
    elif k == "upgrade-nebula":
        n = neb[action.space]
        tile = energy.draw_tile(s, 2)
        s.stacks = (s.stacks[0] + (b.tiles[n],), *s.stacks[1:])
        b = b.with_tile(n, tile)
    else:  # pay-proto, pay-stable
        bit = 1 << life[action.space]
        b = b.with_life(b.proto & ~bit, b.stable & ~bit)
        s.supply_life += 1
    p.board = b


def stabilize(b: Board, mask: int) -> Board:
    return b.with_life(b.proto & ~mask, b.stable | mask)


def discard_star(s: State, b: Board, i: int) -> Board:
    """Board ``b`` without the star on star space ``i``, which goes back to the supply
    (a supernova as its type)."""
    t = b.star_type(i)
    supply = list(s.supply_stars)
    supply[t] += 1
    s.supply_stars = (supply[0], supply[1], supply[2], supply[3])
    return b.with_star(t, b.stars[t] & ~(1 << i)).with_nova(b.nova & ~(1 << i))


def _move(s: State, b: Board, action: Choose) -> Board:
    g = geometry()
    if action.space in g.life_index:
        i, j = g.life_index[action.space], g.life_index[action.to]
        s.last = j
        return move_life(b, i, j)
    if action.space in g.nebula_index:
        i, j = g.nebula_index[action.space], g.nebula_index[action.to]
        return b.with_tile(j, b.tiles[i]).with_tile(i, NONE)
    i, j = g.star_index[action.space], g.star_index[action.to]
    s.last = j
    return move_star(b, i, j)


def move_life(b: Board, i: int, j: int) -> Board:
    if b.proto >> i & 1:
        return b.with_life(b.proto & ~(1 << i) | 1 << j, b.stable)
    return b.with_life(b.proto, b.stable & ~(1 << i) | 1 << j)


def move_star(b: Board, i: int, j: int) -> Board:
    t = b.star_type(i)
    b = b.with_star(t, b.stars[t] & ~(1 << i) | 1 << j)
    if b.nova >> i & 1:
        b = b.with_nova(b.nova & ~(1 << i) | 1 << j)
    return b


def auto(s: State, need: Need) -> None:
    """Do a need that takes no answer (it is already off the list)."""
    p = s.players[s.active]
    b = p.board
    if need.kind == "time-crystal":
        energy.time_steps(s, need.n)
        return
    if need.kind == "points":
        p.points = p.points.add("power_cards", need.n)
        return
    if need.kind == "gain-nebula":
        size = int(need.what)
        if s.stacks[size - 1]:
            p.held_tiles = (*p.held_tiles, energy.draw_tile(s, size))
        return
    if need.where == "that-life":
        mask = (1 << s.last) & b.proto if s.last != NONE else 0
    elif need.where == "next-to-that-supernova":
        mask = near_stars(b, 1 << s.last) if s.last != NONE else 0
    else:
        kind = STARS.index(Star.O if need.where == "next-to-O-stars" else Star.C)
        mask = near_stars(b, b.standard(kind))
    p.board = stabilize(b, mask)
