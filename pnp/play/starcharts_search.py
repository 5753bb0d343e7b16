"""The Star Charts search bot: ``pnp.play.search`` weighing the greedy bot's best drafts
by playouts. This module is the game's part, the ``Rules`` the searcher asks for:

- moves: every draft of a die and one run, scored as the greedy bot scores them
  (``greedy_drafts``), the ``width`` best, or a skip when no die fits; and, while the
  seat holds an unused adjust, flip or reuse, the ``ABILITY_WIDTH`` best drafts that
  change a die with one to a value no die shows (greedy's score of the run less the 3
  points an unused ability is worth), so the searcher weighs spending abilities, which
  the greedy bot never does;
- playout: the move made on a copy of the game, which the greedy bot then plays to its
  end for every seat (claiming as the simulator does), with fresh dice. The n-th playout
  of every candidate rolls the same dice (common random numbers: the candidates are
  compared on the same futures, so fewer playouts tell them apart);
- value, for the searching seat: against players 0.9 for a win (shared by the tied
  winners) plus 0.1 for the margin over the best other sheet, ±20 points spanning it;
  against the A.I. the score; solo the two charts' scores together, each normalised.

Everything random comes from the generator the bot is given, so a game is the same for
a seed whatever process plays it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from pnp.play.search import search
from pnp.play.starcharts_games import NAMES, deal, play, play_on
from pnp.score.starcharts_replay import game_result
from pnp.starcharts.actions import Action, Adjust, Draft, Flip, Reuse, Skip, Turn
from pnp.starcharts.bots import Bot, draft, greedy_drafts, greedy_turn
from pnp.starcharts.chart import Chart
from pnp.starcharts.game import Game
from pnp.starcharts.setup import Setup, Variant

WIDTH = 8  # candidate drafts a decision
ABILITY_WIDTH = 3  # candidate drafts that spend an ability, besides
CHANGES = ("adjust", "flip", "reuse")  # the abilities that change a die's value
UNUSED = 3  # points an ability left unused is worth at the end
MARGIN = 40  # points of margin spanning the margin's share of a playout's value
SCORE = (-10, 50)  # the range a 1-player score is normalised over


class DraftRules:
    """The searcher's view of Star Charts at one decision (``seed`` picks its dice)."""

    def __init__(self, width: int, seed: int) -> None:
        self.width = width
        self.seed = seed
        self.rng = random.Random(seed)  # the candidates' tie-breaks and gains
        self.visits: dict[Turn, int] = {}

    def moves(self, state: Game, seat: int) -> Sequence[Turn]:
        scored = greedy_drafts(state, seat, self.rng)
        changed = [d for _, d in changed_drafts(state, seat, self.rng)[:ABILITY_WIDTH]]
        if not scored:
            return [Skip(), *changed]
        best = sorted(scored, key=lambda s: -s[0])[: self.width]
        return [draft(state, seat, face, run, self.rng) for _, face, run in best] + changed

    def playout(self, state: Game, seat: int, move: Turn, rng: random.Random) -> float:
        """The searcher's ``rng`` goes unused: the n-th playout of a move rolls the dice
        of ``seed + n``, as the n-th of every other move does."""
        n = self.visits.get(move, 0)
        self.visits[move] = n + 1
        future = random.Random(self.seed + n)
        game = state.copy()
        game.play(seat, move)
        play_on(game, greedy_turn, future, future, None)
        return value(game, seat)


