"""The craft phase's free actions (seed 001 "CRAFT PHASE"): placing, completing a nebula,
discharging the time chamber, advanced life, power cards, card sets, the three slider
actions and the omega. Each checks its rule and leaves the needs it opens."""

from __future__ import annotations

from collections import Counter
from functools import cache

from pnp.cosmos import energy
from pnp.cosmos.actions import (
    Advance,
    CardSet,
    Complete,
    Discharge,
    GainPower,
    Move,
    Omega,
    PlaceLife,
    PlaceNebula,
    PlaceStar,
    Stabilize,
    Supernova,
    Use,
)
from pnp.cosmos.board import Board
from pnp.cosmos.content import main_board, player_board
from pnp.cosmos.geometry import LIFE, NEBULA, STAR, bits, geometry, hops
from pnp.cosmos.messages import cost_cards
from pnp.cosmos.model import EnergyType, Star
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.needs import STARS, expand, life_spots, move_life, move_star, near_stars, stabilize
from pnp.cosmos.needs import discard_star as _discard_star
from pnp.cosmos.refusals import (
    empty,
    incomplete,
    moved_to,
    no_advance,
    no_life_spot,
    not_a_corner,
    taken,
)
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import (
    DNA,
    GRAVITON,
    NONE,
    OMEGA,
    SUPERNOVA,
    TYPES,
    Need,
    State,
    card_index,
    cards,
)
from pnp.cosmos.terms import ANY, MATCHING, terms
from pnp.errors import shown

SLIDERS = ("supernova", "DNA", "graviton")  # by index: SUPERNOVA, DNA, GRAVITON


def _index(ids: dict[str, int], name: str, rule: str, what: str) -> int:
    if name not in ids:
        raise RuleError(rule, f"{shown(name)} is not a {what} space of the galaxy")
    return ids[name]


def _holding(held: list[str]) -> str:
    return f" (you hold {' '.join(held) if held else 'none'})"


def place_nebula(s: State, a: PlaceNebula) -> None:
    g = geometry()
    p = s.players[s.active]
    held = [nebula_tiles()[t].id for t in p.held_tiles]
    if a.tile not in held:
        raise RuleError("cosmos.place.nebula", f"you hold no nebula tile {a.tile}{_holding(held)}")
    n = _index(g.nebula_index, a.space, "cosmos.place.nebula", "nebula")
    if p.board.tiles[n] != NONE:
        raise RuleError("cosmos.place.nebula", taken(p.board, NEBULA, n))
    k = held.index(a.tile)
    p.board = p.board.with_tile(n, p.held_tiles[k])
    p.held_tiles = p.held_tiles[:k] + p.held_tiles[k + 1 :]


def place_star(s: State, a: PlaceStar) -> None:
    g = geometry()
    p = s.players[s.active]
    t = STARS.index(a.star)
    if not p.held_stars[t]:
        names = [star.value for k, star in enumerate(STARS) for _ in range(p.held_stars[k])]
        raise RuleError("cosmos.place.star", f"you hold no {a.star.value} star{_holding(names)}")
    i = _index(g.star_index, a.space, "cosmos.place.star", "star")
    if p.board.all_stars >> i & 1:
        raise RuleError("cosmos.place.star", taken(p.board, STAR, i))
    held = list(p.held_stars)
    held[t] -= 1
    p.board = p.board.with_star(t, p.board.stars[t] | 1 << i)
    p.held_stars = (held[0], held[1], held[2], held[3])


def place_life(s: State, a: PlaceLife) -> None:
    g = geometry()
    p = s.players[s.active]
    if not p.held_life:
        raise RuleError("cosmos.place.life", "you hold no proto life")
    i = _index(g.life_index, a.space, "cosmos.place.life", "life")
    if not life_spots(p.board, "next-to-life") >> i & 1:
        raise RuleError("cosmos.place.life", no_life_spot(p.board, i, "next-to-life"))
    p.board = p.board.with_life(p.board.proto | 1 << i, p.board.stable)
    p.held_life -= 1


