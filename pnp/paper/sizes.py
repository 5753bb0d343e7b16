"""Paper, card sizes and card imposition: every physical size pnp prints lives here."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pnp.paper.geometry import Box, bounds
from pnp.paper.units import inch, mm

DEAD_MARGIN = mm(6)
SAFE_ZONE = mm(3)
MARK_GAP = mm(1.5)
MARK_LENGTH = mm(5)
MIN_MARK_LENGTH = mm(2)
RULER_CLEARANCE = mm(0.5)


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float

    @property
    def media(self) -> Box:
        return Box(0.0, 0.0, self.width, self.height)

    @property
    def printable(self) -> Box:
        return self.media.inset(DEAD_MARGIN)

    @property
    def imperial(self) -> bool:
        return self is LETTER


A4 = Paper("a4", mm(210), mm(297))
LETTER = Paper("letter", inch(8.5), inch(11))
PAPERS = {p.name: p for p in (A4, LETTER)}


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float
    height: float


POKER = CardSize("poker", mm(63.5), mm(88.9))
CARD_SIZES = {
    c.name: c
    for c in (POKER, CardSize("63x88", mm(63), mm(88)), CardSize("tarot", mm(70), mm(120)))
}


class Backs(Enum):
    NONE = "none"
    DUPLEX = "duplex"
    FOLD = "fold"


class Marks(Enum):
    CROP = "crop"  # short marks outside the block of cards
    CUT = "cut"  # thin lines on the card edges, where the margin is too narrow for marks


Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class Imposition:
    """Where cards go on one side of a sheet, and the marks that show where to cut."""

    paper: Paper
    card: CardSize
    bleed: float
    area: Box  # the part of the page the cards are laid out in
    slots: tuple[Box, ...]  # trim boxes in reading order, top-left first
    marks: Marks
    mark_length: tuple[float, float]  # crop marks above and below, left and right
    ruler: Box
    ruler_vertical: bool

    @property
    def per_page(self) -> int:
        return len(self.slots)

    @property
    def segments(self) -> tuple[Segment, ...]:
        return self.marks_for(self.per_page)

    def marks_for(self, count: int) -> tuple[Segment, ...]:
        """The marks for a page holding only the first ``count`` cards."""
        return _mark_segments(self.marks, self.slots[:count], self.bleed, self.mark_length)


class ImpositionError(ValueError):
    pass


def impose(
    paper: Paper,
    card: CardSize,
    ruler_size: tuple[float, float],
    bleed: float = 0.0,
    area: Box | None = None,
) -> Imposition:
    """Lay out as many cards as fit ``area`` (default: the printable area) with room for
    marks and a ruler of ``(length, depth)``; butted together without bleed, spaced by
    their bleed with it."""
    area = area or paper.printable
    cell_w, cell_h = card.width + 2 * bleed, card.height + 2 * bleed
    cols, rows = int(area.w // cell_w), int(area.h // cell_h)
    while cols > 0 and rows > 0:
        layout = _try_layout(paper, card, bleed, area, cols, rows, ruler_size)
        if layout is not None:
            return layout
        # Give up the dimension with the least spare room first.
        if (area.w - cols * cell_w) / cell_w < (area.h - rows * cell_h) / cell_h:
            cols -= 1
        else:
            rows -= 1
    raise ImpositionError(f"a {card.name} card does not fit on {paper.name} paper")


def _try_layout(
    paper: Paper,
    card: CardSize,
    bleed: float,
    area: Box,
    cols: int,
    rows: int,
    ruler_size: tuple[float, float],
) -> Imposition | None:
    cell_w, cell_h = card.width + 2 * bleed, card.height + 2 * bleed
    block = area.centred(cols * cell_w, rows * cell_h)
    slots = tuple(
        Box(
            block.x + c * cell_w + bleed,
            block.top - (r + 1) * cell_h + bleed,
            card.width,
            card.height,
        )
        for r in range(rows)
        for c in range(cols)
    )
    spare_x = block.x - area.x
    spare_y = block.y - area.y
    length = (min(MARK_LENGTH, spare_y - MARK_GAP), min(MARK_LENGTH, spare_x - MARK_GAP))
    if min(length) >= MIN_MARK_LENGTH:
        marks = Marks.CROP
    elif bleed == 0:
        marks = Marks.CUT
    else:
        return None
    segments = _mark_segments(marks, slots, bleed, length)
    taken = [s.inset(-bleed) for s in slots] + [_segment_box(s) for s in segments]
    placed = place_ruler(area, block, slots, ruler_size, taken)
    if placed is None:
        return None
    ruler, vertical = placed
    return Imposition(paper, card, bleed, area, slots, marks, length, ruler, vertical)


def _mark_segments(
    marks: Marks, slots: tuple[Box, ...], bleed: float, length: tuple[float, float]
) -> tuple[Segment, ...]:
    """Crop marks outside the block the slots make, or cut lines along their edges."""
    block = bounds(s.inset(-bleed) for s in slots)
    xs = sorted({round(x, 6) for s in slots for x in (s.x, s.right)})
    ys = sorted({round(y, 6) for s in slots for y in (s.y, s.top)})
    if marks is Marks.CUT:
        return tuple(
            [(x, block.y, x, block.top) for x in xs] + [(block.x, y, block.right, y) for y in ys]
        )
    mark_y, mark_x = length
    segments: list[Segment] = []
    for x in xs:
        segments.append((x, block.top + MARK_GAP, x, block.top + MARK_GAP + mark_y))
        segments.append((x, block.y - MARK_GAP - mark_y, x, block.y - MARK_GAP))
    for y in ys:
        segments.append((block.x - MARK_GAP - mark_x, y, block.x - MARK_GAP, y))
        segments.append((block.right + MARK_GAP, y, block.right + MARK_GAP + mark_x, y))
    return tuple(segments)


def place_ruler(
    area: Box,
    block: Box,
    slots: tuple[Box, ...],
    size: tuple[float, float],
    taken: list[Box],
) -> tuple[Box, bool] | None:
    """A place for a ruler of ``(length, depth)`` in ``area`` beside the block of cards,
    clear of everything ``taken``, nearest the middle of a side: (box, vertical)."""
    length, depth = size
    centres_x = sorted({s.cx for s in slots}, key=lambda x: abs(x - block.cx))
    centres_y = sorted({s.cy for s in slots}, key=lambda y: abs(y - block.cy))
    below = (area.y + block.y) / 2
    above = (block.top + area.top) / 2
    left = (area.x + block.x) / 2
    right = (block.right + area.right) / 2
    candidates = [
        (Box(x - length / 2, cy - depth / 2, length, depth), False)
        for cy in (below, above)
        for x in centres_x
    ]
    candidates += [
        (Box(cx - depth / 2, y - length / 2, depth, length), True)
        for cx in (left, right)
        for y in centres_y
    ]
    for box, vertical in candidates:
        clear = box.inset(-RULER_CLEARANCE)
        if area.contains(box) and not any(clear.overlaps(t) for t in taken):
            return box, vertical
    return None


def _segment_box(s: Segment) -> Box:
    x1, y1, x2, y2 = s
    return Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


def back_slot(front: Box, paper: Paper, flip_long: bool, offset: tuple[float, float]) -> Box:
    """Where the back of a card printed at ``front`` goes on the reverse side:
    mirrored for the flip edge, then moved by the printer's measured misregistration."""
    dx, dy = offset
    if flip_long:
        return Box(paper.width - front.x - front.w + dx, front.y + dy, front.w, front.h)
    return Box(front.x + dx, paper.height - front.y - front.h + dy, front.w, front.h)
