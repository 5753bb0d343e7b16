"""Whole pages: the content area, and the bottom strip with the scale ruler and a footer."""

from __future__ import annotations

from pnp.draw.fonts import Font, ascent
from pnp.draw.ruler import ruler_items, ruler_size
from pnp.draw.shapes import GREY, INK, Anchor, Gray, Item, Line, Page, Stroke, Text
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

FOOTER_SIZE = 6.0  # the smallest text the spec allows
CUT_CLEARANCE = mm(3)  # between a half page's content and the cut
_STRIP_GAP = mm(1.5)
EDGE = 1.0  # points: half the widest stroke drawn at a region's edge


def strip_height(paper: Paper) -> float:
    return ruler_size(paper)[1] + _STRIP_GAP


def content_area(paper: Paper) -> Box:
    """The printable area above the ruler strip, less room for the outermost strokes."""
    return paper.printable.take_bottom(strip_height(paper))[1].inset(EDGE)


def finish(paper: Paper, items: list[Item], footer: str, clear: float = 0.0) -> Page:
    """A page with a ruler at the bottom left and ``footer`` at the bottom right, both
    ``clear`` in from the printable area's sides (where reading marks stand)."""
    strip = paper.printable.inset(EDGE).take_bottom(ruler_size(paper)[1])[0].inset(clear, 0)
    length, depth = ruler_size(paper)
    extra: list[Item] = ruler_items(Box(strip.x, strip.y, length, depth), False, paper)
    extra.append(
        Text(strip.right, strip.y + mm(0.6), footer, FOOTER_SIZE, Font.REGULAR, Anchor.END, GREY)
    )
    return Page(paper.width, paper.height, paper.printable, tuple(extra + items))


def text_block(
    x: float,
    top: float,
    lines: list[str],
    size: float,
    font: Font = Font.REGULAR,
    leading: float = 1.2,
    anchor: Anchor = Anchor.START,
    color: Gray = INK,
) -> list[Item]:
    """Lines of text whose first line's ascent touches ``top``."""
    first = top - ascent(size, font)
    return [
        Text(x, first - i * size * leading, line, size, font, anchor, color)
        for i, line in enumerate(lines)
    ]


def halves(paper: Paper) -> tuple[Box, Box]:
    """Two equal boxes, top and bottom, either side of the paper's middle, where the cut
    goes. The content area is not centred on the page (the ruler strip is at the
    bottom), so the top box leaves room unused above it."""
    area = content_area(paper)
    middle = paper.height / 2
    h = middle - CUT_CLEARANCE - area.y
    return Box(area.x, middle + CUT_CLEARANCE, area.w, h), Box(area.x, area.y, area.w, h)


def cut_line(y: float, area: Box) -> list[Item]:
    """A dashed line across ``area`` to cut a page in two, with a scissors mark."""
    return [
        Line(area.x + mm(5), y, area.right, y, Stroke(GREY, 0.4, (mm(2), mm(1.5)))),
        Text(area.x, y - 2.5, "✂", 8, Font.REGULAR, Anchor.START, GREY),
    ]
