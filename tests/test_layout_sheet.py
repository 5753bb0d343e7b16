"""Player sheets and the aid as printed: type sizes, whole words, rule hints, the cut at
the paper's middle, the legend's gap, long titles, and the words of the rules."""

from __future__ import annotations

import io
import re
from collections import Counter
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage

from pnp.draw.clip import segment_inside
from pnp.draw.shapes import FAINT, Line, Text
from pnp.layouts.flow import Block, flow
from pnp.layouts.page import CUT_CLEARANCE, content_area, halves
from pnp.layouts.starcharts.documents import aid_document, sheets_document
from pnp.layouts.starcharts.sheet import MIN_CELL, SheetLayoutError, sheet_pages
from pnp.layouts.starcharts.sheet_panel import ABILITY_HINT, FULL, HALF, SCORE_HINT
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.render.output import check
from pnp.render.pdf import render_pdf
from pnp.starcharts.chart import Cell, chart_ids, charts_dir, load_chart
from pnp.starcharts.content import abilities
from tests.pdfread import MM, Run, Segment, char, join_runs, pages

PAPERS = [A4, LETTER]
CHARTS = ["lyra-8", "lyra-8-obstacles", "orion-10", "orion-10-obstacles"]
FURNITURE = "the ruler's and the footer's labels, in the strip under the content area"


def runs(data: bytes) -> list[list[Run]]:
    """Every page's strings in drawing order (pdfminer without layout analysis)."""
    manager = PDFResourceManager()
    device = PDFPageAggregator(manager, laparams=None)
    interpreter = PDFPageInterpreter(manager, device)
    out = []
    for page in PDFPage.get_pages(io.BytesIO(data)):
        interpreter.process_page(page)
        chars = [char(c) for c in device.get_result() if isinstance(c, LTChar)]
        out.append(join_runs(chars, touch=0.3))
    return out


def fits(paper: Paper, per_page: int, size: int) -> bool:
    """A 10 × 10 chart and its reading marks do not fit half a Letter page with 10 mm
    cells (``pnp starcharts sheet`` says so)."""
    return not (paper is LETTER and per_page == 2 and size == 10)


@cache
def sheet_pdf(charts: tuple[str, ...], paper: Paper, per_page: int) -> bytes:
    if not all(fits(paper, per_page, load_chart(c).size) for c in charts):
        pytest.skip("a 10 × 10 chart does not fit half a Letter page")
    return render_pdf(sheets_document([load_chart(c) for c in charts], paper, per_page))


@cache
def aid_pdf(paper: Paper) -> bytes:
    return render_pdf(aid_document(paper))


def _grids(lines: list[Segment]) -> list[tuple[float, float, float, float]]:
    """The grids' boxes, from their long vertical lines (nothing else is that tall)."""
    groups: dict[tuple[float, float], list[float]] = {}
    for s in lines:
        if s.vertical and abs(s.y1 - s.y0) > 60 * MM:
            groups.setdefault((round(min(s.y0, s.y1), 2), round(max(s.y0, s.y1), 2)), []).append(
                s.x0
            )
    return [(min(xs), y0, max(xs), y1) for (y0, y1), xs in groups.items()]


