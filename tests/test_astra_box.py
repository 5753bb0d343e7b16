"""The Journal, the Final Scoring cards, the Player Aid cards and the score pad, in both
languages on both papers: the PDFs read back, and every text inside its frame."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from pnp.astra.model import Element
from pnp.astra.scoring_cards import scoring, scoring_cards
from pnp.astra.text import Lang
from pnp.draw.clip import ink_bounds
from pnp.draw.fonts import Font
from pnp.draw.shapes import PALE, Circle, Document, Flip, Item, Line, Page, Poly, Rect, Text
from pnp.layouts.astra.aid import aid_face, back_sections, front_sections
from pnp.layouts.astra.box_documents import (
    AID_SIZE,
    aid_document,
    journal_document,
    score_pad_document,
    scoring_cards_document,
)
from pnp.layouts.astra.journal import MIN_TEXT, SMALL, SPOT, STARDUST, TELESCOPE, journal_page
from pnp.layouts.astra.score_pad import LABEL_COLUMN, score_pad_page
from pnp.layouts.astra.scoring_cards import scoring_back, scoring_front
from pnp.layouts.cards import CardFace, CardOptions
from pnp.layouts.page import content_area, finish, halves
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4, CARD_SIZES, LETTER, SAFE_ZONE, Backs, Paper
from pnp.paper.units import mm
from pnp.render.output import Format, render_one
from tests.pdfread import BASE14, box, fonts, pages, reader

PAPERS = [A4, LETTER]
LANGS = list(Lang)
DUPLEX = CardOptions(backs=Backs.DUPLEX)
WORDS = {  # words each document must print, by language
    "journal": (
        ["Fame track", "Pouch size", "Wisdom track"],
        ["Piste de renommée", "Capacité de sacoche", "Piste de sagesse"],
    ),
    "scoring": (["FINAL SCORING", "Column"], ["DÉCOMPTE FINAL", "Colonne"]),
    "aid": (
        ["Ability phase", "Wisdom", "Fame", "Final Scoring"],
        ["Phase Pouvoir", "Sagesse", "Renommée", "Décompte final"],
    ),
    "pad": (
        ["Fame from play", "Pouch size", "Card limit", "Winner"],
        ["Renommée en jeu", "Capacité de sacoche", "Décompte final", "Vainqueur"],
    ),
}


def document(kind: str, paper: Paper, lang: Lang) -> Document:
    if kind == "journal":
        return journal_document(paper, lang, 2)
    if kind == "scoring":
        return scoring_cards_document(paper, DUPLEX, lang)
    if kind == "aid":
        return aid_document(paper, DUPLEX, lang)
    return score_pad_document(paper, lang)


@cache
def pdf(kind: str, paper: Paper, lang: Lang) -> bytes:
    return render_one(document(kind, paper, lang), Format.PDF)  # preflights every page


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.value)
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize(
    ("kind", "count"), [("journal", 2), ("scoring", 2), ("aid", 2), ("pad", 1)]
)
def test_pages_sizes_boxes_and_fonts(kind: str, count: int, paper: Paper, lang: Lang) -> None:
    data = pdf(kind, paper, lang)
    doc = reader(data)
    assert len(doc.pages) == count
    for page in doc.pages:
        assert box(page, "/MediaBox") == pytest.approx((0, 0, paper.width, paper.height), abs=0.01)
        assert "/TrimBox" in page
    for font in fonts(data):
        assert font["/Subtype"] == "/TrueType"
        assert str(font["/BaseFont"]).split("+")[-1] not in BASE14
        assert "/FontFile2" in font["/FontDescriptor"]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("kind", sorted(WORDS))
def test_each_language_prints_its_own_words(kind: str, paper: Paper) -> None:
    english, french = WORDS[kind]
    en = "".join(p.text() for p in pages(pdf(kind, paper, Lang.EN)))
    fr = "".join(p.text() for p in pages(pdf(kind, paper, Lang.FR)))
    for word in english:
        assert word in en and word not in fr
    for word in french:
        assert word in fr and word not in en


# Text inside frames: cards' texts inside the safe zone, pages' texts inside the content
# area (the footer in the printable area), and no text crossing a line, a frame, the
# outline of a spot or an icon, or another text.


def _outline(item: Item) -> Any:
    from shapely.geometry import LineString, Point, Polygon
    from shapely.geometry import box as rect

    half = 0.0 if isinstance(item, Text) or item.stroke is None else item.stroke.width / 2
    if isinstance(item, Line):
        return LineString([(item.x1, item.y1), (item.x2, item.y2)]).buffer(max(half, 0.01))
    if isinstance(item, Rect):
        b = item.box
        return rect(b.x, b.y, b.right, b.top).exterior.buffer(max(half, 0.01))
    if isinstance(item, Circle):
        return Point(item.cx, item.cy).buffer(item.r).exterior.buffer(max(half, 0.01))
    if isinstance(item, Poly) and item.closed:
        return Polygon(item.points).buffer(half)
    assert isinstance(item, Poly)
    return LineString(item.points).buffer(max(half, 0.01))


def _text_box(item: Text) -> Any:
    from shapely.geometry import box as rect

    b = ink_bounds(item)
    return rect(b.x, b.y, b.right, b.top)


def crossings(items: list[Item]) -> list[str]:
    """Texts that touch another text or cross any drawn outline."""
    texts = [i for i in items if isinstance(i, Text)]
    drawn = [i for i in items if not isinstance(i, Text) and (i.stroke or isinstance(i, Poly))]
    shapes = [(i, _outline(i)) for i in drawn] + [(t, _text_box(t)) for t in texts]
    problems = []
    for t in texts:
        mine = _text_box(t)
        for other, shape in shapes:
            if other is not t and mine.intersects(shape) and mine.intersection(shape).area > 1e-3:
                problems.append(
                    f"{t.text!r} meets {type(other).__name__} {getattr(other, 'text', '')!r}"
                )
    return problems


def _inside(items: list[Item], frame: Box) -> list[str]:
    return [
        f"{i.text!r} leaves its frame"
        for i in items
        if isinstance(i, Text) and not frame.contains(ink_bounds(i), 1e-6)
    ]


FACES: dict[str, Callable[[Lang], list[CardFace]]] = {
    "scoring fronts": lambda lang: [scoring_front(c, lang) for c in scoring_cards()],
    "scoring back": lambda lang: [scoring_back(lang)],
    "aid": lambda lang: [
        aid_face(front_sections(lang), "turn", lang),
        aid_face(back_sections(lang), "", lang),
    ],
}


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.value)
@pytest.mark.parametrize(
    ("kind", "size"),
    [(k, s) for k in sorted(FACES) for s in sorted(CARD_SIZES) if k != "aid"] + [("aid", "aid")],
)
def test_card_texts_stay_in_the_safe_zone_clear_of_every_line(
    kind: str, size: str, lang: Lang
) -> None:
    """The aid is always its own size; the Final Scoring cards take any card size."""
    card = AID_SIZE if size == "aid" else CARD_SIZES[size]
    trim = Box(mm(20), mm(20), card.width, card.height)
    for face in FACES[kind](lang):
        items = face(trim, mm(3))
        assert _inside(items, trim.inset(SAFE_ZONE)) == []
        assert crossings(items) == []
        assert min(i.size for i in items if isinstance(i, Text)) >= MIN_TEXT


def _body(page: Page, paper: Paper) -> list[Item]:
    """A page's items without the ruler and the footer ``finish`` puts first."""
    return list(page.items[len(finish(paper, [], "").items) :])


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.value)
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_journal_texts_stay_in_the_content_area_clear_of_every_line(
    paper: Paper, lang: Lang
) -> None:
    items = _body(journal_page(paper, lang), paper)
    assert _inside(items, content_area(paper)) == []
    assert crossings(items) == []


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.value)
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("players", [1, 3, 5])
def test_score_pad_texts_stay_in_their_half_clear_of_every_line(
    paper: Paper, lang: Lang, players: int
) -> None:
    items = _body(score_pad_page(paper, lang, players), paper)
    top, bottom = halves(paper)
    assert [i for i in _inside(items, content_area(paper))] == []
    for i in items:
        if isinstance(i, Text) and i.text != "✂":
            b = ink_bounds(i)
            assert top.contains(b) or bottom.contains(b), i.text
    assert crossings(items) == []


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.value)
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_sheet_text_is_8_pt_at_least(paper: Paper, lang: Lang) -> None:
    """Seen at 300 dpi: the score pad's hints were 7 pt (6.75 on Letter), the
    Journal's Fame numbers 7 pt and its "start" 6.5 pt, under the 8 pt a sheet needs
    to be read at the table."""
    for page in (score_pad_page(paper, lang, 5), journal_page(paper, lang)):
        sizes = [i.size for i in _body(page, paper) if isinstance(i, Text) and i.text != "✂"]
        assert min(sizes) >= 8.0


