"""Bots that play Crafting the Cosmos through the same engine the checker replays. A bot
maps a state to the decision due (``to_move``'s), drawing its chances from a seeded
``random.Random``.

- ``random``: a random legal decision (``pnp.cosmos.sample``: the kind of decision, then
  one of its answers, each equally likely).
- ``greedy``: rules of thumb weighed by a one-step evaluation. It shifts energy to the
  controls whose rewards are worth most, collects the card of its commonest suit and the
  smallest nebula left, places nebulae where its stars already fit them, stars on the corners
  that still need their element, life around completed nebulae; completes, discharges
  and creates advanced life whenever it can; gains power cards and activates one when
  its effect, played out greedily, raises the evaluation (points, nebulae nearly done,
  life around completed nebulae, crystals waiting, cards)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from pnp.cosmos import craft, energy
from pnp.cosmos.actions import (
    DECK,
    Action,
    Advance,
    CardSet,
    Choose,
    Complete,
    Discard,
    Discharge,
    GainPower,
    Keep,
    Omega,
    PlaceLife,
    PlaceNebula,
    PlaceStar,
    Shift,
    Stabilize,
    Stop,
    Supernova,
    TakeCard,
    TakeNebula,
    Use,
)
from pnp.cosmos.board import Board
from pnp.cosmos.content import main_board, player_board
from pnp.cosmos.game import play, to_move
from pnp.cosmos.geometry import bits, geometry
from pnp.cosmos.model import Resource
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.needs import STARS, life_spots, sector_stars, targets
from pnp.cosmos.sample import empty_nebulae, random_action, usable
from pnp.cosmos.state import DNA, NONE, SUPERNOVA, TYPES, Need, Phase, State, cards
from pnp.cosmos.terms import payments

Bot = Callable[[State, random.Random], Action]

OPEN_NEBULAE = 3  # the omega takes a nebula while fewer incomplete ones are placed
SIZES = (1, 2, 3)  # the nebula sizes it takes, first choice first: measured best
SAMPLE = 24  # at most this many answers of an effect step weighed
# What one of each reward is worth to the greedy bot when it shifts energy.
WORTH = {
    Resource.H: 1.0,
    Resource.HE: 1.0,
    Resource.O: 1.2,
    Resource.C: 1.2,
    Resource.SUPERNOVA: 1.2,
    Resource.DNA: 0.8,
    Resource.GRAVITON: 0.2,
    Resource.TIME_CRYSTAL: 1.3,
    Resource.PROTO_LIFE: 0.9,
    Resource.ENERGY_CARD: 1.3,
    Resource.NEBULA: 3.0,
}


random_bot: Bot = random_action  # a random legal decision for whoever is due


@cache
def _star_nebulae() -> tuple[tuple[int, ...], ...]:
    """By star space: the nebula spaces it is a corner of."""
    g = geometry()
    return tuple(
        tuple(n for n, m in enumerate(g.nebula_stars) if m >> i & 1) for i in range(len(g.star_ids))
    )


@cache
def _life_nebulae() -> tuple[tuple[int, ...], ...]:
    g = geometry()
    return tuple(
        tuple(n for n, m in enumerate(g.nebula_life) if m >> i & 1) for i in range(len(g.life_ids))
    )


def _missing(b: Board, n: int) -> tuple[tuple[int, ...], int]:
    """An incomplete nebula's stars still wanted by type, and the total short once its
    supernovae stand in."""
    return _missing_on(b.stars, b.nova, b.tiles[n], geometry().nebula_stars[n])


@lru_cache(maxsize=1 << 16)  # the rollouts of the search bot ask the same again and again
def _missing_on(
    stars: tuple[int, int, int, int], nova: int, tile: int, corners: int
) -> tuple[tuple[int, ...], int]:
    want = craft.required()[tile]
    rest = tuple(max(0, want[t] - (stars[t] & ~nova & corners).bit_count()) for t in range(4))
    return rest, max(0, sum(rest) - (nova & corners).bit_count())


def value(s: State, me: int) -> float:
    """The greedy bot's evaluation of seat ``me``'s position."""
    g = geometry()
    p = s.players[me]
    b = p.board
    worth = float(sum(p.points)) + sum(v for _, v in b.advanced)
    for n, t in enumerate(b.tiles):
        if t == NONE:
            continue
        tile = nebula_tiles()[t]
        if b.done >> n & 1:
            if not b.advanced_on(n) and s.life_stack:
                worth += 0.8 * (g.nebula_life[n] & b.life).bit_count()
            continue
        _, short = _missing(b, n)
        room = 6 - (b.all_stars & g.nebula_stars[n]).bit_count()
        if short <= room:
            worth += 0.6 * tile.points * (1 - short / (2 * tile.size))
    scoring = player_board().chamber_scoring
    k = p.discharges
    worth += sum(scoring[k + w] if k + w < len(scoring) else 0 for w in range(p.waiting))
    worth += 0.4 * p.level + 0.5 * p.cards + 0.3 * sum(p.sliders)
    worth += 0.4 * b.stable.bit_count() + 0.2 * b.proto.bit_count() + 0.2 * b.nova.bit_count()
    worth += 0.1 * b.all_stars.bit_count() + 2.5 * sum(1 for c in p.slots if c != NONE)
    return worth


def _best(me: int, choices: Sequence[Action], s: State) -> Action:
    """The choice whose result (with any effect it opens played out) is valued most; the
    first of equals."""
    best, found = -1e9, choices[0]
    for action in choices:
        worth = value(answer_steps(after_action(s, action), me), me)
        if worth > best:
            best, found = worth, action
    return found


def after_action(s: State, action: Action) -> State:
    """A copy of ``s`` with ``action`` played."""
    t = s.copy()
    play(t, action)
    return t


def answer_steps(s: State, me: int) -> State:
    """``s`` (changed in place) once the effect steps due are answered greedily (cheaply)."""
    while s.needs and to_move(s) == me and s.needs[0].kind not in _OWN:
        play(s, _cheap_answer(s))
    return s


_OWN = ("card", "nebula", "keep", "hand-limit", "place-nebula")  # answered by rule


def _cheap_answer(s: State) -> Action:
    need = s.needs[0]
    if need.kind == "gain-star":
        return _gain_star(s, need)
    found = targets(s, need)
    return found[0]


def greedy_bot(s: State, rng: random.Random) -> Action:
    """The decision that looks best, for whoever is due."""
    if s.needs:
        return _answer(s, s.needs[0], rng)
    if s.phase is Phase.SHIFT:
        return _shift(s)
    return _craft(s, rng)


def _answer(s: State, need: Need, rng: random.Random) -> Action:
    p = s.player(need.player)
    k = need.kind
    if k == "card":
        return _card(s, need.player)
    if k == "nebula":
        size = next(size for size in SIZES if s.stacks[size - 1])
        return TakeNebula(size)
    if k == "keep":
        best = min(
            need.cards, key=lambda c: (not cards()[c].cost.discharge_star, cards()[c].cost.cards)
        )
        return Keep(cards()[best].id, tuple(cards()[c].id for c in need.cards if c != best))
    if k == "hand-limit":
        hand = list(p.hand)
        out = []
        for _ in range(need.n):  # from the suits held least: the most are kept for sets
            t = min((t for t in range(4) if hand[t]), key=lambda t: hand[t])
            hand[t] -= 1
            out.append(TYPES[t])
        return Discard(need.player, tuple(out))
    if k == "place-nebula":
        n = _nebula_spot(p.board, need.cards[0])
        return Choose(geometry().nebula_ids[n])
    if k == "gain-star":
        return _gain_star(s, need)
    found: list[Action] = [a for a in targets(s, need) if not isinstance(a, Stop)]
    if len(found) > SAMPLE:
        found = rng.sample(found, SAMPLE)
    if need.optional:
        found.append(Stop())
    return _best(need.player, found, s)


def _card(s: State, me: int) -> TakeCard:
    hand = s.player(me).hand
    shown = [slot for slot, c in enumerate(s.display) if c != NONE]
    if not shown:
        return TakeCard(DECK)
    return TakeCard(max(shown, key=lambda slot: hand[s.display[slot]]))


def _star_spot(b: Board, t: int, spots: int) -> tuple[float, int]:
    """The best empty star space of ``spots`` for a star of type ``t``, and its score:
    a corner of the nebulae nearest completion that still want the element first."""
    g = geometry()
    best, found = -1.0, NONE
    for i in bits(spots):
        score = 0.1 * (g.star_stars[i] & b.all_stars).bit_count()
        for n in _star_nebulae()[i]:
            if b.tiles[n] == NONE:
                score += 0.3
            elif not b.done >> n & 1:
                rest, short = _missing(b, n)
                if rest[t] and short:
                    score += 2 + nebula_tiles()[b.tiles[n]].points / short
        if score > best:
            best, found = score, i
    return best, found


def _gain_star(s: State, need: Need) -> Choose:
    g = geometry()
    b = s.player(need.player).board
    spots = sector_stars(need.where) & ~b.all_stars
    kinds = range(4) if need.what == "standard" else ([st.value for st in STARS].index(need.what),)
    best = max((_star_spot(b, t, spots), -t) for t in kinds if s.supply_stars[t])
    (_, i), t = best[0], -best[1]
    return Choose(g.star_ids[i], STARS[t])


def _nebula_spot(b: Board, tile: int) -> int:
    """The empty nebula space whose corners fit ``tile`` best: its stars already there,
    corners shared with nebulae placed (a star serves both), room for the rest."""
    g = geometry()
    want = craft.required()[tile]
    need = len(nebula_tiles()[tile].stars)
    best, found = -99.0, NONE
    for n in empty_nebulae(b):
        corners = g.nebula_stars[n]
        fit = sum(min(want[t], (b.standard(t) & corners).bit_count()) for t in range(4))
        fit += (b.nova & corners).bit_count()
        free = 6 - (b.all_stars & corners).bit_count()
        shared = sum(1 for i in bits(corners) for m in _star_nebulae()[i] if b.tiles[m] != NONE)
        score = 3 * fit + 0.5 * shared + (0.2 * free if free + fit >= need else -20)
        if score > best:
            best, found = score, n
    return found


def _life_spot(b: Board, spots: int) -> int:
    best, found = -1.0, NONE
    for i in bits(spots):
        score = 0.0
        for n in _life_nebulae()[i]:
            if b.tiles[n] == NONE:
                score += 0.1
            elif b.done >> n & 1 and not b.advanced_on(n):
                score += 5
            else:
                score += 1
        if score > best:
            best, found = score, i
    return found


def _shift(s: State) -> Action:
    """The first move of the best way to shift energy (at most 3 moves), or collecting."""
    best, found = -1.0, None
    seen: set[tuple[tuple[int, ...], tuple[int, int, int, int], int]] = set()

    def walk(t: State, first: Action | None) -> None:
        nonlocal best, found
        key = (t.tokens, t.dark, t.moves)
        if key in seen:
            return
        seen.add(key)
        for action in energy.shift_actions(t):
            if isinstance(action, Shift):
                after = t.copy()
                energy.shift(after, action)
                walk(after, first or action)
            else:
                worth = reward_worth(t)
                if worth > best:
                    best, found = worth, first or action

    walk(s, None)
    assert found is not None
    return found


def reward_worth(s: State) -> float:
    board = main_board()
    own = s.tokens[s.active]
    worth = sum(WORTH[r.gain] * r.n for r in board.controls[own].active)
    for k in range(4):
        c = (own + k) % 4
        times = s.tokens_at(c) + energy.power_tokens(s, s.active, c)
        passive = board.controls[c].passive
        worth += WORTH[passive.gain] * passive.n * times
    return worth


def _craft(s: State, rng: random.Random) -> Action:
    g = geometry()
    me = s.active
    p = s.player()
    b = p.board
    placed = [n for n, t in enumerate(b.tiles) if t != NONE]
    done = [
        Complete(g.nebula_ids[n], g.star_ids[i])
        for n in placed
        if craft.can_complete(b, n)
        for i in bits(b.all_stars & g.nebula_stars[n])
    ]
    if done:
        return _best(me, done, s)
    for n in placed:
        if craft.can_advance(s, b, n):
            return Advance(g.nebula_ids[n])
    if p.waiting:
        return Discharge()
    if p.held_tiles and empty_nebulae(b):
        tile = max(p.held_tiles, key=lambda t: nebula_tiles()[t].size)
        return PlaceNebula(nebula_tiles()[tile].id, g.nebula_ids[_nebula_spot(b, tile)])
    empty = g.all_stars & ~b.all_stars
    if any(p.held_stars) and empty:
        (_, i), t = max((_star_spot(b, t, empty), -t) for t in range(4) if p.held_stars[t])
        return PlaceStar(STARS[-t], g.star_ids[i])
    if p.held_life and (spots := life_spots(b, "next-to-life")):
        return PlaceLife(g.life_ids[_life_spot(b, spots)])
    if p.sliders[DNA] and b.proto:
        return _best(me, [Stabilize(g.life_ids[i]) for i in bits(b.proto)], s)
    if p.sliders[SUPERNOVA] and (standard := b.all_stars & ~b.nova):
        flips: list[Action] = [Supernova(g.star_ids[i]) for i in bits(standard)]
        return _best(me, flips, s)
    costs = player_board().slot_costs
    for slot, c in enumerate(p.slots):
        if c == NONE:
            suits = [t for t in range(4) if p.hand[t] >= costs[slot] and s.power_decks[t]]
            if suits:
                return GainPower(slot, TYPES[max(suits, key=lambda t: p.hand[t])])
    sets = [t for t in range(4) if p.hand[t] >= main_board().set_size]
    if sets:
        return CardSet(TYPES[sets[0]])
    now = value(s, me)
    uses: list[Action] = []
    for c in p.slots:
        if c != NONE and usable(s, c):
            card = cards()[c]
            pay = max(payments(p.hand, c), key=lambda pay: sum(p.hand[TYPES.index(t)] for t in pay))
            uses += [Use(card.id, pay, k) for k in range(len(card.effect))]
    if uses:
        use = _best(me, uses, s)
        if value(answer_steps(after_action(s, use), me), me) > now + 0.5:
            return use
    return _omega(s)


def _omega(s: State) -> Action:
    """A nebula while few of yours wait for stars (the smallest left), else a proto life
    stabilized."""
    b = s.player().board
    waiting = sum(1 for n, t in enumerate(b.tiles) if t != NONE and not b.done >> n & 1)
    if empty_nebulae(b) and (waiting < OPEN_NEBULAE or not b.proto):
        for size in SIZES:
            if s.stacks[size - 1]:
                return Omega(size)
    return Omega(0)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
