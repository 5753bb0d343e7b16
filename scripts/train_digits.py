"""Train the handwritten-digit reader (pnp/scan/digits.npz) on synthetic digits.

    python scripts/train_digits.py [--train 40000] [--epochs 14] [--out pnp/scan/digits.npz]

Digits are drawn from stroke models (several allographs each) with random slant, scale,
aspect, wobble, pen width 0.3-1.2 mm at 10 px/mm, broken pencil strokes, blur, noise,
specks and box-line slivers, off-centre in a box of 4-20 mm; an eleventh class holds what
is not a digit (scribbles, two digits, crosses, blots). A small MLP is trained with Adam,
its temperature fitted on a held-out synthetic set. It is then tested on digits made
another way, never trained on: OpenCV's Hershey fonts, warped and elastically distorted.
The threshold is chosen on one Hershey set (0 accepted-and-wrong) and checked on another.
Deterministic: fixed seeds throughout.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.scan import digits  # noqa: E402

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


# Each digit's allographs, in a box x 0..0.6, y 0..1 (y down).
ALLOGRAPHS: dict[int, list[Strokes]] = {
    0: [
        [arc(0.3, 0.5, 0.28, 0.5, -90, 270)],
        [arc(0.3, 0.5, 0.27, 0.5, -110, 280)],
        [arc(0.3, 0.5, 0.24, 0.5, -80, 275), line((0.5, 0.12), (0.1, 0.88))],
        [
            spline(
                (0.35, 0.02),
                (0.08, 0.2),
                (0.05, 0.7),
                (0.3, 1),
                (0.55, 0.7),
                (0.5, 0.15),
                (0.25, 0.05),
            )
        ],
    ],
    1: [
        [line((0.3, 0), (0.3, 1))],
        [line((0.1, 0.22), (0.32, 0), (0.32, 1))],
        [line((0.12, 0.2), (0.32, 0), (0.32, 1)), line((0.12, 1), (0.52, 1))],
        [spline((0.15, 0.15), (0.3, 0.05), (0.35, 0)), line((0.35, 0), (0.3, 1))],
    ],
    2: [
        [
            spline(
                (0.03, 0.25),
                (0.15, 0.04),
                (0.35, 0),
                (0.55, 0.15),
                (0.5, 0.42),
                (0.25, 0.7),
                (0.02, 1),
            ),
            line((0.02, 1), (0.6, 1)),
        ],
        [
            spline(
                (0.03, 0.22),
                (0.2, 0.02),
                (0.45, 0.05),
                (0.55, 0.3),
                (0.3, 0.65),
                (0.08, 0.9),
                (0.1, 0.8),
                (0.25, 0.92),
                (0.45, 1),
                (0.62, 0.95),
            )
        ],
        [spline((0.05, 0.2), (0.3, 0), (0.55, 0.2), (0.45, 0.5), (0.03, 1), (0.6, 0.98))],
    ],
    3: [
        [
            spline(
                (0.05, 0.12),
                (0.3, 0),
                (0.55, 0.15),
                (0.5, 0.38),
                (0.25, 0.47),
                (0.52, 0.6),
                (0.57, 0.82),
                (0.35, 1),
                (0.02, 0.9),
            )
        ],
        [
            line((0.05, 0), (0.55, 0), (0.25, 0.42)),
            spline((0.25, 0.42), (0.5, 0.52), (0.58, 0.78), (0.35, 1), (0.02, 0.88)),
        ],
        [
            spline((0.08, 0.08), (0.4, 0.02), (0.45, 0.3), (0.2, 0.48)),
            spline((0.2, 0.48), (0.55, 0.58), (0.55, 0.88), (0.25, 1), (0.03, 0.92)),
        ],
    ],
    4: [
        [line((0.45, 1), (0.45, 0), (0.0, 0.7), (0.62, 0.7))],
        [line((0.15, 0), (0.05, 0.62), (0.6, 0.62)), line((0.45, 0.25), (0.45, 1))],
        [line((0.12, 0), (0.12, 0.6), (0.6, 0.6)), line((0.48, 0), (0.48, 1))],
    ],
    5: [
        [
            line((0.55, 0), (0.1, 0), (0.07, 0.45)),
            spline((0.07, 0.45), (0.35, 0.38), (0.58, 0.6), (0.5, 0.9), (0.25, 1), (0.02, 0.9)),
        ],
        [
            spline(
                (0.1, 0.02),
                (0.07, 0.45),
                (0.35, 0.38),
                (0.58, 0.62),
                (0.48, 0.92),
                (0.22, 1),
                (0.02, 0.88),
            ),
            line((0.1, 0.02), (0.58, 0)),
        ],
        [
            line((0.12, 0), (0.08, 0.42)),
            spline((0.08, 0.42), (0.4, 0.4), (0.55, 0.68), (0.4, 0.95), (0.05, 0.95)),
            line((0.12, 0.01), (0.55, 0.04)),
        ],
    ],
    6: [
        [
            spline(
                (0.5, 0.02),
                (0.25, 0.15),
                (0.06, 0.55),
                (0.1, 0.9),
                (0.3, 1),
                (0.52, 0.85),
                (0.5, 0.6),
                (0.3, 0.52),
                (0.08, 0.66),
            )
        ],
        [line((0.45, 0), (0.08, 0.65)), arc(0.3, 0.75, 0.24, 0.25, 180, 540)],
        [
            spline(
                (0.55, 0.1),
                (0.35, 0),
                (0.12, 0.2),
                (0.06, 0.6),
                (0.2, 0.98),
                (0.5, 0.9),
                (0.52, 0.62),
                (0.3, 0.5),
                (0.1, 0.6),
            )
        ],
    ],
    7: [
        [line((0.02, 0), (0.58, 0), (0.2, 1))],
        [line((0.02, 0), (0.58, 0), (0.2, 1)), line((0.15, 0.5), (0.52, 0.5))],
        [
            line((0.02, 0.12), (0.02, 0), (0.58, 0)),
            spline((0.58, 0), (0.4, 0.35), (0.3, 0.7), (0.28, 1)),
        ],
    ],
    8: [
        [arc(0.3, 0.24, 0.2, 0.24, 0, 360), arc(0.3, 0.73, 0.27, 0.27, -90, 270)],
        [
            spline(
                (0.5, 0.1),
                (0.3, 0),
                (0.08, 0.12),
                (0.15, 0.36),
                (0.45, 0.6),
                (0.52, 0.86),
                (0.3, 1),
                (0.07, 0.86),
                (0.15, 0.6),
                (0.45, 0.36),
                (0.5, 0.12),
            )
        ],
        [
            spline(
                (0.48, 0.15),
                (0.3, 0),
                (0.1, 0.18),
                (0.3, 0.47),
                (0.55, 0.75),
                (0.3, 1),
                (0.05, 0.75),
                (0.3, 0.47),
                (0.52, 0.2),
                (0.4, 0.03),
            )
        ],
    ],
    9: [
        [arc(0.3, 0.28, 0.25, 0.28, 0, 360), line((0.55, 0.28), (0.5, 1))],
        [
            arc(0.3, 0.28, 0.25, 0.28, 0, 360),
            spline((0.55, 0.28), (0.53, 0.7), (0.35, 1), (0.08, 0.93)),
        ],
        [
            spline(
                (0.55, 0.15),
                (0.35, 0),
                (0.08, 0.12),
                (0.1, 0.48),
                (0.4, 0.5),
                (0.55, 0.15),
                (0.52, 0.6),
                (0.48, 1),
            )
        ],
    ],
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
    side = int(rng.integers(40, 201))
    return side, max(40, int(side * rng.uniform(0.7, 1.1)))  # height, width


def _finish(canvas: NDArray[np.float32], rng: Rng) -> NDArray[np.float32]:
    """Pencil, broken strokes, blur, noise, specks and box-line slivers."""
    h, w = canvas.shape
    ink = canvas * np.float32(rng.uniform(0.35, 1.0))
    if rng.random() < 0.35:
        grain = rng.random((max(2, h // 6), max(2, w // 6))).astype(np.float32)
        grain = cv2.resize(grain, (w, h), interpolation=cv2.INTER_LINEAR)
        ink = (
            ink * (grain > rng.uniform(0.0, 0.3)) * rng.uniform(0.6, 1.0, (h, w)).astype(np.float32)
        )
    sigma = rng.uniform(0, 1.5)
    if sigma > 0.3:
        ink = cv2.GaussianBlur(ink, (0, 0), sigma)
    for _ in range(int(rng.integers(0, 4)) if rng.random() < 0.3 else 0):
        cv2.circle(
            ink,
            (int(rng.integers(w)), int(rng.integers(h))),
            int(rng.integers(1, 3)),
            float(rng.uniform(0.3, 1)),
            -1,
        )
    if rng.random() < 0.3:
        edge, width, at = int(rng.integers(4)), int(rng.integers(1, 5)), int(rng.integers(0, 3))
        value = float(rng.uniform(0.3, 1.0))
        sl = [slice(at, at + width), slice(h - at - width, h - at)][edge % 2]
        if edge < 2:
            ink[sl, :] = np.maximum(ink[sl, :], value)
        else:
            sl = [slice(at, at + width), slice(w - at - width, w - at)][edge % 2]
            ink[:, sl] = np.maximum(ink[:, sl], value)
    ink = ink + rng.normal(0, rng.uniform(0, 0.05), (h, w)).astype(np.float32)
    return np.clip(ink, 0, 1).astype(np.float32)


def synthetic(label: int, rng: Rng) -> NDArray[np.float32]:
    """One box's ink map holding a drawn `label` (REJECT: something that is no digit)."""
    h, w = _box(rng)
    options = ALLOGRAPHS.get(label)
    strokes = options[int(rng.integers(len(options)))] if options else _scribble(rng)
    size = h * rng.uniform(0.45, 0.85)
    aspect = rng.uniform(0.7, 1.3)
    slant = math.tan(math.radians(rng.uniform(-20, 20)))
    turn = math.radians(rng.uniform(-8, 8))
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    shear = np.array([[1.0, -slant], [0.0, 1.0]])
    matrix = rot @ shear @ np.diag([size * aspect, size])
    free = np.array([w - 0.6 * size * aspect, h - size]) / 2
    centre = np.array([w, h]) / 2 + rng.uniform(-0.8, 0.8, 2) * np.maximum(free, 0)
    pen = min(rng.uniform(3.0, 12.0), 0.2 * size)
    scale = 2  # drawn at twice the size, then averaged down
    canvas = np.zeros((h * scale, w * scale), dtype=np.float32)
    wob = rng.uniform(0.005, 0.03)
    for stroke in strokes:
        pts = (_wobble(stroke, rng, wob) - [0.3, 0.5]) @ matrix.T + centre
        poly = np.round(pts * scale * 16).astype(np.int32)
        cv2.polylines(canvas, [poly], False, 1.0, max(1, round(pen * scale)), cv2.LINE_AA, 4)
    canvas = cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)
    return _finish(canvas, rng)


