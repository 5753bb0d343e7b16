"""The Astra turn, as a state machine: Ability phase → Action phase (Observe, repeatable
for a Telescope each, or Rest) → Discovery (boons, the card, the card limit, the refill)
→ the next player, until the last turn after the Game End card shows. A game is a pure
function of its set-up and its decisions: ``Game.start(setup).apply(action)…``.

The two-player Dream phase (seed 000 p.20) is not played yet; it belongs after the
Discovery phase of a turn with a Rest, in ``_finish``."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.astra.actions import Action, Discard, End, Observe, PickBoon, Rest, UseAbility
from pnp.astra.effects import (
    COMMON_START,
    REST_GAIN,
    effects,
    first_stars,
    mark_path,
    paths,
    settle,
)
from pnp.astra.final import FinalParts, final_parts
from pnp.astra.model import CLOCKWISE, BoonKind, Element
from pnp.astra.rules import RuleError
from pnp.astra.scoring_cards import scoring_card
from pnp.astra.setup import START_STARDUST, Setup
from pnp.astra.state import EMPTY, GAME_END, Phase, Player, State, Turn, card_id, cards


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
        s = State.__new__(State)
        n = len(setup.players)
        ids = [card_id(name) for name in setup.deck]
        s.names, s.scoring = setup.players, setup.scoring
        s.deck = (*ids[: setup.on_top], GAME_END, *ids[setup.on_top :])
        s.top, s.turn, s.last_turn, s.phase, s.now = 0, 0, -1, Phase.ABILITY, Turn()
        s.players = [Player(START_STARDUST) for _ in range(n)]
        first = s.draw()
        s.discard = (first,)
        s.sphere = CLOCKWISE.index(cards()[first].card.element)
        s.board = [s.draw() for _ in range(n + 1)]
        s.marks = [[0] * n for _ in range(n + 1)]
        s.found, s.groups, s.due, s.crossed, s.picked, s.refill = [], [], [], 0, 0, []
        return Game(s)

    def apply(self, action: Action) -> Game:
        s = self._s.copy()
        if s.phase is Phase.OVER:
            raise RuleError("astra.game.over", "the game is over: its last turn has been played")
        if isinstance(action, Observe):
            _observe(s, action)
        elif isinstance(action, UseAbility):
            _use(s, action)
        elif isinstance(action, Rest):
            _rest(s)
        elif isinstance(action, End):
            _end(s)
        elif isinstance(action, PickBoon):
            _pick(s, action)
        else:
            _discard(s, action)
        return Game(s)

    @property
    def players(self) -> tuple[str, ...]:
        return self._s.names

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def over(self) -> bool:
        return self._s.phase is Phase.OVER

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
        return tuple(s.names[i] for i in s.due) if s.phase is Phase.BOONS else ()

    @property
    def resolving(self) -> str | None:
        """The discovered card whose boons are being picked."""
        s = self._s
        return cards()[s.board[s.found[0]]].card.name if s.phase is Phase.BOONS else None

    def open_boons(self) -> tuple[int, ...]:
        """The boons (1–4 from the left) still available to the players due."""
        s = self._s
        if s.phase is not Phase.BOONS:
            return ()
        boons = cards()[s.board[s.found[0]]].card.boons
        return tuple(i + 1 for i in range(len(boons)) if not s.crossed >> i & 1)

    @property
    def excess(self) -> int:
        """How many cards the active player must discard now."""
        p = self._s.players[self._s.active]
        return len(p.owned) - p.card_limit if self._s.phase is Phase.DISCARD else 0

    def usable(self) -> tuple[str, ...]:
        """The active player's Active cards whose abilities can be used now."""
        s = self._s
        if s.phase is not Phase.ABILITY:
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
            s.phase not in (Phase.ABILITY, Phase.ACTION)
            or s.now.skip_action
            or (s.now.observes and not p.telescopes)
            or slot < 0
            or not s.open(slot)
        ):
            return ()
        return paths(s, slot, COMMON_START in s.now.flags, p.stardust)

    def final(self) -> tuple[FinalParts, ...]:
        """Each player's final score, in seating order."""
        return tuple(self._final(i) for i in range(len(self._s.players)))

    def final_of(self, name: str) -> FinalParts:
        """One player's final score if the game ended now (a bot's evaluation)."""
        return self._final(self._s.names.index(name))

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


