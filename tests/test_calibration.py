"""The duplex calibration sheet, read back from its PDF: crosses on the front, scales at
their mirrored places on the back, labels a player can read, and readings that are the
--back-offset a player should type."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations, pairwise
from typing import Any

import pytest
from pypdf.generic import ContentStream

from pnp.draw.shapes import Flip
from pnp.layouts.calibration import ARM, BAR, SPAN, TOLERANCE, calibration_document
from pnp.layouts.page import strip_height
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, DEAD_MARGIN, LETTER, Paper, back_slot
from pnp.render.pdf import render_pdf
from tests.pdfread import (
    MM,
    PageContent,
    Run,
    Segment,
    join_runs,
    pages,
    reader,
    viewer_preferences,
)

CASES = [(paper, flip) for paper in (A4, LETTER) for flip in Flip]
IDS = [f"{paper.name}-{flip.value}" for paper, flip in CASES]
ERRORS = [(1.5, -1.0), (-2.5, 0.5), (0.0, 3.0), (-4.0, -4.5)]  # a printer's, in mm

Point = tuple[float, float]


@cache
def sheet_pdf(paper: Paper, flip: Flip) -> bytes:
    return render_pdf(calibration_document(paper, flip))


@cache
def sheet(paper: Paper, flip: Flip) -> tuple[PageContent, PageContent]:
    front, back = pages(sheet_pdf(paper, flip))
    return front, back


def behind(p: Point, paper: Paper, flip: Flip) -> Point:
    """Where a front point is on the back, in the back's coordinates: the sheet turns
    over about its long edge (left and right swap) or its short edge (top and bottom)."""
    x, y = p
    return (paper.width - x, y) if flip is Flip.LONG else (x, paper.height - y)


def runs(page: PageContent) -> list[Run]:
    """The page's strings, top to bottom and left to right; glyphs of one string touch."""
    chars = sorted(page.chars, key=lambda c: (-round(c.y0, 2), c.x0))
    return [replace(r, text=r.text.strip()) for r in join_runs(chars, 0.05) if r.text.strip()]


def words(page: PageContent) -> str:
    return " ".join(r.text for r in runs(page)).replace("\u00a0", " ")


def crosses(front: PageContent) -> list[Point]:
    """Centres of the front's crosses: a horizontal and a vertical arm, 2 × ARM mm long,
    crossing at their middles."""
    arm = 2 * ARM * MM

    def long(s: Segment) -> bool:
        return abs(math.dist((s.x0, s.y0), (s.x1, s.y1)) - arm) < 0.05

    across = [s for s in front.lines if s.horizontal and long(s)]
    upright = [s for s in front.lines if s.vertical and long(s)]
    out = []
    for h in across:
        for v in upright:
            if abs((h.x0 + h.x1) / 2 - v.x0) < 0.01 and abs((v.y0 + v.y1) / 2 - h.y0) < 0.01:
                out.append((v.x0, h.y0))
    return out


@dataclass(frozen=True)
class Grid:
    """One of the back's scales: its lines, and the value under a point read off its
    labels, as a player reads it."""

    xs: list[float]  # vertical lines
    ys: list[float]  # horizontal lines
    labels: list[Run]

    @property
    def box(self) -> Box:
        return Box(self.xs[0], self.ys[0], self.xs[-1] - self.xs[0], self.ys[-1] - self.ys[0])

    @property
    def centre(self) -> Point:
        return self.box.cx, self.box.cy

    def _below(self) -> list[Run]:
        return [r for r in self.labels if r.y1 <= self.box.y and r.x0 < self.box.right]

    def _beside(self) -> list[Run]:
        return [r for r in self.labels if r.x1 <= self.box.x and r.y0 > self.box.y - 2 * MM]

    def _line(self, label: Run, lines: list[float], at: float) -> float:
        """The line a label names (it sits beside it, centred on it)."""
        line = min(lines, key=lambda v: abs(v - at))
        assert abs(line - at) < 0.5 * MM, label
        return line

    def _x(self, text: str) -> float:
        (label,) = [r for r in self._below() if r.text == text]
        return self._line(label, self.xs, label.cx)

    def _y(self, text: str) -> float:
        (label,) = [r for r in self._beside() if r.text == text]
        return self._line(label, self.ys, label.cy)

    def zero(self) -> Point:
        return self._x("0"), self._y("0")

    def units(self) -> Point:
        """Points per unit of reading, signed by where the labels put +5."""
        x0, y0 = self.zero()
        return (self._x("+5") - x0) / 5, (self._y("+5") - y0) / 5

    def reading(self, p: Point, shift: Point = (0.0, 0.0)) -> Point:
        """The value under ``p`` when the back was printed ``shift`` points off."""
        (x0, y0), (ux, uy) = self.zero(), self.units()
        return (p[0] - x0 - shift[0]) / ux, (p[1] - y0 - shift[1]) / uy


