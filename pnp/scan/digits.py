"""Which handwritten digit is the ink in one box, and how sure of it we are.

The photo reader hands over an ink map of one box (0 paper .. 1 ink, 10 px per mm, the
sheet's printed ink already subtracted). It is cleaned of specks and box-line slivers,
normalised like MNIST (20x20 inside 28x28, centred by mass) and read by small
convolutional networks whose forward pass is written here in numpy (im2col); weights come
from `scripts/train_digits.py`. The networks (a small ensemble trained from different
seeds) have an eleventh class, "not a digit" (scribbles, two digits, crosses, dashes).
Each network reads the image as it is and moved a pixel each way; the digit is the
likeliest on average, and the confidence is the least sure of these opinions (they must
all agree, which is what keeps a digit unlike the training set's from being accepted
wrong).
Ink too small or pale, two separate blobs, a sizeable stray mark or a shape much wider
than tall lower the confidence further.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.float32]

# The lowest confidence the reader accepts without asking: the lowest with 0 accepted-and-
# wrong on both warped Hershey-font sets, synthetic validation and test digits and both
# halves of the held-out real handwriting (`scripts/train_digits.py` suggests 0.8640 from
# the first set, half and validation; at that, synthetic test and the other half each had
# one wrong, at 0.9277 and 0.8883), and on digits cut out of tuning photos
# (bench/bench_digits.py --first 0); raised past the two digits read wrong on the whole
# sheets of bench/bench_scan.py seeds 703000-703999 (a small blurred 5 as 6 at 0.938, a
# 1 with a flag and a foot as 2 at 0.937), none other wrong there; checked by
# bench/bench_digits.py on digits cut out of photos never tuned on.
THRESHOLD = 0.94

# Handwriting's classic confusions: a 7 whose bar came out short and a 1 with a long
# flag; a 5 whose bowl closed up and a 6. Where the box may hold both, a reading of one
# must be surer than THRESHOLD (a 7 was read as 1 at 0.994, a 5 as 6 at 0.995).
CONFUSED = {1: 7, 7: 1, 5: 6, 6: 5}
CLOSE_CALL = 0.997

WEIGHTS = Path(__file__).with_name("digits.npz")
SIDE = 28  # the normalised image, as MNIST
INNER = 20  # the ink's longer side inside it
MEAN, SPREAD = 0.15, 0.3  # what the networks' input is centred and scaled by
MIN_SIDE = 8  # px: a box smaller than this holds nothing readable
FAINT = 0.12  # peak ink below this is paper
EDGE = 0.1  # the band (of the box's side) where box-line slivers are dropped
MIN_HEIGHT = 0.15  # of the box's shorter side: less is a speck or a dot, not a digit
WIDE = 1.3  # wider than tall by more than this is no single digit
BLOB_SHARE = 0.15  # a second cluster with this share of the ink is a second blob
OFF_TOP = 0.03  # of the box's height: a digit with ink this near its top runs off it
GAP = 0.05  # of the box's shorter side: pieces closer than this are one cluster
STRAY = 0.04  # dropping more of the ink than this as stray marks may have changed the digit
LINE = 0.8  # a row or column in the edge band this full of ink is a box line
PALE = 0.35  # ink paler than this (at its darkest tenth) lowers the confidence in proportion
PENALTY = 0.25  # what a doubtful shape multiplies the confidence by
WRITTEN = 0.5  # a digit this likely on average was written, allowed or not
SHIFTS = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))  # each network also reads these moves


@dataclass(frozen=True)
class DigitReading:
    """The digit read, how sure (0..1), the probability of each digit 0..9 (the opinions'
    mean), and each opinion: one network's 11 probabilities (digits 0..9, then "not a
    digit") on the image as it is or moved a pixel."""

    digit: int
    confidence: float
    probabilities: tuple[float, ...]
    opinions: tuple[tuple[float, ...], ...] = ()


@dataclass(frozen=True)
class _Model:
    """One small convolutional network: a 5x5 convolution and a 3x3 one, each every 2 px
    and with ReLU, a hidden layer and 11 outputs; and its fitted temperature."""

    c1: Image
    d1: Image
    c2: Image
    d2: Image
    w1: Image
    b1: Image
    w2: Image
    b2: Image
    temperature: float


LAYERS = ("c1", "d1", "c2", "d2", "w1", "b1", "w2", "b2")


