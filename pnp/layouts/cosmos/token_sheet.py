"""Two-sided square tokens and tiles, butted in grids so straight cuts free them. With
``fold`` the backs are printed below the page's middle, mirrored and turned so that,
folded along the middle and glued, each back lies behind its front; with ``duplex``
they are printed on the next page, mirrored for the printer's flip edge."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, LIGHT, Anchor, Flip, Item, Line, Page, Stroke, Text
from pnp.draw.transform import rotated
from pnp.layouts.page import finish, strip_height, text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

Face = Callable[[float, float, float], list[Item]]  # draws at a centre, in a square of side
CUT = Stroke(LIGHT, 0.4)
FOLD_GAP = mm(5)  # between the fold and the tokens on either side
HEADING = mm(5)
GROUP_GAP = mm(2.5)


class TokenGroup(NamedTuple):
    heading: str  # what they are and how many
    side: float
    fronts: tuple[Face, ...]
    backs: tuple[Face, ...]  # one per front


class Placed(NamedTuple):
    box: Box
    front: Face
    back: Face


def _front_area(paper: Paper, fold: bool) -> Box:
    p = paper.printable
    strip = strip_height(paper)
    if not fold:
        return p.take_bottom(strip)[1].inset(mm(1))
    middle = paper.height / 2
    low = middle + FOLD_GAP
    # The backs mirror the fronts below the middle: keep their mirror clear of the ruler.
    top = min(p.top, paper.height - p.y - strip) - mm(1)
    return Box(p.x + mm(1), low, p.w - mm(2), top - low)


def layout(
    groups: Sequence[TokenGroup], area: Box, continued: str
) -> list[list[tuple[str, Box, list[Placed]]]]:
    """Pages of (heading, heading box, tokens): each group's grid under its heading,
    carried on to the next page where the page is full, its heading then ``continued``
    (formatted with the heading)."""
    pages: list[list[tuple[str, Box, list[Placed]]]] = [[]]
    top = area.top
    for group in groups:
        per_row = int(area.w // group.side)
        todo = list(zip(group.fronts, group.backs, strict=True))
        heading = group.heading
        while todo:
            rows = int((top - HEADING - area.y) // group.side)
            if rows < 1:
                pages.append([])
                top = area.top
                continue
            chunk, todo = todo[: rows * per_row], todo[rows * per_row :]
            used_rows = math.ceil(len(chunk) / per_row)
            width = min(len(chunk), per_row) * group.side
            x0 = area.cx - width / 2
            head = Box(x0, top - HEADING, width, HEADING)
            placed = [
                Placed(
                    Box(
                        x0 + (k % per_row) * group.side,
                        head.y - (k // per_row + 1) * group.side,
                        group.side,
                        group.side,
                    ),
                    front,
                    back,
                )
                for k, (front, back) in enumerate(chunk)
            ]
            pages[-1].append((heading, head, placed))
            heading = continued.format(heading=group.heading)
            top = head.y - used_rows * group.side - GROUP_GAP
    return [page for page in pages if page]


def token_pages(
    groups: Sequence[TokenGroup],
    paper: Paper,
    footer: str,
    fold_words: str | None,
    continued: str,
    flip: Flip = Flip.LONG,
) -> list[Page]:
    """``fold_words`` (what the fold line says) prints the backs below the fold; None
    prints them on the next page, for duplex."""
    fold = fold_words is not None
    pages: list[Page] = []
    for page in layout(groups, _front_area(paper, fold), continued):
        fronts: list[Item] = []
        backs: list[Item] = []
        for heading, head, placed in page:
            fronts += text_block(head.x, head.top - mm(0.5), [heading], 7.5, Font.BOLD, color=GREY)
            fronts += _cuts([p.box for p in placed])
            for p in placed:
                b = p.box
                fronts += p.front(b.cx, b.cy, b.w)
                if fold:
                    mirror = Box(b.x, paper.height - b.top, b.w, b.h)
                    backs += rotated(p.back(mirror.cx, mirror.cy, b.w), 2, mirror.cx, mirror.cy)
                else:
                    mirror = _duplex(b, paper, flip)  # upright, as card backs are
                    backs += p.back(mirror.cx, mirror.cy, b.w)
            if fold:
                backs += _cuts(
                    [Box(p.box.x, paper.height - p.box.top, p.box.w, p.box.h) for p in placed]
                )
            else:
                backs += _cuts([_duplex(p.box, paper, flip) for p in placed])
        if fold:
            pages.append(
                finish(paper, fronts + backs + _fold_line(paper, fold_words or ""), footer)
            )
        else:
            pages.append(finish(paper, fronts, footer))
            pages.append(finish(paper, backs, footer))
    return pages


def _duplex(b: Box, paper: Paper, flip: Flip) -> Box:
    if flip is Flip.LONG:
        return Box(paper.width - b.right, b.y, b.w, b.h)
    return Box(b.x, paper.height - b.top, b.w, b.h)


def _cuts(boxes: list[Box]) -> list[Item]:
    """Each grid line once."""
    edges: dict[tuple[float, float, float, float], None] = {}
    for b in boxes:
        x, y, r, t = (round(v, 3) for v in (b.x, b.y, b.right, b.top))
        for edge in ((x, y, r, y), (x, t, r, t), (x, y, x, t), (r, y, r, t)):
            edges[edge] = None
    return [Line(*edge, CUT) for edge in edges]


def _fold_line(paper: Paper, words: str) -> list[Item]:
    y = paper.height / 2
    p = paper.printable
    return [
        Line(p.x + mm(1), y, p.right - mm(1), y, Stroke(GREY, 0.4, (mm(3), mm(1.5)))),
        Text(p.cx, y + mm(1.2), words, 6.5, Font.REGULAR, Anchor.MIDDLE, GREY),
    ]