def grids(back: PageContent) -> list[Grid]:
    length = 2 * SPAN * MM
    upright = [s for s in back.lines if s.vertical and abs(abs(s.y1 - s.y0) - length) < 0.05]
    across = [s for s in back.lines if s.horizontal and abs(abs(s.x1 - s.x0) - length) < 0.05]
    out = []
    for left in sorted({round(min(s.x0, s.x1), 2) for s in across}):
        for bottom in sorted({round(min(s.y0, s.y1), 2) for s in upright}):
            xs = sorted(
                s.x0
                for s in upright
                if abs(min(s.y0, s.y1) - bottom) < 0.01 and -0.01 < s.x0 - left < length + 0.01
            )
            ys = sorted(
                s.y0
                for s in across
                if abs(min(s.x0, s.x1) - left) < 0.01 and -0.01 < s.y0 - bottom < length + 0.01
            )
            if xs and ys:
                cx, cy = left + length / 2, bottom + length / 2
                near = Box(cx - 16 * MM, cy - 12 * MM, 36 * MM, 24 * MM)
                labels = [r for r in runs(back) if near.overlaps(_box(r))]
                out.append(Grid(xs, ys, labels))
    return out


def _box(r: Run) -> Box:
    return Box(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0)


def grid_at(back: PageContent, p: Point) -> Grid:
    (grid,) = [g for g in grids(back) if g.box.inset(-0.01).contains(Box(*p, 0, 0))]
    return grid


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_five_crosses_spread_over_the_page_and_a_scale_behind_each(
    paper: Paper, flip: Flip
) -> None:
    front, back = sheet(paper, flip)
    found = crosses(front)
    assert len(found) == 5
    xs, ys = {round(x, 2) for x, _ in found}, {round(y, 2) for _, y in found}
    assert len(xs) >= 2 and len(ys) >= 2  # not in one line: they show a turn
    assert max(xs) - min(xs) > 150 * MM and max(ys) - min(ys) > 150 * MM
    behind_crosses = sorted(behind(p, paper, flip) for p in found)
    scales = grids(back)
    assert len(scales) == 5
    for grid in scales:
        assert len(grid.xs) == len(grid.ys) == 2 * SPAN + 1
        assert max(b - a for a, b in pairwise(grid.xs)) < MM + 0.01
    centres = sorted(g.zero() for g in scales)
    assert [v for p in centres for v in p] == pytest.approx(
        [v for p in behind_crosses for v in p], abs=0.01
    )
    # The same mirroring as the card backs.
    for p in found:
        slot = back_slot(Box(*p, 0, 0), paper, flip is Flip.LONG, (0.0, 0.0))
        assert (slot.x, slot.y) == pytest.approx(behind(p, paper, flip), abs=1e-6)


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
@pytest.mark.parametrize("error", ERRORS, ids=str)
def test_the_reading_under_each_cross_is_the_offset_that_corrects_the_printer(
    paper: Paper, flip: Flip, error: tuple[float, float]
) -> None:
    front, back = sheet(paper, flip)
    shift = (error[0] * MM, error[1] * MM)  # the printer puts the whole back this far off
    for cross in crosses(front):
        seen = behind(cross, paper, flip)
        grid = grid_at(back, (seen[0] - shift[0], seen[1] - shift[1]))
        dx, dy = grid.reading(seen, shift)
        assert (dx, dy) == pytest.approx((-error[0], -error[1]), abs=0.01)
        assert max(abs(dx), abs(dy)) <= SPAN
        # Typed as --back-offset DX,DY, it puts a card's back right behind its front.
        card = Box(cross[0] - 10, cross[1] - 10, 20, 30)
        slot = back_slot(card, paper, flip is Flip.LONG, (dx * MM, dy * MM))
        corners = [behind(p, paper, flip) for p in ((card.x, card.y), (card.right, card.top))]
        expected = (min(x for x, _ in corners), min(y for _, y in corners))
        assert (slot.x + shift[0], slot.y + shift[1]) == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_a_turned_or_resized_back_shows_as_corners_disagreeing_by_over_the_tolerance(
    paper: Paper, flip: Flip
) -> None:
    front, back = sheet(paper, flip)
    centre = (paper.width / 2, paper.height / 2)

    def readings(turn_degrees: float, scale: float) -> list[Point]:
        """Every cross's reading when the back prints turned and scaled about the
        page centre (its inverse moves a seen point back into the back's drawing)."""
        a = math.radians(-turn_degrees)
        out = []
        for cross in crosses(front):
            sx, sy = behind(cross, paper, flip)
            dx, dy = (sx - centre[0]) / scale, (sy - centre[1]) / scale
            drawn = (
                centre[0] + dx * math.cos(a) - dy * math.sin(a),
                centre[1] + dx * math.sin(a) + dy * math.cos(a),
            )
            grid = grid_at(back, drawn)
            out.append(grid.reading(drawn))
        return out

    def spread(values: list[Point]) -> float:
        return max(max(abs(a[i] - b[i]) for i in (0, 1)) for a, b in combinations(values, 2))

    assert spread(readings(0.0, 1.0)) < 0.01
    assert spread(readings(0.2, 1.0)) > TOLERANCE
    assert spread(readings(0.0, 1.004)) > TOLERANCE


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_on_a_printer_flipping_the_other_edge_every_cross_misses_by_centimetres(
    paper: Paper, flip: Flip
) -> None:
    front, back = sheet(paper, flip)
    other = Flip.SHORT if flip is Flip.LONG else Flip.LONG
    centres = [g.centre for g in grids(back)]
    for cross in crosses(front):
        seen = behind(cross, paper, other)
        assert min(math.dist(seen, c) for c in centres) > 30 * MM


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_scales_are_labelled_every_5_mm_with_the_plus_directions(paper: Paper, flip: Flip) -> None:
    for grid in grids(sheet(paper, flip)[1]):
        texts = [r.text for r in grid.labels]
        assert sorted(texts) == sorted(["−5", "0", "+5"] * 2 + ["right +", "up +"])
        assert grid.units() == pytest.approx((MM, MM), abs=0.01)
        right = next(r for r in grid.labels if r.text == "right +")
        up = next(r for r in grid.labels if r.text == "up +")
        assert right.x0 > grid.box.right and up.y0 > grid.box.top


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_labels_are_at_least_7_pt_and_do_not_run_together(paper: Paper, flip: Flip) -> None:
    strip = DEAD_MARGIN + strip_height(paper)  # the shared ruler and footer are below
    for page in sheet(paper, flip):
        found = [r for r in runs(page) if r.y0 > strip]
        assert min(r.size for r in found) >= 7 - 0.01
        for a, b in combinations(found, 2):
            assert a.gap(b) > 0, (a.text, b.text)
    front, back = sheet(paper, flip)
    for labels in (
        [label for g in grids(back) for label in g.labels],
        _bar_labels(front) + _table(front),
    ):
        assert len(labels) > 20
        for a, b in combinations(labels, 2):
            assert a.gap(b) >= 1 * MM, (a.text, b.text)


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_nothing_else_is_printed_where_the_scales_are_read(paper: Paper, flip: Flip) -> None:
    front, back = sheet(paper, flip)
    for grid in grids(back):
        x, y = grid.centre
        for side, centre in ((front, behind((x, y), paper, flip)), (back, (x, y))):
            clear = Box(centre[0] - 20 * MM, centre[1] - 14 * MM, 40 * MM, 28 * MM)
            inside = [r for r in runs(side) if clear.overlaps(_box(r))]
            assert inside == (grid.labels if side is back else [])


