"""What a play's files say about it besides the result, for BG Stats (``pnp.apps.bgstats``):
their digest, which makes the play's identity, and the comment lines ``# played:`` and
``# duration:`` that any game's text format may carry. Knows no game.

They are comments so that every format, and every checker, reads the file as before."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import NamedTuple

from pnp.errors import InputError, Problem, SourceError

_CHUNK = 1 << 20
MAX_MINUTES = 10_000  # a week of play: more is a typing slip
_NOTE = re.compile(r"[ \t]*#[ \t]*(played|duration)[ \t]*:[ \t]*(.*?)[ \t]*\r?$", re.IGNORECASE)


class Said(NamedTuple):
    date: str | None  # UTC, as ``pnp.apps.bgstats.parse_date`` writes it
    duration: int | None  # minutes


def digest(paths: Sequence[str]) -> str:
    """16 hex digits of SHA-256 over the files, each preceded by its length: a text
    file's lines without its comment lines, blank lines and trailing spaces (so a
    ``# played:`` line added later leaves the play the same), a photo's or a PDF's
    bytes. The same game gives the same digest, on any computer and any day."""
    total = hashlib.sha256()
    for path in paths:
        data = _content(path)
        total.update(f"{len(data)}:".encode() + hashlib.sha256(data).digest())
    return total.hexdigest()[:16]


def _content(path: str) -> bytes:
    chunks = []
    try:
        with open(path, "rb") as file:
            while chunk := file.read(_CHUNK):
                chunks.append(chunk)
    except OSError as exc:
        raise InputError(path, f"cannot read it: {exc.strerror}") from None
    data = b"".join(chunks)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    lines = (line.rstrip() for line in text.removeprefix("\ufeff").splitlines())
    kept = [line for line in lines if line and not line.lstrip().startswith("#")]
    return "\n".join(kept).encode("utf-8")


def said(path: str, text: str) -> Said:
    """The ``# played: DATE`` and ``# duration: MINUTES`` lines of a game's text (the
    last of each counts); a value that is not one is a problem at its place."""
    from pnp.apps.bgstats import parse_date
    from pnp.errors import shown

    date: str | None = None
    minutes: int | None = None
    problems = []
    for number, line in enumerate(text.split("\n"), 1):
        found = _NOTE.fullmatch(line)
        if found is None:
            continue
        key, value = found[1].lower(), found[2]
        col = found.start(2) + 1
        if key == "played":
            try:
                date = parse_date(value)
            except ValueError as exc:
                problems.append(Problem(path, number, col, str(exc)))
        elif value.isascii() and value.isdigit() and 0 < int(value) <= MAX_MINUTES:
            minutes = int(value)
        else:
            problems.append(
                Problem(
                    path,
                    number,
                    col,
                    f"{shown(value)} is not a duration (expected minutes, 1 to {MAX_MINUTES})",
                )
            )
    if problems:
        raise SourceError(problems)
    return Said(date, minutes)


def said_in(paths: Sequence[str]) -> Said:
    """What the text files among ``paths`` say (photos and PDFs say nothing here)."""
    from pnp.text.parsing import read_input

    date: str | None = None
    minutes: int | None = None
    for path in paths:
        try:
            text = read_input(path).decode("utf-8")
        except (UnicodeDecodeError, InputError):
            continue  # a photo, a PDF: already read by the scorer, no comments in them
        found = said(path, text)
        date = found.date or date
        minutes = found.duration or minutes
    return Said(date, minutes)
