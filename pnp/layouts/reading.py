"""Reading marks: four ArUco markers at the corners of a document, so that a phone
photo of it can be found, turned and flattened, and a QR code naming what it is.

A document kind owns four marker ids, ``4 × kind`` to ``4 × kind + 3``, clockwise from
the top left; the kinds are chosen by each game's layouts (tests keep them apart)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pnp.draw.codes import aruco_dark, module_items, qr_dark
from pnp.draw.shapes import Item
from pnp.paper.geometry import Box
from pnp.paper.units import mm

KINDS = 8  # DICT_4X4_50 holds 12 kinds of four; the ids the printer knows cover 8
QUIET = 1 / 6  # white round a marker, as a share of its side: one module
QR_QUIET = 2  # modules of white round a QR code


class Corner(Enum):
    TOP_LEFT = 0
    TOP_RIGHT = 1
    BOTTOM_RIGHT = 2
    BOTTOM_LEFT = 3


@dataclass(frozen=True)
class Marks:
    """Markers of side ``side`` in the corners of ``frame``, and their kind."""

    frame: Box
    side: float
    kind: int

    @property
    def clear(self) -> float:
        """How far from a marker's outer edges other ink may start."""
        return self.side * (1 + QUIET)

    def marker_id(self, corner: Corner) -> int:
        return 4 * self.kind + corner.value

    def marker_box(self, corner: Corner) -> Box:
        f, s = self.frame, self.side
        x = f.x if corner in (Corner.TOP_LEFT, Corner.BOTTOM_LEFT) else f.right - s
        y = f.y if corner in (Corner.BOTTOM_LEFT, Corner.BOTTOM_RIGHT) else f.top - s
        return Box(x, y, s, s)

    def items(self) -> list[Item]:
        if not 0 <= self.kind < KINDS:
            raise ValueError(f"reading-mark kind {self.kind} is not 0 to {KINDS - 1}")
        return [
            item
            for corner in Corner
            for item in module_items(aruco_dark(self.marker_id(corner)), self.marker_box(corner))
        ]


def qr_side(payload: str, module: float) -> float:
    """The side of the QR code holding ``payload``, quiet zone included."""
    return (len(qr_dark(payload)) + 2 * QR_QUIET) * module


def qr_items(payload: str, box: Box) -> list[Item]:
    """The QR code in ``box`` (a square, quiet zone included)."""
    dark = qr_dark(payload)
    module = box.w / (len(dark) + 2 * QR_QUIET)
    return module_items(dark, box.inset(QR_QUIET * module))


FULL_MARKER = mm(12)
HALF_MARKER = mm(8)  # a half page fills a photo about 1.5 times as much
