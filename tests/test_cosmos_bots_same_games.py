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
    "random": "af83fe34dce29a4fc29b229f1db689a001926e65934234e474d495b8736defb7",
    "greedy": "f871169b49feaff43f3eb884953d290453fede84f637db4e5313121a68dc0551",
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
