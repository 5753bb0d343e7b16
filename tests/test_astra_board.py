"""Astra's Sphere boards and token sheet: the board data and Ptolemy's closest slot,
tiles for drawings larger than the paper, and the PDFs as printed."""

from __future__ import annotations

import itertools
import math
from functools import cache

import pytest

from pnp.astra.board import (
    PLAYERS,
    TIE,
    board,
    clockwise,
    closest_slot,
    parse_boards,
    slot_distance,
)
from pnp.astra.model import CLOCKWISE, Element
from pnp.astra.text import Lang
from pnp.draw.clip import ink_bounds
from pnp.draw.shapes import TINT, Circle, Document, Item, Line, Poly, Rect, Stroke, Text
from pnp.errors import SourceError
from pnp.layouts.astra.board import board_items
from pnp.layouts.astra.board_documents import board_document, boards_document, tokens_document
from pnp.layouts.astra.tokens import COUNTS, INSET, SIZES, TokenKind, label_box, token_layout
from pnp.layouts.page import content_area
from pnp.layouts.tiles import CROSS, TileError, TileWords, tile_grid, tile_pages, tile_room
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.paper.units import mm
from pnp.render.output import check
from pnp.render.pdf import render_pdf
from pnp.system.paths import data_dir
from tests.pdfread import BASE14, MM, box, fonts, pages, reader

PAPERS = [A4, LETTER]
WORDS = TileWords("cut ✂", "glue under {tiles}", " and ")
SOURCE = (data_dir() / "astra" / "board.toml").read_text(encoding="utf-8")


def test_every_side_has_players_plus_one_slots() -> None:
    assert [len(board(p).slots) for p in PLAYERS] == [3, 4, 5, 6]
    with pytest.raises(ValueError, match="2 to 5"):
        board(6)


@pytest.mark.parametrize("players", PLAYERS)
def test_spheres_go_clockwise_with_the_discard_icon_between_water_and_fire(players: int) -> None:
    b = board(players)
    assert tuple(s.element for s in b.spheres) == CLOCKWISE
    turns = [clockwise(s.angle, t.angle) for s, t in itertools.pairwise(b.spheres)]
    assert all(0 < t < 180 for t in turns)
    water, fire = b.sphere(Element.WATER).angle, b.sphere(Element.FIRE).angle
    assert 0 < clockwise(water, b.discard_angle) < clockwise(water, fire)
    assert {s.element: s.number for s in b.spheres} == {
        Element.FIRE: 1,
        Element.EARTH: 2,
        Element.AIR: 3,
        Element.WATER: 4,
    }


@pytest.mark.parametrize("players", PLAYERS)
def test_cards_stand_on_the_disc_edge_meeting_their_triangles(players: int) -> None:
    b = board(players)
    angles = [s.angle for s in b.slots]
    assert all(0 < clockwise(a, c) < 180 for a, c in itertools.pairwise(angles))  # clockwise
    for s in b.slots:
        base = [(x + y) / 2 for x, y in zip(*s.indicator[:2], strict=True)]
        assert math.hypot(*base) == pytest.approx(b.radius, abs=0.05)
        assert math.hypot(*s.indicator[2]) < b.radius
        assert math.hypot(s.x, s.y) == pytest.approx(b.radius + b.card[1] / 2, abs=0.05)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('element = "earth"\nangle = -45.0', 'element = "earth"\nangle = 100.0', "clockwise"),
        ("[discard]\nangle = 90.0", "[discard]\nangle = -90.0", "between Water and Fire"),
        ("players = 5", "players = 4", "one side each"),
        ("x = 0.00, y = 139.45", "x = 0.00, y = 141.45", "slot 1: the card's bottom edge"),
        ("[-5.00, 95.00], [0.00, 92.50]", "[-5.00, 95.00], [0.00, 99.00]", "apex"),
        (
            "radius = 95.0",
            "radius = 95.0\nradius = 1",
            "board.toml:10:11: 'radius' is given a value twice",
        ),
    ],
)
def test_bad_board_data_is_reported_with_its_line(old: str, new: str, message: str) -> None:
    assert old in SOURCE
    with pytest.raises(SourceError, match=message) as error:
        parse_boards(SOURCE.replace(old, new, 1), "board.toml")
    assert all(p.line > 1 for p in error.value.problems)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("element", list(Element))
