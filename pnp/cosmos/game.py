"""A Crafting the Cosmos game as an immutable value: ``Game.start(names, seed)`` deals
it, ``legal()`` lists the actions the decision due takes, ``apply(action)`` returns the
game after it; an illegal action raises a ``RuleError`` naming its rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.cosmos import craft, energy
from pnp.cosmos.actions import (
    Action,
    Advance,
    CardSet,
    Choose,
    Collect,
    Complete,
    Discharge,
    GainPower,
    Move,
    Omega,
    PlaceLife,
    PlaceNebula,
    PlaceStar,
    Shift,
    Stabilize,
    Stop,
    Supernova,
    Use,
)
from pnp.cosmos.content import main_board, player_board
from pnp.cosmos.flow import Final, final, settle
from pnp.cosmos.geometry import bits, geometry, hops
from pnp.cosmos.messages import not_craft, not_shift
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.needs import STARS, life_spots, resolve, targets
from pnp.cosmos.rules import RuleError
from pnp.cosmos.scoring import TieBreak
from pnp.cosmos.setup import start
from pnp.cosmos.state import (
    CRAFT,
    DNA,
    GRAVITON,
    HAND_LIMIT,
    NONE,
    OVER,
    SHIFT,
    SUPERNOVA,
    TYPES,
    Phase,
    State,
    cards,
)
from pnp.cosmos.terms import payments


class Game:
    """An immutable game: ``apply`` returns the game after one more decision. It plays on
    a copy of its state, so the state it holds never changes (do not change it either:
    ``copy()`` it first)."""

    __slots__ = ("_s",)

    def __init__(self, state: State) -> None:
        self._s = state

    @property
    def state(self) -> State:
        """The state itself, for bots, logs and views."""
        return self._s

    @staticmethod
    def start(names: tuple[str, ...], seed: int) -> Game:
        return Game(start(names, seed))

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
    def to_move(self) -> int:
        """The seat whose decision is due (in the end phase, the first in seat order of
        those still to discard: any of them may)."""
        return to_move(self._s)

    def apply(self, action: Action) -> Game:
        s = self._s.copy()
        play(s, action)
        return Game(s)

    def legal(self) -> list[Action]:
        """Every action the decision due takes (a Keep with the others under the deck in
        the order drawn; any order is legal)."""
        return legal(self._s)

    def final(self) -> tuple[tuple[Final, ...], tuple[int, ...], TieBreak]:
        """Final scores, winners and the tie-break (advanced life included)."""
        return final(self._s)


def to_move(s: State) -> int:
    """The seat whose decision is due."""
    return s.needs[0].player if s.needs else s.active


def play(s: State, action: Action) -> None:
    """Play ``action`` on ``s`` in place, then on until the next decision is due. An
    illegal action raises a ``RuleError`` and leaves ``s`` as it was."""
    phase = s.phase
    if phase is OVER:
        raise RuleError("cosmos.game.over", "the game is over")
    if s.needs:
        resolve(s, action)
    elif phase is SHIFT and type(action) is Shift:
        energy.shift(s, action)
        return
    elif phase is SHIFT and type(action) is Collect:
        energy.collect(s)
    elif phase is CRAFT:
        step = _CRAFT_STEPS.get(type(action))
        if step is None:
            answers = isinstance(action, (Choose, Stop))
            raise RuleError("cosmos.turn.decision", not_craft(action, answers))
        step(s, action)
    else:
        raise RuleError("cosmos.turn.decision", not_shift(action))
    settle(s)


def legal(s: State) -> list[Action]:
    """Every action the decision due takes."""
    if s.phase is OVER:
        return []
    if s.phase is HAND_LIMIT:  # the players over the limit discard in any order
        return [a for need in s.needs for a in targets(s, need)]
    if s.needs:
        return targets(s, s.needs[0])
    if s.phase is SHIFT:
        return list(energy.shift_actions(s))
    return _craft(s)


_CRAFT_STEPS: dict[type, Callable[[State, Any], None]] = {
    PlaceNebula: craft.place_nebula,
    PlaceStar: craft.place_star,
    PlaceLife: craft.place_life,
    Complete: craft.complete,
    Discharge: craft.discharge,
    Advance: craft.advance,
    GainPower: craft.gain_power,
    Use: craft.use,
    CardSet: craft.card_set,
    Supernova: craft.supernova,
    Stabilize: craft.stabilize_one,
    Move: craft.move,
    Omega: craft.omega,
}


def _craft(s: State) -> list[Action]:
    g = geometry()
    p = s.players[s.active]
    b = p.board
    out: list[Action] = []
    empty_nebulae = [g.nebula_ids[n] for n, t in enumerate(b.tiles) if t == NONE]
    for tile in sorted({nebula_tiles()[t].id for t in p.held_tiles}):
        out += [PlaceNebula(tile, n) for n in empty_nebulae]
    empty_stars = g.all_stars & ~b.all_stars
    for t, held in enumerate(p.held_stars):
        if held:
            out += [PlaceStar(STARS[t], g.star_ids[i]) for i in bits(empty_stars)]
    if p.held_life:
        out += [PlaceLife(g.life_ids[i]) for i in bits(life_spots(b, "next-to-life"))]
    for n in range(len(b.tiles)):
        if craft.can_complete(b, n):
            corners = b.all_stars & g.nebula_stars[n]
            out += [Complete(g.nebula_ids[n], g.star_ids[i]) for i in bits(corners)]
        if craft.can_advance(s, b, n):
            out.append(Advance(g.nebula_ids[n]))
    if p.waiting:
        out.append(Discharge())
        out += [
            Discharge(cards()[c].id)
            for c in p.slots
            if c != NONE and cards()[c].cost.discharge_star
        ]
    costs = player_board().slot_costs
    for slot, c in enumerate(p.slots):
        if c == NONE:
            out += [
                GainPower(slot, kind)
                for t, kind in enumerate(TYPES)
                if p.hand[t] >= costs[slot] and s.power_decks[t]
            ]
    for c in p.slots:
        if c != NONE and not cards()[c].cost.discharge_star and not craft.cannot(s, c):
            card = cards()[c]
            for pay in payments(p.hand, c):
                out += [Use(card.id, pay, k) for k in range(len(card.effect))]
    out += [CardSet(kind) for t, kind in enumerate(TYPES) if p.hand[t] >= main_board().set_size]
    if p.sliders[SUPERNOVA]:
        out += [Supernova(g.star_ids[i]) for i in bits(b.all_stars & ~b.nova)]
    if p.sliders[DNA]:
        out += [Stabilize(g.life_ids[i]) for i in bits(b.proto)]
    if p.sliders[GRAVITON]:
        for i in bits(b.all_stars & ~b.nova):
            out += [
                Move(g.star_ids[i], g.star_ids[j]) for j in bits(hops(i, b.all_stars, g.star_stars))
            ]
        for i in bits(b.life):
            out += [Move(g.life_ids[i], g.life_ids[j]) for j in bits(hops(i, b.life, g.life_life))]
    out += [Omega(size) for size in (1, 2, 3) if s.stacks[size - 1]]
    return [*out, Omega(0)]
