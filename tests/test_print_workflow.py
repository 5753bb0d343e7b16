"""Issue 6's print workflow, read back from the files: duplex offsets against the dead
margin, true black, bleed and print-shop pages, subset tags, the printer profile, the
kit agreeing with the single commands, output paths and formats."""

from __future__ import annotations

import errno
import gc
import io
import os
import re
import signal
import sys
import types
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.draw.clip import ClipError, clip_items, ink_bounds
from pnp.draw.shapes import INK, TINT, Circle, Document, Flip, Line, Poly, Rect, Stroke, Text
from pnp.errors import SourceError
from pnp.layouts.calibration import calibration_document
from pnp.layouts.cards import CROP, CardOptions, imposition, offset_range
from pnp.layouts.starcharts.documents import aid_document, cards_document, sheets_document
from pnp.paper.geometry import Box
from pnp.paper.printer import (
    PrinterProfile,
    check_offset,
    check_scale,
    format_profile,
    parse_profile,
    scale_from_ruler,
)
from pnp.paper.sizes import A4, CARD_SIZES, DEAD_MARGIN, LETTER, SAFE_ZONE, Backs, Paper, back_slot
from pnp.paper.units import mm
from pnp.render.pdf import render_pdf
from pnp.starcharts.chart import load_chart
from tests.conftest import Run
from tests.pdfread import MM, PageContent, box, fonts, pages, reader

PAPERS = [A4, LETTER]
COLOUR_OPERATORS = {b"rg", b"RG", b"k", b"K", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}


@cache
def cards_pdf(paper: Paper, options: CardOptions) -> bytes:
    return render_pdf(cards_document(paper, options))


def _duplex(flip: Flip, dx: float, dy: float, size: str = "poker") -> CardOptions:
    return CardOptions(CARD_SIZES[size], 0.0, Backs.DUPLEX, flip, (mm(dx), mm(dy)))


# 1. Duplex correction


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", ["poker", "63x88"])
def test_offsets_of_3_mm_every_way_fit_both_papers(paper: Paper, size: str) -> None:
    for flip in Flip:
        allowed = offset_range(imposition(paper, _duplex(flip, 0, 0, size)), flip)
        for dx in (-3, 3):
            for dy in (-3, 3):
                assert allowed.allows(mm(dx), mm(dy))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("flip", list(Flip), ids=lambda f: f.value)
@pytest.mark.parametrize(("dx", "dy"), [(3, 3), (-3, -3)])
def test_ink_stays_out_of_the_dead_margin_with_any_offset_that_fits(
    paper: Paper, flip: Flip, dx: float, dy: float
) -> None:
    for page in pages(cards_pdf(paper, _duplex(flip, dx, dy))):
        for x0, y0, x1, y1 in page.bboxes:
            assert x0 >= DEAD_MARGIN - 0.01 and y0 >= DEAD_MARGIN - 0.01
            assert x1 <= paper.width - DEAD_MARGIN + 0.01
            assert y1 <= paper.height - DEAD_MARGIN + 0.01


def test_the_back_field_reaches_the_dead_margin_but_the_emblems_move_whole() -> None:
    back = pages(cards_pdf(LETTER, _duplex(Flip.LONG, 0, 3)))[1]
    top = max(y1 for _, _, _, y1 in back.bboxes)
    assert top == pytest.approx(LETTER.height - DEAD_MARGIN, abs=0.01)  # clipped field


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("backs", [Backs.DUPLEX, Backs.FOLD], ids=lambda b: b.value)
def test_backs_reach_3_mm_past_every_trim_unless_the_dead_margin_stops_them(
    paper: Paper, backs: Backs
) -> None:
    options = CardOptions(backs=backs)
    imp = imposition(paper, options)
    long_edge = backs is Backs.DUPLEX
    expected = [back_slot(s, paper, long_edge, (0.0, 0.0)).inset(-SAFE_ZONE) for s in imp.slots]
    p = paper.printable
    page = cards_document(paper, options).pages[1 if long_edge else 0]
    fields = [i.box for i in page.items if isinstance(i, Rect) and i.fill == TINT]
    assert len(fields) == len(expected)
    for want in expected:
        x, y = max(want.x, p.x), max(want.y, p.y)
        clipped = (x, y, min(want.right, p.right), min(want.top, p.top))
        assert any((f.x, f.y, f.right, f.top) == pytest.approx(clipped, abs=1e-6) for f in fields)


