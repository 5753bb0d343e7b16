"""What a player does on a turn, as values, with the token syntax of the game log:

    8 A1-H1                      draft the 8, mark A1-H1
    3 adjust +2 A3-A7            draft the 3, add 2, mark five cells
    5 split 2 C3-D3 3 F5-F7      split the 5 into runs of 2 and 3
    7 reuse 4 A1-A4              draft the 7 but use a 4 drafted by another player
    6 flip A1-C1                 9 − 6 = 3
    8 A1-H1 gain split at C1     completing row 1 circles C1 and gains split
    place-x C4                   anywhere in the turn
    reroll 4 4 5 6 8             before drafting: the new faces of the pool
    skip

Every action keeps the 1-based column of its token (0 when made by a program), so errors
can point at it. Actions are frozen dataclasses that compare by meaning: kinds differ
(Flip() is not Skip()), and the column a token was typed at does not count."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.errors import shown
from pnp.starcharts.coords import CoordError, Run, format_cell, format_run, parse_cell, parse_run
from pnp.starcharts.tokens import ABILITIES, FACE, Token, TokenError, tokens


@dataclass(frozen=True, slots=True)
class Adjust:
    delta: int
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Flip:
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Reuse:
    value: int
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Split:
    parts: tuple[int, ...]
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Mark:
    run: Run
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class PlaceX:
    cell: int
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Gain:
    ability: str
    star: int | None = None  # the star to circle; None lets the checker choose
    col: int = field(default=0, compare=False)


Action = Adjust | Flip | Reuse | Split | Mark | PlaceX | Gain
MODIFIERS = (Adjust, Flip, Reuse, Split)


@dataclass(frozen=True, slots=True)
class Draft:
    die: int
    actions: tuple[Action, ...]
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Skip:
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Reroll:
    faces: tuple[int, ...]
    col: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Free:
    """place-x (and the gains it brings) written on a line of its own, before drafting."""

    actions: tuple[Action, ...]
    col: int = field(default=0, compare=False)


Turn = Draft | Skip | Reroll | Free


_SIGNED = re.compile(r"[+\-−]([0-9]{1,2})\Z")


def _face(tok: Token, what: str) -> int:
    col, text = tok
    if not FACE.match(text):
        raise TokenError(col, f"expected {what}, got {shown(text)}")
    return int(text)


class _Reader:
    def __init__(self, toks: list[Token], size: int, end_col: int) -> None:
        self.toks = toks
        self.i = 0
        self.size = size
        self.end_col = end_col

    def more(self) -> bool:
        return self.i < len(self.toks)

    def peek(self) -> str:
        return self.toks[self.i][1] if self.more() else ""

    def take(self, what: str) -> Token:
        if not self.more():
            raise TokenError(self.end_col, f"expected {what} at the end of the line")
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def run(self) -> Mark:
        col, text = self.take("a run like C4-C7")
        try:
            return Mark(parse_run(text, self.size), col)
        except CoordError as exc:
            raise TokenError(col, str(exc)) from None

    def cell(self, what: str) -> tuple[int, int]:
        col, text = self.take(what)
        try:
            return parse_cell(text, self.size), col
        except CoordError as exc:
            raise TokenError(col, str(exc)) from None

    def extra(self) -> Action | None:
        """place-x or gain, allowed anywhere in a turn."""
        word = self.peek().lower()
        if word == "place-x":
            col, _ = self.take("place-x")
            return PlaceX(self.cell("the cell to mark")[0], col)
        if word == "gain":
            col, _ = self.take("gain")
            acol, ability = self.take("the ability gained")
            if ability.lower() not in ABILITIES:
                raise TokenError(
                    acol, f"unknown ability {shown(ability)} (expected {', '.join(ABILITIES)})"
                )
            star = None
            if self.peek().lower() == "at":
                self.take("at")
                star = self.cell("the star circled")[0]
            return Gain(ability.lower(), star, col)
        return None


def parse_turn(text: str, size: int, col0: int = 1) -> Turn:
    """One player's turn after ``Name:``; ``col0`` is the column where ``text`` starts."""
    toks = tokens(text, col0)
    if not toks:
        raise TokenError(col0, "expected a die value, skip, reroll or place-x")
    reader = _Reader(toks, size, col0 + len(text.rstrip()))
    first_col, first = toks[0]
    if first.lower() == "skip":
        if len(toks) > 1:
            raise TokenError(toks[1][0], "a skipped turn has nothing more")
        return Skip(first_col)
    if first.lower() == "reroll":
        reader.take("reroll")
        faces = tuple(_face(t, "a die face") for t in toks[1:])
        if not faces:
            raise TokenError(reader.end_col, "reroll lists the new faces of the dice in the pool")
        return Reroll(faces, first_col)
    actions: list[Action] = []
    while (extra := reader.extra()) is not None:
        actions.append(extra)
    if not reader.more():
        return Free(tuple(actions), first_col)
    die_col, die_text = reader.take("a die value")
    if not FACE.match(die_text):
        raise TokenError(die_col, f"expected a die value, got {shown(die_text)}")
    die = int(die_text)
    while reader.more():
        extra = reader.extra()
        if extra is not None:
            actions.append(extra)
            continue
        col, word = toks[reader.i]
        lowered = word.lower()
        if lowered == "adjust":
            reader.take("adjust")
            dcol, amount = reader.take("+1, +2, -1 or -2")
            match = _SIGNED.match(amount)
            if not match:
                raise TokenError(
                    dcol, f"expected +1, +2, -1 or -2 after adjust, got {shown(amount)}"
                )
            sign = 1 if amount[0] == "+" else -1
            actions.append(Adjust(sign * int(match.group(1)), col))
        elif lowered == "flip":
            reader.take("flip")
            actions.append(Flip(col))
        elif lowered == "reuse":
            reader.take("reuse")
            actions.append(Reuse(_face(reader.take("the reused die's value"), "a die value"), col))
        elif lowered == "split":
            reader.take("split")
            actions += _split(reader, col)
        else:
            actions.append(reader.run())
    return Draft(die, tuple(actions), die_col)


def _split(reader: _Reader, col: int) -> list[Action]:
    parts: list[int] = []
    marks: list[Action] = []
    while reader.more():
        extra = reader.extra()
        if extra is not None:
            marks.append(extra)
            continue
        parts.append(_face(reader.take("a part of the split"), "a part's value before its run"))
        marks.append(reader.run())
    if len(parts) < 2:
        raise TokenError(col, "split needs at least two parts, each followed by its run")
    return [Split(tuple(parts), col), *marks]


def format_turn(turn: Turn, size: int) -> str:
    if isinstance(turn, Skip):
        return "skip"
    if isinstance(turn, Reroll):
        return "reroll " + " ".join(map(str, turn.faces))
    words: list[str] = [] if isinstance(turn, Free) else [str(turn.die)]
    parts: list[int] = []
    for action in turn.actions:
        if isinstance(action, Adjust):
            words.append(f"adjust {action.delta:+d}")
        elif isinstance(action, Flip):
            words.append("flip")
        elif isinstance(action, Reuse):
            words.append(f"reuse {action.value}")
        elif isinstance(action, Split):
            words.append("split")
            parts = list(action.parts)
        elif isinstance(action, Mark):
            if parts:
                words.append(str(parts.pop(0)))
            words.append(format_run(action.run, size))
        elif isinstance(action, PlaceX):
            words.append(f"place-x {format_cell(action.cell, size)}")
        else:
            star = f" at {format_cell(action.star, size)}" if action.star is not None else ""
            words.append(f"gain {action.ability}{star}")
    return " ".join(words)
