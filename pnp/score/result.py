"""Game results: what each player scored, item by item, and who won (with tie-breaks).
Built from finished sheets (``score``) or from a replayed log (``check``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

RATINGS = ((5, "You should try again"), (10, "Not bad"), (15, "Good!"), (20, "Great!"))


class BoxLine(NamedTuple):
    kind: str  # "claim", "skip", "number" (unchecked) or "empty"
    objective: str | None = None
    round: int | None = None
    points: int = 0


class PlayerResult(NamedTuple):
    name: str
    boxes: tuple[BoxLine, ...]
    filled: int | None
    unused: tuple[str, ...]
    penalty: int = 0  # versus the A.I.: low values of dealt cards not claimed
    penalty_cards: tuple[str, ...] = ()

    @property
    def filled_points(self) -> int:
        return 5 if self.filled == 5 else 0

    @property
    def total(self) -> int:
        return (
            sum(b.points for b in self.boxes)
            + self.filled_points
            + 3 * len(self.unused)
            - self.penalty
        )


class GameResult(NamedTuple):
    chart: str
    variant: str
    objectives: tuple[str, ...]
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    verdict: str  # one line: who won and why
    rounds: int | None = None
    extra: Mapping[str, object] = {}  # read only, so one shared default is safe


def rating(score: int) -> str:
    for limit, text in RATINGS:
        if score <= limit:
            return text
    return "Fantastic!"


def decide(players: tuple[PlayerResult, ...]) -> tuple[tuple[str, ...], str]:
    """Highest total wins; tie: most unused abilities; still tied: shared victory."""
    best = max(p.total for p in players)
    top = [p for p in players if p.total == best]
    if len(top) == 1:
        return (top[0].name,), f"Winner: {top[0].name} with {best}"
    most = max(len(p.unused) for p in top)
    still = [p for p in top if len(p.unused) == most]
    names = " and ".join(p.name for p in top)
    if len(still) == 1:
        others = ", ".join(str(len(p.unused)) for p in top if p is not still[0])
        return (still[0].name,), (
            f"Winner: {still[0].name}: {names} tie on {best}; "
            f"{still[0].name} has more unused abilities ({most} to {others})"
        )
    return tuple(p.name for p in still), (
        f"Shared victory: {' and '.join(p.name for p in still)} "
        f"with {best} and {most} unused abilities each"
    )


class MatchResult(NamedTuple):
    games: tuple[GameResult, ...]
    totals: tuple[tuple[str, int, int, int], ...]  # name, total, games won, best margin
    winners: tuple[str, ...]
    verdict: str


def decide_match(games: tuple[GameResult, ...]) -> MatchResult:
    """Extended game: cumulative score; tie: most games won; then the largest winning
    margin in a single game; then shared."""
    names = [p.name for p in games[0].players]
    rows = []
    for name in names:
        total = sum(p.total for g in games for p in g.players if p.name == name)
        won = sum(1 for g in games if name in g.winners)
        margin = 0
        for g in games:
            if name in g.winners:
                mine = next(p.total for p in g.players if p.name == name)
                rest = [p.total for p in g.players if p.name not in g.winners]
                margin = max(margin, mine - max(rest, default=mine))
        rows.append((name, total, won, margin))
    key = max((r[1], r[2], r[3]) for r in rows)
    top = [r for r in rows if (r[1], r[2], r[3]) == key]
    best_total = [r for r in rows if r[1] == key[0]]
    if len(best_total) == 1:
        verdict = f"Match winner: {top[0][0]} with {key[0]}"
    elif len(top) == 1:
        verdict = (
            f"Match winner: {top[0][0]}: tied on {key[0]}, decided by games won "
            f"({key[1]}) and the largest winning margin ({key[2]})"
        )
    else:
        verdict = f"Shared match victory: {' and '.join(r[0] for r in top)} with {key[0]}"
    return MatchResult(games, tuple(rows), tuple(r[0] for r in top), verdict)
