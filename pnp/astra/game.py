"""An Astra game as an immutable value: a pure function of its set-up and its decisions,
``Game.start(setup).apply(action)…``, with what players and bots may ask of it. The turn's
steps and their rules are ``pnp.astra.turn``. Solo (``setup.solo_game``), ``apply`` takes
your decisions only; Ptolemy's turns are played from the seed and ``Game.solo`` says what
he did. ``play`` plays a decision on a state in place, every rule checked the same:
``apply`` is ``play`` on a copy; simulations and the greedy bot play one state."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.astra import ptolemy, ptolemy_state, turn
from pnp.astra.actions import Action, Dream, End, Observe, PickBoon, Rest, UseAbility
from pnp.astra.effects import (
    COMMON_START,
    first_stars,
    paths,
)
from pnp.astra.final import FinalParts, final_parts
from pnp.astra.model import CLOCKWISE, EMPTY, Element
from pnp.astra.rules import RuleError
from pnp.astra.scoring_cards import scoring_card
from pnp.astra.setup import START_STARDUST, Setup
from pnp.astra.solo import ptolemy_final, you_win
from pnp.astra.state import (
    ABILITY,
    ACTION,
    BOONS,
    DISCARD,
    DREAM,
    GAME_END,
    OVER,
    PTOLEMY,
    YOU,
    Phase,
    Player,
    State,
    Turn,
    card_id,
    cards,
)


def play(s: State, action: Action, *, his_turn: bool = True) -> None:
    """Plays ``action`` on ``s`` in place, as ``Game.apply`` does on a copy. An illegal
    action raises a ``RuleError`` and may leave ``s`` half played."""
    if s.phase is OVER:
        raise RuleError("astra.game.over", "the game is over: its last turn has been played")
    if isinstance(action, Observe):
        turn.observe(s, action)
    elif isinstance(action, End):
        turn.end(s)
    elif isinstance(action, UseAbility):
        turn.use(s, action)
    elif isinstance(action, Rest):
        turn.rest(s)
    elif isinstance(action, PickBoon):
        turn.pick(s, action)
    elif isinstance(action, Dream):
        turn.dream(s, action.path)
    else:
        turn.discard(s, action)
    if his_turn and turn.ptolemy_due(s):
        turn.ptolemy_turn(s)


def _names(ids: tuple[int, ...]) -> tuple[str | None, str | None, str | None]:
    a, b, c = (None if i == EMPTY else cards()[i].card.name for i in ids)
    return a, b, c


@dataclass(frozen=True)
class PlayerView:
    name: str
    fame: int
    stardust: int
    telescopes: int
    pouch_size: int
    wisdom: int  # spots marked
    card_limit: int
    active: tuple[str, ...]  # owned cards, in the order gained
    exhausted: tuple[str, ...]


class Game:
    """An immutable game: ``apply`` returns the game after one more decision."""

    __slots__ = ("_s",)

    def __init__(self, state: State) -> None:
        self._s = state

    @staticmethod
    def start(setup: Setup) -> Game:
        s = State()
        n = len(setup.players)
        ids = [card_id(name) for name in setup.deck]
        s.names, s.scoring = setup.players, setup.scoring
        s.deck = (*ids[: setup.on_top], GAME_END, *ids[setup.on_top :])
        s.top, s.turn, s.active, s.last_turn, s.phase = 0, 0, 0, -1, ABILITY
        s.now = Turn()
        s.players = [Player(START_STARDUST) for _ in range(n)]
        s.solo = None
        if setup.solo is not None:
            you, him = s.players
            you.stardust = setup.solo.your_stardust
            him.fame, him.stardust = setup.solo.fame, setup.solo.stardust
            lib = ptolemy.library(setup.solo.library)
            s.solo = ptolemy_state.Solo(setup.seed, setup.difficulty, lib, setup.solo.his_scoring)
        first = s.draw()
        s.discard = (first,)
        s.sphere = CLOCKWISE.index(cards()[first].card.element)
        s.board = tuple(s.draw() for _ in range(n + 1))
        s.marks = [[0] * n for _ in range(n + 1)]
        s.dream, s.dreamt = (0,) * (n + 1), False
        s.found, s.groups, s.due, s.crossed, s.picked, s.refill = [], [], [], 0, 0, []
        return Game(s)

    def apply(self, action: Action, *, his_turn: bool = True) -> Game:
        """The game after ``action``. Solo, when it ends your turn, Ptolemy plays his at
        once; with ``his_turn=False`` the game stops as your turn ends, and
        ``ptolemy_turn`` plays his (the companion tells the table in between)."""
        s = self._s.copy()
        play(s, action, his_turn=his_turn)
        return Game(s)

    def ptolemy_turn(self) -> Game:
        """Solo: the game after Ptolemy's turn, when it is his to play (else this game)."""
        if not turn.ptolemy_due(self._s):
            return self
        s = self._s.copy()
        turn.ptolemy_turn(s)
        return Game(s)

    @property
    def state(self) -> State:
        """The bitmask state itself, for code that weighs many positions (the bots): the
        views below build tuples of names, which cost more than an evaluation. Read it,
        never change it: ``apply`` copies it, and other games may share it."""
        return self._s

    @property
    def players(self) -> tuple[str, ...]:
        return self._s.names

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def over(self) -> bool:
        return self._s.phase is OVER

    @property
    def turn(self) -> int:
        """Turns finished so far."""
        return self._s.turn

    @property
    def active(self) -> str:
        return self._s.names[self._s.active]

    @property
    def sphere(self) -> Element:
        return CLOCKWISE[self._s.sphere]

    @property
    def action_skipped(self) -> bool:
        """Whether an ability skipped this turn's Action phase: ``End`` is what is left."""
        return self._s.now.skip_action

    @property
    def action_open(self) -> bool:
        """Whether the active player's Action phase is open, for ``End`` to close: after an
        Observe, or after an ability that skips it."""
        s = self._s
        return s.phase is ACTION or (s.phase is ABILITY and s.now.skip_action)

    @property
    def his_discovery(self) -> bool:
        """Solo: Ptolemy's turn waits for the boon you pick on a card he discovered."""
        s = self._s
        return s.solo is not None and s.active == PTOLEMY and s.phase is BOONS

    @property
    def last_turn(self) -> int | None:
        """The number of the game's last turn (counting from 0), once the end shows."""
        return self._s.last_turn if self._s.last_turn >= 0 else None

    @property
    def deck(self) -> tuple[str, ...]:
        """The cards left in the deck, top first, the Game End card as "Game End"."""
        s = self._s
        return tuple("Game End" if c == GAME_END else cards()[c].card.name for c in s.deck[s.top :])

    @property
    def board(self) -> tuple[str | None, ...]:
        """The card in each slot; None where the empty deck could not refill it."""
        return tuple(None if c == EMPTY else cards()[c].card.name for c in self._s.board)

    def marks(self, card: str) -> tuple[tuple[int, ...], ...]:
        """The stars each player has marked on a card around the board, in seating order."""
        slot = self._s.slot_of(card_id(card))
        if slot < 0:
            return ()
        return tuple(
            tuple(n + 1 for n in range(m.bit_length()) if m >> n & 1) for m in self._s.marks[slot]
        )

    def dreamer(self, card: str) -> tuple[int, ...]:
        """The stars the dreamer pen has marked on a card around the board."""
        slot = self._s.slot_of(card_id(card))
        m = self._s.dream[slot] if slot >= 0 else 0
        return tuple(n + 1 for n in range(m.bit_length()) if m >> n & 1)

    def dream_cards(self) -> tuple[str, ...]:
        """In the Dream phase, the cards the dreamer pen may mark (the player picks one)."""
        s = self._s
        if s.phase is not DREAM:
            return ()
        return tuple(cards()[s.board[i]].card.name for i in turn.dream_cards(s))

    @property
    def dream_count(self) -> int:
        """The active sphere's number: the stars the dreamer pen marks in a Dream phase."""
        return turn.dream_numbers()[self._s.sphere]

    def dream_paths(self, card: str) -> tuple[tuple[int, ...], ...]:
        """Every path the dreamer pen may mark on ``card`` in this Dream phase."""
        s = self._s
        if card not in self.dream_cards():
            return ()
        slot = s.slot_of(card_id(card))
        info, marked, n = cards()[s.board[slot]], s.marked(slot), self.dream_count
        return tuple(
            p
            for p in paths(s, slot, False, n)
            if len(p) == n
            or not info.neighbours[p[-1] - 1] & ~marked & ~sum(1 << (k - 1) for k in p)
        )

    def player(self, name: str) -> PlayerView:
        s = self._s
        i = s.names.index(name)
        p = s.players[i]
        names = [cards()[c].card.name for c in p.owned]
        tired = tuple(n for c, n in zip(p.owned, names, strict=True) if p.exhausted >> c & 1)
        return PlayerView(
            name,
            p.fame,
            p.stardust,
            p.telescopes,
            p.pouch_size,
            p.wisdom,
            p.card_limit,
            tuple(n for n in names if n not in tired),
            tired,
        )

    @property
    def due(self) -> tuple[str, ...]:
        """The players who pick a boon now (tied ones together)."""
        s = self._s
        return tuple(s.names[i] for i in s.due) if s.phase is BOONS else ()

    @property
    def resolving(self) -> str | None:
        """The discovered card whose boons are being picked."""
        s = self._s
        return cards()[s.board[s.found[0]]].card.name if s.phase is BOONS else None

    def open_boons(self) -> tuple[int, ...]:
        """The boons (1–4 from the left) still available to the players due."""
        s = self._s
        if s.phase is not BOONS:
            return ()
        slot = s.found[0]
        boons = cards()[s.board[slot]].card.boons
        least = (
            len(boons) - 2 if s.dream[slot].bit_count() > s.marks[slot][s.due[0]].bit_count() else 0
        )
        return tuple(i + 1 for i in range(least, len(boons)) if not s.crossed >> i & 1)

    @property
    def excess(self) -> int:
        """How many cards the active player must discard now."""
        p = self._s.players[self._s.active]
        return len(p.owned) - p.card_limit if self._s.phase is DISCARD else 0

    def usable(self) -> tuple[str, ...]:
        """The active player's Active cards whose abilities can be used now."""
        s = self._s
        if s.phase is not ABILITY:
            return ()
        p = s.players[s.active]
        return tuple(cards()[c].card.name for c in p.owned if not p.exhausted >> c & 1)

    def first_stars(self, card: str, observe: bool = False) -> tuple[int, ...]:
        """The stars a marking that follows the rules may start with on ``card`` (none when
        it is not an undiscovered card around the board); for an ``observe``, also any
        Common star when a "this turn" ability allows it."""
        s = self._s
        slot = s.slot_of(card_id(card))
        if slot < 0 or not s.open(slot):
            return ()
        first = first_stars(s, slot, observe and COMMON_START in s.now.flags)
        return tuple(n + 1 for n in range(first.bit_length()) if first >> n & 1)

    def legal_paths(self, card: str) -> tuple[tuple[int, ...], ...]:
        """Every star path the active player's next Observe may mark on ``card``."""
        s = self._s
        p = s.players[s.active]
        slot = s.slot_of(card_id(card))
        if (
            s.phase not in (ABILITY, ACTION)
            or s.now.skip_action
            or (s.now.observes and not p.telescopes)
            or slot < 0
            or not s.open(slot)
        ):
            return ()
        return paths(s, slot, COMMON_START in s.now.flags, p.stardust)

    def final(self) -> tuple[FinalParts, ...]:
        """Each player's final score, in seating order (solo: yours only, see ``solo``)."""
        return tuple(self._final(i) for i in range(len(self._s.scoring)))

    @property
    def solo(self) -> ptolemy_state.SoloView | None:
        """Against Ptolemy, his side of the game and, once over, both scores and whether
        you won (``you_win``); None in a game of 2 to 5 players."""
        s, over = self._s, self._s.phase is OVER
        if s.solo is None:
            return None
        him, lib = s.players[PTOLEMY], s.solo.library
        stars = sum(m[PTOLEMY].bit_count() for m in s.marks)
        score = ptolemy_final(him.fame, him.owned, stars, him.telescopes, s.solo.scoring)
        yours = self._final(YOU).total
        return ptolemy_state.SoloView(
            s.solo.difficulty,
            him.fame,
            him.stardust,
            him.telescopes,
            tuple(cards()[c].card.name for c in him.owned),
            _names(ptolemy.visible(lib, s.solo.difficulty)),
            len(lib.pile),
            s.solo.last,
            s.solo.picks,
            s.solo.lost,
            score if over else None,
            yours if over else None,
            you_win(yours, score.total, s.solo.lost) if over else None,
        )

    def final_of(self, name: str) -> FinalParts:
        """One player's final score if the game ended now (a bot's evaluation); Ptolemy's
        is ``solo.score``."""
        i = self._s.names.index(name)
        if i >= len(self._s.scoring):
            raise ValueError(f"{name} has no Journal: his score is Game.solo's")
        return self._final(i)

    def _final(self, i: int) -> FinalParts:
        s = self._s
        p = s.players[i]
        owned = [cards()[c].card for c in p.owned]
        active = [cards()[c].card for c in p.owned if not p.exhausted >> c & 1]
        marked = sum(m[i].bit_count() for m in s.marks)
        pair = scoring_card(s.scoring[i]).pair
        return final_parts(
            p.fame, p.pouch_size, p.card_limit, p.stardust, marked, active, owned, pair
        )
