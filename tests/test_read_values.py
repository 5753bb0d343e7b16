"""What the photo reader lets a Star Charts number box hold, by the rules and the grid as
read; and the loops check on zeros a pen has nearly filled or slashed."""

from __future__ import annotations

import cv2
import numpy as np

from pnp.read.starcharts_values import box_values, filled_values
from pnp.scan.digits import DigitReading, among
from pnp.scan.loops import loops_agree
from pnp.starcharts.chart import Cell, load_chart
from pnp.starcharts.finished import UNREAD

CHART = load_chart("lyra-8")
DEALT = ("two-rows", "four-corners", "all-stars", "half-sky")  # 6/3, 4/2, 7/4, 3/1


def _grid(marked: set[int]) -> tuple[str, ...]:
    return tuple("x" if i in marked else k.value for i, k in enumerate(CHART.cells))


def test_a_box_holds_a_skip_or_a_value_of_a_dealt_card_the_grid_meets() -> None:
    n = CHART.size
    corners = {0, n - 1, n * (n - 1), n * n - 1}
    assert box_values(CHART, _grid(corners), DEALT) == ("0", "2", "4")
    half = set(range(n * n // 2)) | corners
    assert box_values(CHART, _grid(half), DEALT) == ("0", "1", "2", "3", "4", "6")
    assert box_values(CHART, _grid(set()), DEALT) == ("0",)


def test_a_grid_not_read_whole_or_cards_not_known_narrow_nothing() -> None:
    unsure = (UNREAD, *_grid(set())[1:])
    assert box_values(CHART, unsure, DEALT) == ("0", "1", "2", "3", "4", "6", "7")
    assert box_values(CHART, _grid(set()), None) == tuple("012345678")
    assert box_values(CHART, _grid(set()), ("no-such-card",)) == tuple("012345678")
    assert filled_values(CHART, unsure) == ("5", "0")


def test_the_filled_sheet_box_holds_5_on_a_full_grid_and_0_on_any_other() -> None:
    everything = set(range(len(CHART.cells)))
    assert filled_values(CHART, _grid(everything)) == ("5",)
    assert filled_values(CHART, _grid(everything - {3})) == ("0",)
    circled = tuple("o" if k is Cell.STAR else "x" for k in CHART.cells)
    assert filled_values(CHART, circled) == ("5",)


def test_a_digit_written_outside_the_values_is_asked_not_turned_into_one() -> None:
    eight = DigitReading(8, 0.97, (0.0,) * 8 + (0.97, 0.03))
    assert among(eight, frozenset({0, 3})).confidence == 0.0
    nine = DigitReading(9, 0.4, (0.0,) * 8 + (0.2, 0.4))  # unsure: not clearly written
    assert among(nine, frozenset({8})).digit == 8


def _zero(pen: int, slash: bool, blur: float) -> np.ndarray:
    ink = np.zeros((80, 60), np.float32)
    cv2.ellipse(ink, (30, 40), (10, 30), 0, 0, 360, 1.0, pen)
    if slash:
        cv2.line(ink, (37, 22), (23, 58), 1.0, pen)
    return np.asarray(cv2.GaussianBlur(ink, (0, 0), blur), np.float32)


def test_a_zero_nearly_filled_by_a_thick_pen_or_slashed_still_has_its_loop() -> None:
    # Each of these once failed: the loop's grey or its slashed halves were no loop.
    for pen, slash, blur in ((6, True, 3.5), (8, False, 3.5), (8, True, 2.5), (10, True, 1.5)):
        assert loops_agree(_zero(pen, slash, blur), 0), (pen, slash, blur)
    six = np.zeros((80, 60), np.float32)
    cv2.ellipse(six, (30, 58), (13, 14), 0, 0, 360, 1.0, 6)
    cv2.line(six, (18, 55), (34, 8), 1.0, 6)
    assert not loops_agree(six, 0)  # one loop, low down and short
    assert loops_agree(six, 6)


def test_a_noisy_photos_grain_is_an_empty_box_and_a_faint_stroke_is_not() -> None:
    from pnp.scan.combs import blank_box

    rng = np.random.default_rng(7)
    grain = np.zeros((114, 190), np.float32)
    specks = rng.integers(0, (114, 190), (200, 2))
    grain[specks[:, 0], specks[:, 1]] = rng.uniform(0.13, 0.25, 200)
    grain = np.asarray(cv2.dilate(grain, np.ones((2, 2), np.uint8)), np.float32)
    assert blank_box(grain)  # 200 specks, 2.7 % of the box: too much for grey alone
    stroke = np.zeros((114, 190), np.float32)
    cv2.line(stroke, (95, 25), (90, 90), 0.2, 3)  # a light pencil's 1, 0.3 mm wide
    assert not blank_box(stroke)
    assert not blank_box(np.maximum(grain, stroke))


def test_a_five_whose_bowl_closed_up_is_no_six_its_top_is_a_bar() -> None:
    five = np.zeros((80, 60), np.float32)
    cv2.line(five, (16, 8), (48, 8), 1.0, 6)  # the bar
    cv2.line(five, (16, 8), (16, 40), 1.0, 6)
    cv2.ellipse(five, (30, 56), (15, 16), 0, 0, 360, 1.0, 6)  # the bowl, closed
    assert not loops_agree(five, 6)
