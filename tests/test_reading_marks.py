"""The reading marks on printed sheets: OpenCV finds the four markers where the layout
put them, with the ids of the sheet's kind, and reads the chart from the QR code."""

from __future__ import annotations

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.draw.codes import aruco_dark
from pnp.layouts.page import halves
from pnp.layouts.reading import Corner
from pnp.layouts.starcharts.documents import sheets_document
from pnp.layouts.starcharts.sheet import KINDS, qr_payload, sheet_places
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.paper.units import mm
from pnp.render.pdf import render_pdf
from pnp.starcharts.chart import load_chart

PX_PER_MM = 10


def _page(chart: str, paper: Paper, per_page: int) -> np.ndarray:
    pdf = pdfium.PdfDocument(render_pdf(sheets_document([load_chart(chart)], paper, per_page)))
    bitmap = pdf[0].render(scale=PX_PER_MM * 25.4 / 72, grayscale=True)
    return np.asarray(bitmap.to_numpy(), dtype=np.uint8)


def test_the_marker_bits_are_opencvs() -> None:
    table = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker in range(32):
        image = table.generateImageMarker(marker, 6, borderBits=1)
        assert (np.array(aruco_dark(marker)) == (image == 0)).all(), marker


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
@pytest.mark.parametrize(
    ("chart", "per_page"), [("lyra-8-obstacles", 1), ("orion-10", 1), ("orion-8", 2)]
)
def test_markers_are_found_where_the_layout_put_them(
    paper: Paper, chart: str, per_page: int
) -> None:
    image = _page(chart, paper, per_page)
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters()
    )
    corners, ids, _ = detector.detectMarkers(image)
    places = sheet_places(load_chart(chart), paper, per_page)
    kind = KINDS[per_page, paper.name]
    found = sorted(int(i) for i in ids.ravel())
    expected = [4 * kind + c.value for c in Corner]
    assert found == (expected if per_page == 1 else sorted(expected * 2))
    top, bottom = halves(paper)
    shifts = [0.0] if per_page == 1 else [0.0, top.y - bottom.y]
    for marker, quad in zip(ids.ravel(), corners, strict=True):
        box = places.marks.marker_box(Corner(int(marker) % 4))
        x, y = quad[0][0][0] / PX_PER_MM, (image.shape[0] - quad[0][0][1]) / PX_PER_MM
        assert abs(x - box.x / mm(1)) < 0.3
        assert any(abs(y - (box.top - shift) / mm(1)) < 0.3 for shift in shifts), marker


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
@pytest.mark.parametrize(("chart", "per_page"), [("ursa-minor-10-obstacles", 1), ("lyra-8", 2)])
def test_the_qr_code_names_the_chart(paper: Paper, chart: str, per_page: int) -> None:
    image = _page(chart, paper, per_page)
    places = sheet_places(load_chart(chart), paper, per_page)
    q = places.qr
    h = image.shape[0]
    crop = image[
        int(h - q.top / mm(1) * PX_PER_MM) - 20 : int(h - q.y / mm(1) * PX_PER_MM) + 20,
        int(q.x / mm(1) * PX_PER_MM) - 20 : int(q.right / mm(1) * PX_PER_MM) + 20,
    ]
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(crop)
    assert text == qr_payload(load_chart(chart)) == chart.upper()


def test_kinds_are_apart_and_name_paper_and_layout() -> None:
    assert len(set(KINDS.values())) == len(KINDS) == 4


def test_a_10_by_10_chart_on_half_a_letter_page_is_a_usage_error() -> None:
    result = CliRunner().invoke(
        cli, ["starcharts", "sheet", "lyra-10", "--per-page", "2", "--paper", "letter"]
    )
    assert result.exit_code == 2
    assert "print it one per page" in result.output