def test_a_part_filled_page_marks_only_its_cards_and_the_back_ruler_stays_put() -> None:
    doc = cards_document(A4, CardOptions(backs=Backs.DUPLEX))
    fronts, backs = doc.pages[::2], doc.pages[1::2]
    last = fronts[-1]
    assert last.trim is not None
    for line in (i for i in last.items if isinstance(i, Line) and i.stroke == CROP):
        x, y = (line.x1 + line.x2) / 2, (line.y1 + line.y2) / 2
        near = last.trim.inset(-mm(8))
        assert near.x <= x <= near.right and near.y <= y <= near.top  # a mark of these cards
    rulers = {
        min((i.x1, i.y1) for i in b.items if isinstance(i, Line) and i.stroke.width == 0.35)
        for b in backs
    }
    assert len(rulers) == 1


def test_a_refused_offset_names_the_largest_that_fits(run: Run) -> None:
    result = run("starcharts", "cards", "--backs", "duplex", "--paper", "letter", "-o", "c.pdf",
                 "--back-offset", "0,3.4")  # fmt: skip
    assert result.exit_code == 2
    assert "DY from −3.3 to +3.3 mm" in result.output and "DX from −9.7 to +9.7" in result.output
    ok = run("starcharts", "cards", "--backs", "duplex", "--paper", "letter", "-o", "c.pdf",
             "--back-offset", "9.7,-3.3")  # fmt: skip
    assert ok.exit_code == 0, ok.output


def test_the_range_keeps_every_safe_zone_printable() -> None:
    for paper in PAPERS:
        for size in CARD_SIZES.values():
            options = CardOptions(size, 0.0, Backs.DUPLEX)
            imp = imposition(paper, options)
            r = offset_range(imp, Flip.LONG)
            for dx, dy in ((r.left, r.down), (r.right, r.up)):
                placed = cards_document(
                    paper, CardOptions(size, 0, Backs.DUPLEX, Flip.LONG, (dx, dy))
                )
                for page in placed.pages[1::2]:
                    assert page.trim is not None
                    assert paper.printable.contains(page.trim.inset(SAFE_ZONE), 1e-3)


# 4. True black


def _kinds() -> list[Document]:
    chart = load_chart("orion-10-obstacles")
    return [
        sheets_document([chart], A4),
        sheets_document([chart], A4, 2),
        sheets_document([load_chart("orion-8-obstacles")], LETTER, 2),
        cards_document(A4, CardOptions(backs=Backs.DUPLEX)),
        cards_document(LETTER, CardOptions(backs=Backs.FOLD, bleed=mm(3))),
        cards_document(A4, CardOptions(backs=Backs.DUPLEX, bleed=mm(3), print_shop=True)),
        aid_document(LETTER),
        calibration_document(A4, Flip.SHORT),
    ]


@pytest.mark.parametrize("doc", _kinds(), ids=lambda d: d.title)
def test_no_rgb_or_cmyk_colour_anywhere_and_text_is_pure_black(doc: Document) -> None:
    data = render_pdf(doc)
    pdf = PdfReader(io.BytesIO(data))
    black_text = 0
    for page in pdf.pages:
        fill: list[object] = [0]
        for operands, op in ContentStream(page.get_contents(), pdf).operations:
            assert op not in COLOUR_OPERATORS
            if op == b"g":
                fill = operands
            elif op == b"Tj" and float(fill[0]) == 0:  # type: ignore[arg-type]
                black_text += 1
    assert black_text > 0
    assert b"/DeviceRGB" not in data and b"/DeviceCMYK" not in data


def test_headings_and_body_are_pure_black_not_near_black() -> None:
    doc = sheets_document([load_chart("lyra-8")], A4)
    texts = [i for p in doc.pages for i in p.items if isinstance(i, Text)]
    assert {t.color for t in texts if t.text == "Lyra"} == {INK}
    assert INK.level == 0


# 5. Bleed, print-shop pages, TrimBox, subset tags