def changed_drafts(game: Game, seat: int, rng: random.Random) -> list[tuple[float, Draft]]:
    """For each die of the pool and each value an unused adjust, flip or reuse of the
    seat's (solo: of either chart) changes it to, when no die of the pool shows that
    value and some run of it fits: the draft of that die, changed, marking the run the
    greedy bot likes best, with greedy's score of it less ``UNUSED``; best first."""
    owners = [game.sheets[seat]]
    if game.variant is Variant.SOLO:
        owners.append(game.sheets[1 - seat])
    unused = [a for a in CHANGES if any(s.has_unused(a) for s in owners)]
    if not unused:
        return []
    avail, shown = game.sheets[seat].available(), set(game.pool)
    reusable = sorted({f for s, f in game.drafted if game.variant is Variant.SOLO or s != seat})
    changes: dict[tuple[int, int], Action] = {}  # (die, value): the first change found
    for face in sorted(shown, reverse=True):
        options: list[tuple[Action, int]] = []
        if "adjust" in unused:
            options += [(Adjust(d), face + d) for d in (2, 1, -1, -2)]
        if "flip" in unused:
            options.append((Flip(), 9 - face))
        if "reuse" in unused:
            options += [(Reuse(v), v) for v in reusable]
        for change, v in options:
            if v >= 1 and v not in shown and avail >> v & 1:
                changes.setdefault((face, v), change)
    out: list[tuple[float, Draft]] = []
    for (face, v), change in changes.items():
        view = game.copy()
        view.pool = [v]
        score, _, run = max(greedy_drafts(view, seat, rng), key=lambda s: s[0])
        marked = draft(game, seat, v, run, rng).actions
        out.append((score - UNUSED, Draft(face, (change, *marked))))
    return sorted(out, key=lambda e: -e[0])


def value(game: Game, seat: int) -> float:
    """A finished game's worth to ``seat``, in [0, 1]."""
    result = game_result(game)
    totals = [p.total for p in result.players]
    if game.variant is Variant.VERSUS_AI:
        return _normal(totals[0])
    if game.variant is Variant.SOLO:
        return (_normal(totals[0]) + _normal(totals[1])) / 2
    mine = result.players[seat]
    share = 1 / len(result.winners) if mine.name in result.winners else 0.0
    margin = mine.total - max(t for i, t in enumerate(totals) if i != seat)
    return 0.9 * share + 0.1 * _clamp(0.5 + margin / MARGIN)


def _normal(score: int) -> float:
    low, high = SCORE
    return _clamp((score - low) / (high - low))


def _clamp(x: float) -> float:
    return min(1.0, max(0.0, x))


def search_turn(game: Game, seat: int, rng: random.Random, budget: int, width: int) -> Turn:
    """The search bot's turn: ``budget`` playouts over the ``width`` best drafts."""
    rules = DraftRules(width, rng.getrandbits(64))
    return search(rules, game, seat, budget, rng).move


def search_bot(budget: int, width: int = WIDTH) -> Bot:
    return partial(search_turn, budget=budget, width=width)


class Duel(NamedTuple):
    """A two-player game of a bot against the greedy bot: the bot's share of the win
    (1, 0.5 shared, 0) and both scores."""

    share: float
    score: int
    greedy: int


def duel(chart: Chart, seed: int, k: int, bot: Bot, seat: int) -> Duel:
    """Game ``k`` of ``seed``: ``bot`` in ``seat`` (0 rolls first), greedy in the other.
    The deal and every round's roll depend on ``seed`` and ``k`` alone, not on the bots'
    choices, so the game played with the seats swapped sees the same dice."""
    deck = random.Random(f"{seed}:{k}")
    setup = Setup(chart, deal(chart, deck), NAMES[:2], Variant.TWO_PLAYER)
    bots: list[Bot] = [greedy_turn, greedy_turn]
    bots[seat] = bot
    choices = random.Random(f"{seed}:{k}:bots")
    game, _ = play(setup, partial(_seated, bots), choices, record=False, dice=deck)
    result = game_result(game)
    mine, theirs = result.players[seat], result.players[1 - seat]
    share = 1 / len(result.winners) if mine.name in result.winners else 0.0
    return Duel(share, mine.total, theirs.total)


def _seated(bots: list[Bot], game: Game, seat: int, rng: random.Random) -> Turn:
    return bots[seat](game, seat, rng)
