"""The Crafting the Cosmos game log (data/formats/cosmos.md): a header with the players and
the seed that fixes all chance, then one line per turn with every decision in the text
form of ``pnp.cosmos.notation``, separated by ``;``::

    # Friday at Ann's
    players: Ann, Ben, Cat      # seating order
    seed: 7

    # round 1
    Ann: shift; shift; collect; card 2; nebula 1; place He S12; omega 2; place 2C N5
    Ben: shift time; shift; collect; ...
    discard 2 light time        # a line without a name continues the one above

``parse_log`` reads a log (every problem of its header and notation at once, each step
keeping its line and column); ``format_log(players, seed, actions)`` writes one from a
played game. ``pnp.score.cosmos_replay`` replays it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pnp.cosmos.actions import Action, Discard
from pnp.cosmos.game import Game
from pnp.cosmos.names import known
from pnp.cosmos.notation import NotationError, format_action, parse_action
from pnp.cosmos.record import MAX_PLAYERS, MIN_PLAYERS
from pnp.cosmos.reveal import GOAL, Reveal, TableSetup
from pnp.cosmos.state import Phase
from pnp.cosmos.table_log import TABLE_KEYS, read_setup, read_step
from pnp.cosmos.table_write import revealed, table_header
from pnp.errors import PnpError, ProblemCollector, close_matches, shown
from pnp.text.parsing import name_problem, source_lines
from pnp.text.seeds import MAX_SEED

HEADER_KEYS = ("players", "seed", *TABLE_KEYS)
RULES: dict[str, str] = {
    "cosmos.log.header": "players: (2 to 4 names) and seed: or the table's set-up come once "
    "each, before the turns",
    "cosmos.log.notation": "each decision is in the text form of pnp.cosmos.notation",
    "cosmos.log.player": "a turn line starts with the name of a player of the game",
    "cosmos.log.turn": "a named line starts that player's turn when it is due; a line "
    "holds one turn",
    "cosmos.log.end": "the log goes on until the game has ended",
}
_HEADER = re.compile(rf"({'|'.join(HEADER_KEYS)})\s*:", re.IGNORECASE)
_PREFIX = re.compile(r"([^\s:;#]+):(?=\s|\Z)")
_SEED = re.compile(rf"[0-9]{{1,{len(str(MAX_SEED))}}}\Z")


def said(message: str, rule: str) -> str:
    """A problem's message with its rule id, as every Cosmos problem ends."""
    assert rule in RULES, rule
    return f"{message} [{rule}]"


@dataclass(frozen=True)
class Step:
    action: Action
    text: str
    line: int
    col: int


@dataclass(frozen=True)
class Turn:
    player: int | None  # a seat; None: the line continues the one above
    line: int
    col: int  # where the name is (or the first step)
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class GameLog:
    path: str
    players: tuple[str, ...]
    seed: int
    turns: tuple[Turn, ...]  # the lines with decisions, in order
    last: int  # the last line with text
    table: TableSetup | None = None  # a table log's set-up (its seed is 0, unused) …
    revealed: dict[Step, tuple[Reveal, ...]] | None = None  # … and what its steps draw


def _split(body: str, start: int) -> list[tuple[str, int]]:
    """The ``;``-separated pieces of ``body``, stripped, with the 1-based column each
    starts at (``start`` is the column of ``body[0]``); empty pieces left out."""
    out = []
    at = 0
    for piece in body.split(";"):
        lead = len(piece) - len(piece.lstrip())
        if piece.strip():
            out.append((" ".join(piece.split()), start + at + lead))
        at += len(piece) + 1
    return out


def _culprit(text: str, col: int, message: str) -> int:
    """The column of the first word of ``text`` that ``message`` quotes, else ``col``."""
    at = 0
    for word in text.split(" "):
        if shown(word) in message or shown(word.partition("/")[0]) in message:  # card/2
            return col + at
        at += len(word) + 1
    return col


