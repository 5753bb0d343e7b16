"""The decisions an action leaves due (``State.needs``): collecting choices, the steps of
a power card's effect (seed 001 "POWER CARD REFERENCE", structured in power.toml), the
kept power card, the omega's nebula, hand-limit discards. ``targets`` lists the answers
a need takes; ``resolve`` applies one; ``auto`` does a need that takes no answer."""

from __future__ import annotations

from itertools import combinations_with_replacement

from pnp.cosmos import energy
from pnp.cosmos.actions import DECK, Action, Choose, Discard, Keep, Stop, TakeCard, TakeNebula
from pnp.cosmos.board import Board
from pnp.cosmos.content import main_board
from pnp.cosmos.geometry import bits, geometry, hops, spread
from pnp.cosmos.model import EnergyType, PowerCard, Sector, Star, Suit, Verb
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import NONE, TYPES, Need, State, card_index, cards

STARS = tuple(Star)
AUTO_STABILIZE = ("that-life", "next-to-that-supernova", "next-to-O-stars", "next-to-C-stars")
AUTO = ("time-crystal", "points", "gain-nebula")
ANSWERS: dict[str, type] = {
    "card": TakeCard,
    "nebula": TakeNebula,
    "keep": Keep,
    "hand-limit": Discard,
}


def is_auto(need: Need) -> bool:
    return need.kind in AUTO or (need.kind == "stabilize" and need.where in AUTO_STABILIZE)


def expand(card: PowerCard, option: int, player: int) -> tuple[Need, ...]:
    """The needs of a power card's cost in life and of its effect's steps, in order."""
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
        return spread(b.stable, g.life_life) & empty
    if not b.life:
        return (1 << g.start_life) & empty
    return spread(b.life, g.life_life) & empty


def near_stars(b: Board, stars: int) -> int:
    """The proto life next to any of ``stars``."""
    return spread(stars, geometry().star_life) & b.proto


def _moves(s: State, b: Board, need: Need) -> list[Action]:
    g = geometry()
    out: list[Action] = []
    if need.what in ("proto", "stable"):
        sources = b.proto if need.what == "proto" else b.stable
        for i in bits(sources):
            if need.where == "movement":
                dest = hops(i, b.life, g.life_life)
            else:
                dest = g.all_life & ~b.life
            out += [Choose(g.life_ids[i], to=g.life_ids[j]) for j in bits(dest)]
        return out
    if need.what == "that-star":
        if s.last == NONE:
            return []
        dest = hops(s.last, b.all_stars, g.star_stars)
        return [Choose(g.star_ids[s.last], to=g.star_ids[j]) for j in bits(dest)]
    empty = g.all_stars & ~b.all_stars
    for i in bits(b.all_stars):
        out += [Choose(g.star_ids[i], to=g.star_ids[j]) for j in bits(empty)]
    free = [n for n, t in enumerate(b.tiles) if t == NONE]
    for n, t in enumerate(b.tiles):
        if t != NONE and not b.done >> n & 1:
            out += [Choose(g.nebula_ids[n], to=g.nebula_ids[j]) for j in free]
    return out


def targets(s: State, need: Need) -> list[Action]:
    """The answers ``need`` takes now; none means it cannot be done (it is lost)."""
    g = geometry()
    p = s.player(need.player)
    b = p.board
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
    if k == "place-nebula":
        return [Choose(g.nebula_ids[n]) for n, t in enumerate(b.tiles) if t == NONE]
    if k == "gain-star":
        kinds = range(4) if need.what == "standard" else (STARS.index(Star(need.what)),)
        spots = sector_stars(need.where) & ~b.all_stars
        out = [
            Choose(g.star_ids[i], STARS[t]) for t in kinds if s.supply_stars[t] for i in bits(spots)
        ]
    elif k == "gain-life":
        spots = life_spots(b, need.where) if s.supply_life else 0
        out = [Choose(g.life_ids[i]) for i in bits(spots)]
    elif k == "supernova":
        out = [Choose(g.star_ids[i]) for i in bits(b.all_stars & ~b.nova)]
    elif k == "unsupernova":
        out = [Choose(g.star_ids[i]) for i in bits(b.nova)]
    elif k == "discard-star":
        out = [Choose(g.star_ids[i]) for i in bits(b.all_stars)]
    elif k == "move":
        out = _moves(s, b, need)
    elif k == "stabilize" and need.where == "chosen":
        out = [Choose(g.life_ids[i]) for i in bits(b.proto)]
    elif k == "stabilize":  # next-to-one-supernova
        out = [Choose(g.star_ids[i]) for i in bits(b.nova) if near_stars(b, 1 << i)]
    elif k == "advanced-life":
        ones = [n for n in bits(b.done) if b.advanced_on(n) == 1] if s.life_stack else []
        out = [Choose(g.nebula_ids[n]) for n in ones]
    elif k == "upgrade-nebula":
        small = [
            n
            for n, t in enumerate(b.tiles)
            if t != NONE and nebula_tiles()[t].size == 1 and not b.done >> n & 1
        ]
        out = [Choose(g.nebula_ids[n]) for n in small] if s.stacks[1] else []
    else:  # pay-proto, pay-stable
        out = [Choose(g.life_ids[i]) for i in bits(b.proto if k == "pay-proto" else b.stable)]
    return [*out, Stop()] if out and need.optional else out


