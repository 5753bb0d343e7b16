"""Crafting the Cosmos's galaxy as a new player reads it (issue 27's review and play
test), read back from the PDFs: star spaces are circles and life spaces squares; sector
borders run in the paper between the spaces, never over a space or any text, and a
space on a border has a thick black outline, the legend drawing both the same way; each
nebula is a closed hexagonal plate round its tile's spot, its id and its sector's sign,
its corners pointing at its six stars and its sides facing its six life, clear of every
space."""

from __future__ import annotations

import itertools
import math

import pytest
from pdfminer.layout import LTCurve, LTLine, LTRect
from shapely import union_all
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry import box as rect
from shapely.geometry.base import BaseGeometry

from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.text import text
from pnp.paper.sizes import A4, Paper
from tests.cosmos_pdf import (
    FIT,
    GAP,
    PAPERS,
    Shape,
    Sheet,
    board_sheets,
    board_whole,
    galaxy_ids,
    galaxy_space_shapes,
    shape_around,
    token_sides,
)
from tests.pdfread import MM, Run


def _ink(s: Shape) -> BaseGeometry:
    """What a space inks, its outline included: a disc or a square."""
    b = s.ink
    if s.kind is LTCurve:
        return Point(b.cx, b.cy).buffer(b.w / 2, 64)
    return rect(b.x, b.y, b.right, b.top)


def _inside(s: Shape) -> BaseGeometry:
    """A space inside its outline."""
    b, w = s.ink, s.width
    if s.kind is LTCurve:
        return Point(b.cx, b.cy).buffer(b.w / 2 - w, 64)
    return rect(b.x + w, b.y + w, b.right - w, b.top - w)


def _line(s: Shape) -> BaseGeometry:
    """What a line inks: its path widened, its ends cut square."""
    return LineString(s.pts).buffer(s.width / 2, cap_style="flat")


def _box(r: Run) -> BaseGeometry:
    return rect(r.x0, r.y0, r.x1, r.y1)


def _borders(sheets: list[Sheet]) -> list[Shape]:
    return [s for sheet in sheets for s in sheet.shapes if s.kind is LTLine and s.width >= 2]


def _between(a: Shape, b: Shape) -> BaseGeometry:
    """The paper between two spaces along the line joining their middles."""
    joining = LineString([(a.ink.cx, a.ink.cy), (b.ink.cx, b.ink.cy)])
    return joining.difference(_ink(a).union(_ink(b)))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_star_spaces_are_circles_and_life_spaces_squares(paper: Paper) -> None:
    for name, s in galaxy_space_shapes(paper).items():
        assert s.kind is (LTCurve if name[0] == "S" else LTRect), name
        assert s.fill == 1.0, name  # white, so its id reads on any tone
        if s.kind is LTCurve:
            assert s.box.w == pytest.approx(s.box.h, abs=0.01), name


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_borders_run_between_spaces_never_over_one_or_any_text(paper: Paper) -> None:
    sheets, g = board_sheets(paper), galaxy()
    spaces = galaxy_space_shapes(paper)
    inside = {name: _inside(s) for name, s in spaces.items()}
    words = [_box(r) for sheet in sheets for r in sheet.runs if r.text.strip()]
    lines = [_line(s) for s in _borders(sheets)]
    for line in lines:
        assert [n for n, space in inside.items() if line.intersects(space)] == []
        assert not any(line.intersects(w) for w in words)
    drawn = union_all(lines).buffer(0.01)
    for life in g.life:
        for star in life.stars:
            gap = _between(spaces[star], spaces[life.id])
            assert gap.length > 0.5 * MM, (star, life.id)
            if len(life.sectors) > 1:  # the border fills the paper between them
                assert drawn.contains(gap), (star, life.id)
            else:
                assert not drawn.intersects(gap.centroid), (star, life.id)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_a_space_on_a_border_has_a_thick_outline_its_token_leaves_in_view(paper: Paper) -> None:
    g, spaces = galaxy(), galaxy_space_shapes(paper)
    on = [spaces[s.id] for s in g.stars + g.life if len(s.sectors) > 1]
    off = [spaces[s.id] for s in g.stars + g.life if len(s.sectors) == 1]
    assert spaces[g.centre] in on and spaces[g.start_life] in on
    assert all(s.stroke == 0.0 for s in on)
    assert min(s.width for s in on) >= 1.75 * max(s.width for s in off)
    assert max(s.width for s in on + off) <= FIT  # inside the paper round a token


def _legend(sheets: list[Sheet]) -> tuple[Sheet, Run]:
    words = text("print.board.border").split()
    for sheet in sheets:
        for r in sheet.runs:
            if r.text.split()[:3] == words[:3]:
                return sheet, r
    raise AssertionError("no border legend")


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_legend_draws_a_border_as_the_galaxy_does(paper: Paper) -> None:
    sheets = board_sheets(paper)
    sheet, words = _legend(sheets)
    said = " ".join(" ".join(r.text for r in sheet.runs).split())
    assert text("print.board.border") in said
    assert "every sector it touches" in said
    near = [s for s in sheet.shapes if words.x0 - 25 * MM < s.box.x < words.x0]
    near = [s for s in near if words.y1 - 30 * MM < s.box.y < words.y1 + 5 * MM]
    lines = [s for s in near if s.kind is LTLine and s.width >= 2]
    galaxy_lines = _borders(sheets)
    assert {(s.width, s.stroke, s.dashed) for s in lines} == {
        (s.width, s.stroke, s.dashed) for s in galaxy_lines
    }
    g, spaces = galaxy(), galaxy_space_shapes(paper)
    drawn = [s for s in near if s.kind is not LTLine and s.stroke == 0.0 and s.fill == 1.0]
    star, life = spaces[g.centre], spaces[g.start_life]  # both on borders
    assert {(s.kind, s.width, round(s.ink.w, 2)) for s in drawn} == {
        (s.kind, s.width, round(s.ink.w, 2)) for s in (star, life)
    }
    for s in drawn:
        assert not any(_line(line).intersects(_inside(s)) for line in lines)


