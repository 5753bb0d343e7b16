"""The Sphere board's geometry from ``data/astra/board.toml``: the disc, the spheres, the
discard icon and, for each player count, the card slots round the disc. Millimetres,
centre at the origin, y up; degrees counter-clockwise from the x axis (clockwise makes
an angle smaller). The same values print the boards and decide Ptolemy's "constellation
physically closest to a sphere" (seed 004, solo mode)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from pnp.astra.model import CLOCKWISE, Element
from pnp.errors import Problem, ProblemCollector, SourceError
from pnp.system.paths import data_dir
from pnp.text.parsing import parse_toml

Point = tuple[float, float]

PLAYERS = (2, 3, 4, 5)
TIE = 0.1  # mm: distances closer than this are a tie, which no one could measure
_NEAR = 0.05  # mm: how far a value may stray from where it belongs (data is to 0.01 mm)


@dataclass(frozen=True)
class Sphere:
    element: Element
    angle: float
    x: float  # the centre of its symbol
    y: float
    number: int  # printed on the 2-player side: stars the Dreamer marks


@dataclass(frozen=True)
class Slot:
    """Where one constellation card lies: its centre, and its rotation counter-clockwise
    from upright, which turns its bottom edge towards the disc."""

    x: float
    y: float
    rotation: float
    indicator: tuple[Point, Point, Point]  # base, base, apex: the triangle on the disc

    @property
    def angle(self) -> float:
        return math.degrees(math.atan2(self.y, self.x))


@dataclass(frozen=True)
class Board:
    """One side of a Sphere board, for ``players`` players."""

    players: int
    radius: float
    ring: float  # the circle the spheres and the discard icon are centred on
    sphere_radius: float
    card: tuple[float, float]  # width, height
    spheres: tuple[Sphere, ...]  # clockwise from Fire
    discard_angle: float
    slots: tuple[Slot, ...]  # numbered 1… clockwise from the top; indices from 0

    def sphere(self, element: Element) -> Sphere:
        return next(s for s in self.spheres if s.element is element)

    @property
    def discard(self) -> Point:
        a = math.radians(self.discard_angle)
        return self.ring * math.cos(a), self.ring * math.sin(a)


def clockwise(start: float, end: float) -> float:
    """How far (degrees, 0 to 360) one turns clockwise from angle ``start`` to ``end``."""
    return (start - end) % 360.0


def board(players: int) -> Board:
    sides = boards()
    if players not in sides:
        raise ValueError(f"Astra's Sphere boards have sides for 2 to 5 players, not {players}")
    return sides[players]


@cache
def boards() -> dict[int, Board]:
    path = data_dir() / "astra" / "board.toml"
    return parse_boards(path.read_text(encoding="utf-8"), str(path))


def slot_distance(board: Board, slot_index: int, element: Element) -> float:
    """From the centre of the card slot to the centre of the sphere's symbol, in mm."""
    slot, sphere = _slot(board, slot_index), board.sphere(element)
    return math.hypot(slot.x - sphere.x, slot.y - sphere.y)


def closest_slot(board: Board, element: Element, occupied: Iterable[int]) -> int:
    """The occupied slot physically closest to ``element``'s sphere. Slots within
    ``TIE`` of the closest distance tie, and the tie goes to the slot met first turning
    clockwise from the sphere, the way the Sphere marker moves."""
    candidates = sorted(set(occupied))
    if not candidates:
        raise ValueError("no card lies round the board")
    distance = {i: slot_distance(board, i, element) for i in candidates}
    best = min(distance.values())
    sphere = board.sphere(element)
    tied = [i for i in candidates if distance[i] - best < TIE]
    return min(tied, key=lambda i: clockwise(sphere.angle, board.slots[i].angle))


def _slot(board: Board, index: int) -> Slot:
    if not 0 <= index < len(board.slots):
        raise ValueError(
            f"the {board.players}-player side has slots 0 to {len(board.slots) - 1}, not {index}"
        )
    return board.slots[index]


class _ShapeError(Exception):
    """A value of the wrong shape; the message says what was expected."""


def _number(table: Any, key: str, where: str) -> float:
    value = table.get(key) if isinstance(table, dict) else None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _ShapeError(f"{where} needs {key}, a number")
    return float(value)


def _line(source: str, pattern: str, nth: int = 0) -> int:
    """The 1-based number of the ``nth`` line that starts with ``pattern``."""
    found = [n for n, text in enumerate(source.splitlines(), 1) if re.match(pattern, text)]
    return found[nth] if nth < len(found) else 1


def parse_boards(source: str, path: str) -> dict[int, Board]:
    data = parse_toml(source, path)
    try:
        base, raw_sides = _layout(data)
    except _ShapeError as exc:
        raise SourceError([Problem(path, 1, 1, str(exc))]) from None
    problems = ProblemCollector(path)
    for message in _check_layout(base):
        problems.add(_line(source, r"\[\[sphere\]\]|\[disc\]|\[discard\]"), 1, message)
    sides: dict[int, Board] = {}
    for n, side in enumerate(raw_sides):
        at = _line(source, r"\[\[side\]\]", nth=n)
        try:
            players = int(_number(side, "players", "[[side]]"))
            raw = side.get("slots")
            if not isinstance(raw, list):
                raise _ShapeError(f"the side for {players} players needs slots = [...]")
            slots = tuple(_slot_of(s, f"slot {k}") for k, s in enumerate(raw, 1))
        except _ShapeError as exc:
            problems.add(at, 1, str(exc))
            continue
        if players not in PLAYERS or players in sides:
            problems.add(at, 1, f"players = {players}: one side each for 2, 3, 4 and 5 players")
            continue
        sides[players] = replace(base, players=players, slots=slots)
        for message in _check_slots(sides[players]):
            problems.add(at, 1, message)
    if set(sides) != set(PLAYERS) and not problems.problems:
        missing = ", ".join(str(p) for p in PLAYERS if p not in sides)
        problems.add(1, 1, f"no side for {missing} players")
    problems.raise_if_any()
    return sides