HERSHEY = [
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_DUPLEX,
]


def hershey(label: int, rng: Rng) -> NDArray[np.float32]:
    """One box's ink map holding `label` in a Hershey font, warped and distorted."""
    h, w = _box(rng)
    font = HERSHEY[int(rng.integers(len(HERSHEY)))] | (cv2.FONT_ITALIC if rng.random() < 0.3 else 0)
    (tw, th), _ = cv2.getTextSize(str(label), font, 1.0, 1)
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
    placed = cv2.warpAffine(glyph, affine, (w, h), flags=cv2.INTER_LINEAR)
    # Elastic distortion: a smooth random displacement of up to 6% of the digit's height.
    fx, fy = (
        cv2.GaussianBlur(rng.uniform(-1, 1, (h, w)).astype(np.float32), (0, 0), 0.12 * size)
        for _ in "xy"
    )
    alpha = (
        rng.uniform(0, 0.06) * size / max(float(np.abs(fx).max()), float(np.abs(fy).max()), 1e-6)
    )
    gx, gy = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    warped = cv2.remap(placed, gx + fx * alpha, gy + fy * alpha, cv2.INTER_LINEAR)
    return _finish(warped, rng)


Maker = Callable[[int, Rng], NDArray[np.float32]]


def dataset(
    make: Maker, labels: list[int], count: int, seed: int
) -> tuple[NDArray[np.float32], NDArray[np.int64], NDArray[np.float32]]:
    """Features, labels and plausibility of `count` ink maps made with `make`."""
    rng = np.random.default_rng(seed)
    ys = rng.choice(labels, count).astype(np.int64)
    xs = np.empty((count, 588), dtype=np.float32)
    plaus = np.empty(count, dtype=np.float32)
    for i, y in enumerate(ys):
        image, plaus[i] = digits.normalise(make(int(y), rng))
        xs[i] = digits.features(image)
    return xs, ys, plaus


