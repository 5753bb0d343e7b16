"""The finished-game format players type after a game (``parse_finished``), and the
same format written from a replayed game (``format_finished``)::

    chart: lyra-8-obstacles
    objectives: two-rows four-corners all-stars half-sky
    variant: standard            # optional: standard, two-player, solo, versus-ai

    player: Alice
    x x x x x x x x
    ...
    boxes: two-rows@3 four-corners@5=2 0 half-sky@7=3 .
    filled: 5
    abilities: split used, reroll
"""

from __future__ import annotations

import re
from typing import NamedTuple

from pnp.errors import ProblemCollector, shown
from pnp.starcharts.coords import column_letter
from pnp.starcharts.tokens import ABILITIES, Token, tokens
from pnp.text.parsing import grid_row, name_problem, source_lines, strip_comment

_KEY = re.compile(r"([A-Za-z-]+)\s*:(.*)\Z")
_CLAIM = re.compile(r"([a-z-]+)@([0-9]{1,3})(?:=([0-9]{1,2}))?\Z")
_SKIP = re.compile(r"0(?:@([0-9]{1,3}))?\Z")
_NUMBER = re.compile(r"[0-9]{1,2}\Z")
GRID_SYMBOLS = set("xXo.*A-|")
MAX_SHEETS = 4  # standard has 3 or 4 players; the other variants fewer sheets
MAX_GRID = 11  # rows and cells kept per sheet: enough to tell a 10×10 grid has too many


class BoxText(NamedTuple):
    kind: str  # "empty", "skip", "claim" or "number"
    col: int
    objective: str | None = None
    round: int | None = None
    points: int | None = None  # as written (claims: optional, then checked)


class AbilityText(NamedTuple):
    ability: str
    used: bool
    col: int


class GridRow(NamedTuple):
    line: int
    cells: tuple[Token, ...]  # the first MAX_GRID cells with their columns
    length: int  # how many cells the row has


class PlayerText(NamedTuple):
    name: str
    line: int
    grid: tuple[GridRow, ...]  # the first MAX_GRID rows
    grid_rows: int  # how many rows the grid has
    boxes: tuple[BoxText, ...]
    boxes_line: int
    filled: int | None
    filled_line: int
    abilities: tuple[AbilityText, ...]


# What the photo reader writes where it could not read surely: scoring stops there.
UNREAD = "?"
_UNREAD_CELL = (
    "was not read surely from the photo: look at the sheet and write x (marked), o (a"
    " marked star circled) or, unmarked, the chart's symbol (. open, * star, A asteroid,"
    " - or | comet)"
)
_UNREAD_BOX = (
    "was not read surely from the photo: look at the sheet and write what it holds (. when empty)"
)
_UNREAD_ABILITY = (
    "the photo did not show surely whether it was gained and used: write it, add"
    " 'used', or leave it out"
)
_UNREAD_OBJECTIVES = (
    "the objectives dealt are not on the sheets: write their four ids here (or give --objectives)"
)


class FinishedGame(NamedTuple):
    path: str
    chart: str
    chart_line: int
    objectives: tuple[Token, ...]
    objectives_line: int
    variant: str  # "" when not written: inferred from the number of players
    variant_line: int
    players: tuple[PlayerText, ...]


def _boxes(toks: list[Token], problems: ProblemCollector, line: int) -> list[BoxText]:
    boxes: list[BoxText] = []
    for col, text in toks:
        if text == UNREAD:
            problems.add(line, col, f"objective box {len(boxes) + 1} {_UNREAD_BOX}")
            boxes.append(BoxText("empty", col))
        elif text == ".":
            boxes.append(BoxText("empty", col))
        elif m := _SKIP.match(text):
            boxes.append(BoxText("skip", col, round=int(m.group(1)) if m.group(1) else None))
        elif m := _CLAIM.match(text):
            points = int(m.group(3)) if m.group(3) else None
            boxes.append(BoxText("claim", col, m.group(1), int(m.group(2)), points))
        elif _NUMBER.match(text):
            boxes.append(BoxText("number", col, points=int(text)))
        elif re.fullmatch(r"[a-z-]{1,40}", text):
            problems.add(line, col, f"write the round {text} was claimed in, e.g. {text}@3")
        else:
            problems.add(
                line,
                col,
                f"expected ., 0, a claim like two-rows@3=6 or a number, got {shown(text)}",
            )
    if len(toks) != 5:
        problems.add(
            line,
            toks[-1][0] if toks else 1,
            f"boxes: lists all 5 objective boxes (. for an empty one), not {len(toks)}",
        )
    return boxes


def _abilities(toks: list[Token], problems: ProblemCollector, line: int) -> list[AbilityText]:
    out: list[AbilityText] = []
    for col, raw in toks:
        text = raw.strip(",").lower()
        if not text:
            continue
        if text.endswith(UNREAD) and text[:-1] in ABILITIES:
            problems.add(line, col, f"{text[:-1]}: {_UNREAD_ABILITY}")
        elif text == "used":
            if not out or out[-1].used:
                problems.add(line, col, "'used' follows the ability it belongs to")
            else:
                out[-1] = AbilityText(out[-1].ability, True, out[-1].col)
        elif text in ABILITIES:
            if any(a.ability == text for a in out):
                problems.add(line, col, f"{text} is listed twice (an ability is gained once)")
            out.append(AbilityText(text, False, col))
        else:
            problems.add(
                line, col, f"unknown ability {shown(text)} (expected {', '.join(ABILITIES)})"
            )
    return out


