"""Scoring a finished game of Astra from its end-of-game file: each part of every
player's final scoring, the totals and the winners (a tie shares the victory), as a
table or JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from pnp.astra.endgame import parse_endgame
from pnp.astra.final import EndGame, EndPlayer, FinalParts
from pnp.astra.scoring_cards import ScoringCard, scoring
from pnp.parsing import read_source


class PlayerScore(NamedTuple):
    player: EndPlayer
    marked: int  # stars marked on the constellations still around the board
    parts: FinalParts

    @property
    def total(self) -> int:
        return self.parts.total


class AstraResult(NamedTuple):
    game: EndGame
    players: tuple[PlayerScore, ...]  # seating order
    winners: tuple[str, ...]

    @property
    def verdict(self) -> str:
        best = max(p.total for p in self.players)
        if len(self.winners) == 1:
            return f"Winner: {self.winners[0]} with {best}"
        return f"Shared victory: {' and '.join(self.winners)} with {best}"


def load_endgame(path: Path) -> EndGame:
    return parse_endgame(read_source(path), str(path))


def score_endgame(game: EndGame) -> AstraResult:
    scores = [PlayerScore(p, game.marked(p.name), game.final(p)) for p in game.players]
    best = max(s.total for s in scores)
    winners = tuple(s.player.name for s in scores if s.total == best)
    return AstraResult(game, tuple(scores), winners)


def _parts(s: PlayerScore) -> list[tuple[str, str, int]]:
    """(JSON key, table label, Fame) for each part, in the rulebook's order."""
    p, parts = s.player, s.parts
    active = ", ".join(f"{c.name} {c.fame}" for c in p.active) or "none"
    return [
        ("fame", "Fame from play", parts.play_fame),
        ("pouch_size", "Pouch size", parts.pouch_size),
        ("card_limit", f"Card limit (Wisdom {p.wisdom})", parts.card_limit),
        ("stardust", f"Stardust {p.stardust} ÷ 3", parts.stardust),
        ("marked_stars", f"Marked stars {s.marked} ÷ 2", parts.marked),
        ("active_fame", f"Active cards: {active}", parts.active_fame),
        (
            "final_scoring",
            f"Final Scoring card {ScoringCard(p.final_scoring).key}",
            parts.card.total,
        ),
    ]


def _player(s: PlayerScore) -> list[str]:
    rows = _parts(s)
    width = max(len(label) for _, label, _ in rows) + 2
    lines = [s.player.name]
    lines += [f"  {label:<{width}}{points:>4}" for _, label, points in rows]
    card = s.parts.card
    named = zip(scoring().rows, card.rows, strict=True)
    lines.append("    rows: " + ", ".join(f"{e.value} {n}" for e, n in named))
    lines.append("    columns: " + ", ".join(str(n) for n in card.columns))
    lines.append(f"  {'total':<{width}}{s.total:>4}")
    return lines


def format_astra(result: AstraResult) -> str:
    board = ", ".join(b.card.name for b in result.game.board) or "no marks"
    lines = [f"Astra · {len(result.players)} players · board: {board}", ""]
    for s in result.players:
        lines += [*_player(s), ""]
    lines.append(result.verdict)
    return "\n".join(lines) + "\n"


def astra_json(result: AstraResult) -> dict[str, Any]:
    players = []
    for s in result.players:
        p, card = s.player, s.parts.card
        players.append(
            {
                "name": p.name,
                "total": s.total,
                "parts": {key: points for key, _, points in _parts(s)},
                "final_scoring": {
                    "card": ScoringCard(p.final_scoring).key,
                    "rows": {e.value: n for e, n in zip(scoring().rows, card.rows, strict=True)},
                    "columns": list(card.columns),
                },
                "active": [c.name for c in p.active],
                "exhausted": [c.card.name for c in p.cards if not c.active],
            }
        )
    return {"players": players, "winners": list(result.winners)}
