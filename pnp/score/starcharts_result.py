"""A Star Charts game's result from its scored players, however they were scored (from
finished sheets or by replaying a log): the winners and each variant's verdict."""

from __future__ import annotations

from pnp.score.result import GameResult, PlayerResult, decide, rating
from pnp.starcharts.setup import Variant


def build_result(
    chart: str,
    variant: Variant,
    objectives: tuple[str, ...],
    players: tuple[PlayerResult, ...],
    rounds: int | None,
    solo_same_round: bool = True,
) -> GameResult:
    """Winners and the variant's verdict for scored players."""
    extra: dict[str, object] = {}
    if variant is Variant.SOLO:
        a, b = players
        if a.filled == 5 and b.filled == 5 and solo_same_round:
            high, diff = max(a.total, b.total), abs(a.total - b.total)
            extra["result"] = f"{high}:{diff}"
            verdict = f"Solo result: {high}:{diff} (higher sheet : difference)"
        else:
            extra["result"] = None
            verdict = "No solo result: both charts must be filled (5) in the same round"
        return GameResult(chart, variant.value, objectives, players, (), verdict, rounds, extra)
    if variant is Variant.VERSUS_AI:
        human = players[0]
        extra["rating"] = rating(human.total)
        verdict = f"{human.name} scores {human.total}: {extra['rating']}"
        return GameResult(
            chart, variant.value, objectives, players, (human.name,), verdict, rounds, extra
        )
    winners, verdict = decide(players)
    return GameResult(chart, variant.value, objectives, players, winners, verdict, rounds, extra)
