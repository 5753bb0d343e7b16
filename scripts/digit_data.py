"""Digits for training and testing the handwritten-digit reader (scripts/train_digits.py).

Training digits are drawn from stroke models (several allographs each: a 1 with or without
a flag and a foot, a 7 with or without a bar, open and closed 4s, looped 2s, a 0 with a
slash or a dot inside...) with random slant, scale, aspect (narrow, tall digits too), wobble,
pen width (thin to blotted: up to 0.45 of the digit's height at 10 px/mm), broken pencil
strokes, blur (a soft photo's up to 8 % of the digit's height), noise, specks and box-line
slivers, anywhere in a box of 4-20 mm as wide as 3 times its height (the digit 0.3-0.85 of
its height); and from real handwriting, scikit-learn's copy of the UCI digits (43 writers'
forms, the 13 of its test part), smoothed from 8x8 to strokes of random weight and width
(a marker's too), slanted and finished alike. An eleventh class holds what is not a digit
(scribbles, two digits, crosses, dashes). Test digits are made other ways, never trained
on: OpenCV's Hershey fonts, warped and elastically distorted, and the held-out part of the
real handwriting.
Making the real ones needs scikit-learn (`pip install -e '.[train]'`), nothing downloaded.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from functools import cache
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.scan import digits  # noqa: E402

F32 = NDArray[np.float32]
Points = NDArray[np.float64]
Strokes = list[Points]
Rng = np.random.Generator
REJECT = 10


def line(*pts: tuple[float, float]) -> Points:
    return np.array(pts, dtype=np.float64)


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> Points:
    t = np.radians(np.linspace(a0, a1, max(8, int(abs(a1 - a0) / 10))))
    return np.stack([cx + rx * np.cos(t), cy + ry * np.sin(t)], axis=1)


def spline(*pts: tuple[float, float]) -> Points:
    """A Catmull-Rom curve through the points."""
    p = np.array([pts[0], *pts, pts[-1]], dtype=np.float64)
    out = []
    for i in range(1, len(p) - 2):
        t = np.linspace(0, 1, 10, endpoint=False)[:, None]
        a, b, c, d = p[i - 1], p[i], p[i + 1], p[i + 2]
        out.append(
            0.5
            * (
                2 * b
                + (c - a) * t
                + (2 * a - 5 * b + 4 * c - d) * t**2
                + (3 * b - a - 3 * c + d) * t**3
            )
        )
    out.append(p[-2][None, :])
    return np.concatenate(out)


def strokes(text: str) -> Strokes:
    """Strokes written as `L x y x y ...` (lines), `S x y ...` (a curve through the points)
    or `A cx cy rx ry from to` (an elliptic arc, degrees), separated by `;`."""
    out = []
    for part in text.split(";"):
        kind, *numbers = part.split()
        values = [float(v) for v in numbers]
        pairs = list(zip(values[::2], values[1::2], strict=True))
        out.append({"L": line, "S": spline}[kind](*pairs) if kind != "A" else arc(*values))
    return out


# Each digit's allographs, in a box x 0..0.6, y 0..1 (y down).
ALLOGRAPHS: dict[int, list[Strokes]] = {
    digit: [strokes(text) for text in texts]
    for digit, texts in {
        0: [
            "A .3 .5 .28 .5 -90 270",
            "A .3 .5 .27 .5 -110 280",
            "A .3 .5 .24 .5 -80 275; L .5 .12 .1 .88",
            "S .35 .02 .08 .2 .05 .7 .3 1 .55 .7 .5 .15 .25 .05",
            "A .3 .5 .18 .5 -90 270",
            "S .3 0 .08 .3 .1 .8 .3 1 .52 .75 .5 .2 .3 0 .15 .1",  # closed with an overlap
            "A .3 .5 .27 .5 -90 270; L .37 .3 .23 .7",  # a short slash inside
            "A .3 .5 .25 .5 -100 265; L .35 .38 .25 .62",
            "A .3 .5 .27 .48 -90 270; A .3 .5 .025 .03 0 360",  # a dot inside
            "A .3 .5 .3 .5 -90 270; L .4 .22 .2 .78",  # round, slashed
            "S .3 0 .06 .25 .06 .75 .3 1 .54 .75 .54 .25 .3 0; L .34 .4 .26 .6",
        ],
        1: [
            "L .3 0 .3 1",
            "L .1 .22 .32 0 .32 1",
            "L .12 .2 .32 0 .32 1; L .12 1 .52 1",
            "S .15 .15 .3 .05 .35 0; L .35 0 .3 1",
            "L .3 0 .3 1; L .15 1 .45 1",
            "L .18 .12 .3 0 .3 1; L .08 1 .52 1",
            "L .05 .3 .32 0 .32 1; L .05 1 .6 1",
            "L .08 .18 .3 .02 .3 1; L .1 1 .5 1",
            "L 0 .38 .35 0 .35 1",
            "S .1 .28 .25 .12 .36 0; L .36 0 .32 1; L .12 1 .5 1",
        ],
        2: [
            "S .03 .25 .15 .04 .35 0 .55 .15 .5 .42 .25 .7 .02 1; L .02 1 .6 1",
            "S .03 .22 .2 .02 .45 .05 .55 .3 .3 .65 .08 .9 .1 .8 .25 .92 .45 1 .62 .95",
            "S .05 .2 .3 0 .55 .2 .45 .5 .03 1 .6 .98",
            "S .05 .22 .25 0 .5 .1 .5 .35 .3 .65 .08 .95 .2 .82 .35 .95 .6 1",
            "S .02 .3 .1 .08 .3 0 .5 .08 .52 .3 .35 .6 .05 1; S .05 1 .3 .92 .6 1",
            "S .05 .2 .3 0 .55 .15 .5 .35; L .5 .35 .03 1 .6 1",  # a sharp corner
        ],
        3: [
            "S .05 .12 .3 0 .55 .15 .5 .38 .25 .47 .52 .6 .57 .82 .35 1 .02 .9",
            "L .05 0 .55 0 .25 .42; S .25 .42 .5 .52 .58 .78 .35 1 .02 .88",
            "S .08 .08 .4 .02 .45 .3 .2 .48; S .2 .48 .55 .58 .55 .88 .25 1 .03 .92",
            "S .05 .15 .3 0 .58 .2 .3 .5; S .3 .5 .6 .75 .3 1 .05 .85",
        ],
        4: [
            "L .45 1 .45 0 0 .7 .62 .7",
            "L .15 0 .05 .62 .6 .62; L .45 .25 .45 1",
            "L .12 0 .12 .6 .6 .6; L .48 0 .48 1",
            "L .1 0 .05 .55 .58 .55; L .42 .15 .4 1",
            "L .5 1 .48 0 .02 .66 .6 .64",
            "S .2 0 .1 .35 .08 .58 .3 .6 .6 .58; L .48 .3 .46 1",  # open, curved
        ],
        5: [
            "L .55 0 .1 0 .07 .45; S .07 .45 .35 .38 .58 .6 .5 .9 .25 1 .02 .9",
            "S .1 .02 .07 .45 .35 .38 .58 .62 .48 .92 .22 1 .02 .88; L .1 .02 .58 0",
            "L .12 0 .08 .42; S .08 .42 .4 .4 .55 .68 .4 .95 .05 .95; L .12 .01 .55 .04",
            "L .1 .02 .1 .45; S .1 .45 .45 .4 .58 .7 .4 1 .05 .9; L .1 .02 .58 .02",
            "S .1 .02 .06 .42 .3 .36 .55 .55 .55 .82 .3 1 .03 .9; S .12 .02 .4 0 .6 .06",
            "L .55 .02 .14 .02 .1 .42; S .1 .42 .3 .34 .52 .44 .58 .68 .45 .92 .25 1 .06 .9"
            " .03 .78",  # the bowl curling back up
            "L .56 0 .15 .02 .1 .45; S .1 .45 .35 .35 .56 .55 .52 .85 .3 1 .1 .95 .06 .85",
        ],
        6: [
            "S .5 .02 .25 .15 .06 .55 .1 .9 .3 1 .52 .85 .5 .6 .3 .52 .08 .66",
            "L .45 0 .08 .65; A .3 .75 .24 .25 180 540",
            "S .55 .1 .35 0 .12 .2 .06 .6 .2 .98 .5 .9 .52 .62 .3 .5 .1 .6",
            "S .45 0 .15 .35 .05 .7 .25 1 .5 .85 .45 .6 .2 .6 .08 .75",
            "L .5 0 .12 .6; S .12 .6 .1 .85 .3 1 .5 .88 .48 .66 .28 .58 .12 .64",
        ],
        7: [
            "L .02 0 .58 0 .2 1",
            "L .02 0 .58 0 .2 1; L .15 .5 .52 .5",
            "L .02 .12 .02 0 .58 0; S .58 0 .4 .35 .3 .7 .28 1",
            "L .02 .05 .58 .02; S .58 .02 .35 .5 .25 1",
            "L .05 .15 .08 .02 .58 .02 .22 1",
            "L .02 .02 .58 .02; S .58 .02 .45 .3 .38 .6 .35 1; L .2 .52 .55 .5",  # European
            "S .02 .1 .2 .02 .4 .08 .58 0; S .58 0 .4 .4 .28 1",
        ],
        8: [
            "A .3 .24 .2 .24 0 360; A .3 .73 .27 .27 -90 270",
            "S .5 .1 .3 0 .08 .12 .15 .36 .45 .6 .52 .86 .3 1 .07 .86 .15 .6 .45 .36 .5 .12",
            "S .48 .15 .3 0 .1 .18 .3 .47 .55 .75 .3 1 .05 .75 .3 .47 .52 .2 .4 .03",
            "A .3 .28 .18 .26 0 360; A .3 .74 .24 .26 -90 270",
        ],
        9: [
            "A .3 .28 .25 .28 0 360; L .55 .28 .5 1",
            "A .3 .28 .25 .28 0 360; S .55 .28 .53 .7 .35 1 .08 .93",
            "S .55 .15 .35 0 .08 .12 .1 .48 .4 .5 .55 .15 .52 .6 .48 1",
            "S .5 .2 .3 0 .05 .2 .15 .45 .45 .4 .55 .2; S .55 .2 .5 .6 .45 1",
            "A .32 .25 .22 .25 0 360; S .54 .25 .45 .6 .25 1",
            "S .55 .1 .3 0 .05 .15 .12 .45 .5 .42 .55 .05; L .55 .05 .55 1",  # a flat top
        ],
    }.items()
}


def _scribble(rng: Rng) -> Strokes:
    kind = rng.integers(4)
    if kind == 0:  # a wide or tangled scribble
        n = int(rng.integers(6, 14))
        return [
            spline(*((float(x), float(y)) for x, y in rng.uniform([-0.5, 0.1], [1.1, 0.9], (n, 2))))
        ]
    if kind == 1:  # a cross
        return [line((0, 0.1), (0.6, 0.9)), line((0.6, 0.1), (0, 0.9))]
    if kind == 2:  # two digits side by side
        left, right = (ALLOGRAPHS[int(d)][0] for d in rng.integers(0, 10, 2))
        return [s * 0.6 + [-0.25, 0.2] for s in left] + [s * 0.6 + [0.3, 0.2] for s in right]
    return [
        line((-0.2, 0.5), (0.8, 0.5 + rng.uniform(-0.1, 0.1))),
        *([] if rng.random() < 0.5 else [line((-0.2, 0.7), (0.8, 0.7))]),
    ]


def _wobble(points: Points, rng: Rng, amount: float) -> Points:
    t = np.linspace(0, 1, len(points))[:, None]
    freq = rng.uniform(0.5, 2.5, (1, 2))
    phase = rng.uniform(0, 2 * math.pi, (1, 2))
    return (
        points
        + amount * np.sin(2 * math.pi * freq * t + phase)
        + rng.normal(0, 0.004, points.shape)
    )


def _box(rng: Rng) -> tuple[int, int]:
    side = int(rng.integers(36, 201))
    wide = rng.uniform(0.7, 1.1) if rng.random() < 0.5 else rng.uniform(1.1, 3.0)
    return side, max(36, int(side * wide))  # height, width


def _elastic(image: F32, size: float, most: float, rng: Rng) -> F32:
    """A smooth random displacement of up to `most` of the digit's height."""
    h, w = image.shape
    fx, fy = (
        cv2.GaussianBlur(rng.uniform(-1, 1, (h, w)).astype(np.float32), (0, 0), 0.12 * size)
        for _ in "xy"
    )
    alpha = (
        rng.uniform(0, most) * size / max(float(np.abs(fx).max()), float(np.abs(fy).max()), 1e-6)
    )
    gx, gy = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    return np.asarray(
        cv2.remap(image, gx + fx * alpha, gy + fy * alpha, cv2.INTER_LINEAR), np.float32
    )


