"""Fillable score pads and Star Charts score boxes (--fillable), the form fields laid
out: their names, their widgets on the layout's boxes, each inside its printed frame and
clear of the ink, Star Charts' cells, marks and name on what they fill, the reading
order, and what each total adds up."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader
from shapely.geometry import box as shape_box

from pnp.cosmos.content import goals as cosmos_goals
from pnp.cosmos.pad_rows import player_rows
from pnp.draw.shapes import INK, Circle, Document, Field, Line, Page, Rect, Stroke
from pnp.layouts.astra.score_pad import ROWS
from pnp.layouts.digits import DIGIT_H
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.render.pdf import render_pdf
from pnp.render.preflight import ink
from pnp.starcharts.chart import load_charts
from pnp.starcharts.content import abilities
from tests.fillable_helpers import chart_ids as _charts
from tests.fillable_helpers import documents as _documents
from tests.fillable_helpers import fields as _fields
from tests.fillable_helpers import widgets as _widgets

ASTRA_ROWS = [name for name, *_ in ROWS]
STARCHARTS_ROWS = [*(f"objective{i}" for i in range(1, 6)), "filled", "unused", "total"]
STARCHARTS_ROWS_T = tuple(f".{row}" for row in STARCHARTS_ROWS)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_field_names(paper: Paper) -> None:
    docs = _documents(paper, True)
    astra = [f.name for _, f in _fields(docs["astra"])]
    assert astra == [
        f"pad{pad}.p{k}.{row}"
        for pad in (1, 2)
        for k in range(1, 6)
        for row in [*ASTRA_ROWS, "total"]
    ]
    assert len(_fields(docs["astra-fr-3"])) == 2 * 3 * 8
    cosmos = [f.name for _, f in _fields(docs["cosmos"])]
    goals = [g.id.replace("-", "_") for g in cosmos_goals()]
    assert cosmos == [
        *(f"pad1.p{k}.{row}" for k in range(1, 5) for row in player_rows()),
        *(f"pad1.order.{goal}" for goal in goals),
    ]
    assert {"stable_life", "advanced_life_8", "advanced_life_4"} <= set(player_rows())
    # Half-page sheets: an odd last sheet prints twice, each copy with fields of its own.
    for key, sheets in (("starcharts-1", 3), ("starcharts-2", 4)):
        names = [f.name for _, f in _fields(docs[key])]
        scores = [name for name in names if name.split(".")[1] in STARCHARTS_ROWS]
        assert scores == [f"p{k}.{row}" for k in range(1, sheets + 1) for row in STARCHARTS_ROWS]
        charts = [*load_charts(_charts(paper)), load_charts(_charts(paper))[-1]][:sheets]
        for k, chart in enumerate(charts, 1):
            n = chart.size
            cells = [f"p{k}.{chr(65 + c)}{r}" for r in range(1, n + 1) for c in range(n)]
            marks = [f"p{k}.{a.id}.{m}" for a in abilities() for m in ("gained", "used")]
            rest = [f"p{k}.{row}" for row in STARCHARTS_ROWS]
            assert [m for m in names if m.startswith(f"p{k}.")] == [
                *rest,
                f"p{k}.chart",
                f"p{k}.player",
                *cells,
                *marks,
            ]
    for doc in docs.values():
        data = render_pdf(doc)
        read = PdfReader(io.BytesIO(data)).get_fields() or {}
        leaves = {name for name, value in read.items() if value.get("/FT") == "/Tx"}
        assert leaves == {f.name for _, f in _fields(doc)}
        assert [name for _, name, _ in _widgets(data)] == [f.name for _, f in _fields(doc)]


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_widgets_sit_on_the_layout_boxes(paper: Paper) -> None:
    for doc in _documents(paper, True).values():
        data = render_pdf(doc)
        for (page, name, widget), (n, field) in zip(_widgets(data), _fields(doc), strict=True):
            assert (page, name) == (n, field.name)
            b = field.box
            rect = [float(v) for v in widget["/Rect"]]
            assert rect == pytest.approx([b.x, b.y, b.right, b.top], abs=0.01)
            assert widget["/MaxLen"] == field.max_length
            # printed (empty) like the page, never hidden; the chart's name is hidden
            assert widget["/F"] == (4 if field.value is None else 2)
            assert "/MK" not in widget and "/BS" not in widget  # no border, no background
            assert str(widget["/DA"]).endswith(" Tf 0 g")  # DeviceGray black
            size = float(str(widget["/DA"]).split()[1])
            assert 5 <= size <= 0.7 * b.h
            assert widget.get("/V", "") == (field.value or "")


def _outline(item: Any) -> Any:
    """The ink a field must keep off: a frame's lines (not what they enclose)."""
    if isinstance(item, Rect) and item.fill is None and item.stroke is not None:
        b = item.box
        return shape_box(b.x, b.y, b.right, b.top).exterior.buffer(item.stroke.width / 2)
    return ink(item)


