"""The chart a photographed sheet shows, when its QR code does not read: told from the
title band and the whole sheet, and never guessed when two charts are near alike."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.read.starcharts_photo import read_sheet
from pnp.scan.photo import PhotoError

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))

import photo_marks as pm
import photos
from scan_sheets import draw, random_truth, shot

from pnp.layouts.starcharts.sheet import sheet_qr
from pnp.paper.sizes import PAPERS
from pnp.paper.units import mm
from pnp.starcharts.chart import load_chart


def test_a_sheet_without_its_code_is_told_by_its_title_and_print(tmp_path: Path) -> None:
    rng = np.random.default_rng(4)
    chart = load_chart("lyra-8-obstacles")
    truth = random_truth(chart, rng)
    image = draw(truth, "a4", 1, pm.random_pen(rng), rng, np.random.default_rng([4, 2]))
    qr, paper = sheet_qr(PAPERS["a4"], 1), PAPERS["a4"]
    left, top = round(qr.x / mm(1) * 10), round((paper.height - qr.top) / mm(1) * 10)
    image[top : top + round(qr.h / mm(1) * 10), left : left + round(qr.w / mm(1) * 10)] = 255
    taken = photos.photograph(image, rng, 12.0, fill=0.85, blur=0.5, bend=0.0)
    path = tmp_path / "no-code.jpg"
    cv2.imwrite(str(path), taken.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert read_sheet(path).chart.id == "lyra-8-obstacles"


def test_a_chart_not_clearly_told_apart_from_its_variant_is_refused(tmp_path: Path) -> None:
    """A bench photo (seed 500121) whose code does not read: ursa-minor-8 and its
    obstacle variant fit nearly alike, and a reading of the wrong one had been silent."""
    s = shot(500121)
    path = tmp_path / "ursa.jpg"
    cv2.imwrite(str(path), s.image, [cv2.IMWRITE_JPEG_QUALITY, 100])
    with pytest.raises(PhotoError, match="name the chart with --chart"):
        read_sheet(path)
    assert read_sheet(path, load_chart(s.truth.chart)).chart.id == "ursa-minor-8"
