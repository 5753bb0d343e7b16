"""A duplex calibration sheet: a cross on the front, millimetre scales on the back at the
mirrored place. Hold the printed sheet up to a light and read, on the back's scales,
where the front's cross shows through: those two numbers are ``--back-offset DX,DY``.

Why: if the printer puts the back (ex, ey) mm off, the back's scales move by (ex, ey)
and the cross appears at (−ex, −ey) on them, which is the correction to apply."""

from __future__ import annotations

from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, Anchor, Circle, Document, Flip, Item, Line, Stroke, Text
from pnp.geometry import Box
from pnp.layouts.page import content_area, finish, text_block
from pnp.paper import Paper, back_slot
from pnp.units import mm

SPAN = 6  # mm either side of zero
_FINE = Stroke(INK, 0.25)


def _cross(x: float, y: float) -> list[Item]:
    arm = mm(8)
    return [
        Line(x - arm, y, x + arm, y, _FINE),
        Line(x, y - arm, x, y + arm, _FINE),
        Circle(x, y, mm(2), _FINE),
    ]


def _scales(x: float, y: float) -> list[Item]:
    """A 1 mm grid around (x, y), darker through zero, labelled every 2 mm."""
    items: list[Item] = []
    edge = mm(SPAN)
    for k in range(-SPAN, SPAN + 1):
        stroke = _FINE if k == 0 else Stroke(GREY, 0.15)
        items.append(Line(x + mm(k), y - edge, x + mm(k), y + edge, stroke))
        items.append(Line(x - edge, y + mm(k), x + edge, y + mm(k), stroke))
        if k % 2 == 0:
            label = f"{k:+d}" if k else "0"
            items.append(Text(x + mm(k), y - edge - 6, label, 4.5, Font.REGULAR, Anchor.MIDDLE))
            items.append(
                Text(x - edge - mm(1), y + mm(k) - 1.6, label, 4.5, Font.REGULAR, Anchor.END)
            )
    return items


def calibration_document(paper: Paper, flip: Flip) -> Document:
    area = content_area(paper)
    # Off centre, so that a wrong flip edge shows as a miss of many centimetres.
    point = (area.x + area.w * 0.35, area.y + area.h * 0.6)
    mirrored = back_slot(Box(point[0], point[1], 0, 0), paper, flip is Flip.LONG, (0.0, 0.0))
    words = [
        "Duplex calibration",
        "Print this sheet double-sided at 100 % (flip on the "
        f"{flip.value} edge), then hold it up to a light.",
        "On the back, read where the front's cross shows through: right/up are +.",
        "Use the two readings as --back-offset DX,DY (in mm).",
    ]
    front = text_block(area.x, area.top, words[:1], 14, Font.BOLD)
    front += text_block(area.x, area.top - mm(9), words[1:], 9)
    back = text_block(area.x, area.top, ["Back: read the cross here"], 14, Font.BOLD)
    back += text_block(area.x, area.top - mm(9), words[2:], 9, color=GREY)
    footer = "pnp · duplex calibration · the bar is 50 mm long"
    return Document(
        "pnp duplex calibration",
        (
            finish(paper, front + _cross(*point), footer),
            finish(paper, back + _scales(mirrored.x, mirrored.y), footer),
        ),
        flip,
        subject=f"front cross and back scales for a {flip.value}-edge flip",
    )
