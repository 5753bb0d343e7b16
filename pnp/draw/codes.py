"""Machine-readable marks drawn as vector squares: ArUco markers (the page corners a
photo reader finds) and QR codes (what the page is)."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.draw.shapes import INK, Item, Rect
from pnp.paper.geometry import Box

# OpenCV's DICT_4X4_50, ids 0-31: the 4 × 4 inner bits row by row, most significant
# first, 1 for a white module. tests/test_reading_marks.py checks them against OpenCV.
_ARUCO_HEX = (
    "B532 0F9A 332D 9946 549E 79CD 9E2E C4F2 "
    "FEDA CF56 F991 11A7 0EB7 2A0F 24B1 263E "
    "4665 6600 6C5E 76AF 868B B02B CCD5 DD82 "
    "FE47 9471 ACE4 A554 2123 346F 4415 57B2"
)
ARUCO_4X4 = tuple(int(bits, 16) for bits in _ARUCO_HEX.split())
# Where neighbouring black squares meet, each reaches this far into the next, so that
# no renderer leaves a hairline seam between them.
_OVERLAP = 0.05


def aruco_dark(marker: int) -> list[list[bool]]:
    """The marker's 6 × 6 modules, True where black: a black border round the bits."""
    bits = ARUCO_4X4[marker]
    return [
        [r in (0, 5) or c in (0, 5) or not bits >> (20 - 4 * r - c) & 1 for c in range(6)]
        for r in range(6)
    ]


def qr_dark(payload: str) -> list[list[bool]]:
    """The smallest QR code at error correction level L holding ``payload``; upper-case
    letters, digits, space and ``$%*+-./:`` take the denser alphanumeric mode."""
    from reportlab.graphics.barcode.qrencoder import QRCode, QRErrorCorrectLevel

    code = QRCode(None, QRErrorCorrectLevel.L)
    code.addData(payload)
    code.make()
    n = code.getModuleCount()
    return [[bool(code.isDark(r, c)) for c in range(n)] for r in range(n)]


def module_items(dark: list[list[bool]], box: Box) -> list[Item]:
    """The dark modules of a square code filling ``box`` (row 0 at the top), one black
    rectangle per horizontal run."""
    n = len(dark)
    step = box.w / n
    items: list[Item] = []
    for r, c, end in dark_runs(dark):
        top = box.top - r * step
        below = r + 1 < n and any(dark[r + 1][c:end])
        bottom = top - step - (_OVERLAP if below else 0.0)
        right = box.x + end * step + (_OVERLAP if end < n else 0.0)
        left = box.x + c * step
        items.append(Rect(Box(left, bottom, right - left, top - bottom), None, INK))
    return items


def dark_runs(dark: list[list[bool]]) -> Iterator[tuple[int, int, int]]:
    """Each horizontal run of dark modules: its row, first and past-the-last column."""
    for r, row in enumerate(dark):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            end = c
            while end < len(row) and row[end]:
                end += 1
            yield r, c, end
            c = end
