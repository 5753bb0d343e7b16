"""Arranging a table log's hidden orders just in time (``pnp.cosmos.table``): the card,
tile or token a decision reveals is brought to the top of its pile from among those
nobody has seen, or refused with what the components allow."""

from __future__ import annotations

from pnp.cosmos.actions import GainPower
from pnp.cosmos.content import advanced_life, goals, main_board, player_board
from pnp.cosmos.geometry import geometry
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.notation import format_action
from pnp.cosmos.reveal import (
    ENERGY,
    GOAL,
    LIFE,
    REFILL,
    TILE,
    Reveal,
    Seen,
    TableError,
    energy_counts,
)
from pnp.cosmos.state import NONE, TYPES, State, cards


def arrange(s: State, seen: Seen, reveals: tuple[Reveal, ...]) -> None:
    energy = [r for r in reveals if r.kind in (ENERGY, REFILL)]
    if energy:
        _arrange_energy(s, energy)
    for r in reveals:
        if r.kind == TILE:
            _arrange_tile(s, seen, r)
        elif r.kind == LIFE:
            _arrange_life(s, seen, r)
        elif r.kind == GOAL:
            _arrange_goal(s, seen, r)


def _arrange_goal(s: State, seen: Seen, r: Reveal) -> None:
    """The goal revealed on top of the goal deck, when the next one drawn is not one the
    header lists (``pnp.cosmos.table`` says so otherwise): the goals left in the deck
    then are ones nobody has seen, any of the others may take one's place."""
    if not s.goal_deck or main_board().goals_per_game - len(s.goal_deck) < seen.goals:
        return
    deck = list(s.goal_deck)
    if r.value in deck:
        j = deck.index(r.value)
        deck[0], deck[j] = deck[j], deck[0]
    else:
        goal = goals()[r.value].id
        if r.value in s.track:
            where = f"it is on space {s.track.index(r.value) + 1} of the goal track"
            raise TableError("cosmos.table.goals", f"{goal} is drawn twice: {where}", r)
        if any(g.goal == goal for g in s.scored):
            raise TableError("cosmos.table.goals", f"{goal} is drawn twice: it has scored", r)
        deck[0] = r.value
    s.goal_deck = tuple(deck)


def _arrange_energy(s: State, reveals: list[Reveal]) -> None:
    """The deck's cards in the order revealed. Past its end comes the discard pile,
    shuffled in as the engine would once the deck is used up (only the energy phase
    draws energy cards, and it pays none, so the pile is the same then)."""
    deck, cut, pile = list(s.deck), len(s.deck), s.discard
    if len(reveals) > cut and pile:
        deck += pile
        s.deck, s.discard, s.shuffles = tuple(deck), (), s.shuffles + 1
    for i, r in enumerate(reveals):
        end = cut if i < cut else len(deck)
        j = next((j for j in range(i, end) if deck[j] == r.value), NONE)
        if j == NONE:
            raise TableError("cosmos.table.energy", _no_energy(s, deck, i, cut, pile, r.value), r)
        deck[i], deck[j] = deck[j], deck[i]
    s.deck = tuple(deck)


def _cards(kinds: list[int]) -> str:
    """Energy cards by type, as ``2 light, 1 time``."""
    return ", ".join(f"{kinds.count(t)} {TYPES[t].value}" for t in range(4) if t in kinds)


def _no_energy(s: State, deck: list[int], i: int, cut: int, pile: tuple[int, ...], t: int) -> str:
    name = TYPES[t].value
    if i >= len(deck):
        return "no energy card is left to draw: the deck and the discard pile are used up"
    if i >= cut:
        return (
            f"the discard pile shuffled into the deck holds no {name} card now "
            f"({_cards(deck[i:])} left)"
        )
    hands = sum(p.hand[t] for p in s.players)
    shown = s.display.count(t)
    later = "; the discard pile is shuffled in only once the deck is used up" if t in pile else ""
    return (
        f"the energy deck holds no {name} card now ({_cards(deck[i:cut])} left): of the "
        f"{energy_counts()[t]} {name} cards, {hands} are in hands, {shown} on the display "
        f"and {pile.count(t)} in the discard pile{later}"
    )


def _arrange_tile(s: State, seen: Seen, r: Reveal) -> None:
    tile = nebula_tiles()[r.value]
    k = tile.size - 1
    stack = list(s.stacks[k])
    unseen = len(stack) - seen.stacks[k]
    if r.value not in stack:
        raise TableError(
            "cosmos.table.nebula",
            f"{tile.id} is not in the size-{tile.size} stack: {_where_tile(s, r.value)}",
            r,
        )
    j = stack.index(r.value)
    if j >= unseen and j:
        raise TableError(
            "cosmos.table.nebula",
            f"{tile.id} lies under the size-{tile.size} stack, put back in a known order: "
            f"the {j} tile(s) above it come first",
            r,
        )
    stack[0], stack[j] = stack[j], stack[0]
    stacks = list(s.stacks)
    stacks[k] = tuple(stack)
    s.stacks = tuple(stacks)


