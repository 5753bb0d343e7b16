"""Crafting the Cosmos's icons (issue 27, point 6): one shape for each meaning, told
apart in greyscale at the smallest size they print, and each meaning drawn by its one
function on the boards, tokens, cards and aid."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageOps, ImageStat

from pnp.draw.shapes import Document, Page
from pnp.layouts.cosmos import icons
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4
from pnp.paper.units import mm

SMALLEST = mm(4)  # the aid's legend, tile stars and the advanced life token print ~4.6 mm
DPI = 300
FACES_APART = 0.5  # grey levels that differ, over the larger icon's ink
OUTLINES_APART = 0.07  # the same for outlines (issue 27's look-alikes: 0 to 0.03)
# Round tokens share their outline and differ by their faces (a letter and a rim, a
# player's shape, dark); every other meaning has an outline of its own.
ROUND_TOKENS = {"H", "He", "O", "C", "energy-token", "dark-energy"}


def _bitmaps(drawings: dict[str, icons.Icon], side: float = SMALLEST) -> dict[str, Image.Image]:
    import pypdfium2

    from pnp.render.pdf import render_pdf

    box = Box(0.0, 0.0, side, side)
    pages = tuple(
        Page(side, side, box, tuple(draw(side / 2, side / 2, side))) for draw in drawings.values()
    )
    pdf = pypdfium2.PdfDocument(render_pdf(Document("icons", pages)))
    return {
        key: pdf[n].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
        for n, key in enumerate(drawings)
    }


def _ink(image: Image.Image) -> float:
    return float(ImageStat.Stat(ImageOps.invert(image)).sum[0])


def difference(a: Image.Image, b: Image.Image) -> float:
    """How much two drawings differ: the grey levels that differ, over the larger ink."""
    return float(ImageStat.Stat(ImageChops.difference(a, b)).sum[0]) / max(_ink(a), _ink(b))


def outline(image: Image.Image) -> Image.Image:
    """The icon's shape: everything inside its outer edges filled, stretched to a square,
    so that a ring and a disc, a small ring and a large one, are one outline."""
    ink = image.point(lambda v: 0 if v < 192 else 255)
    framed = ImageOps.expand(ink, 1, 255)
    ImageDraw.floodfill(framed, (0, 0), 128)
    shape = framed.point(lambda v: 255 if v == 128 else 0)
    return shape.crop(ImageOps.invert(shape).getbbox()).resize((48, 48), Image.Resampling.BILINEAR)


def outline_difference(a: Image.Image, b: Image.Image) -> float:
    return difference(outline(a), outline(b))


@pytest.fixture(scope="module")
def bitmaps() -> dict[str, Image.Image]:
    return _bitmaps(icons.MEANINGS)


def test_the_meanings_are_every_piece_and_resource_of_the_game() -> None:
    from pnp.cosmos.content import main_board

    gains = {r.gain.value for c in main_board().controls for r in (*c.active, c.passive)}
    assert gains <= set(icons.MEANINGS)
    assert {e.value for e in icons.Energy} <= set(icons.MEANINGS)
    for key in ("stable-life", "advanced-life", "any-star", "power-token", "dark-energy"):
        assert key in icons.MEANINGS


def test_every_two_meanings_differ_at_the_smallest_size(bitmaps: dict[str, Image.Image]) -> None:
    close = [
        (a, b, round(difference(bitmaps[a], bitmaps[b]), 2))
        for a, b in itertools.combinations(bitmaps, 2)
        if difference(bitmaps[a], bitmaps[b]) < FACES_APART
    ]
    assert close == []


def test_every_meaning_but_the_round_tokens_has_an_outline_of_its_own(
    bitmaps: dict[str, Image.Image],
) -> None:
    close = [
        (a, b, round(outline_difference(bitmaps[a], bitmaps[b]), 2))
        for a, b in itertools.combinations(bitmaps, 2)
        if not {a, b} <= ROUND_TOKENS
        and outline_difference(bitmaps[a], bitmaps[b]) < OUTLINES_APART
    ]
    assert close == []


def _old_icons() -> dict[str, icons.Icon]:
    """The look-alikes issue 27 found, drawn as they were: the Gravity control, which
    was the graviton too, stable and advanced life (rings with a dot), Chemistry and the
    nebula (hexagons)."""
    from pnp.draw.shapes import INK, TINT, Circle, Item, Poly, Stroke

    def ring(cx: float, cy: float, size: float) -> Stroke:
        return Stroke(INK, max(0.5, size * 0.06))

    def gravity(cx: float, cy: float, size: float) -> list[Item]:
        r, s = size / 2, ring(cx, cy, size)
        return [
            Circle(cx, cy, r * 0.9, s),
            Circle(cx, cy, r * 0.55, s),
            Circle(cx, cy, r * 0.22, None, INK),
        ]

    def stable(cx: float, cy: float, size: float) -> list[Item]:
        r = size / 2
        return [Circle(cx, cy, r * 0.8, ring(cx, cy, size)), Circle(cx, cy, r * 0.45, None, INK)]

    def advanced(cx: float, cy: float, size: float) -> list[Item]:
        outer = Circle(cx, cy, size * 0.45, ring(cx, cy, size))
        return [outer, *stable(cx, cy, size * 0.5)]

    def hexagon(cx: float, cy: float, size: float) -> Poly:
        return Poly(icons.polygon(cx, cy, size * 0.45, 6), True, ring(cx, cy, size), TINT)

    def chemistry(cx: float, cy: float, size: float) -> list[Item]:
        return [hexagon(cx, cy, size), Circle(cx, cy, size * 0.225, ring(cx, cy, size))]

    def nebula(cx: float, cy: float, size: float) -> list[Item]:
        dots = icons.polygon(cx, cy, size * 0.175, 2, 270)
        return [hexagon(cx, cy, size), *(Circle(x, y, size * 0.07, None, INK) for x, y in dots)]

    return {
        "gravity": gravity,
        "stable-life": stable,
        "advanced-life": advanced,
        "chemistry": chemistry,
        "nebula": nebula,
    }


def test_the_measures_find_the_look_alikes_the_issue_found() -> None:
    old = _bitmaps(_old_icons())
    alike = [
        ("gravity", "gravity"),  # the graviton's drawing was the Gravity control's
        ("gravity", "stable-life"),
        ("gravity", "advanced-life"),
        ("stable-life", "advanced-life"),
        ("chemistry", "nebula"),
    ]
    for a, b in alike:
        faces, outlines = difference(old[a], old[b]), outline_difference(old[a], old[b])
        assert faces < FACES_APART or outlines < OUTLINES_APART, (a, b)


def test_a_resource_is_drawn_by_its_meaning() -> None:
    for key, draw in icons.MEANINGS.items():
        assert icons.resource(key, 10.0, 20.0, 30.0) == draw(10.0, 20.0, 30.0)
    with pytest.raises(ValueError, match="no icon for 'fuel'"):
        icons.resource("fuel", 0.0, 0.0, 10.0)


# Each icon function, and the meaning a call draws.
CALLS: dict[str, Callable[..., str]] = {
    "energy": lambda kind, *_: kind.value,
    "star": lambda element, *_: element,
    "life": lambda stable, *_: "stable-life" if stable else "proto-life",
    "nebula": lambda *_: "nebula",
    "energy_token": lambda shape, *_: "dark-energy" if shape is None else "energy-token",
    "any_star": lambda *_: "any-star",
    "supernova": lambda *_: "supernova",
    "dna": lambda *_: "dna",
    "graviton": lambda *_: "graviton",
    "advanced": lambda *_: "advanced-life",
    "crystal": lambda *_: "time-crystal",
    "card": lambda *_: "energy-card",
    "goal": lambda *_: "universal-goal",
    "power_token": lambda *_: "power-token",
    "first_player": lambda *_: "first-player",
}

Drawn = Callable[[Callable[[], Document]], Counter[str]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """What a document draws, meaning by meaning, from the icon functions' calls."""
    seen: Counter[str] = Counter()
    for name, meaning in CALLS.items():
        original = getattr(icons, name)

        def record(*args: Any, _f: Any = original, _m: Any = meaning) -> Any:
            seen[_m(*args)] += 1
            return _f(*args)

        monkeypatch.setattr(icons, name, record)
        for key, value in icons.MEANINGS.items():
            if value is original:
                monkeypatch.setitem(icons.MEANINGS, key, record)

    def build(make: Callable[[], Document]) -> Counter[str]:
        seen.clear()
        make()
        return Counter(seen)

    return build


