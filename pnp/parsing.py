"""Helpers shared by the text-format parsers."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import Problem, SourceError


def read_source(path: Path) -> str:
    """A text file's contents; not UTF-8 is a problem at 1:1 (OS errors pass through)."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError([Problem(str(path), 1, 1, f"not UTF-8 text ({exc.reason})")]) from None


def source_lines(text: str) -> list[str]:
    """Lines as an editor numbers them: split on LF (CRLF and CR too), and nothing else
    (``str.splitlines`` would also split on form feeds and Unicode separators)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def strip_comment(line: str) -> str:
    """The line without a ``#`` comment and trailing white space."""
    return line.split("#", 1)[0].rstrip()
