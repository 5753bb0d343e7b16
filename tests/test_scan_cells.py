"""One cell of a sheet read from pen ink drawn straight onto a rectified page (10 px a
millimetre, a 10 mm cell): what a player marks is read, what a neighbour's stroke or a
soft photo leaves is not taken for a mark, and a star's ring is read only when clear."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

from pnp.read.starcharts_photo import _cell
from pnp.read.starcharts_reading import Doubt
from pnp.starcharts.chart import Cell, load_chart

CHART = load_chart("cancer-8")
CHART_OBSTACLES = load_chart("cancer-8-obstacles")
OPEN = CHART.cells.index(Cell.OPEN)
STAR = CHART.cells.index(Cell.STAR)
BOX = (100, 100, 200, 200)  # the cell, in pixels, on a 300 x 300 page
SHARP = 10.0  # the photo's own pixels a millimetre


def page() -> NDArray[np.uint8]:
    return np.zeros((300, 300), np.uint8)


def read(index: int, ink: NDArray[np.uint8], detail: float = SHARP) -> str:
    doubts: list[Doubt] = []
    got = _cell(CHART, index, BOX, (ink, np.full_like(ink, 255)), doubts, detail)
    assert (got == "?") == bool(doubts)
    return got


def cross(ink: NDArray[np.uint8], value: int = 255) -> NDArray[np.uint8]:
    cv2.line(ink, (115, 112), (186, 188), value, 6)
    cv2.line(ink, (185, 113), (114, 187), value, 6)
    return ink


def circle(ink: NDArray[np.uint8]) -> NDArray[np.uint8]:
    cv2.circle(ink, (150, 150), 42, 255, 5)
    return ink


def test_a_cross_is_a_mark_and_a_blank_cell_is_its_symbol() -> None:
    assert read(OPEN, cross(page())) == "x"
    assert read(OPEN, page()) == "."
    assert read(STAR, page()) == "*"


@pytest.mark.parametrize("corner", [(130, 130), (170, 130), (130, 170), (170, 170)])
def test_ink_in_one_quarter_of_a_cell_only_is_asked_not_read_as_a_mark(
    corner: tuple[int, int],
) -> None:
    """A neighbour's cross overshooting into the cell, or a stray line, reaches one
    corner; a player's mark crosses the cell's middle."""
    ink = page()
    x, y = corner
    cv2.line(ink, (x, y), (x + (x - 150) * 3, y + (y - 150) * 3), 255, 8)
    assert read(OPEN, ink) == "?"


def test_a_soft_photo_s_grey_smear_is_not_a_light_pencil_mark() -> None:
    """Grey below a third of a pen's darkness round the cell is paper, but a cross at a
    third of a dark pen's darkness is not taken for an empty cell."""
    smear = page()
    cv2.rectangle(smear, (122, 122), (178, 178), 38, 3)
    assert read(OPEN, smear) == "."
    assert read(OPEN, cross(page(), 85)) != "."


def test_a_crossed_star_ringed_round_is_circled_and_a_cross_alone_is_not() -> None:
    assert read(STAR, circle(cross(page()))) == "o"
    assert read(STAR, cross(page())) == "x"


def test_a_broken_ring_with_ink_nearer_the_star_is_asked() -> None:
    """A circle leaves the paper between it and the star blank; ink on a third of a
    ring nearer the star is a scribble's, which a ring that is not whole cannot tell
    from a circle; a whole ring can."""
    ink = circle(cross(page()))
    cv2.ellipse(ink, (150, 150), (25, 25), 0, 180, 240, 255, 4)
    assert read(STAR, ink) == "o"
    cv2.rectangle(ink, (180, 136), (200, 164), 0, -1)  # the ring broken at its right
    assert read(STAR, ink) == "?"


def test_a_light_pencil_s_ring_round_a_crossed_star_is_asked() -> None:
    """A sixth of the ring pressed hard, the rest only grey: not read as a bare cross."""
    ink = cross(page())
    cv2.circle(ink, (150, 150), 42, 60, 5)
    cv2.ellipse(ink, (150, 150), (42, 42), 0, 0, 60, 255, 5)
    assert read(STAR, ink) == "?"
    bare = cross(page())
    cv2.ellipse(bare, (150, 150), (42, 42), 0, 0, 60, 255, 5)
    assert read(STAR, bare) == "x"


def test_on_a_soft_photo_a_ring_with_a_gap_is_a_circle_only_when_clear_inside() -> None:
    """A soft photo smears the star's outline into a ring of its own: a ring with a gap
    counts there only when the paper between it and the star is clear."""
    ink = page()
    cv2.line(ink, (136, 136), (164, 164), 255, 6)  # a short slash over the star
    cv2.ellipse(ink, (150, 150), (42, 42), 0, 30, 350, 255, 5)
    assert read(STAR, ink, detail=3.0) == "o"
    cv2.ellipse(ink, (150, 150), (25, 25), 0, 180, 300, 255, 4)
    assert read(STAR, ink, detail=3.0) == "?"


