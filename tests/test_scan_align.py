"""A page that is not flat is brought back onto its blank before it is read: a bulge is
measured from the print and undone, a fold is refused in one line, and a photo of a
bulging sheet reads with nothing wrong."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

from pnp.read.starcharts_blank import blank_sheet
from pnp.read.starcharts_photo import read_sheet
from pnp.scan.align import NOT_FLAT, aligned, flattened
from pnp.scan.photo import PX_PER_MM, Page, PhotoError
from pnp.starcharts.chart import load_chart

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))

import photo_marks as pm
import photos
from scan_sheets import draw, random_truth

CHART = load_chart("leo-8")
SHAPE = (round(250 * PX_PER_MM), round(180 * PX_PER_MM))


@pytest.fixture(scope="module")
def blank() -> NDArray[np.uint8]:
    from pnp.layouts.starcharts.sheet import sheet_marks
    from pnp.paper.sizes import PAPERS
    from pnp.paper.units import mm

    frame = sheet_marks(PAPERS["a4"], 1).frame
    shape = round(frame.h / mm(1) * PX_PER_MM), round(frame.w / mm(1) * PX_PER_MM)
    return blank_sheet(CHART, "a4", 1, shape)


def bulged(image: NDArray[np.uint8], amount_mm: float) -> NDArray[np.uint8]:
    """``image`` with its middle moved down and right by ``amount_mm``, its edges not."""
    rows, cols = image.shape
    y, x = np.mgrid[0:rows, 0:cols].astype(np.float32)
    bump = amount_mm * PX_PER_MM * np.sin(np.pi * x / cols) * np.sin(np.pi * y / rows)
    moved = cv2.remap(image, x - bump, y - bump, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(moved, np.uint8)


def page_of(gray: NDArray[np.uint8]) -> Page:
    return Page(np.asarray(cv2.cvtColor(gray, cv2.COLOR_GRAY2BGR), np.uint8), gray, 0.5, PX_PER_MM)


def misfit_mm(gray: NDArray[np.uint8], blank: NDArray[np.uint8]) -> float:
    """How far the print of the grid's middle lies from the blank's, in mm."""
    rows, cols = blank.shape
    box = slice(rows // 2 - 200, rows // 2 + 200), slice(cols // 2 - 200, cols // 2 + 200)
    a, b = (np.asarray(im[box], np.float32) for im in (blank, gray))
    (dx, dy), _ = cv2.phaseCorrelate(a, b)
    return float(np.hypot(dx, dy)) / PX_PER_MM


def test_a_bulge_is_undone_to_a_fraction_of_a_millimetre(blank: NDArray[np.uint8]) -> None:
    moved = bulged(blank, 2.5)
    assert misfit_mm(moved, blank) > 2.0
    flat, worst = flattened(page_of(moved), blank)
    assert worst < NOT_FLAT
    assert misfit_mm(flat.gray, blank) < 0.3
    assert flat.colour.shape[:2] == flat.gray.shape == blank.shape


def test_a_flat_page_is_left_as_it_is(blank: NDArray[np.uint8]) -> None:
    page = page_of(blank.copy())
    assert aligned(Path("p.jpg"), page, blank) is page


def test_a_fold_is_refused_in_one_line(blank: NDArray[np.uint8]) -> None:
    folded = blank.copy()
    half = blank.shape[1] // 2
    folded[40:, half:] = blank[:-40, half:]  # the right half 4 mm lower than the left
    with pytest.raises(PhotoError, match=r"^p\.jpg: the page is not flat .*lay it flat"):
        aligned(Path("p.jpg"), page_of(folded), blank)


@pytest.mark.parametrize("seed", [11, 12])
def test_a_photo_of_a_bulging_sheet_reads_with_nothing_wrong(seed: int, tmp_path: Path) -> None:
    rng = np.random.default_rng(seed)
    truth = random_truth(CHART, rng)
    image = draw(truth, "a4", 1, pm.random_pen(rng), rng, np.random.default_rng([seed, 2]))
    shot = photos.photograph(image, rng, 12.0, bend=3.0, fill=0.85, blur=0.5)
    path = tmp_path / "bent.jpg"
    cv2.imwrite(str(path), shot.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    reading = read_sheet(path)
    wrong = [(r, t) for r, t in zip(reading.grid, truth.grid, strict=True) if r not in (t, "?")]
    assert not wrong
    assert sum(r == "?" for r in reading.grid) <= 3
