"""A phone photo of a filled Crafting the Cosmos score pad, read box by box into the pad's
values (``pnp.score.cosmos_pad``): a blank box is no digit, a number is its boxes'
digits left to right, and a number with a box not read surely is ``?``, never a guess."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.cosmos.record_file import UNREAD
from pnp.layouts.cosmos.score_pad import KINDS
from pnp.layouts.digits import PadPlaces
from pnp.paper.sizes import PAPERS
from pnp.paper.units import mm
from pnp.scan.align import aligned
from pnp.scan.combs import read_comb
from pnp.scan.ink import pen_ink
from pnp.scan.photo import (
    PX_PER_MM,
    Page,
    Wanted,
    box_px,
    find_markers,
    load,
    ours,
    rectify,
)
from pnp.score.cosmos_pad import PadValue, cell_label

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

_PRINTING = "print it with `pnp cosmos score-pad`"
_OTHER_KINDS = {
    0: "a Star Charts sheet",
    1: "a Star Charts sheet",
    2: "a Star Charts sheet",
    3: "a Star Charts sheet",
    4: "an Astra score pad",
    5: "an Astra score pad",
}
_ORDER_DIGITS = frozenset(range(1, 7))


@dataclass(frozen=True)
class Doubt:
    """A number the reader was not sure of: its pad cell and its comb in rectified pixels."""

    cell: str
    box: tuple[int, int, int, int]

    @property
    def what(self) -> str:
        return cell_label(self.cell)


@dataclass(frozen=True)
class PadReading:
    path: Path
    values: dict[str, PadValue]  # by pad cell: a number, None when blank, or ?
    doubts: tuple[Doubt, ...]
    places: PadPlaces = field(repr=False)
    page: Page = field(repr=False)

    def answered(self, doubt: Doubt, answer: PadValue) -> PadReading:
        """The reading with ``doubt`` settled by a person's ``answer``."""
        values = {**self.values, doubt.cell: answer}
        return replace(self, values=values, doubts=tuple(d for d in self.doubts if d != doubt))


def read_pad(path: Path) -> PadReading:
    """Read the photo of one filled pad; refused in one line when it is not one."""
    from pnp.layouts.cosmos.score_pad import pad_places

    photo = load(path)
    markers = find_markers(photo)
    papers = {kind: paper for paper, kind in KINDS.items()}
    wanted = Wanted(
        frozenset(papers), "Crafting the Cosmos score pad", "pad", _PRINTING, _OTHER_KINDS
    )
    kind, found = ours(path, markers, wanted)
    paper = papers[kind]
    places = pad_places(PAPERS[paper])
    page = rectify(path, photo, found, places.marks)
    blank = blank_pad(paper, page.gray.shape)
    page = aligned(path, page, blank)
    ink = pen_ink(page.colour, blank, page.detail)
    values: dict[str, PadValue] = {}
    doubts: list[Doubt] = []
    for cell, boxes in places.numbers:
        pixels = [box_px(places.marks, b) for b in boxes]
        allowed = _ORDER_DIGITS if cell.startswith("order.") else frozenset(range(10))
        values[cell] = read_comb(pixels, ink, allowed)
        if values[cell] == UNREAD:
            left, top = pixels[0][:2]
            doubts.append(Doubt(cell, (left, top, *pixels[-1][2:])))
    return PadReading(path, values, tuple(doubts), places, page)


@cache
def _blank_page(paper: str) -> tuple[int, int, bytes]:
    from pnp.layouts.cosmos.score_pad import score_pad_document
    from pnp.render.pdf import render_pdf
    from pnp.render.png import pdf_page_gray

    pdf = render_pdf(score_pad_document(PAPERS[paper]))
    return pdf_page_gray(pdf, 0, PX_PER_MM * 25.4)


def blank_pad(paper: str, shape: tuple[int, ...]) -> NDArray[np.uint8]:
    """The blank pad, cut to the reading marks' frame like the rectified photo."""
    import cv2
    import numpy as np

    from pnp.layouts.cosmos.score_pad import pad_places

    width, height, data = _blank_page(paper)
    page = np.frombuffer(data, np.uint8).reshape(height, width)
    frame = pad_places(PAPERS[paper]).marks.frame
    left = round(frame.x / mm(1) * PX_PER_MM)
    top = round((PAPERS[paper].height - frame.top) / mm(1) * PX_PER_MM)
    cut = page[top : top + shape[0], left : left + shape[1]]
    if cut.shape != shape[:2]:
        return np.asarray(cv2.resize(cut, (shape[1], shape[0])), np.uint8)
    return np.asarray(cut, np.uint8)