def resolve(s: State, action: Action) -> State:
    """Answer the first need with ``action``."""
    need = s.needs[0]
    if isinstance(action, Stop):
        if not need.optional:
            raise RuleError("cosmos.step.stop", f"{need.kind} is not an 'up to' step")
        rest = s.needs[1:]
        while rest and rest[0] == need:
            rest = rest[1:]
        return s._replace(needs=rest)
    wanted = ANSWERS.get(need.kind, Choose)
    if not isinstance(action, wanted):
        raise RuleError(
            "cosmos.turn.decision", f"{need.kind} is due: {wanted.__name__}, not {action}"
        )
    if isinstance(action, Keep):
        return _keep(s, need, action)
    if isinstance(action, Discard):
        return _discard(s, need, action)
    if isinstance(action, TakeCard):
        return energy.take_card(s._replace(needs=s.needs[1:]), action)
    if isinstance(action, TakeNebula):
        return energy.take_nebula(s._replace(needs=s.needs[1:]), action)
    if action not in targets(s, need):
        raise RuleError("cosmos.step.target", f"{action} does not answer {need.kind}")
    s = s._replace(needs=s.needs[1:])
    assert isinstance(action, Choose)
    return _choose(s, need, action)


def _keep(s: State, need: Need, action: Keep) -> State:
    c = card_index(action.card)
    rest = [card_index(o) for o in action.bottom]
    if c not in need.cards or sorted([c, *rest]) != sorted(need.cards):
        raise RuleError("cosmos.power.keep", "keep one card drawn and put all the others under")
    p = s.player()
    slot = need.n
    slots = (*p.slots[:slot], c, *p.slots[slot + 1 :])
    t = TYPES.index(cards()[c].type)
    decks = (*s.power_decks[:t], s.power_decks[t] + tuple(rest), *s.power_decks[t + 1 :])
    s = s.with_player(p._replace(slots=(slots[0], slots[1], slots[2], slots[3])))
    return s._replace(power_decks=decks, needs=s.needs[1:])


def _discard(s: State, need: Need, action: Discard) -> State:
    p = s.player(need.player)
    over = p.cards - main_board().hand_limit
    hand = list(p.hand)
    for t in action.cards:
        hand[TYPES.index(t)] -= 1
    if action.player != need.player or len(action.cards) != over or min(hand) < 0:
        raise RuleError(
            "cosmos.hand-limit", f"{s.names[need.player]} discards {over} cards they hold"
        )
    p = p._replace(hand=(hand[0], hand[1], hand[2], hand[3]))
    pile = s.discard + tuple(TYPES.index(t) for t in action.cards)
    return s.with_player(p, need.player)._replace(discard=pile, needs=s.needs[1:])