@cache
def _models() -> tuple[_Model, ...]:
    with np.load(WEIGHTS) as npz:
        arrays = {name: np.asarray(npz[name], dtype=np.float32) for name in npz.files}
    return tuple(
        _Model(
            **{name: arrays[name][k] for name in LAYERS},
            temperature=float(arrays["temperature"][k]),
        )
        for k in range(len(arrays["temperature"]))
    )


def pieces(ink: Image) -> tuple[NDArray[np.uint8], int, float]:
    """The pen's ink as a mask without specks, box-line slivers and stray marks; how many
    separate clusters with a fair share of the ink it holds (1 for one digit); and the share
    of the ink dropped as stray marks (a piece of the digit, if large)."""
    height, width = ink.shape
    peak = float(np.percentile(ink, 99.5))
    mask = (ink > max(0.1, 0.3 * peak)).astype(np.uint8)
    band = max(2, round(EDGE * min(height, width)))
    for rows in (slice(0, band), slice(height - band, height)):
        full = mask[rows].mean(axis=1) > LINE  # a box line along the top or bottom
        mask[rows][full] = 0
    for cols in (slice(0, band), slice(width - band, width)):
        full = mask[:, cols].mean(axis=0) > LINE
        mask[:, cols][:, full] = 0
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count <= 1:
        return np.zeros_like(mask), 0, 0.0
    areas = stats[1:, cv2.CC_STAT_AREA]
    speck = max(6.0, 0.002 * height * width, 0.03 * float(areas.max()))
    keep = np.zeros(count, dtype=np.uint8)
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        sliver = x + w <= band or y + h <= band or x >= width - band or y >= height - band
        keep[label] = 0 if area < speck or sliver else 1
    mask = keep[labels]
    # Pieces of one digit (a broken pencil stroke, a 5's flag) lie close together.
    radius = max(2, round(GAP * min(height, width)))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    count, clusters = cv2.connectedComponents(cv2.dilate(mask, kernel), connectivity=8)
    clusters = clusters * mask
    mass = np.bincount(clusters.ravel(), minlength=count)
    mass[0] = 0
    big = mass >= BLOB_SHARE * mass.sum()
    stray = 1.0 - float(mass[big].sum()) / max(1.0, float(mass.sum()))
    return big[clusters].astype(np.uint8), int(np.count_nonzero(big)), stray


def runs_off(ink: Image) -> bool:
    """Whether the digit's own ink reaches the top of its box's crop: it goes on above,
    over print the reader cannot see pen through, and what is left may read as another
    digit (a 6 whose hook is over a caption is a 0)."""
    own = pieces(np.clip(np.nan_to_num(ink), 0.0, 1.0).astype(np.float32))[0]
    return bool(own[: max(2, round(OFF_TOP * ink.shape[0]))].any())


def normalise(ink: Image) -> tuple[Image, float]:
    """The 28x28 MNIST-like image of the ink, and how plausible a single digit it is (0..1)."""
    ink = np.nan_to_num(np.asarray(ink, dtype=np.float32), nan=0.0, posinf=1.0, neginf=0.0)
    ink = np.clip(ink, 0.0, 1.0)
    blank = np.zeros((SIDE, SIDE), dtype=np.float32)
    if ink.ndim != 2 or min(ink.shape) < MIN_SIDE or float(ink.max()) < FAINT:
        return blank, 0.0
    mask, blobs, stray = pieces(ink)
    if not mask.any():
        return blank, 0.0
    ys, xs = np.nonzero(mask)
    top, bottom, left, right = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
    h, w = bottom - top, right - left
    plausible = min(1.0, float(np.percentile(ink[mask > 0], 90)) / PALE)
    if max(h, w) < MIN_HEIGHT * min(ink.shape):
        plausible *= PENALTY
    if w > WIDE * h:
        plausible *= PENALTY
    if blobs > 1 or stray > STRAY:
        plausible *= PENALTY
    grow = cv2.dilate(mask, np.ones((3, 3), np.uint8))  # keep the strokes' grey edges
    crop = (ink * grow)[top:bottom, left:right]
    factor = INNER / max(h, w)
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    how = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
    small = np.asarray(cv2.resize(crop, size, interpolation=how), np.float32)
    peak = float(small.max())
    if peak <= 0:
        return blank, 0.0
    small /= peak
    total = float(small.sum())
    cy = float((small.sum(axis=1) * np.arange(small.shape[0])).sum()) / total
    cx = float((small.sum(axis=0) * np.arange(small.shape[1])).sum()) / total
    shift = np.array([[1, 0, SIDE / 2 - 0.5 - cx], [0, 1, SIDE / 2 - 0.5 - cy]], np.float32)
    out = cv2.warpAffine(small, shift, (SIDE, SIDE), flags=cv2.INTER_LINEAR, borderValue=0.0)
    return np.clip(out, 0.0, 1.0).astype(np.float32), plausible


