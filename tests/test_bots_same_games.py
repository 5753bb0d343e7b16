"""The greedy bots play the same games as ever: the logs of a few simulated games of each
game are pinned by their hash, taken before the bots learnt to prune their evaluations.
A speed-up must not change a single choice (ties included). If this fails after an
intended change of the bots' play or of the log format, check that the change is meant,
then pin the new hash."""

from __future__ import annotations

import hashlib

from pnp.play import astra_simulate, starcharts_simulate
from pnp.starcharts.chart import load_chart
from pnp.starcharts.setup import Variant

STARCHARTS = [  # chart, players, variant, seed
    ("orion-10-obstacles", 4, None, 1),
    ("lyra-8", 3, None, 2),
    ("cygnus-8-obstacles", 2, None, 3),
    ("leo-10", 1, Variant.VERSUS_AI, 4),
    ("serpens-10-obstacles", 1, Variant.SOLO, 5),
]
ASTRA = [(3, 1), (2, 2), (5, 3)]  # players, seed; and a solo game
PINNED = {
    "starcharts": "a9059d796d70769e142e2681bcf5a0a42615cb3d2c5bf2f309a2fd8b4348b249",
    "astra": "5b6dd6fc602d70d8ab3025b58618bb3bccd3b579a2ada1e21a8d9b09618dc74e",
}


def digest(logs: list[str]) -> str:
    return hashlib.sha256("\0".join(logs).encode()).hexdigest()


def starcharts_logs() -> list[str]:
    logs: list[str] = []
    for chart_id, players, variant, seed in STARCHARTS:
        chart = load_chart(chart_id)
        logs += starcharts_simulate.simulate(
            chart, players, 3, seed, "greedy", variant, keep_logs=True
        )[1]
    return logs


def astra_logs() -> list[str]:
    logs: list[str] = []
    for players, seed in ASTRA:
        logs += astra_simulate.simulate(players, 2, seed, "greedy", keep_logs=True)[1]
    return logs + astra_simulate.simulate(1, 2, 4, "greedy", True, None, frozenset())[1]


def test_greedy_star_charts_games_are_unchanged() -> None:
    assert digest(starcharts_logs()) == PINNED["starcharts"]


def test_greedy_astra_games_are_unchanged() -> None:
    assert digest(astra_logs()) == PINNED["astra"]