@cache
def required() -> tuple[tuple[int, int, int, int, int], ...]:
    """By tile: the stars of each type (H, He, O, C) it needs, then how many in all."""
    out = []
    for tile in nebula_tiles():
        need = Counter(tile.stars)
        out.append((need["H"], need["He"], need["O"], need["C"], len(tile.stars)))
    return tuple(out)


def can_complete(b: Board, n: int) -> bool:
    t = b.tiles[n]
    if t == NONE or b.done >> n & 1:
        return False
    corners = geometry().nebula_stars[n]
    want = required()[t]
    if (b.all_stars & corners).bit_count() < want[4]:  # a star for each, supernovae too
        return False
    mine = corners & ~b.nova
    short = 0
    for k in range(4):
        if want[k]:
            short += max(0, want[k] - (b.stars[k] & mine).bit_count())
    return short <= (b.nova & corners).bit_count()


def complete(s: State, a: Complete) -> None:
    g = geometry()
    p = s.players[s.active]
    b = p.board
    n = _index(g.nebula_index, a.nebula, "cosmos.complete", "nebula")
    if not can_complete(b, n):
        raise RuleError(
            "cosmos.complete", f"nebula {a.nebula} cannot be completed: {incomplete(b, n)}"
        )
    i = _index(g.star_index, a.discard, "cosmos.complete", "star")
    if not (b.all_stars & g.nebula_stars[n]) >> i & 1:
        raise RuleError("cosmos.complete", not_a_corner(b, n, i))
    tile = b.tile(n)
    assert tile is not None
    p.board = _discard_star(s, b._replace(done=b.done | 1 << n), i)
    p.points = p.points.add("nebulae", tile.points)


def discharge(s: State, a: Discharge) -> None:
    p = s.players[s.active]
    if not p.waiting:
        top = player_board().chamber_top
        raise RuleError(
            "cosmos.discharge",
            f"no time crystal waits on the time chamber's top space {top}: yours is on {p.level}",
        )
    c = card_index(a.power) if a.power else NONE
    if a.power and (c == NONE or c not in p.slots or not cards()[c].cost.discharge_star):
        raise RuleError(
            "cosmos.discharge.power", f"{a.power} is not your card that replaces the star"
        )
    scoring = player_board().chamber_scoring
    k = p.discharges
    if k < len(scoring):
        p.points = p.points.add("time_chamber", scoring[k])
    p.waiting, p.discharges, s.last = p.waiting - 1, k + 1, NONE
    if c == NONE:
        s.needs = (Need("gain-star", s.active, "standard", "anywhere"),)
    else:
        s.needs = expand(c, 0, s.active)


def can_advance(s: State, b: Board, n: int) -> bool:
    around = geometry().nebula_life[n]
    return bool(
        s.life_stack and b.done >> n & 1 and not b.advanced_on(n) and around & b.life == around
    )


def advance(s: State, a: Advance) -> None:
    g = geometry()
    p = s.players[s.active]
    b = p.board
    n = _index(g.nebula_index, a.nebula, "cosmos.advanced", "nebula")
    if not can_advance(s, b, n):
        raise RuleError(
            "cosmos.advanced",
            f"no advanced life can be created on {a.nebula}: {no_advance(s, b, n)}",
        )
    gone = g.nebula_life[n] & b.proto
    p.board = b._replace(proto=b.proto & ~gone, advanced=(*b.advanced, (n, s.life_stack[0])))
    s.life_stack = s.life_stack[1:]
    s.supply_life += gone.bit_count()


def _paid(s: State, kinds: list[int]) -> tuple[int, int, int, int]:
    """The active player's hand once ``kinds`` are paid from it."""
    hand = list(s.players[s.active].hand)
    for t in kinds:
        hand[t] -= 1
    if min(hand) < 0:
        raise RuleError("cosmos.power.pay", "you do not hold the energy cards paid")
    return (hand[0], hand[1], hand[2], hand[3])


