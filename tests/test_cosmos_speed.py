"""The engine's values built for speed (``pnp.cosmos.state``, ``pnp.cosmos.board``): a
``Board``'s quicker ``_replace`` builds the same value as the standard one; a state's
``copy()`` shares no field that a step changes in place, so playing on a copy leaves
the original as it was; ``replace`` refuses unknown fields like ``_replace``."""

from __future__ import annotations

import random
from collections import namedtuple
from typing import Any

import pytest

from pnp.cosmos.board import Board
from pnp.cosmos.bots import random_bot
from pnp.cosmos.game import play
from pnp.cosmos.setup import start
from pnp.cosmos.state import Phase, Player, State


def standard(value: Any, **changes: Any) -> Any:
    plain = namedtuple("plain", value._fields)  # type: ignore[misc]
    return type(value)(*plain(*value)._replace(**changes))


@pytest.mark.parametrize(
    "changes",
    [{"nova": 8, "tiles": (1,) * 27}, {"stars": (1, 2, 4, 8)}, {"advanced": ((3, 7),)}],
)
def test_board_replace_builds_the_standard_value(changes: dict[str, Any]) -> None:
    b = start(("Ann", "Ben"), 7).players[1].board
    got = b._replace(**changes)
    assert type(got) is Board and got == standard(b, **changes)
    assert b == start(("Ann", "Ben"), 7).players[1].board  # the original is untouched


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
