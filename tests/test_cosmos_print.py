"""Crafting the Cosmos's kit and print commands, read back from the files: what the kit
writes, page sizes and counts, the words on the pages, fonts, the fan-edition notice,
and that the kit and the single commands agree."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.cosmos.content import goals
from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.power_content import power_cards
from pnp.paper.sizes import A4, LETTER, PAPERS
from tests.conftest import Run
from tests.pdfread import box, fonts, join_runs, pages, reader, viewer_preferences

KIT_FILES = {  # file: pages
    "main-board.pdf": 4,
    "player-boards.pdf": 8,
    "goal-cards-duplex.pdf": 4,
    "energy-cards-duplex.pdf": 14,
    "power-cards-duplex.pdf": 8,
    "nebula-tiles.pdf": 2,
    "tokens.pdf": 3,
    "player-aid.pdf": 1,
    "setup-sheet.pdf": 3,
    "score-pad.pdf": 1,
    "rules-summary.pdf": 2,  # the rules, and a first turn worked through
}


def _text(path: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(path).pages)


@cache
def _kit(paper: str, tmp: Path) -> Path:
    from click.testing import CliRunner

    from pnp.cli import cli

    out = tmp / f"kit-{paper}"
    args = ["kit", "--game", "cosmos", "--paper", paper, "--out", str(out)]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / "cosmos"


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("cosmos-kits")
    return {paper: _kit(paper, tmp) for paper in ("a4", "letter")}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_writes_every_document_on_its_paper(kits: dict[str, Path], paper: str) -> None:
    folder = kits[paper]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [*KIT_FILES, "README.txt", "CREDITS.txt"]
    )
    size = (PAPERS[paper].width, PAPERS[paper].height)
    for name, count in KIT_FILES.items():
        pdf = reader((folder / name).read_bytes())
        assert len(pdf.pages) == count, name
        for page in pdf.pages:
            assert box(page, "/MediaBox")[2:] == pytest.approx(size), name


def test_the_readme_names_every_file_and_what_to_do(kits: dict[str, Path]) -> None:
    readme = (kits["a4"] / "README.txt").read_text(encoding="utf-8")
    for name in KIT_FILES:
        assert name in readme, name
    flat = " ".join(readme.split())
    for words in ("fan edition", "buy it", "100 %", "fold each page", "one per player"):
        assert words in flat, words
    assert "N1–N27" in flat and "S1–S73" in flat and "L1–L99" in flat
    for words in ("pnp cosmos check GAME.txt", "--unfinished", "pnp cosmos score GAME.toml"):
        assert words in flat, words  # how to check a game (review)


def test_the_credits_say_the_design_is_ours_and_carry_the_font_licence(
    kits: dict[str, Path],
) -> None:
    credits = (kits["a4"] / "CREDITS.txt").read_text(encoding="utf-8")
    for words in ("Office Dog Games", "David Gordon", "fan edition", "our own design", "Buy"):
        assert words in credits, words
    assert "Bitstream" in credits or "DejaVu" in credits
    assert "d3-celestial" not in credits  # no sky data in this game


def test_every_pdf_embeds_its_fonts(kits: dict[str, Path]) -> None:
    for pdf in kits["letter"].glob("*.pdf"):
        found = fonts(pdf.read_bytes())
        assert found, pdf.name
        for font in found:
            assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"]


def test_the_player_boards_print_every_space_id_and_each_shape(kits: dict[str, Path]) -> None:
    words = set(_text(kits["a4"] / "player-boards.pdf").split())
    g = galaxy()
    missing = [s.id for s in g.nebulae + g.stars + g.life if s.id not in words]
    assert missing == []
    board = _text(kits["a4"] / "player-boards.pdf")
    for shape in "○△□◇":
        assert f"Player board {shape}" in board


def test_the_main_board_has_every_control_and_the_tracks(kits: dict[str, Path]) -> None:
    board = _text(kits["letter"] / "main-board.pdf")
    for words in ("Light", "Time", "Gravity", "Chemistry", "3 H stars", "1 graviton"):
        assert words in board, words
    for words in ("Goal track", "scores: 1st 6 · 2nd 3", "Time crystal supply", "Energy cards"):
        assert words in board, words


def test_the_cards_carry_every_goal_and_power_card(kits: dict[str, Path]) -> None:
    goal_text = " ".join(_text(kits["a4"] / "goal-cards-duplex.pdf").split())
    for goal in goals():
        assert goal.title() in goal_text, goal.id
    power_text = " ".join(_text(kits["a4"] / "power-cards-duplex.pdf").split())
    for card in power_cards():
        assert card.name() in power_text, card.id
    assert power_text.count("TIME POWER CARD") == 8


def test_each_goal_card_prints_its_game_record_id(kits: dict[str, Path]) -> None:
    """Issue 27, point 10: the id a game record names (`proto-life`) on its card, bold,
    at least 6 pt, beside its title."""
    from pnp.layouts.cards import CardOptions, imposition

    data = (kits["a4"] / "goal-cards-duplex.pdf").read_bytes()
    slots = imposition(A4, CardOptions()).slots
    fronts = pages(data)[::2]
    found = {}
    for page in fronts:
        for run in join_runs(page.chars, 0.5):
            if run.bold and run.text in {g.id for g in goals()}:
                slot = next(
                    k
                    for k, s in enumerate(slots)
                    if s.x <= run.cx <= s.right and s.y <= run.cy <= s.top
                )
                found[run.text] = (run.size, slot)
    ids = [g.id for g in goals()]
    assert sorted(found) == sorted(ids)
    assert all(size >= 6 for size, _ in found.values())
    assert [found[g][1] for g in ids] == [k % 9 for k in range(len(ids))]  # on its own card


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_power_card_prints_how_a_game_log_names_it(kits: dict[str, Path], paper: str) -> None:
    """Review: a log names a power card by its id (`use fourth-dimension`), its effect's
    second alternative with /2 (`use star-stuff/2`): each on its own card, bold, at
    least 6 pt, the /2 only on the cards with two alternatives, whose text says "or"."""
    from pnp.layouts.cards import CardOptions, imposition

    data = (kits[paper] / "power-cards-duplex.pdf").read_bytes()
    slots = imposition(PAPERS[paper], CardOptions()).slots
    found: dict[str, tuple[int, int]] = {}
    for number, page in enumerate(pages(data)[::2]):
        for run in join_runs(page.chars, 0.5):
            if run.bold and run.text.startswith("use "):
                assert run.size >= 6, run.text
                slot = next(
                    k
                    for k, s in enumerate(slots)
                    if s.x <= run.cx <= s.right and s.y <= run.cy <= s.top
                )
                assert run.text not in found, run.text
                found[run.text] = (number, slot)
    cards = power_cards()
    expected = {f"use {c.id}": k for k, c in enumerate(cards)}
    second = {f"use {c.id}/2": k for k, c in enumerate(cards) if len(c.effect) > 1}
    assert len(second) == 3
    assert all(" or " in c.effect_text() for c in cards if len(c.effect) > 1)
    assert sorted(found) == sorted(expected | second)
    for words, k in (expected | second).items():
        assert found[words] == divmod(k, len(slots)), words


def test_card_backs_are_interleaved_for_duplex(kits: dict[str, Path]) -> None:
    data = (kits["a4"] / "energy-cards-duplex.pdf").read_bytes()
    assert "/Duplex" in viewer_preferences(data)
    pdf = reader(data)
    assert "Light" in pdf.pages[0].extract_text()
    assert "ENERGY" in pdf.pages[1].extract_text() and "Light" not in pdf.pages[1].extract_text()


def test_tiles_and_tokens_fold_and_name_their_counts(kits: dict[str, Path]) -> None:
    tiles = _text(kits["a4"] / "nebula-tiles.pdf")
    for words in ("26 size-1", "22 size-2", "20 size-3", "fold here", "1A", "3T"):
        assert words in tiles, words
    tokens = " ".join(_text(kits["a4"] / "tokens.pdf").split())
    for words in ("36 H stars", "28 He stars", "100 life tokens", "20 time crystals", "+50"):
        assert words in tokens, words


def test_the_set_up_sheet_has_each_player_count_s_numbers(kits: dict[str, Path]) -> None:
    pages = [
        " ".join(p.extract_text().split())
        for p in reader((kits["a4"] / "setup-sheet.pdf").read_bytes()).pages
    ]
    for page, (players, crystals, dark) in zip(
        pages, ((2, 6, 4), (3, 9, 3), (4, 11, 3)), strict=True
    ):
        assert f"Set-up for {players} players" in page
        assert f"Time crystals in the supply: {crystals}." in page
        assert f"{players} players' energy tokens and {dark} dark ones" in page
    assert "never passes" in pages[0] and "passes left" in pages[2]


def test_the_kit_files_are_the_single_commands_defaults(run: Run) -> None:
    assert run("kit", "--game", "cosmos", "--paper", "letter").exit_code == 0
    kit = {p.name: p.read_bytes() for p in Path("out/cosmos").glob("*.pdf")}
    Path("out").rename("kit")
    for args in (
        ["main-board"],
        ["player-boards"],
        ["goal-cards", "--backs", "duplex"],
        ["energy-cards", "--backs", "duplex"],
        ["power-cards", "--backs", "duplex"],
        ["tiles"],
        ["tokens"],
        ["aid"],
        ["setup-sheet"],
        ["score-pad"],
        ["rules"],
    ):
        result = run("cosmos", *args, "--paper", "letter")
        assert result.exit_code == 0, (args, result.output)
    made = {p.name: p.read_bytes() for p in Path("out/cosmos").glob("*.pdf")}
    assert sorted(made) == sorted(kit)
    for name, data in made.items():
        assert data == kit[name], name


def test_cards_take_the_shared_card_options(run: Run) -> None:
    result = run("cosmos", "goal-cards", "--print-shop", "-o", "shop.pdf")
    assert result.exit_code == 0, result.output
    shop = reader(Path("shop.pdf").read_bytes())
    assert len(shop.pages) == 16  # one card a page, no backs asked for
    assert "/BleedBox" in shop.pages[0]
    result = run("cosmos", "power-cards", "--backs", "fold", "--bleed", "3mm", "-o", "fold.pdf")
    assert result.exit_code == 0, result.output
    assert "fold" in reader(Path("fold.pdf").read_bytes()).pages[0].extract_text()
    refused = run("cosmos", "energy-cards", "--flip", "short")
    assert refused.exit_code == 2 and "--flip has no effect" in refused.output


def test_tiles_and_tokens_print_for_duplex_too(run: Run) -> None:
    result = run("cosmos", "tiles", "--backs", "duplex", "-o", "tiles.pdf")
    assert result.exit_code == 0, result.output
    data = Path("tiles.pdf").read_bytes()
    assert len(reader(data).pages) == 2 and "/Duplex" in viewer_preferences(data)
    assert "fold here" not in _text(Path("tiles.pdf"))
    assert run("cosmos", "tokens", "--backs", "duplex", "-o", "tokens.pdf").exit_code == 0
    assert len(reader(Path("tokens.pdf").read_bytes()).pages) % 2 == 0


def test_a4_and_letter_pages_differ_in_size_only(kits: dict[str, Path]) -> None:
    a4 = reader((kits["a4"] / "score-pad.pdf").read_bytes()).pages[0]
    letter = reader((kits["letter"] / "score-pad.pdf").read_bytes()).pages[0]
    assert box(a4, "/MediaBox")[2:] == pytest.approx((A4.width, A4.height))
    assert box(letter, "/MediaBox")[2:] == pytest.approx((LETTER.width, LETTER.height))
    assert "Speed of Light" in a4.extract_text() and "Speed of Light" in letter.extract_text()


def test_a_group_carried_on_to_the_next_page_says_so() -> None:
    from pnp.draw.shapes import Item
    from pnp.layouts.cosmos.token_sheet import TokenGroup, layout
    from pnp.paper.geometry import Box
    from pnp.paper.units import mm

    def face(cx: float, cy: float, side: float) -> list[Item]:
        return []

    group = TokenGroup("9 things", mm(50), (face,) * 9, (face,) * 9)
    pages = layout([group], Box(0, 0, mm(100), mm(120)), "{heading} (continued)")
    assert [[h for h, _, _ in page] for page in pages] == [
        ["9 things"],
        ["9 things (continued)"],
        ["9 things (continued)"],
    ]
    assert [len(placed) for page in pages for _, _, placed in page] == [4, 4, 1]


def test_every_print_command_is_the_command_it_names() -> None:
    import click

    from pnp.cli.cosmos import COMMANDS, cosmos

    printing = [name for name, target in COMMANDS.items() if "cosmos_print" in target]
    assert len(printing) == 11
    for name in printing:
        command = cosmos.get_command(click.Context(cosmos), name)
        assert command is not None and command.name == name, name
