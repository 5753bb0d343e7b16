"""What happens between decisions: automatic steps, the end of the energy phase, the end
of a turn (seed 001 "END OF CRAFT PHASE ACTIONS"), the end phase ("END PHASE",
"UNIVERSAL GOALS") and the end of the game ("END OF GAME")."""

from __future__ import annotations

from typing import NamedTuple

from pnp.cosmos import energy
from pnp.cosmos.content import goals, main_board, player_board, setup
from pnp.cosmos.goals_count import measure_of
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.needs import auto, has_target, is_auto
from pnp.cosmos.scoring import TieBreak, placements, winners
from pnp.cosmos.state import (
    COLLECT,
    CRAFT,
    HAND_LIMIT,
    NONE,
    OMEGA,
    OVER,
    SHIFT,
    GoalResult,
    Need,
    Player,
    State,
)

NO_STARS = (0, 0, 0, 0)


def settle(s: State) -> None:
    """Play on until a decision is due: do the needs that take no answer, drop those
    with nothing to act on (lost), and move on when none is left."""
    while True:
        while s.needs:
            need = s.needs[0]
            if is_auto(need):
                s.needs = s.needs[1:]
                auto(s, need)
            elif not has_target(s, need):
                s.needs = s.needs[1:]
                _lose(s, need)
            else:
                return
        phase = s.phase
        if phase is OMEGA:
            end_turn(s)
        elif phase is COLLECT:
            energy.refill(s)
            s.phase = CRAFT
            return
        elif phase is HAND_LIMIT:
            _next_round(s)
            return
        else:
            return


def _lose(s: State, need: Need) -> None:
    """A need that cannot be done; the omega's nebula tile goes under its stack (**D**)."""
    if need.kind == "place-nebula":
        _tiles_back(s, need.cards)


def _tiles_back(s: State, tiles: tuple[int, ...]) -> None:
    """``tiles`` put under the nebula stacks."""
    if not tiles:
        return
    stacks = list(s.stacks)
    for t in tiles:
        size = nebula_tiles()[t].size
        stacks[size - 1] += (t,)
    s.stacks = tuple(stacks)


def end_turn(s: State) -> None:
    """Unplaced pieces back to the supply, sliders to 0, then the next player or the end
    phase."""
    p = s.players[s.active]
    held, supply = p.held_stars, s.supply_stars
    if held != NO_STARS:
        s.supply_stars = (
            supply[0] + held[0],
            supply[1] + held[1],
            supply[2] + held[2],
            supply[3] + held[3],
        )
    _tiles_back(s, p.held_tiles)
    s.supply_life += p.held_life
    p.held_stars, p.held_life, p.held_tiles, p.sliders = NO_STARS, 0, (), (0, 0, 0)
    nxt = (s.active + 1) % len(s.players)
    if nxt != s.first:
        s.active, s.phase, s.moves, s.own_moved, s.last = nxt, SHIFT, 0, False, NONE
    else:
        end_phase(s)


def end_phase(s: State) -> None:
    board = main_board()
    track = (NONE, *s.track[:-1])
    scoring = track[-1]
    if scoring != NONE:
        goal = goals()[scoring]
        spaces = len(player_board().chamber_scoring)
        measure = measure_of(goal)
        counts = tuple([measure(goal, p.board, p.crystals(spaces)) for p in s.players])
        points = placements(counts, board.placements)
        for p, n in zip(s.players, points, strict=True):
            p.points = p.points.add("goals", n)
        s.scored = (*s.scored, GoalResult(goal.id, counts, points))
        track = (*track[:-1], NONE)
    if s.goal_deck:
        track = (s.goal_deck[0], *track[1:])
        s.goal_deck = s.goal_deck[1:]
    s.track, s.last = track, NONE
    last_scored = scoring != NONE and not s.goal_deck and all(t == NONE for t in track)
    if s.crystals == 0 or last_scored:
        s.phase, s.round, s.needs = OVER, s.round + 1, ()
        return
    s.phase = HAND_LIMIT
    s.needs = tuple(
        Need("hand-limit", i, n=p.cards - board.hand_limit)
        for i, p in _seats(s)
        if p.cards > board.hand_limit
    )


def _seats(s: State) -> list[tuple[int, Player]]:
    n = len(s.players)
    return [((s.first + k) % n, s.players[(s.first + k) % n]) for k in range(n)]


def _next_round(s: State) -> None:
    n = len(s.players)
    if setup().for_players(n).pass_first:
        s.first = (s.first + 1) % n
    s.active, s.round, s.phase = s.first, s.round + 1, SHIFT
    s.moves, s.own_moved, s.last = 0, False, NONE


class Final(NamedTuple):
    """A player's final score by source (seed "END OF GAME")."""

    nebulae: int
    time_chamber: int
    card_sets: int
    power_cards: int
    goals: int
    advanced_life: int
    total: int
    energy_cards: int


def final(s: State) -> tuple[tuple[Final, ...], tuple[int, ...], TieBreak]:
    """Each player's score, the winners' seats and how a tie was broken."""
    out = []
    for p in s.players:
        pts = p.points
        life = sum(v for _, v in p.board.advanced)
        out.append(Final(*pts, life, sum(pts) + life, p.cards))
    won, tie = winners([f.total for f in out], [f.energy_cards for f in out])
    return tuple(out), won, tie
