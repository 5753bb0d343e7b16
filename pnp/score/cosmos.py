"""Scoring a game of the published Crafting the Cosmos from its record (``counts`` mode):
each goal's placements, each player's points by source with the advanced life, the
totals and the winners with the tie-break, as a table or JSON."""

from __future__ import annotations

from os import PathLike
from typing import Any, NamedTuple

from pnp.cosmos.content import main_board
from pnp.cosmos.record import SOURCES, GoalRecord, PlayerRecord, Record
from pnp.cosmos.record_file import parse_record
from pnp.cosmos.scoring import TieBreak, placements, winners
from pnp.cosmos.text import Lang, text
from pnp.errors import SourceError
from pnp.text.parsing import other_kind, read_source

# a game log's header: "players: Ann, Ben" or "seed: 7" (a record's is players = […])
_LOG = r"^[ \t]*(?:players[ \t]*:[ \t]*[^\s\[\"'#]|seed[ \t]*:[ \t]*[0-9])"


class GoalScore(NamedTuple):
    record: GoalRecord
    points: tuple[int, ...]  # seating order


class PlayerScore(NamedTuple):
    player: PlayerRecord
    goals: int  # points from universal goals

    @property
    def advanced_life(self) -> int:
        return sum(self.player.advanced_life)

    @property
    def total(self) -> int:
        return sum(self.player.points) + self.goals + self.advanced_life


class CosmosResult(NamedTuple):
    goals: tuple[GoalScore, ...]  # in the order scored
    players: tuple[PlayerScore, ...]  # seating order
    winners: tuple[str, ...]
    tie_break: TieBreak

    def said(self, lang: Lang = Lang.EN) -> str:
        """The verdict in ``lang``."""
        won = [p for p in self.players if p.player.name in self.winners]
        names = text("report.and", lang).join(self.winners)
        points, cards = won[0].total, won[0].player.energy_cards
        if self.tie_break is TieBreak.NONE:
            return text("report.winner", lang).format(names=names, points=points)
        if self.tie_break is TieBreak.SHARED:
            return text("report.shared", lang).format(names=names, points=points, cards=cards)
        others = [p.player.name for p in self.players if p.total == points and p not in won]
        return text("report.winner-cards", lang).format(
            names=names, points=points, others=text("report.and", lang).join(others), cards=cards
        )


def load_record(path: str | PathLike[str]) -> Record:
    """The record in the file at ``path``. A game log (``pnp cosmos check``'s) given
    instead is one problem that says so, where its header starts."""
    text, name = read_source(path), str(path)
    try:
        return parse_record(text, name)
    except SourceError:
        import shlex

        use = f"replay and score it with `pnp cosmos check {shlex.quote(name)}`"
        wrong = other_kind(text, name, _LOG, f"this is a game log, not a game record: {use}")
        if wrong is None:
            raise
        raise wrong from None


def score_record(record: Record) -> CosmosResult:
    points = main_board().placements
    scored = tuple(GoalScore(g, placements(g.counts, points)) for g in record.goals)
    players = tuple(
        PlayerScore(p, sum(g.points[i] for g in scored)) for i, p in enumerate(record.players)
    )
    won, tie_break = winners([p.total for p in players], [p.player.energy_cards for p in players])
    return CosmosResult(scored, players, tuple(players[i].player.name for i in won), tie_break)


def _said(key: str, lang: Lang, **values: object) -> str:
    return text(f"report.{key}", lang).format(**values)


def _rows(s: PlayerScore, lang: Lang) -> list[tuple[str, str, int]]:
    """(JSON key, table label, points) for each source, then what pnp adds."""
    rows = [(k, _said(k, lang), v) for k, v in zip(SOURCES, s.player.points, strict=True)]
    values = " + ".join(str(v) for v in s.player.advanced_life)
    life = _said("advanced-life", lang) + (f" {values}" if values else "")
    return [
        *rows,
        ("goals", _said("goals", lang), s.goals),
        ("advanced-life", life, s.advanced_life),
    ]


def _goal_lines(result: CosmosResult, lang: Lang) -> list[str]:
    lines = [_said("goals-heading", lang)]
    if not result.goals:
        return [*lines, _said("no-goals", lang)]
    width = max(len(g.record.goal.title(lang)) for g in result.goals) + 2
    names = [p.player.name for p in result.players]
    for n, g in enumerate(result.goals, 1):
        each = zip(names, g.record.counts, g.points, strict=True)
        said = [_said("goal-player", lang, name=a, count=c, points=p) for a, c, p in each]
        lines.append(f"  {n}. {g.record.goal.title(lang):<{width}}" + " · ".join(said))
    return lines


def _width(result: CosmosResult, lang: Lang) -> int:
    """The label column's width, the same for every player."""
    labels = [label for s in result.players for _, label, _ in _rows(s, lang)]
    return max(len(label) for label in [*labels, _said("energy-cards", lang)]) + 2


def _player(s: PlayerScore, lang: Lang, width: int) -> list[str]:
    lines = [s.player.name]
    lines += [f"  {label:<{width}}{points:>4}" for _, label, points in _rows(s, lang)]
    lines.append(f"  {_said('total', lang):<{width}}{s.total:>4}")
    lines.append(f"  {_said('energy-cards', lang):<{width}}{s.player.energy_cards:>4}")
    return lines


def format_cosmos(result: CosmosResult, lang: Lang = Lang.EN) -> str:
    n = len(result.goals)
    goals = _said("goals-count-1", lang) if n == 1 else _said("goals-count", lang, n=n)
    lines = [_said("header", lang, players=len(result.players), goals=goals), ""]
    lines += [*_goal_lines(result, lang), ""]
    width = _width(result, lang)
    for s in result.players:
        lines += [*_player(s, lang, width), ""]
    lines.append(result.said(lang))
    return "\n".join(lines) + "\n"


def cosmos_json(result: CosmosResult) -> dict[str, Any]:
    names = [p.player.name for p in result.players]
    goals = [
        {
            "id": g.record.goal.id,
            "counts": dict(zip(names, g.record.counts, strict=True)),
            "points": dict(zip(names, g.points, strict=True)),
        }
        for g in result.goals
    ]
    players = [
        {
            "name": s.player.name,
            "total": s.total,
            "points": {key: points for key, _, points in _rows(s, Lang.EN)},
            "advanced_life": list(s.player.advanced_life),
            "energy_cards": s.player.energy_cards,
        }
        for s in result.players
    ]
    return {
        "goals": goals,
        "players": players,
        "winners": list(result.winners),
        "tie_break": result.tie_break.value,
    }
