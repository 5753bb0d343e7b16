"""The synthetic-photo generator the photo reader is measured with (bench/photos.py):
its homography tells where a page point lands, it is deterministic, and every mark is
drawn where it was told and nowhere else."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import glyphs  # noqa: E402
import photo_marks as pm  # noqa: E402
import photos  # noqa: E402

PPM = pm.PX_PER_MM
PENS = [
    pm.Pen((25, 45, 135), 0.4, "ballpoint"),
    pm.Pen((15, 45, 185), 0.6, "gel"),
    pm.Pen((30, 30, 38), 1.4, "marker"),
    pm.Pen((100, 100, 104), 0.3, "pencil"),
]
BOX = (40.0, 40.0, 50.0, 50.0)


def _blank(mm: float = 100.0) -> NDArray[np.uint8]:
    side = int(mm * PPM)
    return np.full((side, side, 3), 255, np.uint8)


def _ink_mm(img: NDArray[np.uint8], level: int = 40) -> NDArray[np.float64]:
    """Centres (mm) of the pixels darkened by more than level."""
    ys, xs = np.nonzero(255 - img.min(axis=2).astype(int) > level)
    return (np.column_stack([xs, ys]).astype(np.float64) + 0.5) / PPM


def _inside(ink: NDArray[np.float64], box: pm.Box) -> NDArray[np.bool_]:
    x0, y0, x1, y1 = box
    return (ink[:, 0] >= x0) & (ink[:, 0] <= x1) & (ink[:, 1] >= y0) & (ink[:, 1] <= y1)


def _grow(box: pm.Box, by: float) -> pm.Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def test_the_homography_and_project_say_where_a_page_dot_lands() -> None:
    page = np.full((800, 600, 3), 255, np.uint8)
    dotted = page.copy()
    spots = [(150, 200), (450, 640), (300, 400)]
    for x, y in spots:
        cv2.circle(dotted, (x, y), 5, (0, 0, 0), -1)
    for seed, k1 in [(1, 0.0), (3, None)]:
        shot = photos.photograph(dotted, np.random.default_rng(seed), 2.0, lens_k1=k1)
        bare = photos.photograph(page, np.random.default_rng(seed), 2.0, lens_k1=k1)
        dark = bare.image.astype(float).mean(axis=2) - shot.image.astype(float).mean(axis=2)
        want = shot.project(np.array(spots, np.float64))
        for (x, y), (px, py) in zip(spots, want, strict=True):
            win = dark[int(py) - 25 : int(py) + 26, int(px) - 25 : int(px) + 26]
            w = np.where(win > 25, win, 0.0)
            assert w.sum() > 0, (seed, x, y)
            ys, xs = np.mgrid[0 : win.shape[0], 0 : win.shape[1]]
            found = (xs * w).sum() / w.sum() + int(px) - 25, (ys * w).sum() / w.sum() + int(py) - 25
            assert np.hypot(found[0] - px, found[1] - py) < 1.5, (seed, found, (px, py))
            if k1 == 0.0:
                h = shot.homography @ [x, y, 1.0]
                assert np.hypot(*(h[:2] / h[2] - (px, py))) < 1e-6


def test_the_page_stays_in_the_frame_unless_a_corner_is_cut_off() -> None:
    page = np.full((297, 210, 3), 255, np.uint8)
    corners = np.array([[-0.5, -0.5], [209.5, -0.5], [209.5, 296.5], [-0.5, 296.5]])
    for seed in range(2):
        for cut in (False, True):
            shot = photos.photograph(page, np.random.default_rng(seed), 2.0, cut_corner=cut)
            assert shot.image.shape == (1224, 1632, 3)
            q = shot.project(corners)
            inside = (q[:, 0] >= 0) & (q[:, 0] <= 1631) & (q[:, 1] >= 0) & (q[:, 1] <= 1223)
            assert inside.all() != cut, (seed, cut, q)


def test_one_seed_gives_the_same_bytes() -> None:
    def make(seed: int) -> bytes:
        rng = np.random.default_rng(seed)
        page = _blank(60)
        pen = pm.random_pen(rng)
        pm.cross(page, (10, 10, 18, 18), pen, rng)
        pm.number(page, [(20, 10, 26, 18), (26, 10, 32, 18)], 47, pen, rng)
        pm.ring(page, (40, 40), 5, pen, rng)
        return photos.photograph(page, rng, 2.0).image.tobytes()

    assert make(5) == make(5)
    assert make(5) != make(6)


Mark = Callable[[NDArray[np.uint8], pm.Pen, np.random.Generator], object]
MARKS: dict[str, tuple[Mark, float]] = {  # mark, how far (mm) its ink may leave BOX
    "cross": (lambda img, pen, rng: pm.cross(img, BOX, pen, rng), 4.0),
    "slash": (lambda img, pen, rng: pm.slash(img, BOX, pen, rng), 5.0),
    "ring": (lambda img, pen, rng: pm.ring(img, (45, 45), 4.0, pen, rng), 3.0),
    "circle": (lambda img, pen, rng: pm.fill_circle_mark(img, (45, 45), 4.0, pen, rng), 4.0),
    "digit": (lambda img, pen, rng: pm.digit(img, BOX, int(rng.integers(10)), pen, rng), 3.0),
    "hand digit": (
        lambda img, pen, rng: pm.digit(img, BOX, int(rng.integers(10)), pen, rng, hand=rng),
        3.0,
    ),
    "number": (
        lambda img, pen, rng: pm.number(img, [BOX], int(rng.integers(10, 99)), pen, rng),
        3.0,
    ),
}


@pytest.mark.parametrize("name", MARKS)
def test_marks_draw_in_their_box_and_nowhere_else(name: str) -> None:
    mark, slack = MARKS[name]
    for seed in range(8):
        rng = np.random.default_rng(seed)
        pen = PENS[seed % len(PENS)]
        img = _blank()
        mark(img, pen, rng)
        ink = _ink_mm(img, 15)
        assert _inside(ink, BOX).sum() > 20, (name, seed)
        assert _inside(ink, _grow(BOX, slack)).all(), (name, seed, ink.min(0), ink.max(0))


@pytest.mark.parametrize("style", ["x", "slash", "scribble", "dot", "tick"])
def test_every_cross_style_marks_the_cell(style: pm.CrossStyle) -> None:
    for seed in range(8):
        rng = np.random.default_rng(seed)
        img = _blank()
        assert pm.cross(img, BOX, PENS[seed % len(PENS)], rng, style=style) == style
        ink = _ink_mm(img)
        assert _inside(ink, BOX).sum() > 30, (style, seed)
        assert _inside(ink.mean(axis=0)[None], _grow(BOX, -2.0)).all(), (style, seed)
        assert _inside(ink, _grow(BOX, 4.0)).all(), (style, seed)


def test_random_crosses_name_their_style() -> None:
    rng = np.random.default_rng(0)
    seen = {pm.cross(_blank(60), (10, 10, 18, 18), PENS[0], rng) for _ in range(150)}
    assert seen == {"x", "slash", "scribble", "dot", "tick"}


def test_stray_marks_keep_clear_of_the_boxes_to_avoid() -> None:
    cells = [(20.0 + 10 * i, 20.0, 30.0 + 10 * i, 80.0) for i in range(6)]
    kinds = set()
    for seed in range(10):
        rng = np.random.default_rng(seed)
        img = _blank()
        kinds.add(pm.stray_mark(img, (0, 0, 100, 100), PENS[seed % 4], rng, avoid=cells))
        ink = _ink_mm(img, 8)
        assert len(ink) > 0
        assert not any(_inside(ink, cell).any() for cell in cells), seed
    assert kinds == {"stroke", "smudge"}


def test_pens_are_blue_black_or_pencil_grey() -> None:
    rng = np.random.default_rng(1)
    pens = [pm.random_pen(rng) for _ in range(200)]
    assert {p.kind for p in pens} == {"ballpoint", "gel", "marker", "pencil"}
    assert all(0.3 <= p.width_mm <= 1.5 for p in pens)
    for p in pens:
        r, _, b = p.colour
        blue, black = b > r + 50, max(p.colour) < 70
        grey = p.kind == "pencil" and max(p.colour) - min(p.colour) < 25
        assert blue or black or grey, p


def test_render_page_gives_rgb_on_white_paper(tmp_path: Path) -> None:
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas

    pdf = tmp_path / "p.pdf"
    c = canvas.Canvas(str(pdf), pagesize=(20 * mm, 30 * mm))
    c.setFillColorRGB(1, 0, 0)
    c.rect(5 * mm, 20 * mm, 10 * mm, 5 * mm, stroke=0, fill=1)  # 5-15 mm, 5-10 mm from top
    c.save()
    img = photos.render_page(pdf)
    assert img.shape == (300, 200, 3)
    assert img.dtype == np.uint8
    assert (img[:40] == 255).all()
    assert (img[55:95, 55:145] == (255, 0, 0)).all()  # red, in RGB order


def test_hand_digits_are_strokes_of_the_pen_s_width_and_told_apart() -> None:
    """Each hand-written digit is pen strokes about the height asked, the ten differ
    from each other, and this 0 closes round its hole (some are left open a little)."""
    rng = np.random.default_rng(3)
    shapes = [glyphs.hand_glyph(d, rng, 3.0, 96) for d in range(10)]
    for d, shape in enumerate(shapes):
        ys = np.nonzero(shape > 127)[0]
        assert 80 <= ys.max() - ys.min() <= 110, d  # about the height asked
        assert 0.5 < (shape > 127).mean() * 100 < 8, d  # strokes, not blobs
    sized = [cv2.resize(s, (40, 60), interpolation=cv2.INTER_AREA) > 60 for s in shapes]
    for a in range(10):
        for b in range(a + 1, 10):
            assert (sized[a] != sized[b]).mean() > 0.05, (a, b)
    holes = cv2.findContours(shapes[0], cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)[1]
    assert holes is not None and (holes[0][:, 3] >= 0).any()  # the 0 has its hole
