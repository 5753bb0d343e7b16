"""The engine's shortcuts for bots keep its rules: ``fits`` accepts exactly the answers
``targets`` lists and ``has_target`` says whether it lists any, for every kind of effect
step, at positions of random games; ``can_complete`` agrees with counting the stars."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.cosmos.actions import Choose
from pnp.cosmos.bots import greedy_bot, random_bot
from pnp.cosmos.craft import can_complete
from pnp.cosmos.game import Game
from pnp.cosmos.geometry import geometry
from pnp.cosmos.model import Star
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.needs import fits, has_target, is_auto, targets
from pnp.cosmos.state import NONE, Need, State, cards


def _steps() -> list[Need]:
    """A need of every effect step the power cards have, and the other Choose needs."""
    found = {
        Need(step.verb.value, 0, step.what, step.where, 1, step.up_to)
        for card in cards()
        for option in card.effect
        for step in option
    }
    extra = [Need(k, 0) for k in ("pay-proto", "pay-stable", "place-nebula")]
    return sorted((n for n in found | set(extra) if not is_auto(n)), key=repr)


def _guesses(r: random.Random, n: int) -> list[Choose]:
    g = geometry()
    spaces = [*g.star_ids, *g.life_ids, *g.nebula_ids, "X1"]
    stars: list[Star | None] = [None, *Star]
    return [
        Choose(r.choice(spaces), r.choice(stars), r.choice(["", *r.sample(spaces, 3)]))
        for _ in range(n)
    ]


def _positions(seed: int) -> list[State]:
    """Positions of a game of a greedy bot (seat 0: supernovae, advanced life) against
    random ones."""
    rng = random.Random(seed)
    game = Game.start(("A", "B", "C"), seed)
    seen = []
    while not game.over:
        seen.append(game.state)
        bot = greedy_bot if game.to_move == 0 else random_bot
        game = game.apply(bot(game.state, rng))
    return seen[::10]


def test_fits_and_has_target_agree_with_targets() -> None:
    r = random.Random(1)
    checked: Counter[str] = Counter()
    for position in (p for seed in range(4) for p in _positions(seed)):
        s = position.replace(last=r.choice([NONE, *range(10)]))
        for step in _steps():
            tile = (r.randrange(len(nebula_tiles())),) if step.kind == "place-nebula" else ()
            need = step._replace(player=r.randrange(3), cards=tile)
            listed = targets(s, need)
            assert has_target(s, need) == bool(listed), need
            answers = set(listed)  # a move step lists a thousand answers: look them up
            for a in [x for x in listed if isinstance(x, Choose)] + _guesses(r, 30):
                assert fits(s, need, a) == (a in answers), (need, a)
            checked[need.kind] += bool(listed)
    assert len(checked) == 12 and all(checked.values()), checked


def _complete_by_counting(s: State, n: int) -> bool:
    b = s.players[0].board
    t = b.tiles[n]
    if t == NONE or b.done >> n & 1:
        return False
    corners = geometry().nebula_stars[n]
    want = Counter(nebula_tiles()[t].stars)
    short = sum(
        max(0, want[star.value] - (b.standard(k) & corners).bit_count())
        for k, star in enumerate(Star)
    )
    return short <= (b.nova & corners).bit_count()


@pytest.mark.parametrize("seed", range(3))
def test_can_complete_agrees_with_counting(seed: int) -> None:
    for s in _positions(seed):
        b = s.players[0].board
        for n in range(len(b.tiles)):
            assert can_complete(b, n) == _complete_by_counting(s, n)