def _bar(front: PageContent) -> Segment:
    (bar,) = [s for s in front.lines if s.horizontal and abs(s.x1 - s.x0) > 100 * MM]
    return bar


def _bar_labels(front: PageContent) -> list[Run]:
    bar = _bar(front)
    return [
        r
        for r in runs(front)
        if bar.y0 < r.y0 < bar.y0 + 8 * MM and min(bar.x0, bar.x1) - MM < r.cx
    ]


def _table(front: PageContent) -> list[Run]:
    return [r for r in runs(front) if re.fullmatch(r"\d{2,3}\.\d", r.text)]


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_the_scale_bar_is_150_mm_with_mm_ticks_and_labels(paper: Paper, flip: Flip) -> None:
    front = sheet(paper, flip)[0]
    bar = _bar(front)
    left, right = sorted((bar.x0, bar.x1))
    assert abs((right - left) / MM - BAR) <= 0.05
    ticks = sorted(
        s.x0
        for s in front.lines
        if s.vertical and abs(min(s.y0, s.y1) - bar.y0) < 0.01 and left - 0.01 <= s.x0
    )
    assert len(ticks) == BAR + 1
    assert ticks[0] == pytest.approx(left, abs=0.01) and ticks[-1] == pytest.approx(right, abs=0.01)
    steps = [b - a for a, b in pairwise(ticks)]
    assert max(steps) == pytest.approx(MM, abs=0.01) and min(steps) == pytest.approx(MM, abs=0.01)
    numbers = {r.text: r.cx for r in _bar_labels(front) if r.text.isdigit()}
    assert numbers["0"] == pytest.approx(left, abs=0.05)
    assert numbers[str(BAR)] == pytest.approx(right, abs=0.05)


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_the_table_gives_the_scale_percentage_for_a_measured_bar(paper: Paper, flip: Flip) -> None:
    cells = _table(sheet(paper, flip)[0])
    top = max(r.y0 for r in cells)
    lengths = [r for r in cells if abs(r.y0 - top) < 0.01]
    assert len(lengths) >= 5 and len(cells) == 2 * len(lengths)
    pairs = {}
    for length in lengths:
        (under,) = [
            r for r in cells if abs(r.x1 - length.x1) < 0.01 and 0 < length.y0 - r.y0 < 8 * MM
        ]
        pairs[length.text] = under.text
        assert float(under.text) == round(100 * BAR / float(length.text), 1)
    assert pairs["149.0"] == "100.7" and pairs["150.0"] == "100.0"


