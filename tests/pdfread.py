"""Reading our PDFs back: page boxes and fonts with pypdf, drawn geometry and text
positions with pdfminer."""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, overload

from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTCurve, LTLine, LTRect
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import resolve1
from pypdf import PdfReader

MM = 72 / 25.4
BASE14 = {
    "Courier",
    "Courier-Bold",
    "Courier-Oblique",
    "Courier-BoldOblique",
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-Oblique",
    "Helvetica-BoldOblique",
    "Times-Roman",
    "Times-Bold",
    "Times-Italic",
    "Times-BoldItalic",
    "Symbol",
    "ZapfDingbats",
}


@dataclass(frozen=True)
class Char:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float = 0.0
    bold: bool = False

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2


@dataclass(frozen=True)
class Run:
    """One string as drawn: glyphs of one font and size side by side on one baseline."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    bold: bool

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    def gap(self, other: Run) -> float:
        dx = max(other.x0 - self.x1, self.x0 - other.x1, 0.0)
        dy = max(other.y0 - self.y1, self.y0 - other.y1, 0.0)
        return math.hypot(dx, dy)


def join_runs(chars: Iterable[Char], touch: float) -> list[Run]:
    """Consecutive glyphs of one font and size on one baseline, no further apart than
    ``touch``, joined into runs (spaces are glyphs too)."""
    out: list[Run] = []
    for c in chars:
        last = out[-1] if out else None
        if (
            last
            and last.bold == c.bold
            and abs(last.size - c.size) < 0.01
            and abs(last.y0 - c.y0) < 0.01
            and abs(c.x0 - last.x1) < touch
        ):
            out[-1] = Run(
                last.text + c.text, last.x0, last.y0, c.x1, max(last.y1, c.y1), last.size, c.bold
            )
        else:
            out.append(Run(c.text, c.x0, c.y0, c.x1, c.y1, c.size, c.bold))
    return out


def char(child: LTChar) -> Char:
    return Char(
        child.get_text(),
        child.x0,
        child.y0,
        child.x1,
        child.y1,
        child.size,
        child.fontname.endswith("Bold"),
    )


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def vertical(self) -> bool:
        return abs(self.x0 - self.x1) < 1e-3

    @property
    def horizontal(self) -> bool:
        return abs(self.y0 - self.y1) < 1e-3


@dataclass(frozen=True)
class PageContent:
    width: float
    height: float
    chars: list[Char]
    lines: list[Segment]
    bboxes: list[tuple[float, float, float, float]]  # of everything drawn

    def text(self) -> str:
        return "".join(c.text for c in self.chars)

    def chars_of(self, text: str) -> list[Char]:
        return [c for c in self.chars if c.text == text]


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def viewer_preferences(data: bytes) -> Any:
    root: Any = reader(data).trailer["/Root"]
    return root["/ViewerPreferences"]


def pages(data: bytes) -> Pages:
    """The pages of a PDF, each read when first asked for (a test that looks at one
    page of a document reads only that one), and kept for the next test that reads the
    same bytes."""
    return _pages(data)


class Pages(Sequence[PageContent]):
    def __init__(self, data: bytes) -> None:
        self._pages = list(PDFPage.create_pages(PDFDocument(PDFParser(io.BytesIO(data)))))
        self._read: dict[int, PageContent] = {}
        self._fonts = PDFResourceManager(caching=True)

    def __len__(self) -> int:
        return len(self._pages)

    @overload
    def __getitem__(self, index: int) -> PageContent: ...

    @overload
    def __getitem__(self, index: slice) -> list[PageContent]: ...

    def __getitem__(self, index: int | slice) -> PageContent | list[PageContent]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        n = range(len(self))[index]
        if n not in self._read:
            self._read[n] = _page_content(self._pages[n], self._fonts)
        return self._read[n]


@lru_cache(maxsize=16)
def _pages(data: bytes) -> Pages:
    return Pages(data)


def _page_content(pdf_page: PDFPage, fonts: PDFResourceManager) -> PageContent:
    """A page read once for every document that holds the same page: the same size, the
    same drawing (content stream and any forms it draws) and the same fonts (subset
    names, which name their glyphs), as the fronts of card pages whose backs alone move
    with an offset."""
    resources = resolve1(pdf_page.resources)
    named = resolve1(resources.get("Font", {}))
    forms = resolve1(resources.get("XObject", {}))
    key = (
        tuple(pdf_page.mediabox),
        tuple(resolve1(s).get_rawdata() for s in pdf_page.contents),
        tuple(sorted((k, str(resolve1(v).get("BaseFont"))) for k, v in named.items())),
        tuple(sorted((k, resolve1(v).get_rawdata()) for k, v in forms.items())),
    )
    if key not in _read_pages:
        if len(_read_pages) >= 64:
            del _read_pages[next(iter(_read_pages))]
        _read_pages[key] = _content(pdf_page, fonts)
    return _read_pages[key]


_read_pages: dict[tuple[Any, ...], PageContent] = {}


def _content(pdf_page: PDFPage, fonts: PDFResourceManager) -> PageContent:
    """A page's glyphs, lines and shapes in the order drawn: no layout analysis, which
    groups glyphs into lines and boxes by guesswork (and took 40 % of the reading)."""
    device = PDFPageAggregator(fonts, laparams=None)
    PDFPageInterpreter(fonts, device).process_page(pdf_page)
    page = device.get_result()
    chars: list[Char] = []
    lines: list[Segment] = []
    boxes: list[tuple[float, float, float, float]] = []
    _walk(page, chars, lines, boxes)
    return PageContent(page.width, page.height, chars, lines, boxes)


def _walk(
    node: Any,
    chars: list[Char],
    lines: list[Segment],
    boxes: list[tuple[float, float, float, float]],
) -> None:
    for child in node:
        if isinstance(child, LTChar):
            chars.append(char(child))
            boxes.append(child.bbox)
        elif isinstance(child, LTLine):
            (x0, y0), (x1, y1) = child.pts[0], child.pts[-1]
            lines.append(Segment(x0, y0, x1, y1))
            boxes.append(child.bbox)
        elif isinstance(child, LTRect | LTCurve):
            boxes.append(child.bbox)
        elif hasattr(child, "__iter__"):
            _walk(child, chars, lines, boxes)


def box(page: Any, name: str) -> tuple[float, float, float, float]:
    return tuple(float(v) for v in page[name])  # type: ignore[return-value]


def fonts(data: bytes) -> list[dict[str, Any]]:
    """Every font dictionary used by any page."""
    found: dict[int, dict[str, Any]] = {}
    for page in reader(data).pages:
        resources: Any = page["/Resources"]
        for ref in resources.get("/Font", {}).values():
            found[ref.idnum] = ref.get_object()
    return list(found.values())