def _divider(item: Any, page: Page) -> bool:
    """Whether ``item`` is a line between two of a comb's digit boxes."""
    return (
        isinstance(item, Line)
        and item.x1 == item.x2
        and abs(item.y2 - item.y1 - DIGIT_H) < 1e-6
        and any(
            f.box.x < item.x1 < f.box.right and f.box.y < (item.y1 + item.y2) / 2 < f.box.top
            for f in page.fields
        )
    )


def _frames(page: Page) -> list[Box]:
    return [i.box for i in page.items if isinstance(i, Rect) and i.fill is None]


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_fields_inside_the_printed_boxes(paper: Paper) -> None:
    """Each score field lies inside a printed frame, clear of every line and word but the
    lines between a comb's digit boxes, which the field covers."""
    for key, doc in _documents(paper, True).items():
        for page in doc.pages:
            inks = [_outline(item) for item in page.items if not _divider(item, page)]
            for field in _score_fields(page):
                b = field.box
                area = shape_box(b.x, b.y, b.right, b.top)
                assert any(
                    f.x < b.x and f.y < b.y and b.right < f.right and b.top < f.top
                    for f in _frames(page)
                ), (key, field.name)
                touching = [s for s in inks if s.intersection(area).area > 0.01]
                assert touching == [], (key, field.name)


def _score_fields(page: Page) -> list[Field]:
    """The fields of the pads and the Star Charts score boxes."""
    return [
        f for f in page.fields if f.name.startswith("pad") or f.name.endswith(STARCHARTS_ROWS_T)
    ]


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_star_charts_sheet_fields_sit_on_what_they_fill(paper: Paper) -> None:
    """A cell's field inside its cell, clear of the grid's lines; a gained or used field
    on the circle or box it fills; the name on the Player line; the chart's id hidden."""
    for key in ("starcharts-1", "starcharts-2"):
        for page in _documents(paper, True)[key].pages:
            lines = [i for i in page.items if isinstance(i, Line)]
            circles = {
                (round(i.cx, 3), round(i.cy, 3)) for i in page.items if isinstance(i, Circle)
            }
            squares = {_rounded(i.box) for i in page.items if isinstance(i, Rect)}
            for field in page.fields:
                last = field.name.split(".")[-1]
                b = field.box
                area = shape_box(b.x, b.y, b.right, b.top)
                if last[0].isupper():
                    assert field.keys == "xXoO" and field.max_length == 1
                    assert not [
                        x for x in lines if x.stroke == Stroke(INK, 0.9) and _touches(x, area)
                    ]
                elif last == "gained":
                    assert (round(b.cx, 3), round(b.cy, 3)) in circles
                elif last == "used":
                    assert _rounded(b) in squares
                elif last == "player":
                    under = [x for x in lines if x.y1 == x.y2 and abs(x.y1 - b.y) < 2]
                    assert under and under[0].x1 == pytest.approx(b.x)
                elif last == "chart":
                    assert field.value in {c.id for c in load_charts(_charts(paper))}


