"""Axis-aligned boxes in points, PDF orientation: origin bottom-left, y grows upwards."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def inset(self, dx: float, dy: float | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def take_top(self, h: float) -> tuple[Box, Box]:
        """Split off a strip of height ``h`` at the top: (strip, rest)."""
        return Box(self.x, self.top - h, self.w, h), Box(self.x, self.y, self.w, self.h - h)

    def take_bottom(self, h: float) -> tuple[Box, Box]:
        return Box(self.x, self.y, self.w, h), Box(self.x, self.y + h, self.w, self.h - h)

    def take_left(self, w: float) -> tuple[Box, Box]:
        return Box(self.x, self.y, w, self.h), Box(self.x + w, self.y, self.w - w, self.h)

    def centred(self, w: float, h: float) -> Box:
        """A box of the given size centred in this one."""
        return Box(self.cx - w / 2, self.cy - h / 2, w, h)

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.top
            and other.y < self.top
        )

    def columns(self, n: int, gap: float = 0.0) -> list[Box]:
        w = (self.w - gap * (n - 1)) / n
        return [Box(self.x + i * (w + gap), self.y, w, self.h) for i in range(n)]

    def rows(self, n: int, gap: float = 0.0) -> list[Box]:
        """``n`` boxes from the top down."""
        h = (self.h - gap * (n - 1)) / n
        return [Box(self.x, self.top - (i + 1) * h - i * gap, self.w, h) for i in range(n)]


def bounds(boxes: Iterable[Box]) -> Box:
    """The smallest box holding all of ``boxes``."""
    items = list(boxes)
    x, y = min(b.x for b in items), min(b.y for b in items)
    return Box(x, y, max(b.right for b in items) - x, max(b.top for b in items) - y)