def test_with_bleed_the_backs_reach_past_the_trim_by_the_bleed() -> None:
    data = cards_pdf(A4, CardOptions(bleed=mm(3), backs=Backs.DUPLEX))
    pdf = reader(data)
    back = pages(data)[1]
    trim, bleed = box(pdf.pages[1], "/TrimBox"), box(pdf.pages[1], "/BleedBox")
    assert bleed == pytest.approx(
        (trim[0] - 3 * MM, trim[1] - 3 * MM, trim[2] + 3 * MM, trim[3] + 3 * MM), abs=0.01
    )
    ink = (min(b[0] for b in back.bboxes), min(b[1] for b in back.bboxes))
    assert ink[0] == pytest.approx(bleed[0], abs=0.01) and ink[1] <= bleed[1] + 0.01


def test_print_shop_pages_are_one_card_with_bleed_and_trimbox() -> None:
    data = cards_pdf(LETTER, CardOptions(bleed=mm(3), backs=Backs.DUPLEX, print_shop=True))
    pdf = reader(data)
    assert len(pdf.pages) == 26  # 13 fronts, each followed by its back
    w, h = (63.5 + 6) * MM, (88.9 + 6) * MM
    for page in pdf.pages:
        assert box(page, "/MediaBox") == pytest.approx((0, 0, w, h), abs=0.01)
        assert box(page, "/BleedBox") == pytest.approx((0, 0, w, h), abs=0.01)
        assert box(page, "/TrimBox") == pytest.approx(
            (3 * MM, 3 * MM, w - 3 * MM, h - 3 * MM), abs=0.01
        )
    back = pages(data)[1]
    assert any(b == pytest.approx((0, 0, w, h), abs=0.01) for b in back.bboxes)  # full bleed
    root: Any = pdf.trailer["/Root"]
    assert "/Duplex" not in root["/ViewerPreferences"]


