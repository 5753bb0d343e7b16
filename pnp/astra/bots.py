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
  Active cards and marks on undiscovered cards promise."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from pnp.astra.actions import Action, Discard, Dream, End, Observe, PickBoon, Rest, UseAbility
from pnp.astra.constellations import constellation
from pnp.astra.effects import TELESCOPE_PRICE, effects
from pnp.astra.game import Game, PlayerView
from pnp.astra.model import BoonKind
from pnp.astra.state import Phase, card_id, cards

Bot = Callable[[Game, random.Random], Action]

OBSERVE = 0.7  # how often the random bot observes rather than rests
AGAIN = 0.3  # how often it observes again, for a Telescope
USE = 0.5  # how often it uses an ability it can
WALKS = 2  # random walks per card the greedy bot tries
DISCARDS = 30  # at most this many discard choices weighed
DREAMS = 20  # at most this many dreamer pen paths weighed, per card


def _bits(mask: int) -> list[int]:
    """Star numbers in a mask (bit n − 1 is star n)."""
    return [n + 1 for n in range(mask.bit_length()) if mask >> n & 1]


def _marked(game: Game, card: str) -> int:
    """The stars marked on ``card`` by anyone, the dreamer pen too (0 off the board)."""
    s = game.state
    slot = s.slot_of(card_id(card))
    return s.marked(slot) if slot >= 0 else 0


def _walk(
    game: Game, card: str, rng: random.Random, longest: int, observe: bool = True
) -> tuple[int, ...]:
    """A random path the next Observe (or a marking ability, not ``observe``) may mark on
    ``card``, of at most ``longest`` stars (empty when none can start there)."""
    firsts = game.first_stars(card, observe)
    if not firsts or longest < 1:
        return ()
    neighbours = cards()[card_id(card)].neighbours
    star = rng.choice(firsts)
    path, used = [star], _marked(game, card) | 1 << (star - 1)
    while len(path) < longest and (after := neighbours[path[-1] - 1] & ~used):
        star = rng.choice(_bits(after))
        path.append(star)
        used |= 1 << (star - 1)
    return tuple(path)


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


def _undiscovered(game: Game) -> list[str]:
    return [c for c in game.board if c is not None and game.first_stars(c)]


def _may_observe(game: Game, p: PlayerView) -> bool:
    again = game.phase is Phase.ACTION
    return bool(p.stardust and (p.telescopes or not again) and not game.action_skipped)


def _use(game: Game, card: str, rng: random.Random) -> UseAbility | None:
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


def _wake(game: Game, who: str, boon: int) -> tuple[str, ...]:
    """The cards an Activation boon reactivates: the highest Final Scoring fame first."""
    gift = cards()[card_id(game.resolving or "")].card.boons[boon - 1]
    if gift.kind is not BoonKind.ACTIVATION:
        return ()
    tired = sorted(game.player(who).exhausted, key=lambda c: -constellation(c).fame)
    return tuple(tired[: gift.amount])


def random_bot(game: Game, rng: random.Random) -> Action:
    """A random legal decision for whoever is due."""
    if game.phase is Phase.BOONS:
        who, boon = rng.choice(game.due), rng.choice(game.open_boons())
        return PickBoon(who, boon, _wake(game, who, boon))
    if game.phase is Phase.DISCARD:
        p = game.player(game.active)
        return Discard(tuple(rng.sample(p.active + p.exhausted, game.excess)))
    if game.phase is Phase.DREAM:
        card = rng.choice(game.dream_cards())
        return Dream(Observe(card, rng.choice(game.dream_paths(card))))
    usable = game.usable()
    if usable and rng.random() < USE and (use := _use(game, rng.choice(usable), rng)):
        return use
    if game.action_skipped:
        return End()
    again = game.phase is Phase.ACTION
    if rng.random() < (AGAIN if again else OBSERVE) and _may_observe(
        game, p := game.player(game.active)
    ):
        board = [c for c in game.board if c is not None]
        for card in rng.sample(board, len(board)):
            if path := _walk(game, card, rng, rng.randint(1, p.stardust)):
                return Observe(card, path)
    return End() if again else Rest()


