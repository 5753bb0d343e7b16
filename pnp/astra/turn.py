"""The Astra turn, as a state machine on a ``State``: Ability phase → Action phase
(Observe, repeatable for a Telescope each, or Rest) → Discovery (boons, the card, the card
limit, the refill) → with two players, after a Rest, the Dream phase (``pnp.astra.dream``)
→ the next player, until the last turn after the Game End card shows. Each step checks
its rules and changes the state in place; ``Game`` copies it first. Solo, Ptolemy's turn
(``ptolemy_turn``) is played when yours ends (``Game.apply`` plays it at once, or on
request), with his boon picks and his Dream phase; only a boon you pick on his discovery
waits for you."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from pnp.astra import ptolemy, ptolemy_state
from pnp.astra.actions import Discard, Observe, PickBoon, UseAbility
from pnp.astra.board import board
from pnp.astra.effects import COMMON_START, REST_GAIN, effects, mark_path, settle
from pnp.astra.journal import card_limit
from pnp.astra.model import CLOCKWISE, EMPTY, BoonKind
from pnp.astra.rules import RuleError
from pnp.astra.solo import ptolemy_boon, telescopes_when_you_discover
from pnp.astra.state import (
    ABILITY,
    ACTION,
    BOONS,
    DISCARD,
    DREAM,
    DREAMER,
    OVER,
    PTOLEMY,
    YOU,
    State,
    Turn,
    card_id,
    cards,
)


def _out_of_phase(s: State, what: str) -> RuleError:
    return RuleError("astra.turn.phase", f"{what} is not allowed in the {s.phase.value} phase")


def use(s: State, use: UseAbility) -> None:
    if s.phase is not ABILITY:
        raise _out_of_phase(s, "using an ability (before Observe or Rest)")
    cid, p = card_id(use.card), s.players[s.active]
    if cid not in p.owned:
        raise RuleError("astra.ability.owned", f"{s.names[s.active]} does not own {use.card}")
    if p.exhausted >> cid & 1:
        raise RuleError("astra.ability.exhausted", f"{use.card} is exhausted")
    effects()[cards()[cid].card.ability].resolve(s, s.active, use)
    p.exhausted |= 1 << cid


def observe(s: State, obs: Observe) -> None:
    if s.phase is not ABILITY and s.phase is not ACTION:
        raise _out_of_phase(s, "Observe")
    if s.now.skip_action:
        raise RuleError("astra.action.skipped", "an ability used this turn skips the Action phase")
    i, now = s.active, s.now
    p = s.players[i]
    if now.observes:
        if not p.telescopes:
            raise RuleError("astra.observe.telescope", "another Observe costs 1 Telescope")
        p.telescopes -= 1
    n = len(obs.stars)
    if not n:
        raise RuleError("astra.observe.star", "an Observe marks at least 1 star")
    if n > p.stardust:
        raise RuleError(
            "astra.observe.stardust",
            f"{n} stars cost {n} Stardust; the Pouch holds {p.stardust}",
        )
    before = mark_path(s, i, obs, COMMON_START in now.flags)
    p.stardust -= n
    now.spent += n
    if before < n:
        now.refundable += before
    now.observes += 1
    s.phase = ACTION


def rest(s: State) -> None:
    if s.phase is ACTION:
        raise RuleError("astra.rest.once", "no Rest after an Observe in the same turn")
    if s.phase is not ABILITY:
        raise _out_of_phase(s, "Rest")
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
    s.now.rested = True
    if s.sphere == 0:  # from Water to Fire, over the discard icon
        card = s.draw()
        if card != EMPTY:
            s.discard += (card,)
    _discovery(s)


def end(s: State) -> None:
    if s.phase is ABILITY and not s.now.skip_action:
        raise RuleError("astra.action.required", "take an Observe or a Rest before ending")
    if s.phase is not ABILITY and s.phase is not ACTION:
        raise _out_of_phase(s, "ending the Action phase")
    _discovery(s)


def quiet_end(s: State) -> bool:
    """Whether ending the Action phase now (``end``) would change nothing but whose turn
    it is: no card discovered (the only way to gain one, so none is over the limit), no
    "this turn" effect to settle, no turn of Ptolemy's to follow (nor a Dream phase, which
    follows a Rest). A bot weighing an Observe stops there."""
    t = s.now
    return s.solo is None and not t.flags and not t.fame_per_grand and not s.discovered()


def _discovery(s: State) -> None:
    s.found = s.discovered()
    settle(s, s.active, bool(s.found))
    _next_card(s)


def _next_card(s: State) -> None:
    while s.found:
        slot = s.found[0]
        counts: dict[int, list[int]] = {}
        for i, m in enumerate(s.marks[slot]):
            if m and (i != s.active or s.dreamt):
                counts.setdefault(m.bit_count(), []).append(i)
        s.groups = [counts[k] for k in sorted(counts, reverse=True)]
        s.crossed = s.picked = 0
        if _next_group(s):
            s.phase = BOONS
            return
        _gain_card(s)
    p = s.players[s.active]
    if len(p.owned) > card_limit(p.wisdom) and not (s.solo and s.active == PTOLEMY):
        s.phase = DISCARD
    else:
        _finish(s)


def _next_group(s: State) -> bool:
    """The next group of assisting players is due, if any is left; Ptolemy picks at once."""
    while s.groups:
        s.due = s.groups.pop(0)
        if not (s.solo and PTOLEMY in s.due):
            return True
        _ptolemy_pick(s)
        if s.due:
            return True
        s.crossed |= s.picked
        s.picked = 0
    return False


def _ptolemy_pick(s: State) -> None:
    """His best Fame boon, whatever the dreamer pen marked (seed 004, "Phase découverte")."""
    assert s.solo is not None
    cid = s.board[s.found[0]]
    card = cards()[cid].card
    open_ = [i + 1 for i in range(len(card.boons)) if not s.crossed >> i & 1]
    got = ptolemy_boon(card, open_, s.solo.difficulty)
    him = s.players[PTOLEMY]
    him.fame += got.fame
    him.telescopes += got.telescopes
    if got.boon:
        s.picked |= 1 << (got.boon - 1)
    s.solo = replace(s.solo, picks=(*s.solo.picks, (cid, got)))
    s.due.remove(PTOLEMY)


def _gain_card(s: State) -> None:
    slot = s.found.pop(0)
    if s.dreamt:
        s.discard += (s.board[slot],)
    else:
        s.players[s.active].owned += (s.board[slot],)
        if s.solo and s.active == YOU:
            s.players[PTOLEMY].telescopes += telescopes_when_you_discover(s.solo.difficulty)
    s.place(slot, EMPTY)
    s.refill.append(slot)


def pick(s: State, pick: PickBoon) -> None:
    if s.phase is not BOONS:
        raise _out_of_phase(s, "picking a boon")
    i = next((i for i, n in enumerate(s.names) if n.casefold() == pick.player.casefold()), -1)
    slot = s.found[0]
    card = cards()[s.board[slot]].card
    if i not in s.due:
        if i < 0 or (i == s.active and not s.dreamt) or not s.marks[slot][i]:
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
    if s.dream[slot].bit_count() > s.marks[slot][i].bit_count() and pick.boon < len(card.boons) - 1:
        raise RuleError(
            "astra.dream.boons",
            f"the dreamer pen marked more stars on {card.name} than {pick.player}: "
            f"pick boon {len(card.boons) - 1} or {len(card.boons)}, not {pick.boon}",
        )
    _gain_boon(s, i, pick)
    s.picked |= bit
    s.due.remove(i)
    if not s.due:
        s.crossed |= s.picked
        s.picked = 0
        if _next_group(s):
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


@cache
def dream_numbers() -> tuple[int, ...]:
    """The number on each sphere of the 2-player board, by index into ``CLOCKWISE``."""
    return tuple(board(2).sphere(e).number for e in CLOCKWISE)


def dream_cards(s: State) -> list[int]:
    """The slots the dreamer pen may mark: the unmarked cards if any, else all the
    undiscovered ones; of those, the ones with the most stars."""
    open_ = [i for i, c in enumerate(s.board) if c != EMPTY and s.open(i)]
    blank = [i for i in open_ if not s.marked(i)]
    pool = blank or open_
    most = max((cards()[s.board[i]].card.size for i in pool), default=0)
    return [i for i in pool if cards()[s.board[i]].card.size == most]


def dream(s: State, path: Observe) -> None:
    """The dreamer pen marks ``path``: the active sphere's number of stars, fewer only when
    the path cannot go on; a card it completes is resolved with nobody gaining it."""
    if s.phase is not DREAM:
        raise _out_of_phase(s, "the dreamer pen's marking")
    chosen = dream_cards(s)
    names = {cards()[s.board[i]].card.name: i for i in chosen}
    slot = names.get(path.card, -1)
    if slot < 0:
        raise RuleError(
            "astra.dream.card", f"the dreamer pen marks {' or '.join(names)}, not {path.card}"
        )
    wanted = dream_numbers()[s.sphere]
    if not 1 <= len(path.stars) <= wanted:
        raise RuleError(
            "astra.dream.count",
            f"the active sphere's number is {wanted}: the dreamer pen marks {wanted} stars, "
            f"not {len(path.stars)}",
        )
    mark_path(s, DREAMER, path)
    info = cards()[s.board[slot]]
    if len(path.stars) < wanted and info.neighbours[path.stars[-1] - 1] & ~s.marked(slot):
        raise RuleError(
            "astra.dream.count",
            f"the dreamer pen marks {wanted} stars, fewer only when no unmarked star is next "
            f"to the last one; star {path.stars[-1]} on {path.card} has one",
        )
    if s.open(slot):
        _finish(s)
    else:
        s.dreamt, s.found = True, [slot]
        _next_card(s)


def discard(s: State, discard: Discard) -> None:
    if s.phase is not DISCARD:
        raise _out_of_phase(s, "discarding")
    p = s.players[s.active]
    gone = [card_id(c) for c in discard.cards]
    over = len(p.owned) - p.card_limit
    if len(set(gone)) != len(gone) or not set(gone) <= set(p.owned) or len(gone) != over:
        raise RuleError(
            "astra.discard.limit",
            f"discard {over} of your own cards, each once, to keep {p.card_limit}",
        )
    p.owned = tuple(c for c in p.owned if c not in gone)
    for c in gone:
        p.exhausted &= ~(1 << c)
    s.discard += tuple(gone)
    _finish(s)


def _finish(s: State) -> None:
    if s.refill:
        for slot in s.refill:
            s.place(slot, s.draw())
        s.refill = []
    if s.now.rested and len(s.players) == 2 and dream_cards(s):
        s.now.rested = False
        s.phase = DREAM
        if s.solo and s.active == PTOLEMY:
            _ptolemy_dream(s)
        return
    s.dreamt = False
    s.turn += 1
    s.active = s.turn % len(s.players)
    s.now = Turn()
    s.phase = OVER if 0 <= s.last_turn < s.turn else ABILITY


def ptolemy_due(s: State) -> bool:
    """Whether Ptolemy's turn is the one to play now (``Game.apply`` plays it at once)."""
    return s.solo is not None and s.active == PTOLEMY and s.phase is ABILITY


