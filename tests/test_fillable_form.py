"""Fillable forms (--fillable) in the PDF: the fields' scripts and calculation order,
values filled with pypdf read back, the printed page left exactly as it was, preflight
and clashing names, a printer scale, and the commands that write them."""

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

from pnp.astra.text import Lang
from pnp.draw.shapes import Document, Field
from pnp.layouts.astra.box_documents import score_pad_document as astra_pad
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, PAPERS, Paper
from pnp.render.output import PreflightError, check
from pnp.render.pdf import render_pdf
from pnp.render.pdf_form import KEYSTROKE, calculation, keystroke
from pnp.render.preflight import preflight
from tests.conftest import Run
from tests.fillable_helpers import documents as _documents
from tests.fillable_helpers import fields as _fields
from tests.fillable_helpers import full_name as _full_name
from tests.fillable_helpers import widgets as _widgets


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
