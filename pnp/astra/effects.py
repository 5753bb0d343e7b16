"""The 18 ability effects, each a value with a name and a timing. An instant effect
resolves when its card is used in the Ability phase; a "this turn" effect sets a flag on
the turn, which the turn consults (Observe, Rest) and ``settle`` resolves at its end.

The Star Marking rules live here too: Observe and the marking abilities share them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Final

from pnp.astra.abilities import Timing, abilities
from pnp.astra.actions import Observe, UseAbility
from pnp.astra.model import CLOCKWISE
from pnp.astra.rules import RuleError
from pnp.astra.state import CardInfo, State, card_id, cards, reach

# The turn-long effects the turn consults by name.
COMMON_START: Final = "common-start"
REST_GAIN: Final = "rest-gain-pouch"
REFUND_COMMON: Final = "refund-common"
REFUND_BEFORE_GRAND: Final = "refund-before-grand"
TELESCOPE_PRICE: Final = 3


def target(s: State, name: str) -> tuple[int, CardInfo, int]:
    """The board slot of an undiscovered card named ``name``, the card and its marked
    stars."""
    try:
        slot = s.slot_of(card_id(name))
    except ValueError:
        slot = -1
    if slot >= 0:
        info, marked = cards()[s.board[slot]], s.marked(slot)
        if marked != info.full:
            return slot, info, marked
    raise RuleError(
        "astra.observe.card", f"{name} is not an undiscovered constellation around the board"
    )


def first_stars(s: State, slot: int, common_start: bool = False) -> int:
    """The stars an Observe (or a marking that follows the rules) may start with."""
    return start_stars(cards()[s.board[slot]], s.marked(slot), common_start)


def start_stars(info: CardInfo, marked: int, common_start: bool = False) -> int:
    """``first_stars`` of a card whose marked stars are ``marked``."""
    first = (reach(info, marked) if marked else info.starting) & ~marked
    return first | (info.common & ~marked) if common_start else first


def paths(s: State, slot: int, common_start: bool, longest: int) -> tuple[tuple[int, ...], ...]:
    """Every path of at most ``longest`` stars an Observe may mark on the card in ``slot``."""
    info = cards()[s.board[slot]]
    marked = s.marked(slot)
    out: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...], used: int) -> None:
        out.append(path)
        if len(path) < longest:
            after = info.neighbours[path[-1] - 1] & ~used
            while after:
                low = after & -after
                walk((*path, low.bit_length()), used | low)
                after ^= low

    first = first_stars(s, slot, common_start) if longest else 0
    while first:
        low = first & -first
        walk((low.bit_length(),), marked | low)
        first ^= low
    return tuple(out)


def _bit(info: CardInfo, n: int, marked: int) -> int:
    if not 1 <= n <= info.size:
        raise RuleError(
            "astra.observe.star", f"{info.card.name} has stars 1 to {info.size}, not {n}"
        )
    bit = 1 << (n - 1)
    if bit & marked:
        raise RuleError("astra.observe.marked", f"star {n} on {info.card.name} is already marked")
    return bit


def mark_path(s: State, player: int, path: Observe, common_start: bool = False) -> int:
    """Marks ``path`` under the Star Marking rules; returns how many stars came before
    its first Grand star (all of them when it has none)."""
    slot, info, marked = target(s, path.card)
    stars = path.stars
    size, neighbours, grand = info.size, info.neighbours, info.grand
    before, prev, was = -1, -1, marked
    for i, n in enumerate(stars):
        bit = 1 << (n - 1) if 1 <= n <= size else 0
        if not bit or bit & marked:
            _bit(info, n, marked)  # raises the error that says which
        if i:
            if not bit & neighbours[prev]:
                raise RuleError(
                    "astra.observe.adjacent",
                    f"star {n} on {info.card.name} is not next to star {prev + 1}, "
                    "marked just before",
                )
        elif not bit & start_stars(info, marked, common_start):
            if not marked:
                raise RuleError(
                    "astra.observe.start",
                    f"{info.card.name} has no marked star: start at its Starting star "
                    f"{info.starting.bit_length()}, not {n}",
                )
            raise RuleError(
                "astra.observe.adjacent", f"star {n} on {info.card.name} touches no marked star"
            )
        marked |= bit
        if before < 0 and bit & grand:
            before = i
        prev = n - 1
    s.mark(player, slot, marked & ~was)
    return len(stars) if before < 0 else before


def _targets(use: UseAbility, paths: int = 0, count: bool = False) -> None:
    if len(use.paths) != paths or bool(use.count) != count:
        wanted = (
            "a number of Telescopes to buy"
            if count
            else f"{paths} star{'s' if paths != 1 else ''}"
            if paths
            else "no target"
        )
        raise RuleError("astra.ability.targets", f"{use.card}'s ability takes {wanted}")


def _open_slots(s: State) -> list[int]:
    return [slot for slot in range(len(s.board)) if s.open(slot)]


Resolve = Callable[[State, int, UseAbility], None]


@dataclass(frozen=True)
class Effect:
    name: str
    timing: Timing
    resolve: Resolve


def _stardust(amount: int) -> Resolve:
    def resolve(s: State, player: int, use: UseAbility) -> None:
        _targets(use)
        s.players[player].stardust += amount

    return resolve


def _buy(s: State, player: int, use: UseAbility) -> None:
    _targets(use, count=True)
    p = s.players[player]
    if TELESCOPE_PRICE * use.count > p.stardust:
        raise RuleError(
            "astra.ability.buy",
            f"{use.count} Telescopes cost {TELESCOPE_PRICE * use.count} Stardust; "
            f"the Pouch holds {p.stardust}",
        )
    p.stardust -= TELESCOPE_PRICE * use.count
    p.telescopes += use.count


def _gain(what: str) -> Resolve:
    def resolve(s: State, player: int, use: UseAbility) -> None:
        _targets(use)
        p = s.players[player]
        if what == "telescope":
            p.telescopes += 1
        elif what == "wisdom":
            p.gain_wisdom(1)
        else:
            p.gain_pouch(1)

    return resolve


def _single(s: State, player: int, use: UseAbility) -> tuple[int, int] | None:
    """The slot and star of a one-star marking that ignores the marking rules."""
    if not _open_slots(s):
        _targets(use)
        return None
    _targets(use, 1)
    path = use.paths[0]
    if len(path.stars) != 1:
        raise RuleError("astra.ability.targets", f"{use.card}'s ability marks 1 star")
    slot, info, marked = target(s, path.card)
    bit = _bit(info, path.stars[0], marked)
    s.mark(player, slot, bit)
    return slot, bit


def _mark_any(s: State, player: int, use: UseAbility) -> None:
    _single(s, player, use)


def _mark_and_neighbours(s: State, player: int, use: UseAbility) -> None:
    found = _single(s, player, use)
    s.now.skip_action = True
    if found:
        slot, bit = found
        around = cards()[s.board[slot]].neighbours[bit.bit_length() - 1]
        s.mark(player, slot, around & ~s.marked(slot))


def _two_possible(s: State) -> int:
    """How many stars mark-two can mark: 2 unless a single card is left with no path of 2."""
    slots = _open_slots(s)
    if len(slots) != 1:
        return min(2, len(slots) * 2)
    info = cards()[s.board[slots[0]]]
    first, marked = first_stars(s, slots[0]), s.marked(slots[0])
    return 2 if reach(info, first) & ~marked else 1


def _mark_two(s: State, player: int, use: UseAbility) -> None:
    wanted = _two_possible(s)
    stars = sum(len(p.stars) for p in use.paths)
    cards_named = {p.card for p in use.paths}
    if stars != wanted or len(cards_named) != len(use.paths) or len(use.paths) > 2:
        raise RuleError(
            "astra.ability.targets",
            f"{use.card}'s ability marks {wanted} star{'s' if wanted != 1 else ''}: "
            "a path of two on one card or one on each of two cards",
        )
    for path in use.paths:
        mark_path(s, player, path)


def _mark_three(s: State, player: int, use: UseAbility) -> None:
    wanted = min(3, len(_open_slots(s)))
    if (
        len(use.paths) != wanted
        or any(len(p.stars) != 1 for p in use.paths)
        or len({p.card for p in use.paths}) != wanted
    ):
        raise RuleError(
            "astra.ability.targets", f"{use.card}'s ability marks 1 star on each of {wanted} cards"
        )
    for path in use.paths:
        mark_path(s, player, path)


def _fame_per_undiscovered(s: State, player: int, use: UseAbility) -> None:
    _targets(use)
    s.players[player].fame += sum(1 for slot in _open_slots(s) if s.marks[slot][player])


def _fame_per_element(s: State, player: int, use: UseAbility) -> None:
    _targets(use)
    element = CLOCKWISE[s.sphere]
    p = s.players[player]
    p.fame += sum(1 for c in p.owned if cards()[c].card.element is element)


def _this_turn(name: str) -> Resolve:
    def resolve(s: State, player: int, use: UseAbility) -> None:
        _targets(use)
        if name == "fame-per-grand":
            s.now.fame_per_grand += 1
        else:
            s.now.flags = s.now.flags | {name}

    return resolve


_RESOLVE: dict[str, Resolve] = {
    "buy-telescopes": _buy,
    "telescope": _gain("telescope"),
    "wisdom": _gain("wisdom"),
    "pouch": _gain("pouch"),
    "mark-any": _mark_any,
    "mark-and-neighbours": _mark_and_neighbours,
    "mark-three": _mark_three,
    "mark-two": _mark_two,
    "fame-per-undiscovered": _fame_per_undiscovered,
    "fame-per-element": _fame_per_element,
}


@cache
def effects() -> dict[str, Effect]:
    """Every ability id's effect."""
    out = {}
    for a in abilities():
        if a.effect == "stardust":
            resolve = _stardust(a.amount)
        elif a.timing is Timing.THIS_TURN:
            resolve = _this_turn(a.effect)
        else:
            resolve = _RESOLVE[a.effect]
        out[a.id] = Effect(a.effect, a.timing, resolve)
    return out


def settle(s: State, player: int, discovered: bool) -> None:
    """Resolves the turn's "this turn" effects at its end."""
    t, p = s.now, s.players[player]
    p.fame += t.fame_per_grand * t.grand
    if not t.flags:  # most turns
        return
    if REFUND_COMMON in t.flags and t.only_common and not discovered:
        p.stardust += t.spent
    if REFUND_BEFORE_GRAND in t.flags:
        p.stardust += t.refundable
