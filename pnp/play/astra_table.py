"""What a solo player changes on the printed table when the game moves on: Ptolemy's
die, library card, marks and upkeep, discoveries and who takes the card, boons he takes,
board refills, cards the deck loses, the sphere marker, the Game End card and every
resource that changed. Pure: ``changes(before, after)`` compares two games and returns
``Change`` values; ``say`` puts one into words (``data/astra/text/solo.toml``).

The engine plays Ptolemy's turn inside the step that ends yours, so ``steps`` also gives
the game as your turn ends, for the table to be told in the order it happens."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pnp.astra.actions import Action, Observe, UseAbility
from pnp.astra.board import board, clockwise
from pnp.astra.game import Game
from pnp.astra.model import CLOCKWISE, EMPTY, Element
from pnp.astra.ptolemy_state import PtolemyTurn
from pnp.astra.scoring_cards import scoring_card
from pnp.astra.solo import Difficulty, solo_setup
from pnp.astra.state import PTOLEMY, YOU, State, card_id, cards
from pnp.astra.text import Lang, text
from pnp.astra.turn import dream_numbers


class Card(NamedTuple):
    id: int


class Stars(NamedTuple):
    numbers: tuple[int, ...]


class Count(NamedTuple):
    """``n`` of ``noun`` (``cards``, ``stars``, ``telescopes``), singular or plural."""

    noun: str
    n: int


class Cards(NamedTuple):
    ids: tuple[int, ...]


class Place(NamedTuple):
    """A card's place round the board (a slot), named by the two spheres beside it."""

    slot: int


class Resources(NamedTuple):
    """Resources that changed: (term key, before, after) each."""

    items: tuple[tuple[str, int, int], ...]


Arg = int | str | Card | Cards | Count | Stars | Element | Place | Resources


