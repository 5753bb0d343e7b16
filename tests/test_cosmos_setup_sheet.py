"""Crafting the Cosmos's set-up sheets (issue 27, point 9): each page draws the table
for its player count from above, from the same data as its words, and fills the page."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pnp.cosmos.content import advanced_life, main_board, setup
from pnp.draw.clip import ink_bounds
from pnp.draw.shapes import Text
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.setup_plan import plan_for, table_plan
from pnp.layouts.flow import HEADING
from pnp.layouts.page import content_area
from pnp.paper.geometry import bounds
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.paper.units import mm

PLAN_WORDS = 6.5  # the plan's words are at most this size, the set-up's words larger


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_plan_holds_what_the_set_up_data_says(players: int) -> None:
    count, board, life = setup().for_players(players), main_board(), advanced_life()
    plan = plan_for(players)
    assert [shape for _, shape in plan.seats] == list(icons.Shape)[:players]
    assert len({seat for seat, _ in plan.seats}) == players
    assert (plan.crystals, plan.dark, plan.passes) == (
        count.time_crystals,
        count.dark_energy,
        count.pass_first,
    )
    # dealt one at a time clockwise from Light: Light gets the most, none more than fit
    assert sum(plan.dealt) == players + count.dark_energy
    assert list(plan.dealt) == sorted(plan.dealt, reverse=True)
    assert max(plan.dealt) - min(plan.dealt) <= 1 and max(plan.dealt) <= board.capacity
    assert plan.advanced == life.in_play(players) and plan.group_one == 2 * players
    assert plan.stars == ("H", "O", "He", "C")  # beside Light, Time, Gravity, Chemistry


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The icons the plan draws, by function (and, for energy tokens, dark or not)."""
    seen: Counter[str] = Counter()
    for name in ("crystal", "energy_token", "power_token", "nebula", "star", "goal", "card"):
        original = getattr(icons, name)

        def record(*args: Any, _f: Any = original, _name: str = name) -> Any:
            key = _name
            if _name == "energy_token":
                key = "dark" if args[0] is None else "player token"
            seen[key] += 1
            return _f(*args)

        monkeypatch.setattr(icons, name, record)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_plan_draws_every_piece_the_set_up_puts_out(players: int, drawn: Counter[str]) -> None:
    plan, each = plan_for(players), setup().each
    table_plan(content_area(A4), plan)
    assert drawn["crystal"] == plan.crystals + players * each.time_crystal
    assert drawn["dark"] == plan.dark  # beside the board, with the players' to deal
    assert drawn["player token"] == players
    assert drawn["power_token"] == players * each.power_tokens
    assert drawn["nebula"] == 3 + players * len(each.nebulae)  # the stacks, each galaxy's
    assert drawn["star"] == 4 * 3 + players  # a pile by each control, each centre star
    assert drawn["goal"] == 2  # the deck and the goal revealed on space 1
    assert drawn["card"] == main_board().display


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_the_plan_stays_inside_its_area(paper: Paper) -> None:
    area = content_area(paper).take_bottom(mm(60))[1]
    for players in (2, 3, 4):
        ink = bounds(ink_bounds(i) for i in table_plan(area, plan_for(players)))
        assert area.contains(ink, 0.01), players


def _pages(paper: Paper) -> list[Any]:
    from pnp.layouts.cosmos.sheets import setup_sheet_document

    return list(setup_sheet_document(paper).pages)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_the_words_sit_below_the_plan_and_together_fill_the_page(paper: Paper) -> None:
    area = content_area(paper)
    body = area.take_top(mm(12))[1]  # below the title
    pages = _pages(paper)
    assert len(pages) == 3
    for page in pages:
        inside = [(i, ink_bounds(i)) for i in page.items if body.contains(ink_bounds(i), 1.0)]
        # the words: their points' bullets' size, and their headings' (flow.HEADING)
        body_size = next(i.size for i, _ in inside if isinstance(i, Text) and i.text == "•")
        sizes = {round(body_size, 3), round(body_size * HEADING, 3)}
        said = [isinstance(i, Text) and round(i.size, 3) in sizes for i, _ in inside]
        words = [b for (_, b), w in zip(inside, said, strict=True) if w]
        picture = [b for (_, b), w in zip(inside, said, strict=True) if not w]
        assert body_size > PLAN_WORDS
        assert words and picture
        assert max(b.top for b in words) < min(b.y for b in picture)
        filled = bounds(b for _, b in inside)
        assert filled.h > 0.9 * body.h
        assert bounds(picture).h > 0.6 * body.h  # the picture is most of the page
        assert all(i.size >= 6 for i, _ in inside if isinstance(i, Text))


