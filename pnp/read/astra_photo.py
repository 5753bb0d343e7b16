"""A phone photo of a filled Astra score pad, read box by box into the pad's values
(``pnp.score.astra_pad_values``): a blank box is no digit, a number is its boxes' digits
left to right, and a number with a box not read surely is ``?``, never a guess.

A page holds two pads with the same four reading marks, laid out alike in either
half: the photo shows one pad (the page cut at the scissors) or the whole page, whose
markers are then told apart by which fit one flat pad together, and the pad with
writing on it is read (both written on is refused: one pad a photo). The pad is printed
with 2 to 5 player columns (``--players``), which move every comb: the reader takes the
most columns whose every column's comb frames are on the photo."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.astra.text import Lang
from pnp.layouts.astra.score_pad import KINDS, MAX_PLAYERS, pad_places
from pnp.layouts.digits import PadPlaces
from pnp.paper.sizes import PAPERS
from pnp.paper.units import mm
from pnp.scan.align import aligned
from pnp.scan.combs import BOX_EMPTY, read_comb
from pnp.scan.ink import INKED, crop, pen_ink, share
from pnp.scan.photo import (
    PX_PER_MM,
    Page,
    PhotoError,
    Wanted,
    alike,
    box_px,
    find_markers,
    load,
    rectify,
)
from pnp.score.astra_pad import UNREAD
from pnp.score.astra_pad_values import PadValue, cell_label

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from pnp.layouts.reading import Marks

_INSET = 0.04  # of a box's side: clear of its frame
_PRINTING = "print it with `pnp astra score-pad`"
_OTHER_KINDS = {
    0: "a Star Charts sheet",
    1: "a Star Charts sheet",
    2: "a Star Charts sheet",
    3: "a Star Charts sheet",
    6: "a Crafting the Cosmos score pad",
    7: "a Crafting the Cosmos score pad",
}
_LINE_NEAR = 0.6  # mm: how far a comb's frame may be from where the layout puts it
_LINE_CONTRAST = 0.06  # of the paper's grey: a frame line at least this much darker
_COLUMN_SEEN = 0.6  # of a column's frame lines, at least this share seen: it is printed
# Ink outside the boxes of the columns read, as a share of the ink in them, above which
# the columns were miscounted: 0.05 at most on bench pads read right, 4.6 on one whose
# 4 columns were taken for 2 (its players 3 and 4 would have been dropped).
_STRAY = 0.25
_WRITTEN = 3  # digit boxes with ink: a pad written on, not a speck or two


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
    photo = load(path)
    papers = {kind: paper for paper, kind in KINDS.items()}
    wanted = Wanted(frozenset(papers), "Astra score pad", "pad", _PRINTING, _OTHER_KINDS)

    def marks_of(kind: int) -> Marks:
        return _places(papers[kind], MAX_PLAYERS).marks

    kind, groups = alike(path, find_markers(photo), wanted, marks_of)
    paper = papers[kind]
    pads: list[tuple[Page, PadPlaces, NDArray[np.uint8], int]] = []
    refused: PhotoError | None = None
    for group in groups:
        try:
            page = rectify(path, photo, group, marks_of(kind))
        except PhotoError as exc:  # the other pad, cut off or too small, is not wanted
            refused = refused or exc
            continue
        players = printed_columns(page, paper)
        places = _places(paper, players)
        blank = blank_pad(paper, players, page.gray.shape)
        page = aligned(path, page, blank)
        ink = pen_ink(page.colour, blank, page.detail)
        pads.append((page, places, ink, _inked(places, ink)))
    written = [pad for pad in pads if pad[3] >= _WRITTEN]
    if refused is not None and not written:  # the pad refused may be the one written on
        raise refused
    if len(written) > 1:
        raise PhotoError(f"{path}: both pads in the photo are written on: one pad a photo")
    page, places, ink, _ = (written or pads)[0]
    if _stray_ink(places, _places(paper, MAX_PLAYERS), ink) > _STRAY:
        raise PhotoError(
            f"{path}: the pad's player columns could not be told (ink where its boxes are"
            " not): lay it flat and take the photo again, or type the record"
        )
    values: dict[str, PadValue] = {}
    doubts: list[Doubt] = []
    for cell, boxes in places.numbers:
        pixels = [box_px(places.marks, b) for b in boxes]
        values[cell] = read_comb(pixels, ink)
        if values[cell] == UNREAD:
            left, top = pixels[0][:2]
            doubts.append(Doubt(cell, (left, top, *pixels[-1][2:])))
    return PadReading(path, values, tuple(doubts), places, page)


def _inked(places: PadPlaces, ink: NDArray[np.uint8]) -> int:
    """How many digit boxes of the pad hold a pen's ink (a blank pad on a soft photo may
    show a pencil's grey)."""
    return sum(
        share(crop(ink, box_px(places.marks, b), _INSET)) > BOX_EMPTY
        for _, boxes in places.numbers
        for b in boxes
    )


