from __future__ import annotations

import xml.etree.ElementTree as ET

from pnp.draw.shapes import Line, Page, Rect, Text
from pnp.geometry import Box
from pnp.layouts.starcharts import sheets_document
from pnp.paper import A4, LETTER
from pnp.render.svg import render_svg
from pnp.starcharts.chart import load_chart
from pnp.units import mm

NS = {"svg": "http://www.w3.org/2000/svg"}


def _page(*items: Line | Rect | Text) -> Page:
    return Page(A4.width, A4.height, A4.printable, items)


def test_physical_size_and_viewbox_in_points() -> None:
    root = ET.fromstring(render_svg(_page(), "t"))
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    view = [float(v) for v in root.get("viewBox", "").split()]
    assert view == [0, 0, round(A4.width, 3), round(A4.height, 3)]
    letter = sheets_document([load_chart("lyra-8")], LETTER).pages[0]
    root = ET.fromstring(render_svg(letter, "t"))
    assert (root.get("width"), root.get("height")) == ("215.9mm", "279.4mm")


def test_y_is_flipped_in_one_place() -> None:
    svg = render_svg(
        _page(Text(mm(20), mm(30), "x", 10), Rect(Box(mm(20), mm(30), mm(10), mm(5)))), "t"
    )
    root = ET.fromstring(svg)
    text = root.find(".//svg:text", NS)
    rect = root.find(".//svg:rect", NS)
    assert text is not None and rect is not None
    assert float(text.get("y", "nan")) == round(A4.height - mm(30), 3)
    # A rectangle's SVG corner is its top-left: page height minus its top.
    assert float(rect.get("y", "nan")) == round(A4.height - mm(35), 3)


def test_font_subset_is_embedded_and_output_is_deterministic() -> None:
    page = sheets_document([load_chart("orion-10-obstacles")], A4).pages[0]
    first = render_svg(page, "t")
    assert "@font-face" in first and "base64," in first
    assert first == render_svg(page, "t")
    ET.fromstring(first)  # well-formed
