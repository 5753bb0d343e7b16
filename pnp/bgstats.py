"""A finished game as the play BG Stats imports: the JSON and the link that opens it.

Knows no game: each game turns its result into a ``Play`` and names itself through its
registry entry (``pnp.games.Game``: title, BoardGameGeek id, highest score wins).

The format is BG Stats' "push plays from other apps or websites"
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
``createPlay.html?data=`` and the URL-encoded JSON with ``sourceName``, ``sourcePlayId``,
``playDate`` ("YYYY-MM-DD HH:MM:SS"), ``game`` (``name``, ``bggId``, ``highestWins``,
``noPoints``, ``sourceGameId``), ``players`` (``name``, ``score``, ``winner``,
``startPlayer`` -- which the app requires --, ``rank``, ``sourcePlayerId``) and
``comments``."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import quote

from pnp.parsing import shown

if TYPE_CHECKING:
    from pnp.games import Game

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "pnp"


class Standing(NamedTuple):
    """One player's end of the game: the score, whether they won (ties share the
    victory) and what the score is made of, as (label, points) in the scorer's order."""

    name: str
    score: int
    winner: bool
    start: bool = False  # the start player, when the record says who it was
    parts: tuple[tuple[str, int], ...] = ()


class Play(NamedTuple):
    players: tuple[Standing, ...]  # seating order
    verdict: str = ""  # the scorer's last line: who won and why


def ranks(players: tuple[Standing, ...]) -> tuple[int, ...]:
    """1 + the number of players ahead: winners first (tie-breaks already decided who
    they are), then by score; equal players share a rank (1, 1, 3)."""
    keys = [(p.winner, p.score) for p in players]
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def parse_date(text: str) -> str:
    """``--date``: "YYYY-MM-DD HH:MM:SS", or a day alone (noon, so that the app's time
    zone cannot move it to another day), in ASCII digits. ValueError for anything else or
    no such day."""
    found = _DATE.fullmatch(text)
    try:
        if found is None:
            raise ValueError
        year, month, day, hour, minute, second = (int(n or 0) for n in found.groups())
        moment = datetime(year, month, day, hour if found[4] else 12, minute, second)
    except ValueError:
        raise ValueError(
            f"{shown(text)} is not a date (expected YYYY-MM-DD or YYYY-MM-DD HH:MM:SS, "
            "years 0001 to 9999)"
        ) from None
    return format_date(moment)


_DATE = re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?: ([0-9]{1,2}):([0-9]{2}):([0-9]{2}))?")


def format_date(moment: datetime) -> str:
    """The play date as BG Stats reads it, the year in four digits (strftime's ``%Y``
    writes the year 1 as "1" on glibc)."""
    return (
        f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d} "
        f"{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d}"
    )


def now() -> str:
    return format_date(datetime.now())


def comments(play: Play) -> str:
    lines = []
    for p in play.players:
        parts = "; ".join(f"{label} = {points}" for label, points in p.parts)
        lines.append(f"{p.name} {p.score}" + (f": {parts}" if parts else ""))
    if play.verdict:
        lines.append(play.verdict)
    return "\n".join(lines)


def play_json(game: Game, play: Play, date: str, number: int = 0) -> dict[str, Any]:
    """The play BG Stats imports. Same play and date, same JSON: the play id is made of
    the game, the date, the players, a digest of the scores and their parts (two
    different games of the same players on the same day are two plays) and ``number``
    (the play's place among several of one command), so importing it twice is
    recognised."""
    import hashlib

    source_game = f"{SOURCE}-{game.id}"
    names = ",".join(p.name for p in play.players)
    digest = hashlib.sha256(comments(play).encode("utf-8")).hexdigest()[:10]
    out_game: dict[str, Any] = {
        "name": game.title,
        "highestWins": game.highest_wins,
        "noPoints": False,
        "sourceGameId": source_game,
    }
    if game.bgg_id is not None:
        out_game["bggId"] = game.bgg_id
    players = [
        {
            "name": p.name,
            "score": p.score,
            "winner": p.winner,
            "startPlayer": p.start,
            "rank": rank,
            "sourcePlayerId": p.name,
        }
        for p, rank in zip(play.players, ranks(play.players), strict=True)
    ]
    return {
        "sourceName": SOURCE,
        "sourcePlayId": f"{source_game}/{date}/{names}/{digest}" + (f"/{number}" if number else ""),
        "playDate": date,
        "game": out_game,
        "players": players,
        "comments": comments(play),
    }


def dumps(data: Any, indent: int | None = None) -> str:
    """Sorted keys: the same play is the same text, byte for byte."""
    separators = (",", ": ") if indent else (",", ":")
    return json.dumps(
        data, ensure_ascii=False, sort_keys=True, indent=indent, separators=separators
    )


def link(data: dict[str, Any]) -> str:
    return CREATE_PLAY + quote(dumps(data), safe="")
