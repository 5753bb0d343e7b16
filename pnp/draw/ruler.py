"""The scale ruler printed on every page, so a player can check the print scale."""

from __future__ import annotations

from pnp.draw.fonts import Font, text_width
from pnp.draw.shapes import Anchor, Item, Line, Stroke, Text
from pnp.draw.transform import rotated, translated
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import inch, mm

_LABEL_SIZE = 6.0  # the smallest text the spec allows
_TICK = Stroke(width=0.35)
_DEPTH = mm(5)


def _scale_length(paper: Paper) -> float:
    return inch(2) if paper.imperial else mm(50)


def _labels(paper: Paper) -> list[str]:
    return ["50 mm", "2 in"] if paper.imperial else ["50 mm"]


def ruler_size(paper: Paper) -> tuple[float, float]:
    """(length, depth) of the ruler for this paper."""
    label = max(text_width(t, _LABEL_SIZE) for t in _labels(paper))
    return _scale_length(paper) + mm(1.5) + label, _DEPTH


def ruler_items(box: Box, vertical: bool, paper: Paper) -> list[Item]:
    """A millimetre scale (and an inch scale on Letter) filling ``box``."""
    depth = ruler_size(paper)[1]
    # Build lying down at the origin, then turn it a quarter to stand in a vertical box.
    items: list[Item] = []
    base = depth / 2 if paper.imperial else mm(0.6)
    items.append(Line(0, base, _scale_length(paper), base, _TICK))
    for i in range(51):
        tick = mm(2.2) if i % 10 == 0 else mm(1.5) if i % 5 == 0 else mm(0.9)
        items.append(Line(mm(i), base, mm(i), base + tick, _TICK))
    label_x = _scale_length(paper) + mm(1.5)
    items.append(Text(label_x, base + mm(0.4), "50 mm", _LABEL_SIZE, Font.REGULAR, Anchor.START))
    if paper.imperial:
        for i in range(17):
            tick = mm(2.2) if i % 8 == 0 else mm(1.5) if i % 4 == 0 else mm(0.9)
            items.append(Line(inch(i / 8), base, inch(i / 8), base - tick, _TICK))
        items.append(Text(label_x, base - mm(2.2), "2 in", _LABEL_SIZE, Font.REGULAR))
    if vertical:
        return translated(rotated(items, 1, 0, 0), box.right, box.y)
    return translated(items, box.x, box.y)
