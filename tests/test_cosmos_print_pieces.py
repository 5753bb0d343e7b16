"""Crafting the Cosmos's player boards and tiles as a play-tester handled them, read
back from the PDFs: each player board sheet's header names its player's shape, so the
eight sheets pair up after cutting; a slider's icon keeps clear of its name; the star
circles on every nebula tile face are apart."""

from __future__ import annotations

import itertools
import math

import pytest
from pdfminer.layout import LTCurve

from pnp.cosmos.content import player_board
from pnp.cosmos.nebulae import stack
from pnp.cosmos.text import text
from pnp.layouts.cosmos import icons
from pnp.paper import Paper
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
