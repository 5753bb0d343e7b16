"""Reading Crafting the Cosmos's printed boards, tokens and tiles back for the tests of
issue 27: each page's shapes (with their gray levels, stroke width, dashes and drawing
order) and text, the boards' tiles moved back into the board's own coordinates; token
sides from the token sheets' cut grids; galaxy spaces found round their printed ids."""

from __future__ import annotations

import io
import itertools
import math
import re
from dataclasses import dataclass
from functools import cache

import pytest
from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTCurve, LTLine, LTRect
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser

from pnp.cosmos.content import advanced_life, tokens
from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.text import text
from pnp.draw.shapes import Document
from pnp.layouts.cosmos import icons
from pnp.layouts.page import content_area
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.render.pdf import render_pdf
from tests.pdfread import MM, Char, Run, join_runs

FIT = 0.5 * MM  # paper round a token on its space, each side
GAP = 0.8 * MM  # paper between two spaces of the galaxy
PAPERS = [A4, LETTER]


@dataclass(frozen=True)
class Shape:
    box: Box
    kind: type  # LTRect, LTCurve or LTLine
    fill: float | None
    stroke: float | None
    width: float
    dashed: bool
    order: int  # drawn after every shape of a lower order
    pts: tuple[tuple[float, float], ...] = ()  # the path's points, moved as ``box``

    def contains(self, x: float, y: float) -> bool:
        b = self.box
        return b.x <= x <= b.right and b.y <= y <= b.top

    @property
    def ink(self) -> Box:
        """The box the shape inks: its path's, and half its outline's width round it."""
        return self.box.inset(-self.width / 2) if self.stroke is not None else self.box


@dataclass(frozen=True)
class Sheet:
    shapes: list[Shape]
    runs: list[Run]
    chars: list[Char]
    content: Box  # above the ruler strip


def _gray(colour: object) -> float | None:
    if colour is None:
        return None
    if isinstance(colour, tuple):
        assert len(colour) == 1, f"not DeviceGray: {colour}"
        colour = colour[0]
    assert isinstance(colour, int | float), f"not DeviceGray: {colour}"
    return float(colour)


def read_sheets(
    data: bytes, paper: Paper, shift: list[tuple[float, float]] | None = None
) -> list[Sheet]:
    """Each page's shapes and text, moved by ``shift[k]`` (a tile's place on the page)."""
    fonts = PDFResourceManager(caching=True)
    device = PDFPageAggregator(fonts, laparams=None)
    interpreter = PDFPageInterpreter(fonts, device)
    out = []
    for k, page in enumerate(PDFPage.create_pages(PDFDocument(PDFParser(io.BytesIO(data))))):
        interpreter.process_page(page)
        dx, dy = shift[k] if shift else (0.0, 0.0)
        shapes: list[Shape] = []
        chars: list[Char] = []
        for n, child in enumerate(device.get_result()):
            x0, y0, x1, y1 = child.bbox
            box = Box(x0 - dx, y0 - dy, x1 - x0, y1 - y0)
            if isinstance(child, LTChar):
                chars.append(
                    Char(
                        child.get_text(),
                        box.x,
                        box.y,
                        box.right,
                        box.top,
                        child.size,
                        child.fontname.endswith("Bold"),
                    )
                )
                _gray(child.graphicstate.ncolor)
            elif isinstance(child, LTRect | LTCurve | LTLine):
                shapes.append(
                    Shape(
                        box,
                        type(child),
                        _gray(child.non_stroking_color) if child.fill else None,
                        _gray(child.stroking_color) if child.stroke else None,
                        child.linewidth,
                        bool(child.dashing_style and child.dashing_style[0]),
                        n,
                        tuple((x - dx, y - dy) for x, y in child.pts),
                    )
                )
        area = content_area(paper)
        content = Box(area.x - dx, area.y - dy, area.w, area.h)
        out.append(Sheet(shapes, join_runs(chars, 0.5), chars, content))
    return out


@cache
def board_whole() -> Sheet:
    """The ○ player board drawn whole on one page of its own size: what the sheets
    print, without their seams (a nebula the seam crosses is whole on neither)."""
    from pnp.cosmos.content import player_board
    from pnp.draw.shapes import Page
    from pnp.layouts.cosmos.player_board import SIZE, player_board_items

    items = player_board_items(galaxy(), player_board(), icons.Shape.CIRCLE)
    page = Page(*SIZE, Box(0, 0, *SIZE), tuple(items))
    return read_sheets(render_pdf(Document("board", (page,))), A4)[0]


def _tile_shifts(size: tuple[float, float], paper: Paper) -> list[tuple[float, float]]:
    from pnp.layouts.tiles import tile_grid, tile_room

    room = tile_room(paper)
    shifts = []
    for tile in tile_grid(Box(0, 0, *size), room):
        where = room.centred(tile.window.w, tile.window.h)
        shifts.append((where.x - tile.window.x, where.y - tile.window.y))
    return shifts


@cache
def board_sheets(paper: Paper) -> list[Sheet]:
    """The ○ player board's sheets, in the board's own coordinates."""
    from pnp.layouts.cosmos.boards import player_board_pages
    from pnp.layouts.cosmos.player_board import SIZE

    pages = player_board_pages(paper, icons.Shape.CIRCLE)
    return read_sheets(
        render_pdf(Document("board", tuple(pages))), paper, _tile_shifts(SIZE, paper)
    )


@cache
def main_board_sheets(paper: Paper) -> list[Sheet]:
    from pnp.layouts.cosmos.boards import main_board_document

    return read_sheets(render_pdf(main_board_document(paper)), paper)


