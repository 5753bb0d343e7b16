"""The engine's quicker ``_replace`` (``pnp.cosmos.state``) builds the same values as the
standard one and refuses unknown fields the same way."""

from __future__ import annotations

from collections import namedtuple
from typing import Any

import pytest

from pnp.cosmos.board import Board
from pnp.cosmos.setup import start
from pnp.cosmos.state import Need, Phase, Player, Points, State


def values() -> list[Any]:
    s = start(("Ann", "Ben", "Cy"), 7)
    p = s.players[1]
    return [s, p, p.board, p.points, Need("card", 0)]


def standard(value: Any, **changes: Any) -> Any:
    plain = namedtuple("plain", value._fields)  # type: ignore[misc]
    return type(value)(*plain(*value)._replace(**changes))


@pytest.mark.parametrize(
    ("value", "changes"),
    [
        (0, {"moves": 2, "own_moved": True, "phase": Phase.CRAFT}),
        (0, {"last": 5}),
        (1, {"hand": (1, 2, 3, 4), "level": 3}),
        (2, {"nova": 8, "tiles": (1,) * 27}),
        (3, {"goals": 9}),
        (4, {"n": 3, "optional": True}),
    ],
)
def test_replace_builds_the_standard_value(value: int, changes: dict[str, Any]) -> None:
    v = values()[value]
    got = v._replace(**changes)
    assert type(got) is type(v)
    assert got == standard(v, **changes)
    assert v == values()[value]  # the original is untouched


@pytest.mark.parametrize("cls", [State, Player, Points, Need, Board])
def test_replace_refuses_an_unknown_field(cls: type[Any]) -> None:
    v = next(x for x in values() if type(x) is cls)
    with pytest.raises(ValueError, match="unexpected field names"):
        v._replace(nonsense=1)
