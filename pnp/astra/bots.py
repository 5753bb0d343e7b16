"""Bots that play Astra through the same ``Game`` the checker replays. A bot maps a game
to the next decision of whoever is due (the active player, or a helper picking a boon),
drawing its chances from a seeded ``random.Random``.

- ``random``: a random legal decision; half the time an Active card's ability, with
  random legal targets; Observe paths are random walks along the card's lines.
- ``greedy``: a one-turn lookahead. Each way to end the Action phase (Rest, or an
  Observe along sampled random walks and their prefixes) is played out to the end of the
  turn (the discovery, the helpers' boons, the card limit) and scored; an ability is
  used when the best such ending after it scores more than without it. The evaluation
  is the player's final score if the game ended now, plus what Stardust, Telescopes,
  Active cards and marks on undiscovered cards promise (``Worth``). The endings are
  played through the engine's rules on one copy of the game, restored after each
  (``State.restore``), not on a copy each."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Final

from pnp.astra.actions import Action, Discard, Dream, End, Observe, PickBoon, Rest, UseAbility
from pnp.astra.constellations import constellation
from pnp.astra.effects import COMMON_START, TELESCOPE_PRICE, effects, first_stars, start_stars
from pnp.astra.game import Game, play
from pnp.astra.journal import card_limit, pouch_size
from pnp.astra.model import CLOCKWISE, EMPTY, BoonKind
from pnp.astra.scoring_cards import score_card, scoring_card
from pnp.astra.state import (
    ABILITY,
    ACTION,
    BOONS,
    DISCARD,
    DREAM,
    OVER,
    CardInfo,
    State,
    card_id,
    cards,
)
from pnp.astra.turn import quiet_end

Path = tuple[int, ...]  # star numbers, in marking order

Bot = Callable[[Game, random.Random], Action]

OBSERVE: Final = 0.7  # how often the random bot observes rather than rests
AGAIN: Final = 0.3  # how often it observes again, for a Telescope
USE: Final = 0.5  # how often it uses an ability it can
WALKS: Final = 2  # random walks per card the greedy bot tries
DISCARDS: Final = 30  # at most this many discard choices weighed
DREAMS: Final = 20  # at most this many dreamer pen paths weighed, per card
END: Final = End()
REST: Final = Rest()


def _pick(rng: random.Random, items: tuple[int, ...]) -> int:
    """The item ``rng.choice(items)`` picks (``items`` not empty), drawn the same way, by
    rejection sampling over ``getrandbits``, without its layers of calls."""
    n = len(items)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return items[r]


@cache
def _bits(mask: int) -> tuple[int, ...]:
    """Star numbers in a mask (bit n − 1 is star n)."""
    return tuple(n + 1 for n in range(mask.bit_length()) if mask >> n & 1)


def _marked(game: Game, card: str) -> int:
    """The stars marked on ``card`` by anyone, the dreamer pen too (0 off the board)."""
    s = game.state
    slot = s.slot_of(card_id(card))
    return s.marked(slot) if slot >= 0 else 0


def _path(info: CardInfo, firsts: int, marked: int, rng: random.Random, longest: int) -> Path:
    """A random path of at most ``longest`` stars on a card marked ``marked``, from one of
    the stars ``firsts`` along the card's lines (empty when none can start)."""
    if not firsts or longest < 1:
        return ()
    neighbours = info.neighbours
    star = _pick(rng, _bits(firsts))
    path, used = [star], marked | 1 << (star - 1)
    while len(path) < longest and (after := neighbours[star - 1] & ~used):
        star = _pick(rng, _bits(after))
        path.append(star)
        used |= 1 << (star - 1)
    return tuple(path)


def _walk(game: Game, card: str, rng: random.Random, longest: int, observe: bool = True) -> Path:
    """A random path the next Observe (or a marking ability, not ``observe``) may mark on
    ``card``, of at most ``longest`` stars (empty when none can start there)."""
    s = game.state
    slot = s.slot_of(card_id(card))
    if slot < 0 or not s.open(slot):
        return ()
    firsts = first_stars(s, slot, observe and COMMON_START in s.now.flags)
    return _path(cards()[s.board[slot]], firsts, s.marked(slot), rng, longest)


def _pair(game: Game, card: str, rng: random.Random) -> tuple[int, ...]:
    """A path of two stars on ``card`` if there is one, else of one."""
    neighbours = cards()[card_id(card)].neighbours
    marked = _marked(game, card)
    firsts = list(game.first_stars(card))
    rng.shuffle(firsts)
    for star in firsts:
        if after := neighbours[star - 1] & ~marked & ~(1 << (star - 1)):
            return star, rng.choice(_bits(after))
    return tuple(firsts[:1])


def _open(s: State) -> list[tuple[CardInfo, int]]:
    """The undiscovered cards a marking may start on, each with its marked stars."""
    out = []
    for slot, c in enumerate(s.board):
        if c != EMPTY:
            info, marked = cards()[c], s.marked(slot)
            if marked != info.full and start_stars(info, marked):
                out.append((info, marked))
    return out