@cache
def token_sheets(paper: Paper, kind: str) -> list[Sheet]:
    from pnp.layouts.cosmos.boards import nebula_tiles_document, tokens_document

    document = tokens_document(paper) if kind == "tokens" else nebula_tiles_document(paper)
    return read_sheets(render_pdf(document), paper)


def _token_side(sheets: list[Sheet], heading: str) -> float:
    """The side of the squares cut under ``heading``: the grid lines' spacing."""
    for sheet in sheets:
        for run in sheet.runs:
            if run.text.strip() != heading:
                continue
            cuts = [s for s in sheet.shapes if s.kind is LTLine and s.width == pytest.approx(0.4)]
            below = [s for s in cuts if s.box.top <= run.y0 and s.box.h < 0.1]
            top = max(s.box.y for s in below)
            row = [s for s in cuts if s.box.w < 0.1 and math.isclose(s.box.top, top, abs_tol=0.01)]
            xs = sorted(s.box.x for s in row if s.box.x >= run.x0 - 1)
            across = [b - a for a, b in itertools.pairwise(xs)]
            down = top - max(s.box.y for s in below if s.box.y < top - 1)
            assert across, heading
            assert max(abs(a - down) for a in across) < 0.05, heading  # equal squares
            return down
    raise AssertionError(f"no token group headed {heading!r}")


@cache
def token_sides(paper: Paper) -> dict[str, float]:
    sheets = token_sheets(paper, "tokens")
    counts = dict(tokens().counts)
    each = {key: n // len(icons.Shape) for key, n in counts.items()}
    sides = {
        f"star {star.value}": _token_side(
            sheets, text("print.tokens.stars").format(n=n, star=star.value)
        )
        for star, n in tokens().stars
    }
    for key, words in (
        ("life", "print.tokens.life"),
        ("time-crystals", "print.tokens.crystals"),
        ("dark-energy", "print.tokens.dark"),
    ):
        sides[key] = _token_side(sheets, text(words).format(n=counts[key]))
    for key, words in (
        ("player-energy", "print.tokens.energy"),
        ("score-markers", "print.tokens.score"),
        ("power-tokens", "print.tokens.power"),
        ("slider-tokens", "print.tokens.slider"),
        ("end-of-turn-markers", "print.tokens.end_of_turn"),
    ):
        sides[key] = _token_side(sheets, text(words).format(n=counts[key], each=each[key]))
    group1 = text("print.tokens.advanced").format(n=len(advanced_life().group1), group=1)
    sides["advanced"] = _token_side(sheets, group1)
    tiles = token_sheets(paper, "tiles")
    for size, n in ((1, 26), (2, 22), (3, 20)):
        heading = text("print.tokens.tiles").format(n=n, size=size)
        sides[f"tile {size}"] = _token_side(tiles, heading)
    return sides


def gap(a: Box, b: Box) -> float:
    """Paper between two boxes (negative: they overlap)."""
    return max(b.x - a.right, a.x - b.right, b.y - a.top, a.y - b.top)


def holds(space: Box, side: float) -> bool:
    return min(space.w, space.h) >= side + 2 * FIT - 0.01


def around(
    sheets: list[Sheet], x: float, y: float, most: float, least: float = 0, ink: bool = False
) -> Box:
    """The largest closed shape drawn round ``(x, y)`` no wider or higher than
    ``most``, over every sheet (a shape cut at a sheet's edge is whole on the other):
    its path's box, or with ``ink`` the box it inks, its outline included."""
    shape = shape_around(sheets, x, y, most, least, ink)
    return shape.ink if ink else shape.box


def shape_around(
    sheets: list[Sheet], x: float, y: float, most: float, least: float = 0, ink: bool = False
) -> Shape:
    def extent(s: Shape) -> Box:
        return s.ink if ink else s.box

    found = [
        s
        for sheet in sheets
        for s in sheet.shapes
        if s.kind is not LTLine
        and s.contains(x, y)
        and least <= min(extent(s).w, extent(s).h)
        and max(extent(s).w, extent(s).h) <= most
    ]
    assert found, (x, y)
    return max(found, key=lambda s: s.box.w * s.box.h)


def _ids(sheets: list[Sheet], pattern: str) -> dict[str, Run]:
    return {
        r.text: r for sheet in sheets for r in sheet.runs if re.fullmatch(pattern, r.text.strip())
    }


@cache
def galaxy_space_shapes(paper: Paper) -> dict[str, Shape]:
    """Every star and life space of the galaxy: the shape drawn round its printed id."""
    sheets = board_sheets(paper)
    return {
        name: shape_around(sheets, run.cx, run.cy, 12 * MM, ink=True)
        for name, run in galaxy_ids(sheets).items()
    }


def galaxy_ids(sheets: list[Sheet]) -> dict[str, Run]:
    return _ids(sheets, r"[SL]\d+")


@cache
def galaxy_spaces(paper: Paper) -> dict[str, Box]:
    """Every star and life space of the galaxy as far as it inks, its outline included."""
    return {name: shape.ink for name, shape in galaxy_space_shapes(paper).items()}


def centre_and_side(paper: Paper) -> tuple[float, float, float]:
    """The centre star's middle and the hexagon side, as printed."""
    spaces = galaxy_spaces(paper)
    g = galaxy()
    centre, other = spaces[g.centre], spaces[g.space(g.centre).stars[0]]
    side = math.hypot(other.cx - centre.cx, other.cy - centre.cy)
    return centre.cx, centre.cy, side
