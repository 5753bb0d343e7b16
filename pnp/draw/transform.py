"""Moving and turning display items (quarter turns only, so boxes stay boxes)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from pnp.draw.shapes import Circle, Item, Line, Poly, Rect
from pnp.paper.geometry import Box

Point = tuple[float, float]


def translated(items: Iterable[Item], dx: float, dy: float) -> list[Item]:
    return _mapped(items, lambda x, y: (x + dx, y + dy), 0.0)


def rotated(items: Iterable[Item], quarter_turns: int, cx: float, cy: float) -> list[Item]:
    """Turn items counter-clockwise by ``quarter_turns`` × 90° about ``(cx, cy)``."""
    turns = quarter_turns % 4

    def turn(x: float, y: float) -> Point:
        dx, dy = x - cx, y - cy
        for _ in range(turns):
            dx, dy = -dy, dx
        return cx + dx, cy + dy

    return _mapped(items, turn, 90.0 * turns)


def _mapped(items: Iterable[Item], f: Callable[[float, float], Point], angle: float) -> list[Item]:
    out: list[Item] = []
    for item in items:
        if isinstance(item, Line):
            (x1, y1), (x2, y2) = f(item.x1, item.y1), f(item.x2, item.y2)
            out.append(replace(item, x1=x1, y1=y1, x2=x2, y2=y2))
        elif isinstance(item, Rect):
            b = item.box
            (x1, y1), (x2, y2) = f(b.x, b.y), f(b.right, b.top)
            box = Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
            out.append(replace(item, box=box))
        elif isinstance(item, Circle):
            cx, cy = f(item.cx, item.cy)
            out.append(replace(item, cx=cx, cy=cy))
        elif isinstance(item, Poly):
            out.append(replace(item, points=tuple(f(x, y) for x, y in item.points)))
        else:
            x, y = f(item.x, item.y)
            out.append(replace(item, x=x, y=y, angle=(item.angle + angle) % 360))
    return out