def test_each_meaning_is_drawn_by_its_function_on_every_component(drawn: Drawn) -> None:
    from pnp.layouts.cards import CardOptions
    from pnp.layouts.cosmos import boards, card_documents, sheets
    from pnp.paper.sizes import Backs

    cards = CardOptions(backs=Backs.DUPLEX)
    stars = {"H", "He", "O", "C"}
    energy = {e.value for e in icons.Energy}
    expected = {
        "main board": (
            lambda: boards.main_board_document(A4),
            energy
            | stars
            | {"supernova", "dna", "graviton", "time-crystal", "energy-card"}
            | {"nebula", "proto-life", "advanced-life", "universal-goal", "power-token"},
        ),
        "player boards": (
            lambda: boards.player_boards_document(A4),
            {"supernova", "dna", "graviton", "time-crystal", "energy-card"},
        ),
        "tokens": (
            lambda: boards.tokens_document(A4),
            stars
            | {"supernova", "proto-life", "stable-life", "advanced-life", "time-crystal"}
            | {"power-token", "energy-token", "dark-energy", "first-player"},
        ),
        "tiles": (lambda: boards.nebula_tiles_document(A4), stars | {"nebula"}),
        "goal cards": (
            lambda: card_documents.goal_cards_document(A4, cards),
            {"universal-goal", "any-star", "advanced-life", "stable-life", "proto-life"}
            | {"supernova", "time-crystal", "nebula", "C", "He", "O"},
        ),
        "energy cards": (lambda: card_documents.energy_cards_document(A4, cards), energy),
        "power cards": (lambda: card_documents.power_cards_document(A4, cards), energy),
        "aid": (lambda: sheets.aid_document(A4), set(icons.MEANINGS)),
    }
    for name, (make, meanings) in expected.items():
        assert meanings <= set(drawn(make)), name


