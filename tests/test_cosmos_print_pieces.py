"""Crafting the Cosmos's player boards and tiles as a play-tester handled them, read
back from the PDFs: each player board sheet's header names its player's shape, so the
eight sheets pair up after cutting; a slider's icon keeps clear of its name; the star
circles on every nebula tile face are apart, and all on a face keeps clear of its cuts."""

from __future__ import annotations

import itertools
import math

import pytest
from pdfminer.layout import LTCurve, LTLine

from pnp.cosmos.content import player_board
from pnp.cosmos.nebulae import stack
from pnp.cosmos.text import text
from pnp.layouts.cosmos import icons
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.render.pdf import render_pdf
from tests.cosmos_pdf import PAPERS, board_sheets, read_sheets, token_sheets
from tests.pdfread import MM


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_each_player_board_sheet_names_its_player_s_shape(paper: Paper) -> None:
    from pnp.layouts.cosmos.boards import player_boards_document

    sheets = read_sheets(render_pdf(player_boards_document(paper)), paper)
    headers = [
        " ".join(r.text for r in sheet.runs if r.size >= 6 and r.y0 > sheet.content.top - 30)
        for sheet in sheets
    ]
    cut = text("print.tiles.cut").format(edges=text("print.tiles.left"))
    expected = []
    for shape in icons.Shape:
        a1, b1 = (text("print.board.sheet").format(shape=shape.value, tile=t) for t in ("A1", "B1"))
        expected += [f"{a1} · {text('print.tiles.glue').format(tiles=b1)}", f"{b1} · {cut}"]
    assert headers == expected
    assert all(h.startswith(s.value) for h, s in zip(headers[::2], icons.Shape, strict=True))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_a_slider_s_icon_keeps_clear_of_its_name(paper: Paper) -> None:
    for key in player_board().sliders:
        name = text(f"terms.{key}")
        sheets = board_sheets(paper)
        found = [(sheet, r) for sheet in sheets for r in sheet.runs if r.text.strip() == name]
        assert found, name
        sheet, run = found[0]
        icon = [
            s.ink
            for s in sheet.shapes
            if run.x0 - 12 * MM < s.box.x
            and s.box.right < run.x0 + 0.5 * MM
            and s.box.y < run.y1 + 2 * MM
            and s.box.top > run.y0 - 2 * MM
        ]
        assert icon, name
        assert run.x0 - max(b.right for b in icon) >= 1 * MM, name


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_star_circles_on_every_tile_face_are_apart(paper: Paper) -> None:
    count = 0
    for sheet in token_sheets(paper, "tiles"):
        circles = [
            s.ink
            for s in sheet.shapes
            if s.kind is LTCurve
            and len(s.pts) == 5
            and math.isclose(s.box.w, s.box.h, abs_tol=0.01)
            and 3 * MM < s.box.w < 6 * MM
        ]
        count += len(circles)
        for a, b in itertools.combinations(circles, 2):
            if abs(a.cx - b.cx) < 8 * MM and abs(a.cy - b.cy) < 8 * MM:
                paper_between = math.dist((a.cx, a.cy), (b.cx, b.cy)) - (a.w + b.w) / 2
                assert paper_between >= 0.3 * MM, (a, b)
    assert count == sum(len(t.stars) for size in (1, 2, 3) for t in stack(size))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_everything_on_a_tile_face_keeps_1_5_mm_from_its_cuts_its_letters_6_pt(
    paper: Paper,
) -> None:
    """Review: on the size-3 tiles the star rings came 0.7–0.85 mm from the cut lines,
    where an off cut nicks them (and the size hexagon 0.4 mm). Every shape and letter
    inside a tile's cut square on every face, front and back, against its cuts (the
    0.4 pt grid)."""
    stars = rings = 0
    for sheet in token_sheets(paper, "tiles"):
        cuts = [s.box for s in sheet.shapes if s.kind is LTLine and s.width == pytest.approx(0.4)]
        inked = [s.ink for s in sheet.shapes if s.kind is not LTLine or s.width != 0.4]
        inked += [Box(c.x0, c.y0, c.x1 - c.x0, c.y1 - c.y0) for c in sheet.chars]
        on_tiles = [b for b in inked if _cell(b, cuts)]
        for box in on_tiles:
            cell = _cell(box, cuts)
            assert cell is not None
            assert min(box.x - cell.x, cell.right - box.right) >= 1.5 * MM - 0.01, box
            assert min(box.y - cell.y, cell.top - box.top) >= 1.5 * MM - 0.01, box
        circles = [b for b in on_tiles if math.isclose(b.w, b.h, abs_tol=0.01) and b.w > 3 * MM]
        stars += sum(b.w < 6 * MM for b in circles)
        rings += sum(b.w > 9 * MM for b in circles)
        assert all(c.size >= 6 for c in sheet.chars if _cell(Box(c.x0, c.y0, 0, 0), cuts))
    assert stars == sum(len(t.stars) for size in (1, 2, 3) for t in stack(size))
    assert rings == sum(len(stack(size)) for size in (1, 2, 3))  # the completed sides


def _cell(box: Box, cuts: list[Box]) -> Box | None:
    """The tile square round ``box``: the nearest cut line on each side of it."""
    across = [c for c in cuts if c.w < 0.1 and c.y <= box.cy <= c.top]
    down = [c for c in cuts if c.h < 0.1 and c.x <= box.cx <= c.right]
    left = [c.x for c in across if c.x <= box.cx]
    right = [c.x for c in across if c.x > box.cx]
    low = [c.y for c in down if c.y <= box.cy]
    high = [c.y for c in down if c.y > box.cy]
    if not (left and right and low and high):
        return None
    cell = Box(max(left), max(low), min(right) - max(left), min(high) - max(low))
    return cell if cell.w < 20 * MM and cell.h < 20 * MM else None