class Change(NamedTuple):
    """One thing to change on the table: an entry of ``solo.toml`` and its values."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()


def _c(key: str, **args: Arg) -> Change:
    return Change(key, tuple(args.items()))


def steps(game: Game, action: Action) -> tuple[Game, ...]:
    """The games after ``action``: when it ends your turn and Ptolemy plays his, first the
    game as your turn ends, then the game after his turn."""
    mine = game.apply(action, his_turn=False)
    his = mine.ptolemy_turn()
    return (mine,) if his is mine else (mine, his)


def _his_turn(b: State, a: State) -> PtolemyTurn | None:
    if b.solo is None or a.solo is None or a.solo.last is b.solo.last:
        return None
    return a.solo.last


def _turn(t: PtolemyTurn, b: State, a: State) -> list[Change]:
    """His Rest, or his die, library card, marks and upkeep."""
    assert b.solo is not None and a.solo is not None
    if t.rested:
        gain = a.players[PTOLEMY].stardust - b.players[PTOLEMY].stardust
        return [_c("he_rests", n=gain)]
    if not t.die:
        return [_c("he_runs_out")]
    assert t.source is not None
    element = cards()[t.card].card.element
    x = cards()[t.card].card.boons[0].amount
    where = "water" if element is Element.WATER else "closest"
    # easy-reshuffle: his discard became his pile before he rolled
    out = [_c("he_reshuffles")] if len(a.solo.library.pile) > len(b.solo.library.pile) else []
    out += [
        _c(f"he_rolls_{t.source.value}", die=t.die, card=Card(t.card), element=element, x=x),
        _c(f"he_aims_{where}", element=element),
    ]
    if t.target == EMPTY or not t.observes:
        out.append(_c("he_marks_nothing"))
    else:
        first, *more = t.observes
        out.append(_c("he_marks", card=Card(t.target), stars=Stars(first)))
        out += [_c("he_marks_more", stars=Stars(s)) for s in more]
        out += _stops(a, t.target, sum(map(len, t.observes)), x)
    return out + _upkeep(t, b, a)


def _stops(a: State, card: int, marked: int, wanted: int) -> list[Change]:
    """Why his path (or his dreamer pen's) marked fewer stars than it was to: the card
    still has unmarked stars, but none next to the path's last one."""
    slot = a.slot_of(card)
    return [_c("he_path_stops")] if marked < wanted and slot >= 0 and a.open(slot) else []


def _upkeep(t: PtolemyTurn, b: State, a: State) -> list[Change]:
    assert b.solo is not None and a.solo is not None
    was, lib = b.solo.library, a.solo.library
    out = [_c("he_discards_used", card=Card(t.card))]
    hidden = Difficulty.HARD_RIGHT_HIDDEN in a.solo.difficulty
    for side, old, new in (("left", was.left, lib.left), ("right", was.right, lib.right)):
        if new == old:
            continue
        if new == EMPTY:
            out.append(_c(f"he_{side}_empty"))
        elif side == "right" and hidden:
            out.append(_c("he_right_hidden"))
        else:
            out.append(_c(f"he_refills_{side}", card=Card(new)))
    if lib.pile and Difficulty.EASY_TOP_OPEN in a.solo.difficulty:
        out.append(_c("he_top_open", card=Card(lib.pile[0])))
    return out


def _who(s: State, card: int) -> str:
    """The key of who takes a discovered card in ``s``: you, him or nobody (discarded)."""
    if card in s.players[YOU].owned:
        return "you"
    return "him" if card in s.players[PTOLEMY].owned else "nobody"


def _finder(a: State, card: int, gone: bool) -> str:
    """Who discovered ``card``: the card's taker once gone, else the active player; the
    dreamer pen when it completed the card (nobody takes it)."""
    if gone:
        who = _who(a, card)
        return "dreamer" if who == "nobody" else who
    if a.dreamt:
        return "dreamer"
    return "you" if a.active == YOU else "him"


def _discoveries(b: State, a: State) -> list[Change]:
    """Cards completed or taken between ``b`` and ``a``, slot by slot, with the boons he
    took on them and the card that refills the slot."""
    out: list[Change] = []
    assert b.solo is not None and a.solo is not None
    picks = a.solo.picks[len(b.solo.picks) :]
    for slot, card in enumerate(b.board):
        if card == EMPTY:
            continue
        gone = a.board[slot] != card
        if b.open(slot) and (gone or not a.open(slot)):
            out.append(_c(f"found_by_{_finder(a, card, gone)}", card=Card(card)))
        for pick in (p for c, p in picks if c == card):
            key = "he_takes_no_boon" if not pick.boon else f"he_takes_boon_{pick.telescopes}"
            out.append(_c(key, card=Card(card), boon=pick.boon, n=pick.fame))
        if gone:
            out.append(_c(f"taken_by_{_who(a, card)}", card=Card(card)))
    for slot, (was, card) in enumerate(zip(b.board, a.board, strict=True)):
        if card == was:
            continue
        if card != EMPTY:
            out.append(_c("refill", card=Card(card), place=Place(slot)))
        elif slot not in a.refill:  # else it is refilled once you have discarded
            out.append(_c("refill_none", place=Place(slot)))
    return out


@cache
def _beside(slot: int) -> tuple[Element, Element]:
    """The two spheres nearest a place round the 2-player board, clockwise."""
    side = board(2)
    near = sorted(side.spheres, key=lambda s: clockwise(side.slots[slot].angle, s.angle))
    return near[-1].element, near[0].element


def _deck_discards(b: State, a: State) -> list[Change]:
    """Cards that left the deck for the discard pile (the marker passed the discard
    icon), and the cards you discarded down to your card limit."""
    out = []
    for card in a.discard[len(b.discard) :]:
        if card in b.players[YOU].owned:
            out.append(_c("you_discard", card=Card(card)))
        elif card not in b.board:
            out.append(_c("deck_discard", card=Card(card)))
    return out


_YOURS = ("fame", "stardust", "telescopes", "pouch_size", "wisdom", "card_limit")
_HIS = ("fame", "stardust", "telescopes")


def _resources(before: Game, after: Game, who: int) -> list[Change]:
    name = before.players[who]
    b, a = before.player(name), after.player(name)
    keys = _YOURS if who == YOU else _HIS
    items = tuple((k, getattr(b, k), getattr(a, k)) for k in keys if getattr(b, k) != getattr(a, k))
    out = []
    if items:
        out.append(_c(f"{'your' if who == YOU else 'his'}_resources", values=Resources(items)))
    if who == YOU:
        out += [_c("exhausted", card=Card(card_id(c))) for c in a.exhausted if c in b.active]
        out += [_c("reactivated", card=Card(card_id(c))) for c in a.active if c in b.exhausted]
    return out


def _your_marks(b: State, a: State, typed: Action | None) -> list[Change]:
    """Stars your pen marked that you did not type (an ability that marks a star's
    neighbours too)."""
    paths = [typed] if isinstance(typed, Observe) else []
    if isinstance(typed, UseAbility):
        paths = list(typed.paths)
    out = []
    for slot, card in enumerate(a.board):
        if card == EMPTY or b.board[slot] != card:
            continue
        new = a.marks[slot][YOU] & ~b.marks[slot][YOU]
        for path in (p for p in paths if card_id(p.card) == card):
            new &= ~sum(1 << (n - 1) for n in path.stars)
        if new:
            stars = tuple(n + 1 for n in range(new.bit_length()) if new >> n & 1)
            out.append(_c("you_also_mark", card=Card(card), stars=Stars(stars)))
    return out


def changes(before: Game, after: Game, typed: Action | None = None) -> tuple[Change, ...]:
    """Everything to change on the table from ``before`` to ``after``, in the order it
    happens; at most one of Ptolemy's turns between them (see ``steps``). ``typed`` is
    your decision between them, whose stars you marked already."""
    b, a = before.state, after.state
    turn = _his_turn(b, a)
    out = _your_marks(b, a, typed)
    if turn is not None:
        out += _turn(turn, b, a)
    if a.sphere != b.sphere:
        out.append(_c("sphere", element=CLOCKWISE[a.sphere]))
    out += _deck_discards(b, a)
    if turn is not None and turn.dream is not None:
        card, stars = turn.dream
        out.append(_c("he_dreams", card=Card(card), stars=Stars(stars)))
        out += _stops(a, card, len(stars), dream_numbers()[a.sphere])
    out += _discoveries(b, a)
    if b.last_turn < 0 <= a.last_turn:
        out.append(_c("game_end", round=a.last_turn // 2 + 1))
    out += _resources(before, after, YOU) + _resources(before, after, PTOLEMY)
    if turn is not None and (turn.rested or turn.die):
        view = after.solo
        assert view is not None
        out.append(_c("his_state", fame=view.fame, n=Count("cards", view.pile)))
    return tuple(out)


def setup(game: Game) -> tuple[Change, ...]:
    """The table at the start (seed 004, "Mise en place"): the cards round the board and
    their places, the card discarded to place the sphere marker, the Final Scoring
    cards, Ptolemy's library and both sides' Fame and Stardust."""
    s, view = game.state, game.solo
    assert s.solo is not None and view is not None
    out = [_c("setup_place", card=Card(c), place=Place(i)) for i, c in enumerate(s.board)]
    out.append(_c("setup_sphere", card=Card(s.discard[0]), element=CLOCKWISE[s.sphere]))
    yours = sorted(scoring_card(s.scoring[YOU]).pair, key=CLOCKWISE.index)
    out.append(_c("setup_scoring", first=yours[0], then=yours[1]))
    if s.solo.scoring is not None:
        his = sorted(scoring_card(s.solo.scoring).pair, key=CLOCKWISE.index)
        out.append(_c("setup_his_scoring", first=his[0], then=his[1]))
    lib = s.solo.library
    if Difficulty.HARD_RIGHT_HIDDEN in s.solo.difficulty:
        out.append(_c("setup_library_hidden", left=Card(lib.left), n=len(lib.pile)))
    else:
        out.append(
            _c("setup_library_open", left=Card(lib.left), right=Card(lib.right), n=len(lib.pile))
        )
    if Difficulty.EASY_TOP_OPEN in s.solo.difficulty:
        out.append(_c("he_top_open", card=Card(lib.pile[0])))
    aside = solo_setup(s.solo.seed, s.solo.difficulty).removed
    if aside:
        out.append(_c("setup_removed", cards=Cards(aside)))
    # the deck left and his pile: the session, not the player, shuffled them
    stack = len(s.deck) - s.top - 1 + len(lib.pile)
    out.append(_c("setup_stack", n=stack))
    you = game.player(game.players[YOU])
    out.append(_c("setup_sides", fame=view.fame, stardust=view.stardust, yours=you.stardust))
    return tuple(out)


def _word(arg: Arg, lang: Lang) -> str:
    if isinstance(arg, Card):
        return cards()[arg.id].card.title(lang)
    if isinstance(arg, Stars):
        listed = "-".join(map(str, arg.numbers))
        return count_of("numbered_stars", len(arg.numbers), lang, stars=listed)
    if isinstance(arg, Count):
        return count_of(arg.noun, arg.n, lang)
    if isinstance(arg, Cards):
        return ", ".join(cards()[c].card.title(lang) for c in arg.ids)
    if isinstance(arg, Element):
        return text(f"terms.{arg.value}", lang)
    if isinstance(arg, Place):
        first, then = (text(f"terms.{e.value}", lang) for e in _beside(arg.slot))
        return text("solo.place", lang).format(first=first, then=then)
    if isinstance(arg, Resources):
        return ", ".join(f"{_resource(k, lang)} {o} → {n}" for k, o, n in arg.items)
    return str(arg)


def count_of(noun: str, n: int, lang: Lang, **values: str) -> str:
    """``n`` and ``noun`` (``solo.n_<noun>``), in the singular for one (French: for
    none too)."""
    one = n == 1 or (lang is Lang.FR and n == 0)
    return text(f"solo.n_{noun}{'_one' if one else ''}", lang).format(n=n, **values)


def _resource(key: str, lang: Lang) -> str:
    """A resource's name; Wisdom as the spots marked on the Journal's track, which
    starts on its card limit 2, not on a Wisdom 2."""
    return text("solo.wisdom_spots" if key == "wisdom" else f"terms.{key}", lang)


def say(change: Change, lang: Lang) -> str:
    """One change in words."""
    return text(f"solo.{change.key}", lang).format(**{k: _word(v, lang) for k, v in change.args})
