"""Display items. Coordinates are points with the PDF orientation (y grows upwards);
the SVG renderer is the one place that flips them."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from pnp.draw.fonts import Font
from pnp.paper.geometry import Box


@dataclass(frozen=True)
class Gray:
    """A DeviceGray level, the only colour pnp draws in: 0 is black ink, 1 is paper.
    Print shops turn RGB near-black into four-colour black and home lasers dither it."""

    level: float

    def __post_init__(self) -> None:
        if not 0.0 <= self.level <= 1.0:
            raise ValueError(f"a gray level is between 0 and 1, not {self.level}")

    @property
    def hex(self) -> str:
        """The same gray as an sRGB hex colour, for SVG (which has no gray space)."""
        v = round(self.level * 255)
        return f"#{v:02x}{v:02x}{v:02x}"


INK = Gray(0.0)  # text and main lines: pure black
GREY = Gray(0.48)  # secondary text and lines
LIGHT = Gray(0.6)  # light rules: cut lines, cell frames
PALE = Gray(0.77)  # marked cells on card icons
FAINT = Gray(0.86)  # constellation lines
TINT = Gray(0.9)  # large light areas
PAPER = Gray(1.0)  # white, to clear an area


class Anchor(Enum):
    START = "start"
    MIDDLE = "middle"
    END = "end"


class Flip(Enum):
    """The paper edge a duplex printer turns the sheet over."""

    LONG = "long"
    SHORT = "short"


@dataclass(frozen=True)
class Stroke:
    color: Gray = INK
    width: float = 0.5
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Stroke = Stroke()


@dataclass(frozen=True)
class Rect:
    box: Box
    stroke: Stroke | None = Stroke()
    fill: Gray | None = None
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    stroke: Stroke | None = Stroke()
    fill: Gray | None = None


@dataclass(frozen=True)
class Poly:
    points: tuple[tuple[float, float], ...]
    closed: bool = True
    stroke: Stroke | None = Stroke()
    fill: Gray | None = None


@dataclass(frozen=True)
class Text:
    """One line of text; ``(x, y)`` is the baseline point at the anchor."""

    x: float
    y: float
    text: str
    size: float
    font: Font = Font.REGULAR
    anchor: Anchor = Anchor.START
    color: Gray = INK
    angle: float = 0.0  # degrees, counter-clockwise about (x, y)


Item = Line | Rect | Circle | Poly | Text


@dataclass(frozen=True)
class Field:
    """A fillable text field, laid over a box the page draws anyway, so the sheet is the
    same on paper. ``name`` is its dotted full name (``pad1.p2.fame``); ``keys`` the
    characters it takes (a regular expression's class: digits unless told); a total
    lists the fields it adds up, each with its factor, and is computed where the viewer
    runs scripts. A field with a ``value`` is hidden and read-only: it names what the
    page is for a program reading the filled form."""

    box: Box
    name: str
    max_length: int
    sums: tuple[tuple[str, int], ...] = ()
    keys: str = "0-9"
    value: str | None = None


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    printable: Box
    items: tuple[Item, ...]
    trim: Box | None = None
    bleed: Box | None = None
    # A printer's scale correction: renderers scale everything drawn, and the page
    # boxes, by this factor about the page centre. Preflight checks the unscaled page,
    # which is where the printer's own error puts the ink.
    scale: float = 1.0
    fields: tuple[Field, ...] = ()  # fillable text fields, drawn by the PDF renderer only

    @property
    def media(self) -> Box:
        return Box(0.0, 0.0, self.width, self.height)


@dataclass(frozen=True)
class Document:
    title: str
    pages: tuple[Page, ...]
    duplex: Flip | None = None
    subject: str = field(default="")

    def scaled(self, factor: float) -> Document:
        """The document with a printer's scale correction on every page (a page it
        repeats stays one page, repeated)."""
        if factor == 1.0:
            return self
        pages = {id(p): replace(p, scale=factor) for p in self.pages}
        return replace(self, pages=tuple(pages[id(p)] for p in self.pages))
