"""Crafting the Cosmos at a real table (issue 27), read back from the PDFs: the sectors
differ in tone by at least 15 %; no text on the
boards, tokens or tiles is under 6 pt; players' marks are hollow and dark energy solid;
the time chamber's arrows run 6 → 3 → 6 → 10 → 15 → 21; each sheet says which edges
to cut."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from pdfminer.layout import LTCurve, LTLine

from pnp.cosmos.content import tokens
from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.model import Sector
from pnp.cosmos.text import text
from pnp.layouts.cosmos import icons
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, Paper
from tests.cosmos_pdf import (
    PAPERS,
    Sheet,
    around,
    board_sheets,
    centre_and_side,
    main_board_sheets,
    token_sheets,
)
from tests.pdfread import MM


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_sectors_differ_in_tone(paper: Paper) -> None:
    cx, cy, side = centre_and_side(paper)
    sheets = board_sheets(paper)
    tones: dict[Sector, set[float]] = {s: set() for s in Sector}
    for n in galaxy().nebulae:
        x, y = cx + n.x * side + 0.6 * side, cy + n.y * side  # beside the tile, in the hexagon
        for sheet in sheets:
            fills = [s for s in sheet.shapes if s.fill is not None and s.contains(x, y)]
            if fills:
                tones[n.sector].add(fills[0].fill or 0.0)  # the first drawn there
    assert all(len(t) == 1 for t in tones.values()), tones
    levels = [t.pop() for t in tones.values()]
    assert min(abs(a - b) for i, a in enumerate(levels) for b in levels[i + 1 :]) >= 0.15


def _small(sheets: list[Sheet]) -> Iterator[str]:
    for sheet in sheets:
        for c in sheet.chars:
            if c.size < 6 - 1e-6 and c.y0 >= sheet.content.y:
                yield f"{c.text!r} {c.size:.2f} pt"


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_no_text_under_6_pt_on_the_boards_tokens_and_tiles(paper: Paper) -> None:
    """At print size, above the ruler strip every page shares (its ruler and footer)."""
    for sheets in (
        board_sheets(paper),
        token_sheets(paper, "tokens"),
        token_sheets(paper, "tiles"),
    ):
        assert list(_small(sheets)) == []


def test_player_marks_are_hollow_and_dark_tokens_solid() -> None:
    """○ is drawn hollow beside "Player board ○"; a dark energy token is a black disc,
    a player's energy token white with its shape."""
    sheets = board_sheets(A4)
    title = next(r for sheet in sheets for r in sheet.runs if r.text.startswith("Player board ○"))
    mark = [
        s
        for sheet in sheets
        for s in sheet.shapes
        if s.kind is LTCurve and 0 < title.x0 - s.box.right < 5 * MM and s.box.y < title.y1
    ]
    assert mark and all(s.fill in (None, 1.0) for s in mark)
    counts = dict(tokens().counts)
    dark = text("print.tokens.dark").format(n=counts["dark-energy"])
    energy = text("print.tokens.energy").format(
        n=counts["player-energy"], each=counts["player-energy"] // len(icons.Shape)
    )
    black = {}
    for sheet in token_sheets(A4, "tokens"):
        for run in sheet.runs:
            if run.text.strip() in (dark, energy):  # black discs in the row under the heading
                row = [s for s in sheet.shapes if run.y0 - 16 * MM < s.box.y < run.y0]
                black[run.text.strip()] = sum(s.kind is LTCurve and s.fill == 0.0 for s in row)
    assert black == {dark: counts["dark-energy"], energy: 0}


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_chamber_s_arrows_go_6_to_3_then_6_10_15_21(paper: Paper) -> None:
    from pnp.cosmos.content import player_board

    tracks, sheets = player_board(), board_sheets(paper)

    def box(size: float, value: int) -> Box:
        run = next(
            r
            for sheet in sheets
            for r in sheet.runs
            if r.size == pytest.approx(size) and r.text.strip() == str(value)
        )
        return around(sheets, run.cx, run.cy, 30 * MM, 5 * MM)

    top = box(11, tracks.chamber_top)
    scoring = [box(10, points) for points in tracks.chamber_scoring]
    lines = [s for sheet in sheets for s in sheet.shapes if s.kind is LTLine]
    heads = [s for sheet in sheets for s in sheet.shapes if s.kind is LTCurve and s.fill == 0.0]
    up = [
        s
        for s in lines
        if s.box.w < 0.1
        and top.x < s.box.x < top.right
        and top.top <= s.box.y < s.box.top <= scoring[0].y
    ]
    assert len(up) == 1 and scoring[0].x < up[0].box.x < scoring[0].right
    assert any(abs(h.box.top - scoring[0].y) < MM and h.box.y > top.top for h in heads)
    for a, b in itertools.pairwise(scoring):  # a head at b's edge, pointing at it
        gap = Box(min(a.right, b.right), a.y, max(a.x, b.x) - min(a.right, b.right), a.h)
        assert any(gap.x <= s.box.x and s.box.right <= gap.right for s in lines)
        nearer = b.right if b.x < a.x else b.x
        assert any(
            gap.x - 0.5 <= h.box.x
            and h.box.right <= gap.right + 0.5
            and min(abs(h.box.x - nearer), abs(h.box.right - nearer)) < MM
            for h in heads
        )


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_each_sheet_says_which_edges_to_cut(paper: Paper) -> None:
    headers = [
        " ".join(r.text for r in sheet.runs if r.size >= 6 and r.y0 > sheet.content.top - 30)
        for sheet in main_board_sheets(paper)
    ]
    cut = text("print.tiles.cut")
    expected = [None, "print.tiles.left", "print.tiles.top", "print.tiles.both"]  # A1 B1 A2 B2
    for header, edges, name in zip(headers, expected, ("A1", "B1", "A2", "B2"), strict=True):
        assert header.startswith(f"{name} · "), header  # no player's shape on the main board
        if edges is None:
            assert cut.split("{")[0].strip() not in header
        else:
            assert cut.format(edges=text(edges)) in header, header