def test_on_a_soft_photo_a_darker_smear_is_paper_and_a_light_cross_still_a_mark() -> None:
    smear = page()
    cv2.rectangle(smear, (122, 122), (178, 178), 46, 3)
    assert read(OPEN, smear) == "?"
    assert read(OPEN, smear, detail=3.0) == "."
    assert read(OPEN, cross(page(), 110), detail=3.0) != "."


def test_a_light_pencil_s_slash_in_a_used_box_is_asked_not_read_as_no_mark() -> None:
    from pnp.read.starcharts_marks import mark as _mark

    ink = page()
    cv2.line(ink, (110, 190), (190, 110), 70, 12)
    doubts: list[Doubt] = []
    seen = (ink, np.full_like(ink, 255))
    assert _mark("split used", ("used", 2), BOX, seen, doubts) is None
    assert [d.what for d in doubts] == ["split used"]
    assert _mark("split used", ("used", 2), BOX, (page(), seen[1]), []) is False


def test_a_dot_inside_a_printed_symbol_s_middle_is_asked_not_read_as_empty() -> None:
    """The cell's paper round the asteroid shows nothing; its middle does."""
    asteroid = CHART_OBSTACLES.cells.index(Cell.ASTEROID)
    clear = np.full((300, 300), 255, np.uint8)
    cv2.circle(clear, (150, 150), 36, 0, -1)  # the printed asteroid and its margin
    ink = page()
    cv2.circle(ink, (150, 150), 6, 255, -1)
    doubts: list[Doubt] = []
    assert _cell(CHART_OBSTACLES, asteroid, BOX, (ink, clear), doubts, SHARP) == "?"
    assert _cell(CHART_OBSTACLES, asteroid, BOX, (page(), clear), [], SHARP) == "A"


def test_a_star_whose_print_lies_off_the_blank_s_is_asked() -> None:
    """Its own outline would show as pen round it: a ring, or a mark, not there."""
    from pnp.read.starcharts_photo import _registered

    def printed(dx: int) -> NDArray[np.uint8]:
        gray = np.full((300, 300), 230, np.uint8)
        for x in (100, 200):
            cv2.line(gray, (x, 80), (x, 220), 20, 3)
            cv2.line(gray, (80, x), (220, x), 20, 3)
        points = [(150, 120), (160, 145), (185, 150), (160, 160), (150, 185), (140, 160)]
        star = np.array([*points, (115, 150), (140, 145)]) + np.array([dx, 0])
        cv2.fillPoly(gray, [star.astype(np.int32)], 20)
        return gray

    doubts: list[Doubt] = []
    assert _registered(CHART, STAR, BOX, (printed(0), printed(0)), doubts) is None
    assert _registered(CHART, STAR, BOX, (printed(9), printed(0)), doubts) == "?"
    assert [d.choices for d in doubts] == [("x", "o", "*")]


@pytest.mark.parametrize(("radius", "read_as"), [(56, "o"), (60, "?")])
def test_a_star_crossed_with_a_ring_drawn_round_its_whole_cell_is_never_read_crossed(
    radius: int, read_as: str
) -> None:
    """A sloppy ring strays out of the cell's own band, over its lines: at 1.1 of half the
    side it is still a ring; at 1.2, past where a ring is looked for, it is asked about,
    never read as the cross alone."""
    ink = cross(page())
    cv2.circle(ink, (150, 150), radius, 255, 4)
    assert read(STAR, ink) == read_as
    assert read(STAR, cross(page())) == "x"  # a cross alone is still read


def test_a_light_straight_stroke_among_a_pages_unmarked_cells_is_asked() -> None:
    from pnp.read.starcharts_marks import stand_out
    from pnp.scan.ink import line_ink

    rng = np.random.default_rng(3)
    clear = np.ones((56, 56), np.float32)
    grainy = [rng.uniform(0.0, 0.05, (56, 56)).astype(np.float32) for _ in range(30)]
    lines = {k: line_ink(cell, clear) for k, cell in enumerate(grainy)}
    assert stand_out(lines, 0.04) == []  # grain alone: nothing stands out
    stroke = grainy[0].copy()
    cv2.line(stroke, (5, 50), (50, 5), 0.25, 2)  # a light pencil's slash
    lines[0] = line_ink(stroke, clear)
    assert stand_out(lines, 0.04) == [0]
    assert stand_out({0: lines[0]}, 0.04) == [0]  # alone on its page: the floor decides


def test_a_grid_line_printed_out_of_place_across_a_cell_is_asked_not_read_as_a_mark() -> None:
    """Where the page was not brought onto the blank, the photo's own grid line lies
    inside the cell and shows as pen: a line along one way only, unlike any mark."""
    ink = page()
    cv2.line(ink, (95, 130), (205, 130), 255, 6)  # the top line, 3 mm low
    assert read(OPEN, ink) == "?"
    ink = page()
    cv2.line(ink, (170, 95), (170, 205), 255, 6)  # a side line, 2 mm in
    assert read(OPEN, ink) == "?"
    assert read(OPEN, cross(page())) == "x"
