"""Constellation figures a player can mark with a pen (issue 17 §1), read back from the
PDF for all 48 cards: in both languages on every card size (on A4), and once on Letter.

Star dots at least 3.5 mm across with 2 mm of paper between any two, star numbers at
least 6 pt, Grand star names at least 5.5 pt in black, every line at least 3 mm long
where it shows between its stars and 1 mm clear of every other star, and the lines
joining the same stars as the card data."""

from __future__ import annotations

import io
import math
from itertools import combinations
from typing import Any, NamedTuple

import pytest
from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTCurve, LTLine
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage

from pnp.astra.constellations import constellations
from pnp.astra.model import Constellation
from pnp.astra.text import Lang
from pnp.layouts.astra.card_documents import constellation_cards_document
from pnp.layouts.astra.constellation_card import regions
from pnp.layouts.cards import CardOptions, imposition
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, CARD_SIZES, LETTER
from pnp.paper.units import mm
from pnp.render.output import Format, render_one
from tests.pdfread import Char, char, join_runs

CARDS = constellations()
LINE_GREY = 0.6  # the figure's lines (pnp.draw.shapes.LIGHT)
CASES = [(A4, size, lang) for size in CARD_SIZES for lang in Lang] + [(LETTER, "poker", Lang.EN)]


class Dot(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    stroke: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x, self.y)


class Label(NamedTuple):
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    gray: float


class Drawn(NamedTuple):
    """One card's figure as the PDF draws it."""

    card: Constellation
    area: Box
    dots: list[Dot]  # white discs a player colours in
    shapes: list[Any]  # shapely ink of every star: dots, diamonds and bursts
    lines: list[tuple[tuple[float, float], tuple[float, float], float]]  # ends, width
    labels: list[Label]


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"{c[0].name}-{c[1]}-{c[2].value}")
def drawn(request: pytest.FixtureRequest) -> list[Drawn]:
    paper, size, lang = request.param
    options = CardOptions(size=CARD_SIZES[size])
    data = render_one(constellation_cards_document(CARDS, paper, options, lang), Format.PDF)
    slots = imposition(paper, options).slots
    out: list[Drawn] = []
    for page, objects in enumerate(_read(data)):
        for slot, card in zip(slots, CARDS[page * len(slots) :], strict=False):
            out.append(_card(card, regions(slot).graph, objects))
    assert [d.card for d in out] == list(CARDS)
    return out


def test_dots_are_3_5_mm_across_with_2_mm_of_paper_between_any_two(drawn: list[Drawn]) -> None:
    for d in drawn:
        assert len(d.dots) == d.card.size, d.card.name
        for dot in d.dots:
            assert min(dot.w, dot.h) >= mm(3.5), d.card.name
        for p, q in combinations(d.dots, 2):
            paper = math.dist(p.centre, q.centre) - (p.w + p.stroke + q.w + q.stroke) / 2
            assert paper >= mm(2), f"{d.card.name}: {paper / mm(1):.2f} mm"


def test_star_numbers_are_6_pt_and_nearest_their_own_dot(drawn: list[Drawn]) -> None:
    for d in drawn:
        numbers = [label for label in d.labels if label.text.isdigit()]
        assert sorted(int(n.text) for n in numbers) == list(range(1, d.card.size + 1))
        assert min(n.size for n in numbers) >= 6.0 - 1e-6, d.card.name
        assert all(n.gray == 0.0 for n in numbers), d.card.name
        owners = [_nearest_dot(d, n) for n in numbers]
        assert len(set(owners)) == d.card.size, f"{d.card.name}: two numbers by one dot"


def test_grand_star_names_are_5_5_pt_black(drawn: list[Drawn]) -> None:
    for d in drawn:
        names = [label for label in d.labels if not label.text.isdigit()]
        assert sorted(n.text for n in names) == sorted(s.label for s in d.card.grand)
        assert min((n.size for n in names), default=6.0) >= 5.5 - 1e-6, d.card.name
        assert all(n.gray == 0.0 for n in names), d.card.name


def test_the_lines_join_the_cards_stars(drawn: list[Drawn]) -> None:
    """Each line runs from a dot's centre to another's, and with the dots named by
    their numbers the lines are the card's edges: the layout moved stars, not lines."""
    for d in drawn:
        number = {
            _nearest_dot(d, label): int(label.text) for label in d.labels if label.text.isdigit()
        }
        joined = set()
        for a, b, _ in d.lines:
            ends = [_dot_at(d, a), _dot_at(d, b)]
            joined.add(tuple(sorted(number[e] for e in ends)))
        assert joined == {tuple(sorted(e)) for e in d.card.edges}, d.card.name
        assert len(d.lines) == len(d.card.edges)


