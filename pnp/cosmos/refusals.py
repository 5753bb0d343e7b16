"""Why a galaxy refuses a placement, a completion, a move or advanced life, said with
the spaces' ids and the tiles' stars: what the rule expected and what the board has
(``1M needs He O; its corners hold H He: one O short``). ``pnp.cosmos.craft`` and
``pnp.cosmos.needs`` add these to their refusals; only a refusal calls them, so nothing
here is on a legal move's path."""

from __future__ import annotations

import heapq

from pnp.cosmos.actions import Choose
from pnp.cosmos.board import Board
from pnp.cosmos.geometry import LIFE, NEBULA, STAR, bits, geometry, space_ids, space_index
from pnp.cosmos.messages import A_STAR, SECTORS, listed
from pnp.cosmos.model import Sector, Star
from pnp.cosmos.state import NONE, Need, State

_KINDS = ("star", "life", "nebula")
_STARS = tuple(s.value for s in Star)
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")
# the kind of space a step answered by one space names
_SPACE = {
    "place-nebula": NEBULA,
    "gain-star": STAR,
    "gain-life": LIFE,
    "supernova": STAR,
    "unsupernova": STAR,
    "discard-star": STAR,
    "advanced-life": NEBULA,
    "upgrade-nebula": NEBULA,
    "pay-proto": LIFE,
    "pay-stable": LIFE,
}


def number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def spaces(kind: int, mask: int) -> str:
    """The spaces of ``mask``: ``S1 S4 S5``."""
    ids = space_ids(kind)
    return " ".join(ids[i] for i in bits(mask))


def on(b: Board, kind: int, i: int) -> str:
    """What lies on space ``i`` of ``kind`` ("your H star", "your proto life", "your
    completed nebula 1M"); "" when it is empty."""
    if kind == STAR:
        t = b.star_type(i)
        if t == -1:
            return ""
        return "your supernova" if b.nova >> i & 1 else f"your {_STARS[t]} star"
    if kind == LIFE:
        if b.life >> i & 1:
            return "your proto life" if b.proto >> i & 1 else "your stable life"
        return ""
    tile = b.tile(i)
    if tile is None:
        return ""
    return f"your {'completed ' if b.done >> i & 1 else ''}nebula {tile.id}"


def taken(b: Board, kind: int, i: int) -> str:
    return f"{_KINDS[kind]} space {space_ids(kind)[i]} is taken: {on(b, kind, i)} is on it"


def empty(kind: int, i: int) -> str:
    return f"{_KINDS[kind]} space {space_ids(kind)[i]} is empty"


def not_a_space(kind: int, name: str) -> str:
    return f"{name} is not a {_KINDS[kind]} space"


def _nebula(b: Board, n: int) -> str:
    """The nebula on space ``n``: "your nebula 1M on N10"."""
    tile = b.tile(n)
    assert tile is not None
    return f"your nebula {tile.id} on {geometry().nebula_ids[n]}"


def incomplete(b: Board, n: int) -> str:
    """Why nebula space ``n`` cannot be completed (``craft.can_complete`` said so)."""
    g = geometry()
    tile = b.tile(n)
    if tile is None:
        return f"nebula space {g.nebula_ids[n]} holds no nebula"
    if b.done >> n & 1:
        return f"{_nebula(b, n)} is completed already"
    corners = g.nebula_stars[n]
    have = [(b.stars[k] & corners & ~b.nova).bit_count() for k in range(4)]
    novas = (b.nova & corners).bit_count()
    held = [s for k, s in enumerate(_STARS) for _ in range(have[k])]
    if novas:
        held.append("a supernova" if novas == 1 else f"{novas} supernovae")
    hold = " ".join(held[:-1]) + " and " + held[-1] if novas and len(held) > 1 else " ".join(held)
    missing = [
        f"{number(tile.stars.count(s) - have[k])} {s}"
        for k, s in enumerate(_STARS)
        if tile.stars.count(s) > have[k]
    ]
    short = sum(max(0, tile.stars.count(s) - have[k]) for k, s in enumerate(_STARS)) - novas
    said = f"{tile.id} needs {' '.join(tile.stars)}; its corners hold {hold or 'no star'}: "
    if not novas:
        return said + f"{listed(missing)} short"
    wild = "the supernova stands" if novas == 1 else f"the {novas} supernovae stand"
    return said + f"{listed(missing)} missing, {wild} in for {number(novas)}: {number(short)} short"


