"""Synthetic phone photos of printed, hand-marked sheets, to measure the photo reader
(issue 29): render a PDF page (`render_page`), draw marks on it (`photo_marks`: positions in
mm from the page's top-left corner, y down), then `photograph` it with a simulated phone.

Pixel coordinates follow OpenCV: (x, y) = (column, row), a pixel's centre at integers, so
a page point at (x, y) mm is at page pixel (x * px_per_mm - 0.5, y * px_per_mm - 0.5).

The camera: the page on a textured table of random colour, any in-plane rotation, tilted
up to 30 degrees in 3D (pinhole, perspective as strong as the distance implies), filling
55-90 % of the frame and fully in it (unless a corner is cut off on purpose); uneven light
(a gradient and vignetting), a soft shadow (a hand or a phone) half the time, the page's
own shadow on the table, a white-balance shift, defocus blur (sigma 0-1.5 px at 12 MP),
sometimes a little motion blur, mild barrel distortion, sensor noise, a lifted black
level, phone sharpening, JPEG 60-95. Half the pages are not flat: a smooth bulge moves
their middle by 0.3-3 mm (the edges, where the markers are, stay put). Not modelled:
sharp folds, glare on glossy paper, rolling shutter, HDR tone mapping, EXIF rotation,
erasures, fingers over the page.

Same page and same generator state give byte-identical photos (numpy's Generator only).
A 12 MP photo takes about 0.5-1 s (2 MP: 0.2 s). From a bench script or a test:

    sys.path.insert(0, str(ROOT / "bench"))
    import photo_marks as pm, photos
    rng = np.random.default_rng(seed)
    page = photos.render_page(pdf)               # 10 px/mm
    pen = pm.random_pen(rng)
    style = pm.cross(page, (x0, y0, x1, y1), pen, rng)   # a cell, in mm
    shot = photos.photograph(page, rng, 12.0)
    where = shot.project(np.array([[x * 10 - 0.5, y * 10 - 0.5]]))  # mm -> photo px
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
from numpy.typing import NDArray
from photo_marks import PX_PER_MM, Image, Pts

RESOLUTIONS = {2.0: (1632, 1224), 12.0: (4032, 3024)}
_LOW = 252  # lighting and table are drawn this many pixels wide, whatever the photo's size
_GAIN = 160.0  # light gains in 8 bits: 160 is 1.0


def render_page(pdf: Path, page: int = 0, px_per_mm: float = PX_PER_MM) -> Image:
    """Page `page` of `pdf` as an H x W x 3 RGB image on white paper."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        bitmap = doc[page].render(scale=px_per_mm * 25.4 / 72.0, rev_byteorder=True)
        rgb = np.ascontiguousarray(bitmap.to_numpy()[:, :, :3])
    finally:
        doc.close()
    return rgb


@dataclass(frozen=True, eq=False)
class Photo:
    """A simulated photo and how it was taken.

    `homography` maps page-image pixels to the photo as a pinhole camera sees them; the
    lens then pulls points towards the centre (barrel, `lens_k1`): `project` gives where
    a page pixel really lands (they differ by up to about 0.4 % of the distance from the
    photo's centre)."""

    image: Image  # BGR
    homography: NDArray[np.float64]
    lens_k1: float
    rotation_deg: float
    tilt_deg: float
    fill: float
    blur_sigma: float
    motion_px: float
    shadow: float  # darkness of the hand/phone shadow, 0 without one
    noise_sigma: float
    jpeg_quality: int
    cut_corner: bool
    bend: tuple[float, float, tuple[int, int]]  # page px, direction, page size (see _page_maps)

    def project(self, page_px: Pts) -> Pts:
        """Photo pixels where page pixels (N x 2) land, lens distortion and the page's
        bend included (the bend undone by a few fixed-point steps: it is small and
        smooth)."""
        h, w = self.image.shape[:2]
        amount, angle, (pw, ph) = self.bend
        flat = page_px.copy()
        for _ in range(6):
            bump = (
                amount
                * np.sin(np.pi * np.clip(flat[:, 0] / pw, 0, 1))
                * np.sin(np.pi * np.clip(flat[:, 1] / ph, 0, 1))
            )
            flat = page_px - bump[:, None] * np.array([math.cos(angle), math.sin(angle)])
        return _project(self.homography, self.lens_k1, (w, h), flat)


