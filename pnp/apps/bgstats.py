"""A finished game as the play BG Stats imports: the JSON and the link that opens it.

Knows no game: each game turns its result into a ``Play`` and names itself through its
registry entry (``pnp.games.Game``: title, BoardGameGeek id, highest score wins).

The format is BG Stats' "push plays from other apps or websites"
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
``createPlay.html?data=`` and the URL-encoded JSON with ``sourceName``, ``sourcePlayId``,
``playDate`` ("YYYY-MM-DD HH:MM:SS" in UTC: apps that push plays write the end of the
play in UTC and BG Stats shows it in the phone's time), ``durationMin``, ``board``,
``game`` (``name``, ``bggId``, ``highestWins``, ``noPoints``, ``sourceGameId``),
``players`` (``name``, ``score``, ``winner``, ``startPlayer`` -- which the app
requires --, ``rank``, ``role``, ``sourcePlayerId``) and ``comments``."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import quote

from pnp.errors import shown

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
    role: str = ""  # BG Stats' role: a Cosmos player's edition seat, Astra's solo side


class Play(NamedTuple):
    players: tuple[Standing, ...]  # seating order
    verdict: str = ""  # the scorer's last line: who won and why
    board: str = ""  # BG Stats' board: the chart and variant, the difficulty, the edition
    notes: tuple[str, ...] = ()  # more lines for the comments (a solo opponent's score)


class Stamp(NamedTuple):
    """What the play is besides its result: when it ended (UTC, as BG Stats reads
    ``playDate``), the digest of the game's files (the play's identity) and how long it
    lasted, when the files say."""

    date: str
    identity: str
    duration: int | None = None


def ranks(players: tuple[Standing, ...]) -> tuple[int, ...]:
    """1 + the number of players ahead: winners first (tie-breaks already decided who
    they are), then by score; equal players share a rank (1, 1, 3)."""
    keys = [(p.winner, p.score) for p in players]
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def parse_date(text: str, zone: tzinfo | None = None) -> str:
    """``--date`` or a game file's ``# played:`` line → the UTC time BG Stats reads:
    "YYYY-MM-DD", "YYYY-MM-DD HH:MM" or "YYYY-MM-DD HH:MM:SS" in ASCII digits, then
    optionally "Z", "UTC" or "+HH:MM"/"-HH:MM"; without a zone, the time is this
    computer's (``zone`` stands in for it). A day alone is its noon, so that no zone can
    move it to another day. ValueError for anything else or no such moment."""
    found = _DATE.fullmatch(text)
    try:
        if found is None:
            raise ValueError
        year, month, day, hour, minute, second = (int(n or 0) for n in found.groups()[:6])
        moment = datetime(year, month, day, hour if found[4] else 12, minute, second)
        if found[7]:
            moment = moment.replace(tzinfo=_zone(found[7]))
        elif zone is not None:
            moment = moment.replace(tzinfo=zone)
        return format_date(_utc(moment))
    except (ValueError, OverflowError, OSError):
        raise ValueError(
            f"{shown(text)} is not a date (expected YYYY-MM-DD, YYYY-MM-DD HH:MM or "
            "YYYY-MM-DD HH:MM:SS, years 0001 to 9999, then optionally Z, UTC or +HH:MM)"
        ) from None


_DATE = re.compile(
    r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})"
    r"(?: ([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?)?"
    r" ?(Z|UTC|[+-][0-9]{2}:[0-9]{2})?"
)


def _utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a local time the C library cannot place (the years near 1 and
    9999) with the zone's offset of today."""
    try:
        return moment.astimezone(UTC)
    except (OverflowError, OSError, ValueError):
        if moment.tzinfo is not None:
            raise
        return moment.replace(tzinfo=datetime.now().astimezone().tzinfo).astimezone(UTC)


def _zone(text: str) -> tzinfo:
    if text in ("Z", "UTC"):
        return UTC
    offset = timedelta(hours=int(text[1:3]), minutes=int(text[4:6]))
    return timezone(-offset if text[0] == "-" else offset)  # ValueError past 24 h


def format_date(moment: datetime) -> str:
    """The play date as BG Stats reads it, the year in four digits (strftime's ``%Y``
    writes the year 1 as "1" on glibc)."""
    return (
        f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d} "
        f"{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d}"
    )


def now() -> str:
    """The end of the play, when it is scored as it ends: now, in UTC."""
    return format_date(datetime.now(UTC))


def comments(play: Play) -> str:
    lines = []
    for p in play.players:
        parts = "; ".join(f"{label} = {points}" for label, points in p.parts)
        lines.append(f"{p.name} {p.score}" + (f": {parts}" if parts else ""))
    lines += play.notes
    if play.verdict:
        lines.append(play.verdict)
    return "\n".join(lines)


def play_json(game: Game, play: Play, stamp: Stamp, number: int = 0) -> dict[str, Any]:
    """The play BG Stats imports. The play id is the game's and a digest of its files
    (``stamp.identity``) with ``number`` (the play's place among several of one file), so
    a game sent again, on any day, is the same play and BG Stats does not count it twice;
    the same play and stamp give the same JSON."""
    source_game = f"{SOURCE}-{game.id}"
    out_game: dict[str, Any] = {
        "name": game.title,
        "highestWins": game.highest_wins,
        "noPoints": False,
        "sourceGameId": source_game,
    }
    if game.bgg_id is not None:
        out_game["bggId"] = game.bgg_id
    players = []
    for p, rank in zip(play.players, ranks(play.players), strict=True):
        player: dict[str, Any] = {
            "name": p.name,
            "score": p.score,
            "winner": p.winner,
            "startPlayer": p.start,
            "rank": rank,
            "sourcePlayerId": p.name,
        }
        if p.role:
            player["role"] = p.role
        players.append(player)
    data: dict[str, Any] = {
        "sourceName": SOURCE,
        "sourcePlayId": f"{source_game}/{stamp.identity}" + (f"/{number}" if number else ""),
        "playDate": stamp.date,
        "game": out_game,
        "players": players,
        "comments": comments(play),
    }
    if play.board:
        data["board"] = play.board
    if stamp.duration is not None:
        data["durationMin"] = stamp.duration
    return data


def dumps(data: Any, indent: int | None = None) -> str:
    """Sorted keys: the same play is the same text, byte for byte."""
    separators = (",", ": ") if indent else (",", ":")
    return json.dumps(
        data, ensure_ascii=False, sort_keys=True, indent=indent, separators=separators
    )


def link(data: dict[str, Any]) -> str:
    """``:`` and ``,`` stay as they are (a query may hold them): a shorter link, and a
    smaller QR code."""
    return CREATE_PLAY + quote(dumps(data), safe=":,")
