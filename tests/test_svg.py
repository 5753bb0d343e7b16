from __future__ import annotations

import io
import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from pnp.draw.fonts import Font, text_width
from pnp.draw.shapes import GREY, Anchor, Line, Page, Rect, Text
from pnp.layouts.cards import CardOptions
from pnp.layouts.starcharts.documents import aid_document, cards_document, sheets_document
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Backs
from pnp.paper.units import mm
from pnp.render.svg import render_svg
from pnp.starcharts.chart import load_chart

SVG = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"
NS = {"svg": SVG[1:-1]}

Matrix = tuple[float, float, float, float, float, float]  # SVG's (a b c d e f)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _page(*items: Line | Rect | Text, scale: float = 1.0) -> Page:
    return Page(A4.width, A4.height, A4.printable, items, scale=scale)


def _times(m: Matrix, t: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    ta, tb, tc, td, te, tf = t
    return (
        a * ta + c * tb,
        b * ta + d * tb,
        a * tc + c * td,
        b * tc + d * td,
        a * te + c * tf + e,
        b * te + d * tf + f,
    )


def _matrix(transform: str) -> Matrix:
    m = IDENTITY
    for op, args in re.findall(r"(\w+)\(([^)]*)\)", transform):
        v = [float(a) for a in args.replace(",", " ").split()]
        if op == "translate":
            t = (1.0, 0.0, 0.0, 1.0, v[0], v[1])
        elif op == "scale":
            t = (v[0], 0.0, 0.0, v[-1], 0.0, 0.0)
        else:
            assert op == "rotate" and len(v) == 1, transform
            cos, sin = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            t = (cos, sin, -sin, cos, 0.0, 0.0)
        m = _times(m, t)
    return m


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _texts(svg: str) -> Iterator[tuple[str, Matrix, list[tuple[str, float]]]]:
    """Each drawn text: its accessible name, its full transform, and its glyph uses."""

    def walk(
        element: ET.Element, m: Matrix
    ) -> Iterator[tuple[str, Matrix, list[tuple[str, float]]]]:
        m = _times(m, _matrix(element.get("transform", "")))
        if element.get("aria-label") is not None:
            uses = [(u.get(HREF, ""), float(u.get("x", "0"))) for u in element.iter(f"{SVG}use")]
            yield element.get("aria-label", ""), m, uses
        else:
            for child in element:
                yield from walk(child, m)

    yield from walk(ET.fromstring(svg), IDENTITY)


@cache
def _units_per_em(font: Font) -> int:
    from fontTools.ttLib import TTFont

    return int(TTFont(str(font.path), lazy=True)["head"].unitsPerEm)


def _only_text(item: Text, scale: float = 1.0) -> tuple[Matrix, list[tuple[str, float]]]:
    [(label, m, uses)] = list(_texts(render_svg(_page(item, scale=scale), "t")))
    assert label == item.text
    return m, uses


def _span(item: Text, scale: float = 1.0) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where, in SVG coordinates, the first glyph starts and the last glyph ends."""
    m, uses = _only_text(item, scale)
    last = text_width(item.text[-1], _units_per_em(item.font), item.font)
    return _apply(m, uses[0][1], 0.0), _apply(m, uses[-1][1] + last, 0.0)


def test_physical_size_and_viewbox_in_points() -> None:
    root = ET.fromstring(render_svg(_page(), "t"))
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    view = [float(v) for v in root.get("viewBox", "").split()]
    assert view == [0, 0, round(A4.width, 3), round(A4.height, 3)]
    letter = sheets_document([load_chart("lyra-8")], LETTER).pages[0]
    root = ET.fromstring(render_svg(letter, "t"))
    assert (root.get("width"), root.get("height")) == ("215.9mm", "279.4mm")


def test_text_is_outlines_needing_no_font() -> None:
    page = sheets_document([load_chart("orion-10-obstacles")], A4).pages[0]
    svg = render_svg(page, "t")
    assert "<text" not in svg and "@font-face" not in svg and "font-family" not in svg
    root = ET.fromstring(svg)
    defined = [p.get("id") for p in root.findall("svg:defs/svg:path", NS)]
    used = {u.get(HREF) for u in root.iter(f"{SVG}use")}
    # Each glyph defined once, and only the glyphs the page uses.
    assert len(defined) == len(set(defined)) > 20
    assert used == {f"#{i}" for i in defined}
    labels = {label for label, _, _ in _texts(svg)}
    assert labels == {item.text for item in page.items if isinstance(item, Text)}


@pytest.mark.parametrize("font", list(Font))
@pytest.mark.parametrize("text", ["Bételgeuse", "α Ara", "9 − value", "W"])
def test_start_anchored_glyphs_span_exactly_the_measured_width(font: Font, text: str) -> None:
    item = Text(mm(20), mm(30), text, 9.5, font)
    (x1, y1), (x2, y2) = _span(item)
    assert x1 == pytest.approx(item.x, abs=1e-3)
    assert x2 - x1 == pytest.approx(text_width(text, 9.5, font), abs=1e-3)
    assert y1 == y2 == pytest.approx(A4.height - item.y, abs=1e-3)


@pytest.mark.parametrize(("anchor", "shift"), [(Anchor.MIDDLE, 0.5), (Anchor.END, 1.0)])
def test_middle_and_end_anchors_shift_by_the_measured_width(anchor: Anchor, shift: float) -> None:
    item = Text(mm(100), mm(30), "Two Columns", 15, Font.BOLD, anchor)
    width = text_width(item.text, item.size, item.font)
    (x1, _), (x2, _) = _span(item)
    assert x1 == pytest.approx(item.x - shift * width, abs=1e-3)
    assert x2 == pytest.approx(item.x + (1 - shift) * width, abs=1e-3)


def test_y_is_flipped_in_one_place() -> None:
    svg = render_svg(
        _page(Text(mm(20), mm(30), "x", 10), Rect(Box(mm(20), mm(30), mm(10), mm(5)))), "t"
    )
    [(_, m, _)] = list(_texts(svg))
    baseline = _apply(m, 0, 0)
    assert baseline == pytest.approx((mm(20), A4.height - mm(30)), abs=1e-3)
    # Glyphs go up the page: a point above the baseline in font units has a smaller y.
    assert _apply(m, 0, 1000)[1] < baseline[1]
    rect = ET.fromstring(svg).find(".//svg:rect", NS)
    assert rect is not None
    # A rectangle's SVG corner is its top-left: page height minus its top.
    assert float(rect.get("y", "nan")) == round(A4.height - mm(35), 3)


def test_turned_text_runs_up_the_page_about_its_anchor() -> None:
    item = Text(mm(50), mm(60), "STAR CHARTS", 8, Font.BOLD, angle=90)
    (x1, y1), (x2, y2) = _span(item)
    assert (x1, y1) == pytest.approx((item.x, A4.height - item.y), abs=1e-3)
    assert (x2, y2) == pytest.approx(
        (item.x, A4.height - item.y - text_width(item.text, 8, Font.BOLD)), abs=1e-3
    )


def test_colour_and_accessible_name_are_on_the_text_group() -> None:
    svg = render_svg(_page(Text(mm(20), mm(30), "gained", 7, color=GREY)), "t")
    group = ET.fromstring(svg).find(".//svg:g[@aria-label]", NS)
    assert group is not None
    assert (group.get("aria-label"), group.get("fill")) == ("gained", GREY.hex)


def test_output_is_deterministic_and_glyph_ids_do_not_depend_on_the_page() -> None:
    page = sheets_document([load_chart("orion-10-obstacles")], A4).pages[0]
    assert render_svg(page, "t") == render_svg(page, "t")

    def ids(text: str) -> dict[str, str]:
        root = ET.fromstring(render_svg(_page(Text(mm(20), mm(30), text, 10)), "t"))
        return {p.get("d", ""): p.get("id", "") for p in root.findall("svg:defs/svg:path", NS)}

    first, second = ids("Orion"), ids("Lyra and Orion")
    assert first.items() <= second.items()


def test_no_scale_correction_means_no_transform() -> None:
    svg = render_svg(_page(Rect(Box(mm(20), mm(30), mm(10), mm(5)))), "t")
    assert "transform" not in svg


def test_scale_correction_scales_everything_about_the_page_centre() -> None:
    s = 0.97
    page = _page(Rect(Box(mm(20), mm(30), mm(10), mm(5))), Text(mm(20), mm(30), "x", 10), scale=s)
    root = ET.fromstring(render_svg(page, "t"))
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    assert root.get("viewBox") == f"0 0 {round(A4.width, 3)} {round(A4.height, 3)}"
    [wrapper] = root.findall("svg:g", NS)
    m = _matrix(wrapper.get("transform", ""))
    cx, cy = A4.width / 2, A4.height / 2
    assert _apply(m, cx, cy) == pytest.approx((cx, cy), abs=1e-3)
    assert _apply(m, 0, 0) == pytest.approx(((1 - s) * cx, (1 - s) * cy), abs=1e-3)
    assert {child.tag for child in wrapper} == {f"{SVG}rect", f"{SVG}g"}
    (x1, _), (x2, _) = _span(Text(mm(20), mm(30), "Orion", 10), scale=s)
    assert x2 - x1 == pytest.approx(s * text_width("Orion", 10), abs=1e-3)


def test_every_page_of_the_aid_and_the_fold_cards_is_well_formed_svg() -> None:
    fold = CardOptions(backs=Backs.FOLD)
    pages = [*aid_document(A4).pages, *cards_document(LETTER, fold).pages]
    for page in pages:
        assert ET.fromstring(render_svg(page, "t")).tag == f"{SVG}svg"


_NO_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><cachedir>{cache}</cachedir></fontconfig>
"""


RSVG = shutil.which("rsvg-convert")


@pytest.mark.skipif(RSVG is None, reason="needs rsvg-convert (librsvg)")
def test_librsvg_without_any_font_draws_the_glyph_where_the_font_puts_it(tmp_path: Path) -> None:
    from fontTools.ttLib import TTFont
    from PIL import Image  # ReportLab's dependency

    config = tmp_path / "fonts.conf"
    config.write_text(_NO_FONTS.format(cache=tmp_path / "cache"), encoding="utf-8")
    item = Text(30.0, 20.0, "H", 60, Font.BOLD)
    page = Page(100.0, 80.0, Box(0.0, 0.0, 100.0, 80.0), (item,))
    dpi = 144  # two pixels per point
    png = subprocess.run(
        [str(RSVG), "-d", str(dpi), "-p", str(dpi), "-b", "white"],
        input=render_svg(page, "t").encode(),
        capture_output=True,
        check=True,
        env={"FONTCONFIG_FILE": str(config), "HOME": str(tmp_path)},
    ).stdout
    ink = Image.open(io.BytesIO(png)).convert("L").point(lambda v: 255 if v < 128 else 0)
    glyph = TTFont(str(Font.BOLD.path))["glyf"]["H"]
    k = item.size / _units_per_em(Font.BOLD)
    px = dpi / 72
    expected = (
        (item.x + glyph.xMin * k) * px,
        (page.height - item.y - glyph.yMax * k) * px,
        (item.x + glyph.xMax * k) * px,
        (page.height - item.y - glyph.yMin * k) * px,
    )
    assert ink.getbbox() == pytest.approx(expected, abs=1.5)
    # Solid stems, not an outline box: the middle of the left stem is inked.
    stem_x = (item.x + (glyph.xMin + 100) * k) * px
    assert ink.getpixel((round(stem_x), round((page.height - item.y - 300 * k) * px))) == 255