def _undiscovered(game: Game) -> list[str]:
    return [info.card.name for info, _ in _open(game.state)]


def may_observe(game: Game) -> bool:
    s = game.state
    p = s.players[s.active]
    again = s.phase is ACTION
    return bool(p.stardust and (p.telescopes or not again) and not s.now.skip_action)


def ability_use(game: Game, card: str, rng: random.Random) -> UseAbility | None:
    """A use of ``card``'s ability with random legal targets (None: it cannot be used)."""
    effect = effects()[cards()[card_id(card)].card.ability].name
    if effect == "buy-telescopes":
        can = game.player(game.active).stardust // TELESCOPE_PRICE
        return UseAbility(card, (), rng.randint(1, can)) if can else None
    if not effect.startswith("mark-"):
        return UseAbility(card)
    open_cards = _undiscovered(game)
    if effect in ("mark-any", "mark-and-neighbours"):
        if not open_cards:
            return UseAbility(card)
        target = rng.choice(open_cards)
        free = _bits(cards()[card_id(target)].full & ~_marked(game, target))
        return UseAbility(card, (Observe(target, (rng.choice(free),)),))
    two = effect == "mark-two"  # a path of two on one card, or a star on each of two
    if two and (len(open_cards) == 1 or (open_cards and rng.random() < 0.5)):
        target = rng.choice(open_cards)
        if len(path := _pair(game, target, rng)) == 2 or len(open_cards) == 1:
            return UseAbility(card, (Observe(target, path),))
    picked = rng.sample(open_cards, min(2 if two else 3, len(open_cards)))
    return UseAbility(
        card, tuple(Observe(c, _walk(game, c, rng, 1, observe=False)) for c in picked)
    )


def wake_cards(game: Game, who: str, boon: int) -> tuple[str, ...]:
    """The cards an Activation boon reactivates: the highest Final Scoring fame first."""
    gift = cards()[card_id(game.resolving or "")].card.boons[boon - 1]
    if gift.kind is not BoonKind.ACTIVATION:
        return ()
    tired = sorted(game.player(who).exhausted, key=lambda c: -constellation(c).fame)
    return tuple(tired[: gift.amount])


def random_bot(game: Game, rng: random.Random) -> Action:
    """A random legal decision for whoever is due."""
    if game.phase is BOONS:
        who, boon = rng.choice(game.due), rng.choice(game.open_boons())
        return PickBoon(who, boon, wake_cards(game, who, boon))
    if game.phase is DISCARD:
        p = game.player(game.active)
        return Discard(tuple(rng.sample(p.active + p.exhausted, game.excess)))
    if game.phase is DREAM:
        card = rng.choice(game.dream_cards())
        return Dream(Observe(card, rng.choice(game.dream_paths(card))))
    usable = game.usable()
    if usable and rng.random() < USE and (use := ability_use(game, rng.choice(usable), rng)):
        return use
    if game.action_skipped:
        return End()
    again = game.phase is ACTION
    if rng.random() < (AGAIN if again else OBSERVE) and may_observe(game):
        board = [c for c in game.board if c is not None]
        stardust = game.player(game.active).stardust
        for card in rng.sample(board, len(board)):
            if path := _walk(game, card, rng, rng.randint(1, stardust)):
                return Observe(card, path)
    return End() if again else Rest()


@cache
def _scoring_card(scoring: str, elements: tuple[int, ...]) -> int:
    """What a Final Scoring card scores for the count of each element on its owner's
    cards (in ``CLOCKWISE`` order)."""
    return score_card(scoring_card(scoring).pair, dict(zip(CLOCKWISE, elements, strict=True))).total


@lru_cache(maxsize=1024)  # the players' cards of the games being played
def _cards_score(owned: tuple[int, ...], exhausted: int, scoring: str) -> tuple[int, int]:
    """What the ``owned`` cards score at the end (the Active cards' Fame and the Final
    Scoring card ``scoring``), and how many of them are Active."""
    elements, fame, active = [0] * len(CLOCKWISE), 0, 0
    for c in owned:
        card = cards()[c].card
        elements[CLOCKWISE.index(card.element)] += 1
        if not exhausted >> c & 1:
            fame += card.fame
            active += 1
    return fame + _scoring_card(scoring, tuple(elements)), active