def _pay(s: State, kinds: list[int], hand: tuple[int, int, int, int]) -> None:
    s.players[s.active].hand = hand
    s.discard += tuple(kinds)


def gain_power(s: State, a: GainPower) -> None:
    p = s.players[s.active]
    costs = player_board().slot_costs
    if not 0 <= a.slot < len(costs):
        raise RuleError(
            "cosmos.power.slot", f"there is no power slot {a.slot + 1}: slots 1–{len(costs)}"
        )
    if p.slots[a.slot] != NONE:
        held = cards()[p.slots[a.slot]].id
        raise RuleError("cosmos.power.slot", f"power slot {a.slot + 1} is taken: {held} is in it")
    t = TYPES.index(a.suit)
    deck = s.power_decks[t]
    if not deck:
        raise RuleError("cosmos.power.deck", f"the {a.suit.value} power deck is empty")
    cost = costs[a.slot]
    paid = [t] * cost
    _pay(s, paid, _paid(s, paid))
    decks = list(s.power_decks)
    decks[t] = deck[cost:]
    s.power_decks = tuple(decks)
    s.needs = (Need("keep", s.active, n=a.slot, cards=deck[:cost]),)


def _suit_ok(c: int, pay: tuple[EnergyType, ...]) -> bool:
    t = terms()[c]
    if len(pay) != t.cards:
        return False
    if t.suit == ANY:
        return True
    if t.suit == MATCHING:
        return len(set(pay)) <= 1
    return all(kind is TYPES[t.suit] for kind in pay)


def cannot(s: State, c: int) -> str:
    """Why power card ``c``'s effect cannot be used now ("" when it can): its printed
    "you cannot use this effect" conditions, and the life and sliders its cost takes."""
    p = s.players[s.active]
    b = p.board
    t = terms()[c]
    if p.sliders[SUPERNOVA] < t.supernova or p.sliders[GRAVITON] < t.graviton:
        return "its cost takes more slider resources than you have"
    if (t.proto and b.proto.bit_count() < t.proto) or (
        t.stable and b.stable.bit_count() < t.stable
    ):
        return "its cost takes more life than you have"
    if not t.condition:
        return ""
    g = geometry()
    if t.condition == "genetic-drift":
        if not any(hops(i, b.life, g.life_life) for i in bits(b.proto)):
            return "you have no proto life that can move"
    elif t.condition == "ionizing-radiation":
        if not any(near_stars(b, 1 << i) for i in bits(b.nova)):
            return "you have no supernova with proto life next to it"
    elif t.condition == "evolution":
        if not s.life_stack or not any(b.advanced_on(n) == 1 for n in bits(b.done)):
            return "you have no nebula with exactly one advanced life"
    elif t.condition == "speciation":
        if not life_spots(b, "next-to-stable"):
            return "you have no stable life with an empty life space next to it"
    else:  # photosynthesis, water-rich-comets
        kind = STARS.index(Star.O if t.condition == "photosynthesis" else Star.C)
        if not near_stars(b, b.standard(kind)):
            return "you have no proto life next to such a star"
    return ""


def use(s: State, a: Use) -> None:
    p = s.players[s.active]
    c = card_index(a.card)
    if c == NONE or c not in p.slots:
        raise RuleError("cosmos.power.own", f"{a.card} is not in one of your power slots")
    card = cards()[c]
    if card.cost.discharge_star:
        raise RuleError("cosmos.power.cost", f"{a.card} is used instead of a discharge's star")
    if not 0 <= a.option < len(card.effect):
        forms = " or ".join(
            f"use {a.card}/{k + 1}" if k else f"use {a.card}" for k in range(len(card.effect))
        )
        raise RuleError("cosmos.power.option", f"{a.card}'s effect is {forms}")
    if not _suit_ok(c, a.pay):
        raise RuleError("cosmos.power.pay", f"{a.card} costs {cost_cards(card)}")
    why = cannot(s, c)
    if why:
        raise RuleError("cosmos.power.cannot", f"{a.card} cannot be used: {why}")
    paid = [TYPES.index(t) for t in a.pay]
    _pay(s, paid, _paid(s, paid))
    p.sliders = (
        p.sliders[0] - card.cost.supernova,
        p.sliders[1],
        p.sliders[2] - card.cost.graviton,
    )
    s.needs, s.last = expand(c, a.option, s.active), NONE