def value(game: Game, name: str) -> float:
    """The greedy bot's evaluation of ``name``'s position."""
    s = game.state
    i = s.names.index(name)
    p = s.players[i]
    active = sum(1 for c in p.owned if not p.exhausted >> c & 1)
    marks = sum(m[i].bit_count() for m in s.marks)  # a slot emptied holds no marks
    return (
        game.final_of(name).total
        + 0.3 * p.stardust
        + 1.0 * p.telescopes
        + 1.5 * active
        + 0.5 * p.pouch_size
        + 0.25 * marks
    )


def _settle(game: Game) -> Game:
    """The game once the active player's Action phase is over and every pick, the
    discovery and the card limit are resolved, the cheapest way."""
    while not game.over and game.phase is not Phase.ABILITY:
        if game.phase is Phase.BOONS:
            who, boon = game.due[0], game.open_boons()[0]
            game = game.apply(PickBoon(who, boon, _wake(game, who, boon)))
        elif game.phase is Phase.DISCARD:
            owned = game.player(game.active)
            cheap = sorted((*owned.exhausted, *owned.active), key=lambda c: constellation(c).fame)
            game = game.apply(Discard(tuple(cheap[: game.excess])))
        elif game.phase is Phase.DREAM:
            card = game.dream_cards()[0]
            game = game.apply(Dream(Observe(card, game.dream_paths(card)[0])))
        else:
            game = game.apply(End())
    return game


def _best(game: Game, name: str, choices: list[Action], settle: bool) -> tuple[Action, float]:
    scored = []
    for action in choices:
        after = game.apply(action)
        scored.append((value(_settle(after) if settle else after, name), action))
    best = max(s for s, _ in scored)
    return next(a for s, a in scored if s == best), best


def _observes(game: Game, rng: random.Random) -> list[Action]:
    stardust = game.player(game.active).stardust
    out: list[Action] = []
    for card in _undiscovered(game):
        seen: set[tuple[int, ...]] = set()
        for _ in range(WALKS):
            path = _walk(game, card, rng, stardust)
            seen.update(path[:k] for k in range(1, len(path) + 1))
        out += [Observe(card, path) for path in sorted(seen)]
    return out


def _plan(game: Game, me: str, rng: random.Random) -> tuple[Action, float]:
    """The best way found to end the Action phase from here, and what it is worth once
    the turn is over."""
    if game.action_skipped:
        return End(), value(_settle(game.apply(End())), me)
    finish: Action = End() if game.phase is Phase.ACTION else Rest()
    observes = _observes(game, rng) if _may_observe(game, game.player(me)) else []
    return _best(game, me, [finish, *observes], settle=True)


def greedy_bot(game: Game, rng: random.Random) -> Action:
    """The decision that looks best by the end of the turn, for whoever is due."""
    if game.phase is Phase.BOONS:
        who = game.due[0]
        picks: list[Action] = [PickBoon(who, b, _wake(game, who, b)) for b in game.open_boons()]
        return _best(game, who, picks, settle=False)[0]
    me = game.active
    if game.phase is Phase.DISCARD:
        owned = game.player(me)
        mine = [*owned.active, *owned.exhausted]
        combos = itertools.islice(itertools.combinations(mine, game.excess), DISCARDS)
        return _best(game, me, [Discard(c) for c in combos], settle=False)[0]
    if game.phase is Phase.DREAM:
        dreams: list[Action] = [
            Dream(Observe(c, p)) for c in game.dream_cards() for p in game.dream_paths(c)[:DREAMS]
        ]
        return _best(game, me, dreams, settle=True)[0]
    action, best = _plan(game, me, rng)
    for card in game.usable():
        if (use := _use(game, card, rng)) and (worth := _plan(game.apply(use), me, rng)[1]) > best:
            action, best = use, worth
    return action


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
