"""Train the handwritten-digit reader (pnp/scan/digits.npz) on synthetic digits.

    python scripts/train_digits.py [--train 40000] [--epochs 14] [--nets 3] [--evaluate]

Digits are drawn from stroke models (several allographs each) with random slant, scale,
aspect, wobble, pen width 0.3-1.2 mm at 10 px/mm, broken pencil strokes, blur, noise,
specks and box-line slivers, off-centre in a box of 4-20 mm; an eleventh class holds what
is not a digit (scribbles, two digits, crosses, dashes). Three small MLPs are trained with
Adam, their temperature fitted on held-out synthetic digits. They are then tested on digits
made another way, never trained on: OpenCV's Hershey fonts, warped and elastically
distorted. The threshold is the lowest with 0 accepted-and-wrong on one Hershey set plus
synthetic validation digits, and is checked on another Hershey set and synthetic test
digits. Deterministic: fixed seeds throughout.
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
        ],
        2: [
            "S .03 .25 .15 .04 .35 0 .55 .15 .5 .42 .25 .7 .02 1; L .02 1 .6 1",
            "S .03 .22 .2 .02 .45 .05 .55 .3 .3 .65 .08 .9 .1 .8 .25 .92 .45 1 .62 .95",
            "S .05 .2 .3 0 .55 .2 .45 .5 .03 1 .6 .98",
        ],
        3: [
            "S .05 .12 .3 0 .55 .15 .5 .38 .25 .47 .52 .6 .57 .82 .35 1 .02 .9",
            "L .05 0 .55 0 .25 .42; S .25 .42 .5 .52 .58 .78 .35 1 .02 .88",
            "S .08 .08 .4 .02 .45 .3 .2 .48; S .2 .48 .55 .58 .55 .88 .25 1 .03 .92",
        ],
        4: [
            "L .45 1 .45 0 0 .7 .62 .7",
            "L .15 0 .05 .62 .6 .62; L .45 .25 .45 1",
            "L .12 0 .12 .6 .6 .6; L .48 0 .48 1",
        ],
        5: [
            "L .55 0 .1 0 .07 .45; S .07 .45 .35 .38 .58 .6 .5 .9 .25 1 .02 .9",
            "S .1 .02 .07 .45 .35 .38 .58 .62 .48 .92 .22 1 .02 .88; L .1 .02 .58 0",
            "L .12 0 .08 .42; S .08 .42 .4 .4 .55 .68 .4 .95 .05 .95; L .12 .01 .55 .04",
        ],
        6: [
            "S .5 .02 .25 .15 .06 .55 .1 .9 .3 1 .52 .85 .5 .6 .3 .52 .08 .66",
            "L .45 0 .08 .65; A .3 .75 .24 .25 180 540",
            "S .55 .1 .35 0 .12 .2 .06 .6 .2 .98 .5 .9 .52 .62 .3 .5 .1 .6",
        ],
        7: [
            "L .02 0 .58 0 .2 1",
            "L .02 0 .58 0 .2 1; L .15 .5 .52 .5",
            "L .02 .12 .02 0 .58 0; S .58 0 .4 .35 .3 .7 .28 1",
        ],
        8: [
            "A .3 .24 .2 .24 0 360; A .3 .73 .27 .27 -90 270",
            "S .5 .1 .3 0 .08 .12 .15 .36 .45 .6 .52 .86 .3 1 .07 .86 .15 .6 .45 .36 .5 .12",
            "S .48 .15 .3 0 .1 .18 .3 .47 .55 .75 .3 1 .05 .75 .3 .47 .52 .2 .4 .03",
        ],
        9: [
            "A .3 .28 .25 .28 0 360; L .55 .28 .5 1",
            "A .3 .28 .25 .28 0 360; S .55 .28 .53 .7 .35 1 .08 .93",
            "S .55 .15 .35 0 .08 .12 .1 .48 .4 .5 .55 .15 .52 .6 .48 1",
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
    side = int(rng.integers(40, 201))
    return side, max(40, int(side * rng.uniform(0.7, 1.1)))  # height, width


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
    size = h * rng.uniform(0.45, 0.85)
    aspect = rng.uniform(0.7, 1.3)
    slant = math.tan(math.radians(rng.uniform(-20, 20)))
    turn = math.radians(rng.uniform(-8, 8))
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    shear = np.array([[1.0, -slant], [0.0, 1.0]])
    matrix = rot @ shear @ np.diag([size * aspect, size])
    extent = (np.concatenate(drawn) - [0.3, 0.5]) @ matrix.T  # kept inside the box
    low, high = -extent.min(axis=0), np.array([w, h]) - extent.max(axis=0)
    middle = (low + high) / 2
    centre = middle + rng.uniform(-0.4, 0.4, 2) * np.maximum(high - low, 0)
    pen = min(rng.uniform(3.0, 12.0), rng.uniform(0.15, 0.25) * size)
    scale = 2  # drawn at twice the size, then averaged down
    canvas = np.zeros((h * scale, w * scale), dtype=np.float32)
    wob = rng.uniform(0.005, 0.03)
    for stroke in drawn:
        pts = (_wobble(stroke, rng, wob) - [0.3, 0.5]) @ matrix.T + centre
        poly = np.round(pts * scale * 16).astype(np.int32)
        cv2.polylines(canvas, [poly], False, 1.0, max(1, round(pen * scale)), cv2.LINE_AA, 4)
    canvas = np.asarray(cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA), np.float32)
    return _finish(_elastic(canvas, size, 0.04, rng), rng)


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


def dataset(
    make: Maker, labels: list[int], count: int, seed: int
) -> tuple[F32, NDArray[np.int64], F32]:
    """Features, labels and plausibility of `count` ink maps made with `make`."""
    rng = np.random.default_rng(seed)
    ys = rng.choice(labels, count).astype(np.int64)
    xs = np.empty((count, digits.features(np.zeros((28, 28), np.float32)).size), np.float32)
    plaus = np.empty(count, dtype=np.float32)
    for i, y in enumerate(ys):
        image, plaus[i] = digits.normalise(make(int(y), rng))
        xs[i] = digits.features(image)
    return xs, ys, plaus


def _forward(params: dict[str, F32], x: F32) -> tuple[F32, F32]:
    hidden = np.maximum(x @ params["w1"] + params["b1"], 0.0)
    return hidden, hidden @ params["w2"] + params["b2"]


def _softmax(logits: F32) -> F32:
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return np.asarray(e / e.sum(axis=1, keepdims=True), np.float32)


def train(x: F32, y: NDArray[np.int64], epochs: int, hidden: int, seed: int) -> dict[str, F32]:
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
            for k, raw in grads.items():
                g = raw + 1e-4 * params[k] if k.startswith("w") else raw
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                mh, vh = m[k] / (1 - 0.9**step), v[k] / (1 - 0.999**step)
                params[k] -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        print(f"  epoch {epoch + 1}/{epochs}: loss {loss / n:.4f}", flush=True)
    return params


def fit_temperature(logits: F32, y: NDArray[np.int64]) -> float:
    """The temperature that minimises the ensemble's held-out negative log-likelihood."""

    def nll(t: float) -> float:
        p = np.mean([_softmax(member / t) for member in logits], axis=0)
        return float(-np.log(p[np.arange(len(y)), y] + 1e-9).mean())

    return min((float(t) for t in np.arange(0.5, 4.01, 0.05)), key=nll)