def test_the_gravity_control_and_the_graviton_are_two_icons(drawn: Drawn) -> None:
    from pnp.layouts.cosmos import boards

    board = drawn(lambda: boards.main_board_document(A4))
    # each energy type once, as its control's title; Gravity's passive is a graviton
    assert [board[e.value] for e in icons.Energy] == [1, 1, 1, 1]
    assert board["graviton"] == 1


def test_the_dark_energy_token_is_one_drawing_at_every_size() -> None:
    """Review: the aid and the set-up sheets drew a white dot where the token said
    "dark": now the token, the aid and the plan draw the same circles, scaled."""
    from pnp.draw.shapes import Circle

    def shapes(size: float) -> list[tuple[float, float, float, object, object]]:
        drawn = icons.energy_token(None, 0.0, 0.0, size)
        assert all(isinstance(i, Circle) for i in drawn)
        return [
            (i.cx / size, i.cy / size, round(i.r / size, 6), i.fill, i.stroke and i.stroke.color)
            for i in drawn
            if isinstance(i, Circle)
        ]

    assert shapes(mm(4)) == shapes(mm(14)) == shapes(mm(40))


def test_the_open_star_means_any_star_counted_wherever_it_is_drawn(drawn: Drawn) -> None:
    """Review: the aid said "a star of the type you choose", the goal cards drew it for
    "any star". It is drawn on the goal cards that count stars of every type, and the
    aid's legend says just that."""
    from pnp.cosmos.content import goals
    from pnp.cosmos.model import GoalCount
    from pnp.cosmos.text import text
    from pnp.layouts.cards import CardOptions
    from pnp.layouts.cosmos import boards, card_documents, sheets

    cards = CardOptions()
    elsewhere = (
        lambda: boards.main_board_document(A4),
        lambda: boards.player_boards_document(A4),
        lambda: boards.tokens_document(A4),
        lambda: card_documents.power_cards_document(A4, cards),
        lambda: sheets.setup_sheet_document(A4),
    )
    assert all(drawn(make)["any-star"] == 0 for make in elsewhere)
    counting = {GoalCount.STAR_GROUP, GoalCount.ADVANCED_NEIGHBOURS}
    assert {g.measure for g in goals() if g.measure in counting} == counting
    assert drawn(lambda: card_documents.goal_cards_document(A4, cards))["any-star"] == 3 + 3
    legend = text("print.aid.icon.any-star")
    assert "supernovae included" in legend and "choose" not in legend


