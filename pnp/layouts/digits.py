"""Digit boxes for handwritten numbers on a sheet that a photo reader reads: a comb of
boxes, one per digit, each large enough for a pen digit, numbers written right-aligned
(units in the last box), and where each number's boxes stand (``PadPlaces``)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, LIGHT, Anchor, Item, Line, Rect, Stroke, Text
from pnp.layouts.reading import Marks
from pnp.paper.geometry import Box, bounds
from pnp.paper.units import mm

DIGIT_W = mm(6)
DIGIT_H = mm(8)
# Light enough for a reader to tell a pen stroke from the box, dark enough to write in.
_FRAME = Stroke(LIGHT, 0.6)


def comb(right: float, cy: float, digits: int) -> tuple[Box, ...]:
    """``digits`` boxes side by side, left to right, the last one ending at ``right``,
    centred on ``cy``."""
    x = right - digits * DIGIT_W
    return tuple(Box(x + k * DIGIT_W, cy - DIGIT_H / 2, DIGIT_W, DIGIT_H) for k in range(digits))


def comb_items(boxes: tuple[Box, ...]) -> list[Item]:
    """A comb's frame and the lines between its boxes."""
    frame = bounds(boxes)
    return [
        Rect(frame, _FRAME),
        *(Line(b.x, b.y, b.x, b.top, _FRAME) for b in boxes[1:]),
    ]


def field_box(boxes: tuple[Box, ...]) -> Box:
    """A fillable field over a whole comb, just inside its frame."""
    return bounds(boxes).inset(_FRAME.width)


@dataclass(frozen=True)
class PadPlaces:
    """Where a score pad's readable parts are, in page points, computed by the code that
    draws the pad: its reading marks and, for each number written on it, its digit boxes
    left to right, by the name of its fillable field less the pad (``p2.stardust``)."""

    marks: Marks
    numbers: tuple[tuple[str, tuple[Box, ...]], ...]

    def digits(self, name: str) -> tuple[Box, ...]:
        for key, boxes in self.numbers:
            if key == name:
                return boxes
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.numbers)


EXAMPLE = "42"  # the example beside the hint: a 3-box comb holding 42
_EXAMPLE_SCALE = 0.6


def example_items(right: float, cy: float, size: float) -> list[Item]:
    """A small comb of three boxes ending at ``right`` with 42 written in its last two:
    how numbers go in the boxes."""
    w, h = DIGIT_W * _EXAMPLE_SCALE, DIGIT_H * _EXAMPLE_SCALE
    boxes = tuple(Box(right - (3 - k) * w, cy - h / 2, w, h) for k in range(3))
    items = comb_items(boxes)
    for box, digit in zip(boxes[1:], EXAMPLE, strict=True):
        items.append(Text(box.cx, cy - size * 0.36, digit, size, Font.REGULAR, Anchor.MIDDLE, GREY))
    return items


def example_width() -> float:
    return 3 * DIGIT_W * _EXAMPLE_SCALE