def _where_tile(s: State, tile: int) -> str:
    g = geometry()
    for name, p in zip(s.names, s.players, strict=True):
        if tile in p.board.tiles:
            return f"it is on {name}'s {g.nebula_ids[p.board.tiles.index(tile)]}"
        if tile in p.held_tiles:
            return f"{name} holds it"
    return "it has been drawn"


def _arrange_life(s: State, seen: Seen, r: Reveal) -> None:
    """Group 1's tokens in play are a random few of its eight: any value the eight
    still hold may come next while group-1 tokens are left on top."""
    life = advanced_life()
    stack = list(s.life_stack)
    if not stack:
        return  # nothing to draw: the engine refuses the action
    top = len(stack) - len(life.group2)
    if top > 0:
        pool = list(life.group1)
        for v in seen.group1:
            pool.remove(v)
        if r.value not in pool:
            left = [str(v) for v in sorted(set(pool), reverse=True)]
            values = " or ".join([", ".join(left[:-1]), left[-1]] if len(left) > 1 else left)
            raise TableError(
                "cosmos.table.life",
                f"the next advanced life token is one of the {top} group-1 token(s) left on "
                f"top of the stack: {values}, not {r.value} (group 1: "
                f"{_values(list(life.group1))}; drawn: {_values(seen.group1) or 'none'})",
                r,
            )
        pool.remove(r.value)
        stack[:top] = [r.value, *pool[: top - 1]]
    elif r.value in stack:
        j = stack.index(r.value)
        stack[0], stack[j] = stack[j], stack[0]
    else:
        raise TableError(
            "cosmos.table.life",
            f"the advanced life stack holds no {r.value} now: its group-2 tokens left are "
            f"{_values(stack)}",
            r,
        )
    s.life_stack = tuple(stack)


def _values(values: list[int]) -> str:
    """Life values with their counts, highest first: ``8 ×2, 6``."""
    out = []
    for v in sorted(set(values), reverse=True):
        n = values.count(v)
        out.append(f"{v} ×{n}" if n > 1 else str(v))
    return ", ".join(out)


def arrange_power(s: State, seen: Seen, action: GainPower, kept: tuple[Reveal, ...]) -> None:
    """The cards keep names on top of the deck the action draws from: unseen cards are
    drawn first, then those put under, in the order put under."""
    costs = player_board().slot_costs
    t = TYPES.index(action.suit)
    if not 0 <= action.slot < len(costs):
        return  # the engine refuses the slot
    deck = list(s.power_decks[t])
    unseen = len(deck) - seen.power[t]
    n = min(costs[action.slot], len(deck))
    named: list[int] = []
    for r in kept:
        card = cards()[r.value]
        if card.type is not action.suit:
            raise TableError(
                "cosmos.table.power",
                f"{card.id} is a {card.type.value} card: {format_action(action)} draws from "
                f"the {action.suit.value} deck",
                r,
            )
        if r.value not in deck or r.value in named:
            where = "named twice" if r.value in named else _where_card(s, r.value)
            raise TableError(
                "cosmos.table.power",
                f"{card.id} is not in the {action.suit.value} deck: {where}",
                r,
            )
        j = deck.index(r.value)
        if j >= max(unseen, n):
            raise TableError(
                "cosmos.table.power",
                f"{card.id} lies under the {action.suit.value} deck, put back in a known "
                f"order: the {j} card(s) above it come first",
                r,
            )
        named.append(r.value)
    if len(named) != n:
        raise TableError(
            "cosmos.table.power",
            f"{format_action(action)} draws {n} {action.suit.value} card(s): keep names "
            f"{len(named)} (the card kept, then the others in the order put under)",
            kept[0] if kept else None,
        )
    if n <= unseen:
        for i, c in enumerate(named):
            j = deck.index(c)
            deck[i], deck[j] = deck[j], deck[i]
    decks = list(s.power_decks)
    decks[t] = tuple(deck)
    s.power_decks = tuple(decks)


def _where_card(s: State, c: int) -> str:
    for name, p in zip(s.names, s.players, strict=True):
        if c in p.slots:
            return f"it is in {name}'s slot {p.slots.index(c) + 1}"
    return "it has been drawn"