def _choose(s: State, need: Need, action: Choose) -> State:
    g = geometry()
    p = s.player()
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
        s = s._replace(supply_stars=(supply[0], supply[1], supply[2], supply[3]), last=i)
    elif k == "gain-life":
        i = life[action.space]
        b = (
            b._replace(stable=b.stable | 1 << i)
            if need.what == "stable"
            else b._replace(proto=b.proto | 1 << i)
        )
        s = s._replace(supply_life=s.supply_life - 1, last=i)
    elif k in ("supernova", "unsupernova"):
        i = star[action.space]
        b = b._replace(nova=b.nova ^ 1 << i)
        s = s._replace(last=i)
    elif k == "discard-star":
        s, b = discard_star(s, b, star[action.space])
    elif k == "move":
        s, b = _move(s, b, action)
    elif k == "stabilize" and need.where == "chosen":
        i = life[action.space]
        b = b._replace(proto=b.proto & ~(1 << i), stable=b.stable | 1 << i)
    elif k == "stabilize":
        b = stabilize(b, near_stars(b, 1 << star[action.space]))
    elif k == "advanced-life":
        b = b._replace(advanced=(*b.advanced, (neb[action.space], s.life_stack[0])))
        s = s._replace(life_stack=s.life_stack[1:])
    elif k == "upgrade-nebula":
        n = neb[action.space]
        s, tile = energy.draw_tile(s, 2)
        old = b.tiles[n]
        s = s._replace(stacks=(s.stacks[0] + (old,), *s.stacks[1:]))
        b = b.with_tile(n, tile)
    else:  # pay-proto, pay-stable
        bit = 1 << life[action.space]
        b = b._replace(proto=b.proto & ~bit, stable=b.stable & ~bit)
        s = s._replace(supply_life=s.supply_life + 1)
    return s.with_player(s.player()._replace(board=b))


def stabilize(b: Board, mask: int) -> Board:
    return b._replace(proto=b.proto & ~mask, stable=b.stable | mask)


def discard_star(s: State, b: Board, i: int) -> tuple[State, Board]:
    """The star on star space ``i`` back to the supply (a supernova as its type)."""
    t = b.star_type(i)
    supply = list(s.supply_stars)
    supply[t] += 1
    b = b.with_star(t, b.stars[t] & ~(1 << i))._replace(nova=b.nova & ~(1 << i))
    return s._replace(supply_stars=(supply[0], supply[1], supply[2], supply[3])), b


def _move(s: State, b: Board, action: Choose) -> tuple[State, Board]:
    g = geometry()
    if action.space in g.life_index:
        i, j = g.life_index[action.space], g.life_index[action.to]
        b = move_life(b, i, j)
        return s._replace(last=j), b
    if action.space in g.nebula_index:
        i, j = g.nebula_index[action.space], g.nebula_index[action.to]
        return s, b.with_tile(j, b.tiles[i]).with_tile(i, NONE)
    i, j = g.star_index[action.space], g.star_index[action.to]
    return s._replace(last=j), move_star(b, i, j)


def move_life(b: Board, i: int, j: int) -> Board:
    if b.proto >> i & 1:
        return b._replace(proto=b.proto & ~(1 << i) | 1 << j)
    return b._replace(stable=b.stable & ~(1 << i) | 1 << j)


def move_star(b: Board, i: int, j: int) -> Board:
    t = b.star_type(i)
    b = b.with_star(t, b.stars[t] & ~(1 << i) | 1 << j)
    if b.nova >> i & 1:
        b = b._replace(nova=b.nova & ~(1 << i) | 1 << j)
    return b


def auto(s: State, need: Need) -> State:
    """Do a need that takes no answer (it is already off the list)."""
    p = s.player()
    b = p.board
    if need.kind == "time-crystal":
        return energy.time_steps(s, need.n)
    if need.kind == "points":
        return s.with_player(p._replace(points=p.points.add("power_cards", need.n)))
    if need.kind == "gain-nebula":
        size = int(need.what)
        if not s.stacks[size - 1]:
            return s
        s, tile = energy.draw_tile(s, size)
        return s.with_player(p._replace(held_tiles=(*p.held_tiles, tile)))
    if need.where == "that-life":
        mask = (1 << s.last) & b.proto if s.last != NONE else 0
    elif need.where == "next-to-that-supernova":
        mask = near_stars(b, 1 << s.last) if s.last != NONE else 0
    else:
        kind = STARS.index(Star.O if need.where == "next-to-O-stars" else Star.C)
        mask = near_stars(b, b.standard(kind))
    return s.with_player(p._replace(board=stabilize(b, mask)))


def payments(hand: tuple[int, ...], card: PowerCard) -> list[tuple[EnergyType, ...]]:
    n, suit = card.cost.cards, card.cost.suit
    if suit is Suit.MATCHING:
        return [(kind,) * n for t, kind in enumerate(TYPES) if hand[t] >= n]
    if suit is not Suit.ANY:
        kind = EnergyType(suit.value)
        return [(kind,) * n] if hand[TYPES.index(kind)] >= n else []
    return [
        tuple(TYPES[t] for t in combo)
        for combo in combinations_with_replacement(range(4), n)
        if all(combo.count(t) <= hand[t] for t in range(4))
    ]
