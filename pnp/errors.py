"""Errors users see. Every one names where the problem is and what was expected."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in an input file, at a 1-based line and column."""

    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"


class PnpError(ValueError):
    """Base of every error pnp reports to a user instead of a traceback."""


class SourceError(PnpError):
    """One or more problems found in an input file."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ProblemCollector:
    """Gathers problems while reading one file, so all of them are reported at once."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def add(self, line: int, col: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, col, message))

    def raise_if_any(self) -> None:
        if self.problems:
            raise SourceError(self.problems)