def test_the_closest_slot_is_the_nearest_in_angle_and_deterministic(
    players: int, element: Element
) -> None:
    b = board(players)
    every = range(len(b.slots))
    sphere = b.sphere(element)
    chosen = closest_slot(b, element, every)
    nearest = min(every, key=lambda i: abs((b.slots[i].angle - sphere.angle + 180) % 360 - 180))
    assert chosen == nearest
    for subset in itertools.chain.from_iterable(
        itertools.combinations(every, n) for n in range(1, len(b.slots) + 1)
    ):
        picked = closest_slot(b, element, reversed(subset))
        assert picked == closest_slot(b, element, subset) and picked in subset
        best = min(slot_distance(b, i, element) for i in subset)
        assert slot_distance(b, picked, element) < best + TIE


def test_each_sphere_has_its_own_slot_on_the_three_player_side() -> None:
    b = board(3)
    assert [closest_slot(b, e, range(4)) for e in CLOCKWISE] == [0, 1, 2, 3]
    assert slot_distance(b, 0, Element.FIRE) == pytest.approx(95 + 88.9 / 2 - 56, abs=0.02)


def test_a_tie_goes_to_the_slot_met_first_clockwise_from_the_sphere() -> None:
    b = board(3)  # Fire is at 45°, slots 1 and 3 at −45° and 135°: 90° either way
    assert slot_distance(b, 1, Element.FIRE) == pytest.approx(slot_distance(b, 3, Element.FIRE))
    assert closest_slot(b, Element.FIRE, [3, 1]) == 1
    assert closest_slot(b, Element.WATER, [0, 2]) == 0  # Water at 135°: 45° is met first
    with pytest.raises(ValueError, match="no card"):
        closest_slot(b, Element.FIRE, [])
    with pytest.raises(ValueError, match="slots 0 to 3"):
        closest_slot(b, Element.FIRE, [4])


def _poster() -> tuple[list[Item], Box]:
    """A drawing larger than A4: a framed grid, circles across seams, labels."""
    extent = Box(0, 0, mm(420), mm(500))
    items: list[Item] = [Rect(extent.inset(2), Stroke(width=1.0))]
    for k in range(1, 8):
        items.append(Line(extent.x, k * mm(60), extent.right, k * mm(60), Stroke(width=0.4)))
        items.append(Circle(k * mm(52), k * mm(60), mm(30), Stroke(width=0.8)))
        items.append(Text(k * mm(52), k * mm(60), f"label {k}", 12))
    items.append(Poly(((mm(50), mm(50)), (mm(380), mm(200)), (mm(90), mm(450))), True, None, TINT))
    items.append(Rect(Box(mm(100), mm(200), mm(250), mm(80)), Stroke(width=1.2), TINT, mm(5)))
    return items, extent


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_tiles_cover_the_drawing_with_exact_overlaps(paper: Paper) -> None:
    items, extent = _poster()
    room = tile_room(paper)
    tiles = tile_grid(extent, room, mm(12))
    assert len(tiles) > 1 and all(t.window.w <= room.w and t.window.h <= room.h for t in tiles)
    columns, rows = tiles[-1].column + 1, tiles[-1].row + 1
    assert tiles[0].window.x == extent.x and tiles[0].window.top == pytest.approx(extent.top)
    assert tiles[-1].window.right == pytest.approx(extent.right)
    assert tiles[-1].window.y == pytest.approx(extent.y)
    for t in tiles:
        if t.column + 1 < columns:
            right = tiles[t.row * columns + t.column + 1].window
            assert t.window.right - right.x == pytest.approx(mm(12))
        if t.row + 1 < rows:
            below = tiles[(t.row + 1) * columns + t.column].window
            assert below.top - t.window.y == pytest.approx(mm(12))
    printed = tile_pages(items, extent, paper, WORDS, "poster")
    assert len(printed) == len(tiles)
    check(Document("poster", tuple(printed)))  # every tile inside the printable area
    for page, t in zip(printed, tiles, strict=True):
        texts = " ".join(i.text for i in page.items if isinstance(i, Text))
        assert t.name in texts and all(name in texts for name in t.under)
        crosses = [i for i in page.items if isinstance(i, Line) and i.stroke.width == 0.3]
        seams = (t.column > 0) + (t.column + 1 < columns) + (t.row > 0) + (t.row + 1 < rows)
        assert len(crosses) >= 4 * seams  # two crosses a seam, two strokes a cross
        assert all(math.hypot(c.x2 - c.x1, c.y2 - c.y1) <= 2 * CROSS + 1e-6 for c in crosses)


def test_text_across_a_seam_is_printed_whole_on_both_tiles() -> None:
    room = tile_room(A4)
    extent = Box(0, 0, room.w * 1.5, room.h * 0.5)
    seam = tile_grid(extent, room)[1].window.x
    label = Text(seam, extent.cy, "across", 12)
    printed = tile_pages([label], extent, A4, WORDS, "poster")
    assert [sum(i.text == "across" for i in p.items if isinstance(i, Text)) for p in printed] == [
        1,
        1,
    ]
    with pytest.raises(TileError):
        tile_grid(extent, Box(0, 0, mm(10), mm(10)), mm(12))