def _circles(items: list[Item], r: float) -> list[Circle]:
    return [i for i in items if isinstance(i, Circle) and abs(i.r - r) < 0.01]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_journal_tracks(paper: Paper) -> None:
    items = _body(journal_page(paper, Lang.EN), paper)
    spots = _circles(items, SPOT / 2)
    assert len(spots) == 90 + 8 + 13  # Fame; Pouch 5…12; Wisdom start and 12 spots
    assert [i.fill for i in spots].count(PALE) == 2  # the Pouch's 5 and the card limit 2
    texts = [i for i in items if isinstance(i, Text)]
    numbers = [i.text for i in texts if i.size == SMALL and i.text.isdigit()]
    assert numbers == [str(n) for n in range(1, 91)]
    bold = [i for i in items if isinstance(i, Text) and i.size == 10.0 and i.text.isdigit()]
    over = sorted(bold, key=lambda t: (-round(t.y), t.x))
    assert [t.text for t in over] == [*map(str, range(5, 13)), *map(str, range(2, 9))]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_token_areas_hold_6_telescopes_and_15_stardust_of_the_token_sheet(paper: Paper) -> None:
    items = _body(journal_page(paper, Lang.FR), paper)
    guides = [i.box for i in items if isinstance(i, Rect) and i.stroke and i.stroke.dash]
    assert sum(g.w == pytest.approx(TELESCOPE) for g in guides) >= 6
    assert sum(g.w == pytest.approx(STARDUST) for g in guides) >= 15


