"""The greedy bot weighs its decisions on one state played in place: ``State.restore``
takes that state back exactly, and ``Worth`` counts the evaluation a part at a time to
what the whole final score gives. The shortcuts the engine and the bots take for speed
give what the long way gives: the stars next to a mask from tables, a draw from
``getrandbits`` as ``choice`` draws it."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.astra.actions import End, Observe
from pnp.astra.bots import Worth, _pick, greedy_bot, random_bot
from pnp.astra.game import Game, play
from pnp.astra.setup import setup, solo_game
from pnp.astra.state import ABILITY, ACTION, OVER, Player, State, Turn, cards, reach
from pnp.astra.turn import quiet_end

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")


def snapshot(value: object) -> object:
    """Every field of a state, its players and its turn, as plain nested tuples."""
    if isinstance(value, State | Player | Turn):
        return tuple((name, snapshot(getattr(value, name))) for name in type(value).__slots__)
    if isinstance(value, list):
        return tuple(snapshot(v) for v in value)
    return value


def start(players: int, seed: int) -> Game:
    """Solo against Ptolemy for ``players`` 1."""
    if players == 1:
        return Game.start(solo_game("Ada", seed, frozenset()))
    return Game.start(setup(NAMES[:players], seed=seed))


def positions(players: int, seed: int) -> list[Game]:
    """Every position of a game of random bots, the first to the last."""
    rng = random.Random(seed)
    game = start(players, seed)
    out = [game]
    while not game.over:
        game = game.apply(random_bot(game, rng))
        out.append(game)
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**63 - 1))
def test_restore_takes_a_state_played_on_back_to_the_copy(players: int, seed: int) -> None:
    rng = random.Random(seed)
    games = positions(players, seed)
    for game in games[: len(games) - 1]:
        s = game.state.copy()
        saved = s.copy()
        view = Game(s)  # a view of the state as it is played on
        for _ in range(rng.randint(1, 12)):  # up to a few turns, discoveries included
            if view.over:
                break
            play(s, random_bot(view, rng))
        s.restore(saved)
        assert snapshot(s) == snapshot(game.state) == snapshot(saved)
        if not view.over:  # nothing of ``saved`` is shared with ``s``
            play(s, random_bot(view, rng))
            assert snapshot(saved) == snapshot(game.state)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_a_quiet_end_of_the_action_phase_changes_nothing_the_worth_counts(players: int) -> None:
    # The greedy bot stops weighing an Observe where ``quiet_end`` says the rest of the
    # turn changes only whose turn it is.
    quiet = loud = 0
    for seed in range(12):
        for game in positions(players, seed):
            if game.state.phase is not ACTION:
                continue
            s = game.state.copy()
            if not quiet_end(s):
                loud += 1
                continue
            quiet += 1
            before = snapshot(s.players), snapshot(s.marks), s.scoring
            play(s, End())
            assert (snapshot(s.players), snapshot(s.marks), s.scoring) == before
            assert s.phase in (ABILITY, OVER)
    assert loud > 0 and (quiet > 0 or players == 1)  # solo: Ptolemy's turn follows


def reference(game: Game, name: str) -> float:
    """The greedy evaluation from the game's views and whole final score."""
    p = game.player(name)
    i = game.players.index(name)
    marks = sum(len(game.marks(c)[i]) for c in game.board if c is not None)
    return (
        game.final_of(name).total
        + 0.3 * p.stardust
        + 1.0 * p.telescopes
        + 1.5 * len(p.active)
        + 0.5 * p.pouch_size
        + 0.25 * marks
    )


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**63 - 1))
def test_worth_counted_in_parts_is_the_whole_evaluation(players: int, seed: int) -> None:
    games = positions(players, seed)
    seats = 1 if players == 1 else players  # Ptolemy has no Journal
    worth = [Worth(i) for i in range(seats)]  # one each all game: its parts are reused
    for game in games:
        for i, name in enumerate(game.players[:seats]):
            assert worth[i].of(game.state) == reference(game, name)


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**63 - 1))
def test_the_greedy_bot_leaves_the_game_it_weighs_as_it_was(players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = start(players, seed)
    for _ in range(60):
        if game.over:
            break
        before = snapshot(game.state)
        action = greedy_bot(game, rng)
        assert snapshot(game.state) == before
        game = game.apply(action)


def test_reach_reads_the_stars_next_to_a_mask_from_its_tables() -> None:
    rng = random.Random(1)
    for info in cards():
        masks = [0, info.full, *(1 << n for n in range(info.size))]
        masks += [rng.randrange(info.full + 1) for _ in range(200)]
        for mask in masks:
            near = 0
            for n in range(info.size):
                if mask >> n & 1:
                    near |= info.neighbours[n]
            assert reach(info, mask) == near


@given(st.integers(0, 2**32 - 1), st.integers(1, 20))
def test_a_pick_draws_the_item_choice_draws(seed: int, size: int) -> None:
    items = tuple(range(10, 10 + size))
    mine, theirs = random.Random(seed), random.Random(seed)
    for _ in range(20):
        assert _pick(mine, items) == theirs.choice(items)
    assert mine.getstate() == theirs.getstate()


def test_an_observe_stays_a_frozen_value() -> None:
    a, b = Observe("Taurus", (10, 8)), Observe("Taurus", (10, 8))
    assert a == b and hash(a) == hash(b) and a != Observe("Taurus", (10,))
    assert repr(a) == "Observe(card='Taurus', stars=(10, 8))"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.card = "Leo"  # type: ignore[misc]
