"""The BG Stats link as a QR code, for the phone that has the app: in the terminal with
Unicode half blocks, or as a PNG or SVG picture. Knows no game.

A QR code reads best dark on light with a quiet zone of 4 modules (ISO/IEC 18004). On a
terminal the code is drawn black on white with ANSI colours, whatever the terminal's
own colours; written to a file or a pipe it is plain text, dark modules as blocks."""

from __future__ import annotations

import struct
import zlib

QUIET = 4  # modules of light margin round the code
PIXELS = 8  # a PNG's pixels a module: a phone reads it from a screen or a print
_HALF = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
_BLACK_ON_WHITE, _RESET = "\x1b[30;107m", "\x1b[0m"


def modules(link: str) -> list[list[bool]]:
    """The link's QR code (the smallest at error correction L) with its quiet zone, True
    where dark."""
    from pnp.draw.codes import qr_dark

    dark = qr_dark(link)
    n = len(dark) + 2 * QUIET
    blank = [False] * n
    rows = [blank[:] for _ in range(QUIET)]
    rows += [[False] * QUIET + row + [False] * QUIET for row in dark]
    return rows + [blank[:] for _ in range(QUIET)]


def terminal_text(dark: list[list[bool]], colours: bool) -> str:
    """Two rows of modules a line of text; ``colours``: black on white, for a terminal
    that may draw light text on a dark background."""
    rows = dark + ([[False] * len(dark[0])] if len(dark) % 2 else [])
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        line = "".join(_HALF[pair] for pair in zip(top, bottom, strict=True))
        lines.append(f"{_BLACK_ON_WHITE}{line}{_RESET}" if colours else line)
    return "\n".join(lines)


def png_bytes(dark: list[list[bool]]) -> bytes:
    """An 8-bit grey PNG, ``PIXELS`` a module, with no time or software chunk: the same
    code gives the same bytes."""
    rows = []
    for row in dark:
        line = b"\x00" + b"".join((b"\x00" if d else b"\xff") * PIXELS for d in row)
        rows.extend([line] * PIXELS)
    side = len(dark) * PIXELS

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def svg_text(dark: list[list[bool]]) -> str:
    """An SVG of one path, a unit square a module, on a white square."""
    from pnp.draw.codes import dark_runs

    n = len(dark)
    runs = [f"M{c} {r}h{end - c}v1h{c - end}z" for r, c, end in dark_runs(dark)]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" '
        f'width="{n * PIXELS}" height="{n * PIXELS}" shape-rendering="crispEdges">'
        f'<rect width="{n}" height="{n}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>\n'
    )
