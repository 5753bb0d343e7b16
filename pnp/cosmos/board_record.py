"""Board mode of the game record (our edition): a ``[[player]]`` table may give the
player's galaxy by space id, and pnp counts the goals from it::

    stars = { S37 = "H", S12 = "He", S40 = "*" }        # H, He, O, C, or * for a supernova
    life = { L40 = "proto", L41 = "stable" }
    nebulae = { N5 = "2C", N7 = "1A done", N3 = "3G done 8" }   # tile, done, advanced life

A nebula's text is its tile's id, ``done`` once completed, then the values of the
advanced life on it (at most two: Evolution adds the second). ``read_galaxy`` checks one
galaxy, ``check_box`` what all of them hold together, ``reconcile`` and
``count_galaxies`` what a galaxy says of the numbers typed; ``galaxy_lines`` writes one
back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from pnp.cosmos.board import Board
from pnp.cosmos.content import advanced_life, player_board, tokens
from pnp.cosmos.geometry import bits, geometry
from pnp.cosmos.goals_count import count as goal_count
from pnp.cosmos.model import Goal, Star
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.record import GALAXY_KEYS, Points
from pnp.errors import shown
from pnp.text.parsing import whole_number
from pnp.text.toml_spans import Key, TomlChecker

CRYSTALS = "time-crystals"  # in a goal's galaxy: the crystals along the top then
NOVA = "*"
DONE = "done"
LIFE = ("proto", "stable")
STAR_TYPES = tuple(s.value for s in Star)  # H, He, O, C: a Board's star index
MOST_ADVANCED = 2  # on one nebula: the second comes from Evolution

RULES: dict[str, str] = {
    "cosmos.board.space": "stars, life and nebulae are on spaces of their kind, by id",
    "cosmos.board.star": "a star is H, He, O, C, or * for a supernova",
    "cosmos.board.life": "a life token is proto or stable",
    "cosmos.board.nebula": "a nebula is a tile of our edition, done when completed, then "
    "its advanced life (only on a completed nebula, at most 2)",
    "cosmos.board.tile-once": "each nebula tile lies on one space of one galaxy",
    "cosmos.board.tokens": "the star and life tokens on all galaxies are in the box",
    "cosmos.board.nebula-points": "nebula points are the completed tiles' points",
    "cosmos.board.advanced-life": "advanced-life is the values on the player's nebulae",
    "cosmos.board.counts": "a goal's count for a player with a galaxy then is the galaxy's",
    "cosmos.board.crystals": "the time crystals along the top of a player board are 0 to 5",
}


@cache
def _kinds() -> dict[str, tuple[str, tuple[str, ...]]]:
    g = geometry()
    return {
        "stars": ("star", g.star_ids),
        "life": ("life", g.life_ids),
        "nebulae": ("nebula", g.nebula_ids),
    }


@cache
def _tile_index() -> dict[str, int]:
    return {t.id: i for i, t in enumerate(nebula_tiles())}


def _space(r: TomlChecker, key: Key, kind: str, space: str) -> bool:
    """Whether ``space`` is a space of ``kind``; if not, says what it is."""
    g = geometry()
    if space in (g.star_index, g.life_index, g.nebula_index)[GALAXY_KEYS.index(kind)]:
        return True
    what, ids = _kinds()[kind]
    other = next((w for k, (w, i) in _kinds().items() if k != kind and space in i), None)
    span = f"{ids[0]}–{ids[-1]}"
    if other is not None:
        message = f"{space} is a {other} space: {kind} go on {what} spaces {span}"
    else:
        message = f"no {what} space {shown(space)} (they are {span})"
    r.say(key, "cosmos.board.space", message, at_key=True)
    return False


def read_galaxy(r: TomlChecker, table: dict[str, Any], at: Key) -> Board | None:
    """The galaxy of the ``[[player]]`` table at ``at`` (every problem said), or None."""
    found: dict[str, dict[str, tuple[Key, Any]]] = {}
    for kind in GALAXY_KEYS:
        value = r.get(table, at, kind, dict, 'a table of space ids, like { S12 = "He" }')
        if value is None and kind in table:
            return None
        found[kind] = {}
        for space, text in (value or {}).items():
            key = (*at, kind, space)
            if _space(r, key, kind, space) and r.typed(text, key, str, f"{space} is text"):
                found[kind][space] = (key, text)
    stars, life, nebulae = (found[k] for k in GALAXY_KEYS)
    ok = [_star(r, key, text) for key, text in stars.values()]
    ok += [_life(r, key, text) for key, text in life.values()]
    tiles = {space: _nebula(r, key, text) for space, (key, text) in nebulae.items()}
    if (
        not all(ok)
        or None in tiles.values()
        or any(len(found[k]) < len(table.get(k, {})) for k in GALAXY_KEYS)
    ):
        return None
    g = geometry()
    board = Board.empty()
    masks = [0, 0, 0, 0]
    nova = 0
    for space, (_, text) in stars.items():
        bit = 1 << g.star_index[space]
        # a supernova counts only as itself: kept on an H token
        masks[0 if text == NOVA else STAR_TYPES.index(text)] |= bit
        nova |= bit if text == NOVA else 0
    for space, (_, text) in life.items():
        bit = 1 << g.life_index[space]
        board = board._replace(
            proto=board.proto | (bit if text == "proto" else 0),
            stable=board.stable | (bit if text == "stable" else 0),
        )
    for space, tile in tiles.items():
        assert tile is not None
        n = g.nebula_index[space]
        index, done, values = tile
        board = board.with_tile(n, index)._replace(
            done=board.done | done << n, advanced=(*board.advanced, *((n, v) for v in values))
        )
    return board._replace(stars=(masks[0], masks[1], masks[2], masks[3]), nova=nova)


def _star(r: TomlChecker, key: Key, text: str) -> bool:
    if text == NOVA or text in STAR_TYPES:
        return True
    message = f"a star is {', '.join(STAR_TYPES)}, or {NOVA} for a supernova, not {shown(text)}"
    r.say(key, "cosmos.board.star", message)
    return False


def _life(r: TomlChecker, key: Key, text: str) -> bool:
    if text in LIFE:
        return True
    r.say(key, "cosmos.board.life", f"a life token is proto or stable, not {shown(text)}")
    return False


def _nebula(r: TomlChecker, key: Key, text: str) -> tuple[int, int, tuple[int, ...]] | None:
    """A nebula's tile index, 1 if completed, and the advanced life values on it."""
    tiles = _tile_index()
    words = text.split()
    rule = "cosmos.board.nebula"
    if not words or words[0] not in tiles:
        ids = [t.id for t in nebula_tiles()]
        message = (
            f"a nebula is a tile id ({ids[0]} … {ids[-1]}), then {DONE} when completed and "
            f"its advanced life, not {shown(text)}"
        )
        r.say(key, rule, message)
        return None
    done = len(words) > 1 and words[1] == DONE
    values = words[2:] if done else words[1:]
    stack = advanced_life()
    worth = sorted(set(stack.group1) | set(stack.group2))
    read = [whole_number(v, worth[-1]) for v in values]
    bad = [v for v, n in zip(values, read, strict=True) if n not in worth]
    if bad:
        listed = ", ".join(str(w) for w in worth)
        what = "done or advanced life" if not done else "advanced life"
        message = f"expected {what} (worth {listed}) after {words[0]}, not {shown(bad[0])}"
        r.say(key, rule, message)
        return None
    if values and not done:
        r.say(key, rule, f"advanced life goes on a completed nebula: {words[0]} {DONE} {values[0]}")
        return None
    if len(values) > MOST_ADVANCED:
        message = f"at most {MOST_ADVANCED} advanced life on a nebula (Evolution adds the 2nd)"
        r.say(key, rule, message)
        return None
    return tiles[words[0]], int(done), tuple(n for n in read if n is not None)


