"""The search bot for Astra: Monte Carlo search (``pnp.play.search``) over the greedy
bot's best few decisions, each weighed by greedy games played to the end.

- Candidates: the decisions the greedy bot weighs for whoever is due (the ways to end
  the Action phase and the abilities' uses, the boons, the discards, the dreamer pen's
  paths), ranked by its own evaluation, the best ``CANDIDATES`` (no more than the
  budget: each gets a playout; with a budget of 1 the bot is the greedy one).
- Determinization: a player sees the board, the discard pile and every Journal, not the
  deck's order, so each playout deals the unseen cards afresh from its random numbers.
  The Game End card keeps its place: its depth is fixed at set-up and every draw is
  seen, so anyone can count it. Solo, Ptolemy's pile is shuffled too (its top kept with
  ``easy-top-open``; his right card among the unseen with ``hard-right-hidden``) and his
  dice are rolled from a fresh seed: the bot never reads what it could not see.
- Playout: the decision made on the dealt copy, then the greedy bot plays every seat
  (solo, the engine plays Ptolemy) to the end.
- Value, for the searching seat: a win 1, a shared victory ½, a loss 0 (solo: against
  Ptolemy), for ``1 - SHARE`` of it, and ``SHARE`` for the Fame margin over the best
  other player (``MARGIN`` or more counting in full): the margin tells two moves apart
  where a few playouts all win or all lose."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from typing import Final

from pnp.astra.actions import Action, Discard, Dream, Observe, PickBoon
from pnp.astra.bots import (
    DISCARDS,
    DREAMS,
    END,
    REST,
    Worth,
    ability_use,
    best_action,
    greedy_bot,
    may_observe,
    observe_options,
    plan_turn,
    wake_cards,
)
from pnp.astra.game import Game, play
from pnp.astra.model import EMPTY
from pnp.astra.ptolemy_state import Solo
from pnp.astra.solo import Difficulty
from pnp.astra.state import ACTION, BOONS, DISCARD, DREAM, GAME_END, OVER, State
from pnp.play.search import search

CANDIDATES: Final = 5  # the greedy bot's best decisions searched
MARGIN: Final = 20  # Fame over the best other player that counts in full
SHARE: Final = 0.3  # of a playout's value that the margin gives


def seat_due(game: Game) -> int:
    """The seat of whoever decides now: the first helper due to pick a boon, else the
    active player."""
    s = game.state
    return s.due[0] if s.phase is BOONS else s.active


def ranked(game: Game, rng: random.Random) -> list[Action]:
    """The decisions the greedy bot weighs for whoever is due, best first by its own
    evaluation (the first is the one it plays); ties keep its order."""
    base = game.state
    s = base.copy()  # the decisions weighed are played on it and undone
    seat = seat_due(game)
    worth = Worth(seat)
    settle = True
    if game.phase is BOONS:
        who = base.names[seat]
        choices: list[Action] = [
            PickBoon(who, b, wake_cards(game, who, b)) for b in game.open_boons()
        ]
        settle = False
    elif game.phase is DISCARD:
        owned = game.player(game.active)
        held = [*owned.active, *owned.exhausted]
        combos = itertools.islice(itertools.combinations(held, game.excess), DISCARDS)
        choices, settle = [Discard(c) for c in combos], False
    elif game.phase is DREAM:
        choices = [
            Dream(Observe(c, p)) for c in game.dream_cards() for p in game.dream_paths(c)[:DREAMS]
        ]
    else:
        return _turn(game, s, worth, rng)
    return _sorted(_scored(s, base, worth, choices, settle))


def _scored(
    s: State, before: State, worth: Worth, choices: list[Action], settle: bool
) -> list[tuple[float, Action]]:
    """Each choice with the worth the greedy bot gives it (``s`` played on and undone)."""
    out = []
    for action in choices:
        s.restore(before)
        out.append((best_action(s, before, worth, [action], settle)[1], action))
    return out


def _sorted(scored: list[tuple[float, Action]]) -> list[Action]:
    return [action for _, action in sorted(scored, key=lambda pair: -pair[0])]


def _turn(game: Game, s: State, worth: Worth, rng: random.Random) -> list[Action]:
    """The active player's ways to end the Action phase from here, and the uses of their
    abilities each valued by the best ending after it, as the greedy bot weighs them."""
    base = game.state
    ends: list[Action] = [END]  # an ability skipped the Action phase
    if not game.action_skipped:
        ends = [END if game.phase is ACTION else REST]
        ends += observe_options(game, rng) if may_observe(game) else []
    scored = _scored(s, base, worth, ends, settle=True)
    mine = Game(s)
    for card in game.usable():
        if use := ability_use(game, card, rng):
            s.restore(base)
            play(s, use)
            scored.append((plan_turn(mine, s.copy(), worth, rng)[1], use))
    return _sorted(scored)


def dealt(s: State, rng: random.Random) -> State:
    """A copy of ``s`` with what no player sees dealt afresh from ``rng``: the deck's
    cards (the Game End card where it lies) and, solo, Ptolemy's pile and dice."""
    out = s.copy()
    left = s.deck[s.top :]
    unseen = [c for c in left if c != GAME_END]
    rng.shuffle(unseen)
    cards = iter(unseen)
    out.deck = (*s.deck[: s.top], *(c if c == GAME_END else next(cards) for c in left))
    if s.solo is not None:
        out.solo = _his_unseen(s.solo, rng)
    return out


