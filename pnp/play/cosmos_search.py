"""Crafting the Cosmos' search bot: the game-free Monte Carlo search of
``pnp.play.search`` given the ``Rules`` of this game.

A move is a short plan of actions: a shift is searched as a whole (a placement of the
energy tokens it can reach, then collecting: the richest by greedy's worth of the
rewards on each control the player's token can end on, so the supernova of Gravity's
active reward is weighed too, then the richest others), any other decision as one
action. The
candidates are pruned by the greedy bot's own evaluation, but the kinds of action greedy
seldom or never takes stay in: every power card's activation, a supernova, advanced
life, a Time card's discharge, a power card gained, a size-2 or size-3 nebula, each card
kept. Effect steps, discards, where a nebula goes and where a gained star goes are the
greedy bot's answers (one candidate: no playouts).

A playout deals what the seat cannot see afresh from the search's random numbers (the
energy deck, each power deck, each nebula stack, the advanced life left in each group,
the goals not yet turned up, the seed of later reshuffles), plays the plan and then the
game to its end with the greedy bot in every seat, and values the end for the seat: a
win 1, a shared win 0.5, a loss 0, and a tenth of it for the points margin. Energy cards
in hand are counted as open (the bot reads how many of each an opponent holds)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.cosmos import energy
from pnp.cosmos.actions import (
    Action,
    Advance,
    CardSet,
    Collect,
    Complete,
    Discharge,
    GainPower,
    Omega,
    PlaceNebula,
    PlaceStar,
    Shift,
    Supernova,
    TakeCard,
    Use,
)
from pnp.cosmos.bots import after_action, answer_steps, greedy_bot, reward_worth, value
from pnp.cosmos.chance import below, shuffle
from pnp.cosmos.content import advanced_life, goals
from pnp.cosmos.flow import final
from pnp.cosmos.game import legal, play, to_move
from pnp.cosmos.state import OVER, SHIFT, State
from pnp.play.search import search

Plan = tuple[Action, ...]

CRAFT_MOVES = 6  # craft actions kept by greedy's evaluation, besides the kinds kept always
SHIFT_PLANS = 4  # shifts kept at least, by the rewards collected
SAMPLE = 24  # at most this many actions of one kind weighed
MARGIN = 0.1  # the share of a playout's value the points margin gives
SPREAD = 40.0  # a margin of this many points is worth all of that share
MAX_DECISIONS = 20_000  # a playout that goes on longer is a bug
ALWAYS = (Use, Supernova, Advance, GainPower, Omega)  # kept whatever greedy thinks


def unseen(s: State, rng: random.Random) -> State:
    """A copy of ``s`` with every order no player has seen drawn afresh from ``rng``."""
    t = s.copy()
    t.seed = rng.getrandbits(63)
    t.deck = _shuffled(rng, t.deck)
    t.power_decks = tuple(_shuffled(rng, deck) for deck in t.power_decks)
    t.stacks = tuple(_shuffled(rng, stack) for stack in t.stacks)
    life = advanced_life()
    first = len(life.group1) and life.per_player * len(t.players)
    drawn = first + len(life.group2) - len(t.life_stack)
    top = max(0, first - drawn)
    t.life_stack = _shuffled(rng, t.life_stack[:top]) + _shuffled(rng, t.life_stack[top:])
    seen = set(t.track) | {r.goal for r in t.scored}
    hidden = [i for i, g in enumerate(goals()) if i not in seen and g.id not in seen]
    t.goal_deck = tuple(_drawn(rng, hidden, len(t.goal_deck)))
    return t


def _shuffled(rng: random.Random, items: tuple[int, ...]) -> tuple[int, ...]:
    out = list(items)
    shuffle(rng, out)
    return tuple(out)


def _drawn(rng: random.Random, items: list[int], n: int) -> list[int]:
    """``n`` of ``items`` drawn at random, in the order drawn."""
    pool = list(items)
    return [pool.pop(below(rng, len(pool))) for _ in range(n)]


def worth(s: State, seat: int) -> float:
    """A finished game's value for ``seat``, in [0, 1]."""
    scores, won, _ = final(s)
    result = (1.0 if len(won) == 1 else 0.5) if seat in won else 0.0
    mine = scores[seat].total
    margin = mine - max(f.total for i, f in enumerate(scores) if i != seat)
    share = 0.5 + max(-0.5, min(0.5, margin / SPREAD))
    return (1 - MARGIN) * result + MARGIN * share