def _phase(s: State, *phases: Phase, what: str) -> None:
    if s.phase not in phases:
        raise RuleError("astra.turn.phase", f"{what} is not allowed in the {s.phase.value} phase")


def _use(s: State, use: UseAbility) -> None:
    _phase(s, Phase.ABILITY, what="using an ability (before Observe or Rest)")
    cid, p = card_id(use.card), s.players[s.active]
    if cid not in p.owned:
        raise RuleError("astra.ability.owned", f"{s.names[s.active]} does not own {use.card}")
    if p.exhausted >> cid & 1:
        raise RuleError("astra.ability.exhausted", f"{use.card} is exhausted")
    effects()[cards()[cid].card.ability].resolve(s, s.active, use)
    p.exhausted |= 1 << cid


def _observe(s: State, obs: Observe) -> None:
    _phase(s, Phase.ABILITY, Phase.ACTION, what="Observe")
    if s.now.skip_action:
        raise RuleError("astra.action.skipped", "an ability used this turn skips the Action phase")
    p = s.players[s.active]
    if s.now.observes:
        if not p.telescopes:
            raise RuleError("astra.observe.telescope", "another Observe costs 1 Telescope")
        p.telescopes -= 1
    if not obs.stars:
        raise RuleError("astra.observe.star", "an Observe marks at least 1 star")
    if len(obs.stars) > p.stardust:
        raise RuleError(
            "astra.observe.stardust",
            f"{len(obs.stars)} stars cost {len(obs.stars)} Stardust; the Pouch holds {p.stardust}",
        )
    before = mark_path(s, s.active, obs, COMMON_START in s.now.flags)
    p.stardust -= len(obs.stars)
    s.now.spent += len(obs.stars)
    if before < len(obs.stars):
        s.now.refundable += before
    s.now.observes += 1
    s.phase = Phase.ACTION


def _rest(s: State) -> None:
    if s.phase is Phase.ACTION:
        raise RuleError("astra.rest.once", "no Rest after an Observe in the same turn")
    _phase(s, Phase.ABILITY, what="Rest")
    if s.now.skip_action:
        raise RuleError("astra.action.skipped", "an ability used this turn skips the Action phase")
    p = s.players[s.active]
    size = p.pouch_size
    if REST_GAIN in s.now.flags:
        p.stardust += size
    else:
        p.stardust = max(p.stardust, size)
    element = CLOCKWISE[s.sphere]
    for c in p.owned:
        if cards()[c].card.element is element:
            p.exhausted &= ~(1 << c)
    s.sphere = (s.sphere + 1) % len(CLOCKWISE)
    if s.sphere == 0:  # from Water to Fire, over the discard icon
        card = s.draw()
        if card != EMPTY:
            s.discard += (card,)
    _discovery(s)


def _end(s: State) -> None:
    if s.phase is Phase.ABILITY and not s.now.skip_action:
        raise RuleError("astra.action.required", "take an Observe or a Rest before ending")
    _phase(s, Phase.ABILITY, Phase.ACTION, what="ending the Action phase")
    _discovery(s)


def _discovery(s: State) -> None:
    s.found = [i for i, c in enumerate(s.board) if c != EMPTY and not s.open(i)]
    settle(s, s.active, bool(s.found))
    _next_card(s)


def _next_card(s: State) -> None:
    while s.found:
        slot = s.found[0]
        counts: dict[int, list[int]] = {}
        for i, m in enumerate(s.marks[slot]):
            if m and i != s.active:
                counts.setdefault(m.bit_count(), []).append(i)
        s.groups = [counts[k] for k in sorted(counts, reverse=True)]
        s.crossed = s.picked = 0
        if s.groups:
            s.due = s.groups.pop(0)
            s.phase = Phase.BOONS
            return
        _gain_card(s)
    p = s.players[s.active]
    if len(p.owned) > p.card_limit:
        s.phase = Phase.DISCARD
    else:
        _finish(s)


