"""The end-of-game file ``pnp astra score`` reads (spec "Text formats" → "End of game"):
each player's Journal, cards and Final Scoring card, and the marks on the cards still
around the board. Everything the file alone can show is checked, and every problem is
reported at once at its line and column."""

from __future__ import annotations

from typing import Any

from pnp.astra.constellations import UnknownConstellationError, constellation, deck_size
from pnp.astra.final import BoardCard, EndGame, EndPlayer, Owned
from pnp.astra.journal import card_limit, journal
from pnp.astra.model import Constellation, Element
from pnp.astra.scoring_cards import scoring_card
from pnp.errors import close_matches, shown
from pnp.text.parsing import name_problem
from pnp.text.toml_spans import Key, TomlChecker

MIN_PLAYERS, MAX_PLAYERS = 2, 5
MAX_COUNT = 9_999  # Fame, Stardust, Telescopes: tokens are unlimited, but no game comes near
DREAMER = "Dreamer"  # whose marks on a board card are the dreamer pen's (2 players)

RULES: dict[str, str] = {
    "astra.score.key": "the file has the format's keys and no others (a typo is no key)",
    "astra.score.type": "each value has its type: a whole number, a name, a list, a table",
    "astra.score.players": "2 to 5 players, each named once in players and in one [[player]]",
    "astra.score.range": "Fame, Stardust, Telescopes ≥ 0; Pouch size 5–12; Wisdom spots 0–12",
    "astra.score.constellation": "constellations are named in English or French, any case",
    "astra.score.exhausted": "a card is Name (Active) or Name:exhausted",
    "astra.score.card-once": "each card is in one place: one player's cards or the board",
    "astra.score.card-limit": "a player owns, Active and Exhausted, at most their card limit",
    "astra.score.final-card": "each player has a different Final Scoring card of two elements",
    "astra.score.board-size": "at most one card more than players around the board",
    "astra.score.board-player": "board marks name players of the game, or the Dreamer with 2",
    "astra.score.board-marks": "a board card has no more marks than stars",
    "astra.score.board-unmarked": "a card still around the board has an unmarked star",
}


TOP_KEYS = ("players", "player", "board")
PLAYER_KEYS = {
    "name": "the player's name",
    "fame": "the Fame marked during play",
    "pouch": "the Pouch size reached",
    "wisdom": "the Wisdom spots marked",
    "stardust": "the Stardust left in the Pouch",
    "telescopes": "the Telescopes left",
    "final-scoring": 'the Final Scoring card\'s two elements, "air+fire"',
    "constellations": 'the cards owned, "Name" or "Name:exhausted"',
}
OPTIONAL = {"telescopes": 0}  # not scored


def _ranges() -> dict[str, tuple[int, int]]:
    tracks = journal()
    return {
        "fame": (0, MAX_COUNT),
        "pouch": (tracks.pouch.start, tracks.pouch.last),
        "wisdom": (0, tracks.wisdom.spots),
        "stardust": (0, MAX_COUNT),
        "telescopes": (0, MAX_COUNT),
    }


def _stray(name: str, seen: set[str], meant: str | None) -> str:
    """The problem of a [[player]] table named twice or not in ``players``; ``meant``: the
    listed name left without a table."""
    if name in seen:
        none = f" ({shown(meant)} has none)" if meant else ""
        return f"two [[player]] tables are named {shown(name)}{none}"
    hint = f"; did you mean {shown(meant)}?" if meant else ""
    return f"{shown(name)} is not in players{hint}"


def _named(entry: object) -> Constellation | None:
    """The card a list entry names, "Name" or "Name:…", if it names one."""
    if not isinstance(entry, str):
        return None
    try:
        return constellation(entry.partition(":")[0])
    except UnknownConstellationError:
        return None


def parse_endgame(text: str, path: str) -> EndGame:
    """The end-of-game file ``text`` (read from ``path``), or a ``SourceError`` listing
    every problem found in it."""
    return _Reader(text, path).game()


# what a bare word stands for, so a syntax error can say what was expected
WANTS: dict[str, type] = {
    "players": str,
    "name": str,
    "final-scoring": str,
    "constellations": str,
    **dict.fromkeys(("fame", "pouch", "wisdom", "stardust", "telescopes"), int),
}