def readings(x: F32, plaus: F32) -> tuple[NDArray[np.int64], F32]:
    """The digit read and its confidence for each row, as read_digit gives them."""
    p = digits.probabilities(x)
    digit = p[:, :10].argmax(axis=1)
    return digit, p[np.arange(len(p)), digit] * plaus


def report(
    name: str,
    x: F32,
    y: NDArray[np.int64],
    plaus: F32,
    threshold: float,
) -> None:
    digit, conf = readings(x, plaus)
    accepted = conf >= threshold
    wrong = accepted & (digit != y)
    print(
        f"{name}: {len(y)} digits, accuracy {np.mean(digit == y):.2%}; "
        f"at threshold {threshold:.3f}: "
        f"accepted {accepted.mean():.2%}, accepted-and-wrong {wrong.sum()} ({wrong.mean():.3%})"
    )


def fit(count: int, epochs: int, hidden: int, nets: int, out: Path) -> None:
    """Train the ensemble on `count` synthetic ink maps and write its weights to `out`."""
    every = list(range(11))
    began = time.monotonic()
    x, y, _ = dataset(synthetic, every, count, seed=1)
    xv, yv, _ = dataset(synthetic, every, 4000, seed=2)
    print(f"made {len(y) + len(yv)} synthetic ink maps in {time.monotonic() - began:.0f} s")
    mean = x.mean(axis=0)
    scale = (1 / (x.std(axis=0) + 1e-3)).astype(np.float32)
    members = [train((x - mean) * scale, y, epochs, hidden, seed=3 + k) for k in range(nets)]
    logits = np.stack([_forward(net, (xv - mean) * scale)[1] for net in members])
    temperature = fit_temperature(logits, yv)
    print(f"temperature {temperature:.2f} (fitted on {len(yv)} held-out synthetic)")
    arrays = {k: np.stack([net[k] for net in members]) for k in members[0]}
    arrays |= {"mean": mean, "scale": scale}
    half: dict[str, NDArray[np.float16]] = {k: v.astype(np.float16) for k, v in arrays.items()}
    np.savez_compressed(out, temperature=np.float32(temperature), allow_pickle=False, **half)
    digits._model.cache_clear()
    print(f"wrote {out} ({out.stat().st_size // 1024} KB)")