def _gain_card(s: State) -> None:
    slot = s.found.pop(0)
    s.players[s.active].owned.append(s.board[slot])
    s.board[slot] = EMPTY
    s.marks[slot] = [0] * len(s.players)
    s.refill.append(slot)


def _pick(s: State, pick: PickBoon) -> None:
    _phase(s, Phase.BOONS, what="picking a boon")
    i = next((i for i, n in enumerate(s.names) if n.casefold() == pick.player.casefold()), -1)
    slot = s.found[0]
    card = cards()[s.board[slot]].card
    if i not in s.due:
        if i < 0 or i == s.active or not s.marks[slot][i]:
            raise RuleError(
                "astra.boon.helper", f"{pick.player} has no marks to assist {card.name} with"
            )
        if any(i in g for g in s.groups):
            raise RuleError(
                "astra.boon.order",
                f"{', '.join(s.names[d] for d in s.due)} pick before {pick.player}",
            )
        raise RuleError("astra.turn.order", f"{pick.player} has already picked a boon")
    if not 1 <= pick.boon <= len(card.boons):
        raise RuleError("astra.boon.index", f"boons are numbered 1 to {len(card.boons)}")
    bit = 1 << (pick.boon - 1)
    if s.crossed & bit:
        raise RuleError("astra.boon.taken", f"boon {pick.boon} on {card.name} is crossed out")
    _gain_boon(s, i, pick)
    s.picked |= bit
    s.due.remove(i)
    if not s.due:
        s.crossed |= s.picked
        s.picked = 0
        if s.groups:
            s.due = s.groups.pop(0)
            return
        _gain_card(s)
        _next_card(s)


def _gain_boon(s: State, i: int, pick: PickBoon) -> None:
    boon = cards()[s.board[s.found[0]]].card.boons[pick.boon - 1]
    p = s.players[i]
    wake = [card_id(c) for c in pick.reactivate]
    if boon.kind is BoonKind.ACTIVATION:
        tired = [c for c in p.owned if p.exhausted >> c & 1]
        wanted = min(boon.amount, len(tired))
        if len(set(wake)) != wanted or not set(wake) <= set(tired):
            raise RuleError(
                "astra.boon.activation",
                f"name {wanted} of {s.names[i]}'s Exhausted cards to reactivate",
            )
        for c in wake:
            p.exhausted &= ~(1 << c)
    elif wake:
        raise RuleError("astra.boon.activation", "only an Activation boon reactivates cards")
    elif boon.kind is BoonKind.FAME:
        p.fame += boon.amount
    elif boon.kind is BoonKind.STARDUST:
        p.stardust += boon.amount
    elif boon.kind is BoonKind.OBSERVATION:
        p.telescopes += boon.amount
    elif boon.kind is BoonKind.IMPROVEMENT:
        p.gain_pouch(boon.amount)
    else:
        p.gain_wisdom(boon.amount)


def _discard(s: State, discard: Discard) -> None:
    _phase(s, Phase.DISCARD, what="discarding")
    p = s.players[s.active]
    gone = [card_id(c) for c in discard.cards]
    over = len(p.owned) - p.card_limit
    if len(set(gone)) != len(gone) or not set(gone) <= set(p.owned) or len(gone) != over:
        raise RuleError(
            "astra.discard.limit",
            f"discard {over} of your own cards, each once, to keep {p.card_limit}",
        )
    for c in gone:
        p.owned.remove(c)
        p.exhausted &= ~(1 << c)
    s.discard += tuple(gone)
    _finish(s)


def _finish(s: State) -> None:
    for slot in s.refill:
        s.board[slot] = s.draw()
    s.refill = []
    s.turn += 1
    s.now = Turn()
    s.phase = Phase.OVER if 0 <= s.last_turn < s.turn else Phase.ABILITY
