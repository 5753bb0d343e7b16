"""Crafting the Cosmos at a real table (issue 27), read back from the PDFs: every token
fits the space it lies on with paper to spare and no two galaxy spaces touch. Token
sizes are the cut grids of the token and tile sheets; spaces are the shapes drawn on the
boards, a galaxy space as far as it inks, its outline included (RULES.md
``cosmos.print.fit``)."""

from __future__ import annotations

import math

import pytest
from pdfminer.layout import LTCurve

from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.text import text
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from tests.cosmos_pdf import (
    FIT,
    GAP,
    PAPERS,
    around,
    board_sheets,
    centre_and_side,
    galaxy_spaces,
    gap,
    holds,
    main_board_sheets,
    token_sides,
)
from tests.pdfread import MM


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_every_galaxy_space_holds_its_token_and_no_two_touch(paper: Paper) -> None:
    spaces, sides = galaxy_spaces(paper), token_sides(paper)
    g = galaxy()
    assert sorted(spaces) == sorted(s.id for s in g.stars + g.life)
    star = max(sides[f"star {e}"] for e in ("H", "He", "O", "C"))
    for name, box in spaces.items():
        assert holds(box, star if name[0] == "S" else sides["life"]), name
    boxes = sorted(spaces.items(), key=lambda item: item[1].x)
    nearest = min(
        (gap(a, b), m, n)
        for i, (m, a) in enumerate(boxes)
        for n, b in boxes[i + 1 :]
        if b.x - a.right < 3 * MM
    )
    assert nearest[0] >= GAP, nearest


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_each_nebula_tile_spot_holds_a_tile_clear_of_its_stars_and_life(paper: Paper) -> None:
    cx, cy, side = centre_and_side(paper)
    spaces, sides = galaxy_spaces(paper), token_sides(paper)
    tile = max(sides[f"tile {k}"] for k in (1, 2, 3))
    assert sides["advanced"] + 2 * FIT <= tile  # advanced life lies on a completed tile
    sheets = board_sheets(paper)
    for n in galaxy().nebulae:
        spot = around(sheets, cx + n.x * side, cy + n.y * side, 20 * MM, 12 * MM)  # not the plate
        assert holds(spot, tile), n.id
        for s in n.stars + n.life:
            assert gap(spot, spaces[s]) >= GAP, (n.id, s)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_tracks_and_spots_hold_their_tokens(paper: Paper) -> None:
    sheets, sides = board_sheets(paper), token_sides(paper)

    def cells(size: float, values: range | tuple[int, ...]) -> list[Box]:
        runs = [
            r
            for sheet in sheets
            for r in sheet.runs
            if r.size == pytest.approx(size) and r.text.strip() in {str(v) for v in values}
        ]
        assert len(runs) >= len(values)
        return [around(sheets, r.cx, r.cy, 30 * MM, 5 * MM) for r in runs]

    from pnp.cosmos.content import player_board

    tracks = player_board()
    chamber = cells(11, range(tracks.chamber_top + 1)) + cells(10, tracks.chamber_scoring)
    assert all(holds(b, sides["time-crystals"]) for b in chamber)
    assert all(gap(a, b) > 0 for i, a in enumerate(chamber) for b in chamber[i + 1 :])
    sliders = cells(8.5, range(tracks.slider_top + 1))
    assert len(sliders) == len(tracks.sliders) * (tracks.slider_top + 1)
    assert all(holds(b, sides["slider-tokens"]) for b in sliders)
    assert all(gap(a, b) > 0 for i, a in enumerate(sliders) for b in sliders[i + 1 :])
    assert all(holds(b, sides["score-markers"]) for b in cells(8, range(tracks.score_top + 1)))
    spots = [
        s.box
        for s in sheets[-1].shapes
        if s.dashed and 10 * MM < s.box.w < 16 * MM and s.box.x > sheets[-1].content.x + 40 * MM
    ]
    assert len(spots) == len(tracks.slot_costs) + 3  # power tokens, end-of-turn spots
    piece = max(sides["power-tokens"], sides["end-of-turn-markers"])
    assert all(holds(b, piece) for b in spots)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_main_board_s_spots_hold_energy_and_power_tokens(paper: Paper) -> None:
    from pnp.cosmos.content import main_board

    sides, board = token_sides(paper), main_board()
    energy = max(sides["player-energy"], sides["dark-energy"])
    circles = [
        s.box
        for sheet in main_board_sheets(paper)
        for s in sheet.shapes
        if s.kind is LTCurve and s.fill is None and 15 * MM < s.box.w < 30 * MM
    ]
    assert len(circles) == len(board.controls) * board.capacity
    for c in circles:  # a square in a circle: its corners reach half its diagonal
        assert c.w / 2 >= energy / math.sqrt(2) + FIT
    words = text("print.main.power_tokens")
    for sheet in main_board_sheets(paper):
        for run in sheet.runs:
            if run.text.strip() == words:
                spot = around([sheet], run.cx, run.cy, 200 * MM, 5 * MM)
                assert holds(spot, sides["power-tokens"])
