"""Train the handwritten-digit reader (pnp/scan/digits.npz) on synthetic and real digits.

    python scripts/train_digits.py [--train 40000] [--real 30000] [--epochs 30] [--nets 3]
                                   [--shape 32 48 96] [--jobs 1] [--cache DIR] [--evaluate]
                                   [--start WEIGHTS --rate 5e-4]

The digits are made by scripts/digit_data.py: drawn from our stroke models, and real
handwriting (scikit-learn's copy of the UCI digits, its first 1,000, warped: needs the
`train` extra). Small convolutional networks (the forward pass is pnp.scan.digits's) are
trained with Adam on them, each moved, scaled, turned and slanted a little at random
every epoch; each network's temperature is fitted on held-out synthetic and real digits,
and each reads a digit as it is and moved a pixel each way (pnp.scan.digits). They are then
tested on digits never trained on: OpenCV's Hershey fonts, warped and elastically
distorted, and the rest of the real handwriting. The threshold is the lowest with 0
accepted-and-wrong on one Hershey set, synthetic validation digits and one half of the
held-out real handwriting, and is checked on another Hershey set, synthetic test digits
and the other half (bench/bench_digits.py checks it on digits cut out of simulated
photos). ``--start`` fine-tunes the networks of a weights file instead of starting from
random ones (a few epochs at a lower ``--rate`` take minutes, not hours, on two cores).
Deterministic: fixed seeds throughout (with --start, given the same weights to start from).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).resolve().parent))

from digit_data import REJECT, dataset

from pnp.scan import digits

F32 = NDArray[np.float32]
Labels = NDArray[np.int64]
Params = dict[str, F32]
Set = tuple[F32, Labels, F32]


def _uncols(grad: F32, shape: tuple[int, ...], k: int, stride: int) -> F32:
    """The gradient of digits.columns: each window's share added back where it came from."""
    n, height, width, channels = shape
    pad = k // 2
    rows, cols = -(-height // stride), -(-width // stride)
    out = np.zeros((n, height + 2 * pad + stride, width + 2 * pad + stride, channels), np.float32)
    g = grad.reshape(n, rows, cols, k * k, channels)
    for i in range(k):
        for j in range(k):
            out[:, i : i + stride * rows : stride, j : j + stride * cols : stride] += g[
                :, :, :, i * k + j
            ]
    return out[:, pad : pad + height, pad : pad + width]


def _softmax(logits: F32) -> F32:
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return np.asarray(e / e.sum(axis=1, keepdims=True), np.float32)


def _step(p: Params, images: F32, y: Labels) -> tuple[float, Params]:
    """The batch's summed cross-entropy and the gradients of its mean."""
    n = len(images)
    x = (images[..., None] - digits.MEAN) / digits.SPREAD
    cols1 = digits.columns(x, 5, 2)
    h1 = np.maximum(cols1 @ p["c1"] + p["d1"], 0.0).reshape(n, 14, 14, -1)
    cols2 = digits.columns(h1, 3, 2)
    flat = np.maximum(cols2 @ p["c2"] + p["d2"], 0.0).reshape(n, -1)
    hidden = np.maximum(flat @ p["w1"] + p["b1"], 0.0)
    prob = _softmax(hidden @ p["w2"] + p["b2"])
    loss = float(-np.log(prob[np.arange(n), y] + 1e-9).sum())
    prob[np.arange(n), y] -= 1
    dout = prob / n
    g: Params = {"w2": hidden.T @ dout, "b2": dout.sum(0)}
    dh = (dout @ p["w2"].T) * (hidden > 0)
    g["w1"], g["b1"] = flat.T @ dh, dh.sum(0)
    dz2 = ((dh @ p["w1"].T) * (flat > 0)).reshape(len(cols2), -1)
    g["c2"], g["d2"] = cols2.T @ dz2, dz2.sum(0)
    dh1 = _uncols(dz2 @ p["c2"].T, h1.shape, 3, 2)
    dz1 = (dh1 * (h1 > 0)).reshape(-1, h1.shape[-1])
    g["c1"], g["d1"] = cols1.T @ dz1, dz1.sum(0)
    return loss, g


def _moved(images: F32, rng: np.random.Generator) -> F32:
    """Each image moved by up to 2 px each way, scaled by 0.9-1.1, turned by up to 8 degrees
    and slanted a little (the border is paper)."""
    out = np.empty_like(images)
    centre = (digits.SIDE - 1) / 2
    for i in range(len(images)):
        turn, slant = np.radians(rng.uniform(-8, 8)), rng.uniform(-0.15, 0.15)
        scale = rng.uniform(0.9, 1.1)
        linear = scale * np.array(
            [[math.cos(turn), -math.sin(turn) + slant], [math.sin(turn), math.cos(turn)]]
        )
        shift = centre - linear @ [centre, centre] + rng.uniform(-2, 2, 2)
        matrix = np.hstack([linear, shift[:, None]]).astype(np.float32)
        out[i] = cv2.warpAffine(
            images[i], matrix, (digits.SIDE, digits.SIDE), flags=cv2.INTER_LINEAR
        )
    return out


def train(
    x: F32,
    y: Labels,
    epochs: int,
    shape: tuple[int, int, int],
    seed: int,
    start: Params | None = None,
    rate: float = 2e-3,
) -> Params:
    """A network (conv 5x5 -> conv 3x3, each every 2 px -> hidden -> 11) trained with Adam,
    from random weights or from `start` (fine-tuning, at a lower `rate`)."""
    rng = np.random.default_rng(seed)
    f1, f2, hid = shape
    sizes = {"c1": (25, f1), "c2": (9 * f1, f2), "w1": (49 * f2, hid), "w2": (hid, 11)}
    p: Params = {}
    for name, (fan_in, fan_out) in sizes.items():
        p[name] = rng.normal(0, math.sqrt(2 / fan_in), (fan_in, fan_out)).astype(np.float32)
        p[{"c1": "d1", "c2": "d2", "w1": "b1", "w2": "b2"}[name]] = np.zeros(fan_out, np.float32)
    if start is not None:
        p = {k: np.array(start[k], np.float32) for k in p}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(w) for k, w in p.items()}
    step, batch = 0, 128
    for epoch in range(epochs):
        began = time.monotonic()
        lr = rate * 0.5 * (1 + math.cos(math.pi * epoch / epochs))
        order = rng.permutation(len(y))
        loss = 0.0
        for first in range(0, len(y), batch):
            idx = order[first : first + batch]
            part, grads = _step(p, _moved(x[idx], rng), y[idx])
            loss += part
            step += 1
            for k, raw in grads.items():
                grad = raw + 5e-5 * p[k] if k in sizes else raw
                m[k] = 0.9 * m[k] + 0.1 * grad
                v[k] = 0.999 * v[k] + 0.001 * grad * grad
                mh, vh = m[k] / (1 - 0.9**step), v[k] / (1 - 0.999**step)
                p[k] -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        took = time.monotonic() - began
        print(f"  epoch {epoch + 1}/{epochs}: loss {loss / len(y):.4f} ({took:.0f} s)", flush=True)
    return p


