"""The shipped fonts and their metrics (read with fontTools, so layouts never need ReportLab)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from pnp.paths import FONT_DIR


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
    from fontTools.ttLib import TTFont

    tt = TTFont(str(font.path), lazy=True)
    hmtx = tt["hmtx"].metrics
    advances = {cp: hmtx[name][0] for cp, name in tt.getBestCmap().items()}
    hhea = tt["hhea"]
    return _Metrics(advances, tt["head"].unitsPerEm, hhea.ascent, hhea.descent, hmtx[".notdef"][0])


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
