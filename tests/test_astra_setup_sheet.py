"""The set-up sheet: its numbers are the engine's set-up, its table prints them row by
row, its texts stay on the page clear of every line, in both languages on both papers."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.astra.game import Game
from pnp.astra.setup import setup, solo_game
from pnp.astra.solo import solo_setup
from pnp.astra.state import GAME_END
from pnp.astra.text import Lang
from pnp.draw.shapes import Line, Rect, Text
from pnp.layouts.astra.box_documents import setup_sheet_document
from pnp.layouts.astra.setup_sheet import LARGEST, SMALLEST, setup_numbers, setup_sheet_page
from pnp.layouts.page import content_area
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.render.output import Format, render_one
from tests.conftest import Run
from tests.pdfread import reader
from tests.test_astra_box import _body, _inside, crossings

PAPERS = [A4, LETTER]
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


def _split(game: Game) -> tuple[int, int]:
    """Cards under and on top of the Game End card in the engine's deck."""
    deck = game.state.deck
    at = deck.index(GAME_END)
    return len(deck) - at - 1, at


@pytest.mark.parametrize("seed", [0, 7])
def test_the_deck_split_and_the_cards_dealt_are_the_engines(seed: int) -> None:
    numbers = setup_numbers()
    assert [s.players for s in numbers.splits] == [2, 3, 4, 5]
    for split in numbers.splits:
        game = Game.start(setup(NAMES[: split.players], seed))
        assert _split(game) == (split.under, split.on_top)
        assert len(game.state.board) == split.around
        for name in game.players:
            player = game.player(name)
            assert player.stardust == numbers.stardust
            assert player.pouch_size == numbers.pouch
            assert player.card_limit == numbers.card_limit


def test_the_solo_numbers_are_the_engines() -> None:
    alone = setup_numbers().solo
    game = Game.start(solo_game("Ann", 3))
    assert _split(game) == (alone.under, alone.on_top)
    assert len(game.state.board) == alone.around
    assert alone.under + 1 + alone.on_top + alone.rest == 48 + 1
    ptolemy = game.solo
    assert ptolemy is not None
    assert (ptolemy.fame, ptolemy.stardust) == (alone.fame, alone.stardust)
    assert game.active == "Ann"  # you are the first player
    full = [d for d in map(solo_setup, range(30)) if len(d.removed) == alone.rest - alone.library]
    assert full and all(len(d.library) == alone.library for d in full)
    assert (alone.under, alone.on_top, alone.library, alone.fame, alone.stardust) == (
        3,
        17,
        25,
        12,
        5,
    )


def _table(paper: Paper, lang: Lang) -> list[list[str]]:
    """The rows of numbers printed in the deck table, top down."""
    rows: dict[float, list[Text]] = {}
    for item in setup_sheet_page(paper, lang).items:
        if isinstance(item, Text) and item.text.isdigit() and item.size > LARGEST:
            rows.setdefault(round(item.y, 2), []).append(item)
    return [[t.text for t in sorted(r, key=lambda t: t.x)] for _, r in sorted(rows.items())[::-1]]


@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_table_prints_the_engines_split_row_by_row(paper: Paper, lang: Lang) -> None:
    expected = [[str(n) for n in s] for s in setup_numbers().splits]
    assert _table(paper, lang) == expected
    assert expected[0] == ["2", "29", "19", "3"]


@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_the_sheet_fits_its_page_in_large_type(paper: Paper, lang: Lang) -> None:
    items = _body(setup_sheet_page(paper, lang), paper)
    assert _inside(items, content_area(paper)) == []
    assert crossings(items) == []
    assert min(i.size for i in items if isinstance(i, Text)) >= SMALLEST * 0.85


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            Lang.EN,
            [
                "3\u00a0cards, the Game End card, 17\u00a0cards",
                "12\u00a0Fame",
                "sleeves",
                "(if there is one)",  # an element may have no small card left (seed 3)
                "the companion deals",
            ],
        ),
        (
            Lang.FR,
            [
                "3\u00a0cartes, la carte Fin de partie, 17\u00a0cartes",
                "12\u00a0points",
                "protège-cartes",
                "(s'il y en a une)",
                "le compagnon distribue",
            ],
        ),
    ],
)
def test_the_solo_frame_and_playing_on_paper_are_printed(lang: Lang, words: list[str]) -> None:
    printed = " ".join(i.text for i in setup_sheet_page(A4, lang).items if isinstance(i, Text))
    for word in words:
        for part in word.split("\u00a0"):
            assert part in printed, part


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_the_solo_frame_has_no_rule_of_its_own(paper: Paper) -> None:
    """Seen at 300 dpi: a section rule ran just under the solo frame's top edge."""
    items = setup_sheet_page(paper, Lang.EN).items
    frame = max((i for i in items if isinstance(i, Rect) and i.radius), key=lambda r: r.box.w)
    rules = [i for i in items if isinstance(i, Line) and i.y1 == i.y2]
    inside = [r for r in rules if frame.box.y < r.y1 < frame.box.top and r.x1 > frame.box.x]
    assert inside == []
    assert len(rules) > len(inside)  # the other sections keep theirs


def test_the_pdf_is_one_greyscale_page_that_passes_the_preflight() -> None:
    data = render_one(setup_sheet_document(LETTER, Lang.FR), Format.PDF)  # preflights
    assert len(reader(data).pages) == 1


def test_the_command_writes_the_kits_file(run: Run) -> None:
    result = run("astra", "setup-sheet", "--lang", "fr", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert Path("out/astra/setup-sheet.pdf").is_file()


@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
def test_each_sphere_board_repeats_its_deck_split(lang: Lang) -> None:
    from pnp.astra.board import board
    from pnp.layouts.astra.board import board_pages

    cards = "cards" if lang is Lang.EN else "cartes"
    for split in setup_numbers().splits:
        pages = board_pages(board(split.players), A4, lang)
        printed = " ".join(i.text for p in pages for i in p.items if isinstance(i, Text))
        for n in (split.under, split.on_top):
            assert f"{n}\u00a0{cards}" in printed, (split, n)