def _forward(
    params: dict[str, NDArray[np.float32]], x: NDArray[np.float32]
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    hidden = np.maximum(x @ params["w1"] + params["b1"], 0.0)
    return hidden, hidden @ params["w2"] + params["b2"]


def _softmax(logits: NDArray[np.float32]) -> NDArray[np.float32]:
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def train(
    x: NDArray[np.float32], y: NDArray[np.int64], epochs: int, hidden: int, seed: int
) -> dict[str, NDArray[np.float32]]:
    """An MLP x -> hidden (ReLU) -> 11, trained with Adam on cross-entropy."""
    rng = np.random.default_rng(seed)
    n, d = x.shape
    params = {
        "w1": (rng.normal(0, math.sqrt(2 / d), (d, hidden))).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": (rng.normal(0, math.sqrt(1 / hidden), (hidden, 11))).astype(np.float32),
        "b2": np.zeros(11, np.float32),
    }
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v = {k: np.zeros_like(p) for k, p in params.items()}
    step, batch = 0, 128
    for epoch in range(epochs):
        lr = 2e-3 * 0.5 * (1 + math.cos(math.pi * epoch / epochs))
        order = rng.permutation(n)
        loss = 0.0
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            xb, yb = x[idx], y[idx]
            hid, logits = _forward(params, xb)
            p = _softmax(logits)
            loss += float(-np.log(p[np.arange(len(yb)), yb] + 1e-9).sum())
            p[np.arange(len(yb)), yb] -= 1
            p /= len(yb)
            dh = (p @ params["w2"].T) * (hid > 0)
            grads = {"w2": hid.T @ p, "b2": p.sum(0), "w1": xb.T @ dh, "b1": dh.sum(0)}
            step += 1
            for k, g in grads.items():
                g = g + 1e-4 * params[k] if k.startswith("w") else g
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                mh, vh = m[k] / (1 - 0.9**step), v[k] / (1 - 0.999**step)
                params[k] -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        print(f"  epoch {epoch + 1}/{epochs}: loss {loss / n:.4f}", flush=True)
    return params


def fit_temperature(logits: NDArray[np.float32], y: NDArray[np.int64]) -> float:
    """The temperature that minimises the held-out negative log-likelihood."""

    def nll(t: float) -> float:
        p = _softmax(logits / t)
        return float(-np.log(p[np.arange(len(y)), y] + 1e-9).mean())

    return min((float(t) for t in np.arange(0.5, 4.01, 0.05)), key=nll)


def readings(
    x: NDArray[np.float32], plaus: NDArray[np.float32]
) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
    """The digit read and its confidence for each row, as read_digit gives them."""
    p = digits.probabilities(x)
    digit = p[:, :10].argmax(axis=1)
    return digit, p[np.arange(len(p)), digit] * plaus


def report(
    name: str,
    x: NDArray[np.float32],
    y: NDArray[np.int64],
    plaus: NDArray[np.float32],
    threshold: float,
) -> None:
    digit, conf = readings(x, plaus)
    accepted = conf >= threshold
    wrong = accepted & (digit != y)
    print(
        f"{name}: {len(y)} digits, accuracy {np.mean(digit == y):.2%}; at threshold {threshold:.3f}: "
        f"accepted {accepted.mean():.2%}, accepted-and-wrong {wrong.sum()} ({wrong.mean():.3%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train", type=int, default=40000)
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--out", type=Path, default=digits.WEIGHTS)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    began = time.monotonic()
    every = list(range(11))
    x, y, _ = dataset(synthetic, every, args.train, seed=1)
    xv, yv, pv = dataset(synthetic, every, 4000, seed=2)
    print(f"made {len(y) + len(yv)} synthetic ink maps in {time.monotonic() - began:.0f} s")
    mean = x.mean(axis=0)
    scale = (1 / (x.std(axis=0) + 1e-3)).astype(np.float32)
    params = train((x - mean) * scale, y, args.epochs, args.hidden, seed=3)
    _, logits = _forward(params, (xv - mean) * scale)
    temperature = fit_temperature(logits, yv)
    print(f"temperature {temperature:.2f} (fitted on {len(yv)} held-out synthetic)")
    np.savez_compressed(
        args.out,
        mean=mean.astype(np.float16),
        scale=scale.astype(np.float16),
        w1=params["w1"].astype(np.float16),
        b1=params["b1"].astype(np.float16),
        w2=params["w2"].astype(np.float16),
        b2=params["b2"].astype(np.float16),
        temperature=np.float32(temperature),
    )
    digits._model.cache_clear()
    tens = list(range(10))
    xs, ys, ps = dataset(synthetic, tens, 4000, seed=4)
    xa, ya, pa = dataset(hershey, tens, 3000, seed=5)
    xb, yb, pb = dataset(hershey, tens, 3000, seed=6)
    da, ca = readings(np.concatenate([xa, xv[yv < REJECT]]), np.concatenate([pa, pv[yv < REJECT]]))
    wrong = ca[da != np.concatenate([ya, yv[yv < REJECT]])]
    chosen = math.ceil((float(wrong.max()) if len(wrong) else 0.0) * 1000 + 1e-9) / 1000
    print(
        f"threshold for 0 accepted-and-wrong on Hershey set A + synthetic validation: {chosen:.3f}"
    )
    threshold = digits.THRESHOLD
    report("synthetic test (seed 4)", xs, ys, ps, threshold)
    report("Hershey A (seed 5, chose the threshold)", xa, ya, pa, threshold)
    report("Hershey B (seed 6, held out)", xb, yb, pb, threshold)
    _, cr = readings(xv[yv == REJECT], pv[yv == REJECT])
    print(f"not-a-digit (synthetic): {np.mean(cr >= threshold):.2%} accepted as a digit")
    if abs(chosen - threshold) > 0.005:
        print(f"note: digits.THRESHOLD is {threshold}; this run suggests {chosen:.3f}")
    print(
        f"wrote {args.out} ({args.out.stat().st_size // 1024} KB) in {time.monotonic() - began:.0f} s"
    )


if __name__ == "__main__":
    main()
