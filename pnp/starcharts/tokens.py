"""The words of Star Charts' text formats: a line cut into tokens with their columns, the
ability names, die faces. Light, so that scoring a sheet does not load the turn types."""

from __future__ import annotations

import re

ABILITIES = ("place-x", "adjust", "split", "reuse", "flip", "reroll")

Token = tuple[int, str]  # (1-based column, text)
FACE = re.compile(r"[0-9]{1,2}\Z")  # ASCII digits: int() also reads '٣', and 5,000 digits


class TokenError(ValueError):
    def __init__(self, col: int, message: str) -> None:
        self.col = col
        self.message = message
        super().__init__(message)


def tokens(text: str, col0: int = 1) -> list[Token]:
    return [(col0 + m.start(), m.group()) for m in re.finditer(r"\S+", text)]