def _plates(sheet: Sheet) -> list[tuple[Shape, Polygon]]:
    """Closed outlines with six corners, all as far from their middle."""
    out = []
    for s in sheet.shapes:
        closed = len(s.pts) > 1 and s.pts[0] == s.pts[-1]
        if s.kind is LTCurve and s.stroke == 0.0 and closed and len(set(s.pts)) == 6:
            shape = Polygon(list(dict.fromkeys(s.pts)))
            c = shape.centroid
            radii = [math.dist((c.x, c.y), p) for p in shape.exterior.coords[:-1]]
            if max(radii) - min(radii) < 0.05 * MM:
                out.append((s, shape))
    return out


def test_each_nebula_is_a_hexagonal_plate_round_its_spot_id_and_sign() -> None:
    sheet, g = board_whole(), galaxy()
    ids = {r.text.strip(): r for r in sheet.runs}
    spaces = {
        name: shape_around([sheet], r.cx, r.cy, 12 * MM, ink=True)
        for name, r in galaxy_ids([sheet]).items()
    }
    centre, other = spaces[g.centre].ink, spaces[g.space(g.centre).stars[0]].ink
    side = math.dist((centre.cx, centre.cy), (other.cx, other.cy))
    plates = _plates(sheet)
    tile = max(token_sides(A4)[f"tile {k}"] for k in (1, 2, 3))
    for n in g.nebulae:
        mine = [(s, p) for s, p in plates if p.contains(_box(ids[n.id]))]
        assert len(mine) == 1, n.id
        outline, plate = mine[0]
        assert outline.width >= 0.8, n.id
        c = plate.centroid
        signs = [r for r in sheet.runs if r.text.strip() == text(f"terms.{n.sector.value}")]
        assert any(plate.contains(_box(r)) for r in signs), n.id
        spot = shape_around([sheet], c.x, c.y, 20 * MM, 12 * MM)
        assert spot.box.w >= tile + 2 * FIT - 0.01 and spot.box.h >= tile + 2 * FIT - 0.01
        assert plate.buffer(outline.width / 2).contains(Polygon(spot.pts)), n.id
        h = tile / 2  # a tile on its spot lies on the plate
        x, y = spot.box.cx, spot.box.cy
        assert plate.contains(rect(x - h, y - h, x + h, y + h)), n.id
        corners = list(plate.exterior.coords)
        middles = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in itertools.pairwise(corners)]
        assert _pointed_at(c, corners[:-1], side, spaces) == set(n.stars), n.id
        assert _pointed_at(c, middles, side * math.sqrt(3) / 2, spaces) == set(n.life), n.id
        inked = plate.buffer(outline.width / 2)
        assert min(inked.distance(_ink(s)) for s in spaces.values()) >= GAP, n.id


def _pointed_at(
    c: Point, points: list[tuple[float, float]], reach: float, spaces: dict[str, Shape]
) -> set[str]:
    """The spaces whose middles lie ``reach`` from ``c`` towards each of ``points``."""
    out = set()
    for x, y in points:
        d = math.dist((c.x, c.y), (x, y))
        at = (c.x + (x - c.x) * reach / d, c.y + (y - c.y) * reach / d)
        out |= {n for n, s in spaces.items() if math.dist(at, (s.ink.cx, s.ink.cy)) < 0.3 * MM}
    return out


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_crosses_that_line_up_the_sheets_keep_off_every_plate_and_space(
    paper: Paper,
) -> None:
    """Review: the crosses sat in the middle of plates N7 and N27 on every board; they
    slide along the seam off the galaxy's plates and spaces (pnp.layouts.tiles
    keep_clear) and off every word. Plates from the board drawn whole, crosses from its
    sheets, both in the board's coordinates."""
    plates = [p.buffer(s.width / 2) for s, p in _plates(board_whole())]
    assert len(plates) >= len(galaxy().nebulae)
    spaces = [_ink(s) for s in galaxy_space_shapes(paper).values()]
    sheets = board_sheets(paper)
    crosses = [
        s
        for sheet in sheets
        for s in sheet.shapes
        if s.kind is LTLine and abs(s.width - 0.3) < 0.01 and s.stroke == 0.0
    ]
    assert len(crosses) == 2 * 2 * 2  # two crosses of two lines, on both sheets
    for cross in crosses:  # 1 mm of paper round it
        line = _line(cross).buffer(1 * MM - 0.01)
        assert not any(line.intersects(p) for p in plates), cross.box
        assert not any(line.intersects(s) for s in spaces), cross.box
        for sheet in sheets:
            assert not any(line.intersects(_box(r)) for r in sheet.runs), cross.box