class _Player:
    def __init__(self, name: str, line: int) -> None:
        self.name = name
        self.line = line
        self.grid: list[GridRow] = []
        self.grid_rows = 0
        self.boxes: list[BoxText] = []
        self.boxes_line = 0
        self.filled: int | None = None
        self.filled_line = line
        self.abilities: list[AbilityText] = []

    def freeze(self) -> PlayerText:
        return PlayerText(
            self.name,
            self.line,
            tuple(self.grid),
            self.grid_rows,
            tuple(self.boxes),
            self.boxes_line or self.line,
            self.filled,
            self.filled_line,
            tuple(self.abilities),
        )


def parse_finished(text: str, path: str) -> FinishedGame:
    problems = ProblemCollector(path)
    header: dict[str, tuple[int, int, str]] = {}
    players: list[_Player] = []
    names: set[str] = set()
    current: _Player | None = None
    for lineno, raw in enumerate(source_lines(text), 1):
        line = strip_comment(raw)
        if not line.strip():
            continue
        match = _KEY.match(line.strip())
        indent = len(line) - len(line.lstrip())
        if match is None:
            if current is None and not set(line.strip()) <= GRID_SYMBOLS | {" "}:
                problems.add(lineno, indent + 1, "expected 'chart:', 'objectives:' or 'player:'")
                continue
            if current is None:  # one problem, and the rest of the sheet is read as its own
                message = "this grid has no 'player: NAME' line above it (a sheet starts with one)"
                problems.add(lineno, indent + 1, message)
                current = _Player("", lineno - 1)
                players.append(current)
            current.grid_rows += 1
            if len(current.grid) == MAX_GRID:
                continue
            count, row = grid_row(line, MAX_GRID)
            for k, (col, ch) in enumerate(row):
                if ch == UNREAD:
                    cell = f"{column_letter(k)}{len(current.grid) + 1}"
                    problems.add(lineno, col, f"{cell} {_UNREAD_CELL}")
                elif ch not in GRID_SYMBOLS:
                    problems.add(
                        lineno,
                        col,
                        f"unknown cell {ch!r} (expected x, o or a chart symbol . * A - |)",
                    )
            current.grid.append(GridRow(lineno, tuple(row), count))
            continue
        key, value = match.group(1).lower(), match.group(2)
        toks = tokens(value, indent + len(match.group(1)) + 2)
        value_col = toks[0][0] if toks else indent + len(match.group(1)) + 2
        if key in ("chart", "objectives", "variant"):
            if current is not None:
                problems.add(lineno, indent + 1, f"'{key}:' belongs before the first player")
            elif not toks or (key != "objectives" and len(toks) > 1):
                problems.add(lineno, value_col, f"'{key}:' needs one value")
            header[key] = (lineno, toks[0][0] if toks else value_col, value.strip())
        elif key == "player":
            if len(toks) != 1:
                problems.add(lineno, value_col, "'player:' needs one name, without spaces")
            if len(players) == MAX_SHEETS:
                problems.add(
                    lineno,
                    indent + 1,
                    f"a game has at most {MAX_SHEETS} sheets (standard: 3 or 4 players; "
                    "two-player 2; solo A and B; versus-ai 1); this is one more",
                )
                problems.raise_if_any()
            name = value.strip()  # one token, unless that was a problem above
            if len(toks) == 1 and (why := name_problem(name, word=True)) is not None:
                problems.add(lineno, value_col, f"{why} [setup.players]")
            if name in names:
                problems.add(lineno, value_col, f"player {shown(name)} is listed twice")
            names.add(name)
            # A sheet whose name is wrong still takes its lines: they raise no problems.
            current = _Player(name, lineno)
            players.append(current)
        elif current is None:
            problems.add(lineno, indent + 1, f"'{key}:' belongs to a player: start with 'player:'")
        elif key == "boxes":
            current.boxes = _boxes(toks, problems, lineno)
            current.boxes_line = lineno
        elif key == "filled":
            current.filled_line = lineno
            if toks and toks[0][1] == UNREAD:
                problems.add(lineno, value_col, f"the Filled Sheet box {_UNREAD_BOX}")
            elif len(toks) > 1 or (toks and toks[0][1] not in ("5", "0", ".")):
                problems.add(lineno, value_col, "filled: is 5, 0 or . (empty)")
            elif toks and toks[0][1] != ".":
                current.filled = int(toks[0][1])
        elif key == "abilities":
            current.abilities = _abilities(toks, problems, lineno)
        else:
            problems.add(
                lineno,
                indent + 1,
                f"unknown key {shown(key)} (expected boxes, filled, abilities or player)",
            )
    for key in ("chart", "objectives"):
        if key not in header:
            problems.add(1, 1, f"missing '{key}:' line")
    if not players:
        problems.add(1, 1, "no 'player:' sheets")
    for p in players:
        if not p.boxes_line and p.name:  # a sheet without a name has had its problem
            problems.add(p.line, 1, f"{p.name} has no 'boxes:' line")
    problems.raise_if_any()
    chart_line, _, chart = header["chart"]
    obj_line, obj_col, obj_text = header["objectives"]
    variant_line, _, variant = header.get("variant", (0, 0, ""))
    return FinishedGame(
        path,
        chart,
        chart_line,
        tuple(tokens(obj_text, obj_col)),
        obj_line,
        variant,
        variant_line,
        tuple(p.freeze() for p in players),
    )