def test_the_page_names_its_player_count_in_the_plan_too() -> None:
    """The 2-player page shows two boards, the 4-player page four: the player board
    frames (the plan's largest boxes after the main board) are counted."""
    from pnp.draw.shapes import Rect

    for players, page in zip((2, 3, 4), _pages(A4), strict=True):
        marks = [
            i
            for i in page.items
            if isinstance(i, Rect) and mm(60) < i.box.w < mm(75) and mm(30) < i.box.h < mm(45)
        ]
        turned = [
            i
            for i in page.items
            if isinstance(i, Rect) and mm(60) < i.box.h < mm(75) and mm(30) < i.box.w < mm(45)
        ]
        assert len(marks) + len(turned) == players, players


def test_the_plan_draws_the_discard_spot_where_the_main_board_has_it() -> None:
    """Review: the picture put "discard" beside the energy deck; the board has it
    between Chemistry and Gravity. The plan's spot, in its board's frame, is the
    board's, in the board."""
    from pnp.draw.shapes import Rect
    from pnp.layouts.cosmos.main_board import SIZE, layout
    from pnp.layouts.cosmos.setup_plan import DASHED, FRAME

    items = table_plan(content_area(A4), plan_for(4))
    frame = max(
        (i.box for i in items if isinstance(i, Rect) and i.stroke == FRAME), key=lambda b: b.w
    )
    word = next(i for i in items if isinstance(i, Text) and i.text == "discard")
    spot = next(
        i.box
        for i in items
        if isinstance(i, Rect) and i.stroke == DASHED and i.box.contains(ink_bounds(word))
    )
    board = layout(main_board())
    for plan, real, size, start in (
        (spot.cx - frame.x, board.discard.cx, SIZE[0], frame.w),
        (spot.cy - frame.y, board.discard.cy, SIZE[1], frame.h),
        (spot.w, board.discard.w, SIZE[0], frame.w),
    ):
        assert plan / start == pytest.approx(real / size, abs=0.005)
    chemistry, gravity = board.controls[3], board.controls[2]
    assert chemistry.right < board.discard.x < board.discard.right < gravity.x


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_end_of_turn_spot_shares_no_edge_with_the_rows_beside_it(players: int) -> None:
    """Review: in each player board picture the α spot touched the power token slots
    above it and the score track below it."""
    from pnp.draw.shapes import Rect
    from pnp.layouts.cosmos.setup_plan import THIN

    items = table_plan(content_area(A4), plan_for(players))
    cells = [i.box for i in items if isinstance(i, Rect) and i.stroke == THIN]
    alphas = [i for i in items if isinstance(i, Text) and i.text == "α"]
    assert len(alphas) == players
    for alpha in alphas:
        mark = ink_bounds(alpha)
        spot = min((c for c in cells if c.contains(mark)), key=lambda c: c.w * c.h)
        near = [c for c in cells if c != spot and spot.inset(-mm(3)).overlaps(c)]
        assert near  # the slots and the score track beside it
        assert min(
            max(c.x - spot.right, spot.x - c.right, c.y - spot.top, spot.y - c.top) for c in near
        ) >= mm(0.5)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_the_plan_s_words_keep_1_mm_from_every_line_they_are_not_inside(paper: Paper) -> None:
    """Review: the advanced life count ("20", "24") sat 0.3–0.4 mm under the Time
    control's frame, "5 goals face down" 0.4 mm over the goal deck. Each word of the
    plan, as a font sets it (ascent to descent), against every shape's ink."""
    for page in _pages(paper):
        words = [i for i in page.items if isinstance(i, Text) and i.size <= PLAN_WORDS]
        shapes = [ink_bounds(i) for i in page.items if not isinstance(i, Text)]
        assert len(words) > 50
        for word in words:
            box = ink_bounds(word)
            near = [
                max(s.x - box.right, box.x - s.right, s.y - box.top, box.y - s.top)
                for s in shapes
                if not s.contains(box)
            ]
            assert min(near) >= mm(1), word.text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_plan_numbers_the_display_slots_as_the_board_does(players: int) -> None:
    """Play test: a log names display slots 1–4 (card 1, refills slot 1 first)."""
    from pnp.draw.shapes import Rect

    items = table_plan(content_area(A4), plan_for(players))
    numbers = [i for i in items if isinstance(i, Text) and i.text in {"1", "2", "3", "4"}]
    cards = [
        i.box
        for i in items
        if isinstance(i, Rect) and i.fill is None and mm(8) < i.box.w < mm(15) < i.box.h
    ]
    where = {}
    for number in numbers:
        inside = [c for c in cards if c.contains(ink_bounds(number))]
        if inside:
            where[number.text] = inside[0]
    assert sorted(where) == ["1", "2", "3", "4"]
    xs = [where[n].x for n in ("1", "2", "3", "4")]
    assert xs == sorted(xs) and len({round(where[n].y) for n in where}) == 1  # one row