def read_goal_galaxies(
    r: TomlChecker, table: dict[str, Any], at: Key, names: list[str] | None
) -> dict[str, tuple[Board | None, int]]:
    """The galaxies of a ``[[goal]]`` table at ``at`` (``[goal.galaxy.NAME]``: each
    player's galaxy and ``time-crystals`` when the goal scored), by name; None for a
    galaxy with problems (said)."""
    value = r.get(table, at, "galaxy", dict, "a table of galaxies by player, [goal.galaxy.Ann]")
    found: dict[str, tuple[Board | None, int]] = {}
    for name, galaxy in (value or {}).items():
        key = (*at, "galaxy", name)
        if names is not None and name not in names:
            r.say(key, "cosmos.score.counts", f"{shown(name)} is not a player of this game", True)
            continue
        if not r.typed(galaxy, key, dict, f"[goal.galaxy.{name}] is a table"):
            continue
        r.unknown(galaxy, key, (*GALAXY_KEYS, CRYSTALS), f"[goal.galaxy.{name}]")
        crystals = galaxy.get(CRYSTALS, 0)
        most = len(player_board().chamber_scoring)
        if not r.typed(crystals, (*key, CRYSTALS), int, f"{CRYSTALS} is a whole number"):
            crystals = 0
        elif not 0 <= crystals <= most:
            message = f"{CRYSTALS} is 0 to {most} (the scoring spaces), not {crystals}"
            r.say((*key, CRYSTALS), "cosmos.board.crystals", message)
            crystals = 0
        found[name] = (read_galaxy(r, galaxy, key), crystals)
    boards = [(("goal", at[1], "galaxy", n), n, b) for n, (b, _) in found.items() if b is not None]
    check_box(r, boards)
    return found