class _Reader:
    def __init__(self, path: str) -> None:
        self.problems = ProblemCollector(path)
        self.players: list[str] = []
        self.seed: int | None = None
        self.keys: dict[str, int] = {}
        self.turns: list[Turn] = []
        self.strangers: set[str] = set()
        self.table: dict[str, tuple[int, int, str]] = {}  # a table log's set-up lines,
        self.setup_goals: list[Reveal] = []  # its goal lines before the first turn,
        self.revealed: dict[Step, tuple[Reveal, ...]] = {}  # and what its steps draw

    def say(self, line: int, col: int, message: str, rule: str) -> None:
        self.problems.add(line, col, said(message, rule))

    def header(self, n: int, key: str, value: str, col: int) -> None:
        rule = "cosmos.log.header"
        if key in self.keys:
            self.say(n, 1, f"{key}: is written once (line {self.keys[key]})", rule)
            return
        if self.turns:
            self.say(n, 1, f"{key}: belongs to the header, before the first turn", rule)
            return
        if (key == "seed" and self.table) or (key in TABLE_KEYS and "seed" in self.keys):
            other = "seed" if key in TABLE_KEYS else next(iter(self.table))
            message = (
                f"{key}: does not go with {other}: (line {self.keys[other]}): a seed fixes "
                "all chance, a table log says what the table revealed instead"
            )
            self.say(n, 1, message, rule)
            return
        self.keys[key] = n
        if key in TABLE_KEYS:
            self.table[key] = (n, col, value)
            return
        pieces = [(t.strip(), col + i) for t, i in _pieces(value)]
        if not value.strip():
            self.say(n, col, f"expected a value after {key}:", rule)
        elif key == "seed":
            text, at = pieces[0]
            if len(pieces) > 1 or not _SEED.match(text) or int(text) > MAX_SEED:
                self.say(
                    n,
                    at,
                    f"expected a whole number 0 to {MAX_SEED} as the seed, got "
                    f"{shown(value.strip())}",
                    rule,
                )
            else:
                self.seed = int(text)
        else:
            self.names(n, pieces)

    def names(self, n: int, pieces: list[tuple[str, int]]) -> None:
        rule = "cosmos.log.header"
        names: list[str] = []
        for text, at in pieces[: MAX_PLAYERS + 1]:
            if (why := name_problem(text, word=True)) is not None:
                self.say(n, at, why, rule)
            elif text.lower() in HEADER_KEYS:
                self.say(n, at, f"{text} is a header word, not a name", rule)
            elif text in names:
                self.say(n, at, f"{text} is listed twice", rule)
            names.append(text)
        if not MIN_PLAYERS <= len(pieces) <= MAX_PLAYERS:
            self.say(
                n,
                1,
                f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(pieces)}",
                rule,
            )
        self.players = names

    def turn(self, n: int, player: str | None, col: int, body: str, at: int) -> None:
        seat = None
        if player is not None:
            if player not in self.players:
                self.stranger(n, col, player)
                return
            seat = self.players.index(player)
        elif not self.turns:
            if not self.setup_goal(n, body, at):
                message = "a line without a name continues a turn: start with one, like Ann: shift"
                self.say(n, col, message, "cosmos.log.player")
            return
        steps: list[Step] = []
        for text, start in _split(body, at):
            try:
                if self.table:
                    self.table_step(n, text, start, steps)
                else:
                    steps.append(Step(known(parse_action(text)), text, n, start))
            except PnpError as exc:
                where = _culprit(text, start, str(exc))
                self.say(n, where, str(exc), "cosmos.log.notation")
        self.turns.append(Turn(seat, n, col, tuple(steps)))

    def setup_goal(self, n: int, body: str, at: int) -> bool:
        """Whether the line before the first turn is the set-up goal's (``goal NAME``),
        read as such."""
        pieces = _split(body, at)
        if not pieces or any(text.split(" ")[0].lower() != "goal" for text, _ in pieces):
            return False
        for text, start in pieces:
            try:
                _, found = read_step(text)
            except NotationError as exc:
                self.say(n, _culprit(text, start, str(exc)), str(exc), "cosmos.log.notation")
                continue
            self.setup_goals += [Reveal(kind, value, n, start + o) for kind, value, o in found]
        return True

    def before(self, steps: list[Step], skip_discards: bool) -> Step | None:
        """The last decision written before a reveal, ``steps`` being its line's so far
        (the end phase's discards passed over if ``skip_discards``)."""
        lines: list[Sequence[Step]] = [steps]
        lines += [t.steps for t in reversed(self.turns)]
        for line in lines:
            for step in reversed(line):
                if not (skip_discards and isinstance(step.action, Discard)):
                    return step
        return None

    def table_step(self, n: int, text: str, start: int, steps: list[Step]) -> None:
        """A decision of a table log with what it reveals; ``refill`` adds its cards to
        the decision before it, ``goal`` its goal to the last before the end phase's
        discards."""
        rest, found = read_step(text)
        reveals = tuple(Reveal(kind, value, n, start + at) for kind, value, at in found)
        if rest:
            steps.append(Step(known(parse_action(rest)), text, n, start))
            if reveals:
                self.revealed[steps[-1]] = reveals
            return
        goal = found[0][0] == GOAL
        last = self.before(steps, skip_discards=goal)
        if last is not None:
            self.revealed[last] = self.revealed.get(last, ()) + reveals
        elif goal:
            raise NotationError(
                "a goal follows the round's last decision; the set-up goal goes on goals: or "
                "on a line of its own before the first turn (goal NAME)"
            )
        else:
            raise NotationError("refill follows the decision that ends the energy phase")

    def stranger(self, n: int, col: int, player: str) -> None:
        """A line named for no player: said once per name."""
        if player in self.strangers:
            return
        self.strangers.add(player)
        if not self.players:
            if "players" not in self.keys:
                self.say(n, col, "expected players: before the first turn", "cosmos.log.header")
            return
        close = close_matches(player, self.players, n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        listed = ", ".join(self.players)
        message = f"{shown(player)} is not playing (players: {listed}){hint}"
        self.say(n, col, message, "cosmos.log.player")


def _pieces(value: str) -> list[tuple[str, int]]:
    """The comma-separated pieces of ``value`` with the offset each starts at (after
    its leading white space)."""
    out = []
    at = 0
    for piece in value.split(","):
        out.append((piece, at + len(piece) - len(piece.lstrip())))
        at += len(piece) + 1
    return out


def parse_log(text: str, path: str) -> GameLog:
    """A game log, or a ``SourceError`` listing every problem of its header and of its
    decisions' notation at its line and column (the rules are the replay's)."""
    reader = _Reader(path)
    last = 1
    for n, raw in enumerate(source_lines(text), 1):
        body = raw.partition("#")[0].rstrip()
        stripped = body.lstrip()
        if not stripped:
            continue
        last = n
        indent = len(body) - len(stripped)
        header = _HEADER.match(stripped)
        prefix = _PREFIX.match(stripped)
        if header and not reader.turns:
            at = indent + header.end() + 1
            reader.header(n, header.group(1).lower(), stripped[header.end() :], at)
        elif prefix and prefix.group(1).lower() in HEADER_KEYS:
            reader.header(n, prefix.group(1).lower(), "", indent + prefix.end() + 1)
        elif prefix:
            at = indent + prefix.end() + 1
            reader.turn(n, prefix.group(1), indent + 1, stripped[prefix.end() :], at)
        else:
            reader.turn(n, None, indent + 1, stripped, indent + 1)
    players = tuple(reader.players)
    table = None
    if reader.table and "seed" not in reader.keys and _dealt(players):
        table = read_setup(players, reader.table, tuple(reader.setup_goals), reader.problems.add)
    if reader.setup_goals and "seed" in reader.keys:
        for r in reader.setup_goals:
            message = "goal NAME reveals a goal a table drew: a seed log's seed draws the goals"
            reader.say(r.line, r.col, message, "cosmos.log.header")
    if not reader.problems.problems:
        for key, what in (("players", "the names in seating order"), ("seed", "the deal")):
            if key not in reader.keys and not (key == "seed" and reader.table):
                reader.say(1, 1, f"expected {key}: ({what})", "cosmos.log.header")
    reader.problems.raise_if_any()
    seed = 0 if reader.seed is None else reader.seed
    assert reader.seed is not None or table is not None
    revealed = reader.revealed if table is not None else None
    return GameLog(path, players, seed, tuple(reader.turns), last, table, revealed)


def _dealt(players: tuple[str, ...]) -> bool:
    """Whether ``players`` can be dealt (else its line says why)."""
    return MIN_PLAYERS <= len(players) <= MAX_PLAYERS and len(set(players)) == len(players)


def at_turn_start(game: Game) -> bool:
    """Whether ``game`` waits for the first decision of a turn."""
    s = game.state
    return s.phase is Phase.SHIFT and s.moves == 0 and not s.needs


def format_log(
    players: Sequence[str],
    seed: int,
    actions: Iterable[Action],
    title: str = "",
    reveal: bool = False,
) -> str:
    """The log of the game ``Game.start(tuple(players), seed)`` played with ``actions``
    in order: ``parse_log`` reads it and the replay accepts it. Each turn is a line named
    for its player (``# round N`` before each round); the end phase's discards go on a
    line of their own. ``title`` becomes a comment line on top. With ``reveal``, a table
    log: the seed's set-up and every draw spelled out instead of the seed. Raises the
    engine's ``RuleError`` if an action is illegal."""
    game = Game.start(tuple(players), seed)
    first = game.state
    out: list[str] = []
    line: list[str] = []
    discards = False

    def close() -> None:
        if line:
            out.append("; ".join(line))
            line.clear()

    for action in actions:
        text, after = format_action(action), game.apply(action)
        more: tuple[str, ...] = ()
        if reveal:
            word, more = revealed(game.state, after.state, action)
            text = f"{text} {word}" if word else text
        if at_turn_start(game) and not isinstance(action, Discard):
            close()
            s = game.state
            if s.active == s.first:
                out += ["", f"# round {s.round + 1}"]
            line.append(f"{players[s.active]}: {text}")
        elif isinstance(action, Discard) and not discards:
            close()
            line.append(text)
        else:
            line.append(text)
        line += more
        discards = isinstance(action, Discard)
        game = after
    close()
    header = [f"# {line}" for line in title.splitlines()]
    header.append(f"players: {', '.join(players)}")
    header += table_header(first) if reveal else [f"seed: {seed}"]
    return "\n".join(header + out) + "\n"