def not_a_corner(b: Board, n: int, i: int) -> str:
    """Why the star on space ``i`` cannot be the one completing nebula ``n`` discards."""
    g = geometry()
    corners = g.nebula_stars[n]
    nebula, star = g.nebula_ids[n], g.star_ids[i]
    if not corners >> i & 1:
        return (
            f"{star} is not a corner of {nebula}: the star discarded is on one of its "
            f"corners ({spaces(STAR, corners)})"
        )
    return f"{nebula}'s corner {star} is empty: the star discarded is on one of its corners"


def no_advance(s: State, b: Board, n: int) -> str:
    """Why no advanced life can be created on nebula space ``n``."""
    g = geometry()
    where = g.nebula_ids[n]
    if b.tile(n) is None:
        return f"nebula space {where} holds no nebula"
    if not b.done >> n & 1:
        return f"{_nebula(b, n)} is not completed"
    if b.advanced_on(n):
        return f"{where} holds advanced life already"
    gaps = g.nebula_life[n] & ~b.life
    if gaps:
        are = "is" if gaps.bit_count() == 1 else "are"
        return (
            f"the six life spaces around {where} must all hold life, and "
            f"{listed(spaces(LIFE, gaps).split())} {are} empty"
        )
    return "the advanced life stack is empty" if not s.life_stack else ""


def no_life_spot(b: Board, i: int, where: str) -> str:
    """Why empty life space ``i`` takes no life gained ``where`` ("next-to-life" for a
    proto life placed)."""
    g = geometry()
    if b.life >> i & 1:
        return taken(b, LIFE, i)
    space = g.life_ids[i]
    around = f"its neighbours {listed([g.life_ids[j] for j in bits(g.life_life[i])])}"
    if where == "next-to-stable":
        return f"life space {space} is not next to your stable life: {around} hold none"
    if not b.life:
        start = g.life_ids[g.start_life]
        return f"you have no life yet: your first proto life goes on the starting space {start}"
    return f"life space {space} is not next to your life: {around} hold none of yours"


def unreachable(kind: int, i: int, j: int, occupied: int) -> str:
    """Why a movement action cannot take a token from space ``i`` to empty space ``j``
    of ``kind`` (star or life): the path with the fewest empty spaces between, and of
    those the shortest."""
    g = geometry()
    neighbours = g.star_stars if kind == STAR else g.life_life
    ids = space_ids(kind)
    best = {i: (0, 0)}
    came = {i: i}
    heap = [(0, 0, i)]
    while heap:
        gaps, steps, k = heapq.heappop(heap)
        if k == j:
            break
        if best[k] < (gaps, steps):
            continue
        for m in bits(neighbours[k]):
            cost = (gaps + int(m != j and not occupied >> m & 1), steps + 1)
            if m not in best or cost < best[m]:
                best[m], came[m] = cost, k
                heapq.heappush(heap, (cost[0], cost[1], m))
    head = f"{ids[j]} cannot be reached from {ids[i]}"
    if j not in best:
        return f"{head}: no path of adjacent {_KINDS[kind]} spaces leads there"
    path = [j]
    while path[-1] != i:
        path.append(came[path[-1]])
    path.reverse()
    gaps_on = [ids[k] for k in path[1:-1] if not occupied >> k & 1]
    return (
        f"{head}: a movement action hops only over occupied spaces, and every path between "
        f"them crosses an empty one ({' '.join(ids[k] for k in path)} crosses {listed(gaps_on)})"
    )


def moved_to(b: Board, kind: int, i: int, to: str, occupied: int, movement: bool) -> str:
    """Why a token of ``kind`` on space ``i`` does not move to space ``to``."""
    j = space_index(kind).get(to, NONE)
    if j == NONE:
        return f"a {_KINDS[kind]} token moves to a {_KINDS[kind]} space, not {to}"
    if occupied >> j & 1:
        return taken(b, kind, j)
    return unreachable(kind, i, j, occupied) if movement else ""


