"""Pen ink on a rectified page: what is dark on the photo and not printed on the blank
sheet, and measures of it inside a box (how much, and whether it rings a centre)."""

from __future__ import annotations

from typing import TYPE_CHECKING

PX_PER_MM = 10.0  # the rectified page's (pnp.scan.photo's)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Image = NDArray[np.uint8]
    Ink = NDArray[np.float32]

INKED = 0.3  # an ink value from which a pixel counts as inked
FAINT = 0.12  # and from which it may be a light pencil's
_PAPER_KERNEL = 31  # pixels: wider than any pen stroke, so its maximum is the paper
_PRINT_SPREAD = 7  # pixels: how far printed ink may have moved (registration, lens)
_CLEAR_MORE = 7  # pixels: and the margin round it where a cell's paper is not judged


def pen_ink(colour: Image, blank: Image, detail: float = PX_PER_MM) -> Image:
    """0 (paper or print) to 255 (dark pen) per pixel. The paper's own brightness is
    estimated locally (at a quarter of the resolution: light changes slowly), so shadows
    and uneven light cancel out; the darkest channel is used, so blue ink counts as much
    as black; the blank sheet's ink, spread by a few pixels (more when the photo has
    less ``detail``, its own pixels a millimetre), is taken away. In bytes, with
    OpenCV's saturating arithmetic: a page is millions of pixels."""
    import cv2
    import numpy as np

    rows, cols = colour.shape[:2]
    small = cv2.resize(colour, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    kernel = np.ones((_PAPER_KERNEL // 4, _PAPER_KERNEL // 4), np.uint8)
    paper = cv2.GaussianBlur(cv2.dilate(small, kernel), (0, 0), _PAPER_KERNEL / 8)
    paper = cv2.resize(paper, (cols, rows), interpolation=cv2.INTER_LINEAR)
    level = cv2.divide(colour, np.maximum(paper, 1), scale=255).min(axis=2)
    dark = cv2.subtract(np.full_like(level, 247), level)  # 8 % of white is still paper
    dark = cv2.add(dark, dark)
    printed = _printed(blank, detail)
    return np.asarray(cv2.subtract(dark, cv2.addWeighted(printed, 1.5, printed, 0.0, 0.0)))


def paper_only(blank: Image, detail: float = PX_PER_MM) -> Image:
    """255 where nothing is printed near, else 0: the pixels ``pen_ink`` sees ink on,
    less a further margin round the print (the halo a soft photo leaves round it)."""
    import cv2
    import numpy as np

    wide = cv2.dilate(_printed(blank, detail), np.ones((_CLEAR_MORE,) * 2, np.uint8))
    _, clear = cv2.threshold(wide, 40, 255, cv2.THRESH_BINARY_INV)
    return np.asarray(clear, np.uint8)


def _printed(blank: Image, detail: float) -> Image:
    """The blank's ink spread by a few pixels, more when the photo has less ``detail``."""
    import cv2
    import numpy as np

    spread = max(_PRINT_SPREAD, round(3 * PX_PER_MM / max(detail, 1.0)) | 1)
    return np.asarray(cv2.dilate(cv2.bitwise_not(blank), np.ones((spread, spread), np.uint8)))


def crop(ink: Image, box: tuple[int, int, int, int], inset: float = 0.0) -> Ink:
    """The part of ``ink`` in a pixel box (left, top, right, bottom), ``inset`` (a share
    of its side) in from each edge, as 0 to 1."""
    import numpy as np

    left, top, right, bottom = box
    dx, dy = round((right - left) * inset), round((bottom - top) * inset)
    part = ink[max(top + dy, 0) : max(bottom - dy, 0), max(left + dx, 0) : max(right - dx, 0)]
    return np.asarray(part, np.float32) / 255.0


def share(ink: Ink, clear: Ink | None = None, level: float = INKED) -> float:
    """The share of pixels inked (``level`` or more); with ``clear`` (a crop of
    ``paper_only``, 0 to 1), of the pixels where nothing is printed, where ink can be
    seen at all."""
    if not ink.size:
        return 0.0
    if clear is None:
        return float((ink >= level).mean())
    seen = float((clear > 0.5).sum())
    return float(((ink >= level) & (clear > 0.5)).sum()) / seen if seen else 0.0


def ring(ink: Ink, inner: float, outer: float, bins: int = 24, level: float = INKED) -> float:
    """The share of directions round the crop's centre in which ink lies between radii
    ``inner`` and ``outer`` (shares of half the crop's side): near 1 for a ring drawn
    round the centre, low for a cross through it; counting ink from ``level``."""
    import numpy as np

    rows, cols = ink.shape
    if rows < 4 or cols < 4:
        return 0.0
    y, x = np.mgrid[0:rows, 0:cols].astype(np.float32)
    dy, dx = y - (rows - 1) / 2, x - (cols - 1) / 2
    radius = np.hypot(dx, dy) / (min(rows, cols) / 2)
    band = (radius >= inner) & (radius <= outer) & (ink > level)
    angles = ((np.arctan2(dy[band], dx[band]) + np.pi) / (2 * np.pi) * bins).astype(int)
    return len(set(np.clip(angles, 0, bins - 1).tolist())) / bins


def line_ink(ink: Ink, clear: Ink, step: float = 7.5) -> float:
    """The most ink along any straight line across the crop (every ``step`` degrees), as
    the mean over the line's clear paper (``clear``, 0 to 1): a faint stroke stands out
    where the same ink scattered as a photo's grain does not."""
    import cv2
    import numpy as np

    rows, cols = ink.shape
    if rows < 4 or cols < 4:
        return 0.0
    seen = (clear > 0.5).astype(np.float32)
    inked = np.asarray(ink, np.float32) * seen
    side = int(np.hypot(rows, cols)) + 2
    best = 0.0
    for angle in np.arange(0.0, 180.0, step):
        turn = cv2.getRotationMatrix2D((cols / 2, rows / 2), float(angle), 1.0)
        turn[:, 2] += (side / 2 - cols / 2, side / 2 - rows / 2)
        total = cv2.warpAffine(inked, turn, (side, side)).sum(axis=0)
        paper = cv2.warpAffine(seen, turn, (side, side)).sum(axis=0)
        long = paper >= 0.5 * min(rows, cols)  # lines with enough clear paper to judge
        if long.any():
            best = max(best, float((total[long] / paper[long]).max()))
    return best
