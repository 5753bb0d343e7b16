"""A duplex calibration sheet: five crosses on the front, millimetre scales on the back
at their mirrored places, and a 150 mm bar to check the print scale.

Held up to a light, each front cross shows through onto its scale. If the printer puts
the back (ex, ey) mm off, the back's scales move by (ex, ey) and the cross appears at
(−ex, −ey) on them: the reading is the correction, ``--back-offset DX,DY``. Readings
that differ between the crosses show a back that is turned or printed at another size.

The crosses sit nearer the top edge than the bottom one, so that on a printer flipping
on the other edge every cross misses its scale by centimetres."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw.fonts import Font, ascent, text_width
from pnp.draw.shapes import GREY, INK, Anchor, Circle, Document, Flip, Item, Line, Stroke, Text
from pnp.draw.text import wrap
from pnp.layouts.flow import LEADING, Block, fit_flow
from pnp.layouts.page import content_area, finish, text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper, back_slot
from pnp.paper.units import mm

SPAN = 6  # mm either side of zero on the back's scales
LABEL_STEP = 5  # mm between scale labels: a signed digit at 8 pt is 3.7 mm wide
ARM = 8  # mm: half the front cross, reaching past the scales towards their labels
NEAR_EDGE = mm(30)  # from the top paper edge to the top crosses
FAR_EDGE = mm(65)  # from the bottom paper edge to the bottom crosses
BAR = 150  # mm
TABLE = [148 + i / 2 for i in range(9)]  # measured bar lengths, mm
TOLERANCE = 0.5  # mm that a corner's reading may differ from the centre's

LABEL_SIZE = 8.0
_BODY = 11.0
_MIN_BODY = 7.0
_CORNER = mm(18)  # from the sides of the content area to the corner crosses
# Half the rectangle around each cross that holds nothing but the cross or its scales,
# on either side, so that nothing else shows through where the scales are read.
_CLEAR_X, _CLEAR_Y = mm(24), mm(15)
_CROSS = Stroke(INK, 0.6)
_ZERO = Stroke(INK, 0.7)
_FIVE = Stroke(INK, 0.45)
_MM = Stroke(GREY, 0.25)
_TICK = Stroke(INK, 0.3)


@dataclass(frozen=True)
class Target:
    """A cross on the front and the scales behind it on the back, each in its own
    side's page coordinates."""

    front: tuple[float, float]
    back: tuple[float, float]


def targets(paper: Paper, flip: Flip) -> list[Target]:
    """The centre cross first, then the four near the corners."""
    area = content_area(paper)
    left, right = area.x + _CORNER, area.right - _CORNER
    top, bottom = paper.height - NEAR_EDGE, FAR_EDGE
    points = [(paper.width / 2, (top + bottom) / 2)]
    points += [(x, y) for y in (top, bottom) for x in (left, right)]
    out = []
    for x, y in points:
        behind = back_slot(Box(x, y, 0, 0), paper, flip is Flip.LONG, (0.0, 0.0))
        out.append(Target((x, y), (behind.x, behind.y)))
    return out


def _scale_percent(measured: float) -> float:
    """The --scale percentage for a BAR mm bar that printed ``measured`` mm long."""
    return round(100 * BAR / measured, 1)


def _cross(x: float, y: float) -> list[Item]:
    arm = mm(ARM)
    return [
        Line(x - arm, y, x + arm, y, _CROSS),
        Line(x, y - arm, x, y + arm, _CROSS),
        Circle(x, y, mm(2), _CROSS),
    ]


def _unbroken(command: str) -> str:
    """A command held on one line (no-break spaces), so it can be typed as printed."""
    return command.replace(" ", "\u00a0")


def _signed(k: int) -> str:
    return f"{k:+d}".replace("-", "−") if k else "0"


def _scales(x: float, y: float) -> list[Item]:
    """A 1 mm grid centred on (x, y): zero thick, every 5 mm black, labelled every
    5 mm below and to the left, with the + directions spelled out."""
    items: list[Item] = []
    edge = mm(SPAN)
    for k in range(-SPAN, SPAN + 1):
        stroke = _ZERO if k == 0 else _FIVE if k % LABEL_STEP == 0 else _MM
        items.append(Line(x + mm(k), y - edge, x + mm(k), y + edge, stroke))
        items.append(Line(x - edge, y + mm(k), x + edge, y + mm(k), stroke))
    below = y - edge - mm(1) - LABEL_SIZE * 0.73  # a digit's height under the grid
    beside = x - edge - mm(2)
    last = SPAN // LABEL_STEP * LABEL_STEP
    for k in range(-last, last + 1, LABEL_STEP):
        font = Font.REGULAR if k else Font.BOLD
        items.append(Text(x + mm(k), below, _signed(k), LABEL_SIZE, font, Anchor.MIDDLE))
        # Baseline half a digit's height under the line, so the digits centre on it.
        middle = y + mm(k) - LABEL_SIZE * 0.365
        items.append(Text(beside, middle, _signed(k), LABEL_SIZE, font, Anchor.END))
    items.append(Text(x + edge + mm(2), below, "right +", LABEL_SIZE))
    items.append(Text(beside, y + edge + mm(2.5), "up +", LABEL_SIZE, anchor=Anchor.END))
    return items