def _project(hom: NDArray[np.float64], k1: float, frame_wh: tuple[int, int], pts: Pts) -> Pts:
    p = np.column_stack([pts, np.ones(len(pts))]) @ hom.T
    p = p[:, :2] / p[:, 2:]
    c, rr = _lens_centre(*frame_wh)
    rp = np.linalg.norm(p - c, axis=1)
    rd = rp.copy()
    for _ in range(20):  # solve rp = rd * (1 + k1 * rd^2 / R^2)
        rd = rp / (1.0 + k1 * (rd / rr) ** 2)
    out: Pts = c + (p - c) * (rd / np.maximum(rp, 1e-9))[:, None]
    return out


def _lens_centre(w: int, h: int) -> tuple[Pts, float]:
    return np.array([(w - 1) / 2, (h - 1) / 2]), math.hypot(w, h) / 2


def _frame_size(megapixels: float) -> tuple[int, int]:
    if megapixels in RESOLUTIONS:
        return RESOLUTIONS[megapixels]
    w = round(math.sqrt(megapixels * 1e6 * 4 / 3) / 8) * 8
    return w, w * 3 // 4


def _camera(
    page_wh: tuple[int, int],
    frame_wh: tuple[int, int],
    rng: np.random.Generator,
    tilt_max_deg: float,
    fill: float,
    cut_corner: bool,
) -> tuple[NDArray[np.float64], float, float]:
    """Homography page px -> photo px (pinhole), in-plane rotation and tilt drawn."""
    (pw, ph), (fw, fh) = page_wh, frame_wh
    gam = rng.uniform(0.0, 2 * np.pi)
    tilt = math.radians(rng.uniform(0.0, tilt_max_deg))
    phi = rng.uniform(0.0, 2 * np.pi)
    rz = np.array([[np.cos(gam), -np.sin(gam), 0], [np.sin(gam), np.cos(gam), 0], [0, 0, 1]])
    rt, _ = cv2.Rodrigues(np.array([np.cos(phi), np.sin(phi), 0.0]) * tilt)
    r = rt @ rz
    dist = max(pw, ph) / fill  # about a phone's field of view at this fill
    centre = np.array([[1, 0, -pw / 2], [0, 1, -ph / 2], [0, 0, 1.0]])
    p = np.column_stack([r[:, 0], r[:, 1], [0.0, 0.0, dist]]) @ centre
    corners = np.array([[0, 0, 1], [pw, 0, 1], [pw, ph, 1], [0, ph, 1]], np.float64).T
    q = p @ corners
    q = q[:2] / q[2]
    bw, bh = np.ptp(q[0]), np.ptp(q[1])
    s = fill * min((fw - 1) / bw, (fh - 1) / bh)
    tx = rng.uniform(0, fw - 1 - s * bw) - s * q[0].min()
    ty = rng.uniform(0, fh - 1 - s * bh) - s * q[1].min()
    if cut_corner:  # push the page towards one corner until that corner leaves the frame
        k = int(rng.integers(4))
        qk = s * q[:, k] + (tx, ty)
        u = qk - (s * q.mean(axis=1) + (tx, ty))
        u /= np.linalg.norm(u)
        out = rng.uniform(0.03, 0.1) * fw
        t = 0.0
        while -out < qk[0] + t * u[0] < fw + out and -out < qk[1] + t * u[1] < fh + out:
            t += 2.0
        tx, ty = tx + t * u[0], ty + t * u[1]
    hom = np.array([[s, 0, tx], [0, s, ty], [0, 0, 1.0]]) @ p
    return hom / hom[2, 2], math.degrees(gam), math.degrees(tilt)


