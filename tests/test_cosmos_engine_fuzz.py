"""Any action at any point of a Cosmos game is played or refused with a rule id, never a
crash; an action the engine accepts is one ``legal()`` lists (a Keep's or a Discard's
order aside); a refused action leaves the state as it was."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pnp.cosmos.actions import (
    Action,
    Advance,
    CardSet,
    Choose,
    Collect,
    Complete,
    Discard,
    Discharge,
    GainPower,
    Keep,
    Move,
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
from pnp.cosmos.game import Game, play
from pnp.cosmos.game import legal as legal_actions
from pnp.cosmos.geometry import geometry
from pnp.cosmos.model import EnergyType, Star
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.rules import RuleError
from pnp.cosmos.setup import start
from pnp.cosmos.state import OVER, cards


def junk(r: random.Random) -> Action:
    g = geometry()
    spaces = [*g.star_ids, *g.life_ids, *g.nebula_ids, "X1", ""]
    types = list(EnergyType)

    def sp() -> str:
        return r.choice(spaces)

    def card() -> str:
        return r.choice([c.id for c in cards()] + ["nope"])

    def pay(n: int) -> tuple[EnergyType, ...]:
        return tuple(r.choice(types) for _ in range(r.randint(0, n)))

    makers: list[Callable[[], Action]] = [
        lambda: Shift(r.randint(-3, 5)),
        Collect,
        lambda: TakeCard(r.randint(-2, 6)),
        lambda: TakeNebula(r.randint(-1, 4)),
        lambda: PlaceNebula(r.choice([t.id for t in nebula_tiles()] + ["zz"]), sp()),
        lambda: PlaceStar(r.choice(list(Star)), sp()),
        lambda: PlaceLife(sp()),
        lambda: Complete(sp(), sp()),
        lambda: Discharge(r.choice(["", card()])),
        lambda: Advance(sp()),
        lambda: GainPower(r.randint(-1, 5), r.choice(types)),
        lambda: Keep(card(), tuple(card() for _ in range(r.randint(0, 3)))),
        lambda: Use(card(), pay(5), r.randint(-1, 2)),
        lambda: CardSet(r.choice(types)),
        lambda: Supernova(sp()),
        lambda: Stabilize(sp()),
        lambda: Move(sp(), sp()),
        lambda: Choose(sp(), r.choice([None, *Star]), r.choice(["", sp()])),
        Stop,
        lambda: Omega(r.randint(-1, 4)),
        lambda: Discard(r.randint(-1, 4), pay(3)),
    ]
    return r.choice(makers)()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_any_action_is_played_or_refused_with_a_rule(seed: int) -> None:
    r = random.Random(seed)
    g = Game.start(("A", "B", "C", "D")[: 2 + seed], seed)
    refused = 0
    while not g.over:
        legal = g.legal()
        for _ in range(3):
            action = junk(r)
            try:
                g.apply(action)
            except RuleError:
                refused += 1
            else:
                assert action in legal or isinstance(action, (Keep, Discard)), action
        g = g.apply(r.choice(legal))
    assert refused > 100


@pytest.mark.parametrize("seed", [3, 4])
def test_a_refused_action_leaves_the_state_as_it_was(seed: int) -> None:
    """``play`` changes a state in place: a refused action must change nothing, so a
    session can go on from it. Actions come from junk and from the legal ones of the
    positions before (near misses that get past the first checks)."""
    r = random.Random(seed)
    s = start(("A", "B", "C"), seed)
    recent: list[Action] = []
    refused = 0
    while s.phase is not OVER:
        legal = legal_actions(s)
        for action in [junk(r) for _ in range(3)] + r.sample(recent, min(4, len(recent))):
            before, t = s.copy(), s.copy()
            try:
                play(t, action)
            except RuleError:
                refused += 1
                assert t == before and t.fields() == s.fields(), action
        recent = (recent + legal)[-40:]
        play(s, r.choice(legal))
    assert refused > 200
