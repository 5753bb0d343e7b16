"""Fillable score pads and Star Charts score boxes (--fillable): the form fields read
back with pypdf (names, places, MaxLen, scripts, calculation order), filled with pypdf,
their scripts run in node, and the printed page left exactly as it was."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader, PdfWriter
from shapely.geometry import box as shape_box

from pnp.astra.text import Lang
from pnp.cosmos.content import goals as cosmos_goals
from pnp.cosmos.pad_rows import player_rows
from pnp.draw.shapes import INK, Circle, Document, Field, Line, Page, Rect, Stroke
from pnp.layouts.astra.box_documents import score_pad_document as astra_pad
from pnp.layouts.astra.score_pad import ROWS
from pnp.layouts.cosmos.score_pad import score_pad_document as cosmos_pad
from pnp.layouts.digits import DIGIT_H
from pnp.layouts.starcharts.documents import sheets_document
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, PAPERS, Paper
from pnp.render.output import PreflightError, check
from pnp.render.pdf import render_pdf
from pnp.render.pdf_form import KEYSTROKE, calculation, keystroke
from pnp.render.preflight import ink, preflight
from pnp.starcharts.chart import load_charts
from pnp.starcharts.content import abilities
from tests.conftest import Run

ASTRA_ROWS = [name for name, *_ in ROWS]
STARCHARTS_ROWS = [*(f"objective{i}" for i in range(1, 6)), "filled", "unused", "total"]
STARCHARTS_ROWS_T = tuple(f".{row}" for row in STARCHARTS_ROWS)
CHARTS = ["lyra-8", "orion-10-obstacles", "cancer-8-obstacles"]


def _charts(paper: Paper) -> list[str]:
    """A 10 × 10 chart and its reading marks do not fit half a Letter page."""
    return CHARTS if paper is A4 else [c.replace("-10-", "-8-") for c in CHARTS]


def _documents(paper: Paper, fillable: bool) -> dict[str, Document]:
    charts = load_charts(_charts(paper))
    return {
        "astra": astra_pad(paper, Lang.EN, 5, fillable),
        "astra-fr-3": astra_pad(paper, Lang.FR, 3, fillable),
        "cosmos": cosmos_pad(paper, fillable=fillable),
        "starcharts-1": sheets_document(charts, paper, 1, fillable=fillable),
        "starcharts-2": sheets_document(charts, paper, 2, fillable=fillable),
    }


def _full_name(widget: Any) -> str:
    parts = []
    node = widget
    while node is not None:
        parts.append(str(node["/T"]))
        node = node.get("/Parent")
        node = None if node is None else node.get_object()
    return ".".join(reversed(parts))


def _widgets(data: bytes) -> list[tuple[int, str, Any]]:
    """(page index, full name, widget) for every form widget, in page order."""
    out = []
    for n, page in enumerate(PdfReader(io.BytesIO(data)).pages):
        for annot in page.get("/Annots", []):
            widget = annot.get_object()
            if widget["/Subtype"] == "/Widget":
                out.append((n, _full_name(widget), widget))
    return out


def _fields(doc: Document) -> list[tuple[int, Field]]:
    return [(n, f) for n, page in enumerate(doc.pages) for f in page.fields]


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


def test_scripts_and_calculation_order() -> None:
    for doc in _documents(LETTER, True).values():
        data = render_pdf(doc)
        reader = PdfReader(io.BytesIO(data))
        form: Any = reader.root_object["/AcroForm"]
        assert form["/NeedAppearances"] == True  # noqa: E712 (a pypdf BooleanObject)
        order = [_full_name(ref.get_object()) for ref in form.get("/CO", [])]
        assert order == [f.name for _, f in _fields(doc) if f.sums]
        for _, name, widget in _widgets(data):
            (field,) = [f for _, f in _fields(doc) if f.name == name]
            if field.value is not None:
                assert "/AA" not in widget and widget["/Ff"] & 1  # read-only
                continue
            actions = widget["/AA"]
            assert actions["/K"]["/S"] == "/JavaScript"
            assert actions["/K"]["/JS"] == keystroke(field.keys)
            assert (actions["/K"]["/JS"] == KEYSTROKE) == (field.keys == "0-9")
            if field.sums:
                assert actions["/C"]["/JS"] == calculation(field.sums)
                for term, _ in field.sums:
                    assert json.dumps(term) in actions["/C"]["/JS"]
            else:
                assert "/C" not in actions
        # No partial name holds a period: the dotted names are a field hierarchy.
        roots = [ref.get_object() for ref in form["/Fields"]]
        assert all("." not in str(r["/T"]) for r in roots)
        assert all("." not in str(w["/T"]) for _, _, w in _widgets(data))


def _fill(data: bytes, values: dict[str, str]) -> dict[str, Any]:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    read = PdfReader(io.BytesIO(out.getvalue())).get_fields() or {}
    return {name: read[name].get("/V") for name in values}


def test_filled_values_read_back() -> None:
    for doc in _documents(A4, True).values():
        names = [f.name for _, f in _fields(doc)]
        values = {name: str(n % 97) for n, name in enumerate(names)}
        assert _fill(render_pdf(doc), values) == values


def _contents(page: Any) -> bytes:
    stream = page.get_contents()
    assert stream is not None
    return bytes(stream.get_data())


@pytest.mark.parametrize("paper", PAPERS.values(), ids=lambda p: p.name)
def test_the_printed_page_is_unchanged(paper: Paper) -> None:
    """The same drawing with or without fields, the same page contents in the PDF, and
    no form at all without --fillable."""
    plain, fillable = _documents(paper, False), _documents(paper, True)
    for key in plain:
        assert all(not p.fields for p in plain[key].pages)
        assert [replace(p, fields=()) for p in fillable[key].pages] == list(plain[key].pages)
        plain_pdf, form_pdf = render_pdf(plain[key]), render_pdf(fillable[key])
        assert b"/AcroForm" not in plain_pdf and b"/Widget" not in plain_pdf
        read_plain, read_form = (PdfReader(io.BytesIO(d)) for d in (plain_pdf, form_pdf))
        for a, b in zip(read_plain.pages, read_form.pages, strict=True):
            assert _contents(a) == _contents(b)
        assert render_pdf(fillable[key]) == form_pdf  # deterministic


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_the_empty_fields_render_nothing(tmp_path: Path) -> None:
    for key in ("astra", "starcharts-2"):
        images = []
        for fillable in (False, True):
            pdf = tmp_path / f"{key}-{fillable}.pdf"
            pdf.write_bytes(render_pdf(_documents(A4, fillable)[key]))
            subprocess.run(
                ["pdftoppm", "-r", "50", "-gray", "-f", "1", "-l", "1", str(pdf), str(pdf)],
                check=True,
            )
            images.append(next(tmp_path.glob(f"{pdf.name}*.pgm")).read_bytes())
        assert images[0] == images[1]


def test_preflight_keeps_fields_on_the_printable_area() -> None:
    page = astra_pad(A4, Lang.EN, 2, True).pages[0]
    assert preflight(page) == []
    outside = Field(Box(1.0, 1.0, 30.0, 10.0), "stray.total", 3)
    problems = preflight(replace(page, fields=(*page.fields, outside)))
    assert problems == [
        "field 'stray.total' at (0.4, 0.4)–(10.9, 3.9) mm reaches outside the printable area"
    ]
    with pytest.raises(PreflightError):
        check(Document("t", (replace(page, fields=(outside,)),)))


def test_clashing_names_are_refused() -> None:
    page = astra_pad(A4, Lang.EN, 2, False).pages[0]
    b = Box(100.0, 100.0, 40.0, 20.0)
    for names in (("a.b", "a.b"), ("a.b", "a.b.c")):
        fields = tuple(Field(b, name, 2) for name in names)
        with pytest.raises(ValueError, match="clash"):
            render_pdf(Document("t", (replace(page, fields=fields),)))


def test_a_printer_scale_moves_the_fields_with_the_page() -> None:
    doc = astra_pad(A4, Lang.EN, 2, True)
    data = render_pdf(doc.scaled(0.97))
    page = doc.pages[0]
    cx, cy = page.width / 2, page.height / 2
    for (_, _, widget), (_, field) in zip(_widgets(data), _fields(doc), strict=True):
        b = field.box
        scaled = [cx + (b.x - cx) * 0.97, cy + (b.y - cy) * 0.97]
        assert [float(v) for v in widget["/Rect"]][:2] == pytest.approx(scaled, abs=0.01)


_NODE = shutil.which("node")


def _node(script: str) -> Any:
    assert _NODE is not None
    out = subprocess.run([_NODE, "-e", script], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


@pytest.mark.skipif(_NODE is None, reason="needs node to run the fields' scripts")
def test_the_keystroke_script_takes_digits_only() -> None:
    cases = [("7", False), ("12", False), ("a", False), ("-", False), ("1.5", True)]
    cases += [("", True), ("42", True), ("4 2", True), ("x1", True)]
    script = (
        f"const cases = {json.dumps(cases)};"
        "console.log(JSON.stringify(cases.map(([text, commit]) => {"
        " const event = {rc: true, willCommit: commit,"
        " change: commit ? '' : text, value: commit ? text : ''};"
        f" (function () {{ {KEYSTROKE} }})(); return event.rc; }})));"
    )
    assert _node(script) == [True, True, False, False, False, True, True, False, False]


@pytest.mark.skipif(_NODE is None, reason="needs node to run the fields' scripts")
def test_the_calculation_script_adds_up() -> None:
    terms = (("p1.objective1", 1), ("p1.filled", 1), ("p1.unused", 3))
    filled: list[dict[str, str | int]] = [
        {},
        {"p1.objective1": "12"},
        {"p1.objective1": "12", "p1.unused": "2"},
    ]
    # Acrobat gives a number-like value as a Number
    filled.append({"p1.objective1": 12, "p1.filled": "5", "p1.unused": "0"})
    script = (
        f"const cases = {json.dumps(filled)};"
        "console.log(JSON.stringify(cases.map((values) => {"
        " const doc = {getField: (n) => ({value: n in values ? values[n] : ''})};"
        " const event = {value: 'old'};"
        f" (function () {{ {calculation(terms)} }}).call(doc); return event.value; }})));"
    )
    assert _node(script) == ["", "12", "18", "17"]


def test_cli_fillable(run: Run) -> None:
    for args in (
        ("astra", "score-pad", "--players", "2"),
        ("cosmos", "score-pad"),
        ("starcharts", "sheet", "lyra-8"),
    ):
        assert run(*args, "--fillable", "-o", "form.pdf").exit_code == 0
        assert run(*args, "-o", "plain.pdf").exit_code == 0
        form, plain = Path("form.pdf").read_bytes(), Path("plain.pdf").read_bytes()
        assert b"/AcroForm" in form and b"/AcroForm" not in plain
        refused = run(*args, "--fillable", "-o", "pad.svg")
        assert refused.exit_code == 2
        assert "--fillable adds PDF form fields" in refused.output


def test_a_fillable_document_never_replaces_the_kits_plain_one(run: Run) -> None:
    for args, plain in [
        (("astra", "score-pad"), "out/astra/score-pad"),
        (("cosmos", "score-pad"), "out/cosmos/score-pad"),
        (("starcharts", "sheet", "lyra-8"), "out/starcharts/sheets/lyra-8"),
    ]:
        assert run(*args).exit_code == 0
        before = Path(f"{plain}.pdf").read_bytes()
        assert run(*args, "--fillable").exit_code == 0
        assert Path(f"{plain}.pdf").read_bytes() == before
        assert b"/AcroForm" in Path(f"{plain}-fillable.pdf").read_bytes()


@pytest.mark.skipif(_NODE is None, reason="needs node to run the fields' scripts")
def test_the_cell_and_name_scripts() -> None:
    """A cell takes x or o in either case; a name anything but spaces and : , ; #."""
    cases = {
        "xXoO": [("x", False, True), ("O", False, True), ("q", False, False), ("xo", True, True)],
        "^\\s:,;#": [("Ann", True, True), ("é", False, True), (" ", False, False)],
    }
    cases["^\\s:,;#"] += [("a#b", True, False), (";", False, False)]
    for keys, tried in cases.items():
        script = (
            f"const cases = {json.dumps(tried)};"
            "console.log(JSON.stringify(cases.map(([text, commit]) => {"
            " const event = {rc: true, willCommit: commit,"
            " change: commit ? '' : text, value: commit ? text : ''};"
            f" (function () {{ {keystroke(keys)} }})(); return event.rc; }})));"
        )
        assert _node(script) == [ok for _, _, ok in tried], keys
