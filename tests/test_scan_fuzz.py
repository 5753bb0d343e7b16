"""Hostile photos: any image file, damaged or made up, either reads or is our one-line
PhotoError; never a traceback, never a reading of something that is not a sheet."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.read.starcharts_photo import read_sheet
from pnp.scan.photo import PhotoError

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))

from scan_sheets import shot

EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "25"))


@pytest.fixture(scope="module")
def photo() -> bytes:
    image = cv2.resize(shot(11, 2.0).image, (1024, 768))
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()


def _read(tmp: Path, data: bytes, name: str = "p.jpg") -> None:
    path = tmp / name
    path.write_bytes(data)
    try:
        read_sheet(path)
    except PhotoError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    cut=st.integers(0, 200_000),
    flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=20),
)
def test_a_damaged_photo_reads_or_is_one_line(
    photo: bytes, tmp_path_factory: pytest.TempPathFactory, cut: int, flips: list[tuple[int, int]]
) -> None:
    data = bytearray(photo[: max(4, len(photo) - cut)])
    for at, value in flips:
        data[at % len(data)] = value
    _read(tmp_path_factory.mktemp("fuzz"), bytes(data))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.tuples(st.integers(1, 1400), st.integers(1, 1400)),
    kind=st.sampled_from(["noise", "flat", "squares"]),
)
def test_any_image_reads_or_is_one_line(
    tmp_path_factory: pytest.TempPathFactory, seed: int, size: tuple[int, int], kind: str
) -> None:
    rng = np.random.default_rng(seed)
    rows, cols = size
    if kind == "noise":
        image = rng.integers(0, 256, (rows, cols, 3), dtype=np.uint8)
    elif kind == "flat":
        image = np.full((rows, cols, 3), int(rng.integers(0, 256)), np.uint8)
    else:  # black squares on white, as markers are
        image = np.full((rows, cols, 3), 255, np.uint8)
        for _ in range(int(rng.integers(1, 30))):
            x, y, s = (int(v) for v in rng.integers(0, max(cols, rows), 3))
            image[y : y + s % 80, x : x + s % 80] = 0
    _read(tmp_path_factory.mktemp("fuzz"), cv2.imencode(".png", image)[1].tobytes(), "p.png")


def test_a_photo_of_an_astra_pad_is_named(tmp_path: Path) -> None:
    import photos  # bench/photos.py

    from pnp.astra.text import Lang
    from pnp.layouts.astra.box_documents import score_pad_document
    from pnp.paper.sizes import A4
    from pnp.render.pdf import render_pdf

    pdf = tmp_path / "pad.pdf"
    pdf.write_bytes(render_pdf(score_pad_document(A4, Lang.EN, 4)))
    taken = photos.photograph(photos.render_page(pdf), np.random.default_rng(1), 12.0)
    path = tmp_path / "pad.jpg"
    path.write_bytes(cv2.imencode(".jpg", taken.image)[1].tobytes())
    with pytest.raises(PhotoError, match="an Astra score pad, not a Star Charts sheet"):
        read_sheet(path)