def _stray_ink(places: PadPlaces, widest: PadPlaces, ink: NDArray[np.uint8]) -> float:
    """The pen's ink in the pad's table (where the most columns' boxes lie) outside the
    boxes of the columns read, as a share of the ink inside them: a pad whose columns
    were miscounted shows its other columns' print and numbers there."""
    import numpy as np

    inked = ink >= INKED * 255
    table = [box_px(widest.marks, b) for _, boxes in widest.numbers for b in boxes]
    left, top = min(b[0] for b in table), min(b[1] for b in table)
    right, bottom = max(b[2] for b in table), max(b[3] for b in table)
    inside = np.zeros_like(inked)
    for _, boxes in places.numbers:
        for b in boxes:
            x0, y0, x1, y1 = box_px(places.marks, b)
            inside[y0:y1, x0:x1] = True
    stray = int((inked[top:bottom, left:right] & ~inside[top:bottom, left:right]).sum())
    return stray / max(1, int((inked & inside).sum()))


@cache
def _places(paper: str, players: int) -> PadPlaces:
    return pad_places(PAPERS[paper], players)[0]  # the bottom pad's are the same in its frame


def printed_columns(page: Page, paper: str) -> int:
    """How many player columns the pad was printed with: the most whose every column
    shows its combs' frame lines (fewer columns' frames fall where more columns' are only
    for 4 of 5); if none does, the count whose columns show the most."""
    seen = {n: min(_frames_seen(page, _places(paper, n), k) for k in range(n)) for n in _COUNTS}
    printed = [n for n, share_seen in seen.items() if share_seen >= _COLUMN_SEEN]
    return max(printed) if printed else max(seen, key=lambda n: seen[n])


_COUNTS = range(2, MAX_PLAYERS + 1)


def _frames_seen(page: Page, places: PadPlaces, k: int) -> float:
    """The share of column ``k``'s comb frame lines (the combs' sides and the lines
    between their boxes) darker on the photo than the paper round them."""
    import numpy as np

    near = round(_LINE_NEAR * PX_PER_MM)
    around = 3 * near
    seen = total = 0
    for cell, boxes in places.numbers:
        if not cell.startswith(f"p{k + 1}."):
            continue
        pixels = [box_px(places.marks, b) for b in boxes]
        top, bottom = pixels[0][1], pixels[0][3]
        inset = (bottom - top) // 5
        for x in [pixels[0][0], *(p[2] for p in pixels)]:
            strip = page.gray[top + inset : bottom - inset, max(x - around, 0) : x + around + 1]
            total += 1
            if strip.shape[0] < 4 or strip.shape[1] <= 2 * around:
                continue
            profile = np.median(strip, axis=0)
            line = float(profile[around - near : around + near + 1].min())
            paper = float(np.percentile(profile, 90))
            seen += paper - line > _LINE_CONTRAST * paper
    return seen / total if total else 0.0


@cache
def _blank_page(paper: str, players: int) -> tuple[int, int, bytes]:
    from pnp.layouts.astra.box_documents import score_pad_document
    from pnp.render.pdf import render_pdf
    from pnp.render.png import pdf_page_gray

    pdf = render_pdf(score_pad_document(PAPERS[paper], Lang.EN, players))
    return pdf_page_gray(pdf, 0, PX_PER_MM * 25.4)


def blank_pad(paper: str, players: int, shape: tuple[int, ...]) -> NDArray[np.uint8]:
    """The blank top pad (English: only the combs matter, the same in French), cut to
    the reading marks' frame like the rectified photo."""
    import cv2
    import numpy as np

    width, height, data = _blank_page(paper, players)
    page = np.frombuffer(data, np.uint8).reshape(height, width)
    frame = _places(paper, players).marks.frame
    left = round(frame.x / mm(1) * PX_PER_MM)
    top = round((PAPERS[paper].height - frame.top) / mm(1) * PX_PER_MM)
    cut = page[top : top + shape[0], left : left + shape[1]]
    if cut.shape != shape[:2]:
        return np.asarray(cv2.resize(cut, (shape[1], shape[0])), np.uint8)
    return np.asarray(cut, np.uint8)
