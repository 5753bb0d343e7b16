"""The Journal's tracks, read from ``data/astra/journal.toml``: what a player's marks on
each track are worth. The journal page prints these tracks and the scorer and the engine
count with them, so a printed journal always matches its scorer."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from pnp.errors import Problem, SourceError
from pnp.system.paths import data_file
from pnp.text.parsing import parse_toml


def _count(marked: int, what: str) -> int:
    if marked < 0:
        raise ValueError(f"{what} cannot be negative, not {marked}")
    return marked


class FameTrack(NamedTuple):
    spots: int  # numbered 1…spots

    def spot(self, fame: int) -> int:
        """The numbered spot a Fame total ends on (0: none yet); past the last spot the
        count goes on from 1."""
        return (_count(fame, "Fame") - 1) % self.spots + 1 if fame else 0


class PouchTrack(NamedTuple):
    start: int  # the size before any spot is marked, printed already marked
    last: int  # the largest size; gains past it are ignored

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers printed over the spots, left to right."""
        return tuple(range(self.start + 1, self.last + 1))

    def mark(self, marked: int, gain: int) -> int:
        """Spots marked after gaining ``gain`` Pouch size with ``marked`` marked."""
        return min(_count(marked, "Pouch spots") + _count(gain, "A gain"), len(self.numbers))

    def size(self, marked: int) -> int:
        """The Pouch size with ``marked`` spots marked: the number over the last one."""
        return self.start + min(_count(marked, "Pouch spots"), len(self.numbers))


class WisdomSection(NamedTuple):
    first: int  # spots, counted from 1
    last: int
    limit: int  # the card limit once the section is complete


class WisdomTrack(NamedTuple):
    start: int  # the card limit before any section is complete
    spots: int
    sections: tuple[WisdomSection, ...]

    def mark(self, marked: int, gain: int) -> int:
        """Spots marked after gaining ``gain`` Wisdom with ``marked`` marked (the excess
        is lost)."""
        return min(_count(marked, "Wisdom spots") + _count(gain, "A gain"), self.spots)

    def card_limit(self, marked: int) -> int:
        """The number over the last complete section, or the starting limit."""
        _count(marked, "Wisdom spots")
        return max((s.limit for s in self.sections if s.last <= marked), default=self.start)


class Journal(NamedTuple):
    fame: FameTrack
    pouch: PouchTrack
    wisdom: WisdomTrack


def read_data(name: str) -> tuple[str, dict[str, Any]]:
    """A TOML file of ``data/astra`` and its path; a syntax error is reported at its line."""
    path = data_file("astra", name)
    with open(path, encoding="utf-8") as file:
        return path, parse_toml(file.read(), path)


def _sections(start: int, spots: int, ends: list[int], limits: list[int]) -> list[WisdomSection]:
    firsts = [1, *(end + 1 for end in ends[:-1])]
    if (
        len(ends) != len(limits)
        or not ends
        or ends[-1] != spots
        or any(a >= b for a, b in zip([0, *ends], ends, strict=False))
        or any(a >= b for a, b in zip([start, *limits], limits, strict=False))
    ):
        raise ValueError("sections must end at rising spots up to the last, with rising limits")
    return [WisdomSection(f, e, n) for f, e, n in zip(firsts, ends, limits, strict=True)]


@cache
def journal() -> Journal:
    path, data = read_data("journal.toml")
    try:
        fame, pouch, wisdom = data["fame"], data["pouch"], data["wisdom"]
        if fame["spots"] < 1 or pouch["start"] >= pouch["last"]:
            raise ValueError("the Fame and Pouch tracks need at least one spot")
        sections = _sections(wisdom["start"], wisdom["spots"], wisdom["ends"], wisdom["limits"])
        return Journal(
            FameTrack(fame["spots"]),
            PouchTrack(pouch["start"], pouch["last"]),
            WisdomTrack(wisdom["start"], wisdom["spots"], tuple(sections)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise SourceError([Problem(str(path), 1, 1, f"bad journal: {exc}")]) from None


@cache  # pure, and asked for on every turn by the engine
def card_limit(wisdom_spots: int) -> int:
    """The card limit with ``wisdom_spots`` Wisdom spots marked."""
    return journal().wisdom.card_limit(wisdom_spots)


@cache  # a Grand star marked gains 1 Wisdom: the bots weigh thousands
def wisdom_spots(marked: int, gain: int) -> int:
    """Wisdom spots marked after gaining ``gain`` Wisdom with ``marked`` marked."""
    return journal().wisdom.mark(marked, gain)


@cache
def pouch_size(spots: int) -> int:
    """The Pouch size with ``spots`` Pouch size spots marked (the starting 5 not counted)."""
    return journal().pouch.size(spots)


def fame_spot(fame: int) -> int:
    """The Fame track spot a Fame total ends on."""
    return journal().fame.spot(fame)