def fit_temperature(logits: F32, y: Labels) -> float:
    """The temperature that minimises one network's held-out negative log-likelihood."""

    def nll(t: float) -> float:
        p = _softmax(logits / t)
        return float(-np.log(p[np.arange(len(y)), y] + 1e-9).mean())

    return min((float(t) for t in np.arange(0.5, 4.01, 0.05)), key=nll)


def readings(images: F32, plaus: F32) -> tuple[Labels, F32]:
    """The digit read and its confidence for each image, as read_digit gives them."""
    parts = [
        digits.verdicts(digits.opinions(images[k : k + 500])) for k in range(0, len(images), 500)
    ]
    digit = np.concatenate([d for d, _ in parts])
    return digit, np.concatenate([sure for _, sure in parts]) * plaus


def report(name: str, data: Set, threshold: float) -> None:
    images, y, plaus = data
    digit, conf = readings(images, plaus)
    accepted = conf >= threshold
    wrong = accepted & (digit != y)
    print(
        f"{name}: {len(y)} digits, right {np.mean(digit == y):.2%}; "
        f"at threshold {threshold:.4f}: "
        f"accepted {accepted.mean():.2%}, accepted-and-wrong {wrong.sum()} ({wrong.mean():.3%})"
    )


def made(name: str, labels: list[int], count: int, seed: int, jobs: int, cache: Path | None) -> Set:
    """dataset(...), kept in `cache` when given."""
    path = cache / f"{name}-{count}-{seed}.npz" if cache else None
    if path is not None and path.exists():
        with np.load(path) as npz:
            return npz["x"], npz["y"], npz["p"]
    began = time.monotonic()
    x, y, p = dataset(name, labels, count, seed, jobs)
    print(f"made {count} {name} digits (seed {seed}) in {time.monotonic() - began:.0f} s")
    if path is not None:
        np.savez(path, x=x, y=y, p=p)
    return x, y, p