class Worth:
    """The greedy bot's evaluation of one player's positions: their final score if the
    game ended now, plus what Stardust, Telescopes, Active cards and marks on undiscovered
    cards promise. What their cards and their Journal's Pouch and Wisdom tracks score is
    counted again only when they change, which the decisions weighed together seldom do."""

    __slots__ = ("active", "cards", "exhausted", "i", "limit", "owned", "pouch", "size", "wisdom")

    def __init__(self, i: int) -> None:
        self.i = i  # the player's seat
        self.owned: tuple[int, ...] = ()
        self.exhausted = self.pouch = self.wisdom = -1  # nothing counted yet
        self.cards = self.active = self.size = self.limit = 0

    def of(self, s: State) -> float:
        i = self.i
        p = s.players[i]
        if p.exhausted != self.exhausted or p.owned != self.owned:
            self.cards, self.active = _cards_score(p.owned, p.exhausted, s.scoring[i])
            self.owned, self.exhausted = p.owned, p.exhausted
        if p.pouch != self.pouch or p.wisdom != self.wisdom:
            self.size, self.limit = pouch_size(p.pouch), card_limit(p.wisdom)
            self.pouch, self.wisdom = p.pouch, p.wisdom
        marks = 0  # a slot emptied holds no marks
        for m in s.marks:
            marks += m[i].bit_count()
        size = self.size
        total = p.fame + size + self.limit + p.stardust // 3 + marks // 2 + self.cards
        return (
            total
            + 0.3 * p.stardust
            + 1.0 * p.telescopes
            + 1.5 * self.active
            + 0.5 * size
            + 0.25 * marks
        )


def _cheapest(game: Game) -> Action:
    """The cheapest decision due in the Boons, Discard or Dream phase."""
    if game.phase is BOONS:
        who, boon = game.due[0], game.open_boons()[0]
        return PickBoon(who, boon, wake_cards(game, who, boon))
    if game.phase is DISCARD:
        owned = game.player(game.active)
        cheap = sorted((*owned.exhausted, *owned.active), key=lambda c: constellation(c).fame)
        return Discard(tuple(cheap[: game.excess]))
    card = game.dream_cards()[0]
    return Dream(Observe(card, game.dream_paths(card)[0]))


def best_action(
    s: State, before: State, worth: Worth, choices: list[Action], settle: bool
) -> tuple[Action, float]:
    """The first of the best ``choices``, each played on ``s`` as ``before`` (a copy of it)
    has it, and its worth; ``s`` is left as the last choice left it. With ``settle``, each
    is weighed once the active player's Action phase is over and every pick, the
    discovery and the card limit are resolved, the cheapest way."""
    best, choice = -math.inf, choices[0]
    for k, action in enumerate(choices):
        if k:
            s.restore(before)
        play(s, action)
        while settle and s.phase is not OVER and s.phase is not ABILITY:
            if s.phase is ACTION and quiet_end(s):
                break  # the rest of the turn changes nothing the worth counts
            play(s, END if s.phase is ACTION else _cheapest(Game(s)))
        if (score := worth.of(s)) > best:
            best, choice = score, action
    return choice, best


def observe_options(game: Game, rng: random.Random) -> list[Action]:
    s = game.state
    stardust = s.players[s.active].stardust
    common = COMMON_START in s.now.flags
    out: list[Action] = []
    for info, marked in _open(s):
        firsts = start_stars(info, marked, common)
        seen: set[Path] = set()
        for _ in range(WALKS):
            path = _path(info, firsts, marked, rng, stardust)
            for k in range(1, len(path) + 1):
                seen.add(path[:k])
        out += [Observe(info.card.name, path) for path in sorted(seen)]
    return out


def plan_turn(game: Game, before: State, worth: Worth, rng: random.Random) -> tuple[Action, float]:
    """The best way found to end the Action phase from here, and what it is worth once
    the turn is over (``game`` is a view of the state the bot plays on, ``before`` a copy
    of it)."""
    s = game.state
    if game.action_skipped:
        return best_action(s, before, worth, [END], settle=True)
    finish: Action = END if game.phase is ACTION else REST
    observes = observe_options(game, rng) if may_observe(game) else []
    return best_action(s, before, worth, [finish, *observes], settle=True)


def greedy_bot(game: Game, rng: random.Random) -> Action:
    """The decision that looks best by the end of the turn, for whoever is due."""
    base = game.state
    s = base.copy()  # the decisions weighed are played on it and undone
    mine = Game(s)
    if game.phase is BOONS:
        who = game.due[0]
        picks: list[Action] = [
            PickBoon(who, b, wake_cards(game, who, b)) for b in game.open_boons()
        ]
        return best_action(s, base, Worth(s.names.index(who)), picks, settle=False)[0]
    worth = Worth(s.active)
    if game.phase is DISCARD:
        owned = game.player(game.active)
        held = [*owned.active, *owned.exhausted]
        combos = itertools.islice(itertools.combinations(held, game.excess), DISCARDS)
        return best_action(s, base, worth, [Discard(c) for c in combos], settle=False)[0]
    if game.phase is DREAM:
        dreams: list[Action] = [
            Dream(Observe(c, p)) for c in game.dream_cards() for p in game.dream_paths(c)[:DREAMS]
        ]
        return best_action(s, base, worth, dreams, settle=True)[0]
    action, best = plan_turn(mine, base, worth, rng)
    for card in game.usable():
        if use := ability_use(game, card, rng):
            s.restore(base)
            play(s, use)
            if (after := plan_turn(mine, s.copy(), worth, rng)[1]) > best:
                action, best = use, after
    return action


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
