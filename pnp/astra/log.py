"""The Astra game log (``parse_log``/``format_log``), written at the table with a pen::

    # Thursday at Robin's
    players: Robin, Matthew, Dorothy     # seating order, first player first
    seed: 7                              # or deck: and scoring:, written out

    Robin: Taurus:10-8-7
    Matthew: use Aquila; rest
    Dorothy: Lyra:1-2-3; end; pick Robin 2
    discard Leo                          # a line without a name continues the turn

A turn line is a player's name, a colon and the turn's decisions separated by ``;``, each
in the text form of ``pnp.astra.actions``. ``deck:`` lists the 48 cards top first with
the Game End card as ``END``; ``scoring:`` gives each player's Final Scoring card
(``Robin air+fire``). Every token keeps its line and column, so the replay can point at
the step that breaks a rule.

Solo against Ptolemy: ``players:`` names you alone, ``solo:`` lists the difficulty
modifiers (``solo: easy-fame-0, hard-telescopes``, or ``solo: none``) and ``seed:`` deals
the cards and rolls his die. His turns are not written (the replay plays them; a
companion may write them as comments); a boon you pick on his discovery is a step after
your turn, like ``pick You 2`` on a line of its own."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.astra.actions import Action, parse_action
from pnp.astra.constellations import constellation
from pnp.astra.scoring_cards import scoring_card
from pnp.astra.solo import Difficulty
from pnp.errors import MAX_SHOWN, PnpError, ProblemCollector, close_matches, shown
from pnp.text.parsing import name_problem, source_lines
from pnp.text.seeds import MAX_SEED

HEADER_KEYS = ("players", "seed", "deck", "scoring", "solo")
NO_MODIFIERS = "none"
GAME_END = "END"
_HEADER = re.compile(rf"({'|'.join(HEADER_KEYS)})\s*:", re.IGNORECASE)
_PREFIX = re.compile(r"([^\s:]+):(?=\s|\Z)")
_SEED = re.compile(rf"[0-9]{{1,{len(str(MAX_SEED))}}}\Z")
# The most players a game has: a longer players: line is listed cut short in a problem,
# and a misspelt name is not sought in it.
_MOST_PLAYERS = 5


@dataclass(frozen=True)
class Token:
    text: str  # as written, inner white space single
    value: str  # a player's name, a card's English name, END, a scoring key, a seed
    col: int


@dataclass(frozen=True)
class Header:
    key: str  # one of HEADER_KEYS
    items: tuple[Token, ...]  # comma-separated values; scoring: "Robin air+fire"


@dataclass(frozen=True)
class Step:
    action: Action
    text: str
    line: int
    col: int


@dataclass(frozen=True)
class Turn:
    player: str | None  # None: the line continues the turn above it
    col: int  # where the name is (or the first step)
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Line:
    number: int
    body: Header | Turn | None  # None: a blank or comment line
    comment: str | None  # the text after "#"


@dataclass(frozen=True)
class GameLog:
    path: str
    lines: tuple[Line, ...]

    def header(self, key: str) -> tuple[Line, Header] | None:
        for line in self.lines:
            if isinstance(line.body, Header) and line.body.key == key:
                return line, line.body
        return None

    @property
    def players(self) -> tuple[str, ...]:
        found = self.header("players")
        return tuple(t.value for t in found[1].items) if found else ()

    @property
    def turns(self) -> tuple[Turn, ...]:
        return tuple(line.body for line in self.lines if isinstance(line.body, Turn))


def _split(body: str, sep: str, start: int) -> list[tuple[str, int]]:
    """Pieces of ``body`` between ``sep``, stripped, with the 1-based column each starts at
    (``start`` is the column of ``body[0]``)."""
    pieces = []
    at = 0
    for piece in body.split(sep):
        lead = len(piece) - len(piece.lstrip())
        pieces.append((" ".join(piece.split()), start + at + lead))
        at += len(piece) + 1
    return pieces


def _culprit(text: str, col: int, message: str) -> int:
    """The column of the first word of ``text`` that ``message`` quotes, else ``col``."""
    at = 0
    for word in text.split(" "):
        if shown(word) in message or shown(word.split(":")[0]) in message:
            return col + at
        at += len(word) + 1
    return col


class _Reader:
    def __init__(self, path: str) -> None:
        self.problems = ProblemCollector(path)
        self.players: dict[str, str] = {}  # casefolded → as written
        self.listed = ""  # the players, as a problem lists them
        self.keys: dict[str, int] = {}  # header key → its line
        self.scoring: list[tuple[int, Token]] = []
        self.turns = False
        self.strangers: set[str] = set()  # casefolded names of lines for no player
        self.misspelt: set[str] = set()  # header keys written wrong ("player:")

    def header(self, n: int, key: str, value: str, col: int) -> Header | None:
        if key in self.keys:
            self.problems.add(n, 1, f"{key}: is written once")
            return None
        if self.turns:
            self.problems.add(n, 1, f"{key}: belongs to the header, before the first turn")
            return None
        self.keys[key] = n
        if not value.strip():
            self.problems.add(n, col, f"expected a value after {key}:")
            return None
        pieces = _split(value, ",", col)
        items = []
        for text, at in pieces:
            try:
                items.append(Token(text, _value(key, text, len(pieces)), at))
            except ValueError as exc:  # ours, or scoring_card's
                self.problems.add(n, at, str(exc))
        if len(items) < len(pieces):
            return None
        if key == "deck":
            self.check_deck(n, items)
        if key == "players":
            self.players = {t.value.casefold(): t.value for t in items}
            self.listed = _listed(list(self.players.values()))
        if key == "scoring":
            self.scoring = [(n, t) for t in items]
        return Header(key, tuple(items))

    def stranger(self, n: int, col: int, player: str) -> None:
        """A line named for no player. Said once: the lines it heads and later ones named
        the same are that one mistake, or that of a missing or broken players: line. Past
        the problems shown, only counted: no names sought that nobody reads."""
        names = self.players.values() if len(self.players) <= _MOST_PLAYERS else ()
        showing = len(self.problems.problems) < MAX_SHOWN
        if not self.turns and showing:
            header = close_matches(player.lower(), HEADER_KEYS, n=1)
            if header and not close_matches(player, names):
                self.misspelt.add(header[0])
                where = f"{shown(player + ':')} is no header line"
                self.problems.add(n, col, f"{where}; did you mean {header[0]}:?")
                return
        self.turns = True
        first = not self.strangers
        if player.casefold() in self.strangers:
            return
        self.strangers.add(player.casefold())
        if self.players:
            close = close_matches(player, names, n=1) if showing else []
            hint = f"; did you mean {close[0]}?" if close else ""
            self.problems.add(
                n, col, f"{shown(player)} is not playing (players: {self.listed}){hint}"
            )
        elif first and "players" not in self.keys.keys() | self.misspelt:
            self.problems.add(n, col, "expected players: before the first turn")

    def check_deck(self, n: int, items: list[Token]) -> None:
        seen: dict[str, int] = {}
        for token in items:
            if token.value in seen:
                first = seen[token.value]
                self.problems.add(
                    n, token.col, f"{token.text} is already in the deck (column {first})"
                )
            seen.setdefault(token.value, token.col)
        if GAME_END not in seen:
            self.problems.add(n, 1, "expected the Game End card in the deck, written END")

    def turn(self, n: int, player: str | None, col: int, body: str, at: int) -> Turn | None:
        if player is not None and player.casefold() not in self.players:
            self.stranger(n, col, player)
            return None
        if player is None and not self.turns:
            header = close_matches(body.split(maxsplit=1)[0].lower(), HEADER_KEYS, n=1)
            if header:
                self.misspelt.add(header[0])
                self.problems.add(n, col, f"expected a header line like {header[0]}: …")
                return None
            self.problems.add(
                n, col, "a line without a name continues a turn: start with one, like Robin: rest"
            )
            return None
        self.turns = True
        steps = []
        for text, start in _split(body, ";", at):
            try:
                steps.append(Step(parse_action(text), text, n, start))
            except ValueError as exc:
                self.problems.add(n, _culprit(text, start, str(exc)), str(exc))
                return None
        canonical = self.players[player.casefold()] if player is not None else None
        return Turn(canonical, col, tuple(steps))


def _listed(names: list[str]) -> str:
    more = len(names) - _MOST_PLAYERS
    return ", ".join(names[:_MOST_PLAYERS]) + (f" and {more} more" if more > 0 else "")


def _value(key: str, text: str, count: int) -> str:
    if key == "players":
        if (why := name_problem(text, word=True)) is not None:
            raise PnpError(why)
        if text.lower() in HEADER_KEYS:
            raise PnpError(f"{text} is a header word, not a name")
        return text
    if key == "seed":
        if count > 1 or not _SEED.match(text) or int(text) > MAX_SEED:
            raise PnpError(
                f"expected a whole number from 0 to {MAX_SEED} as the seed, got {shown(text)}"
            )
        return text
    if key == "solo":
        known = [d.value for d in Difficulty]
        if text.lower() == NO_MODIFIERS and count == 1:
            return NO_MODIFIERS
        if text.lower() not in known:
            raise PnpError(
                f"expected difficulty modifiers (or none), like {known[1]}, got {shown(text)}"
            )
        return text.lower()
    if key == "deck":
        if text.upper() == GAME_END:
            return GAME_END
        return constellation(text).name
    name, _, pair = text.partition(" ")
    if not pair or " " in pair:
        raise PnpError(
            f"expected a player and a Final Scoring card, like Robin air+fire, got {shown(text)}"
        )
    return f"{name} {scoring_card(pair).key}"


def parse_log(text: str, path: str) -> GameLog:
    """A game log, or a ``SourceError`` listing every problem at its line and column."""
    reader = _Reader(path)
    lines = []
    for n, raw in enumerate(source_lines(text), 1):
        code, hash_, comment = raw.partition("#")
        body = code.rstrip()
        indent = len(body) - len(body.lstrip())
        stripped = body.lstrip()
        parsed: Header | Turn | None = None
        header = _HEADER.match(stripped)
        prefix = _PREFIX.match(stripped)
        if header:
            key, at = header.group(1).lower(), indent + header.end() + 1
            parsed = reader.header(n, key, stripped[header.end() :], at)
        elif prefix and not stripped[prefix.end() :].strip():
            reader.problems.add(n, indent + prefix.end() + 1, "expected the turn's decisions")
        elif prefix:
            at = indent + prefix.end() + 1
            parsed = reader.turn(n, prefix.group(1), indent + 1, stripped[prefix.end() :], at)
        elif stripped:
            parsed = reader.turn(n, None, indent + 1, stripped, indent + 1)
        lines.append(Line(n, parsed, comment if hash_ else None))
    while lines and lines[-1].body is None and lines[-1].comment is None:
        lines.pop()
    if not reader.problems.problems:
        _check_header(reader, lines[-1].number if lines else 1)
    reader.problems.raise_if_any()
    return GameLog(path, tuple(lines))


def _check_header(reader: _Reader, last: int) -> None:
    keys = reader.keys
    if "players" not in keys:
        reader.problems.add(1, 1, "expected players: and the names in seating order")
    elif "solo" in keys and (
        "seed" not in keys or len(reader.players) != 1 or keys.keys() & {"deck", "scoring"}
    ):
        reader.problems.add(
            keys["solo"],
            1,
            "a solo game names one player, and seed: deals it (no deck: or scoring:)",
        )
    elif "seed" not in keys and not {"deck", "scoring"} <= keys.keys():
        reader.problems.add(1, 1, "expected seed: (or deck: and scoring:) to deal the cards")
    elif "seed" in keys and {"deck", "scoring"} <= keys.keys():
        reader.problems.add(
            keys["seed"], 1, "seed: deals nothing when deck: and scoring: are written"
        )
    elif not reader.turns:
        reader.problems.add(
            last, 1, "the log ends before its first turn (expected turns: Robin: Taurus:10-8-7)"
        )
    named: set[str] = set()
    for n, token in reader.scoring:
        name = token.value.split(" ")[0]
        if name.casefold() not in reader.players:
            reader.problems.add(n, token.col, f"{shown(name)} is not playing")
        elif name.casefold() in named:
            reader.problems.add(n, token.col, f"{name} has one Final Scoring card")
        named.add(name.casefold())
    if reader.scoring and len(named) < len(reader.players):
        missing = [p for k, p in reader.players.items() if k not in named]
        reader.problems.add(
            reader.keys["scoring"], 1, f"expected a Final Scoring card for {', '.join(missing)}"
        )


def _format_body(body: Header | Turn) -> str:
    if isinstance(body, Header):
        return f"{body.key}: " + ", ".join(t.text for t in body.items)
    steps = "; ".join(s.text for s in body.steps)
    return f"{body.player}: {steps}" if body.player is not None else steps


def format_log(log: GameLog) -> str:
    """The log in its canonical spacing; ``parse_log`` reads it back as ``log``."""
    out = []
    for line in log.lines:
        text = _format_body(line.body) if line.body is not None else ""
        if line.comment is not None:
            text = f"{text}  #{line.comment}" if text else f"#{line.comment}"
        out.append(text)
    return "\n".join(out) + "\n"
