"""The handwritten-digit reader: right and sure on clear digits, unsure on what is not one."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.typing import NDArray

from pnp.scan.digits import THRESHOLD, WEIGHTS, DigitReading, among, columns, read_digit

Ink = NDArray[np.float32]


def hershey(digit: int, font: int, box: int = 100, slant: float = 0.0) -> Ink:
    """A digit in a Hershey font (never used in training), slanted, in a square box."""
    canvas = np.zeros((box, box), dtype=np.uint8)
    size = 0.6 * box
    (_, height), _ = cv2.getTextSize(str(digit), font, 1.0, 1)
    cv2.putText(
        canvas, str(digit), (box // 3, box - box // 5), font, size / height, 255, 5, cv2.LINE_AA
    )
    shear = np.array([[1, -slant, slant * box / 2], [0, 1, 0]], dtype=np.float32)
    return np.asarray(
        cv2.warpAffine(canvas.astype(np.float32) / 255, shear, (box, box)), np.float32
    )


@pytest.mark.parametrize("digit", [0, 1, 2, 3, 4, 5, 8, 9])
def test_clear_hershey_digits_are_read_and_accepted(digit: int) -> None:
    reading = read_digit(hershey(digit, cv2.FONT_HERSHEY_SIMPLEX))
    assert reading.digit == digit, reading
    assert reading.confidence >= THRESHOLD, reading


@pytest.mark.parametrize(
    ("font", "slant"),
    [
        (cv2.FONT_HERSHEY_SIMPLEX, 0.0),
        (cv2.FONT_HERSHEY_PLAIN, 0.2),
        (cv2.FONT_HERSHEY_DUPLEX, -0.15),
        (cv2.FONT_HERSHEY_SIMPLEX, 0.3),
    ],
)
def test_slanted_digits_in_other_fonts_are_read_and_never_accepted_wrong(
    font: int, slant: float
) -> None:
    readings = [read_digit(hershey(digit, font, box=80, slant=slant)) for digit in range(10)]
    assert [r.digit for r in readings] == list(range(10)), readings
    # The threshold is strict (0 accepted-and-wrong on warped fonts): some clear digits
    # are still asked about, but never most of them.
    assert sum(r.confidence >= THRESHOLD for r in readings) >= 4, readings


def test_a_box_line_and_specks_do_not_change_the_reading() -> None:
    ink = hershey(3, cv2.FONT_HERSHEY_SIMPLEX, box=120)
    ink[:, :3] = 1.0  # a sliver of the box's left line
    ink[5:8, 100:103] = 0.8  # a speck
    reading = read_digit(ink)
    assert (reading.digit, reading.confidence >= THRESHOLD) == (3, True), reading


def test_probabilities_are_ten_and_the_digit_is_the_likeliest() -> None:
    reading = read_digit(hershey(7, cv2.FONT_HERSHEY_DUPLEX))
    assert len(reading.probabilities) == 10
    assert sum(reading.probabilities) <= 1.0 + 1e-5
    assert reading.probabilities[reading.digit] == max(reading.probabilities)


def test_every_opinion_must_be_sure_of_the_digit() -> None:
    reading = read_digit(hershey(2, cv2.FONT_HERSHEY_SIMPLEX))
    assert len(reading.opinions) >= 10  # networks x the image moved a pixel each way
    assert reading.confidence == pytest.approx(min(v[2] for v in reading.opinions), abs=1e-6)
    assert reading.confidence <= reading.probabilities[2] + 1e-6


def test_among_the_allowed_values_the_least_sure_opinion_decides() -> None:
    sure = (0.0,) * 5 + (0.98, 0.02) + (0.0,) * 4
    torn = (0.0,) * 5 + (0.5, 0.5) + (0.0,) * 4  # a 5 or a 6
    reading = DigitReading(5, 0.5, (0.0,) * 5 + (0.74, 0.26) + (0.0,) * 3, (sure, torn))
    assert among(reading, frozenset({5, 6})).confidence == pytest.approx(0.5)
    assert among(reading, frozenset({5, 0})).confidence == pytest.approx(1.0)
    assert among(reading, frozenset({0})).confidence == 0.0


def speck_only() -> Ink:
    ink = np.zeros((80, 80), dtype=np.float32)
    ink[30:32, 40:42] = 1.0
    ink[60, 10] = 0.7
    return ink


def faint() -> Ink:
    return hershey(5, cv2.FONT_HERSHEY_SIMPLEX) * np.float32(0.08)


def scribble() -> Ink:
    ink = np.zeros((80, 120), dtype=np.uint8)
    points = np.array([[10, 40], [30, 20], [50, 60], [70, 20], [90, 60], [110, 35]], np.int32)
    cv2.polylines(ink, [points], False, 255, 6, cv2.LINE_AA)
    return np.asarray(ink, np.float32) / np.float32(255)


def two_digits() -> Ink:
    ink = np.zeros((100, 100), dtype=np.float32)
    left = hershey(1, cv2.FONT_HERSHEY_SIMPLEX, box=100)
    right = hershey(4, cv2.FONT_HERSHEY_SIMPLEX, box=100)
    ink[20:70, 0:50] = cv2.resize(left, (50, 50))
    ink[20:70, 50:100] = cv2.resize(right, (50, 50))
    return ink


@pytest.mark.parametrize(
    "make", [lambda: np.zeros((60, 60), np.float32), speck_only, faint, scribble, two_digits]
)
def test_what_is_no_clear_digit_is_not_accepted(make: Callable[[], Ink]) -> None:
    reading = read_digit(make())
    assert isinstance(reading, DigitReading)
    assert reading.confidence < THRESHOLD, reading


@settings(max_examples=60, deadline=None)
@given(
    hnp.arrays(
        np.float32,
        hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=48),
        elements=st.floats(width=32),
    )
)
def test_any_float32_array_gives_a_reading(ink: Ink) -> None:
    reading = read_digit(ink)
    assert 0 <= reading.digit <= 9
    assert 0.0 <= reading.confidence <= 1.0
    assert len(reading.probabilities) == 10


@pytest.mark.parametrize(("k", "stride"), [(3, 1), (5, 2), (3, 2)])
def test_the_networks_convolution_is_a_convolution(k: int, stride: int) -> None:
    rng = np.random.default_rng(k * 10 + stride)
    image = rng.random((2, 14, 14, 1)).astype(np.float32)
    kernel = rng.random((k, k)).astype(np.float32)
    out = (columns(image, k, stride) @ kernel.reshape(-1, 1)).reshape(2, -1)
    for n in range(2):
        expected = cv2.filter2D(image[n, :, :, 0], -1, kernel, borderType=cv2.BORDER_CONSTANT)
        np.testing.assert_allclose(out[n], expected[::stride, ::stride].ravel(), atol=1e-5)


def test_the_weights_are_small() -> None:
    assert WEIGHTS.stat().st_size < 1_500_000