@pytest.mark.parametrize("size", [SMALLEST, mm(8), mm(20)], ids=["4mm", "8mm", "20mm"])
def test_every_ring_is_wider_than_its_stroke(size: float) -> None:
    """A ring whose radius is under its stroke's width prints as a blob round a pinhole
    (the flask's rising bubble did, on every Chemistry card and back): draw a dot."""
    from pnp.draw.shapes import Circle

    blobs = [
        (key, item.r, item.stroke.width)
        for key, icon in icons.MEANINGS.items()
        for item in icon(0.0, 0.0, size)
        if isinstance(item, Circle) and item.stroke is not None and item.r < item.stroke.width
    ]
    assert blobs == []


@pytest.mark.parametrize("body", [7.0, 8.0, 9.0])
def test_an_aid_icon_s_ink_stays_inside_its_cell(body: float) -> None:
    """Review: the legend's icons touched or crossed their frames (the He dashed rim,
    the star tips, the graviton's dots), worse on Letter. A cell is 1.9 body sizes
    (pnp.layouts.flow); every icon, outlines included, fits inside it."""
    from pnp.draw.clip import ink_bounds
    from pnp.layouts.cosmos.sheets import _symbol
    from pnp.paper.geometry import bounds

    cell = Box(10.0, 20.0, body * 1.9, body * 1.9)
    inner = cell.inset(cell.w * 0.05)  # a little paper before the words
    for key, icon in icons.MEANINGS.items():
        ink = bounds(ink_bounds(i) for i in _symbol(icon)(cell))
        assert inner.inset(-0.01).contains(ink), key
        whole = bounds(ink_bounds(i) for i in icon(0.0, 0.0, inner.w))  # at the cell's size
        fills = max(ink.w / inner.w, ink.h / inner.h) >= 0.95
        assert fills or abs(ink.w - whole.w) < 0.01, key  # as large as fits


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_aid_s_icons_keep_clear_of_every_word_and_of_each_other(paper: str) -> None:
    """Read back from the PDF: no frame round an icon, and 0.5 mm of paper at least
    between an icon and any word, and between two icons."""
    from pnp.layouts.cosmos.sheets import aid_document
    from pnp.paper.geometry import bounds
    from pnp.paper.sizes import PAPERS
    from pnp.render.pdf import render_pdf
    from tests.cosmos_pdf import gap, read_sheets

    sheet = read_sheets(render_pdf(aid_document(PAPERS[paper])), PAPERS[paper])[0]
    shapes = [s for s in sheet.shapes if s.box.y > sheet.content.y]  # above the ruler
    frames = [s for s in shapes if s.stroke == pytest.approx(0.48) and s.width == 0.4]
    assert frames == []  # an icon's ink reached past its frame: there is none
    words = [Box(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0) for r in sheet.runs]
    words = [w for w in words if not any(s.ink.contains(w) for s in shapes)]  # not "He"
    assert len(words) > 150
    assert min(gap(s.ink, w) for s in shapes for w in words) >= mm(0.5)
    drawn: list[Box] = []  # shapes less than 0.5 mm apart joined: each icon one
    for s in shapes:
        near = [b for b in drawn if gap(b, s.ink) < mm(0.5)]
        drawn = [b for b in drawn if b not in near] + [bounds([s.ink, *near])]
    assert len(drawn) == len(icons.MEANINGS)  # the controls' and the legend's