def _para(box: Box, top: float, text: str) -> tuple[list[Item], float]:
    """Wrapped body text from ``top`` down in ``box``: its items and where it ends."""
    lines = wrap(text, _BODY, box.w)
    items = text_block(box.x, top, lines, _BODY, leading=LEADING)
    bottom = top - len(lines) * _BODY * LEADING
    if bottom < box.y:
        raise ValueError(f"{text!r} does not fit")
    return items, bottom


@dataclass(frozen=True)
class _Regions:
    """Where text may go on one side, clear of every cross and scale on either side."""

    head: Box  # between the two top corners, up to the top
    upper: Box  # between the top row and the middle row
    lower: Box  # between the middle row and the bottom row


def _regions(paper: Paper, points: list[tuple[float, float]]) -> _Regions:
    area = content_area(paper)
    top, middle, bottom = sorted({round(y, 6) for _, y in points}, reverse=True)
    head_y = top - _CLEAR_Y
    return _Regions(
        Box(
            area.x + _CORNER + _CLEAR_X,
            head_y,
            area.w - 2 * (_CORNER + _CLEAR_X),
            area.top - head_y,
        ),
        Box(area.x, middle + _CLEAR_Y, area.w, top - middle - 2 * _CLEAR_Y),
        Box(area.x, bottom + _CLEAR_Y, area.w, middle - bottom - 2 * _CLEAR_Y),
    )


def _title(box: Box, title: str, lines: list[str]) -> list[Item]:
    items = text_block(box.x, box.top, [title], 14, Font.BOLD)
    body = Box(box.x, box.y, box.w, box.h - mm(7))
    return items + fit_flow([Block(t) for t in lines], [body], _BODY, _MIN_BODY)


def _calibrate(paper: Paper, flip: str) -> str:
    """The command that prints this sheet for ``flip``, on this paper."""
    return _unbroken(f"pnp calibrate --flip {flip}" + _paper(paper))


def _paper(paper: Paper) -> str:
    return "" if paper.name == "a4" else f" --paper {paper.name}"


def _commands(paper: Paper, flip: Flip, where: str) -> list[Block]:
    return [
        Block(
            f"(P from the scale check {where})",
            lead=f"pnp printer set{_paper(paper)} --flip {flip.value} "
            "--back-offset DX,DY --scale P",
        ),
        Block("to check what is stored", lead="pnp printer show"),
    ]


def _bar(x: float, y: float) -> list[Item]:
    """The scale bar: a BAR mm line at height ``y`` from ``x``, ticks and labels above."""
    items: list[Item] = [Line(x, y, x + mm(BAR), y, _TICK)]
    for i in range(BAR + 1):
        tick = mm(4) if i % 10 == 0 else mm(2.5) if i % 5 == 0 else mm(1.5)
        items.append(Line(x + mm(i), y, x + mm(i), y + tick, _TICK))
        if i % 10 == 0:
            items.append(Text(x + mm(i), y + mm(5), str(i), LABEL_SIZE, anchor=Anchor.MIDDLE))
    items.append(Text(x + mm(BAR + 4), y + mm(5), "mm", LABEL_SIZE))
    return items


def _table(x: float, top: float) -> tuple[list[Item], float]:
    """Two rows, a measured bar length over the --scale percentage it needs; the items
    and where they end."""
    heads = ["your bar measures (mm)", "--scale P (%)"]
    first = x + max(text_width(h, LABEL_SIZE, Font.BOLD) for h in heads) + mm(12)
    rows = [[f"{m:.1f}" for m in TABLE], [f"{_scale_percent(m):.1f}" for m in TABLE]]
    items: list[Item] = []
    y = top
    for head, cells in zip(heads, rows, strict=True):
        y -= ascent(LABEL_SIZE, Font.BOLD) + mm(1.5)
        items.append(Text(x, y, head, LABEL_SIZE, Font.BOLD))
        for c, cell in enumerate(cells):
            items.append(Text(first + c * mm(13), y, cell, LABEL_SIZE, anchor=Anchor.END))
    return items, y - mm(2)


