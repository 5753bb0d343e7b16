"""Pens and hand-drawn marks for synthetic photos of filled sheets (issue 29).

Every mark is drawn into an RGB page image (as `photos.render_page` makes it, white paper)
at a place given in millimetres on the page: origin at the top-left corner of the page, x
to the right, y down; `px_per_mm` must be the scale the page was rendered at. A box is
(left, top, right, bottom) in mm. Nothing here knows a game: marks go where they are told.

Ink is blended by multiplying (what ink does to paper), so a stroke crossing another or a
printed line darkens it. Stray marks are never added on their own: a bench that wants
them calls `stray_mark` with the probability it chooses (we use 5 % of sheets).
Erasures are out of scope.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np
from glyphs import GLYPH_PX, glyph
from numpy.typing import NDArray

PX_PER_MM = 10.0
Box = tuple[float, float, float, float]
Point = tuple[float, float]
Image = NDArray[np.uint8]
Pts = NDArray[np.float64]
PenKind = Literal["ballpoint", "gel", "marker", "pencil"]
CrossStyle = Literal["x", "slash", "scribble", "dot", "tick"]
CircleStyle = Literal["dot", "tick", "cross", "filled"]
StrayKind = Literal["stroke", "smudge"]

_CROSS_STYLES: tuple[tuple[CrossStyle, float], ...] = (
    ("x", 0.84),
    ("slash", 0.05),
    ("tick", 0.04),
    ("scribble", 0.04),
    ("dot", 0.03),
)


@dataclass(frozen=True)
class Pen:
    """A writing tool: ink colour (RGB), nominal line width in mm, and kind."""

    colour: tuple[int, int, int]
    width_mm: float
    kind: PenKind


def random_pen(rng: np.random.Generator) -> Pen:
    """Blue or black ink (ballpoint, gel, marker) or a grey pencil, 0.3-1.5 mm wide."""
    kind: PenKind = ("ballpoint", "gel", "marker", "pencil")[
        int(rng.choice(4, p=[0.45, 0.25, 0.12, 0.18]))
    ]
    widths = {"ballpoint": (0.3, 0.6), "gel": (0.4, 0.8), "marker": (0.8, 1.5)}
    lo, hi = widths.get(kind, (0.3, 0.7))
    if kind == "pencil":
        g = int(rng.integers(80, 130))
        base = (g, g, g + 4)
    elif rng.random() < 0.55:
        base = (25, 45, 135) if kind != "gel" else (15, 45, 185)
    else:
        base = (30, 30, 38)
    jitter = rng.integers(-10, 11, 3)
    colour = tuple(int(np.clip(c + j, 0, 255)) for c, j in zip(base, jitter, strict=True))
    return Pen((colour[0], colour[1], colour[2]), float(rng.uniform(lo, hi)), kind)


# --- drawing core -------------------------------------------------------------------


def _smooth_noise(rng: np.random.Generator, n: int, knots: int = 5) -> Pts:
    """A smooth random curve of n samples, values about N(0, 1)."""
    k = rng.standard_normal(knots)
    return np.interp(np.linspace(0, knots - 1, n), np.arange(knots), k)


def _path(a: Pts, b: Pts, rng: np.random.Generator, wobble: float, bow: float = 0.0) -> Pts:
    """A hand-drawn line from a to b (mm): a slight bow and a low-frequency wobble."""
    length = float(np.linalg.norm(b - a)) or 1e-6
    n = max(8, int(length * 4))
    t = np.linspace(0.0, 1.0, n)[:, None]
    d = (b - a) / length
    normal = np.array([-d[1], d[0]])
    walk = np.cumsum(rng.normal(0.0, 1.0, n))
    walk -= np.linspace(walk[0], walk[-1], n)
    walk /= max(1.0, float(np.abs(walk).max()))
    off = bow * length * np.sin(np.pi * t[:, 0]) + wobble * walk
    out: Pts = a + t * (b - a) + off[:, None] * normal
    return out


def _alpha(mask: Image, pen: Pen, rng: np.random.Generator) -> NDArray[np.float32]:
    """Coverage mask -> ink opacity: pressure for ballpoint, grain for pencil."""
    a = mask.astype(np.float32) / 255.0
    h, w = a.shape
    if pen.kind == "pencil":
        grain = rng.random((h, w), dtype=np.float32)
        grain = np.clip(0.8 + 3.0 * (cv2.GaussianBlur(grain, (0, 0), 0.8) - 0.5), 0.0, 1.0)
        a *= grain * float(rng.uniform(0.65, 0.9))
    elif pen.kind == "ballpoint":
        low = rng.uniform(0.72, 1.0, (3, 3)).astype(np.float32)
        a *= cv2.resize(low, (w, h), interpolation=cv2.INTER_LINEAR)
    else:
        a *= 0.93 if pen.kind == "marker" else 0.97
    return a


def _blend(img: Image, x0: int, y0: int, a: NDArray[np.float32], colour: Sequence[int]) -> None:
    """Multiply ink of opacity a into img with its top-left corner at (x0, y0)."""
    h, w = a.shape
    cx0, cy0 = max(0, x0), max(0, y0)
    cx1, cy1 = min(img.shape[1], x0 + w), min(img.shape[0], y0 + h)
    if cx1 <= cx0 or cy1 <= cy0:
        return
    a = a[cy0 - y0 : cy1 - y0, cx0 - x0 : cx1 - x0, None]
    ink = np.asarray(colour, np.float32) / 255.0
    roi = img[cy0:cy1, cx0:cx1].astype(np.float32)
    img[cy0:cy1, cx0:cx1] = np.clip(roi * (1.0 - a * (1.0 - ink)) + 0.5, 0, 255).astype(np.uint8)


def _stroke(img: Image, pts_mm: Pts, pen: Pen, rng: np.random.Generator, ppm: float) -> None:
    """Draw one pen stroke along a polyline (mm) by stamping discs along it."""
    pts = pts_mm * ppm - 0.5
    seg = np.linalg.norm(np.diff(pts, axis=0), axis=1)
    s = np.concatenate([[0.0], np.cumsum(seg)])
    r0 = 0.5 * pen.width_mm * ppm
    n = max(2, int(s[-1] / max(0.4, 0.3 * r0)) + 1)
    u = np.linspace(0.0, s[-1], n)
    p = np.column_stack([np.interp(u, s, pts[:, 0]), np.interp(u, s, pts[:, 1])])
    t = np.linspace(0.0, 1.0, n)
    if pen.kind == "ballpoint":
        radius = r0 * (1.0 + 0.12 * _smooth_noise(rng, n)) * (0.75 + 0.25 * np.sin(np.pi * t))
    elif pen.kind == "marker":
        radius = r0 * (1.0 + 0.04 * _smooth_noise(rng, n))
    else:
        radius = r0 * (1.0 + 0.07 * _smooth_noise(rng, n))
    keep = np.ones(n, bool)
    if pen.kind == "pencil" and rng.random() < 0.4:  # a broken pencil line
        for _ in range(int(rng.integers(1, 4))):
            g0 = int(rng.integers(0, n))
            keep[g0 : g0 + max(1, int(n * rng.uniform(0.03, 0.1)))] = False
    radius = np.maximum(radius, 0.5)
    pad = int(radius.max()) + 3
    x0, y0 = int(np.floor(p[:, 0].min())) - pad, int(np.floor(p[:, 1].min())) - pad
    x1, y1 = int(np.ceil(p[:, 0].max())) + pad, int(np.ceil(p[:, 1].max())) + pad
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for (px, py), r, k in zip(p, radius, keep, strict=True):
        if k:
            centre = (round((px - x0) * 16), round((py - y0) * 16))
            cv2.circle(mask, centre, round(r * 16), 255, -1, cv2.LINE_AA, 4)
    _blend(img, x0, y0, _alpha(mask, pen, rng), pen.colour)


def _box_geometry(box: Box) -> tuple[Pts, float, float]:
    x0, y0, x1, y1 = box
    return np.array([(x0 + x1) / 2, (y0 + y1) / 2]), x1 - x0, y1 - y0


def _rot(deg: float) -> Pts:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[c, -s], [s, c]])


# --- marks ---------------------------------------------------------------------------


def cross(
    img: Image,
    box: Box,
    pen: Pen,
    rng: np.random.Generator,
    *,
    style: CrossStyle | None = None,
    px_per_mm: float = PX_PER_MM,
) -> CrossStyle:
    """Mark a cell as people do; returns the style drawn (random unless given).

    Mostly an X: two wobbly strokes, off-centre, 50-110 % of the cell (so sometimes over
    its lines), one of them sometimes shorter. Now and then a single slash, a tick, a
    filled scribble or a big dot instead.
    """
    if style is None:
        names, probs = zip(*_CROSS_STYLES, strict=True)
        style = names[int(rng.choice(len(names), p=np.array(probs) / sum(probs)))]
    c, w, h = _box_geometry(box)
    c = c + rng.normal(0.0, 0.06, 2) * (w, h)
    wob = 0.02 * min(w, h)
    if style == "x":
        size = rng.uniform(0.5, 1.1)
        rot = _rot(rng.normal(0.0, 6.0))
        halves = [size * rng.uniform(0.92, 1.08, 2) * (w, h) / 2 for _ in range(2)]
        if rng.random() < 0.25:
            halves[int(rng.integers(2))] *= rng.uniform(0.55, 0.85)
        for sign, half in zip((1.0, -1.0), halves, strict=True):
            a = c + rot @ (np.array([-1.0, -sign]) * half) + rng.normal(0, 0.04 * w, 2)
            b = c + rot @ (np.array([1.0, sign]) * half) + rng.normal(0, 0.04 * w, 2)
            _stroke(img, _path(a, b, rng, wob, rng.uniform(-0.05, 0.05)), pen, rng, px_per_mm)
    elif style == "slash":
        half = rng.uniform(0.3, 0.5) * np.array([w, h]) @ _rot(rng.normal(0, 8)).T
        _stroke(img, _path(c - half * (-1, 1), c + half * (-1, 1), rng, wob), pen, rng, px_per_mm)
    elif style == "tick":
        _tick(img, c, 0.8 * min(w, h), pen, rng, px_per_mm)
    elif style == "scribble":
        _scribble(img, c, 0.35 * w, 0.35 * h, pen, rng, px_per_mm)
    else:
        _dot(img, c, rng.uniform(0.12, 0.22) * min(w, h), pen, rng, px_per_mm)
    return style


def _tick(img: Image, c: Pts, size: float, pen: Pen, rng: np.random.Generator, ppm: float) -> None:
    corner = c + np.array([-0.1, 0.3]) * size + rng.normal(0, 0.04 * size, 2)
    a = c + np.array([-0.4, 0.0]) * size + rng.normal(0, 0.05 * size, 2)
    b = c + np.array([0.45, -0.45]) * size + rng.normal(0, 0.06 * size, 2)
    leg = _path(a, corner, rng, 0.02 * size)
    arm = _path(corner, b, rng, 0.03 * size, rng.uniform(-0.06, 0.06))
    _stroke(img, np.vstack([leg, arm[1:]]), pen, rng, ppm)


def _scribble(
    img: Image, c: Pts, rx: float, ry: float, pen: Pen, rng: np.random.Generator, ppm: float
) -> None:
    """Back-and-forth zig-zag filling an ellipse of half-axes rx, ry around c."""
    zigs = int(rng.integers(6, 12))
    rot = _rot(rng.uniform(-40, 40))
    v = np.linspace(-0.9, 0.9, zigs)
    ends = []
    for i, y in enumerate(v):
        x = math.sqrt(max(0.0, 1 - y * y)) * (1 if i % 2 else -1) * rng.uniform(0.8, 1.05)
        ends.append(c + rot @ (np.array([x * rx, y * ry]) + rng.normal(0, 0.05, 2) * (rx, ry)))
    pts = np.vstack([_path(a, b, rng, 0.03 * rx) for a, b in itertools.pairwise(ends)])
    _stroke(img, pts, pen, rng, ppm)


def _dot(img: Image, c: Pts, r: float, pen: Pen, rng: np.random.Generator, ppm: float) -> None:
    """A heavy dot: a tight spiral that fills a disc of radius r (mm)."""
    turns = max(1.5, r / max(0.2, 0.4 * pen.width_mm))
    t = np.linspace(0.0, 1.0, int(40 * turns))
    ang = rng.uniform(0, 2 * np.pi) + 2 * np.pi * turns * t
    rad = np.maximum(r - 0.5 * pen.width_mm, 0.05) * (1 - t) * rng.uniform(0.85, 1.15)
    pts = c + np.column_stack([np.cos(ang), np.sin(ang) * rng.uniform(0.75, 1.0)]) * rad[:, None]
    _stroke(img, pts, pen, rng, ppm)


def ring(
    img: Image,
    centre: Point,
    radius: float,
    pen: Pen,
    rng: np.random.Generator,
    *,
    px_per_mm: float = PX_PER_MM,
) -> None:
    """Circle a printed thing: slightly elliptical, off-centre, rarely closing exactly
    (mostly overlapping its start, sometimes a little short of it)."""
    sweep = 2 * np.pi + (rng.uniform(0.15, 0.9) if rng.random() < 0.85 else -rng.uniform(0.05, 0.3))
    n = max(32, int(sweep * radius * 4))
    t = np.linspace(0.0, 1.0, n)
    ang = rng.uniform(0, 2 * np.pi) + (1 if rng.random() < 0.6 else -1) * sweep * t
    drift = 1.0 + rng.uniform(-0.1, 0.1) * t + 0.03 * _smooth_noise(rng, n, 6)
    axes = radius * rng.uniform(0.88, 1.12, 2)
    pts = np.column_stack([np.cos(ang) * axes[0], np.sin(ang) * axes[1]]) * drift[:, None]
    c = np.asarray(centre) + rng.normal(0.0, 0.07 * radius, 2)
    _stroke(img, c + pts @ _rot(rng.uniform(0, 180)).T, pen, rng, px_per_mm)


def slash(
    img: Image, box: Box, pen: Pen, rng: np.random.Generator, *, px_per_mm: float = PX_PER_MM
) -> None:
    """One stroke through a small square, mostly bottom-left to top-right, 80-140 % of its
    diagonal."""
    c, w, h = _box_geometry(box)
    half = 0.5 * rng.uniform(0.8, 1.4) * np.array([w, -h]) @ _rot(rng.normal(0, 10)).T
    if rng.random() < 0.2:
        half[1] = -half[1]
    c = c + rng.normal(0.0, 0.05, 2) * (w, h)
    wob = 0.03 * min(w, h)
    _stroke(img, _path(c - half, c + half, rng, wob, rng.uniform(-0.05, 0.05)), pen, rng, px_per_mm)


def fill_circle_mark(
    img: Image,
    centre: Point,
    r: float,
    pen: Pen,
    rng: np.random.Generator,
    *,
    style: CircleStyle | None = None,
    px_per_mm: float = PX_PER_MM,
) -> CircleStyle:
    """Mark a small printed circle of radius r (mm): a dot, a tick or a cross in it, or the
    circle filled in. Returns the style drawn."""
    styles: tuple[CircleStyle, ...] = ("dot", "tick", "cross", "filled")
    if style is None:
        style = styles[int(rng.choice(4, p=[0.25, 0.2, 0.25, 0.3]))]
    c = np.asarray(centre, np.float64) + rng.normal(0.0, 0.08 * r, 2)
    if style == "dot":
        _dot(img, c, r * rng.uniform(0.35, 0.65), pen, rng, px_per_mm)
    elif style == "tick":
        _tick(img, c, 2 * r * rng.uniform(0.8, 1.1), pen, rng, px_per_mm)
    elif style == "cross":
        half = r * rng.uniform(0.6, 1.0)
        box = (c[0] - half, c[1] - half, c[0] + half, c[1] + half)
        cross(img, box, pen, rng, style="x", px_per_mm=px_per_mm)
    else:
        _scribble(img, c, 0.75 * r, 0.75 * r, pen, rng, px_per_mm)
    return style


# --- handwritten digits ----------------------------------------------------------------
# Hershey glyphs (not a stroke-template model: the digit classifier is trained on one),
# rendered large, warped elastically, slanted and squeezed, then drawn into the box.
def digit(
    img: Image,
    box: Box,
    d: int,
    pen: Pen,
    rng: np.random.Generator,
    *,
    px_per_mm: float = PX_PER_MM,
    hand: np.random.Generator | None = None,
) -> None:
    """Write digit d (0-9) by hand in box: 50-85 % of its height, slanted, off-centre;
    its shape a font's, or with ``hand`` now and then a hand's (see _glyph)."""
    if not 0 <= d <= 9:
        raise ValueError(f"digit must be 0-9, not {d}")
    c, w, h = _box_geometry(box)
    target = h * rng.uniform(0.5, 0.85) * px_per_mm  # glyph height in page px
    k = GLYPH_PX / target  # large px per page px
    g = glyph(d, rng, pen.width_mm * px_per_mm * k * rng.uniform(0.85, 1.1), hand)
    ys, xs = np.nonzero(g)
    gc = np.array([(xs.min() + xs.max()) / 2, (ys.min() + ys.max()) / 2])
    lin = (
        _rot(rng.normal(0.0, 5.0))
        @ np.array([[1.0, -rng.normal(0.15, 0.15)], [0.0, 1.0]])
        @ np.diag([rng.uniform(0.75, 1.15), 1.0])
    ) / k
    gw = float(np.ptp(np.column_stack([xs, ys]) @ lin.T, axis=0)[0])
    if gw > 0.95 * w * px_per_mm:
        lin *= 0.95 * w * px_per_mm / gw
    pad = int(0.3 * max(w, h) * px_per_mm) + 2
    x0, y0 = int(box[0] * px_per_mm) - pad, int(box[1] * px_per_mm) - pad
    size = (int(w * px_per_mm) + 2 * pad, int(h * px_per_mm) + 2 * pad)
    dst_c = (c + rng.normal(0.0, 0.06, 2) * (w, h)) * px_per_mm - 0.5 - (x0, y0)
    m = np.column_stack([lin, dst_c - lin @ gc])
    if k > 1.5:  # the glyph shrinks: blur first, or its strokes alias
        g = np.asarray(cv2.GaussianBlur(g, (0, 0), 0.4 * k), np.uint8)
    mask = np.asarray(cv2.warpAffine(g, m, size, flags=cv2.INTER_LINEAR), np.uint8)
    _blend(img, x0, y0, _alpha(mask, pen, rng), pen.colour)


def number(
    img: Image,
    boxes: Sequence[Box],
    n: int,
    pen: Pen,
    rng: np.random.Generator,
    *,
    px_per_mm: float = PX_PER_MM,
) -> None:
    """Write n >= 0 by hand, one digit a box, into the last boxes (right-aligned, as in a
    comb field); one box given: the digits share it, side by side."""
    text = str(n)
    if n < 0:
        raise ValueError(f"number must be >= 0, not {n}")
    if len(boxes) == 1 and len(text) > 1:
        x0, y0, x1, y1 = boxes[0]
        step = (x1 - x0) / len(text)
        boxes = [(x0 + i * step, y0, x0 + (i + 1) * step, y1) for i in range(len(text))]
    if len(text) > len(boxes):
        raise ValueError(f"{n} has {len(text)} digits, only {len(boxes)} boxes")
    for ch, box in zip(text, boxes[len(boxes) - len(text) :], strict=True):
        digit(img, box, int(ch), pen, rng, px_per_mm=px_per_mm)


def stray_mark(
    img: Image,
    area: Box,
    pen: Pen,
    rng: np.random.Generator,
    *,
    avoid: Sequence[Box] = (),
    px_per_mm: float = PX_PER_MM,
) -> StrayKind:
    """An accident somewhere in area, clear of the avoid boxes: a short stroke (2-8 mm)
    or a smudge (a faint, blurred smear of the pen's ink). Returns which."""
    for _ in range(200):
        p = rng.uniform(area[:2], area[2:])
        if not any(b[0] - 3 < p[0] < b[2] + 3 and b[1] - 3 < p[1] < b[3] + 3 for b in avoid):
            break
    else:
        raise ValueError("no room for a stray mark outside the boxes to avoid")
    if rng.random() < 0.6:
        v = _rot(rng.uniform(0, 360)) @ np.array([rng.uniform(1.0, 4.0), 0.0])
        _stroke(img, _path(p - v, p + v, rng, 0.1, rng.uniform(-0.1, 0.1)), pen, rng, px_per_mm)
        return "stroke"
    r = rng.uniform(2.0, 5.0) * px_per_mm
    size = int(4 * r)
    mask = np.zeros((size, size), np.uint8)
    axes = (int(r), int(r * rng.uniform(0.3, 0.6)))
    cv2.ellipse(mask, (size // 2, size // 2), axes, rng.uniform(0, 180), 0, 360, 255, -1)
    a = cv2.GaussianBlur(mask, (0, 0), r / 3).astype(np.float32) * np.float32(
        rng.uniform(0.1, 0.3) / 255
    )
    x0, y0 = (p * px_per_mm).astype(int) - size // 2
    _blend(img, int(x0), int(y0), a, pen.colour)
    return "smudge"