def fit(args: argparse.Namespace) -> None:
    """Train the ensemble and write its weights to args.out."""
    every, tens = list(range(11)), list(range(10))
    x, y, _ = made("synthetic", every, args.train, 1, args.jobs, args.cache)
    xr, yr, _ = made("real", tens, args.real, 11, args.jobs, args.cache)
    x, y = np.concatenate([x, xr]), np.concatenate([y, yr])
    xv, yv, _ = made("synthetic", every, 5000, 2, args.jobs, args.cache)
    xrv, yrv, _ = made("real", tens, 2000, 13, args.jobs, args.cache)
    xv, yv = np.concatenate([xv, xrv]), np.concatenate([yv, yrv])
    starts: list[Params | None] = [None] * args.nets
    if args.start is not None:
        with np.load(args.start) as npz:
            starts = [
                {n: npz[n][k].astype(np.float32) for n in digits.LAYERS} for k in range(args.nets)
            ]
    nets = []
    for k in range(args.nets):
        net = train(x, y, args.epochs, tuple(args.shape), 3 + k, starts[k], args.rate)
        model = digits._Model(**{name: net[name] for name in digits.LAYERS}, temperature=1.0)
        t = fit_temperature(digits.logits(model, xv), yv)
        print(f"net {k + 1}: temperature {t:.2f} (fitted on {len(yv)} held-out digits)")
        nets.append((net, t))
    arrays = {
        name: np.stack([net[name] for net, _ in nets]).astype(np.float16) for name in digits.LAYERS
    }
    temperature = np.array([t for _, t in nets], np.float32)
    np.savez_compressed(args.out, allow_pickle=False, temperature=temperature, **arrays)
    digits._models.cache_clear()
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB)")


def evaluate(jobs: int, cache: Path | None) -> None:
    """The held-out figures, and the threshold that accepts nothing wrong on set A."""
    tens = list(range(10))
    val = made("synthetic", tens, 4000, 12, jobs, cache)
    test = made("synthetic", tens, 4000, 4, jobs, cache)
    a = made("hershey", tens, 3000, 5, jobs, cache)
    b = made("hershey", tens, 3000, 6, jobs, cache)
    ra = made("real-a", tens, 3000, 8, jobs, cache)
    rb = made("real-b", tens, 3000, 9, jobs, cache)
    da, ca = readings(np.concatenate([a[0], val[0], ra[0]]), np.concatenate([a[2], val[2], ra[2]]))
    wrong = np.sort(ca[da != np.concatenate([a[1], val[1], ra[1]])])[::-1]
    chosen = math.ceil((float(wrong[0]) if len(wrong) else 0.0) * 10000 + 1e-9) / 10000
    print(f"most confident wrong readings, Hershey A + synthetic and real A: {wrong[:5].round(4)}")
    print(f"threshold for 0 accepted-and-wrong there: {chosen:.4f}")
    threshold = digits.THRESHOLD
    report("synthetic test (seed 4)", test, threshold)
    report("Hershey A (seed 5, chose the threshold)", a, threshold)
    report("Hershey B (seed 6, held out)", b, threshold)
    report("real handwriting A (seed 8, chose the threshold)", ra, threshold)
    report("real handwriting B (seed 9, held out)", rb, threshold)
    xr, _, pr = made("synthetic", [REJECT], 2000, 7, jobs, cache)
    _, cr = readings(xr, pr)
    print(f"not-a-digit (synthetic, seed 7): {np.mean(cr >= threshold):.2%} accepted as a digit")
    if abs(chosen - threshold) > 0.00005:
        print(f"note: digits.THRESHOLD is {threshold}; this run suggests {chosen:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train", type=int, default=40000)
    parser.add_argument("--real", type=int, default=30000, help="real handwriting, warped")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--shape", type=int, nargs=3, default=[32, 48, 96], help="f1 f2 hidden")
    parser.add_argument("--nets", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1, help="processes making digits")
    parser.add_argument("--start", type=Path, help="fine-tune these weights (one net each)")
    parser.add_argument("--rate", type=float, default=2e-3, help="Adam's first learning rate")
    parser.add_argument("--cache", type=Path, help="keep the made digits in this folder")
    parser.add_argument("--out", type=Path, default=digits.WEIGHTS)
    parser.add_argument("--evaluate", action="store_true", help="only test the weights there are")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    began = time.monotonic()
    digits.WEIGHTS = args.out
    if not args.evaluate:
        fit(args)
    evaluate(args.jobs, args.cache)
    print(f"{time.monotonic() - began:.0f} s in all")


if __name__ == "__main__":
    main()
