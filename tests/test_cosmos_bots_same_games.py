"""Both Cosmos bots play the same games as ever: the decisions of a few seeded games (in
the log notation) are pinned by their hash. An engine speed-up must not change a single
decision; if this fails after an intended change of the rules or of the bots' play,
check that the change is meant, then pin the new hash."""

from __future__ import annotations

import hashlib

import pytest

from pnp.cosmos.bots import BOTS
from pnp.cosmos.notation import format_action
from pnp.play.cosmos_simulate import play

GAMES = [(2, 1), (3, 2), (4, 3)]  # players, seed
PINNED = {
    "random": "2de6c224e300d732ae698f4c6455e66b5a234d363a3d65e40678c7d8211ddb4e",
    "greedy": "105da59e29336f02e5df3517bd3e901d50689ebf099c685ec3a174f705011cd7",
}


def digest(bot: str) -> str:
    games = []
    for players, seed in GAMES:
        played = play(players, seed, BOTS[bot])
        games.append("; ".join(map(format_action, played.actions)))
    return hashlib.sha256("\n".join(games).encode()).hexdigest()


@pytest.mark.parametrize("bot", sorted(PINNED))
def test_the_bots_play_the_same_games(bot: str) -> None:
    assert digest(bot) == PINNED[bot]