@cache
def _pdf(kind: str, paper: Paper, lang: Lang) -> bytes:
    doc = boards_document(paper, lang) if kind == "boards" else tokens_document(paper, lang)
    return render_pdf(doc)


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize(("kind", "count"), [("boards", 4), ("tokens", 1)])
def test_the_pdfs_as_printed(kind: str, count: int, paper: Paper, lang: Lang) -> None:
    data = _pdf(kind, paper, lang)
    assert len(reader(data).pages) == count
    for page in reader(data).pages:
        assert box(page, "/MediaBox") == pytest.approx((0, 0, paper.width, paper.height), abs=0.01)
        assert "/TrimBox" in page
    for font in fonts(data):
        assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"]
        assert str(font["/BaseFont"]).split("+")[-1] not in BASE14
    words = " ".join(p.text() for p in pages(data))
    if kind == "boards":
        french = ["Feu", "Terre", "Eau", "joueurs", "Défausse", "losange"]
        english = ["Fire", "Earth", "Water", "players", "Discard", "diamond", "Constellation cards"]
        discs = [b for b in pages(data)[0].bboxes if abs(b[2] - b[0] - 190 * MM) < 0.5]
        assert discs  # the disc is 190 mm across, on one page
    else:
        french = ["Premier", "joueur", "Pion", "Élément", "20 Télescopes", "60 poussières d'étoile"]
        english = ["First Player", "Sphere", "marker", "20 Telescopes", "60 Stardust"]
    flat = words.replace("\n", " ")
    for word in french if lang is Lang.FR else english:
        assert word in flat
    for word in english if lang is Lang.FR else french:
        assert word not in flat


def test_one_side_is_one_page() -> None:
    assert len(board_document(A4, 3, Lang.EN).pages) == 1
    assert len(board_document(LETTER, 5, Lang.FR).pages) == 1


def _corners_inside(b: Box, cx: float, cy: float, r: float) -> bool:
    return all(math.hypot(x - cx, y - cy) <= r for x in (b.x, b.right) for y in (b.y, b.top))


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("players", PLAYERS)
def test_board_text_stays_on_the_disc_clear_of_everything_else(players: int, lang: Lang) -> None:
    b = board(players)
    items = board_items(b, lang)
    texts = [ink_bounds(i) for i in items if isinstance(i, Text)]
    for t in texts:
        assert _corners_inside(t, 0, 0, mm(b.radius) - mm(3))
    for t, other in itertools.combinations(texts, 2):
        assert not t.overlaps(other)
    clear = [  # spheres, the discard card, triangles and arrowheads
        ink_bounds(i)
        for i in items
        if (isinstance(i, Circle) and i.r == pytest.approx(mm(b.sphere_radius)))
        or isinstance(i, Rect)
        or (isinstance(i, Poly) and i.fill is not None)
    ]
    assert len(clear) > 4 + len(b.slots)
    assert not any(t.overlaps(shape) for t in texts for shape in clear)


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_page_text_stays_in_its_frame(paper: Paper, lang: Lang) -> None:
    area = content_area(paper)
    for doc in (boards_document(paper, lang), tokens_document(paper, lang)):
        for page in doc.pages:
            for item in page.items:
                if isinstance(item, Text) and item.y > area.y:  # not the ruler or footer
                    assert area.contains(ink_bounds(item)), item.text
                    assert item.size >= 6.5, item.text
    (tokens,) = token_layout(paper)
    printed = [i for i in tokens_document(paper, lang).pages[0].items if isinstance(i, Text)]
    for token in (t for t in tokens if t.round):
        labels = [ink_bounds(i) for i in printed if token.box.contains(ink_bounds(i))]
        assert labels
        for label in labels:
            assert label_box(token).contains(label)
            r = token.box.w / 2 - INSET
            assert _corners_inside(label, token.box.cx, token.box.cy, r)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_token_sheet_holds_every_token_once_on_one_page(paper: Paper) -> None:
    layout = token_layout(paper)
    assert len(layout) == 1
    tokens = layout[0]
    assert {k: sum(t.kind is k for t in tokens) for k in TokenKind} == COUNTS
    assert COUNTS[TokenKind.TELESCOPE] == 20 and COUNTS[TokenKind.STARDUST] == 60
    assert SIZES[TokenKind.SPHERE_MARKER] < 2 * mm(board(2).sphere_radius)  # fits a sphere
    area = content_area(paper)
    for t, other in itertools.combinations(tokens, 2):
        assert not t.box.inset(0.01).overlaps(other.box.inset(0.01))
    assert all(area.contains(t.box) for t in tokens)
