"""The shapes of the digits the simulated photos' players write (photo_marks.digit):
a font's, warped, or pen strokes drawn as a hand writes them.

OpenCV 5 draws all of its Hershey font names with one built-in typeface: a monospaced
sans whose 0 is slashed and whose 1 has a flag and a foot, nothing like most people's
hands. These are pen strokes instead: each digit a few strokes of arcs and lines, in the
shapes people write (a 1 with or without its flag, open and closed 4s, a 7 with or
without a bar, 0s that do not quite close or close past their start), every point moved
a little. The stroke models here are written apart from scripts/digit_data.py's, which
train the reader: the photos are not drawn the way the reader learnt.

A glyph is white on black, about GLYPH_PX high.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
from numpy.typing import NDArray

Pts = NDArray[np.float64]
Strokes = list[Pts]
Rng = np.random.Generator
WIDTH = 0.62  # a digit's width, of its height


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> Pts:
    """Points along an ellipse from angle a0 to a1 (degrees; y down, so 90 is its
    bottom), in the unit box (x 0..1 of the width, y 0..1 of the height)."""
    t = np.radians(np.linspace(a0, a1, max(8, int(abs(a1 - a0) / 6))))
    return np.column_stack([cx + rx * np.cos(t), cy + ry * np.sin(t)])


def _line(*points: tuple[float, float]) -> Pts:
    return np.array(points, np.float64)


def _curve(p0: tuple[float, float], c: tuple[float, float], p1: tuple[float, float]) -> Pts:
    """A quadratic Bezier curve from p0 to p1 pulled towards c."""
    t = np.linspace(0.0, 1.0, 16)[:, None]
    a, b, e = (np.array(p, np.float64) for p in (p0, c, p1))
    out: Pts = (1 - t) ** 2 * a + 2 * (1 - t) * t * b + t**2 * e
    return out


def _zero(rng: Rng) -> Strokes:
    start = rng.uniform(-130, -60)
    return [_arc(0.5, 0.5, rng.uniform(0.4, 0.5), 0.5, start, start - 360 - rng.uniform(-15, 30))]


def _one(rng: Rng) -> Strokes:
    x = rng.uniform(0.45, 0.6)
    stem = _line((x, 0.0), (x - rng.uniform(0.0, 0.08), 1.0))
    if rng.random() < 0.55:  # the flag, written in one stroke with the stem
        stem = np.vstack([_line((x - rng.uniform(0.2, 0.35), rng.uniform(0.18, 0.3))), stem])
    strokes = [stem]
    if rng.random() < 0.15:
        strokes.append(_line((x - 0.25, 1.0), (x + 0.2, 1.0)))
    return strokes


def _two(rng: Rng) -> Strokes:
    top = _arc(0.5, 0.28, 0.45, 0.28, rng.uniform(190, 215), rng.uniform(360, 395))
    corner = (rng.uniform(0.0, 0.1), 1.0)
    strokes = [np.vstack([top, _line(corner, (rng.uniform(0.9, 1.0), rng.uniform(0.96, 1.0)))])]
    if rng.random() < 0.15:  # a small loop at its foot
        strokes.append(_arc(corner[0] + 0.1, 0.9, 0.1, 0.08, -90, 180))
    return strokes


def _three(rng: Rng) -> Strokes:
    middle = rng.uniform(0.45, 0.52)
    top = _arc(0.45, middle / 2, 0.45, middle / 2, rng.uniform(-170, -140), 90)
    low = (1 - middle) / 2
    return [np.vstack([top, _arc(0.45, middle + low, 0.52, low, -90, rng.uniform(140, 170))])]


def _four(rng: Rng) -> Strokes:
    bar = rng.uniform(0.6, 0.72)
    stem_x = rng.uniform(0.65, 0.78)
    if rng.random() < 0.3:  # closed: the diagonal runs into the stem's top
        return [_line((stem_x, 0.0), (0.0, bar), (1.0, bar)), _line((stem_x, 0.0), (stem_x, 1.0))]
    return [_line((0.3, 0.0), (0.02, bar), (1.0, bar)), _line((stem_x, 0.2), (stem_x, 1.0))]


def _five(rng: Rng) -> Strokes:
    left = rng.uniform(0.08, 0.2)
    bowl = _arc(0.47, 0.68, 0.5, 0.32, -140, rng.uniform(140, 165))
    body = np.vstack([_line((left, 0.0), (left - 0.04, 0.45)), bowl])
    return [body, _line((left, 0.0), (rng.uniform(0.8, 0.95), rng.uniform(-0.03, 0.03)))]


def _six(rng: Rng) -> Strokes:
    ry = rng.uniform(0.25, 0.32)
    start = (rng.uniform(0.7, 0.85), 0.0)
    stem = _curve(start, (0.05, 0.15), (0.06, 1 - ry))
    return [np.vstack([stem, _arc(0.5, 1 - ry, 0.44, ry, 180, 180 + 360 - rng.uniform(0, 40))])]


def _seven(rng: Rng) -> Strokes:
    foot = (rng.uniform(0.25, 0.45), 1.0)
    strokes = [_line((0.0, rng.uniform(0.0, 0.06)), (1.0, 0.0), foot)]
    if rng.random() < 0.25:
        strokes.append(_line((0.3, 0.52), (0.85, 0.5)))
    return strokes


def _eight(rng: Rng) -> Strokes:
    waist = rng.uniform(0.42, 0.5)
    top = _arc(0.5, waist / 2, 0.36, waist / 2, 90, 90 + 360)
    return [top, _arc(0.5, waist + (1 - waist) / 2, 0.46, (1 - waist) / 2, -90, 270)]


def _nine(rng: Rng) -> Strokes:
    ry = rng.uniform(0.26, 0.33)
    loop = _arc(0.5, ry, 0.45, ry, 0, -360 + rng.uniform(0, 30))
    tail = _curve((0.95, ry), (0.95, 0.8), (rng.uniform(0.55, 0.85), 1.0))
    return [np.vstack([loop, tail])]


_DIGITS: tuple[Callable[[Rng], Strokes], ...] = (
    _zero, _one, _two, _three, _four, _five, _six, _seven, _eight, _nine,
)  # fmt: skip


def hand_glyph(d: int, rng: Rng, width: float, size: int) -> NDArray[np.uint8]:
    """Digit ``d`` as one hand writes it: white strokes ``width`` px wide on black, the
    digit ``size`` px high."""
    strokes = _DIGITS[d](rng)
    pad = int(width) + size // 3
    scale = np.array([WIDTH * size, size], np.float64)
    img = np.zeros((size + 2 * pad, math.ceil(WIDTH * size) + 2 * pad), np.uint8)
    for stroke in strokes:
        wobble = rng.normal(0.0, 0.02, (4, 2))  # a slow drift along the stroke
        drift = np.column_stack(
            [np.interp(np.linspace(0, 3, len(stroke)), np.arange(4), wobble[:, k]) for k in (0, 1)]
        )
        points = (stroke + drift) * scale + pad
        cv2.polylines(
            img, [np.round(points * 16).astype(np.int32)], False, 255,
            max(1, round(width)), cv2.LINE_AA, 4,
        )  # fmt: skip
    return img


_FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
)

GLYPH_PX = 96  # glyph height when rendered large
HAND = 0.5  # of the digits written with a ``hand`` generator are pen strokes, not a font's


def glyph(
    d: int, rng: np.random.Generator, stroke_px: float, hand: np.random.Generator | None
) -> NDArray[np.uint8]:
    """A warped digit, white on black, about GLYPH_PX high, strokes stroke_px wide: with
    ``hand``, HAND of the time pen strokes as a hand writes (hand_glyph, drawn from
    ``hand``), else the font's (its draws from ``rng`` are made either way, so the rest
    of ``rng``'s draws stay where they were).

    OpenCV 4 draws Hershey strokes `thickness` wide; OpenCV 5 draws the same font names
    with a built-in outline font whose weight follows `thickness` (its strokes vary in
    width, as a broad pen's do). Thinning it to the pen's width once erased thin parts
    (a 6's stem, a 7's bar) and drew another digit than the truth: the glyph is kept
    whole."""
    font = _FONTS[int(rng.integers(len(_FONTS)))] | (cv2.FONT_ITALIC * (rng.random() < 0.3))
    if hand is not None and hand.random() < HAND:
        img = hand_glyph(d, hand, stroke_px, GLYPH_PX)
        h, w = img.shape
    else:
        (tw, th), _ = cv2.getTextSize(str(d), font, 1.0, 1)
        scale = GLYPH_PX / th
        pad = int(stroke_px) + GLYPH_PX // 3
        w, h = int(tw * scale) + 2 * pad, GLYPH_PX + 2 * pad
        img = np.zeros((h, w), np.uint8)
        cv2.putText(img, str(d), (pad, h - pad), font, scale, 255, max(1, round(stroke_px)))
    amp = 0.05 * GLYPH_PX
    grid = rng.normal(0.0, amp, (2, 4, 4)).astype(np.float32)
    dx, dy = (cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC) for g in grid)
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    img = np.asarray(cv2.remap(img, xs + dx, ys + dy, cv2.INTER_LINEAR, borderValue=0), np.uint8)
    return img
