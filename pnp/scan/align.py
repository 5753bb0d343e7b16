"""A rectified page brought onto its blank where the paper was not flat. The markers fix
the page's corners, but a sheet that bulges, curls or was folded moves its middle by a
millimetre or two, enough to put a printed star where the blank has paper. The printed
lines and symbols are matched with the blank's patch by patch (phase correlation at a
quarter of the resolution), a smooth (bicubic) surface is fitted through the shifts that agree,
and the page is resampled onto it. Where the shifts do not fit one smooth surface (a
sharp fold), the page is refused rather than read out of place."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.scan.photo import PX_PER_MM, Page, PhotoError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Image = NDArray[np.uint8]
    Floats = NDArray[np.float64]

_SCALE = 0.25  # patches are matched at 2.5 px a mm
_PATCH = 64  # pixels at that scale: 25.6 mm, a few cells and their lines
_STEP = 32
_STRUCTURE = 6.0  # grey levels: a blank patch with less detail has nothing to match
_PEN_HEAVY = 1.4  # times the page's usual photo-to-blank contrast
_RESPONSE = 0.08  # phase correlation's peak below which a match is not trusted
_MAX_SHIFT = 4.0  # mm: a patch further out is a mismatch (under half a cell: no aliasing)
_AGREE = 0.5  # mm: a shift further from the fitted surface disagrees with it
NOT_FLAT = 1.6  # mm: a trusted patch this far from any smooth surface is a fold
_MIN_PATCHES = 24  # at least (the surface has 16 terms)
_ANCHOR = 6.0  # mm in from the frame's corners: the markers' middles
_ANCHOR_WEIGHT = 8  # patches' worth


def aligned(path: Path, page: Page, blank: Image) -> Page:
    """``page`` resampled so that its print lies on ``blank``'s (the same size); refused
    in one line where the paper is folded."""
    flat, worst = flattened(page, blank)
    if worst > NOT_FLAT:
        raise PhotoError(
            f"{path}: the page is not flat (folded or curled) where its print is"
            f" {worst:.1f} mm out of place: lay it flat and take the photo again"
        )
    return flat


def flattened(page: Page, blank: Image) -> tuple[Page, float]:
    """``page`` resampled onto ``blank`` (itself when nothing moved by a tenth of a
    millimetre, or too little print matched), and how far, in mm, the print lies from
    the fitted surface in its worst neighbourhood (NOT_FLAT or more: a fold)."""
    import cv2
    import numpy as np

    rows, cols = page.gray.shape
    shifts = _shifts(_prepared(page.gray), _prepared(blank))
    if sum(not math.isnan(dx) for _, _, dx, _ in shifts) < _MIN_PATCHES:
        return page, 0.0
    dx, dy, worst = _surface(shifts, rows, cols)
    y, x = np.mgrid[0:rows:16, 0:cols:16].astype(np.float64)
    terms = _terms(x, y, rows, cols)
    fx, fy = terms @ dx, terms @ dy
    if worst > NOT_FLAT or np.hypot(fx, fy).max() < PX_PER_MM / 10:
        return page, worst
    # The shifts (slow to change) are spread to every pixel: cv2.resize puts a coarse
    # grid's samples up to half a step from where np.mgrid had them.
    map_x: NDArray[np.float32] = np.asarray(cv2.resize(fx.astype(np.float32), (cols, rows)))
    map_x += np.arange(cols, dtype=np.float32)[None, :]
    map_y: NDArray[np.float32] = np.asarray(cv2.resize(fy.astype(np.float32), (cols, rows)))
    map_y += np.arange(rows, dtype=np.float32)[:, None]

    def warp(image: Image) -> Image:
        out = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        return np.asarray(out, np.uint8)

    return replace(page, colour=warp(page.colour), gray=warp(page.gray)), worst


def local_shift(gray: Image, blank: Image, box: tuple[int, int, int, int]) -> float:
    """How far, in mm, the print in a pixel box (and a fifth of its side round it) lies
    from the blank's there: a place the smooth surface did not bring onto the blank."""
    import cv2
    import numpy as np

    left, top, right, bottom = box
    grow = (right - left) // 5
    rows, cols = gray.shape
    y0, y1 = max(top - grow, 0), min(bottom + grow, rows)
    x0, x1 = max(left - grow, 0), min(right + grow, cols)
    if y1 - y0 < 8 or x1 - x0 < 8:
        return 0.0
    a, b = (np.asarray(im[y0:y1, x0:x1], np.float32) for im in (blank, gray))
    a, b = (im - cv2.GaussianBlur(im, (0, 0), 8.0) for im in (a, b))
    window = cv2.createHanningWindow((x1 - x0, y1 - y0), cv2.CV_32F)
    (dx, dy), _ = cv2.phaseCorrelate(a, b, window)
    return float(np.hypot(dx, dy)) / PX_PER_MM