def _front(paper: Paper, flip: Flip, points: list[tuple[float, float]]) -> list[Item]:
    regions = _regions(paper, points)
    other = "short" if flip is Flip.LONG else "long"
    items = _title(
        regions.head,
        "Duplex calibration · front",
        [
            f"Made for a printer that flips on the {flip.value} edge "
            f"({_calibrate(paper, flip.value)}).",
            "Printed raw: no stored back offset or scale is applied to this sheet, "
            "so what you read on it is absolute.",
        ],
    )
    steps = [
        Block("How to use this sheet", heading=True),
        Block(
            "Print both pages on one sheet, double-sided, at 100 % (actual size, not "
            f"fit to page), flipping on the {flip.value} edge.",
            icon="1",
        ),
        Block(f"Scale: measure the {BAR} mm bar below with a ruler you trust.", icon="2"),
        Block(
            "Back offset: turn the sheet over and hold it up to a light; the back says "
            "how to read its five scales. If every cross misses its scale by "
            f"centimetres, your printer flips on the {other} edge: print "
            f"{_calibrate(paper, other)} instead.",
            icon="3",
        ),
        Block(
            "Store the readings once in your printer profile. Every pnp command uses "
            "it from then on; options you type override it.",
            icon="4",
        ),
        *_commands(paper, flip, "below"),
    ]
    items += fit_flow(steps, [regions.upper], _BODY, _MIN_BODY)
    lower = regions.lower
    items += text_block(lower.x, lower.top, ["Scale check"], _BODY * 1.15, Font.BOLD)
    text, y = _para(
        lower,
        lower.top - mm(6),
        f"Measure the bar from its 0 tick to its {BAR} tick. Find your length in the "
        f"top row of the table: the number under it is your {_unbroken('--scale P')}.",
    )
    items += text
    bar_y = y - mm(10)
    items += _bar(lower.x + mm(4), bar_y)
    table, y = _table(lower.x, bar_y - mm(2))
    items += table
    items += _para(
        lower,
        y,
        f"Between two columns or off the table: P = 100 × {BAR} / your length. The "
        "50 mm ruler at the foot of every page checks the same way: measured as 49.8 mm, "
        f"P = 100 × 50 / 49.8 = {100 * 50 / 49.8:.1f}.",
    )[0]
    return items + [i for x, y in points for i in _cross(x, y)]


def _back(paper: Paper, flip: Flip, points: list[tuple[float, float]]) -> list[Item]:
    regions = _regions(paper, points)
    other = "short" if flip is Flip.LONG else "long"
    items = _title(
        regions.head,
        "Duplex calibration · back",
        [
            "Hold the sheet up to a light with this side facing you: the front's five "
            "crosses show through onto the five scales.",
        ],
    )
    reading = [
        Block("Read each scale", heading=True),
        Block(
            "Where the centre of the cross shows through, read across, then up, in mm, "
            f"to the nearest 0.5: {_unbroken('right is +')}, {_unbroken('up is +')}. "
            "A cross 1.5 mm right of 0 and 1 mm below it reads 1.5,-1.",
            icon="1",
        ),
        Block(
            "The centre scale's reading is your back offset DX,DY: how far pnp moves "
            "every back so that it meets its front.",
            icon="2",
        ),
        Block(
            "If every cross misses its scale by centimetres, your printer flips on the "
            f"{other} edge. Print {_calibrate(paper, other)} and read that one.",
            icon="3",
        ),
    ]
    items += fit_flow(reading, [regions.upper], _BODY, _MIN_BODY)
    compare = [
        Block("Compare the corners with the centre", heading=True),
        Block(
            f"all four within {TOLERANCE} mm of the centre's reading: the sides line up.",
            lead="Same:",
        ),
        Block(
            "left and right corners differ up or down, or top and bottom ones across: "
            "the back is printed turned (skew).",
            lead="Different:",
        ),
        Block(
            "left and right corners differ across, or top and bottom ones up or down: "
            "the back is printed at another size than the front.",
            lead="Different:",
        ),
        Block(
            "No setting fixes either: store nothing. Straighten the paper guides, load "
            "the paper squarely and print this sheet again.",
        ),
        Block("When the corners agree, store the centre reading", heading=True),
        *_commands(paper, flip, "on the front"),
    ]
    items += fit_flow(compare, [regions.lower], _BODY, _MIN_BODY)
    centre_x, centre_y = points[0]
    note = ["← centre scale: its reading", "is your --back-offset DX,DY"]
    items += text_block(centre_x + mm(22), centre_y + mm(4), note, _BODY, Font.BOLD)
    return items + [i for p in points for i in _scales(*p)]


def calibration_document(paper: Paper, flip: Flip) -> Document:
    marks = targets(paper, flip)
    footer = "pnp · duplex calibration · printed raw · the ruler is 50 mm long"
    return Document(
        "pnp duplex calibration",
        (
            finish(paper, _front(paper, flip, [t.front for t in marks]), footer),
            finish(paper, _back(paper, flip, [t.back for t in marks]), footer),
        ),
        flip,
        subject=f"front crosses and back scales for a {flip.value}-edge flip",
    )