class CosmosRules:
    """The ``Rules`` of ``pnp.play.search`` for Crafting the Cosmos; ``rng`` the search's
    own, for the greedy bot's choice among the candidates."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def moves(self, state: State, seat: int) -> Sequence[Plan]:
        if state.needs:
            return [(a,) for a in _answers(state, self.rng)]
        if state.phase is SHIFT:
            return _shifts(state)
        return [(a,) for a in _crafts(state, self.rng)]

    def playout(self, state: State, seat: int, move: Plan, rng: random.Random) -> float:
        s = unseen(state, rng)
        for action in move:
            play(s, action)
        for _ in range(MAX_DECISIONS):
            if s.phase is OVER:
                return worth(s, seat)
            play(s, greedy_bot(s, rng))
        raise RuntimeError("a playout did not end")


def _answers(s: State, rng: random.Random) -> list[Action]:
    """An effect step's answers searched: which card or nebula is collected, which power
    card kept; the greedy bot's answer to any other."""
    kind = s.needs[0].kind
    if kind == "card":
        found: dict[int, Action] = {}
        for a in legal(s):
            assert isinstance(a, TakeCard)
            found.setdefault(s.display[a.slot] if a.slot < len(s.display) else -2, a)
        return list(found.values())
    if kind in ("nebula", "keep"):
        return legal(s)
    return [greedy_bot(s, rng)]


def _shifts(s: State) -> list[Plan]:
    """The shifts that end in different placements of the tokens: the richest ending on
    each control (whose active reward the player collects), then the richest others."""
    ends: dict[tuple[tuple[int, ...], tuple[int, int, int, int]], tuple[float, int, Plan]] = {}

    def walk(t: State, plan: Plan) -> None:
        for action in energy.shift_actions(t):
            if isinstance(action, Shift):
                after = t.copy()
                energy.shift(after, action)
                walk(after, (*plan, action))
            elif (t.tokens, t.dark) not in ends:
                end = (reward_worth(t), t.tokens[t.active], (*plan, Collect()))
                ends[t.tokens, t.dark] = end

    walk(s, ())
    ranked = sorted(ends.values(), key=lambda e: -e[0])
    controls: dict[int, Plan] = {}
    for _, control, plan in ranked:
        controls.setdefault(control, plan)
    out = list(controls.values())
    out += [plan for _, _, plan in ranked if plan not in out][: max(0, SHIFT_PLANS - len(out))]
    return out


def _kind(a: Action) -> tuple[object, ...]:
    """Actions of one kind: the best of each is a candidate."""
    if isinstance(a, Use):
        return ("use", a.card)
    if isinstance(a, PlaceStar):
        return ("star", a.star)
    if isinstance(a, PlaceNebula):
        return ("nebula", a.tile)
    if isinstance(a, Omega):
        return ("omega", a.size)
    if isinstance(a, GainPower):
        return ("gain", a.suit)
    if isinstance(a, Discharge):
        return ("discharge", a.power)
    if isinstance(a, (Complete, Advance)):
        return (type(a).__name__, a.nebula)
    if isinstance(a, CardSet):
        return ("set", a.suit)
    return (type(a).__name__,)


def _crafts(s: State, rng: random.Random) -> list[Action]:
    """The greedy bot's action, the best of every kind always kept, then the best of the
    other kinds, by greedy's evaluation."""
    me = s.active
    groups: dict[tuple[object, ...], list[Action]] = {}
    for a in legal(s):
        groups.setdefault(_kind(a), []).append(a)
    best: list[tuple[float, Action]] = []
    for group in groups.values():  # of a big kind, a fixed spread: no random draw
        actions = group[:: len(group) // SAMPLE + 1] if len(group) > SAMPLE else group
        worths = [value(answer_steps(after_action(s, a), me), me) for a in actions]
        k = max(range(len(actions)), key=lambda k: (worths[k], -k))
        best.append((worths[k], actions[k]))
    first = greedy_bot(s, rng)
    out = [first]
    for _, a in sorted(best, key=lambda e: -e[0]):
        kept = isinstance(a, ALWAYS) or (isinstance(a, Discharge) and a.power != "")
        if a != first and (kept or len(out) < CRAFT_MOVES):
            out.append(a)
    return out


class SearchBot:
    """The search bot: a decision of whoever is due, after ``budget`` playouts (a shift
    searched once, its plan then played out move by move). One a game: it holds that
    plan."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.plan: list[Action] = []

    def __call__(self, s: State, rng: random.Random) -> Action:
        if self.plan and s.phase is SHIFT and not s.needs:
            return self.plan.pop(0)
        choice = search(CosmosRules(rng), s, to_move(s), self.budget, rng)
        first, *self.plan = choice.move
        return first