def _card_boxes(page: PageContent) -> list[tuple[float, float, float, float]]:
    """Each card's trim, found from what is drawn: a front's frame 3 mm inside the trim, a
    back's round emblem at the card's centre."""
    w, h = 63.5 * MM, 88.9 * MM
    found = set()
    for x0, y0, x1, y1 in page.bboxes:
        if abs(x1 - x0 - (w - 6 * MM)) < 0.5 and abs(y1 - y0 - (h - 6 * MM)) < 0.5:
            found.add((x0 - 3 * MM, y0 - 3 * MM, x1 + 3 * MM, y1 + 3 * MM))
        elif abs(x1 - x0 - 48 * MM) < 0.05 and abs(y1 - y0 - 48 * MM) < 0.05:
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            found.add((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return sorted(found)


@pytest.mark.parametrize("backs", list(Backs), ids=lambda b: b.value)
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_every_card_page_has_its_trimbox_around_its_cards(backs: Backs, bleed: float) -> None:
    data = cards_pdf(A4, CardOptions(backs=backs, bleed=mm(bleed)))
    for page, content in zip(reader(data).pages, pages(data), strict=True):
        cards = _card_boxes(content)
        assert cards
        trim = (
            min(c[0] for c in cards),
            min(c[1] for c in cards),
            max(c[2] for c in cards),
            max(c[3] for c in cards),
        )
        assert box(page, "/TrimBox") == pytest.approx(trim, abs=0.6)
        if bleed:
            grown = (trim[0] - 3 * MM, trim[1] - 3 * MM, trim[2] + 3 * MM, trim[3] + 3 * MM)
            assert box(page, "/BleedBox") == pytest.approx(grown, abs=0.6)
        else:
            assert "/BleedBox" not in page


def test_fold_pages_trim_both_halves() -> None:
    page = cards_document(A4, CardOptions(backs=Backs.FOLD)).pages[0]
    assert page.trim is not None
    assert page.trim.y < A4.height / 2 < page.trim.top


def test_subset_tags_differ_between_documents_and_are_stable() -> None:
    def tags(data: bytes) -> set[str]:
        return {str(f["/BaseFont"]).split("+")[0] for f in fonts(data)}

    sheet = render_pdf(sheets_document([load_chart("lyra-8")], A4))
    aid = render_pdf(aid_document(A4))
    assert tags(sheet).isdisjoint(tags(aid))
    assert "/AAAAAA" not in tags(sheet) | tags(aid)
    assert all(re.fullmatch(r"/[A-Z]{6}", t) for t in tags(sheet))
    assert tags(sheet) == tags(render_pdf(sheets_document([load_chart("lyra-8")], A4)))


def test_source_date_epoch_is_honoured_and_a_bad_one_is_one_line(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert run("starcharts", "aid", "-o", "a.pdf").exit_code == 0
    assert run("starcharts", "aid", "-o", "b.pdf").exit_code == 0
    assert Path("a.pdf").read_bytes() == Path("b.pdf").read_bytes()
    assert b"D:20231114221320" in Path("a.pdf").read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    bad = run("starcharts", "aid", "-o", "c.pdf")
    assert bad.exit_code == 1
    assert bad.output.strip().splitlines() == [
        "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not 'abc'"
    ]


# Clipping the designs that reach past the trim


def test_clip_cuts_lines_polygons_and_plain_rectangles_exactly() -> None:
    area = Box(0, 0, 10, 10)
    line, rect, poly = (
        Line(-5, 5, 15, 5),
        Rect(Box(-2, -2, 6, 6), None, INK),
        Poly(((-5, -5), (5, -5), (5, 5), (-5, 5)), True, None, INK),
    )
    cut = clip_items([line, rect, poly], area)
    assert [ink_bounds(i) for i in cut] == [
        Box(0, 4.75, 10, 0.5),
        Box(0, 0, 4, 4),
        Box(0, 0, 5, 5),
    ]
    with pytest.raises(ClipError):
        clip_items([Circle(0, 0, 3, Stroke())], area)


@given(
    st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=3, max_size=12),
)
def test_a_clipped_polygon_lies_inside_the_box(points: list[tuple[float, float]]) -> None:
    area = Box(-10, -10, 20, 20)
    for item in clip_items([Poly(tuple(points), True, None, INK)], area):
        assert area.contains(ink_bounds(item), 1e-6)


# 2. Printer profile


@given(
    st.sampled_from(["a4", "letter"]),
    st.sampled_from(list(Flip)),
    st.tuples(st.floats(-10, 10), st.floats(-10, 10)).map(
        lambda t: (round(t[0], 2), round(t[1], 2))
    ),
    st.floats(98, 102).map(lambda v: round(v, 2)),
)
def test_profile_format_parse_round_trip(
    paper: str, flip: Flip, offset: tuple[float, float], scale: float
) -> None:
    profile = PrinterProfile(paper, flip, offset, scale)
    assert parse_profile(format_profile(profile), "p.toml") == profile


def test_scale_from_the_ruler() -> None:
    assert scale_from_ruler(49.8) == 100.4


def test_printer_set_show_reset(run: Run, no_printer_profile: Path) -> None:
    assert "not saved yet" in run("printer", "show").output
    result = run("printer", "set", "--flip", "short", "--back-offset", "1.5,-1", "--ruler", "49.8")
    assert result.exit_code == 0, result.output
    shown = run("printer", "show").output
    assert "short edge" in shown and "+1.5 mm right, -1 mm up" in shown and "100.4 %" in shown
    assert run("printer", "set", "--scale", "100").exit_code == 0  # the rest is kept
    assert parse_profile(no_printer_profile.read_text(), "p") == PrinterProfile(
        "a4", Flip.SHORT, (1.5, -1.0), 100.0
    )
    assert run("printer", "set").exit_code == 2
    assert run("printer", "set", "--scale", "105").exit_code == 2
    assert run("printer", "reset").exit_code == 0 and not no_printer_profile.exists()


def test_a_broken_profile_is_a_clear_error(run: Run, no_printer_profile: Path) -> None:
    no_printer_profile.write_text('flip = "sideways"\nscale = 200\n')
    result = run("starcharts", "aid")
    assert result.exit_code == 1
    assert f'{no_printer_profile}:1:8: flip is "long" or "short"' in result.output
    assert (
        f"{no_printer_profile}:2:9: the scale is between 98 and 102 %" in result.output
        and "pnp printer reset" in result.output
    )


def test_drawing_commands_use_the_profile_and_options_override_it(run: Run) -> None:
    run("printer", "set", "--back-offset", "2,1", "--flip", "short", "--scale", "101")
    assert run("starcharts", "cards", "--backs", "duplex", "-o", "p.pdf").exit_code == 0
    explicit = ["starcharts", "cards", "--backs", "duplex", "--flip", "short", "--back-offset",
                "2,1", "--scale", "101", "-o", "e.pdf"]  # fmt: skip
    run("printer", "reset")
    assert run(*explicit).exit_code == 0
    assert Path("p.pdf").read_bytes() == Path("e.pdf").read_bytes()
    run("printer", "set", "--back-offset", "2,1")
    run("starcharts", "cards", "--backs", "duplex", "--back-offset", "0,0", "-o", "o.pdf")
    run("printer", "reset")
    run("starcharts", "cards", "--backs", "duplex", "-o", "z.pdf")
    assert Path("o.pdf").read_bytes() == Path("z.pdf").read_bytes()


def test_the_profile_paper_is_every_command_default(run: Run) -> None:
    assert run("printer", "set", "--paper", "letter").exit_code == 0
    for args in (["starcharts", "aid"], ["starcharts", "cards"], ["calibrate"]):
        assert run(*args, "-o", "x.pdf").exit_code == 0
        assert box(reader(Path("x.pdf").read_bytes()).pages[0], "/MediaBox")[2:] == (612, 792)
    assert run("starcharts", "aid", "--paper", "a4", "-o", "y.pdf").exit_code == 0
    width = box(reader(Path("y.pdf").read_bytes()).pages[0], "/MediaBox")[2]
    assert width == pytest.approx(A4.width)
    assert run("kit", "--game", "starcharts").exit_code == 0
    assert "pnp printer set --paper letter" in Path("out/starcharts/README.txt").read_text()


def test_the_scale_grows_the_ruler_and_the_test_sheet_is_never_scaled(run: Run) -> None:
    run("printer", "set", "--ruler", "49.8")
    run("starcharts", "aid", "-o", "aid.pdf")
    lines = pages(Path("aid.pdf").read_bytes())[0].lines
    assert any(abs(abs(s.x1 - s.x0) / MM - 50 * 1.004) < 0.01 for s in lines if s.horizontal)
    run("calibrate", "-o", "cal.pdf")
    raw = render_pdf(calibration_document(A4, Flip.LONG))
    assert Path("cal.pdf").read_bytes() == raw


# 3. The kit and the single commands agree


def test_kit_files_are_the_single_commands_defaults(run: Run) -> None:
    result = run(
        "kit",
        "--game",
        "starcharts",
        "--paper",
        "letter",
        "--back-offset",
        "1,-1",
        "--flip",
        "short",
    )
    assert result.exit_code == 0, result.output
    kit = {p: p.read_bytes() for p in Path("out").rglob("*.pdf")}
    Path("out").rename("kit")
    for args in (
        ["starcharts", "cards", "--backs", "duplex", "--back-offset", "1,-1", "--flip", "short"],
        ["starcharts", "cards"],
        ["starcharts", "sheet", "lyra-8-obstacles"],
        ["starcharts", "aid"],
        ["calibrate", "--flip", "short"],
    ):
        assert run(*args, "--paper", "letter").exit_code == 0
    for path in Path("out").rglob("*.pdf"):
        assert path in kit, path
        assert path.read_bytes() == kit[path], path
    readme = " ".join(Path("kit/starcharts/README.txt").read_text().split())
    assert "short-edge flip, backs moved +1,-1 mm" in readme and "pnp printer set" in readme


def test_the_svg_kit_readme_names_svg_files(run: Run) -> None:
    assert run("kit", "--game", "starcharts", "--format", "svg").exit_code == 0
    readme = Path("out/starcharts/README.txt").read_text()
    assert ".pdf" not in readme
    assert "objective-cards-duplex-1.svg … -4.svg" in readme
    named = re.findall(r"^([^ <]+\.svg)", readme, re.M)
    assert len(named) == 5  # the fronts, the duplex cards, the aid, the dice, the test sheet
    for name in named:
        assert (Path("out/starcharts") / name).is_file(), name
    assert not Path("out/starcharts/objective-cards-duplex-5.svg").exists()


# 8. Output paths and formats


def test_the_format_follows_the_suffix(run: Run) -> None:
    assert run("starcharts", "aid", "-o", "a.svg").exit_code == 0
    assert Path("a.svg").read_bytes().lstrip().startswith(b"<")
    assert run("starcharts", "aid", "--format", "svg", "-o", "b.pdf").exit_code == 2
    assert run("starcharts", "aid", "--format", "svg", "-o", "c.svg").exit_code == 0
    assert run("starcharts", "aid", "-o", "plain").exit_code == 0
    assert Path("plain").read_bytes().startswith(b"%PDF-")


def test_dash_writes_to_standard_output(run: Run) -> None:
    result = run("starcharts", "aid", "-o", "-")
    assert result.exit_code == 0 and result.stdout_bytes.startswith(b"%PDF-")
    svg = run("starcharts", "aid", "-o", "-", "--format", "svg")
    assert svg.stdout_bytes.lstrip().startswith(b"<")
    assert (
        run("starcharts", "cards", "--backs", "duplex", "--format", "svg", "-o", "-").exit_code == 2
    )


@pytest.mark.parametrize(
    "args",
    [
        ["starcharts", "aid", "-o", "/dev/null/x.pdf"],
        ["kit", "--out", "a-file"],
        ["starcharts", "sheet", "lyra-8", "-o", "a-file/x.pdf"],
    ],
)
def test_an_unusable_output_path_is_one_line_and_exit_1(run: Run, args: list[str]) -> None:
    Path("a-file").write_text("")
    result = run(*args)
    assert result.exit_code == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "is not a folder" in result.stderr


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS])
def test_system_errors_while_writing_are_one_line(
    run: Run, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    def refuse(*args: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "replace", refuse)
    result = run("starcharts", "aid", "-o", "aid.pdf")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"cannot write aid.pdf: {os.strerror(code)}"
    assert list(Path().iterdir()) == []  # no temporary file left behind


@pytest.mark.parametrize(
    "args",
    [
        ["starcharts", "cards", "--back-offset", "1,1"],
        ["starcharts", "cards", "--flip", "short"],
        ["starcharts", "cards", "--backs", "fold", "--back-offset", "1,1"],
        ["starcharts", "cards", "--print-shop", "--paper", "letter"],
        ["starcharts", "cards", "--print-shop", "--backs", "fold"],
        ["starcharts", "cards", "--print-shop", "--scale", "101"],
    ],
)
def test_an_option_without_effect_is_a_usage_error(run: Run, args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert "no effect" in result.output or "no meaning" in result.output


# 10 and 12. CLI habits and a hostile system


def test_paper_names_are_case_insensitive(run: Run) -> None:
    assert run("starcharts", "aid", "--paper", "A4", "-o", "a.pdf").exit_code == 0
    assert run("starcharts", "aid", "--paper", "Letter", "-o", "b.pdf").exit_code == 0


def test_chart_ids_complete_in_the_shell() -> None:
    from click.shell_completion import ShellComplete

    from pnp.cli import cli

    complete = ShellComplete(cli, {}, "pnp", "_PNP_COMPLETE")
    found = [c.value for c in complete.get_completions(["starcharts", "sheet"], "lyra-8")]
    assert found == ["lyra-8", "lyra-8-obstacles"]


def test_ctrl_c_during_start_up_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pnp import entry

    interrupted = types.ModuleType("pnp.cli")

    def main() -> None:
        raise KeyboardInterrupt

    interrupted.main = main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pnp.cli", interrupted)
    handler = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit) as stop:
            entry.main()
        assert stop.value.code == 130
        assert capsys.readouterr().err.strip() == "Aborted!"
    finally:
        gc.unfreeze()
        signal.signal(signal.SIGINT, handler)  # the run leaves Ctrl-C ignored as it ends


def test_the_console_script_skips_the_collectors_last_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pnp import entry

    done = types.ModuleType("pnp.cli")

    def main() -> None:
        sys.exit(0)

    done.main = main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pnp.cli", done)
    handler = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit):
            entry.main()
        assert gc.get_freeze_count() > 0
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN  # the run is over
    finally:
        gc.unfreeze()
        signal.signal(signal.SIGINT, handler)


PROFILE_LIKE = st.lists(
    st.sampled_from(
        ['paper = "letter"', 'flip = "short"', "back_offset = [1.5, -1]", "scale = 100.4",
         "scale = true", 'paper = ["a4"]', "back_offset = [1, 2, 3]", "flip = 7", "x = 1",
         "[table]", "scale = 1e999", "back_offset = [nan, inf]", '\ufeffpaper = "a4"']
    ).map(str) | st.text(max_size=40),
    max_size=6,
).map("\n".join)  # fmt: skip


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")) * 3, deadline=None)
@given(PROFILE_LIKE)
def test_any_profile_text_parses_or_is_our_error(text: str) -> None:
    try:
        profile = parse_profile(text, "p.toml")
    except SourceError as exc:
        assert all(str(p).startswith("p.toml:") for p in exc.problems)
    else:
        check_offset(*profile.back_offset)
        check_scale(profile.scale)
        assert parse_profile(format_profile(profile), "p.toml") == profile