def _ptolemy_dream(s: State) -> None:
    """After his Rest the dreamer pen marks by his priorities; tied cards are drawn."""
    assert s.solo is not None and s.solo.last is not None
    rng = s.solo.rng(s.turn)
    slots = dream_cards(s)
    slot = slots[0] if len(slots) == 1 else rng.choice(slots)
    cid = s.board[slot]
    stars = ptolemy.path(cid, s.marked(slot), dream_numbers()[s.sphere], rng, dreamer=True)
    s.solo = replace(s.solo, last=replace(s.solo.last, dream=(cid, stars)))
    dream(s, Observe(cards()[cid].card.name, stars))


def ptolemy_turn(s: State) -> None:
    """Ptolemy's turn (seed 004, "Phase action", "Entretien"): Rest with no Stardust, else
    the d6 picks a library card whose element and leftmost boon say where and how much he
    marks; then the Discovery phase (you pick first on his discoveries) and, after his
    Rest, the Dream phase."""
    solo, him = s.solo, s.players[PTOLEMY]
    assert solo is not None
    rng = solo.rng(s.turn)
    if ptolemy.rests(him.stardust):
        rested = ptolemy.rest(him.stardust, s.sphere, solo.difficulty)
        him.stardust, s.sphere, s.now.rested = rested.stardust, rested.sphere, True
        if rested.discard_top and (card := s.draw()) != EMPTY:
            s.discard += (card,)
        s.solo = replace(solo, last=ptolemy_state.PtolemyTurn(s.turn, rested=True))
        _discovery(s)
        return
    lib = solo.library
    if not lib.pile and not ptolemy.runs_out(lib, solo.difficulty):
        lib = ptolemy.reshuffle(lib, rng)
    if not lib.pile and s.last_turn < 0:  # the Game End card showing first, he plays on
        s.solo = replace(solo, lost=True, last=ptolemy_state.PtolemyTurn(s.turn, rested=False))
        s.phase = OVER
        return
    die = ptolemy.roll(lib, rng)
    source, used = ptolemy.pick(lib, die)
    slot = ptolemy.target(
        s.board, [s.marked(i) for i in range(len(s.board))], cards()[used].card.element, rng
    )
    done = ptolemy.Marking((), 0)
    if slot != EMPTY:
        x = ptolemy.stars_to_mark(used)
        done = ptolemy.marking(s.board[slot], s.marked(slot), x, him.telescopes, rng)
        for stars in done.observes:
            for n in stars:
                s.marks[slot][PTOLEMY] |= 1 << (n - 1)
        s.now.marked |= 1 << slot
        him.telescopes -= done.telescopes
    lib, him.stardust = ptolemy.upkeep(lib, source, him.stardust)
    last = ptolemy_state.PtolemyTurn(
        s.turn,
        False,
        die,
        source,
        used,
        EMPTY if slot == EMPTY else s.board[slot],
        done.observes,
        done.telescopes,
    )
    s.solo = replace(solo, library=lib, last=last)
    _discovery(s)