def _table(rng: np.random.Generator, w: int, h: int) -> NDArray[np.float32]:
    """A low-resolution table top (BGR, 0-255): wood grain or mottled; mostly browns and
    greys, sometimes any colour, sometimes nearly as light as the paper."""
    wood = rng.random() < 0.5
    hue = rng.uniform(8, 22) if wood or rng.random() < 0.3 else rng.uniform(0, 180)
    sat = rng.uniform(0.05, 0.6) * 255
    val = (rng.uniform(0.75, 0.95) if rng.random() < 0.15 else rng.uniform(0.15, 0.7)) * 255
    hsv = np.array([[[hue, sat, val]]], np.uint8)
    base = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)[0, 0]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    knots = rng.normal(0, 1, (6, 8)).astype(np.float32)
    mott = cv2.resize(knots, (w, h), interpolation=cv2.INTER_CUBIC)
    tex = 1.0 + 0.06 * mott
    if wood:  # grain: stripes along one direction, bent a little, with finer streaks
        th = rng.uniform(0, np.pi)
        u = xx * np.cos(th) + yy * np.sin(th)
        v = -xx * np.sin(th) + yy * np.cos(th)
        wave = 2 * np.pi * u / rng.uniform(4, 12) + 1.5 * mott + 0.02 * v
        streaks = rng.normal(0, 1, (1, w)).astype(np.float32)
        fine = cv2.remap(
            np.repeat(streaks, h, axis=0), (u % w).astype(np.float32), yy, cv2.INTER_LINEAR
        )
        tex += (0.06 * np.sin(wave) + 0.025 * np.sin(2.3 * wave) + 0.03 * fine).astype(np.float32)
    tex += rng.normal(0, 0.02, (h, w)).astype(np.float32)
    table: NDArray[np.float32] = base[None, None, :] * tex[:, :, None]
    return table