def card_set(s: State, a: CardSet) -> None:
    board = main_board()
    t = TYPES.index(a.suit)
    if s.player().hand[t] < board.set_size:
        raise RuleError("cosmos.set", f"you hold fewer than {board.set_size} {a.suit.value} cards")
    paid = [t] * board.set_size
    _pay(s, paid, _paid(s, paid))
    p = s.players[s.active]
    p.points = p.points.add("card_sets", board.set_points)


def _slider(s: State, k: int, rule: str, b: Board) -> None:
    """One step of slider ``k`` spent on the action that leaves board ``b``."""
    p = s.players[s.active]
    if not p.sliders[k]:
        raise RuleError(rule, f"your {SLIDERS[k]} slider is at 0")
    sliders = list(p.sliders)
    sliders[k] -= 1
    p.sliders, p.board = (sliders[0], sliders[1], sliders[2]), b


def supernova(s: State, a: Supernova) -> None:
    rule = "cosmos.slider.supernova"
    i = _index(geometry().star_index, a.space, rule, "star")
    b = s.players[s.active].board
    if not (b.all_stars & ~b.nova) >> i & 1:
        why = f"the star on {a.space} is a supernova already" if b.nova >> i & 1 else ""
        raise RuleError(rule, why or f"{empty(STAR, i)}: no star of yours to flip")
    _slider(s, SUPERNOVA, rule, b.with_nova(b.nova | 1 << i))


def stabilize_one(s: State, a: Stabilize) -> None:
    rule = "cosmos.slider.dna"
    i = _index(geometry().life_index, a.space, rule, "life")
    b = s.players[s.active].board
    if not b.proto >> i & 1:
        why = f"your life on {a.space} is stable already" if b.stable >> i & 1 else ""
        raise RuleError(rule, why or f"{empty(LIFE, i)}: no proto life of yours to stabilize")
    _slider(s, DNA, rule, stabilize(b, 1 << i))


def move(s: State, a: Move) -> None:
    rule = "cosmos.slider.graviton"
    g = geometry()
    b = s.players[s.active].board
    if a.source in g.star_index:
        i, j = g.star_index[a.source], g.star_index.get(a.to, NONE)
        if not (b.all_stars & ~b.nova) >> i & 1:
            nova = f"the star on {a.source} is a supernova: supernovae never move"
            raise RuleError(rule, nova if b.nova >> i & 1 else f"{empty(STAR, i)}: no star to move")
        if j == NONE or not hops(i, b.all_stars, g.star_stars) >> j & 1:
            raise RuleError(rule, moved_to(b, STAR, i, a.to, b.all_stars, True))
        _slider(s, GRAVITON, rule, move_star(b, i, j))
        return
    i = _index(g.life_index, a.source, rule, "star or life")
    j = g.life_index.get(a.to, NONE)
    if not b.life >> i & 1:
        raise RuleError(rule, f"{empty(LIFE, i)}: no life to move")
    if j == NONE or not hops(i, b.life, g.life_life) >> j & 1:
        raise RuleError(rule, moved_to(b, LIFE, i, a.to, b.life, True))
    _slider(s, GRAVITON, rule, move_life(b, i, j))


def omega(s: State, a: Omega) -> None:
    if a.size == 0:
        need = Need("stabilize", s.active, where="chosen")
    elif a.size not in (1, 2, 3) or not s.stacks[a.size - 1]:
        raise RuleError("cosmos.omega", f"no size-{a.size} nebula is left")
    else:
        need = Need("place-nebula", s.active, cards=(energy.draw_tile(s, a.size),))
    s.phase, s.last, s.needs = OMEGA, NONE, (need,)