def test_every_line_shows_3_mm_and_passes_1_mm_clear_of_other_stars(drawn: list[Drawn]) -> None:
    from shapely.geometry import LineString
    from shapely.ops import unary_union

    for d in drawn:
        stars = unary_union(d.shapes)
        for a, b, width in d.lines:
            line = LineString([a, b])
            assert line.difference(stars).length >= mm(3), f"{d.card.name}: {a}-{b}"
            ends = {_dot_at(d, a), _dot_at(d, b)}
            for shape in d.shapes:
                if not any(shape.contains(_point(d.dots[e].centre)) for e in ends):
                    clear = line.distance(shape) - width / 2
                    assert clear >= mm(1), f"{d.card.name}: {clear / mm(1):.2f} mm"


def test_no_two_lines_cross(drawn: list[Drawn]) -> None:
    """The sky's figures have no crossing lines, and spreading stars adds none."""
    from shapely.geometry import LineString

    for d in drawn:
        for (a, b, _), (c, e, _) in combinations(d.lines, 2):
            if len({a, b, c, e}) == 4:
                assert not LineString([a, b]).crosses(LineString([c, e])), d.card.name


def _card(card: Constellation, area: Box, objects: list[Any]) -> Drawn:
    from shapely.geometry import Point, Polygon

    def inside(x0: float, y0: float, x1: float, y1: float) -> bool:
        return area.contains(Box(x0, y0, x1 - x0, y1 - y0), tolerance=0.5)

    dots: list[Dot] = []
    shapes: list[Any] = []
    lines = []
    chars: list[tuple[Char, float]] = []
    for o in objects:
        if isinstance(o, tuple):
            c, gray = o
            if inside(c.x0, c.y0, c.x1, c.y1):
                chars.append(o)
            continue
        if not inside(*o.bbox):
            continue
        if isinstance(o, LTLine):
            if _gray(o.stroking_color) == LINE_GREY:
                lines.append((_round(o.pts[0]), _round(o.pts[-1]), o.linewidth))
        elif o.fill and _gray(o.non_stroking_color) == 1.0:
            x0, y0, x1, y1 = o.bbox
            dot = Dot((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0, o.linewidth)
            dots.append(dot)
            shapes.append(Point(dot.centre).buffer((dot.w + dot.stroke) / 2))
        elif o.fill and _gray(o.non_stroking_color) == 0.0:
            shapes.append(Polygon(o.pts).buffer(o.linewidth / 2))
    labels = []
    for gray in sorted({g for _, g in chars}):
        runs = join_runs([c for c, g in chars if g == gray], 0.5)
        labels += [Label(r.text, r.x0, r.y0, r.x1, r.y1, r.size, gray) for r in runs]
    return Drawn(card, area, dots, shapes, lines, labels)


def _read(data: bytes) -> list[list[Any]]:
    """Each page's characters (each with its fill gray), lines and curves, in the
    order drawn (no layout analysis)."""
    resources = PDFResourceManager()
    device = PDFPageAggregator(resources, laparams=None)
    interpreter = PDFPageInterpreter(resources, device)
    pages = []
    for page in PDFPage.get_pages(io.BytesIO(data)):
        interpreter.process_page(page)
        found: list[Any] = []
        for o in device.get_result():
            if isinstance(o, LTChar):
                found.append((char(o), _gray(o.graphicstate.ncolor)))
            elif isinstance(o, LTLine | LTCurve):
                found.append(o)
        pages.append(found)
    return pages


def _gray(color: Any) -> float:
    """A DeviceGray colour as pdfminer gives it: a number, or a 1-tuple."""
    return float(color[0] if isinstance(color, tuple | list) else color)


def _round(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 2), round(p[1], 2))


def _dot_at(d: Drawn, p: tuple[float, float]) -> int:
    """The dot a line ends at: the one whose centre it is."""
    i = min(range(len(d.dots)), key=lambda k: math.dist(d.dots[k].centre, p))
    assert math.dist(d.dots[i].centre, p) < 0.05, f"{d.card.name}: a line ends off a dot"
    return i


def _nearest_dot(d: Drawn, label: Label) -> int:
    def gap(dot: Dot) -> float:
        dx = max(label.x0 - dot.x, 0.0, dot.x - label.x1)
        dy = max(label.y0 - dot.y, 0.0, dot.y - label.y1)
        return math.hypot(dx, dy)

    return min(range(len(d.dots)), key=lambda k: gap(d.dots[k]))


def _point(xy: tuple[float, float]) -> Any:
    from shapely.geometry import Point

    return Point(xy)
