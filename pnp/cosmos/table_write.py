"""Writing a played game as a table log (data/formats/cosmos.md, "Table logs"): the set-up
lines of its header and what each decision reveals, as ``pnp.cosmos.table_log`` reads
them (``pnp.cosmos.log.format_log`` with ``reveal``)."""

from __future__ import annotations

from pnp.cosmos.actions import DECK, Action, TakeCard
from pnp.cosmos.content import goals
from pnp.cosmos.geometry import geometry
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.state import COLLECT, CRAFT, NONE, SHIFT, TYPES, State
from pnp.cosmos.table import tiles_drawn
from pnp.cosmos.table_log import DARK


def deal_order(s: State) -> tuple[int, ...]:
    """An order the energy tokens of set-up ``s`` were dealt in (seats, NONE for a dark
    token): token k goes to control k mod 4, and the first player's comes last of the
    players' (``pnp.cosmos.setup.deal_energy``)."""
    n = len(s.names)
    total = n + sum(s.dark)
    order = [NONE] * total
    for c in range(4):
        slots = [k for k in range(total) if k % 4 == c]
        seats = [i for i in range(n) if s.tokens[i] == c]
        if s.first in seats:
            seats.remove(s.first)
            order[slots.pop()] = s.first
        for k, seat in zip(slots, seats, strict=False):
            order[k] = seat
    return tuple(order)


def _hand(hand: tuple[int, ...]) -> str:
    return " ".join(TYPES[t].value for t in range(4) for _ in range(hand[t]))


def table_header(first: State) -> list[str]:
    """The set-up lines of the game that starts at ``first``: the goals the one turned up
    at set-up (each later one is written where it is drawn)."""
    names = first.names
    g = geometry()
    tiles = nebula_tiles()
    return [
        f"deal: {', '.join(DARK if t == NONE else names[t] for t in deal_order(first))}",
        f"display: {', '.join(TYPES[t].value for t in first.display)}",
        "hands: "
        + ", ".join(f"{n} {_hand(p.hand)}" for n, p in zip(names, first.players, strict=True)),
        "nebulae: "
        + ", ".join(
            f"{n} {' '.join(tiles[p.board.tiles[space]].id for space in g.starts)}"
            for n, p in zip(names, first.players, strict=True)
        ),
        f"goals: {goals()[first.track[0]].id}",
    ]


def revealed(before: State, after: State, action: Action) -> tuple[str, tuple[str, ...]]:
    """What ``action``, played from ``before`` to ``after``, reveals: the word written
    after it ("" for none), and the steps that follow it: the refill of the display
    when it ends the energy phase, the goal turned up when it ends the round."""
    word = ""
    p0, p1 = before.players[before.active], after.players[before.active]
    if type(action) is TakeCard and action.slot == DECK:
        word = next(TYPES[t].value for t in range(4) if p1.hand[t] > p0.hand[t])
    tile = next((t for t in tiles_drawn(before, after, action) if t != NONE), NONE)
    if tile != NONE:
        word = nebula_tiles()[tile].id
    if len(after.life_stack) < len(before.life_stack):
        word = str(before.life_stack[0])
    refill = ""
    if before.phase in (SHIFT, COLLECT) and after.phase is CRAFT:
        taken = action.slot if type(action) is TakeCard else NONE
        empty = [k for k, c in enumerate(before.display) if c == NONE or k == taken]
        turned = [TYPES[after.display[k]].value for k in empty if after.display[k] != NONE]
        refill = f"refill {' '.join(turned)}" if turned else ""
    if len(after.goal_deck) < len(before.goal_deck):
        return word, (f"goal {goals()[after.track[0]].id}",)
    return word, (refill,) if refill else ()
