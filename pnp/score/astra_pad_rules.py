"""What an Astra pad record's points allow (spec astra.md "Journal", "Final Scoring
cards", "Final scoring"; issue 29): each check a named rule whose message says what was
expected, every problem at the line and column of its value. A value not read surely
(``?``) stops scoring there; so does a written total the rows do not make. The winners
are the highest totals, a tie sharing the victory."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import product
from typing import NamedTuple

from pnp.errors import Problem, SourceError
from pnp.score.astra_pad import LABELS, MAX_POINTS, ROWS, UNREAD, AstraPad, PadColumn

MIN_PLAYERS, MAX_PLAYERS = 2, 5
RULES = {
    "astra.pad.unread": "a number read from a photo of the pad is sure, not ?",
    "astra.pad.players": "2 to 5 columns, each player named once",
    "astra.pad.range": "every row and total a whole number 0 to 9,999",
    "astra.pad.pouch": "the Pouch size is one the Journal's Pouch track reaches",
    "astra.pad.card-limit": "the card limit is one the Journal's Wisdom track gives",
    "astra.pad.active-fame": "Active cards' Fame is at most the card limit times a card's most",
    "astra.pad.final-scoring": "a Final Scoring card scores what some marking of it reaches",
    "astra.pad.total": "a written total is the sum of the player's rows",
}
_UNREAD = "was not read surely from the photo: look at the pad and write it"


class PadScore(NamedTuple):
    name: str
    rows: tuple[int, ...]  # ROWS order

    @property
    def total(self) -> int:
        return sum(self.rows)


class PadResult(NamedTuple):
    source: str
    players: tuple[PadScore, ...]  # the pad's column order
    winners: tuple[str, ...]


@cache
def pouch_sizes() -> frozenset[int]:
    from pnp.astra.journal import journal

    pouch = journal().pouch
    return frozenset(range(pouch.start, pouch.last + 1))


@cache
def card_limits() -> frozenset[int]:
    from pnp.astra.journal import journal

    wisdom = journal().wisdom
    return frozenset((wisdom.start, *(s.limit for s in wisdom.sections)))


@cache
def most_card_fame() -> int:
    from pnp.astra.constellations import constellations

    return max(c.fame for c in constellations())


@cache
def card_points(owned: int) -> frozenset[int]:
    """Every score a Final Scoring card reaches with at most ``owned`` cards owned (their
    elements marking its rows), computed from the cards' data."""
    from pnp.astra.scoring_cards import score_card, scoring

    s = scoring()
    found = set()
    for card in s.cards:
        for counts in product(range(s.spots + 1), repeat=len(s.rows)):
            if sum(counts) <= owned:
                found.add(score_card(card.pair, dict(zip(s.rows, counts, strict=True))).total)
    return frozenset(found)


def _spans(values: frozenset[int]) -> str:
    """The values as runs, ``0, 2 to 25, 27 or 28``."""
    runs: list[list[int]] = []
    for v in sorted(values):
        if runs and v == runs[-1][1] + 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    said = [str(a) if a == b else f"{a} to {b}" for a, b in runs]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" or {said[-1]}"


def check_pad(pad: AstraPad, path: str) -> list[Problem]:
    """Every problem the pad's points show, in order of their place in the file."""
    problems: list[Problem] = []

    def say(index: int, row: str, rule: str, message: str) -> None:
        problems.append(Problem(path, *pad.where(index, row), f"{message} [{rule}]"))

    count = len(pad.columns)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        message = f"Astra is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}"
        problems.append(Problem(path, *pad.where(0, "name"), f"{message} [astra.pad.players]"))
    seen: set[str] = set()
    for i, column in enumerate(pad.columns[:MAX_PLAYERS]):
        if column.name in seen:
            say(i, "name", "astra.pad.players", f"two columns are named {column.name!r}")
        seen.add(column.name)
        _column(i, column, say)
    return sorted(problems, key=lambda p: (p.line, p.col))


def _column(i: int, column: PadColumn, say: Callable[[int, str, str, str], None]) -> None:
    who = column.name
    unread = False
    for row in (*ROWS, "total"):
        value = column.row(row)
        if value == UNREAD:
            say(i, row, "astra.pad.unread", f"{who}'s {LABELS[row]} {_UNREAD}")
            unread = True
        elif isinstance(value, int) and not 0 <= value <= MAX_POINTS:
            given = value if abs(value) < 10**9 else "a number that large"
            message = f"{who}'s {LABELS[row]} is 0 to {MAX_POINTS:,}, not {given}"
            say(i, row, "astra.pad.range", message)
            unread = True
    if unread:
        return
    rows = dict(zip(ROWS, (int(v) for v in column.rows), strict=True))
    if rows["pouch_size"] not in pouch_sizes():
        message = (
            f"{who}'s Pouch size is {rows['pouch_size']}, but the Pouch track reaches "
            f"{_spans(pouch_sizes())} (it starts at {min(pouch_sizes())})"
        )
        say(i, "pouch_size", "astra.pad.pouch", message)
    limit = rows["card_limit"]
    if limit not in card_limits():
        message = (
            f"{who}'s card limit is {limit}, but the Wisdom track gives {_spans(card_limits())}"
        )
        say(i, "card_limit", "astra.pad.card-limit", message)
        limit = max(card_limits())
    most = limit * most_card_fame()
    if rows["active_fame"] > most:
        message = (
            f"{who}'s Active cards' Fame is {rows['active_fame']}, but with a card limit of "
            f"{limit} it is at most {most} ({most_card_fame()} a card)"
        )
        say(i, "active_fame", "astra.pad.active-fame", message)
    reached = card_points(limit)
    if rows["final_scoring"] not in reached:
        message = (
            f"{who}'s Final Scoring card scores {rows['final_scoring']}, which no card "
            f"reaches with at most {limit} cards owned (card limit {limit}): it scores "
            f"{_spans(reached)}"
        )
        say(i, "final_scoring", "astra.pad.final-scoring", message)
    total = sum(rows.values())
    if isinstance(column.total, int) and column.total != total:
        message = (
            f"{who}'s total is written {column.total}, but the rows make {total}: look at "
            "the pad for a number misread or added up wrong"
        )
        say(i, "total", "astra.pad.total", message)


def score_pad(pad: AstraPad, path: str) -> PadResult:
    """The checked scores of ``pad`` (read from ``path``), or a ``SourceError`` listing
    every problem."""
    problems = check_pad(pad, path)
    if problems:
        raise SourceError(problems)
    players = tuple(PadScore(c.name, tuple(int(v) for v in c.rows)) for c in pad.columns)
    best = max(p.total for p in players)
    return PadResult(path, players, tuple(p.name for p in players if p.total == best))
