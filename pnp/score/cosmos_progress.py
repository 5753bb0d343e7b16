"""A game log that stops before the game's end (``pnp cosmos check --unfinished``): legal
so far, who decides next, and each player's points so far by source. Advanced life lies
face down until the end, so it is counted, not valued."""

from __future__ import annotations

from typing import Any, NamedTuple

from pnp.cosmos.game import Game
from pnp.cosmos.state import Points
from pnp.cosmos.text import Lang, text

_KEYS = ("nebulae", "time-chamber", "card-sets", "power-cards", "goals")


class SoFar(NamedTuple):
    name: str
    points: Points
    advanced: int  # advanced life tokens face down
    energy_cards: int


class Progress(NamedTuple):
    round: int  # counted from 1, as the log's "# round N"
    next: str  # who decides next
    like: str  # legal decisions, as a log writes them
    players: tuple[SoFar, ...]  # seating order


def progress(game: Game, like: str) -> Progress:
    """Where the unfinished ``game`` stands; ``like`` names decisions it takes next."""
    s = game.state
    players = tuple(
        SoFar(name, p.points, len(p.board.advanced), p.cards)
        for name, p in zip(s.names, s.players, strict=True)
    )
    return Progress(s.round + 1, s.names[game.to_move], like, players)


def format_progress(p: Progress, lang: Lang = Lang.EN) -> str:
    def said(key: str, **values: object) -> str:
        return text(f"report.{key}", lang).format(**values)

    lines = [
        said("so-far-header", players=len(p.players), round=p.round, name=p.next, like=p.like),
        "",
    ]
    for player in p.players:
        sources = ", ".join(
            f"{said(key).lower()} {n}" for key, n in zip(_KEYS, player.points, strict=True) if n
        )
        lines.append(
            said(
                "so-far-player",
                name=player.name,
                total=sum(player.points),
                sources=sources or said("so-far-none"),
                advanced=player.advanced,
                cards=player.energy_cards,
            )
        )
    return "\n".join([*lines, "", said("so-far-foot")]) + "\n"


def progress_json(p: Progress) -> dict[str, Any]:
    return {
        "over": False,
        "round": p.round,
        "next": p.next,
        "players": [
            {
                "name": player.name,
                "total": sum(player.points),
                "points": dict(zip(_KEYS, player.points, strict=True)),
                "advanced_life_face_down": player.advanced,
                "energy_cards": player.energy_cards,
            }
            for player in p.players
        ],
    }