def _light(
    rng: np.random.Generator, w: int, h: int, page_quad: NDArray[np.float32]
) -> tuple[NDArray[np.float32], NDArray[np.float32], float]:
    """Low-resolution light on the scene (BGR gains) and the page's shadow on the table."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    th = rng.uniform(0, 2 * np.pi)
    t = xx * np.cos(th) + yy * np.sin(th)
    t = (t - t.min()) / (t.max() - t.min())
    light = 1.0 - rng.uniform(0.05, 0.35) * t
    r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    light *= 1.0 - rng.uniform(0.05, 0.25) * r2
    light3 = np.repeat(light[:, :, None], 3, axis=2)
    shadow = 0.0
    if rng.random() < 0.5:  # a hand or a phone between the lamp and the page
        shadow = float(rng.uniform(0.15, 0.45))
        edge = int(rng.integers(4))
        a, b = sorted(rng.uniform(0.1, 0.9, 2))
        depth = rng.uniform(0.15, 0.5)
        poly = [(a, 0.0), (b, 0.0)]
        poly += [(b + rng.normal(0, 0.05), depth * rng.uniform(0.6, 1.0))]
        poly += [(a + rng.normal(0, 0.05), depth * rng.uniform(0.6, 1.0))]
        pts = np.array(poly) @ ([[1, 0], [0, 1]] if edge % 2 == 0 else [[0, 1], [1, 0]])
        pts = np.where([edge >= 2, edge >= 2], 1.0 - pts, pts) * (w, h)
        mask = np.zeros((h, w), np.float32)
        cv2.fillPoly(mask, [pts.astype(np.int32)], 1.0)
        soft = cv2.GaussianBlur(mask, (0, 0), rng.uniform(0.02, 0.08) * w + 1)
        tint = np.array([0.85, 0.95, 1.0], np.float32)  # skylight fills shadows bluish
        light3 *= 1.0 - shadow * soft[:, :, None] * tint
    temp, green = rng.uniform(-1, 1), rng.uniform(-0.03, 0.03)
    gains = np.array([1 - 0.08 * temp, 1 + green, 1 + 0.08 * temp], np.float32)
    light3 *= gains * rng.uniform(0.82, 1.0)
    drop = np.zeros((h, w), np.float32)
    cv2.fillConvexPoly(drop, np.round(page_quad + rng.normal(0, 0.6, 2)).astype(np.int32), 1.0)
    rim = cv2.GaussianBlur(drop, (0, 0), 1.0)
    return (
        light3.astype(np.float32),
        (1.0 - rng.uniform(0.1, 0.35) * rim).astype(np.float32),
        shadow,
    )


def _page_maps(
    hom: NDArray[np.float64],
    k1: float,
    frame_wh: tuple[int, int],
    f: float,
    bend: tuple[float, float, tuple[int, int]] = (0.0, 0.0, (1, 1)),
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """For every photo pixel, the page pixel it shows (in a page scaled by f): computed
    on a grid 4 times coarser and interpolated (the mapping is smooth). ``bend`` (page
    px at f, direction, page size at f) moves the page's middle, not its edges: paper
    that bulges or curls."""
    fw, fh = frame_wh
    lw, lh = (fw + 3) // 4, (fh + 3) // 4
    xs = (np.arange(lw) + 0.5) * fw / lw - 0.5
    ys = (np.arange(lh) + 0.5) * fh / lh - 0.5
    gx, gy = np.meshgrid(xs, ys)
    c, rr = _lens_centre(fw, fh)
    dx, dy = gx - c[0], gy - c[1]
    grow = 1.0 + k1 * (dx * dx + dy * dy) / rr**2
    inv = np.linalg.inv(hom)
    px, py = c[0] + dx * grow, c[1] + dy * grow
    q = np.stack([px, py, np.ones_like(px)], axis=-1) @ inv.T
    mx = (q[..., 0] / q[..., 2] + 0.5) * f - 0.5
    my = (q[..., 1] / q[..., 2] + 0.5) * f - 0.5
    amount, angle, (bw, bh) = bend
    bump = amount * np.sin(np.pi * np.clip(mx / bw, 0, 1)) * np.sin(np.pi * np.clip(my / bh, 0, 1))
    mx = (mx + bump * math.cos(angle)).astype(np.float32)
    my = (my + bump * math.sin(angle)).astype(np.float32)
    size = (fw, fh)
    return cv2.resize(mx, size, interpolation=cv2.INTER_LINEAR), cv2.resize(
        my, size, interpolation=cv2.INTER_LINEAR
    )


def photograph(
    page_rgb: Image,
    rng: np.random.Generator,
    megapixels: float = 12.0,
    *,
    tilt_max_deg: float = 30.0,
    blur: float | None = None,
    fill: float | None = None,
    lens_k1: float | None = None,
    jpeg_quality: int | None = None,
    cut_corner: bool = False,
    bend: float | None = None,
) -> Photo:
    """Photograph a page image with a simulated phone (see the module's doc). Parameters
    left None are drawn from rng: blur is the defocus sigma in photo px (0-1.5 scaled to
    the photo's width from 12 MP), fill the share of the frame the page's bounding box
    fills along its tighter side, lens_k1 the barrel distortion (0-0.004), bend how far
    the paper's middle is moved by a bulge or curl, in mm (half the photos 0.3-3)."""
    fw, fh = _frame_size(megapixels)
    res = fw / 4032
    ph, pw = page_rgb.shape[:2]
    fill_v = float(rng.uniform(0.55, 0.9)) if fill is None else fill
    hom, rot, tilt = _camera((pw, ph), (fw, fh), rng, tilt_max_deg, fill_v, cut_corner)
    k1 = float(rng.uniform(0.0, 0.004)) if lens_k1 is None else lens_k1
    mid = _project(hom, 0.0, (fw, fh), np.array([[pw / 2, ph / 2], [pw / 2 + 1, ph / 2 + 1]]))
    f = min(1.0, 1.5 * float(np.linalg.norm(mid[1] - mid[0])) / math.sqrt(2))  # photo/page px
    page: Image = page_rgb
    if f < 1.0:
        size = (max(1, round(pw * f)), max(1, round(ph * f)))
        page = np.asarray(cv2.resize(page_rgb, size, interpolation=cv2.INTER_AREA), np.uint8)
        f = size[0] / pw
    bend_mm = (
        (float(rng.uniform(0.3, 3.0)) if rng.random() < 0.5 else 0.0) if bend is None else bend
    )
    bend_at = (
        bend_mm * PX_PER_MM * f,
        float(rng.uniform(0, 2 * np.pi)),
        (round(pw * f), round(ph * f)),
    )
    mx, my = _page_maps(hom, k1, (fw, fh), f, bend_at)

    lw, lh = _LOW, round(_LOW * fh / fw)
    quad = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float64) - 0.5
    low_quad = ((_project(hom, k1, (fw, fh), quad) + 0.5) * lw / fw - 0.5).astype(np.float32)
    light, drop, shadow = _light(rng, lw, lh, low_quad)
    table = _table(rng, lw, lh) * drop[:, :, None]
    # Full-size images stay 8-bit (each step rounds once): a 12 MP float copy costs more
    # than the whole step.
    scene = cv2.resize(np.clip(table, 0, 255).astype(np.uint8), (fw, fh))
    bgr = cv2.cvtColor(page, cv2.COLOR_RGB2BGR)
    cv2.remap(bgr, mx, my, cv2.INTER_LINEAR, scene, cv2.BORDER_TRANSPARENT)
    gain = cv2.resize(np.clip(light * _GAIN, 0, 255).astype(np.uint8), (fw, fh))
    img = cv2.multiply(scene, gain, scale=1.0 / _GAIN)

    sigma = float(rng.uniform(0.0, 1.5) * res) if blur is None else blur
    if sigma > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    motion = float(rng.uniform(2.0, 6.0) * res) if rng.random() < 0.15 else 0.0
    if motion >= 1.0:
        n = math.ceil(motion) | 1
        kernel = np.zeros((n, n), np.float32)
        v = np.array([math.cos(a := rng.uniform(0, np.pi)), math.sin(a)]) * motion / 2
        c = (n - 1) / 2
        cv2.line(
            kernel, (round(c - v[0]), round(c - v[1])), (round(c + v[0]), round(c + v[1])), 1.0
        )
        img = cv2.filter2D(img, -1, kernel / kernel.sum())
    # sensor noise on luminance, sigma `noise`: two uniforms summed (near enough Gaussian,
    # and eight times faster to draw than normals), offset by 128 in 8 bits
    noise = float(rng.uniform(1.5, 5.0))
    u1, u2 = rng.random((2, fh, fw), dtype=np.float32)
    k = noise / math.sqrt(1 / 6)
    grain = cv2.addWeighted(u1, k, u2, k, 128 - k, dtype=cv2.CV_8U)
    img = cv2.addWeighted(img, 1.0, cv2.merge((grain, grain, grain)), 1.0, -128.0)
    amount = float(rng.uniform(0.0, 0.8))  # the phone's sharpening
    soft = cv2.GaussianBlur(img, (0, 0), 1.5 * res + 0.5)
    black = float(rng.uniform(8.0, 30.0))  # flare lifts the blacks
    g = 1.0 - black / 255.0
    u8 = cv2.addWeighted(img, (1.0 + amount) * g, soft, -amount * g, black)
    quality = int(rng.integers(60, 96)) if jpeg_quality is None else jpeg_quality
    ok, buf = cv2.imencode(".jpg", u8, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("JPEG encoding failed")
    out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if out is None:
        raise ValueError("JPEG decoding failed")
    return Photo(
        np.asarray(out, np.uint8),
        hom,
        k1,
        rot,
        tilt,
        fill_v,
        sigma,
        motion,
        shadow,
        noise,
        quality,
        cut_corner,
        (bend_mm * PX_PER_MM, bend_at[1], (pw, ph)),
    )
