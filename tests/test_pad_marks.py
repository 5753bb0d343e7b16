"""The score pads made to be read: OpenCV finds each pad's four markers where the layout
put them, with its kind's ids; every digit box is large enough for a pen digit, on the
paper and clear of the marks and of the others; the Cosmos pad has a place for every
number of the counts-mode record; the pages stay gray and byte-identical."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf.generic import ContentStream

from pnp.astra.text import Lang
from pnp.cosmos.content import advanced_life, goals
from pnp.cosmos.record import MAX_PLAYERS, SOURCES
from pnp.draw.clip import ink_bounds
from pnp.draw.shapes import Document
from pnp.layouts.astra import score_pad as astra
from pnp.layouts.astra.box_documents import score_pad_document as astra_pad
from pnp.layouts.cosmos import score_pad as cosmos
from pnp.layouts.digits import DIGIT_H, DIGIT_W, PadPlaces
from pnp.layouts.reading import Corner
from pnp.layouts.starcharts.sheet import KINDS as STARCHARTS_KINDS
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.paper.units import mm
from pnp.render.pdf import render_pdf
from tests.pdfread import reader

PX_PER_MM = 10
PAPERS = [A4, LETTER]
Pad = tuple[Callable[[Paper], Document], Callable[[Paper], tuple[PadPlaces, ...]]]
PADS: dict[str, Pad] = {
    "astra-5": (lambda p: astra_pad(p, Lang.EN, 5), lambda p: astra.pad_places(p, 5)),
    "astra-fr-2": (lambda p: astra_pad(p, Lang.FR, 2), lambda p: astra.pad_places(p, 2)),
    "cosmos": (cosmos.score_pad_document, lambda p: (cosmos.pad_places(p),)),
}


def _image(doc: Document) -> np.ndarray:
    pdf = pdfium.PdfDocument(render_pdf(doc))
    bitmap = pdf[0].render(scale=PX_PER_MM * 25.4 / 72, grayscale=True)
    return np.asarray(bitmap.to_numpy(), dtype=np.uint8)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("pad", ["astra-5", "cosmos"])
def test_markers_are_found_where_the_layout_put_them(paper: Paper, pad: str) -> None:
    draw, places = PADS[pad]
    image = _image(draw(paper))
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters()
    )
    corners, ids, _ = detector.detectMarkers(image)
    expected = {
        (marks.marker_id(c), round(b.x / mm(1), 1), round(b.top / mm(1), 1))
        for marks in (p.marks for p in places(paper))
        for c in Corner
        for b in [marks.marker_box(c)]
    }
    assert ids is not None and len(ids) == len(expected)
    for marker, quad in zip(ids.ravel(), corners, strict=True):
        x, y = quad[0][0][0] / PX_PER_MM, (image.shape[0] - quad[0][0][1]) / PX_PER_MM
        assert any(
            m == marker and abs(x - bx) < 0.3 and abs(y - by) < 0.3 for m, bx, by in expected
        ), (marker, x, y)


def test_kinds_are_apart_from_each_other_and_from_the_star_charts_sheets() -> None:
    kinds = [*STARCHARTS_KINDS.values(), *astra.KINDS.values(), *cosmos.KINDS.values()]
    assert len(set(kinds)) == len(kinds) == 8
    assert set(astra.KINDS.values()) == {4, 5} and set(cosmos.KINDS.values()) == {6, 7}
    for paper in PAPERS:
        assert astra.pad_places(paper, 3)[0].marks.kind == astra.KINDS[paper.name]
        assert cosmos.pad_places(paper).marks.kind == cosmos.KINDS[paper.name]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("pad", list(PADS))
def test_digit_boxes_take_a_pen_digit_on_the_paper_clear_of_the_marks(
    paper: Paper, pad: str
) -> None:
    for places in PADS[pad][1](paper):
        marks = places.marks
        corners = [marks.marker_box(c).inset(-marks.side / 6) for c in Corner]
        boxes = [b for _, digits in places.numbers for b in digits]
        assert len(set(places.names)) == len(places.names)
        for b in boxes:
            assert b.w >= DIGIT_W - 1e-6 and b.h >= DIGIT_H - 1e-6
            assert b.w >= mm(6) - 1e-6 and b.h >= mm(8) - 1e-6
            assert paper.printable.contains(b) and marks.frame.contains(b)
            assert not any(c.overlaps(b) for c in corners)
        for i, a in enumerate(boxes):
            assert not any(a.overlaps(b) for b in boxes[i + 1 :]), a


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("pad", list(PADS))
def test_the_markers_have_their_white_quiet_zone(paper: Paper, pad: str) -> None:
    draw, places = PADS[pad]
    page = draw(paper).pages[0]
    for marks in (p.marks for p in places(paper)):
        for corner in Corner:
            marker = marks.marker_box(corner)
            zone = marker.inset(-marks.side / 6 + 1e-3)
            for item in page.items:
                ink = ink_bounds(item)
                assert marker.contains(ink, 0.1) or not zone.overlaps(ink), item


def _right(boxes: tuple[Box, ...]) -> float:
    return boxes[-1].right


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_astra_combs_are_3_digits_a_row_and_4_the_total_units_under_units(paper: Paper) -> None:
    for places in astra.pad_places(paper, 5):
        for k in range(1, 6):
            rows = [places.digits(f"p{k}.{name}") for name, *_ in astra.ROWS]
            total = places.digits(f"p{k}.total")
            assert [len(r) for r in rows] == [3] * len(astra.ROWS) and len(total) == 4
            assert len({round(_right(r), 6) for r in [*rows, total]}) == 1
    top, bottom = astra.pad_places(paper, 5)
    assert top.marks.frame.y > bottom.marks.frame.top


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_cosmos_pad_has_a_place_for_every_number_of_the_counts_record(paper: Paper) -> None:
    """Everything `pnp cosmos score FILE.toml` reads: each source's points, each goal's
    count and the order it scored in, how many advanced life tokens show each value
    (one digit: no value has 10 tokens), energy cards in hand."""
    places = cosmos.pad_places(paper)
    stack = advanced_life()
    values = sorted(set(stack.group1) | set(stack.group2), reverse=True)
    assert all((stack.group1 + stack.group2).count(v) <= 9 for v in values)
    for k in range(1, MAX_PLAYERS + 1):
        for source in SOURCES:
            assert len(places.digits(f"p{k}.{source.replace('-', '_')}")) >= 2
        for goal in goals():
            assert len(places.digits(f"p{k}.{goal.id.replace('-', '_')}")) >= 1
        for v in values:
            assert len(places.digits(f"p{k}.advanced_life_{v}")) == 1
        assert len(places.digits(f"p{k}.energy_cards")) == 2  # 0 to 60
        assert len(places.digits(f"p{k}.total")) == 3
    for goal in goals():
        assert len(places.digits(f"order.{goal.id.replace('-', '_')}")) == 1
    with pytest.raises(KeyError):
        places.digits(f"p{MAX_PLAYERS + 1}.nebulae")
    expected = MAX_PLAYERS * (len(SOURCES) + len(goals()) + len(values) + 2) + len(goals())
    assert len(places.numbers) == expected


@pytest.mark.parametrize("pad", list(PADS))
def test_pads_are_gray_and_byte_identical(pad: str) -> None:
    draw = PADS[pad][0]
    for paper in PAPERS:
        data = render_pdf(draw(paper))
        assert data == render_pdf(draw(paper))
        doc = reader(data)
        for page in doc.pages:
            operators = {op for _, op in ContentStream(page.get_contents(), doc).operations}
            assert not operators & {b"rg", b"RG", b"k", b"K", b"sc", b"SC", b"scn", b"SCN"}
