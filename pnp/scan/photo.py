"""A phone photo of one of our documents, found, flattened and checked: the four ArUco
markers give the page, the rectified page is checked for light and focus, and the QR
code is read from the rectified crop (far more reliable than from the whole photo).

Rectified pages are in millimetres on the paper times ``PX_PER_MM``, origin at the top
left of the reading marks' frame, y down: ``page_px`` is the one place y flips."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import PnpError
from pnp.layouts.reading import Corner, Marks
from pnp.paper.geometry import Box
from pnp.paper.units import mm

if TYPE_CHECKING:
    import cv2
    import numpy as np
    from numpy.typing import NDArray

    Image = NDArray[np.uint8]

PX_PER_MM = 10.0
MAX_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 64_000_000  # a 50-megapixel phone's photo fits
MIN_SIDE = 640  # pixels on the shorter side
_DETECT_SIDE = 2400  # pixels: a longer photo is searched for markers at this size
DARK = 50.0  # the paper's median grey below this is too dark to read
MAX_BLUR = 2.6  # mm: see blur_mm(); set on blurred bench photos
MIN_DETAIL = 2.4  # the photo's own pixels a millimetre on the paper, at least
_QR_SLACK = 2.5  # mm: how far a page that is not flat may move its QR code
INSTALL = "pip install opencv-python-headless numpy (or, in pnp's folder, pip install '.[scan]')"


class PhotoError(PnpError):
    """A photo that cannot be read, in one line: which file and why."""


def check_opencv() -> None:
    """Raise a one-line ``PhotoError`` unless OpenCV and numpy import; cap the size of
    the images OpenCV decodes."""
    os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        raise PhotoError(
            f"reading photos needs OpenCV, which is not installed: {INSTALL}"
        ) from None


def load(path: Path) -> Image:
    """The photo as BGR pixels, turned upright as its EXIF data says."""
    check_opencv()
    import cv2
    import numpy as np

    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise PhotoError(f"{path}: {size} bytes is more than a photo's limit of {MAX_BYTES}")
        data = path.read_bytes()
    except OSError as exc:
        raise PhotoError(f"{path}: {exc.strerror or exc}") from None
    if not (data.startswith(b"\xff\xd8\xff") or data.startswith(b"\x89PNG\r\n\x1a\n")):
        raise PhotoError(f"{path}: not a JPEG or PNG photo")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise PhotoError(f"{path}: the image is damaged or over {MAX_PIXELS} pixels")
    if min(image.shape[:2]) < MIN_SIDE:
        raise PhotoError(
            f"{path}: {image.shape[1]} × {image.shape[0]} pixels is too small to read:"
            f" at least {MIN_SIDE} on the shorter side"
        )
    return np.asarray(image, np.uint8)


@dataclass(frozen=True)
class Marker:
    id: int
    corners: NDArray[np.float32]  # 4 × 2 photo pixels, clockwise from its top left


def find_markers(photo: Image) -> list[Marker]:
    """Every DICT_4X4_50 marker in the photo; the detector is tuned for small markers in
    large photos (OpenCV's defaults lose them) and for soft edges."""
    import cv2
    import numpy as np

    gray = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = 0.01
    params.perspectiveRemoveIgnoredMarginPerCell = 0.3
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    table = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    scale = min(1.0, _DETECT_SIDE / max(gray.shape))  # a large photo is searched smaller
    small = (
        gray
        if scale == 1.0
        else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    )
    corners, ids, _ = cv2.aruco.ArucoDetector(table, params).detectMarkers(small)
    if ids is None:
        return []
    if scale != 1.0:  # then the corners are found again at full size
        window = (max(2, round(0.5 / scale)),) * 2
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)
        found = []
        for c in corners:
            points = np.asarray(c, np.float32).reshape(-1, 1, 2) / scale
            found.append(cv2.cornerSubPix(gray, points, window, (-1, -1), criteria))
        corners = tuple(found)
    return [
        Marker(int(i), np.asarray(c, np.float32).reshape(4, 2))
        for i, c in zip(ids.ravel(), corners, strict=True)
    ]


@dataclass(frozen=True)
class Wanted:
    """What a reader reads: its marker kinds, what the document is called (``Star Charts
    sheet``), a word for it (``sheet``), how to print it, and what other kinds are."""

    kinds: frozenset[int]
    name: str
    word: str
    printing: str
    others: dict[int, str]