def _inside(run: Run, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    return x0 <= run.x0 and run.x1 <= x1 and y0 <= run.y0 and run.y1 <= y1


def _text(page: list[Run]) -> str:
    return re.sub(r"\s+", " ", " ".join(r.text for r in page))


def _ability_lines(page: list[Run], name: str) -> list[list[Run]]:
    """For each copy of an ability on the page: its name run and the text runs after it."""
    found = []
    for i, run in enumerate(page):
        if run.bold and run.text == name:
            body = []
            for after in page[i + 1 :]:
                if after.bold or after.text in ("gained", "used"):
                    break
                body.append(after)
            found.append([run, *body])
    return found


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("per_page", [1, 2])
@pytest.mark.parametrize("chart", CHARTS)
def test_one_type_scale_names_above_texts_and_nothing_under_6_5_pt(
    paper: Paper, per_page: int, chart: str
) -> None:
    data = sheet_pdf((chart,), paper, per_page)
    page = runs(data)[0]
    grids = _grids(pages(data)[0].lines)
    strip_top = content_area(paper).y
    # Exempt: page furniture, and the asteroids' cost marks, drawn inside grid cells as
    # part of their symbol.
    small = [
        r
        for r in page
        if r.size < 6.49 and r.y1 > strip_top and not any(_inside(r, g) for g in grids)
    ]
    assert small == []
    style = FULL if per_page == 1 else HALF
    names, texts = set(), set()
    for ability in abilities():
        copies = _ability_lines(page, ability.name)
        assert len(copies) == per_page
        for name, *body in copies:
            names.add(round(name.size, 2))
            texts |= {round(r.size, 2) for r in body}
    assert names == {style.name} and texts == {style.body}
    assert style.name > style.body >= 6.5


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("per_page", [1, 2])
def test_ability_texts_break_between_whole_words(paper: Paper, per_page: int) -> None:
    chart = "orion-10-obstacles" if fits(paper, per_page, 10) else "orion-8-obstacles"
    page = runs(sheet_pdf((chart,), paper, per_page))[0]
    for ability in abilities():
        for _, *body in _ability_lines(page, ability.name):
            drawn = " ".join(r.text.strip() for r in body)
            assert drawn.replace("\xa0", " ") == ability.text.replace("\xa0", " ")
    if per_page == 2 and chart.endswith("10-obstacles"):  # narrow tiles: some take two lines
        assert any(len(c) > 2 for a in abilities() for c in _ability_lines(page, a.name))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("per_page", [1, 2])
def test_rule_hints_are_on_full_and_half_sheets(paper: Paper, per_page: int) -> None:
    page = runs(sheet_pdf(("lyra-8-obstacles",), paper, per_page))[0]
    drawn = [r.text for r in page if r.bold]
    for phrase in SCORE_HINT + ABILITY_HINT:
        assert sum(phrase in text for text in drawn) == per_page, phrase


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("kind", ["sheet", "aid"])
def test_the_cut_is_at_the_paper_middle_and_nothing_else_near_it(paper: Paper, kind: str) -> None:
    data = sheet_pdf(("orion-8-obstacles",), paper, 2) if kind == "sheet" else aid_pdf(paper)
    page = pages(data)[0]
    start = content_area(paper).x + 5 * MM  # the dashed line starts after the scissors
    cuts = [s for s in page.lines if s.horizontal and abs(min(s.x0, s.x1) - start) < 0.1]
    assert len(cuts) == 1
    assert abs(cuts[0].y0 - paper.height / 2) <= 0.1 * MM
    assert abs(cuts[0].x1 - cuts[0].x0) > 150 * MM
    near = [
        b
        for b in page.bboxes
        if b[1] < paper.height / 2 + CUT_CLEARANCE - 0.5
        and b[3] > paper.height / 2 - CUT_CLEARANCE + 0.5
        and b[0] > start - 0.1  # not the scissors
        and b[2] - b[0] < 150 * MM  # nor the cut line
    ]
    assert near == []


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_two_halves_are_the_same_sheet_one_above_the_other(paper: Paper) -> None:
    page = runs(sheet_pdf(("orion-8-obstacles",), paper, 2))[0]
    top, bottom = halves(paper)
    middle = paper.height / 2
    upper = [r for r in page if r.y0 > middle + CUT_CLEARANCE]
    lower = [r for r in page if content_area(paper).y < r.y0 < middle - CUT_CLEARANCE]
    shift = top.y - bottom.y
    assert len(upper) == len(lower) > 50
    for a, b in zip(upper, lower, strict=True):
        assert a.text == b.text
        assert (a.x0, a.y0 - shift) == pytest.approx((b.x0, b.y0), abs=0.01)


def test_an_odd_last_sheet_is_printed_twice_to_fill_the_page() -> None:
    one = runs(sheet_pdf(("lyra-8",), A4, 2))
    assert len(one) == 1
    assert [r.text for r in one[0]].count("Lyra") == 2
    three = runs(sheet_pdf(("lyra-8", "orion-10", "cygnus-8"), A4, 2))
    assert len(three) == 2
    assert [r.text for r in three[1]].count("Cygnus") == 2
    assert "Lyra" not in [r.text for r in three[1]]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("per_page", [1, 2])
@pytest.mark.parametrize("chart", CHARTS)
def test_the_legend_keeps_at_least_2_mm_from_the_grid(
    paper: Paper, per_page: int, chart: str
) -> None:
    data = sheet_pdf((chart,), paper, per_page)
    page = pages(data)[0]
    x0, y0, x1, y1 = max(_grids(page.lines), key=lambda g: g[3])  # the top sheet's
    if per_page == 1:  # the legend is under the grid: the nearest ink below it
        below = [b[3] for b in page.bboxes if b[3] < y0 - 0.01 and b[2] > x0 and b[0] < x1]
        assert y0 - max(below) >= 2 * MM
    else:  # the legend is right of the grid: the nearest ink beside it
        beside = [b[0] for b in page.bboxes if b[0] > x1 + 0.01 and b[1] < y1 and b[3] > y0]
        assert min(beside) - x1 >= 2 * MM


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("chart", CHARTS)
def test_every_legend_says_how_abilities_are_gained(paper: Paper, chart: str) -> None:
    for per_page in (1, 2):
        if not fits(paper, per_page, load_chart(chart).size):
            continue
        text = _text(runs(sheet_pdf((chart,), paper, per_page))[0])
        assert text.count("star: complete its row or column to gain an ability") == per_page


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("per_page", [1, 2])
@pytest.mark.parametrize("letter", ["W", "M"])
def test_a_long_name_shrinks_clear_of_the_player_line(
    tmp_path: Path, paper: Paper, per_page: int, letter: str
) -> None:
    name = letter * 32
    grid = "\n".join(" ".join("*" if (r + c) % 7 == 0 else "." for c in range(8)) for r in range(8))
    path = tmp_path / "long.txt"
    path.write_text(f"name: {name}\nsize: 8\ngrid:\n{grid}\n", encoding="utf-8")
    data = render_pdf(sheets_document([load_chart(str(path))], paper, per_page))
    page = runs(data)[0]
    titles = [r for r in page if r.text.startswith(letter * 5)]
    players = [r for r in page if r.text == "Player"]
    assert len(titles) == len(players) == per_page
    lines = [s for s in pages(data)[0].lines if s.horizontal and 40 * MM < s.x1 - s.x0 < 100 * MM]
    for title, player in zip(titles, players, strict=True):
        assert title.size < (FULL if per_page == 1 else HALF).title  # it did shrink
        assert title.size >= 8
        assert title.text in (name, name[: len(title.text) - 1] + "…")
        assert title.x1 + 2 * MM < player.x0  # clear of the label, so of its line too
        line = next(s for s in lines if abs(s.y0 - player.y0) < 3)
        assert player.x1 < line.x0


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("per_page", [1, 2])
def test_a_long_file_name_is_cut_short_in_the_subtitle(
    tmp_path: Path, paper: Paper, per_page: int
) -> None:
    path = tmp_path / f"{'a' * 150}.txt"
    path.write_text((charts_dir() / "lyra-8.txt").read_text("utf-8"), encoding="utf-8")
    doc = sheets_document([load_chart(str(path))], paper, per_page)
    subtitles = [i for i in doc.pages[0].items if isinstance(i, Text) and "chart a" in i.text]
    assert len(subtitles) == per_page
    assert all(t.text.endswith("a…") for t in subtitles)
    check(doc)  # the preflight: nothing reaches the dead margin


def test_reuse_takes_a_die_another_player_drafted() -> None:
    reuse = next(a for a in abilities() if a.id == "reuse")
    assert "another player drafted this round" in reuse.text
    for data in (sheet_pdf(("lyra-8",), A4, 1), sheet_pdf(("lyra-8",), A4, 2), aid_pdf(A4)):
        text = _text(runs(data)[0])
        assert "another player drafted this round" in text
        assert "already drafted" not in text


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_every_column_of_the_aid_starts_with_a_heading(paper: Paper) -> None:
    page = runs(aid_pdf(paper))[0]
    body_size = Counter(round(r.size, 2) for r in page).most_common(1)[0][0]
    headings = {r.text for r in page if r.bold and r.size > body_size * 1.1}
    assert "Abilities (cont.)" in headings  # the ability list runs on into column 2
    for half in halves(paper):
        body = half.inset(3 * MM).take_top(8 * MM)[1]
        for column in body.columns(2, 5 * MM):
            inside = [
                r
                for r in page
                if column.x - 0.5 <= r.x0 <= column.right and column.y <= r.y0 <= column.top
            ]
            first = max(inside, key=lambda r: r.y1)
            assert first.text in headings
    assert min(r.size for r in page if r.y1 > content_area(paper).y) >= 6.49


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_every_chart_lays_out_with_cells_of_at_least_10_mm(paper: Paper) -> None:
    for chart_id in chart_ids():
        for per_page in (1, 2):
            if not fits(paper, per_page, load_chart(chart_id).size):
                with pytest.raises(SheetLayoutError, match="print it one per page"):
                    sheet_pages([load_chart(chart_id)], paper, per_page)
                continue
            (page,) = sheet_pages([load_chart(chart_id)], paper, per_page)
            xs = sorted(
                {
                    round(i.x1, 3)
                    for i in page.items
                    if isinstance(i, Line) and i.x1 == i.x2 and i.stroke.width == 0.9
                }
            )
            assert min(b - a for a, b in pairwise(xs)) >= MIN_CELL - 0.001, (chart_id, per_page)


def _flowed(blocks: list[Block], columns: list[Box]) -> list[tuple[str, int]]:
    """(text, column) of each drawn line, bullets left out."""
    items = flow(blocks, columns, 10.0)
    assert items is not None
    return [
        (i.text, 0 if i.x < columns[1].x else 1)
        for i in items
        if isinstance(i, Text) and i.text != "•"
    ]


def test_a_section_running_on_into_the_next_column_repeats_its_heading() -> None:
    columns = Box(0, 0, 300, 100).columns(2, 10)  # a heading and five points a column
    rules = [Block("Rules", heading=True)] + [Block(f"rule {i}") for i in range(6)]
    drawn = _flowed(rules, columns)
    assert drawn[5] == ("rule 4", 0)
    assert drawn[6:] == [("Rules (cont.)", 1), ("rule 5", 1)]
    assert flow(rules * 2, columns, 10.0) is None  # what does not fit says so


def test_a_heading_goes_to_the_next_column_with_its_first_point() -> None:
    columns = Box(0, 0, 300, 100).columns(2, 10)
    blocks = [Block("Rules", heading=True)] + [Block(f"rule {i}") for i in range(4)]
    blocks += [Block("Scoring", heading=True), Block("score")]  # room for the heading only
    drawn = _flowed(blocks, columns)
    assert drawn[-2:] == [("Scoring", 1), ("score", 1)]


def test_constellation_lines_never_cross_an_asteroid_or_a_comet() -> None:
    for chart_id in chart_ids():
        chart = load_chart(chart_id)
        page = sheets_document([chart], A4).pages[0]
        faint = [i for i in page.items if isinstance(i, Line) and i.stroke.color == FAINT]
        grid = [i for i in page.items if isinstance(i, Line) and i.stroke.width == 0.9]
        xs = sorted({round(g.x1, 3) for g in grid if g.x1 == g.x2})
        ys = sorted({round(g.y1, 3) for g in grid if g.y1 == g.y2}, reverse=True)
        n = chart.size
        for index, kind in enumerate(chart.cells):
            if kind in (Cell.OPEN, Cell.STAR):
                continue
            r, c = divmod(index, n)
            cell = Box(xs[c], ys[r + 1], xs[c + 1] - xs[c], ys[r] - ys[r + 1])
            inner = cell.inset(0.01)
            for line in faint:
                span = segment_inside((line.x1, line.y1), (line.x2, line.y2), inner)
                assert span is None or span[1] - span[0] < 1e-6, (chart_id, index)