def _his_unseen(solo: Solo, rng: random.Random) -> Solo:
    lib = solo.library
    shown = 1 if Difficulty.EASY_TOP_OPEN in solo.difficulty else 0
    hidden = list(lib.pile[shown:])
    right = lib.right
    if Difficulty.HARD_RIGHT_HIDDEN in solo.difficulty and right != EMPTY:
        hidden.append(right)
        rng.shuffle(hidden)
        right = hidden.pop()
    else:
        rng.shuffle(hidden)
    pile = (*lib.pile[:shown], *hidden)
    return replace(solo, seed=rng.getrandbits(63), library=replace(lib, right=right, pile=pile))


def value(game: Game, seat: int) -> float:
    """The finished game's worth to ``seat``, in [0, 1]."""
    if (view := game.solo) is not None:
        assert view.score is not None and view.yours is not None
        outcome = 1.0 if view.you_win else 0.0
        margin = view.yours - view.score.total
    else:
        totals = [f.total for f in game.final()]
        best = max(t for k, t in enumerate(totals) if k != seat)
        margin = totals[seat] - best
        outcome = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    share = min(1.0, max(0.0, 0.5 + margin / (2 * MARGIN)))
    return (1 - SHARE) * outcome + SHARE * share


class AstraRules:
    """What the searcher asks of Astra, at a decision weighed with ``rng``'s numbers.
    Each candidate's n-th playout is dealt and played from the same n-th seed (common
    random numbers): the candidates are compared on the same deals, which takes the
    luck of the draw out of their difference."""

    def __init__(self, rng: random.Random, budget: int) -> None:
        self.rng, self.budget = rng, budget
        self.seed = rng.getrandbits(64)
        self.tries: Counter[Action] = Counter()

    def moves(self, state: Game, seat: int) -> list[Action]:
        # ranked on a dealt copy: the greedy bot's look to the turn's end draws cards
        return ranked(Game(dealt(state.state, self.rng)), self.rng)[: min(CANDIDATES, self.budget)]

    def playout(self, state: Game, seat: int, move: Action, rng: random.Random) -> float:
        n = self.tries[move]
        self.tries[move] += 1
        chance = random.Random(self.seed + n)
        s = dealt(state.state, chance)
        play(s, move)
        while s.phase is not OVER:
            play(s, greedy_bot(Game(s), chance))
        return value(Game(s), seat)


class SearchBot:
    """A bot (``pnp.astra.bots.Bot``) that searches ``budget`` playouts a decision."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def __call__(self, game: Game, rng: random.Random) -> Action:
        return search(AstraRules(rng, self.budget), game, seat_due(game), self.budget, rng).move