def _kind(path: Path, markers: list[Marker], wanted: Wanted) -> int:
    """The kind of the document in the photo, or one line saying why it is not one to
    read."""
    from collections import Counter

    counts = Counter(m.id // 4 for m in markers)
    kinds = [k for k in counts if k in wanted.kinds]
    if not kinds:
        others = [k for k in counts if k in wanted.others]
        if others:
            other = wanted.others[max(others, key=lambda k: counts[k])]
            article = "an" if wanted.name[:1].lower() in "aeiou" else "a"
            raise PhotoError(f"{path}: this is {other}, not {article} {wanted.name}")
        raise PhotoError(
            f"{path}: found no {wanted.name}: {wanted.printing}, and take the photo from"
            f" above with the whole {wanted.word} in, in focus"
        )
    return max(kinds, key=lambda k: counts[k])


def _too_few(path: Path, found: list[Marker], wanted: Wanted) -> PhotoError:
    return PhotoError(
        f"{path}: only {len(found)} of the {wanted.word}'s 4 corner squares are in the"
        f" photo: take it with the whole {wanted.word} in"
    )


def ours(path: Path, markers: list[Marker], wanted: Wanted) -> tuple[int, list[Marker]]:
    """The kind of the document in the photo and its markers (three or four), or one
    line saying why the photo is not one to read."""
    kind = _kind(path, markers, wanted)
    found = [m for m in markers if m.id // 4 == kind]
    if len({m.id for m in found}) < len(found):
        raise PhotoError(f"{path}: the photo holds two {wanted.word}s: one {wanted.word} a photo")
    if len(found) < 3:
        raise _too_few(path, found, wanted)
    return kind, found


_MISFIT = 0.15  # of a marker's side: markers of one flat page fit it closer than this


def alike(
    path: Path, markers: list[Marker], wanted: Wanted, marks_of: Callable[[int], Marks]
) -> tuple[int, list[list[Marker]]]:
    """Like ``ours``, for documents printed alike on one page (the halves of a page of
    pads, with the same markers): the kind, and the markers grouped by the document they
    belong to, each group three or four markers that fit one flat page (``marks_of`` the
    kind's) together, the most markers first."""
    kind = _kind(path, markers, wanted)
    left = [m for m in markers if m.id // 4 == kind]
    if len(left) < 3:
        raise _too_few(path, left, wanted)
    groups = []
    while len(left) >= 3 and (group := _fitting(left, marks_of(kind))) is not None:
        groups.append(group)
        left = [m for m in left if all(m is not g for g in group)]
    if not groups:
        raise PhotoError(
            f"{path}: the {wanted.word}'s corner squares do not fit one flat page: take the"
            f" photo again with the {wanted.word} flat"
        )
    return kind, groups


def _fitting(markers: list[Marker], marks: Marks) -> list[Marker] | None:
    """The most markers, one a corner, that fit one flat page best; None if no three do."""
    from itertools import product

    by_id: dict[int, list[Marker | None]] = {}
    for marker in markers:
        by_id.setdefault(marker.id, []).append(marker)
    best: tuple[tuple[int, float], list[Marker]] | None = None
    for combo in product(*([*found, None] for found in by_id.values())):
        chosen = [m for m in combo if m is not None]
        if len(chosen) < 3:
            continue
        key = (-len(chosen), _misfit(chosen, marks))
        if key[1] < _MISFIT and (best is None or key < best[0]):
            best = (key, chosen)
    return None if best is None else best[1]


def _corners(
    markers: list[Marker], marks: Marks
) -> tuple[list[list[float]], list[tuple[float, float]]]:
    """The markers' corners on the photo, and where they are on the rectified page."""
    source: list[list[float]] = []
    target: list[tuple[float, float]] = []
    for marker in markers:
        box = marks.marker_box(Corner(marker.id - 4 * marks.kind))
        corners = ((box.x, box.top), (box.right, box.top), (box.right, box.y), (box.x, box.y))
        source += marker.corners.tolist()
        target += [page_px(marks, x, y) for x, y in corners]
    return source, target


def _misfit(markers: list[Marker], marks: Marks) -> float:
    """How far the markers' corners are from one flat page through them all, at most, in
    markers' sides."""
    import cv2
    import numpy as np

    source, target = _corners(markers, marks)
    try:  # markers a hostile image made up may be degenerate: no page fits them
        h_matrix, _ = cv2.findHomography(np.array(source, np.float64), np.array(target, np.float64))
        if h_matrix is None:
            return float("inf")
        seen = cv2.perspectiveTransform(np.array([source], np.float64), h_matrix)[0]
    except cv2.error:
        return float("inf")
    side = marks.side / mm(1) * PX_PER_MM
    return float(np.linalg.norm(seen - np.array(target), axis=1).max()) / side


def page_px(marks: Marks, x: float, y: float) -> tuple[float, float]:
    """A page point (points, y up) in the rectified page's pixels."""
    frame = marks.frame
    return (x - frame.x) / mm(1) * PX_PER_MM, (frame.top - y) / mm(1) * PX_PER_MM


def box_px(marks: Marks, box: Box) -> tuple[int, int, int, int]:
    """A page box as rectified pixel bounds: (left, top, right, bottom)."""
    left, top = page_px(marks, box.x, box.top)
    right, bottom = page_px(marks, box.right, box.y)
    return round(left), round(top), round(right), round(bottom)


@dataclass(frozen=True)
class Page:
    """The rectified page, in colour and grey, and how blurred its markers came out."""

    colour: Image
    gray: Image
    blur: float  # mm, see blur_mm()
    detail: float  # the photo's own pixels a millimetre on the paper


def rectify(path: Path, photo: Image, markers: list[Marker], marks: Marks) -> Page:
    """The page inside ``marks``' frame, flattened from the markers that belong to it
    (at least three of the four); refused in one line when it is cut off, too dark or
    too blurred to read."""
    import cv2
    import numpy as np

    source, target = _corners(markers, marks)
    h_matrix, _ = cv2.findHomography(np.array(source, np.float64), np.array(target, np.float64))
    if h_matrix is None:
        raise PhotoError(f"{path}: the sheet's corner markers do not fit a flat page")
    width, height = (round(v / mm(1) * PX_PER_MM) for v in (marks.frame.w, marks.frame.h))
    outline = np.array([[[0, 0]], [[width, 0]], [[width, height]], [[0, height]]], np.float64)
    seen = cv2.perspectiveTransform(outline, np.linalg.inv(h_matrix)).reshape(4, 2)
    rows, cols = photo.shape[:2]
    if (seen < -2).any() or (seen[:, 0] > cols + 1).any() or (seen[:, 1] > rows + 1).any():
        raise PhotoError(f"{path}: the page is cut off: take the photo with all of it in")
    colour = np.asarray(
        cv2.warpPerspective(photo, h_matrix, (width, height), flags=cv2.INTER_LINEAR), np.uint8
    )
    gray = np.asarray(cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY), np.uint8)
    if float(np.median(gray)) < DARK:
        raise PhotoError(f"{path}: the photo is too dark to read: take it again in more light")
    sides = [float(np.linalg.norm(m.corners[1] - m.corners[0])) for m in markers]
    detail = float(np.median(sides)) / (marks.side / mm(1))
    if detail < MIN_DETAIL:
        raise PhotoError(
            f"{path}: the page is too small in the photo to read: take it closer, the page"
            " filling most of the photo"
        )
    page = Page(colour, gray, blur_mm(photo, markers, marks.side), detail)
    if page.blur > MAX_BLUR:
        raise PhotoError(f"{path}: the photo is too blurred to read: take it again, steadier")
    return page


def blur_mm(photo: Image, markers: list[Marker], side: float) -> float:
    """How wide the markers' black-white edges are, in millimetres on the paper: for a
    ramp of width w the sum of the steps across it is the contrast c, the sum of their
    squares c² / w, so w = c · Σ|step| / Σ step². Sharp photos measure 0.3–1.4 mm (a
    2-megapixel photo is itself soft), too blurred ones past ``MAX_BLUR``."""
    import cv2
    import numpy as np

    widths = []
    for marker in markers:
        corners = marker.corners
        side_px = float(np.mean(np.linalg.norm(np.roll(corners, 1, axis=0) - corners, axis=1)))
        pad = max(2, int(side_px / 6))
        (x0, y0), (x1, y1) = corners.min(axis=0).astype(int), corners.max(axis=0).astype(int)
        patch = photo[max(y0 - pad, 0) : y1 + pad, max(x0 - pad, 0) : x1 + pad]
        if patch.size < 64:
            continue
        gray = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
        contrast = float(np.percentile(gray, 95) - np.percentile(gray, 5))
        steps = np.concatenate([np.diff(gray, axis=1).ravel(), np.diff(gray, axis=0).ravel()])
        energy = float((steps * steps).sum())
        if contrast < 20 or energy == 0:
            widths.append(float("inf"))
            continue
        widths.append(contrast * float(np.abs(steps).sum()) / energy * side / mm(1) / side_px)
    return float(np.median(widths)) if widths else float("inf")


def read_qr(page: Page, marks: Marks, box: Box) -> str | None:
    """The QR code in ``box`` (quiet zone included), or None when it does not decode.
    The crop is tried as it is; then, since the page is flat and the code's place known
    to a fraction of a module, each module is sampled at its centre and the code drawn
    again clean, for QR codes of 21 to 33 modules."""
    import cv2
    import numpy as np

    left, top, right, bottom = box_px(marks, box.inset(-mm(2)))
    crop = page.gray[max(top, 0) : bottom, max(left, 0) : right]
    detector = cv2.QRCodeDetector()
    text = _decode(detector, crop)
    if text:
        return text
    left, top, right, bottom = box_px(marks, box)
    side = (right - left + bottom - top) / 2
    smooth = cv2.GaussianBlur(page.gray, (0, 0), 1.0).astype(np.float32)
    for count in (21, 25, 29, 33):
        module = side / (count + 4)
        xs, ys = _module_centres(smooth, (left, top), module, count)
        values = cv2.remap(smooth, xs.astype(np.float32), ys.astype(np.float32), cv2.INTER_LINEAR)
        _, light = cv2.threshold(values.astype(np.uint8), 0, 255, cv2.THRESH_OTSU)
        clean = np.pad(light.astype(np.uint8), 4, constant_values=255)
        big = np.asarray(
            cv2.resize(clean, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST), np.uint8
        )
        text = _decode(detector, big)
        if text:
            return text
    return None


def _module_centres(
    smooth: NDArray[np.float32], at: tuple[int, int], module: float, count: int
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Where each module of a code of ``count`` modules, whose box (quiet zone included)
    should start at ``at``, is: its three finder squares are looked for within
    _QR_SLACK of their places (a page that is not flat moves, stretches and shears the
    code a little) and the modules are placed by the affine map they give."""
    import cv2
    import numpy as np

    finder = np.full((round(9 * module),) * 2, 255, np.float32)  # with its white border
    for ring, value in ((7, 0), (5, 255), (3, 0)):
        a = round((1 + (7 - ring) / 2) * module)
        finder[a : a + round(ring * module), a : a + round(ring * module)] = value
    slack = round(_QR_SLACK * PX_PER_MM)
    expected = [(3.5, 3.5), (count - 3.5, 3.5), (3.5, count - 3.5)]  # in modules
    found = []
    for mx, my in expected:
        cx, cy = at[0] + (2 + mx) * module, at[1] + (2 + my) * module
        half = finder.shape[0] / 2 + slack
        left, top = round(cx - half), round(cy - half)
        area = _window(smooth, left, top, round(2 * half))
        score = cv2.matchTemplate(area, finder, cv2.TM_CCOEFF_NORMED)
        _, _, _, (bx, by) = cv2.minMaxLoc(score)
        found.append((left + bx + finder.shape[0] / 2, top + by + finder.shape[0] / 2))
    affine = cv2.getAffineTransform(np.array(expected, np.float32), np.array(found, np.float32))
    grid = np.stack(np.meshgrid(np.arange(count) + 0.5, np.arange(count) + 0.5), axis=-1)
    placed = cv2.transform(grid.reshape(-1, 1, 2).astype(np.float32), affine)
    xs, ys = placed.reshape(count, count, 2).transpose(2, 0, 1)
    return np.asarray(xs, np.float32), np.asarray(ys, np.float32)


def _window(image: NDArray[np.float32], left: int, top: int, span: int) -> NDArray[np.float32]:
    """A square of ``image``; white (paper) where it reaches past the edge."""
    import numpy as np

    out = np.full((span, span), 255, np.float32)
    rows, cols = image.shape
    y0, x0, y1, x1 = max(top, 0), max(left, 0), min(top + span, rows), min(left + span, cols)
    if y1 > y0 and x1 > x0:
        out[y0 - top : y1 - top, x0 - left : x1 - left] = image[y0:y1, x0:x1]
    return out


def _decode(detector: cv2.QRCodeDetector, image: Image) -> str:
    """What the QR code in ``image`` says, or "": OpenCV raises on some shapes it takes
    for a code (a corner quadrilateral of no area)."""
    import cv2

    try:
        text, _, _ = detector.detectAndDecode(image)
    except cv2.error:
        return ""
    return str(text or "")