def _prepared(gray: Image) -> NDArray[np.float32]:
    """Small, with slow changes of light taken away: lines and symbols only."""
    import cv2
    import numpy as np

    small = cv2.resize(gray, None, fx=_SCALE, fy=_SCALE, interpolation=cv2.INTER_AREA)
    small = np.asarray(small, np.float32)
    return np.asarray(small - cv2.GaussianBlur(small, (0, 0), 6.0), np.float32)


def _shifts(
    photo: NDArray[np.float32], printed: NDArray[np.float32]
) -> list[tuple[float, float, float, float]]:
    """(x, y, dx, dy) in full-resolution pixels: where each trusted patch of the page
    lies against the blank's (both as ``_prepared`` makes them). A patch with much more
    going on in the photo than the page's usual contrast gives the print is mostly a
    player's pen, which would match at a wrong place: it is left out."""
    import cv2
    import numpy as np

    window = cv2.createHanningWindow((_PATCH, _PATCH), cv2.CV_32F)
    rows, cols = printed.shape
    patches = []
    for top in range(0, rows - _PATCH + 1, _STEP):
        for left in range(0, cols - _PATCH + 1, _STEP):
            a = printed[top : top + _PATCH, left : left + _PATCH]
            b = photo[top : top + _PATCH, left : left + _PATCH]
            if float(a.std()) >= _STRUCTURE:
                patches.append((top, left, a, b, float(b.std()) / float(a.std())))
    if not patches:
        return []
    usual = float(np.median([contrast for *_, contrast in patches]))
    found: list[tuple[float, float, float, float]] = []
    limit = _MAX_SHIFT * PX_PER_MM * _SCALE
    for top, left, a, b, contrast in patches:
        if contrast > _PEN_HEAVY * usual:
            continue
        # copies: OpenCV applies the window in place, through the views
        (sx, sy), response = cv2.phaseCorrelate(a.copy(), b.copy(), window)
        centre = (left + _PATCH / 2) / _SCALE, (top + _PATCH / 2) / _SCALE
        if response < _RESPONSE or max(abs(sx), abs(sy)) > limit:
            found.append((*centre, math.nan, math.nan))  # print there, but no match
        else:
            found.append((*centre, sx / _SCALE, sy / _SCALE))
    return found


def _terms(x: Floats, y: Floats, rows: int, cols: int) -> Floats:
    """The bicubic polynomial's terms in x and y scaled to -1..1."""
    import numpy as np

    u, v = 2 * x / cols - 1, 2 * y / rows - 1
    return np.stack([u**i * v**j for i in range(4) for j in range(4)], axis=-1)


def _surface(
    shifts: list[tuple[float, float, float, float]], rows: int, cols: int
) -> tuple[Floats, Floats, float]:
    """A bicubic surface for each of dx and dy through the shifts that agree with it
    (refitted without those further than _AGREE), and how far, in mm, four in five of
    the patches matched lie from it at most."""
    import numpy as np

    s = np.array(shifts, np.float64)
    terms = _terms(s[:, 0], s[:, 1], rows, cols)
    # The markers, in the frame's corners, are where the rectified page is exact: they
    # hold the surface there, where no patch reaches and a polynomial would swing.
    inset = _ANCHOR * PX_PER_MM
    corners = np.array([(inset, inset), (cols - inset, inset), (inset, rows - inset),
                        (cols - inset, rows - inset)] * _ANCHOR_WEIGHT, np.float64)  # fmt: skip
    held = _terms(corners[:, 0], corners[:, 1], rows, cols)
    matched = ~np.isnan(s[:, 2])
    keep = matched
    for _ in range(3):
        a = np.concatenate([terms[keep], held])
        zero = np.zeros(len(held))
        cx = np.linalg.lstsq(a, np.concatenate([s[keep, 2], zero]), rcond=None)[0]
        cy = np.linalg.lstsq(a, np.concatenate([s[keep, 3], zero]), rcond=None)[0]
        off = np.hypot(terms @ cx - s[:, 2], terms @ cy - s[:, 3]) / PX_PER_MM
        keep = matched & (off <= _AGREE)
        if keep.sum() < _MIN_PATCHES:
            break
    return cx, cy, _worst_place(s[matched, :2], off[matched])


def _worst_place(centres: Floats, off: Floats) -> float:
    """How far, in mm, the print lies from the surface in the worst neighbourhood: the
    median over each patch and the matched patches next to it, so that one patch
    misled by a player's heavy marks does not count, but a fold's line of them does.
    (Patches that matched nothing are left out: heavy marks hide the print.)"""
    import numpy as np

    near = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
    near = near <= 1.5 * _STEP / _SCALE
    medians = [float(np.median(off[row])) for row in near if row.sum() >= 3]
    return max(medians, default=0.0)
