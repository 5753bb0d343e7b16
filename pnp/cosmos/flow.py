"""What happens between decisions: automatic steps, the end of the energy phase, the end
of a turn (seed 001 "END OF CRAFT PHASE ACTIONS"), the end phase ("END PHASE",
"UNIVERSAL GOALS") and the end of the game ("END OF GAME")."""

from __future__ import annotations

from typing import NamedTuple

from pnp.cosmos import energy
from pnp.cosmos.content import goals, main_board, player_board, setup
from pnp.cosmos.goals_count import count
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.needs import auto, has_target, is_auto
from pnp.cosmos.scoring import TieBreak, placements, winners
from pnp.cosmos.state import NONE, GoalResult, Need, Phase, Player, State


def settle(s: State) -> State:
    """Play on until a decision is due: do the needs that take no answer, drop those
    with nothing to act on (lost), and move on when none is left."""
    while True:
        while s.needs:
            need = s.needs[0]
            if is_auto(need):
                s = auto(s._replace(needs=s.needs[1:]), need)
            elif not has_target(s, need):
                s = _lose(s._replace(needs=s.needs[1:]), need)
            else:
                return s
        if s.phase is Phase.COLLECT:
            return energy.refill(s)._replace(phase=Phase.CRAFT)
        if s.phase is Phase.OMEGA:
            s = end_turn(s)
        elif s.phase is Phase.HAND_LIMIT:
            return _next_round(s)
        else:
            return s


def _lose(s: State, need: Need) -> State:
    """A need that cannot be done; the omega's nebula tile goes under its stack (**D**)."""
    if need.kind != "place-nebula":
        return s
    return s._replace(stacks=_tiles_back(s, need.cards))


def _tiles_back(s: State, tiles: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The nebula stacks with ``tiles`` put under them."""
    if not tiles:
        return s.stacks
    stacks = list(s.stacks)
    for t in tiles:
        size = nebula_tiles()[t].size
        stacks[size - 1] += (t,)
    return tuple(stacks)


def end_turn(s: State) -> State:
    """Unplaced pieces back to the supply, sliders to 0, then the next player or the end
    phase."""
    p = s.player()
    stars = tuple(a + b for a, b in zip(s.supply_stars, p.held_stars, strict=True))
    back = p._replace(held_stars=(0, 0, 0, 0), held_life=0, held_tiles=(), sliders=(0, 0, 0))
    s = s.with_player(
        back,
        stacks=_tiles_back(s, p.held_tiles),
        supply_stars=(stars[0], stars[1], stars[2], stars[3]),
        supply_life=s.supply_life + p.held_life,
    )
    nxt = (s.active + 1) % len(s.players)
    if nxt != s.first:
        return s._replace(active=nxt, phase=Phase.SHIFT, moves=0, own_moved=False, last=NONE)
    return end_phase(s)


def end_phase(s: State) -> State:
    board = main_board()
    track = (NONE, *s.track[:-1])
    scoring = track[-1]
    if scoring != NONE:
        goal = goals()[scoring]
        spaces = len(player_board().chamber_scoring)
        counts = tuple(count(goal, p.board, p.crystals(spaces)) for p in s.players)
        points = placements(counts, board.placements)
        players = tuple(
            p._replace(points=p.points.add("goals", n))
            for p, n in zip(s.players, points, strict=True)
        )
        s = s._replace(players=players, scored=(*s.scored, GoalResult(goal.id, counts, points)))
        track = (*track[:-1], NONE)
    if s.goal_deck:
        track = (s.goal_deck[0], *track[1:])
        s = s._replace(goal_deck=s.goal_deck[1:])
    s = s._replace(track=track, last=NONE)
    last_scored = scoring != NONE and not s.goal_deck and all(t == NONE for t in track)
    if s.crystals == 0 or last_scored:
        return s._replace(phase=Phase.OVER, round=s.round + 1, needs=())
    over = tuple(
        Need("hand-limit", i, n=p.cards - board.hand_limit)
        for i, p in _seats(s)
        if p.cards > board.hand_limit
    )
    return s._replace(phase=Phase.HAND_LIMIT, needs=over)


def _seats(s: State) -> list[tuple[int, Player]]:
    n = len(s.players)
    return [((s.first + k) % n, s.players[(s.first + k) % n]) for k in range(n)]


def _next_round(s: State) -> State:
    n = len(s.players)
    first = (s.first + 1) % n if setup().for_players(n).pass_first else s.first
    return s._replace(
        first=first,
        active=first,
        round=s.round + 1,
        phase=Phase.SHIFT,
        moves=0,
        own_moved=False,
        last=NONE,
    )


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
