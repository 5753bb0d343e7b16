"""Crafting the Cosmos's print at a real table (issue 19 play test): the main board has
a marked spot for every pile the set-up puts on the table beside it, no word crosses the
joins of its sheets, and the sheets tell a new player where each pile goes."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.draw.clip import ink_bounds
from pnp.draw.shapes import Rect, Text
from pnp.paper.geometry import Box
from pnp.paper.units import mm
from tests.conftest import Run
from tests.cosmos_pdf import Sheet


def _words(path: Path) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(path).pages).split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_main_board_marks_every_pile_on_four_sheets(run: Run, paper: str) -> None:
    result = run("cosmos", "main-board", "--paper", paper, "-o", "board.pdf")
    assert result.exit_code == 0, result.output
    assert len(PdfReader("board.pdf").pages) == 4
    board = _words(Path("board.pdf"))
    for words in (
        "Goal deck",
        "Energy deck",
        "Discard",
        "Nebula stacks",
        "size 1",
        "size 2",
        "size 3",
        "Advanced life",
        "Time crystal supply",
    ):
        assert words in board, words


def _spots() -> list[Box]:
    from pnp.cosmos.content import main_board
    from pnp.layouts.cosmos.main_board import DASHED, main_board_items

    return [
        i.box for i in main_board_items(main_board()) if isinstance(i, Rect) and i.stroke == DASHED
    ]


def test_the_spots_hold_a_poker_card_or_a_nebula_tile() -> None:
    from pnp.layouts.cosmos.galaxy import TILE

    spots = _spots()
    cards = [s for s in spots if s.w >= mm(63.5) and s.h >= mm(88.9)]
    stacks = [s for s in spots if TILE <= s.w < mm(40) and TILE <= s.h < mm(40)]
    assert len(cards) == 3  # goal deck, energy deck, discard pile
    assert len(stacks) == 4  # three nebula stacks and the advanced life stack


def test_no_word_on_the_main_board_crosses_a_join() -> None:
    from pnp.cosmos.content import main_board
    from pnp.layouts.cosmos.main_board import JOIN_X, JOIN_Y, main_board_items

    crossing = []
    for item in main_board_items(main_board()):
        if isinstance(item, Text):
            b = ink_bounds(item)
            across = b.x < JOIN_X[1] and b.right > JOIN_X[0]
            down = b.y < JOIN_Y[1] and b.top > JOIN_Y[0]
            if across or down:
                crossing.append(item.text)
    assert crossing == []


def test_the_set_up_sheet_puts_each_pile_on_its_spot(run: Run) -> None:
    assert run("cosmos", "setup-sheet", "--paper", "letter", "-o", "setup.pdf").exit_code == 0
    words = _words(Path("setup.pdf"))
    for spot in (
        "goal deck spot",
        "energy deck spot",
        "discard spot",
        "on their spots",
        "on its spot",
    ):
        assert spot in words, spot
    # the player board has a power token spot on each power card slot
    assert "power tokens on the 4 power card slots" in words
    assert "beside the board; sliders" not in words
    assert "dark tokens don't count" in words


def test_the_aid_and_the_rules_say_where_spent_cards_go_and_where_life_grows(run: Run) -> None:
    assert run("cosmos", "aid", "-o", "aid.pdf").exit_code == 0
    assert run("cosmos", "rules", "-o", "rules.pdf").exit_code == 0
    aid, rules = _words(Path("aid.pdf")), _words(Path("rules.pdf"))
    for words in (aid, rules):
        assert "discard pile" in words
        assert "shuffle the discard pile" in words
    assert "proto life next to your life" in rules
    assert "power tokens on the 4 power card slots" in rules
    assert "one life space lies between them" in rules


def test_the_score_pad_holds_the_counts_mode_record_and_the_total(run: Run) -> None:
    assert run("cosmos", "score-pad", "-o", "pad.pdf").exit_code == 0
    words = _words(Path("pad.pdf"))
    assert words.count("Total (score track + advanced life)") == 1
    assert "Advanced neighbours" in words and "Speed of Light (6)" in words


def test_the_galaxy_is_as_the_rules_summary_draws_it() -> None:
    """Star spaces are adjacent when one life space lies between them; life spaces when
    they touch the same star space; each life space has a star space at either end."""
    from pnp.cosmos.galaxy import galaxy

    g = galaxy()
    assert all(len(life.stars) == 2 for life in g.life)
    joined = {frozenset(life.stars) for life in g.life}
    assert {frozenset((s.id, t)) for s in g.stars for t in s.stars} == joined
    sharing = {
        frozenset((a.id, b.id))
        for a in g.life
        for b in g.life
        if a.id != b.id and set(a.stars) & set(b.stars)
    }
    assert {frozenset((life.id, m)) for life in g.life for m in life.life} == sharing


def test_the_aid_and_the_rules_say_what_a_discharge_and_gravity_give(run: Run) -> None:
    """Issue 27, point 8 (seed "Discharge Time Chamber": gain 1 star token, H, He, O or
    C; "Supernovae": increase your supernova slider once per resource gained)."""
    assert run("cosmos", "aid", "-o", "aid.pdf").exit_code == 0
    assert run("cosmos", "rules", "-o", "rules.pdf").exit_code == 0
    for words in (_words(Path("aid.pdf")), _words(Path("rules.pdf"))):
        assert "gains a standard star of the type you choose" in words
        assert "standard star: H, He, O or C, not a supernova" in words
        assert "Gravity's 1 supernova" in words
        assert "supernova slider" in words
        assert "a slider token marks the count" in words


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheets_crosses_stay_off_the_stacks_the_supply_and_every_word(paper: str) -> None:
    """Review: the crosses that line up the main board's sheets stay visible once glued,
    and sat in nebula stacks 1 and 2, the crystal supply, goal space 2, the discard spot
    and energy display slot 3: each slides along its seam to the nearest clear spot. Read
    back from the PDF in the board's coordinates."""
    from pdfminer.layout import LTLine

    from pnp.cosmos.content import main_board
    from pnp.layouts.cosmos.boards import main_board_document
    from pnp.layouts.cosmos.main_board import SIZE, layout
    from pnp.paper.sizes import PAPERS
    from pnp.render.pdf import render_pdf
    from tests.cosmos_pdf import _tile_shifts, gap, read_sheets

    sheet = PAPERS[paper]
    data = render_pdf(main_board_document(sheet))
    sheets = read_sheets(data, sheet, _tile_shifts(SIZE, sheet))

    def crosses(page: Sheet) -> list[Box]:
        return [
            s.box
            for s in page.shapes
            if s.kind is LTLine and abs(s.width - 0.3) < 0.01 and s.stroke == 0.0
        ]

    assert sum(len(crosses(page)) for page in sheets) >= 8 * 2 * 2  # 8 crosses, 2 lines, 2 sheets
    at = layout(main_board())
    spots = [*at.controls, *at.spots()]
    for page in sheets:  # a sheet's words, its header and footer too, against its crosses
        words = [Box(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0) for r in page.runs]
        for cross in crosses(page):
            assert all(gap(cross, s) >= mm(1) - 0.01 for s in spots), cross  # 1 mm of paper
            assert all(gap(cross, w) >= mm(1) - 0.01 for w in words), cross