def _layout(data: dict[str, Any]) -> tuple[Board, list[Any]]:
    """What every side shares (with no players and no slots yet), and the raw sides."""
    disc, card = data.get("disc"), data.get("card")
    ring = _number(disc, "ring", "[disc]")
    base = Board(
        0,
        _number(disc, "radius", "[disc]"),
        ring,
        _number(disc, "sphere", "[disc]"),
        (_number(card, "width", "[card]"), _number(card, "height", "[card]")),
        _spheres(data.get("sphere"), ring),
        _number(data.get("discard"), "angle", "[discard]"),
        (),
    )
    sides = data.get("side")
    if not isinstance(sides, list):
        raise _ShapeError("the file needs [[side]] tables, one per player count")
    return base, sides


def _spheres(raw: Any, ring: float) -> tuple[Sphere, ...]:
    if not (isinstance(raw, list) and len(raw) == len(Element)):
        raise _ShapeError("the file needs four [[sphere]] tables: fire, earth, air, water")
    by_element: dict[Element, Sphere] = {}
    for table in raw:
        name = table.get("element") if isinstance(table, dict) else None
        kind = next((e for e in Element if e.value == name), None)
        if kind is None or kind in by_element:
            raise _ShapeError(f"[[sphere]] element = {name!r}: one each of fire, earth, air, water")
        angle = _number(table, "angle", f"the {name} sphere")
        a = math.radians(angle)
        number = int(_number(table, "number", f"the {name} sphere"))
        by_element[kind] = Sphere(kind, angle, ring * math.cos(a), ring * math.sin(a), number)
    return tuple(by_element[e] for e in CLOCKWISE)


def _slot_of(raw: Any, where: str) -> Slot:
    points = raw.get("indicator") if isinstance(raw, dict) else None
    if not (isinstance(points, list) and len(points) == 3) or not all(
        isinstance(p, list) and len(p) == 2 for p in points
    ):
        raise _ShapeError(f"{where}: indicator = [[x, y], [x, y], [x, y]], base, base and apex")
    a, b, c = (
        (_number(dict(x=p[0]), "x", where), _number(dict(y=p[1]), "y", where)) for p in points
    )
    x, y, turn = (_number(raw, key, where) for key in ("x", "y", "rotation"))
    return Slot(x, y, turn, (a, b, c))


def _turns(angles: list[float]) -> list[float]:
    """The clockwise turn from each angle to the next, and from the last to the first."""
    return [clockwise(a, b) for a, b in zip(angles, angles[1:] + angles[:1], strict=True)]


def _check_layout(b: Board) -> list[str]:
    out = []
    steps = _turns([s.angle for s in b.spheres])
    if min(steps) <= 0 or abs(sum(steps) - 360) > 1e-6:
        out.append("the spheres must go clockwise Fire → Earth → Air → Water, once round")
    water, fire = b.spheres[-1].angle, b.spheres[0].angle
    if not 0 < clockwise(water, b.discard_angle) < clockwise(water, fire):
        out.append("the discard icon must lie between Water and Fire")
    if b.ring + b.sphere_radius >= b.radius:
        out.append("the spheres must lie inside the disc (ring + sphere < radius)")
    return out


def _check_slots(b: Board) -> list[str]:
    out: list[str] = []
    if len(b.slots) != b.players + 1:
        out.append(f"{b.players} players need {b.players + 1} slots, not {len(b.slots)}")
    w, h = b.card
    for k, s in enumerate(b.slots):
        r = math.radians(s.rotation)
        bottom = (s.x + h / 2 * math.sin(r), s.y - h / 2 * math.cos(r))
        (ax, ay), (bx, by), apex = s.indicator
        where = f"slot {k + 1}"
        if abs(math.hypot(*bottom) - b.radius) > _NEAR:
            out.append(f"{where}: the card's bottom edge must touch the disc's edge")
        if abs((s.rotation + 90 - s.angle + 180) % 360 - 180) > 0.1:
            out.append(f"{where}: the card must stand radially, bottom edge to the disc")
        if math.hypot((ax + bx) / 2 - bottom[0], (ay + by) / 2 - bottom[1]) > _NEAR:
            out.append(f"{where}: the indicator's base must be on the card's bottom edge")
        if math.hypot(*apex) >= b.radius:
            out.append(f"{where}: the indicator's apex must point into the disc")
    gaps = _turns([s.angle for s in b.slots])
    if b.slots and abs(sum(gaps) - 360) > 1e-6:
        out.append("the slots must be listed clockwise, once round the disc")
    elif b.slots and min(gaps) < 2 * math.degrees(math.atan(w / 2 / b.radius)):
        out.append("two cards round the disc would overlap")
    return out
