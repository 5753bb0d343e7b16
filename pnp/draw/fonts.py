"""The shipped fonts and their metrics, read from the font files' tables (so layouts never
need ReportLab, nor fontTools, which takes longer to load than to read them)."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from pnp.system.paths import FONT_DIR


class Font(Enum):
    REGULAR = "DejaVuSansCondensed"
    BOLD = "DejaVuSansCondensed-Bold"

    @property
    def path(self) -> Path:
        return FONT_DIR / f"{self.value}.ttf"

    @property
    def family(self) -> str:
        return "DejaVu Sans Condensed"

    @property
    def weight(self) -> str:
        return "bold" if self is Font.BOLD else "normal"


@dataclass(frozen=True)
class _Metrics:
    advances: dict[int, int]  # code point -> advance in font units
    units_per_em: int
    ascent: int
    descent: int  # negative
    fallback: int


@cache
def _metrics(font: Font) -> _Metrics:
    data = font.path.read_bytes()
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {
        data[at : at + 4]: struct.unpack_from(">L", data, at + 8)[0]
        for at in range(12, 12 + 16 * count, 16)
    }
    hhea = tables[b"hhea"]
    ascent, descent = struct.unpack_from(">hh", data, hhea + 4)
    metrics = struct.unpack_from(">H", data, hhea + 34)[0]  # advances listed, then the last
    widths = struct.unpack_from(f">{metrics}L", data, tables[b"hmtx"])
    advances = [w >> 16 for w in widths]  # each an advance then a side bearing
    glyphs = {
        code: advances[min(glyph, metrics - 1)]
        for code, glyph in _unicode_cmap(data, tables[b"cmap"])
    }
    units = struct.unpack_from(">H", data, tables[b"head"] + 18)[0]
    return _Metrics(glyphs, units, ascent, descent, advances[0])


def _unicode_cmap(data: bytes, cmap: int) -> Iterator[tuple[int, int]]:
    """Code point and glyph of every character in the font: its full Unicode map (the
    Windows platform's, format 12), as fontTools' ``getBestCmap`` picks it."""
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    for at in range(cmap + 4, cmap + 4 + 8 * count, 8):
        platform, encoding, offset = struct.unpack_from(">HHL", data, at)
        table = cmap + offset
        if (platform, encoding) == (3, 10) and struct.unpack_from(">H", data, table)[0] == 12:
            groups = struct.unpack_from(">L", data, table + 12)[0]
            for group in range(table + 16, table + 16 + 12 * groups, 12):
                first, last, glyph = struct.unpack_from(">LLL", data, group)
                for code in range(first, last + 1):
                    yield code, glyph + code - first
            return
    raise ValueError("the font has no full Unicode character map (Windows, format 12)")


def text_width(text: str, size: float, font: Font = Font.REGULAR) -> float:
    return _units(text, font) * size / _metrics(font).units_per_em


@cache  # layouts measure the same words many times over (line breaking, fitting, clipping)
def _units(text: str, font: Font) -> int:
    m = _metrics(font)
    get, fallback = m.advances.get, m.fallback
    return sum([get(ord(ch), fallback) for ch in text])


def ascent(size: float, font: Font = Font.REGULAR) -> float:
    m = _metrics(font)
    return m.ascent * size / m.units_per_em


def descent(size: float, font: Font = Font.REGULAR) -> float:
    """How far glyphs reach below the baseline, as a positive length."""
    m = _metrics(font)
    return -m.descent * size / m.units_per_em


def missing_glyphs(text: str, font: Font = Font.REGULAR) -> set[str]:
    m = _metrics(font)
    return {ch for ch in text if ord(ch) not in m.advances and not ch.isspace()}
