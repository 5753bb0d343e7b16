"""The text of a table log (data/formats/cosmos.md, "Table logs"): the set-up lines of its
header and the reveals written with the decisions, read into ``pnp.cosmos.table``'s
values (``pnp.cosmos.table_write`` writes them from a played game)::

    players: Ann, Ben
    deal: dark, Ann, dark, Ben, dark, dark       # the energy tokens from Light, clockwise
    display: time, light, light, chemistry
    hands: Ann light time time gravity, Ben chemistry chemistry light gravity
    nebulae: Ann 1F 2K 3B, Ben 1C 2A 3Q
    goals: proto-life                             # the set-up's (or all, in the order drawn)

    Ann: shift; collect; card deck time; nebula 2 2D; card 1; refill gravity; …
    Ben: …; omega 1 1D; choose N4; goal carbon-stars    # the goal the end phase turns up
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache

from pnp.cosmos.content import advanced_life, goals, main_board, setup
from pnp.cosmos.geometry import geometry
from pnp.cosmos.goal_names import closest, goal_named
from pnp.cosmos.names import check_card
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.notation import NotationError
from pnp.cosmos.reveal import (
    ENERGY,
    GOAL,
    LIFE,
    POWER,
    REFILL,
    TILE,
    Reveal,
    TableSetup,
    energy_counts,
)
from pnp.cosmos.state import NONE, TYPES, card_index
from pnp.errors import close_matches, shown
from pnp.text.parsing import whole_number

TABLE_KEYS = ("deal", "display", "hands", "nebulae", "goals", "life")
REQUIRED = TABLE_KEYS[:4]  # goals: may give way to a goal line, life: may be left out
WHAT = {
    "deal": "the energy tokens in the order dealt from Light, like Ann, dark, Ben",
    "display": "the 4 energy cards face up, slot 1 first",
    "hands": "each player's 4 energy cards, like Ann light time time gravity",
    "nebulae": "each player's set-up nebula tiles, like Ann 1F 2K 3B",
    "goals": "the goal turned up at set-up, then any drawn since, in the order drawn",
    "life": "the advanced life values by nebula, like Ann N10 8",
}
DARK = "dark"
_TILE = re.compile(r"[1-3][A-Za-z]\Z")
Say = Callable[[int, int, str], None]  # line, column, message with its rule


def _said(message: str, rule: str) -> str:
    return f"{message} [{rule}]"


@cache
def _tile_index() -> dict[str, int]:
    return {t.id: i for i, t in enumerate(nebula_tiles())}


@cache
def _goal_index() -> dict[str, int]:
    return {g.id: i for i, g in enumerate(goals())}


def _energy(word: str) -> int:
    names = [t.value for t in TYPES]
    if word.lower() not in names:
        raise NotationError(f"expected light, time, gravity or chemistry, got {shown(word)}")
    return names.index(word.lower())


def _tile(word: str) -> int:
    if word not in _tile_index():
        raise NotationError(
            f"expected a nebula tile (1A … 1Z, 2A … 2V, 3A … 3T), got {shown(word)}"
        )
    return _tile_index()[word]


def _life(word: str) -> int:
    values = sorted(set(advanced_life().group1 + advanced_life().group2))
    value = whole_number(word, values[-1])
    if value is None or value not in values:
        raise NotationError(
            f"expected an advanced life value {values[0]}–{values[-1]}, got {shown(word)}"
        )
    return value


def _card(word: str) -> int:
    c = card_index(word)
    if c == NONE:
        check_card(word)  # says which card was meant
    return c


def goal_index(name: str) -> int:
    """The goal ``name`` names (its id, its card's title, …), or a ``NotationError``
    with the closest."""
    goal = goal_named(name)
    if goal is None:
        near = ", ".join(f"{g.id} ({g.title()})" for g in closest(name))
        hint = f"; did you mean {near}?" if near else ""
        raise NotationError(f"no universal goal {shown(name)}{hint}")
    return _goal_index()[goal.id]


def read_step(text: str) -> tuple[str, tuple[tuple[int, int, int], ...]]:
    """A decision of a table log (``text`` with single spaces): its text without what it
    reveals, and the reveals as (kind, value, offset of the word). ``refill`` and
    ``goal`` reveal only (the text is empty); keep's cards are the power cards drawn."""
    words = text.split(" ")
    at = [0]
    for word in words[:-1]:
        at.append(at[-1] + len(word) + 1)
    head = words[0].lower()
    if head == "goal":
        if len(words) < 2:
            raise NotationError("goal takes the goal turned up, by id or title: goal carbon-stars")
        return "", ((GOAL, goal_index(" ".join(words[1:])), at[1]),)
    if head == "refill":
        if len(words) < 2:
            raise NotationError("refill takes the cards turned up, slot 1 first: refill light time")
        return "", tuple((REFILL, _energy(w), o) for w, o in zip(words[1:], at[1:], strict=True))
    if head == "keep":
        return text, tuple((POWER, _card(w), o) for w, o in zip(words[1:], at[1:], strict=True))
    last = words[-1]
    kind = NONE
    if head == "card" and len(words) == 3 and words[1].lower() == "deck":
        kind, value = ENERGY, _energy(last)
    elif head in ("nebula", "omega") and len(words) == 3:
        kind, value = TILE, _tile(last)
    elif head == "advance" and len(words) == 3:
        kind, value = LIFE, _life(last)
    elif head in ("choose", "use") and len(words) >= 3 and _TILE.match(last):
        kind, value = TILE, _tile(last)
    elif head == "choose" and len(words) == 3 and last.isdigit():
        kind, value = LIFE, _life(last)
    if kind == NONE:
        return text, ()
    return " ".join(words[:-1]), ((kind, value, at[-1]),)


def _items(value: str, col: int) -> list[tuple[str, int]]:
    """The comma-separated items of ``value`` (which starts at column ``col``), stripped,
    with the column each starts at; empty items left out."""
    out, at = [], col
    for piece in value.split(","):
        if piece.strip():
            out.append((piece.strip(), at + len(piece) - len(piece.lstrip())))
        at += len(piece) + 1
    return out


def _words(item: str, col: int) -> list[tuple[str, int]]:
    out, at = [], col
    for word in item.split(" "):
        if word:
            out.append((word, at))
        at += len(word) + 1
    return out


class _SetupReader:
    """Reads the set-up lines, saying every problem."""

    def __init__(self, players: tuple[str, ...], say: Say) -> None:
        self.players = players
        self._say = say
        self.said = 0  # problems said

    @property
    def ok(self) -> bool:
        return not self.said

    def say(self, line: int, col: int, message: str, rule: str) -> None:
        self.said += 1
        self._say(line, col, _said(message, rule))

    def seat(self, line: int, word: str, col: int, rule: str, seen: list[int]) -> int:
        """The seat of player ``word`` (NONE after saying why not), listed once."""
        if word not in self.players:
            close = close_matches(word, self.players, n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            listed = ", ".join(self.players)
            self.say(line, col, f"{shown(word)} is not playing (players: {listed}){hint}", rule)
            return NONE
        seat = self.players.index(word)
        if seat in seen:
            self.say(line, col, f"{word} is listed twice", rule)
            return NONE
        seen.append(seat)
        return seat

    def missing(self, line: int, col: int, seen: list[int], what: str, rule: str) -> None:
        for seat, name in enumerate(self.players):
            if seat not in seen:
                self.say(line, col, f"{name}'s {what} is missing", rule)

    def deal(self, line: int, col: int, value: str) -> tuple[int, ...]:
        rule = "cosmos.table.deal"
        order: list[int] = []
        seen: list[int] = []
        for word, at in _items(value, col):
            if word.lower() == DARK:
                order.append(NONE)
            else:
                order.append(self.seat(line, word, at, rule, seen))
        self.missing(line, col, seen, "energy token", rule)
        n = len(self.players)
        dark = setup().for_players(n).dark_energy
        dealt = sum(1 for word, _ in _items(value, col) if word.lower() == DARK)
        if dealt != dark:
            self.say(line, col, f"{n} players deal {dark} dark energy tokens, not {dealt}", rule)
        return tuple(order)

    def types(
        self, line: int, words: list[tuple[str, int]], n: int, what: str, col: int
    ) -> list[int]:
        out = []
        for word, at in words:
            try:
                out.append(_energy(word))
            except NotationError as error:
                self.say(line, at, str(error), "cosmos.log.header")
        if len(words) != n:
            said = f"{what} {n} cards, not {len(words)}"
            self.say(line, words[0][1] if words else col, said, "cosmos.log.header")
        return out

    def hands(self, line: int, col: int, value: str) -> list[list[tuple[str, int]]]:
        """Each seat's cards as words (checked as energy types by ``energy``)."""
        rule = "cosmos.log.header"
        by_seat: list[list[tuple[str, int]]] = [[] for _ in self.players]
        seen: list[int] = []
        n = setup().each.energy_cards
        for item, at in _items(value, col):
            words = _words(item, at)
            seat = self.seat(line, words[0][0], at, rule, seen)
            if seat != NONE:
                by_seat[seat] = words[1:]
                self.types(line, words[1:], n, f"{words[0][0]} holds", at)
        self.missing(line, col, seen, "hand", rule)
        return by_seat

    def energy(self, words: list[tuple[str, int, int]]) -> None:
        """No more cards of a type than the deck has: (word, line, column) in order; a
        word that is no type has been said already."""
        left = list(energy_counts())
        names = [t.value for t in TYPES]
        for word, at_line, at in words:
            if word.lower() not in names:
                continue
            t = names.index(word.lower())
            left[t] -= 1
            if left[t] == -1:
                box = energy_counts()[t]
                said = f"a {box + 1}th {word.lower()} card: the energy deck has {box}"
                self.say(at_line, at, said, "cosmos.table.energy")

    def tiles(self, line: int, col: int, value: str) -> list[tuple[int, ...]]:
        rule = "cosmos.table.nebula"
        by_seat: list[tuple[int, ...]] = [() for _ in self.players]
        seen: list[int] = []
        used: set[int] = set()
        for item, at in _items(value, col):
            words = _words(item, at)
            seat = self.seat(line, words[0][0], at, "cosmos.log.header", seen)
            tiles: dict[int, int] = {}
            before = self.said
            for word, w_at in words[1:]:
                try:
                    t = _tile(word)
                except NotationError as error:
                    self.say(line, w_at, str(error), "cosmos.log.header")
                    continue
                size = nebula_tiles()[t].size
                if t in used:
                    self.say(line, w_at, f"{word} is dealt twice", rule)
                elif size in tiles:
                    self.say(line, w_at, f"{word}: a player sets up one tile of each size", rule)
                tiles[size] = t
                used.add(t)
            if seat != NONE and len(words) == 4 and len(tiles) == 3:
                by_seat[seat] = (tiles[1], tiles[2], tiles[3])
            elif seat != NONE and before == self.said:
                message = f"{words[0][0]} sets up a size-1, a size-2 and a size-3 tile"
                self.say(line, at, message, rule)
        self.missing(line, col, seen, "nebula tiles", "cosmos.log.header")
        return by_seat

    def goals(self, line: int, col: int, value: str) -> tuple[int, ...]:
        rule = "cosmos.table.goals"
        out: list[int] = []
        for word, at in _items(value, col):
            try:
                goal = goal_index(word)
            except NotationError as error:
                self.say(line, at, str(error), rule)
                continue
            if goal in out:
                self.say(line, at, f"{goals()[goal].id} is drawn twice", rule)
            else:
                out.append(goal)
        most = main_board().goals_per_game
        if not 1 <= len(_items(value, col)) <= most:
            said = f"the game draws 1 to {most} goals, not {len(_items(value, col))}"
            self.say(line, col, said, rule)
        return tuple(out)

    def life(
        self, line: int, col: int, value: str
    ) -> tuple[tuple[int, int, tuple[Reveal, ...]], ...]:
        """Each item a player, a nebula space and the values on it, in the order drawn."""
        rule = "cosmos.log.header"
        out: list[tuple[int, int, tuple[Reveal, ...]]] = []
        for item, at in _items(value, col):
            words = _words(item, at)
            seat = self.seat(line, words[0][0], at, rule, [])
            space = words[1][0] if len(words) > 1 else ""
            n = geometry().nebula_index.get(space, NONE)
            if seat == NONE:
                continue
            if n == NONE or not 3 <= len(words) <= 4:
                said = "expected a player, a nebula space and its 1 or 2 values, like Ann N10 8 7"
                self.say(line, at, said, rule)
                continue
            if any(seat == s and n == m for s, m, _ in out):
                self.say(line, words[1][1], f"{words[0][0]}'s {space} is listed twice", rule)
            values = []
            for word, w_at in words[2:]:
                try:
                    values.append(Reveal(LIFE, _life(word), line, w_at))
                except NotationError as error:
                    self.say(line, w_at, str(error), rule)
            out.append((seat, n, tuple(values)))
        return tuple(out)


def read_setup(
    players: tuple[str, ...],
    lines: Mapping[str, tuple[int, int, str]],
    setup_goals: tuple[Reveal, ...],
    say: Say,
) -> TableSetup | None:
    """The set-up the header's table lines reveal (by key: line, column and text of the
    value) with the goal lines written before the first turn, or None once ``say`` has
    been told every problem."""
    r = _SetupReader(players, say)
    lines = {
        key: (line, col + len(value) - len(value.lstrip()), value.strip())
        for key, (line, col, value) in lines.items()
    }
    for key in TABLE_KEYS:
        if key not in lines and key in REQUIRED:
            said = f"a table log gives the set-up: expected {key}: ({WHAT[key]})"
            r.say(1, 1, said, "cosmos.log.header")
        elif key in lines and not lines[key][2].strip():
            line, col, _ = lines[key]
            r.say(line, col, f"expected a value after {key}: ({WHAT[key]})", "cosmos.log.header")
    if "goals" in lines:
        for extra in setup_goals:
            said = (
                f"goals: (line {lines['goals'][0]}) lists the set-up goal already: write each "
                "goal once, on goals: or where it is drawn"
            )
            r.say(extra.line, extra.col, said, "cosmos.table.reveal")
    elif not setup_goals:
        said = (
            f"a table log gives the set-up: expected goals: ({WHAT['goals']}), or the set-up "
            "goal alone on a line before the first turn (goal NAME)"
        )
        r.say(1, 1, said, "cosmos.log.header")
    for extra in setup_goals[1:]:
        said = (
            "the set-up turns up one goal; the next is turned up in the end phase: write it "
            "after the round's last decision (goal NAME)"
        )
        r.say(extra.line, extra.col, said, "cosmos.table.reveal")
    if not r.ok:
        return None
    deal = r.deal(*lines["deal"])
    line, col, value = lines["display"]
    shown_cards = _items(value, col)
    display = r.types(line, shown_cards, main_board().display, "the display shows", col)
    hand_words = r.hands(*lines["hands"])
    hand_line = lines["hands"][0]
    r.energy(
        [(w, line, c) for w, c in shown_cards]
        + [(w, hand_line, c) for words in hand_words for w, c in words]
    )
    tiles = r.tiles(*lines["nebulae"])
    drawn = r.goals(*lines["goals"]) if "goals" in lines else (setup_goals[0].value,)
    life = r.life(*lines["life"]) if "life" in lines else ()
    if not r.ok:
        return None
    hands = []
    for words in hand_words:
        kinds = [_energy(w) for w, _ in words]
        hands.append((kinds.count(0), kinds.count(1), kinds.count(2), kinds.count(3)))
    return TableSetup(deal, tuple(display), tuple(hands), tuple(tiles), drawn, life)
