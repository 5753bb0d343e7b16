"""The round-by-round game log (``parse_log``/``format_log``)::

    chart: lyra-8
    objectives: two-rows four-corners all-stars half-sky
    players: Alice Bob Cara Dan      # seating order; the first rolls first
    variant: standard                # standard | two-player | solo | versus-ai | extended

    round 1
    roll: 3 5 5 7 8
    Alice: 8 A1-H1
    Alice claims two-rows

An extended match has ``variant: extended`` and ``players:`` at the top, then ``game 1``,
``game 2`` and ``game 3``, each with its own ``chart:`` and ``objectives:`` and rounds.
In a solo game the two charts play as ``A:`` and ``B:``."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pnp.errors import PnpError, ProblemCollector, shown
from pnp.starcharts.actions import Turn, format_turn, parse_turn
from pnp.starcharts.ai import AI_NAME
from pnp.starcharts.chart import Chart
from pnp.starcharts.tokens import FACE, Token, TokenError, tokens
from pnp.text.parsing import name_problem, source_lines, strip_comment

HEADER_KEYS = ("chart", "objectives", "players", "variant")
RESERVED = {*HEADER_KEYS, "roll", "round", "game", "claims"}
_KEYED = re.compile(r"(\S+?)\s*:(.*)\Z")
_NUMBERED = re.compile(r"(round|game)\s+([0-9]{1,3})\Z", re.IGNORECASE)
_CLAIM = re.compile(r"(\S+)\s+claims(\s+.*|)\Z")


@dataclass(frozen=True)
class RoundLine:
    number: int


@dataclass(frozen=True)
class RollLine:
    faces: tuple[int, ...]


@dataclass(frozen=True)
class TurnLine:
    player: str
    turn: Turn


@dataclass(frozen=True)
class ClaimLine:
    player: str
    objectives: tuple[Token, ...]


@dataclass(frozen=True)
class Step:
    line: int
    col: int
    body: RoundLine | RollLine | TurnLine | ClaimLine


@dataclass(frozen=True)
class LoggedGame:
    line: int  # where the game's header starts
    chart: Chart
    chart_ref: str
    objectives: tuple[Token, ...]
    objectives_line: int
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class GameLog:
    path: str
    variant: str
    variant_line: int
    players: tuple[Token, ...]
    players_line: int
    games: tuple[LoggedGame, ...]


ChartFor = Callable[[str], Chart]  # resolves a chart: line, may raise PnpError


class _Game:
    def __init__(self, line: int) -> None:
        self.line = line
        self.chart: Chart | None = None
        self.chart_ref = ""
        self.objectives: tuple[Token, ...] = ()
        self.objectives_line = line
        self.steps: list[Step] = []
        self.written: set[str] = set()  # header keys written, even without a value


def parse_log(text: str, path: str, chart_for: ChartFor) -> GameLog:
    problems = ProblemCollector(path)
    header: dict[str, tuple[int, tuple[Token, ...]]] = {}
    written: set[str] = set()  # top header keys written, even without a value
    games: list[_Game] = [_Game(1)]
    extended = False
    game_lines = 0
    for lineno, raw in enumerate(source_lines(text), 1):
        line = strip_comment(raw)
        stripped = line.strip()
        if not stripped:
            continue
        indent = len(line) - len(line.lstrip())
        game = games[-1]
        if numbered := _NUMBERED.match(stripped):
            word, number = numbered.group(1).lower(), int(numbered.group(2))
            if word == "round":
                game.steps.append(Step(lineno, indent + 1, RoundLine(number)))
            else:
                if not extended:
                    message = "'game N' lines belong to variant: extended"
                    problems.add(lineno, indent + 1, message)
                    extended = True  # the rest is read as a match: no problem of its own
                game_lines += 1
                if number != game_lines:
                    problems.add(lineno, indent + 1, f"expected game {game_lines}")
                if game_lines == 1:
                    game.line = lineno
                else:
                    games.append(_Game(lineno))
            continue
        if claim := _CLAIM.match(stripped):
            objs = tokens(claim.group(2), indent + claim.start(2) + 1)
            if not objs:
                problems.add(lineno, indent + len(stripped) + 1, "name the objective claimed")
            game.steps.append(Step(lineno, indent + 1, ClaimLine(claim.group(1), tuple(objs))))
            continue
        keyed = _KEYED.match(stripped)
        if keyed is None:
            problems.add(
                lineno, indent + 1, "expected 'round N', 'roll:', 'Name: …' or 'Name claims …'"
            )
            continue
        key, rest = keyed.group(1), keyed.group(2)
        rest_col = indent + keyed.start(2) + 1
        lowered = key.lower()
        if lowered in HEADER_KEYS and not game.steps:
            values = tuple(tokens(rest, rest_col))
            (game.written if lowered in ("chart", "objectives") else written).add(lowered)
            if not values:
                problems.add(lineno, rest_col, f"'{lowered}:' needs a value")
                continue
            if lowered == "chart":
                game.chart_ref = values[0][1]
                try:
                    game.chart = chart_for(values[0][1])
                except PnpError as exc:
                    problems.add(lineno, values[0][0], f"{exc} [setup.chart]")
            elif lowered == "objectives":
                game.objectives, game.objectives_line = values, lineno
            else:
                header[lowered] = (lineno, values)
                if lowered == "variant" and values[0][1] == "extended":
                    extended = True
            continue
        if lowered == "roll":
            faces = []
            for col, face in tokens(rest, rest_col):
                if FACE.match(face):
                    faces.append(int(face))
                else:
                    problems.add(lineno, col, f"expected a die face 1 to 8, got {shown(face)}")
            game.steps.append(Step(lineno, indent + 1, RollLine(tuple(faces))))
            continue
        if key == AI_NAME:
            problems.add(
                lineno,
                indent + 1,
                "the A.I.'s drafts are computed from the rolls; leave them out of the log",
            )
            continue
        if lowered in RESERVED:
            problems.add(lineno, indent + 1, f"{shown(key + ':')} cannot come here")
            continue
        size = game.chart.size if game.chart else 10
        try:
            turn = parse_turn(rest, size, rest_col)
        except TokenError as exc:
            problems.add(lineno, exc.col, exc.message)
            continue
        game.steps.append(Step(lineno, indent + 1, TurnLine(key, turn)))
    _finish(games, header, written, problems, extended)
    problems.raise_if_any()
    variant_line, variant = header.get("variant", (0, ((0, "standard"),)))
    players_line, players = header["players"]
    return GameLog(
        path,
        variant[0][1],
        variant_line,
        players,
        players_line,
        tuple(
            LoggedGame(
                g.line, g.chart, g.chart_ref, g.objectives, g.objectives_line, tuple(g.steps)
            )
            for g in games
            if g.chart is not None
        ),
    )


def _finish(
    games: list[_Game],
    header: dict[str, tuple[int, tuple[Token, ...]]],
    written: set[str],
    problems: ProblemCollector,
    extended: bool,
) -> None:
    """Problems of the whole log; a line written without a value has had its own."""
    if "players" not in written:
        problems.add(1, 1, "missing 'players:' line")
    for n, game in enumerate(games, 1):
        where = f"game {n}: " if extended else ""
        for key in ("chart", "objectives"):
            if key not in game.written:
                problems.add(game.line, 1, f"{where}missing '{key}:' line")
    declared = "variant" in header and header["variant"][1][0][1] == "extended"
    if declared and len(games) != 3:
        problems.add(games[-1].line, 1, f"an extended match has 3 games, not {len(games)}")
    if "players" in header:
        line, names = header["players"]
        for col, name in names:
            if (why := log_name_problem(name)) is not None:
                problems.add(line, col, f"{why} [setup.players]")


def log_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name in a log, or None: a name of every format
    (``pnp.text.parsing.name_problem``) written as a word, and not a word the log uses."""
    if (why := name_problem(name, word=True)) is not None:
        return why
    if name.lower() in RESERVED or name == AI_NAME:
        words = ", ".join(sorted(RESERVED))
        return f"{shown(name)} cannot be a player's name: the log uses it ({AI_NAME}, {words})"
    return None


def format_log(
    log_games: list[tuple[Chart, str, tuple[str, ...], list[str]]],
    players: tuple[str, ...],
    variant: str,
) -> str:
    """A log from (chart, chart ref, objectives, body lines) per game."""
    lines = [f"players: {' '.join(players)}", f"variant: {variant}"]
    for n, (_, ref, objectives, body) in enumerate(log_games, 1):
        if variant == "extended":
            lines += ["", f"game {n}"]
        lines += [f"chart: {ref}", f"objectives: {' '.join(objectives)}", *body]
    return "\n".join(lines) + "\n"


def turn_line(player: str, turn: Turn, size: int) -> str:
    return f"{player}: {format_turn(turn, size)}"