def _finish(canvas: F32, rng: Rng) -> F32:
    """Pencil, broken strokes, blur, noise, specks and box-line slivers."""
    h, w = canvas.shape
    ink = canvas * np.float32(rng.uniform(0.35, 1.0))
    if rng.random() < 0.35:
        grain = rng.random((max(2, h // 6), max(2, w // 6))).astype(np.float32)
        grain = np.asarray(cv2.resize(grain, (w, h), interpolation=cv2.INTER_LINEAR), np.float32)
        ink = (
            ink * (grain > rng.uniform(0.0, 0.3)) * rng.uniform(0.6, 1.0, (h, w)).astype(np.float32)
        )
    sigma = rng.uniform(0, 1.5)
    if sigma > 0.3:
        ink = np.asarray(cv2.GaussianBlur(ink, (0, 0), sigma), np.float32)
    for _ in range(int(rng.integers(0, 4)) if rng.random() < 0.3 else 0):
        at = (int(rng.integers(w)), int(rng.integers(h)))
        cv2.circle(ink, at, int(rng.integers(1, 3)), float(rng.uniform(0.3, 1)), -1)
    if rng.random() < 0.3:
        edge, thick, off = int(rng.integers(4)), int(rng.integers(1, 5)), int(rng.integers(0, 3))
        value = float(rng.uniform(0.3, 1.0))
        sl = [slice(off, off + thick), slice(h - off - thick, h - off)][edge % 2]
        if edge < 2:
            ink[sl, :] = np.maximum(ink[sl, :], value)
        else:
            sl = [slice(off, off + thick), slice(w - off - thick, w - off)][edge % 2]
            ink[:, sl] = np.maximum(ink[:, sl], value)
    ink = ink + rng.normal(0, rng.uniform(0, 0.05), (h, w)).astype(np.float32)
    return np.asarray(np.clip(ink, 0, 1), np.float32)


def synthetic(label: int, rng: Rng) -> F32:
    """One box's ink map holding a drawn `label` (REJECT: something that is no digit)."""
    h, w = _box(rng)
    options = ALLOGRAPHS.get(label)
    drawn = options[int(rng.integers(len(options)))] if options else _scribble(rng)
    size = h * rng.uniform(0.3, 0.85)
    aspect = rng.uniform(0.7, 1.3)
    if options and rng.random() < 0.3:  # a narrow digit (two squeezed together look like one)
        aspect = rng.uniform(0.4, 0.7)
    slant = math.tan(math.radians(rng.uniform(-20, 30)))
    turn = math.radians(rng.uniform(-8, 8))
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    shear = np.array([[1.0, -slant], [0.0, 1.0]])
    matrix = rot @ shear @ np.diag([size * aspect, size])
    extent = (np.concatenate(drawn) - [0.3, 0.5]) @ matrix.T  # kept inside the box
    low, high = -extent.min(axis=0), np.array([w, h]) - extent.max(axis=0)
    middle = (low + high) / 2
    centre = middle + rng.uniform(-0.4, 0.4, 2) * np.maximum(high - low, 0)
    bold = rng.uniform(0.08, 0.3) if rng.random() < 0.6 else rng.uniform(0.3, 0.45)
    pen = min(rng.uniform(2.0, 25.0), bold * size * min(1.0, aspect / 0.7))  # loops stay open
    scale = 2  # drawn at twice the size, then averaged down
    canvas = np.zeros((h * scale, w * scale), dtype=np.float32)
    wob = rng.uniform(0.005, 0.03)
    for stroke in drawn:
        pts = (_wobble(stroke, rng, wob) - [0.3, 0.5]) @ matrix.T + centre
        poly = np.round(pts * scale * 16).astype(np.int32)
        cv2.polylines(canvas, [poly], False, 1.0, max(1, round(pen * scale)), cv2.LINE_AA, 4)
    canvas = np.asarray(cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA), np.float32)
    if rng.random() < 0.3:  # a soft photo: 2 MP, out of focus
        sigma = rng.uniform(1.0, max(2.5, 0.08 * size))  # up to 8 % of the digit's height
        canvas = np.asarray(cv2.GaussianBlur(canvas, (0, 0), sigma), np.float32)
        canvas = np.minimum(canvas * np.float32(rng.uniform(1.0, 1.6)), 1.0)
    return _finish(_elastic(canvas, size, 0.06, rng), rng)


HERSHEY = [
    getattr(cv2, f"FONT_HERSHEY_{name}")
    for name in ("SIMPLEX", "SCRIPT_SIMPLEX", "SCRIPT_COMPLEX", "PLAIN", "DUPLEX")
]


def hershey(label: int, rng: Rng) -> F32:
    """One box's ink map holding `label` in a Hershey font, warped and distorted."""
    h, w = _box(rng)
    font = HERSHEY[int(rng.integers(len(HERSHEY)))] | (cv2.FONT_ITALIC if rng.random() < 0.3 else 0)
    (_, th), _ = cv2.getTextSize(str(label), font, 1.0, 1)
    size = h * rng.uniform(0.45, 0.8)
    scale = size / th
    pen = max(1, round(min(rng.uniform(3.0, 12.0), 0.2 * size)))
    text = np.zeros((3 * h, 3 * w), dtype=np.uint8)
    cv2.putText(text, str(label), (w, 2 * h), font, scale, 255, pen, cv2.LINE_AA)
    glyph = text.astype(np.float32) / 255
    ys, xs = np.nonzero(glyph > 0.2)
    cx, cy = (xs.min() + xs.max()) / 2, (ys.min() + ys.max()) / 2
    gw, gh = xs.max() - xs.min(), ys.max() - ys.min()
    slant = math.tan(math.radians(rng.uniform(-20, 20)))
    turn = math.radians(rng.uniform(-8, 8))
    aspect = rng.uniform(0.8, 1.2)
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    linear = rot @ np.array([[1.0, -slant], [0.0, 1.0]]) @ np.diag([aspect, 1.0])
    free = np.array([w - gw * aspect, h - gh]) / 2
    centre = np.array([w, h]) / 2 + rng.uniform(-0.8, 0.8, 2) * np.maximum(free, 0)
    affine = np.hstack([linear, (centre - linear @ [cx, cy])[:, None]])
    placed = np.asarray(cv2.warpAffine(glyph, affine, (w, h), flags=cv2.INTER_LINEAR), np.float32)
    return _finish(_elastic(placed, size, 0.06, rng), rng)


Maker = Callable[[int, Rng], F32]

# scikit-learn's copy of the UCI handwritten digits (the test part: 1,797 digits, 13
# writers, 8x8 counts of a 32x32 bitmap that NIST's preprocessing stretched to fill it).
# The file names no writer: the first REAL_SPLIT are trained on, the rest held out in two
# parts (digits REAL_SPLIT.. and REAL_HALF..), one to choose the threshold, one to check it.
REAL_SPLIT, REAL_HALF = 1000, 1400


@cache
def _real() -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    from sklearn.datasets import load_digits  # the optional extra `train`

    data = load_digits()
    return np.asarray(data.images, np.float64) / 16, np.asarray(data.target, np.int64)


def real_glyph(index: int, rng: Rng) -> F32:
    """Scikit-learn's digit `index` as a large ink map (its blocks smoothed to strokes of a
    random weight), the width the preprocessing stretched it to undone at random."""
    image = _real()[0][index].astype(np.float32)
    big = np.asarray(cv2.resize(np.pad(image, 1), (80, 80), interpolation=cv2.INTER_CUBIC))
    level = rng.uniform(0.25, 0.55)
    glyph = np.clip((big - level) * 6 + 0.5, 0, 1).astype(np.float32)
    narrow = (0.15, 0.6) if _real()[1][index] == 1 else (0.35, 0.95)
    wide = max(1, round(80 * rng.uniform(*narrow)))
    return np.asarray(cv2.resize(glyph, (wide, 80), interpolation=cv2.INTER_AREA), np.float32)


def _placed(glyph: F32, rng: Rng) -> F32:
    """A large glyph slanted, turned and shrunk into a random box, off-centre."""
    h, w = _box(rng)
    ys, xs = np.nonzero(glyph > 0.2)
    if not len(xs):
        return np.zeros((h, w), np.float32)
    cx, cy = (xs.min() + xs.max()) / 2, (ys.min() + ys.max()) / 2
    scale = h * rng.uniform(0.3, 0.85) / max(1, ys.max() - ys.min())
    slant = math.tan(math.radians(rng.uniform(-20, 25)))
    turn = math.radians(rng.uniform(-8, 8))
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    linear = rot @ np.array([[1.0, -slant], [0.0, 1.0]]) * scale
    corners = (np.column_stack([xs, ys]) - [cx, cy]) @ linear.T
    low, high = -corners.min(axis=0), np.array([w, h]) - corners.max(axis=0)
    centre = (low + high) / 2 + rng.uniform(-0.4, 0.4, 2) * np.maximum(high - low, 0)
    affine = np.hstack([linear, (centre - linear @ [cx, cy])[:, None]])
    if scale < 0.6:  # shrinking: blur first, or thin strokes alias
        glyph = np.asarray(cv2.GaussianBlur(glyph, (0, 0), 0.4 / scale), np.float32)
    return np.asarray(cv2.warpAffine(glyph, affine, (w, h), flags=cv2.INTER_LINEAR), np.float32)


def real(label: int, rng: Rng) -> F32:
    """One box's ink map holding a handwritten `label` of scikit-learn's first REAL_SPLIT
    digits, warped, distorted and finished as the synthetic ones (REJECT: a synthetic)."""
    if label == REJECT:
        return synthetic(label, rng)
    choices = np.flatnonzero(_real()[1][:REAL_SPLIT] == label)
    glyph = real_glyph(int(rng.choice(choices)), rng)
    pen = int(rng.integers(-3, 3) if rng.random() < 0.8 else rng.integers(3, 5))  # a marker
    if pen:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * abs(pen) + 1,) * 2)
        glyph = np.asarray((cv2.dilate if pen > 0 else cv2.erode)(glyph, kernel), np.float32)
    placed = _placed(glyph, rng)
    size = max(10.0, float(np.ptp(np.nonzero(placed > 0.2)[0])) if placed.max() > 0.2 else 0.0)
    return _finish(_elastic(placed, size, 0.05, rng), rng)