@pytest.mark.parametrize(("paper", "flip"), CASES, ids=IDS)
def test_the_instructions_name_the_flip_and_the_printer_profile_commands(
    paper: Paper, flip: Flip
) -> None:
    front, back = (words(p) for p in sheet(paper, flip))
    other = "short" if flip is Flip.LONG else "long"
    on = "" if paper is A4 else " --paper letter"  # Letter users are told Letter commands
    command = f"pnp printer set{on} --flip {flip.value} --back-offset DX,DY --scale P"
    for side in (front, back):
        assert command in side and "pnp printer show" in side
        assert f"pnp calibrate --flip {other}{on}" in side
    assert f"flips on the {flip.value} edge" in front
    assert "Printed raw" in front and "absolute" in front
    assert "50 mm ruler" in front
    assert "--back-offset DX,DY" in back and f"{TOLERANCE} mm" in back
    assert "skew" in back and "paper guides" in back


def test_the_sheet_is_vector_gray_only_and_marks_its_flip_edge() -> None:
    for paper, flip in CASES:
        data = sheet_pdf(paper, flip)
        doc = reader(data)
        assert viewer_preferences(data)["/Duplex"] == (
            "/DuplexFlipLongEdge" if flip is Flip.LONG else "/DuplexFlipShortEdge"
        )
        for page in doc.pages:
            operators = {op for _, op in ContentStream(page.get_contents(), doc).operations}
            assert {b"g", b"G"} <= operators
            assert not operators & {b"rg", b"RG", b"k", b"K", b"sc", b"SC", b"scn", b"SCN"}
            resources: Any = page["/Resources"]
            assert "/XObject" not in resources  # no images
