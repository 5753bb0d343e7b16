"""Helpers shared by the text-format parsers."""

from __future__ import annotations


def source_lines(text: str) -> list[str]:
    """Lines as an editor numbers them: split on LF (CRLF and CR too), and nothing else
    (``str.splitlines`` would also split on form feeds and Unicode separators)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def strip_comment(line: str) -> str:
    """The line without a ``#`` comment and trailing white space."""
    return line.split("#", 1)[0].rstrip()
