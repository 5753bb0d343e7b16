"""Cosmos bots play whole legal games; the random bot draws only what ``legal()`` lists;
the greedy bot beats random ones clearly."""

from __future__ import annotations

import random

import pytest

from pnp.cosmos.actions import Action, Keep
from pnp.cosmos.bots import BOTS, greedy_bot, random_bot
from pnp.cosmos.game import Game
from pnp.cosmos.sample import pick_bit
from pnp.play.cosmos_simulate import NAMES, game_seed, play


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_play_whole_games(players: int, bot: str) -> None:
    for k in range(3 if bot == "random" else 1):
        played = play(players, game_seed(players, k), BOTS[bot])
        game = played.game
        assert game.over and game.players == NAMES[:players]
        final, won, _ = game.final()
        assert len(final) == players and won
        replayed = Game.start(NAMES[:players], played.seed)
        for action in played.actions:
            replayed = replayed.apply(action)
        assert replayed.state == game.state


def _listed(game: Game, action: Action) -> bool:
    if isinstance(action, Keep):  # legal() lists the others in the order drawn only
        return any(isinstance(a, Keep) and a.card == action.card for a in game.legal())
    return action in game.legal()


@pytest.mark.parametrize("seed", range(12))
def test_the_random_bot_draws_a_legal_action(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.start(NAMES[: 2 + seed % 3], seed)
    while not game.over:
        action = random_bot(game.state, rng)
        assert _listed(game, action), action
        game = game.apply(action)


def test_pick_bit_draws_every_set_bit() -> None:
    rng = random.Random(1)
    mask = 0b1010_0000_0001_0110
    drawn = {pick_bit(mask, rng) for _ in range(400)}
    assert drawn == {1, 2, 4, 13, 15}


def test_the_greedy_bot_beats_random_ones() -> None:
    wins = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = Game.start(("Greedy", "R1", "R2"), seed)
        while not game.over:
            bot = greedy_bot if game.to_move == 0 else random_bot
            game = game.apply(bot(game.state, rng))
        wins += 0 in game.final()[1]
    assert wins >= 8