def reconcile(
    r: TomlChecker,
    table: dict[str, Any],
    at: Key,
    board: Board,
    points: Points | None,
    life: tuple[int, ...] | None,
) -> tuple[Points | None, tuple[int, ...] | None]:
    """Nebula points and advanced life from the galaxy; typed ones must agree."""
    made = nebula_points(board)
    if points is not None:
        if "nebulae" in table["points"] and points.nebulae != made:
            message = f"the completed nebulae on the galaxy score {made}, not {points.nebulae}"
            r.say((*at, "points", "nebulae"), "cosmos.board.nebula-points", message)
        points = points._replace(nebulae=made)
    held = tuple(v for _, v in board.advanced)
    if life is not None and "advanced-life" in table and sorted(life) != sorted(held):
        listed = ", ".join(str(v) for v in held) or "none"
        message = f"the advanced life on the galaxy's nebulae is {listed}"
        r.say((*at, "advanced-life"), "cosmos.board.advanced-life", message)
    return points, held if life is not None else None


def count_galaxies(
    r: TomlChecker,
    goal: Goal,
    galaxies: dict[str, tuple[Board | None, int]],
    found: dict[str, int],
    key: Key,
) -> None:
    """Each galaxy's count for ``goal`` into ``found``: a typed count must agree."""
    for name, (board, crystals) in galaxies.items():
        if board is None:
            continue
        amount = goal_count(goal, board, crystals)
        if name in found and found[name] != amount:
            message = f"{name}'s galaxy counts {amount} for {goal.id}, not {found[name]}"
            r.say((*key, name), "cosmos.board.counts", message)
        found[name] = amount


def galaxies_of(
    found: dict[str, tuple[Board | None, int]], names: list[str]
) -> tuple[tuple[Board, int], ...]:
    """The galaxies of every player in seating order, or () unless all are there."""
    out = []
    for name in names:
        board, crystals = found.get(name, (None, 0))
        if board is None:
            return ()
        out.append((board, crystals))
    return tuple(out)


def nebula_points(board: Board) -> int:
    """The points of the completed nebulae on ``board``."""
    return sum(t.points for n in bits(board.done) if (t := board.tile(n)) is not None)


def check_box(r: TomlChecker, galaxies: Sequence[tuple[Key, str, Board]]) -> None:
    """What the galaxies hold together: each tile once, no more star (supernovae of any
    type) or life tokens than the box has."""
    g = geometry()
    seen: dict[int, str] = {}
    for at, name, board in galaxies:
        for n, t in enumerate(board.tiles):
            if t < 0:
                continue
            space = g.nebula_ids[n]
            if t in seen:
                tile = nebula_tiles()[t].id
                message = f"tile {tile} is already on {seen[t]}: each tile lies in one place"
                r.say((*at, "nebulae", space), "cosmos.board.tile-once", message)
            seen.setdefault(t, f"{name}'s {space}")
    box = dict(tokens().stars)
    standard = Counter[str]()
    novae = 0
    life = 0
    for _, _, board in galaxies:
        for k, kind in enumerate(STAR_TYPES):
            standard[kind] += board.standard(k).bit_count()
        novae += board.nova.bit_count()
        life += board.life.bit_count()
    short = [s.value for s in Star if standard[s.value] > box[s]]
    spare = sum(box[s] - standard[s.value] for s in Star)
    at = galaxies[-1][0] if galaxies else ("player",)
    if short or novae > spare:
        listed = ", ".join(f"{s.value} {n}" for s, n in box.items())
        held = ", ".join(f"{k} {standard[k]}" for k in STAR_TYPES) + f", supernovae {novae}"
        message = f"the galaxies hold more star tokens than the box ({listed}): {held}"
        r.say((*at, "stars"), "cosmos.board.tokens", message, at_key=True)
    most = dict(tokens().counts)["life"]
    if life > most:
        message = f"the galaxies hold {life} life tokens, more than the {most} in the box"
        r.say((*at, "life"), "cosmos.board.tokens", message, at_key=True)


def galaxy_spaces(board: Board, values: bool = True) -> tuple[dict[str, str], ...]:
    """``board``'s stars, life and nebulae, each by space id as ``read_galaxy`` reads them
    (``S37 = "H"``, ``L55 = "proto"``, ``N10 = "1K done 8"``); without ``values``, an
    advanced life token's value is kept face down (``advanced`` instead)."""
    g = geometry()
    stars = {
        g.star_ids[i]: NOVA if board.nova >> i & 1 else STAR_TYPES[board.star_type(i)]
        for i in bits(board.all_stars)
    }
    life = {g.life_ids[i]: "proto" if board.proto >> i & 1 else "stable" for i in bits(board.life)}
    nebulae = {}
    for n, t in enumerate(board.tiles):
        if t >= 0:
            words = [nebula_tiles()[t].id]
            if board.done >> n & 1:
                held = [str(v) if values else "advanced" for m, v in board.advanced if m == n]
                words += [DONE, *held]
            nebulae[g.nebula_ids[n]] = " ".join(words)
    return stars, life, nebulae


def galaxy_lines(board: Board) -> list[str]:
    """``board`` as the three keys of a ``[[player]]`` table, as ``read_galaxy`` reads."""
    lines = []
    for key, spaces in zip(GALAXY_KEYS, galaxy_spaces(board), strict=True):
        pairs = ", ".join(f'{space} = "{value}"' for space, value in spaces.items())
        lines.append(f"{key} = {{ {pairs} }}")
    return lines