def test_the_arrows_between_the_controls_keep_clear_of_every_spot() -> None:
    """Review: the Gravity → Chemistry arrowhead came within 0.2 mm of the discard
    spot's dashed edge (sheets A2/B2)."""
    from pnp.cosmos.content import main_board
    from pnp.draw.shapes import INK, Line, Poly
    from pnp.layouts.cosmos.main_board import layout, main_board_items
    from tests.cosmos_pdf import gap

    items = main_board_items(main_board())
    shafts = [i for i in items if isinstance(i, Line) and i.stroke.width == 1.2]
    assert len(shafts) == 4 + 4  # the goal track's and the controls'
    spots = layout(main_board()).spots()
    for shaft in shafts:
        head = [
            i
            for i in items
            if isinstance(i, Poly)
            and i.fill == INK
            and math.dist(i.points[0], (shaft.x2, shaft.y2)) < mm(3)
        ]
        assert len(head) == 1
        for part in (shaft, head[0]):
            assert min(gap(ink_bounds(part), s) for s in spots) >= mm(1), part


def test_what_space_4_scores_is_said_where_its_goal_card_leaves_it_in_view() -> None:
    from pnp.cosmos.content import main_board
    from pnp.cosmos.text import text
    from pnp.layouts.cosmos.main_board import layout, main_board_items

    board = main_board()
    words = text("print.main.scores").format(first=board.placements[0], second=board.placements[1])
    said = [
        ink_bounds(i) for i in main_board_items(board) if isinstance(i, Text) and i.text == words
    ]
    assert len(said) == 1
    at = layout(board)
    space = at.goal_spaces[-1]
    assert not any(said[0].overlaps(s) for s in at.spots())
    assert space.x <= said[0].x and said[0].right <= space.right and said[0].top < space.y


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_slots_a_game_log_numbers_are_numbered_on_the_boards(paper: str) -> None:
    """Play test: a log names power card slots (gain 2 light: slot 2) and display slots
    (card 1 … card 4, refill slot 1 first); the boards printed only the costs. Read back
    from the PDFs, in each board's coordinates: "slot 1" … "slot 4" in the player
    board's power card slots, left to right, and over the main board's display slots,
    where the card lying on each leaves it in view."""
    from pnp.cosmos.content import main_board
    from pnp.layouts.cosmos.boards import main_board_document
    from pnp.layouts.cosmos.main_board import SIZE, layout
    from pnp.paper.sizes import PAPERS
    from pnp.render.pdf import render_pdf
    from tests.cosmos_pdf import _tile_shifts, board_sheets, read_sheets

    names = [f"slot {k}" for k in range(1, 5)]

    def said(sheets: list[Sheet]) -> dict[str, Box]:
        runs = [r for sheet in sheets for r in sheet.runs if r.text.strip() in names]
        assert all(r.size >= 6 for r in runs)
        return {r.text.strip(): Box(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0) for r in runs}

    sheets = board_sheets(PAPERS[paper])
    words = said(sheets)
    assert sorted(words) == names
    cells = [s.box for sheet in sheets for s in sheet.shapes if mm(25) < s.box.w < mm(45)]
    inside = [[c for c in cells if c.contains(words[n]) and c.h > mm(30)] for n in names]
    assert all(len(found) == 1 for found in inside)  # each in one power card slot
    assert [found[0].x for found in inside] == sorted({found[0].x for found in inside})

    data = render_pdf(main_board_document(PAPERS[paper]))
    words = said(read_sheets(data, PAPERS[paper], _tile_shifts(SIZE, PAPERS[paper])))
    at = layout(main_board())
    assert sorted(words) == names
    for name, slot in zip(names, at.display, strict=True):
        word = words[name]
        assert slot.x <= word.x and word.right <= slot.right, name
        assert 0 < word.y - slot.top < mm(4), name  # just over it
        assert not any(word.overlaps(s) for s in at.spots()), name
