"""What the engine does for speed keeps to its definitions: a ``Board``'s ``with_*``
methods build the values ``_replace`` builds; a state's
``copy()`` shares no field that a step changes in place, so playing on a copy leaves
the original as it was; ``replace`` refuses unknown fields like ``_replace``; the
random draws are Python's own; byte-table spreading, ring-by-ring movement and star
groups agree with their plain definitions; power card terms are the cards' costs."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.cosmos.board import EMPTY
from pnp.cosmos.bots import random_bot
from pnp.cosmos.chance import below, shuffle
from pnp.cosmos.game import play
from pnp.cosmos.geometry import bits, geometry, groups, hops, spread
from pnp.cosmos.goals_count import _COUNTS
from pnp.cosmos.model import EnergyType, GoalCount, Suit
from pnp.cosmos.sample import pick_bit
from pnp.cosmos.setup import start
from pnp.cosmos.state import TYPES, Phase, Player, State, cards
from pnp.cosmos.terms import ANY, CONDITIONS, MATCHING, can_pay, payments, terms


def test_playing_on_a_copy_leaves_the_original() -> None:
    s = start(("Ann", "Ben", "Cy"), 3)
    rng = random.Random(3)
    while s.phase is not Phase.OVER:
        before, after = s.copy(), s.copy()
        play(after, random_bot(after, rng))
        assert s == before and s != after
        s = after


def test_replace_changes_a_copy() -> None:
    s = start(("Ann", "Ben", "Cy"), 7)
    t = s.replace(moves=2, own_moved=True)
    assert (t.moves, t.own_moved, s.moves, s.own_moved) == (2, True, 0, False)
    p = s.players[1].replace(hand=(1, 2, 3, 4), level=3)
    assert p.hand == (1, 2, 3, 4) and s.players[1].hand != (1, 2, 3, 4)
    u = s.with_player(p, 1)
    assert u.players[1] is p and s.players[1] is not p and u.players[0] == s.players[0]


def test_replace_refuses_an_unknown_field() -> None:
    s = start(("Ann", "Ben"), 1)
    values: list[State | Player] = [s, s.players[0]]
    for value in values:
        with pytest.raises(ValueError, match="unexpected field names"):
            value.replace(nonsense=1)
    with pytest.raises(ValueError, match="unexpected field names"):
        s.players[0].board._replace(nonsense=1)  # type: ignore[call-arg]


# ------------------------------------------------------------- the quick helpers


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "200")), deadline=None)
@given(st.integers(0, 2**40), st.integers(1, 2**70), st.lists(st.integers(), max_size=90))
def test_chance_draws_what_random_draws(seed: int, n: int, items: list[int]) -> None:
    mine, python = random.Random(seed), random.Random(seed)
    assert [below(mine, n) for _ in range(5)] == [python.randrange(n) for _ in range(5)]
    assert below(mine, len(items) + 1) == python.choice(range(len(items) + 1))
    shuffled = items[:]
    shuffle(mine, shuffled)
    python.shuffle(items)
    assert shuffled == items and mine.getstate() == python.getstate()


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "200")), deadline=None)
@given(st.integers(0, 2**40), st.integers(1, 2**130))
def test_pick_bit_is_the_bit_randrange_picks(seed: int, mask: int) -> None:
    mine, python = random.Random(seed), random.Random(seed)
    for _ in range(3):
        assert pick_bit(mask, mine) == bits(mask)[python.randrange(mask.bit_count())]
    assert mine.getstate() == python.getstate()


def _reach(origin: int, occupied: int, neighbours: tuple[int, ...]) -> int:
    """Movement by its definition: the empty spaces at the end of a path through
    occupied ones, found by a depth-first search."""
    seen, todo, found = {origin}, [origin], 0
    while todo:
        for j in bits(neighbours[todo.pop()]):
            if j not in seen:
                seen.add(j)
                if occupied >> j & 1:
                    todo.append(j)
                else:
                    found |= 1 << j
    return found


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "200")), deadline=None)
@given(st.integers(0, 2**99 - 1), st.integers(0, 98))
def test_spread_hops_and_groups_agree_with_their_definitions(mask: int, origin: int) -> None:
    g = geometry()
    for neighbours, table in (
        (g.star_stars, g.star_stars_table),
        (g.star_life, g.star_life_table),
        (g.life_life, g.life_life_table),
    ):
        m = mask & (1 << len(neighbours)) - 1
        naive = 0
        for i in bits(m):
            naive |= neighbours[i]
        assert spread(m, table) == naive
    for neighbours in (g.star_stars, g.life_life):
        i = origin % len(neighbours)
        m = mask & (1 << len(neighbours)) - 1
        assert hops(i, m, neighbours) == _reach(i, m, neighbours)
    stars = mask & g.all_stars
    sizes = []
    left = stars
    while left:
        group = _reach_group(left & -left, stars, g.star_stars)
        sizes.append(group.bit_count())
        left &= ~group
    assert groups(stars, g.star_stars_table) == max(sizes, default=0)


def _reach_group(start: int, mask: int, neighbours: tuple[int, ...]) -> int:
    group, todo = start, [start.bit_length() - 1]
    while todo:
        for j in bits(neighbours[todo.pop()] & mask & ~group):
            group |= 1 << j
            todo.append(j)
    return group


def test_board_with_methods_are_replace() -> None:
    b = start(("Ann", "Ben"), 5).players[0].board
    assert b.with_star(2, 0b1011) == b._replace(stars=(b.stars[0], b.stars[1], 0b1011, 0))
    assert b.with_life(5, 10) == b._replace(proto=5, stable=10)
    assert b.with_nova(6) == b._replace(nova=6)
    placed = b.with_tile(3, 7)
    tiles = list(b.tiles)
    tiles[3] = 7
    assert placed == b._replace(tiles=tuple(tiles), placed=b.placed | 8)
    assert placed.with_tile(3, EMPTY) == b
    assert b.empty_nebulae == sum(1 << n for n, t in enumerate(b.tiles) if t == EMPTY)


def test_power_card_terms_are_the_cards_costs() -> None:
    ids = {c.id for c in cards()}
    assert ids >= CONDITIONS
    for c, (card, t) in enumerate(zip(cards(), terms(), strict=True)):
        cost = card.cost
        assert (t.replaces_star, t.supernova, t.graviton) == (
            cost.discharge_star,
            cost.supernova,
            cost.graviton,
        )
        assert (t.proto, t.stable, t.cards, t.options) == (
            cost.proto_life,
            cost.stable_life,
            cost.cards,
            len(card.effect),
        )
        suit = {Suit.ANY: ANY, Suit.MATCHING: MATCHING}.get(cost.suit)
        assert t.suit == (suit if suit is not None else TYPES.index(EnergyType(cost.suit.value)))
        for hand in ((0, 0, 0, 0), (1, 0, 2, 0), (3, 3, 0, 1), (0, 0, 0, 5)):
            pays = payments(hand, c)
            assert can_pay(hand, t) == bool(pays)
            assert all(len(pay) == cost.cards for pay in pays)


def test_every_goal_measure_is_counted() -> None:
    assert set(_COUNTS) == set(GoalCount)