def _rounded(b: Box) -> tuple[float, ...]:
    return tuple(round(v, 3) for v in (b.x, b.y, b.w, b.h))


def _touches(line: Line, area: Any) -> bool:
    from shapely.geometry import LineString

    return bool(LineString([(line.x1, line.y1), (line.x2, line.y2)]).intersects(area))


def _centre(doc: Document, name: str) -> tuple[float, float]:
    (b,) = [f.box for _, f in _fields(doc) if f.name == name]
    return b.cx, b.cy


def _units(doc: Document, name: str) -> tuple[float, float]:
    """Where a number's units go: its field's right edge, and its middle's height."""
    (b,) = [f.box for _, f in _fields(doc) if f.name == name]
    return b.right, b.cy


def test_fields_in_the_reading_order() -> None:
    """Players run left to right, rows top to bottom in the pad's order, the first pad
    above the second; each player's column is straight, units under units."""
    docs = _documents(A4, True)
    life = [row for row in player_rows() if row.startswith("advanced_life_")]
    for key, rows, players, pads in (
        ("astra", [*ASTRA_ROWS, "total"], 5, (1, 2)),
        ("cosmos", [row for row in player_rows() if row not in life], 4, (1,)),
    ):
        doc = docs[key]
        for pad in pads:
            for k in range(1, players + 1):
                centres = [_units(doc, f"pad{pad}.p{k}.{row}") for row in rows]
                assert len({round(x, 6) for x, _ in centres}) == 1
                ys = [y for _, y in centres]
                assert ys == sorted(ys, reverse=True)
            xs = [_centre(doc, f"pad{pad}.p{k}.total")[0] for k in range(1, players + 1)]
            assert xs == sorted(xs)
    astra = docs["astra"]
    assert _centre(astra, "pad1.p1.total")[1] > _centre(astra, "pad2.p1.fame")[1]
    cosmos = docs["cosmos"]
    values = [_centre(cosmos, f"pad1.p1.{row}") for row in life]
    assert [x for x, _ in values] == sorted(x for x, _ in values)  # 8 on the left
    assert len({round(y, 6) for _, y in values}) == 1
    orders = [_centre(cosmos, f"pad1.order.{g.id.replace('-', '_')}") for g in cosmos_goals()]
    assert all(x < _centre(cosmos, "pad1.p1.nebulae")[0] for x, _ in orders)
    sheets = docs["starcharts-2"]
    first, second = _centre(sheets, "p1.total"), _centre(sheets, "p2.total")
    assert first[1] > second[1]
    assert _centre(sheets, "p1.objective1")[0] < _centre(sheets, "p1.objective5")[0]


def _terms(doc: Document, total: str) -> tuple[tuple[str, int], ...]:
    (field,) = [f for _, f in _fields(doc) if f.name == total]
    return field.sums


def test_what_the_totals_add_up() -> None:
    docs = _documents(A4, True)
    assert _terms(docs["astra"], "pad2.p4.total") == tuple(
        (f"pad2.p4.{row}", 1) for row in ASTRA_ROWS
    )
    # The score track holds the goals' points, which the players' counts only imply.
    assert _terms(docs["cosmos"], "pad1.p3.total") == ()
    assert _terms(docs["starcharts-1"], "p2.total") == (
        *((f"p2.objective{i}", 1) for i in range(1, 6)),
        ("p2.filled", 1),
        ("p2.unused", 3),
    )
    for key, doc in docs.items():
        totals = [f for _, f in _fields(doc) if f.sums]
        assert bool(totals) is (key != "cosmos")
        assert all(f.name.endswith(".total") for f in totals)
        assert all(not f.sums for _, f in _fields(doc) if not f.name.endswith(".total"))