def columns(x: Image, k: int, stride: int = 1) -> Image:
    """The k x k windows round every ``stride``-th pixel of NHWC images (im2col, zero-
    padded): one row a window, laid out (row, column, channel)."""
    n, height, width, _ = x.shape
    pad = k // 2
    padded = np.pad(x, ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    rows, cols = -(-height // stride), -(-width // stride)
    parts = [
        padded[:, i : i + stride * rows : stride, j : j + stride * cols : stride]
        for i in range(k)
        for j in range(k)
    ]
    return np.concatenate(parts, axis=-1).reshape(n * rows * cols, -1)


def logits(model: _Model, images: Image) -> Image:
    """One network's 11 class scores for each 28x28 image (before the temperature)."""
    n = len(images)
    x = (images[..., None] - MEAN) / SPREAD
    x = np.maximum(columns(x, 5, 2) @ model.c1 + model.d1, 0.0).reshape(n, SIDE // 2, SIDE // 2, -1)
    x = np.maximum(columns(x, 3, 2) @ model.c2 + model.d2, 0.0).reshape(n, -1)
    return np.asarray(np.maximum(x @ model.w1 + model.b1, 0.0) @ model.w2 + model.b2, np.float32)


def opinions(images: Image) -> Image:
    """Each network's 11 class probabilities (digits 0..9, then "not a digit") on each
    28x28 image as it is and moved a pixel each way: (networks x SHIFTS, images, 11)."""
    moved = np.stack([np.roll(images, shift, axis=(1, 2)) for shift in SHIFTS])
    flat = moved.reshape(-1, SIDE, SIDE)
    out = []
    for net in _models():
        scores = logits(net, flat) / net.temperature
        exp = np.exp(scores - scores.max(axis=1, keepdims=True))
        out.append((exp / exp.sum(axis=1, keepdims=True)).reshape(len(SHIFTS), len(images), 11))
    return np.concatenate(out).astype(np.float32)


def verdicts(views: Image) -> tuple[NDArray[np.int64], Image]:
    """The digit the opinions (as `opinions` gives them) read in each image, the likeliest
    on average, and how sure the least sure of them is of it."""
    digit = views.mean(axis=0)[:, :10].argmax(axis=1)
    return digit, views[:, np.arange(views.shape[1]), digit].min(axis=0)


def read_digit(ink: Image) -> DigitReading:
    """The digit in one box's ink map; confidence below THRESHOLD means ask the user."""
    image, plausible = normalise(ink)
    if plausible == 0.0:
        return DigitReading(0, 0.0, (0.0,) * 10)
    views = opinions(image[None])
    digit, sure = verdicts(views)
    return DigitReading(
        int(digit[0]),
        float(sure[0]) * plausible,
        tuple(float(v) for v in views[:, 0, :10].mean(axis=0)),
        tuple(tuple(float(v) for v in view) for view in views[:, 0]),
    )


def sure(reading: DigitReading, allowed: frozenset[int]) -> bool:
    """Whether a reading among ``allowed`` is sure enough to take without asking."""
    partner = CONFUSED.get(reading.digit)
    close = partner is not None and partner in allowed
    return reading.confidence >= (CLOSE_CALL if close else THRESHOLD)


def among(reading: DigitReading, allowed: frozenset[int]) -> DigitReading:
    """The reading when the box can only hold one of ``allowed`` (or not a digit at all,
    which keeps its share): the probabilities of the other digits are dropped, in each
    opinion, and the least sure opinion still decides. A digit outside ``allowed`` read
    as likelier than any inside it (and likelier than not) was written there: it is not
    turned into an allowed one, the confidence is 0."""
    p = reading.probabilities
    outside = max((p[d] for d in range(10) if d not in allowed), default=0.0)
    if outside >= max(WRITTEN, *(p[d] for d in allowed)):
        return DigitReading(reading.digit, 0.0, p, reading.opinions)
    views = reading.opinions or ((*p, max(0.0, 1.0 - sum(p))),)
    top = min(view[reading.digit] for view in views)
    plausible = reading.confidence / top if top > 0 else 0.0
    digit = max(sorted(allowed), key=lambda d: p[d])
    sure = min(
        view[digit] / mass if (mass := sum(view[d] for d in allowed) + view[10]) > 0 else 0.0
        for view in views
    )
    return DigitReading(digit, plausible * sure, p, reading.opinions)