def misfit(s: State, need: Need, a: Choose) -> str:
    """Why ``a`` does not answer ``need``, when its space is the trouble ("" when its
    form is: the step's own text shows the form)."""
    b = s.player(need.player).board
    if need.kind == "move":
        return "" if a.star is not None else _misfit_move(s, b, need, a)
    kind = _SPACE.get(need.kind, LIFE if need.where == "chosen" else STAR)  # stabilize
    if a.to or (a.star is None) != (need.kind != "gain-star"):
        return ""
    i = space_index(kind).get(a.space, NONE)
    if i == NONE:
        return not_a_space(kind, a.space)
    if need.kind == "gain-star" and a.star is not None:
        return _misfit_star(s, b, need, a.star, i)
    if need.kind == "gain-life":
        left = "" if s.supply_life else "the supply has no life token left"
        return left or no_life_spot(b, i, need.where)
    what = on(b, kind, i)
    if not what:
        return empty(kind, i)
    if kind == NEBULA:
        return _misfit_nebula(s, b, need, i)
    if need.kind == "place-nebula":
        return taken(b, kind, i)
    nova = b.nova >> i & 1
    if need.kind == "supernova" and nova:
        return f"the star on {a.space} is a supernova already"
    if need.kind == "unsupernova" or (need.kind == "stabilize" and kind == STAR and not nova):
        return f"{what} on {a.space} is not a supernova"
    if need.kind == "stabilize" and kind == STAR:
        return f"no proto life of yours is next to your supernova on {a.space}"
    if need.kind in ("stabilize", "pay-proto"):
        return f"{what} is on {a.space}, not proto life"
    if need.kind == "pay-stable":
        return f"{what} is on {a.space}, not stable life"
    return ""


def _misfit_star(s: State, b: Board, need: Need, star: Star, i: int) -> str:
    if need.what not in ("standard", star.value):
        return f"the star gained is {A_STAR[need.what]}, not {star.value}"
    if not s.supply_stars[_STARS.index(star.value)]:
        return f"the supply has no {star.value} star left"
    if b.all_stars >> i & 1:
        return taken(b, STAR, i)
    g = geometry()
    if need.where != "anywhere" and not g.star_sector[Sector(need.where)] >> i & 1:
        return f"{g.star_ids[i]} is not in sector {SECTORS[need.where]} or on its border"
    return ""


def _misfit_nebula(s: State, b: Board, need: Need, n: int) -> str:
    """Why the nebula on space ``n`` is not the one ``need`` asks for."""
    if need.kind == "place-nebula":
        return taken(b, NEBULA, n)
    tile = b.tile(n)
    assert tile is not None
    done = b.done >> n & 1
    if need.kind == "upgrade-nebula":
        if not s.stacks[1]:
            return "the size-2 nebula stack is empty"
        if tile.size != 1:
            return f"{_nebula(b, n)} is of size {tile.size}, not 1"
        return f"{_nebula(b, n)} is completed" if done else ""
    if not done:
        return f"{_nebula(b, n)} is not completed"
    on_it = b.advanced_on(n)
    if on_it != 1:
        return f"{geometry().nebula_ids[n]} holds {number(on_it)} advanced life"
    return "the advanced life stack is empty" if not s.life_stack else ""


def _misfit_move(s: State, b: Board, need: Need, a: Choose) -> str:
    g = geometry()
    if need.what in ("proto", "stable"):
        i = g.life_index.get(a.space, NONE)
        if i == NONE:
            return not_a_space(LIFE, a.space)
        movers = b.proto if need.what == "proto" else b.stable
        if not movers >> i & 1:
            what = on(b, LIFE, i)
            return f"{what} is on {a.space}, not {need.what} life" if what else empty(LIFE, i)
        return moved_to(b, LIFE, i, a.to, b.life, need.where == "movement")
    if need.what == "that-star":
        if s.last == NONE:
            return ""
        if a.space != g.star_ids[s.last]:
            last = g.star_ids[s.last]
            return f"the star flipped back is the one on {last}: choose {last} S…"
        return moved_to(b, STAR, s.last, a.to, b.all_stars, True)
    if a.space in g.star_index:
        i = g.star_index[a.space]
        if not b.all_stars >> i & 1:
            return empty(STAR, i)
        return moved_to(b, STAR, i, a.to, b.all_stars, False)
    n = g.nebula_index.get(a.space, NONE)
    if n == NONE:
        return f"{a.space} is neither a star space nor a nebula space"
    if b.tile(n) is None:
        return empty(NEBULA, n)
    if b.done >> n & 1:
        return f"{_nebula(b, n)} is completed: only an incomplete nebula moves"
    j = g.nebula_index.get(a.to, NONE)
    if j == NONE:
        return f"a nebula moves to a nebula space, not {a.to}"
    return taken(b, NEBULA, j) if b.tile(j) is not None else ""