def evaluate() -> None:
    """The held-out figures, and the threshold that accepts nothing wrong on set A."""
    tens = list(range(10))
    xv, yv, pv = dataset(synthetic, tens, 4000, seed=2)
    xs, ys, ps = dataset(synthetic, tens, 4000, seed=4)
    xa, ya, pa = dataset(hershey, tens, 3000, seed=5)
    xb, yb, pb = dataset(hershey, tens, 3000, seed=6)
    da, ca = readings(np.concatenate([xa, xv]), np.concatenate([pa, pv]))
    wrong = np.sort(ca[da != np.concatenate([ya, yv])])[::-1]
    chosen = math.ceil((float(wrong[0]) if len(wrong) else 0.0) * 1000 + 1e-9) / 1000
    print(f"most confident wrong readings, Hershey A + synthetic validation: {wrong[:5].round(3)}")
    print(f"threshold for 0 accepted-and-wrong there: {chosen:.3f}")
    threshold = digits.THRESHOLD
    report("synthetic test (seed 4)", xs, ys, ps, threshold)
    report("Hershey A (seed 5, chose the threshold)", xa, ya, pa, threshold)
    report("Hershey B (seed 6, held out)", xb, yb, pb, threshold)
    xr, _, pr = dataset(synthetic, [REJECT], 2000, seed=7)
    _, cr = readings(xr, pr)
    print(f"not-a-digit (synthetic, seed 7): {np.mean(cr >= threshold):.2%} accepted as a digit")
    if abs(chosen - threshold) > 0.005:
        print(f"note: digits.THRESHOLD is {threshold}; this run suggests {chosen:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train", type=int, default=40000)
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--nets", type=int, default=3)
    parser.add_argument("--out", type=Path, default=digits.WEIGHTS)
    parser.add_argument("--evaluate", action="store_true", help="only test the weights there are")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    began = time.monotonic()
    if not args.evaluate:
        fit(args.train, args.epochs, args.hidden, args.nets, args.out)
    evaluate()
    print(f"{time.monotonic() - began:.0f} s in all")


if __name__ == "__main__":
    main()