class _Reader(TomlChecker):
    def __init__(self, text: str, path: str) -> None:
        super().__init__(text, path, "astra.score.key", "astra.score.type", WANTS)
        self.places: dict[str, tuple[str, Key, bool]] = {}  # card key: where first seen
        self.final_cards: dict[frozenset[Element], tuple[str, Key]] = {}
        self.tabled: set[str] = set()  # the names of the [[player]] tables

    def game(self) -> EndGame:
        self.unknown(self.data, (), TOP_KEYS, "the file")
        names = self.seating()
        tables = self.player_tables()
        read = [self.player(i, table) for i, table in enumerate(tables)]
        if names is not None:
            self.match(names, tables)
        # a name on a [[player]] table but not in players is said there, not on the board
        self.tabled = {t["name"] for t in tables if isinstance(t.get("name"), str)}
        board = self.board(names)
        self.problems.problems.sort(key=lambda p: (p.line, p.col))
        self.problems.raise_if_any()
        players = {p.name: p for p in read if p is not None}
        assert names is not None
        return EndGame(tuple(players[n] for n in names), board)

    def seating(self) -> dict[str, int] | None:
        """The names in ``players``, each with its index there; None if the list cannot
        be checked against the rest (then only its own problems are reported)."""
        if "players" not in self.data:
            message = 'no players = ["…", …]: the names in seating order, first player first'
            self.say((), "astra.score.key", message)
            return None
        value = self.data["players"]
        if not self.typed(value, ("players",), list, "players is a list of names"):
            return None
        names: dict[str, int] = {}
        usable = True
        for i, name in enumerate(value[: MAX_PLAYERS + 1]):  # past that, only counted
            key = ("players", i)
            if not self.typed(name, key, str, "players lists names in quotes"):
                usable = False
            elif (why := name_problem(name)) is not None:
                self.say(key, "astra.score.players", why)
                usable = False
            elif name in names:
                self.say(key, "astra.score.players", f"{shown(name)} is listed twice")
            else:
                names[name] = i
        if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
            message = f"Astra is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(value)}"
            self.say(("players",), "astra.score.players", message)
        return names if usable else None

    def player_tables(self) -> list[dict[str, Any]]:
        value = self.data.get("player", [])
        what = "player is a list of [[player]] tables, one per player"
        if not self.typed(value, ("player",), list, what):
            return []
        tables = [t for i, t in enumerate(value) if self.typed(t, ("player", i), dict, what)]
        if len(tables) > MAX_PLAYERS:
            message = f"{len(value)} [[player]] tables: Astra is for at most {MAX_PLAYERS} players"
            self.say(("player", MAX_PLAYERS), "astra.score.players", message, at_key=True)
        return tables[:MAX_PLAYERS]

    def player(self, i: int, table: dict[str, Any]) -> EndPlayer | None:
        at = ("player", i)
        self.unknown(table, at, tuple(PLAYER_KEYS), "[[player]]")
        meant = {m for k in table if k not in PLAYER_KEYS for m in close_matches(k, PLAYER_KEYS, 1)}
        for key, what in PLAYER_KEYS.items():
            if key not in table and key not in OPTIONAL and key not in meant:
                self.say(at, "astra.score.key", f"this [[player]] has no {key} ({what})", True)
        name = self.get(table, at, "name", str, "the player's name in quotes")
        who = name or f"player {i + 1}"
        fame, pouch, wisdom, stardust, telescopes = (
            self.number(table, at, key, low, high) for key, (low, high) in _ranges().items()
        )
        pair = self.final_card(table, at, who)
        cards = self.cards(table, at, who, wisdom)
        if name is None or pair is None or cards is None or wisdom is None or telescopes is None:
            return None
        if fame is None or pouch is None or stardust is None:
            return None
        return EndPlayer(name, fame, pouch, wisdom, stardust, telescopes, pair, cards)

    def number(self, table: dict[str, Any], at: Key, key: str, low: int, high: int) -> int | None:
        if key not in table:
            return OPTIONAL.get(key)
        value: int | None = self.get(table, at, key, int, f"a whole number ({PLAYER_KEYS[key]})")
        if value is not None and not low <= value <= high:
            given = value if abs(value) < 10**9 else "a number that large"
            message = f"{key} is {PLAYER_KEYS[key]}, {low} to {high:,}, not {given}"
            self.say((*at, key), "astra.score.range", message)
            return None
        return value

    def final_card(self, table: dict[str, Any], at: Key, who: str) -> frozenset[Element] | None:
        value = self.get(table, at, "final-scoring", str, PLAYER_KEYS["final-scoring"])
        if value is None:
            return None
        key = (*at, "final-scoring")
        try:
            pair = scoring_card(value).pair
        except ValueError:
            message = f'no Final Scoring card {shown(value)}: two different elements, as "air+fire"'
            self.say(key, "astra.score.final-card", message)
            return None
        other, first = self.final_cards.setdefault(pair, (who, at))
        if first != at:
            message = f"{other} has this Final Scoring card too: each player has their own"
            self.say(key, "astra.score.final-card", message)
        return pair

    def cards(
        self, table: dict[str, Any], at: Key, who: str, wisdom: int | None
    ) -> tuple[Owned, ...] | None:
        value = self.get(table, at, "constellations", list, PLAYER_KEYS["constellations"])
        if value is None:
            return None
        key = (*at, "constellations")
        # Nobody owns more than the deck: past that the list is only counted.
        owned = [self.card(entry, (*key, j), who) for j, entry in enumerate(value[: deck_size()])]
        # Only the cards the list surely names count: a misspelt or repeated entry is its
        # own problem, and may be a card written twice.
        named = {c.key for c in map(_named, value[: deck_size()]) if c is not None}
        if wisdom is not None and len(named) > card_limit(wisdom):
            message = (
                f"{who} owns {len(named)} cards, over the card limit of {card_limit(wisdom)} "
                f"that {wisdom} Wisdom gives (discard down to it after each Discovery)"
            )
            self.say(key, "astra.score.card-limit", message)
        cards = [c for c in owned if c is not None]
        return tuple(cards) if len(cards) == len(value) else None

    def card(self, entry: object, key: Key, who: str) -> Owned | None:
        what = 'constellations lists cards, "Name" or "Name:exhausted"'
        if not self.typed(entry, key, str, what):
            return None
        assert isinstance(entry, str)
        name, colon, state = entry.partition(":")
        if colon and state.strip().casefold() != "exhausted":
            message = (
                f"only 'exhausted' may follow the colon, not {shown(state)} "
                "(an Active card is its name alone)"
            )
            where = self.spans.where_in(key, len(name) + 1)
            self.problems.add(*where, f"{message} [astra.score.exhausted]")
            return None
        card = self.lookup(name, key)
        if card is None or not self.place(card, key, f"among {who}'s cards"):
            return None
        return Owned(card, active=not colon)

    def lookup(self, name: str, key: Key, at_key: bool = False) -> Constellation | None:
        try:
            return constellation(name)
        except UnknownConstellationError as exc:
            self.say(key, "astra.score.constellation", str(exc), at_key)
            return None

    def place(self, card: Constellation, key: Key, where: str, at_key: bool = False) -> bool:
        """Whether ``card`` is seen for the first time (else it is in two places)."""
        first, first_key, first_at_key = self.places.setdefault(card.key, (where, key, at_key))
        if first_key == key:
            return True
        line = self.spans.where(first_key, first_at_key)[0]
        message = f"{card.name} is already {first} (line {line}): a card is in one place"
        self.say(key, "astra.score.card-once", message, at_key)
        return False

    def match(self, names: dict[str, int], tables: list[dict[str, Any]]) -> None:
        """Each name in ``players`` has one [[player]] table, and each table's name is there.
        A table named wrong is one problem: the listed name it stands for, the one left
        without a table, is said in it, not again."""
        named = [t.get("name") for t in tables]
        untabled = [n for n in names if n not in named] if len(tables) <= MAX_PLAYERS else []
        seen: set[str] = set()
        for i, name in enumerate(named):
            if not isinstance(name, str):
                continue
            if name in seen or name not in names:
                close = close_matches(name, untabled, n=1)
                meant = close[0] if close else untabled[0] if untabled else None
                if meant is not None:
                    untabled.remove(meant)
                self.say(("player", i, "name"), "astra.score.players", _stray(name, seen, meant))
            seen.add(name)
        for name in untabled:
            message = f"{shown(name)} has no [[player]] table"
            self.say(("players", names[name]), "astra.score.players", message)

    def board(self, names: dict[str, int] | None) -> tuple[BoardCard, ...]:
        value = self.data.get("board", {})
        what = "board is a table: a line per card, Draco = { Robin = 2 }"
        if not self.typed(value, ("board",), dict, what):
            return ()
        players = len(names) if names is not None else 0
        slots = players + 1 if MIN_PLAYERS <= players <= MAX_PLAYERS else MAX_PLAYERS + 1
        if len(value) > slots:
            message = f"{len(value)} constellations around the board, with {slots} slots"
            self.say(("board", list(value)[slots]), "astra.score.board-size", message, at_key=True)
        cards = [self.board_card(name, marks, names) for name, marks in list(value.items())[:slots]]
        return tuple(c for c in cards if c is not None)

    def board_card(
        self, name: str, marks: object, names: dict[str, int] | None
    ) -> BoardCard | None:
        key = ("board", name)
        card = self.lookup(name, key, at_key=True)
        if not self.typed(marks, key, dict, f"{shown(name)} is a table of marks, {{ Robin = 2 }}"):
            return None
        assert isinstance(marks, dict)
        counted: list[tuple[str, int]] = []
        for player, n in marks.items():
            at = (*key, player)
            dreamer = player == DREAMER and names is not None and len(names) == 2
            if names is not None and player not in names.keys() | self.tabled and not dreamer:
                close = close_matches(player, [*names, DREAMER], n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                message = f"{shown(player)} is not a player of this game{hint}"
                if player == DREAMER:
                    message = "only a 2-player game has a Dreamer"
                self.say(at, "astra.score.board-player", message, at_key=True)
            elif self.typed(n, at, int, f"{player}'s marks are a whole number of stars"):
                if n < 0:
                    self.say(at, "astra.score.range", f"marks are 0 or more, not {n}")
                counted.append((player, n))
        if card is None or not self.place(card, key, "on the board", at_key=True):
            return None
        total = sum(n for _, n in counted)
        if total > card.size:
            marked = total if total < 10**6 else "more"
            message = f"{card.name} has {card.size} stars, fewer than the marks on it ({marked})"
            self.say(key, "astra.score.board-marks", message, at_key=True)
        elif total == card.size:
            message = (
                f"every star of {card.name} is marked: it is discovered, not left on the board"
            )
            self.say(key, "astra.score.board-unmarked", message, at_key=True)
        return BoardCard(card, tuple(counted))
