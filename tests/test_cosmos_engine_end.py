"""The Cosmos engine's end phase, goals counted from the board, the end of the game and
final scoring (seed 001 "END PHASE", "UNIVERSAL GOALS", "END OF GAME"), and random legal
play from set-up to the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.cosmos.actions import Discard, Omega
from pnp.cosmos.board import Board
from pnp.cosmos.content import goal, goals, tokens
from pnp.cosmos.flow import end_phase
from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.game import Game
from pnp.cosmos.goals_count import count
from pnp.cosmos.model import EnergyType, Sector
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.rules import RuleError
from pnp.cosmos.scoring import TieBreak
from pnp.cosmos.state import NONE, Phase, Points, State
from tests.test_cosmos_engine import board, game, refused

L, T, G = EnergyType.LIGHT, EnergyType.TIME, EnergyType.GRAVITY


def goal_index(ident: str) -> int:
    return next(i for i, g in enumerate(goals()) if g.id == ident)


def with_boards(s: State, *boards: Board) -> State:
    return s.replace(
        players=tuple(p.replace(board=b) for p, b in zip(s.players, boards, strict=True))
    )


def ended(s: State) -> State:
    """A copy of ``s`` after the end phase."""
    s = s.copy()
    end_phase(s)
    return s


def proto(n: int) -> Board:
    return board(proto=tuple(f"L{k}" for k in range(1, 1 + 2 * n, 2)))


def test_proto_life_goal_example() -> None:
    # Magenta and cyan have 7 proto life each, violet 3: 6, 6 and 0.
    s = game(3).state
    track = (goal_index("stable-life"), goal_index("delta-life"), goal_index("proto-life"), NONE)
    s = with_boards(s.replace(track=track), proto(7), proto(7), proto(3))
    deck = s.goal_deck
    s = ended(s)
    assert s.scored[-1].goal == "proto-life" and s.scored[-1].counts == (7, 7, 3)
    assert [p.points.goals for p in s.players] == [6, 6, 0]
    assert s.track == (deck[0], track[0], track[1], NONE) and s.goal_deck == deck[1:]


def test_second_places_and_nobody_scoring() -> None:
    s = game(4).state
    s = with_boards(
        s.replace(track=(NONE, NONE, goal_index("proto-life"), NONE)),
        proto(5),
        proto(3),
        proto(3),
        proto(0),
    )
    assert [p.points.goals for p in ended(s).players] == [6, 3, 3, 0]
    s = with_boards(s, proto(0), proto(0), proto(0), proto(0))
    s = ended(s)
    assert s.scored[-1].points == (0, 0, 0, 0) and s.track[3] == NONE


def test_goals_counted_from_the_board() -> None:
    g = galaxy()
    border = next(sp.id for sp in g.life if set(sp.sectors) == {Sector.DELTA, Sector.PSI})
    b = board(
        h=("S1", "S4", "S5"),
        he=("S8", "S13"),
        o=("S9",),
        c=("S70",),
        nova=("S13", "S70"),
        proto=("L1", "L2", border),
        stable=("L99",),
        tiles={"N1": "1A", "N2": "2A", "N12": "1B", "N8": "3A"},
        done=("N1", "N2", "N12", "N8"),
        advanced=(("N1", 8),),
    )
    want = {
        "stable-life": 1,
        "proto-life": 3,
        "supernovae": 2,
        "carbon-stars": 0,  # its only C star is a supernova
        "helium-stars": 1,
        "oxygen-stars": 1,
        "delta-nebulae": 1 + 2,
        "psi-nebulae": 1,
        "phi-nebulae": 3,
        "size-1-nebulae": 2,
        "star-group": 6,  # S1 S4 S5 S8 S9 S13 joined; S70 alone
        "advanced-neighbours": 6,  # N1's six corners, each once
        "time-crystals": 4,
    }
    for ident, n in want.items():
        assert count(goal(ident), b, 4) == n, ident
    in_delta = count(goal("delta-life"), b, 0)
    in_psi = count(goal("psi-life"), b, 0)
    assert in_delta >= 3 and in_psi >= 1  # the border life counts for both
    assert count(goal("psi-life"), b._replace(proto=0), 0) == count(
        goal("psi-life"), board(stable=("L99",)), 0
    )


def test_hand_limit_and_first_player() -> None:
    s = game(3).state
    s = s.replace(players=(s.players[0].replace(hand=(6, 6, 0, 0)), *s.players[1:]))
    first = s.first
    s = ended(s.replace(active=first))
    g = Game(s)
    assert s.phase is Phase.HAND_LIMIT and g.to_move == 0 and len(g.legal()) == 3
    refused(g, Discard(0, (L,)), "cosmos.hand-limit")
    refused(g, Discard(1, (L, L)), "cosmos.hand-limit")
    refused(g, Omega(0), "cosmos.turn.decision")
    g = g.apply(Discard(0, (L, T)))
    s = g.state
    assert s.players[0].hand == (5, 5, 0, 0) and s.phase is Phase.SHIFT
    assert s.first == s.active == (first + 1) % 3 and s.round == 1
    two = game(2).state
    assert ended(two).first == two.first  # not passed in a 2-player game


def over_two(first: int) -> Game:
    """The end phase of a 3-player game with Ann 2 cards and Cat 1 card over the limit."""
    s = game(3).state
    hands = ((6, 6, 0, 0), (5, 5, 0, 0), (0, 0, 11, 0))
    players = tuple(p.replace(hand=h) for p, h in zip(s.players, hands, strict=True))
    return Game(ended(s.replace(players=players, first=first, active=first)))


def message(g: Game, action: Discard) -> str:
    with pytest.raises(RuleError) as err:
        g.apply(action)
    assert err.value.rule == "cosmos.hand-limit"
    return err.value.message


@pytest.mark.parametrize("first", [0, 1, 2])
def test_the_discards_to_the_hand_limit_in_any_order(first: int) -> None:
    # Issue 27, point 13: the seed gives no order, and each discard line names its player.
    g = over_two(first)
    ann, cat = Discard(0, (L, T)), Discard(2, (G,))
    assert g.state.phase is Phase.HAND_LIMIT
    assert set(g.legal()) == {Discard(0, (L, L)), ann, Discard(0, (T, T)), cat}
    ends = []
    for one, other in ((ann, cat), (cat, ann)):
        after = g.apply(one)
        assert after.state.phase is Phase.HAND_LIMIT and other in after.legal()
        assert {a.player for a in after.legal() if isinstance(a, Discard)} == {other.player}
        said = message(after, one)  # a second discard
        who = "Ann (player 1) holds 10" if one is ann else "Cat (player 3) holds 10"
        assert said.startswith(who) and said.endswith(f"still to discard: {other_seat(other)}")
        ends.append(after.apply(other).state)
    for s in ends:
        assert [p.hand for p in s.players] == [(5, 5, 0, 0), (5, 5, 0, 0), (0, 0, 10, 0)]
        assert s.phase is Phase.SHIFT and s.active == s.first == (first + 1) % 3
    assert sorted(ends[0].discard[-3:]) == sorted(ends[1].discard[-3:])


def other_seat(action: Discard) -> str:
    return "Ann (player 1) 2 energy cards" if action.player == 0 else "Cat (player 3) 1 energy card"


def test_each_refused_discard_names_its_own_player() -> None:
    g = over_two(0)
    assert message(g, Discard(1, (L,))) == (
        "Ben (player 2) holds 10 energy cards, within the hand limit of 10; still to discard: "
        "Ann (player 1) 2 energy cards, Cat (player 3) 1 energy card"
    )
    assert message(g, Discard(2, (G, G))) == (
        "Cat (player 3) holds 11 energy cards and discards 1 to the hand limit of 10, not 2"
    )
    assert message(g, Discard(2, (L,))) == (
        "Cat (player 3) holds 0 light energy cards, fewer than the 1 discarded"
    )
    assert message(g, Discard(0, (L, G))) == (
        "Ann (player 1) holds 0 gravity energy cards, fewer than the 1 discarded"
    )
    assert message(g, Discard(3, (L,))).startswith("'discard 4 light' names no player")


def test_the_game_ends_when_the_supply_is_empty_or_the_last_goal_scored() -> None:
    s = game(3).state
    s = s.replace(players=(s.players[0].replace(hand=(6, 6, 0, 0)), *s.players[1:]))
    over = ended(s.replace(crystals=0))
    assert over.phase is Phase.OVER and not over.needs  # no hand limit after the end
    g = Game(over)
    refused(g, Omega(0), "cosmos.game.over")
    assert g.legal() == []
    last = s.replace(goal_deck=(), track=(NONE, NONE, goal_index("supernovae"), NONE))
    assert ended(last).phase is Phase.OVER
    not_last = last.replace(track=(goal_index("stable-life"), NONE, goal_index("supernovae"), NONE))
    assert ended(not_last).phase is Phase.HAND_LIMIT


def test_final_scoring_and_tie_break() -> None:
    s = game(3).state
    b = board(tiles={"N1": "1A"}, done=("N1",), advanced=(("N1", 7),))
    players = (
        s.players[0].replace(points=Points(10, 3, 6, 6, 9), board=b, hand=(1, 0, 0, 0)),
        s.players[1].replace(points=Points(20, 3, 6, 0, 12), hand=(0, 2, 0, 0)),
        s.players[2].replace(points=Points(1, 0, 0, 0, 0)),
    )
    finals, won, tie = Game(s.replace(players=players, phase=Phase.OVER)).final()
    assert [f.total for f in finals] == [41, 41, 1] and finals[0].advanced_life == 7
    assert won == (1,) and tie is TieBreak.ENERGY_CARDS


def conserved(s: State) -> None:
    """Every piece is somewhere once, and no supply is negative."""
    ps = s.players
    assert min(s.supply_stars) >= 0 and s.supply_life >= 0 and s.crystals >= 0
    for k, (_, total) in enumerate(tokens().stars):
        on = sum((p.board.stars[k]).bit_count() + p.held_stars[k] for p in ps)
        assert s.supply_stars[k] + on == total
    alive = sum(p.board.life.bit_count() + p.held_life for p in ps)
    assert s.supply_life + alive == dict(tokens().counts)["life"]
    cards = (
        len(s.deck) + len(s.discard) + sum(c != NONE for c in s.display) + sum(p.cards for p in ps)
    )
    assert cards == 60
    kept = sum(len(n.cards) for n in s.needs if n.kind == "keep")
    owned = sum(c != NONE for p in ps for c in p.slots)
    assert sum(map(len, s.power_decks)) + owned + kept == 32
    pending = sum(len(n.cards) for n in s.needs if n.kind == "place-nebula")
    placed = sum(sum(t != NONE for t in p.board.tiles) + len(p.held_tiles) for p in ps)
    assert sum(map(len, s.stacks)) + placed + pending == len(nebula_tiles())
    advanced = sum(len(p.board.advanced) for p in ps)
    assert len(s.life_stack) + advanced == 2 * len(ps) + 16
    for p in ps:
        assert min(p.hand) >= 0 and all(0 <= v <= 9 for v in p.sliders)
        assert not p.board.proto & p.board.stable and p.board.nova & ~p.board.all_stars == 0
        assert sum(m.bit_count() for m in p.board.stars) == p.board.all_stars.bit_count()
        assert p.board.placed == sum(1 << n for n, t in enumerate(p.board.tiles) if t != NONE)


def play(players: int, seed: int) -> Game:
    g = Game.start(("A", "B", "C", "D")[:players], seed)
    rng = random.Random(seed)
    while not g.over:
        legal = g.legal()
        assert legal, g.state.phase
        g = g.apply(rng.choice(legal))
        conserved(g.state)
    return g


@settings(max_examples=6, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32))
def test_random_legal_play_reaches_the_end(players: int, seed: int) -> None:
    g = play(players, seed)
    s = g.state
    finals, won, tie = g.final()
    assert 1 <= s.round <= 8 and (s.crystals == 0 or len(s.scored) == 6)
    for f, p in zip(finals, s.players, strict=True):
        assert f.total == sum(p.points) + sum(v for _, v in p.board.advanced)
        assert (
            f.total
            == f.nebulae + f.time_chamber + f.card_sets + f.power_cards + f.goals + f.advanced_life
        )
        assert f.goals == sum(r.points[s.players.index(p)] for r in s.scored)
    best = max(f.total for f in finals)
    assert all(finals[w].total == best for w in won)
    assert (tie is TieBreak.NONE) == ([f.total for f in finals].count(best) == 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_seed_plays_the_same_game(players: int) -> None:
    assert play(players, 5).state == play(players, 5).state