def _held_out(first: int, last: int) -> Maker:
    def make(label: int, rng: Rng) -> F32:
        """One box's ink map holding one of scikit-learn's held-out handwritten `label`s."""
        choices = np.flatnonzero(_real()[1][first:last] == label) + first
        return _finish(_placed(real_glyph(int(rng.choice(choices)), rng), rng), rng)

    return make


MAKERS: dict[str, Maker] = {
    "synthetic": synthetic,
    "hershey": hershey,
    "real": real,
    "real-a": _held_out(REAL_SPLIT, REAL_HALF),  # chooses the threshold
    "real-b": _held_out(REAL_HALF, 1797),  # checks it
}


def _part(job: tuple[str, NDArray[np.int64], int]) -> tuple[F32, F32]:
    name, labels, seed = job
    cv2.setNumThreads(1)
    rng = np.random.default_rng(seed)
    images = np.empty((len(labels), digits.SIDE, digits.SIDE), np.float32)
    plaus = np.empty(len(labels), dtype=np.float32)
    for i, y in enumerate(labels):
        images[i], plaus[i] = digits.normalise(MAKERS[name](int(y), rng))
    return images, plaus


def dataset(
    name: str, labels: list[int], count: int, seed: int, jobs: int = 1
) -> tuple[F32, NDArray[np.int64], F32]:
    """28x28 images, labels and plausibility of `count` ink maps made by MAKERS[name],
    in parts of 1000 (each its own seed, so the result does not depend on `jobs`)."""
    ys = np.random.default_rng(seed).choice(labels, count).astype(np.int64)
    parts = [(name, ys[k : k + 1000], seed * 1000 + k // 1000) for k in range(0, count, 1000)]
    with Pool(jobs) as pool:
        done = pool.map(_part, parts)
    images = np.concatenate([d[0] for d in done])
    plaus = np.concatenate([d[1] for d in done])
    return images, ys, plaus
