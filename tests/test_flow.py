"""The text flow of the player aids, set-up sheets and rules summaries: headings wrap
inside their column, and a symbol's label sits level with the middle of its cell."""

from __future__ import annotations

import pytest

from pnp.draw.fonts import Font, ascent, descent, text_width
from pnp.draw.shapes import Anchor, Item, Rect, Text
from pnp.layouts.cosmos.setup_plan import LABEL as PLAN_LABEL
from pnp.layouts.cosmos.sheets import TITLE, aid_document, rules_document, setup_sheet_document
from pnp.layouts.flow import CONTINUED, LEADING, Block, fit_flow, flow
from pnp.layouts.page import content_area
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.paper.units import mm

SIZE = 10.0
COLUMN = Box(0, 0, 150, 300)
HEADING = "Energy tokens and the first player"
POINT = "Mix the tokens."


def _texts(items: list[Item]) -> list[Text]:
    return [i for i in items if isinstance(i, Text)]


def _heading(items: list[Item]) -> list[Text]:
    return [t for t in _texts(items) if t.size > SIZE]


def _inside(text: Text, column: Box) -> bool:
    right = text.x + text_width(text.text, text.size, text.font)
    top, bottom = text.y + ascent(text.size, text.font), text.y - descent(text.size, text.font)
    return column.x <= text.x and right <= column.right and column.y <= bottom and top <= column.top


def test_a_heading_wider_than_its_column_wraps_inside_it() -> None:
    column = Box(0, 0, 120, 300)
    assert text_width(HEADING, SIZE * 1.15, Font.BOLD) > column.w  # one line would run out
    items = flow([Block(HEADING, heading=True), Block(POINT)], [column], SIZE)
    assert items is not None
    heading = _heading(items)
    assert len(heading) > 1
    assert " ".join(t.text for t in heading) == HEADING
    assert all(_inside(t, column) for t in _texts(items))
    lowest = min(t.y for t in heading) - descent(heading[-1].size, Font.BOLD)
    point = next(t for t in _texts(items) if t.text == POINT)
    assert point.y + ascent(SIZE) <= lowest  # the point starts below the whole heading


def test_a_wrapped_heading_goes_to_the_next_column_with_its_first_point() -> None:
    columns = Box(0, 0, 250, 90).columns(2, 10)
    blocks = [Block("Rules", heading=True), Block("one"), Block("two"), Block("three")]
    blocks += [Block(HEADING, heading=True), Block(POINT)]  # only the heading fits below
    items = flow(blocks, columns, SIZE)
    assert items is not None
    moved = [t for t in _heading(items) if t.x >= columns[1].x]
    assert " ".join(t.text for t in moved) == HEADING
    assert all(_inside(t, columns[1]) for t in moved)


def test_a_wrapped_continued_heading_stays_inside_the_next_column() -> None:
    columns = Box(0, 0, 250, 110).columns(2, 10)
    blocks = [Block(HEADING, heading=True)] + [Block(f"point {i}") for i in range(7)]
    items = flow(blocks, columns, SIZE)
    assert items is not None
    moved = [t for t in _heading(items) if t.x >= columns[1].x]
    repeated = " ".join(t.text for t in moved)
    assert repeated == f"{HEADING} {CONTINUED}"
    assert all(_inside(t, columns[t.x >= columns[1].x]) for t in _texts(items))


def test_a_word_wider_than_its_column_never_fits() -> None:
    column = Box(0, 0, 60, 300)
    for block in (Block("Supercalifragilistic", heading=True), Block("Supercalifragilistic")):
        assert flow([block], [column], SIZE) is None
    with pytest.raises(ValueError):
        fit_flow([Block("Supercalifragilistic", heading=True)], [column], SIZE, 9.0)
    assert fit_flow([Block("Supercalifragilistic", heading=True)], [column], SIZE, 4.0)


def _symbol_block(label: str, lead: str = "") -> tuple[Box, list[Text], Text]:
    """(cell, the label's lines, the next point's line) of a symbol block at the top of
    COLUMN, followed by a point."""
    cells: list[Box] = []

    def symbol(cell: Box) -> list[Item]:
        cells.append(cell)
        return []

    items = flow([Block(label, symbol=symbol, lead=lead), Block("next")], [COLUMN], SIZE)
    assert items is not None
    (cell,) = cells
    assert [r.box for r in items if isinstance(r, Rect)] == [cell]
    *label_lines, _, following = _texts(items)  # the next point's bullet left out
    return cell, label_lines, following


@pytest.mark.parametrize("lead", ["", "Light:"])
def test_a_one_line_label_is_centred_on_its_icon_cell(lead: str) -> None:
    cell, label, _ = _symbol_block("Hydrogen", lead)
    assert len({t.y for t in label}) == 1  # the lead and the words on one baseline
    middle = label[0].y + SIZE * 0.729 / 2  # half a capital above the baseline
    assert middle == pytest.approx(cell.cy, abs=SIZE * 0.05)
    assert cell.top <= COLUMN.top


@pytest.mark.parametrize("words", [5, 12])
def test_a_label_of_several_lines_spans_its_icon_cell(words: int) -> None:
    cell, label, _ = _symbol_block(" ".join(["wordy"] * words))
    assert len(label) >= 2
    first, second = label[0].y, label[1].y
    assert first - second == pytest.approx(SIZE * LEADING)
    middle = (first + SIZE * 0.729 + second) / 2  # the first two lines' middle
    assert middle == pytest.approx(cell.cy, abs=SIZE * 0.05)
    assert first + ascent(SIZE) <= COLUMN.top + 0.01 and cell.top <= COLUMN.top


def test_a_symbol_block_keeps_clear_of_the_next_point() -> None:
    for label in ("Hydrogen", " ".join(["wordy"] * 5)):
        cell, lines, following = _symbol_block(label)
        top = following.y + ascent(SIZE)
        assert top <= cell.y
        assert top <= min(t.y for t in lines) - descent(SIZE)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_the_cosmos_text_sheets_keep_every_line_in_its_column(paper: Paper) -> None:
    area = content_area(paper).take_top(TITLE)[1]  # the columns, below the title
    left = area.columns(2, mm(7))[0]
    documents = [setup_sheet_document(paper), aid_document(paper), rules_document(paper)]
    for page in (p for d in documents for p in d.pages):
        for t in _texts(list(page.items)):
            words = t.size > PLAN_LABEL  # the set-up sheet's picture places its own labels
            if words and t.anchor == Anchor.START and area.y < t.y < area.top:
                right = t.x + text_width(t.text, t.size, t.font)
                assert right <= (left.right if t.x < left.right else area.right), t.text
    setup = setup_sheet_document(paper).pages[0]
    assert "Energy tokens and the first player" in {t.text for t in _texts(list(setup.items))}