def test_every_final_scoring_card_pre_marks_the_first_spot_of_its_two_rows() -> None:
    trim = Box(0, 0, mm(63.5), mm(88.9))
    rows = scoring().rows
    for card in scoring_cards():
        items = scoring_front(card, Lang.EN)(trim, 0.0)
        spots = [i for i in items if isinstance(i, Circle)]
        assert len(spots) == 16
        # top down, then left to right: spot k of row r is spots[4 * r + k]
        grid = sorted(spots, key=lambda c: (-round(c.cy, 3), c.cx))
        marked = {rows[n // 4] for n, c in enumerate(grid) if c.fill == PALE}
        assert marked == card.pair
        assert all(
            grid[n].fill == PALE for n in range(16) if n % 4 == 0 and rows[n // 4] in card.pair
        )
        points = [i.text for i in items if isinstance(i, Text) and i.text in {"0", "2", "6", "11"}]
        assert points == ["0", "2", "6", "11"]
    assert len({c.pair for c in scoring_cards()}) == 6
    assert set(rows) == set(Element)


def test_the_score_pad_rows_are_in_the_scorer_order() -> None:
    items = _body(score_pad_page(A4, Lang.EN, 5), A4)
    top = halves(A4)[0]
    labels = [
        i.text
        for i in items
        if isinstance(i, Text)
        and i.font is Font.BOLD
        and i.x < top.x + LABEL_COLUMN
        and i.y > top.y
    ]
    assert labels[1:] == [
        "Player",
        "Fame from play",
        "Pouch size",
        "Card limit",
        "Stardust ÷ 3",
        "Marked stars ÷ 2",
        "Active cards' Fame",
        "Final Scoring card",
        "Total",
        "Winner",
    ]


@pytest.mark.parametrize("players", [0, 6])
def test_a_score_pad_has_1_to_5_player_columns(players: int) -> None:
    with pytest.raises(ValueError, match="1 to 5"):
        score_pad_document(A4, Lang.EN, players)


@pytest.mark.parametrize(("backs", "count"), [(Backs.NONE, 2), (Backs.DUPLEX, 2), (Backs.FOLD, 3)])
def test_the_aid_is_five_cards_on_one_sheet_whatever_the_card_size(
    backs: Backs, count: int
) -> None:
    options = CardOptions(size=CARD_SIZES["poker"], backs=backs)
    doc = aid_document(A4, options, Lang.FR)
    assert len(doc.pages) == count
    assert doc.duplex == (options.flip if backs is Backs.DUPLEX else None)
    texts = [i.text for page in doc.pages for i in page.items if isinstance(i, Text)]
    assert texts.count("Votre tour") == 5
    assert texts.count("4 · Phase Rêve (2 joueurs)") == 5  # the back: beside, behind, below
    shop = aid_document(A4, CardOptions(backs=Backs.DUPLEX, print_shop=True), Lang.EN)
    assert len(shop.pages) == 10
    trim = shop.pages[0].trim
    assert trim is not None
    assert (trim.w, trim.h) == pytest.approx((mm(65), mm(127)))


@pytest.mark.parametrize(
    ("lang", "rule"),
    [
        (Lang.EN, "the card with the most stars among those with no mark yet, else among all"),
        (Lang.FR, "la carte qui a le plus d'étoiles parmi celles sans coche, sinon parmi toutes"),
    ],
)
def test_the_aids_dream_phase_picks_the_biggest_card_without_a_mark(lang: Lang, rule: str) -> None:
    """Seed 000 "Dreaming rules" (004 "Règles de rêve"): of two cards with no mark, the
    one with the most stars; the aid said any card with no mark."""
    back = back_sections(lang)
    dream = " ".join(p.text for p in back[0].points)
    assert rule in dream


@pytest.mark.parametrize(
    ("lang", "hint"),
    [(Lang.EN, "pay 1 for each star you mark"), (Lang.FR, "payez-en 1 par étoile cochée")],
)
def test_the_journal_says_stardust_is_paid_per_star_marked(lang: Lang, hint: str) -> None:
    """It said "1 for each star you mark", which reads as Stardust gained."""
    page = journal_page(A4, lang)
    assert any(hint in i.text for i in page.items if isinstance(i, Text))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_five_aids_take_one_duplex_sheet(paper: Paper) -> None:
    assert len(aid_document(paper, DUPLEX, Lang.EN).pages) == 2


def test_the_final_scoring_cards_print_six_and_the_game_end_card_with_or_without_backs() -> None:
    shop = scoring_cards_document(LETTER, CardOptions(print_shop=True), Lang.EN)
    assert len(shop.pages) == 7
    assert len(scoring_cards_document(A4, CardOptions(), Lang.FR).pages) == 1


@pytest.mark.parametrize(
    ("options", "count"),
    [
        (DUPLEX, 2),
        (CardOptions(backs=Backs.DUPLEX, flip=Flip.SHORT, back_offset=(mm(2), mm(-1))), 2),
        (CardOptions(backs=Backs.FOLD), 3),
        (CardOptions(backs=Backs.DUPLEX, bleed=mm(3)), 4),
        (CardOptions(backs=Backs.DUPLEX, print_shop=True), 14),
    ],
)
def test_the_game_end_card_shares_the_scoring_sheet_with_its_own_back(
    options: CardOptions, count: int
) -> None:
    """The scoring back says ASTRA and FINAL SCORING; the constellation back, the Game End
    card's, says ASTRA twice: 6 scoring fronts and backs, and one constellation back."""
    doc = scoring_cards_document(A4, options, Lang.EN)
    assert len(doc.pages) == count
    texts = [i.text for page in doc.pages for i in page.items if isinstance(i, Text)]
    assert texts.count("GAME END") == 1
    assert texts.count("FINAL SCORING") == 6 + 6
    assert texts.count("ASTRA") == 6 + 2
