"""Errors users see. Every one names where the problem is and what was expected."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

MAX_SHOWN = 100  # problems listed; past that, a hostile file only adds to a count


class Problem(NamedTuple):
    """One thing wrong in an input file, at a 1-based line and column. A NamedTuple (not
    a dataclass) because every command imports it: it is quicker to create at start-up."""

    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"


class PnpError(ValueError):
    """Base of every error pnp reports to a user instead of a traceback."""


class SourceError(PnpError):
    """One or more problems found in input files: the first ``MAX_SHOWN`` are kept and
    listed, the rest only counted (``more``)."""

    def __init__(self, problems: Iterable[Problem], more: int = 0) -> None:
        listed: list[Problem] = []
        for problem in problems:
            if len(listed) < MAX_SHOWN:
                listed.append(problem)
            else:
                more += 1
        self.problems = tuple(listed)
        self.more = more
        lines = [str(p) for p in self.problems]
        if more:
            lines.append(f"… and {more} more problem{'s' if more > 1 else ''}")
        super().__init__("\n".join(lines))


class InputError(PnpError):
    """An input file that cannot be read at all (a folder, a pipe, too large, no
    permission): reported as ``FILE: message``."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


class MissingFileError(InputError):
    """No file at that path (nor can there be: a NUL byte, a name too long)."""


class ProblemCollector:
    """Gathers problems while reading one file, so all of them are reported at once."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self.more = 0

    def add(self, line: int, col: int, message: str) -> None:
        if len(self.problems) < MAX_SHOWN:
            self.problems.append(Problem(self.path, line, col, message))
        else:
            self.more += 1

    def raise_if_any(self) -> None:
        if self.problems:
            raise SourceError(self.problems, self.more)


def close_matches(word: str, choices: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The choices a misspelt ``word`` may have meant (difflib's, loaded only then)."""
    import difflib

    return difflib.get_close_matches(word, choices, n, cutoff)


def shown(text: str, limit: int = 40) -> str:
    """``repr`` of user text for a message, cut short: a token may be a megabyte long."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"
