"""Astra's kit and print commands, read back from the files: what the kit writes in each
language, that it agrees with the single commands, and the cards' options."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.astra.constellations import constellations
from pnp.astra.text import Lang
from pnp.layouts.astra.card_documents import constellation_cards_document
from pnp.layouts.cards import CardOptions
from pnp.paper.sizes import A4, LETTER
from pnp.render.pdf import render_pdf
from tests.conftest import Run
from tests.pdfread import box, fonts, reader, viewer_preferences

KIT_FILES = (
    "constellation-cards.pdf",
    "constellation-cards-duplex.pdf",
    "final-scoring-and-game-end-cards-duplex.pdf",
    "player-aid-duplex.pdf",
    "journal.pdf",
    "sphere-boards.pdf",
    "tokens.pdf",
    "score-pad.pdf",
    "setup-sheet.pdf",
    "README.txt",
    "CREDITS.txt",
)


def _text(path: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(path).pages)


@cache
def _kit(lang: str, tmp: Path) -> Path:
    from click.testing import CliRunner

    from pnp.cli import cli

    out = tmp / f"kit-{lang}"
    result = CliRunner().invoke(
        cli, ["kit", "--game", "astra", "--lang", lang, "--out", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("astra-kits")
    return {lang: _kit(lang, tmp) for lang in ("en", "fr")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_kit_writes_the_whole_box(kits: dict[str, Path], lang: str) -> None:
    folder = kits[lang] / "astra"
    assert sorted(p.name for p in folder.iterdir()) == sorted(KIT_FILES)
    assert (kits[lang] / "duplex-calibration.pdf").is_file()
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    for name in KIT_FILES[:-2]:
        assert name in readme, name


def test_the_card_pages_are_48_fronts_on_6_pages_and_6_back_pages(kits: dict[str, Path]) -> None:
    folder = kits["en"] / "astra"
    fronts = reader((folder / "constellation-cards.pdf").read_bytes())
    duplex = reader((folder / "constellation-cards-duplex.pdf").read_bytes())
    assert len(fronts.pages) == 6 and len(duplex.pages) == 12
    for page in fronts.pages:
        assert box(page, "/MediaBox")[2:] == pytest.approx((A4.width, A4.height))
        assert "/TrimBox" in page


@pytest.mark.parametrize(
    ("lang", "present", "absent"),
    [
        ("en", ["Taurus", "Ursa Major", "Stardust"], ["Taureau", "Grande Ourse"]),
        ("fr", ["Taureau", "Grande Ourse", "poussières"], ["Taurus", "Ursa Major"]),
    ],
)
def test_each_language_prints_its_own_names(
    kits: dict[str, Path], lang: str, present: list[str], absent: list[str]
) -> None:
    cards = _text(kits[lang] / "astra" / "constellation-cards.pdf").upper()  # names in capitals
    for word in present[:2]:
        assert re.search(rf"\b{word.upper()}\b", cards), word
    for word in absent:  # as words: Rigil Kentaurus is no Taurus
        assert not re.search(rf"\b{word.upper()}\b", cards), word
    journal = _text(kits[lang] / "astra" / "journal.pdf")
    assert present[2] in journal


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_pdf_embeds_its_fonts(kits: dict[str, Path], lang: str) -> None:
    for pdf in (kits[lang] / "astra").glob("*.pdf"):
        found = fonts(pdf.read_bytes())
        assert found, pdf.name
        for font in found:
            assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"]


def test_the_credits_carry_the_notices_and_say_the_design_is_ours(kits: dict[str, Path]) -> None:
    credits = (kits["en"] / "astra" / "CREDITS.txt").read_text(encoding="utf-8")
    for words in ("Mindclash", "our own design", "Olaf Frohn", "BSD", "WGSN", "Creative Commons"):
        assert words in credits, words
    assert "Bitstream" in credits or "DejaVu" in credits


def test_the_french_readme_is_french(kits: dict[str, Path]) -> None:
    readme = (kits["fr"] / "astra" / "README.txt").read_text(encoding="utf-8")
    assert "cartes Constellation" in readme and "recto verso" in readme


def test_the_kit_is_byte_identical_twice(run: Run) -> None:
    assert run("kit", "--game", "astra", "--out", "a").exit_code == 0
    assert run("kit", "--game", "astra", "--out", "b").exit_code == 0
    first = {p.relative_to("a"): p.read_bytes() for p in Path("a").rglob("*") if p.is_file()}
    second = {p.relative_to("b"): p.read_bytes() for p in Path("b").rglob("*") if p.is_file()}
    assert first == second


def test_kit_files_are_the_single_commands_defaults(run: Run) -> None:
    assert run("kit", "--game", "astra", "--lang", "fr", "--paper", "letter").exit_code == 0
    kit = {p: p.read_bytes() for p in Path("out/astra").glob("*.pdf")}
    Path("out").rename("kit")
    for args in (
        ["cards"],
        ["cards", "--backs", "duplex"],
        ["scoring-cards", "--backs", "duplex"],
        ["aid", "--backs", "duplex"],
        ["journal"],
        ["board"],
        ["tokens"],
        ["score-pad"],
        ["setup-sheet"],
    ):
        result = run("astra", *args, "--lang", "fr", "--paper", "letter")
        assert result.exit_code == 0, (args, result.output)
    made = sorted(Path("out/astra").glob("*.pdf"))
    assert [p.name for p in made] == sorted(p.name for p in kit)
    for path in made:
        assert path.read_bytes() == kit[path], path


def test_a_game_printed_in_english_only_refuses_french(run: Run) -> None:
    result = run("kit", "--game", "starcharts", "--lang", "fr")
    assert result.exit_code == 2 and "Star Charts is printed in en" in result.output


def test_only_reprints_some_cards_by_any_name_with_their_backs(run: Run) -> None:
    result = run("astra", "cards", "--only", "taureau, Ursa Major,leo", "-o", "some.pdf")
    assert result.exit_code == 0, result.output
    text = _text(Path("some.pdf"))
    assert "TAURUS" in text.upper() and "LEO" in text.upper() and "ARIES" not in text.upper()
    data = Path("some.pdf").read_bytes()
    pdf = reader(data)
    assert len(pdf.pages) == 2  # the fronts, then their backs
    assert "/Duplex" in viewer_preferences(data)
    assert "TAURUS" not in pdf.pages[1].extract_text().upper()


def test_only_takes_the_duplex_options_without_backs_typed(run: Run) -> None:
    result = run("astra", "cards", "--only", "leo", "--flip", "short", "-o", "leo.pdf")
    assert result.exit_code == 0, result.output
    assert len(reader(Path("leo.pdf").read_bytes()).pages) == 2
    refused = run("astra", "cards", "--only", "leo", "--backs", "none", "--flip", "short")
    assert refused.exit_code == 2 and "--flip has no effect" in refused.output


def test_only_prints_fronts_alone_when_told(run: Run) -> None:
    result = run("astra", "cards", "--only", "leo", "--backs", "none", "-o", "leo.pdf")
    assert result.exit_code == 0, result.output
    assert len(reader(Path("leo.pdf").read_bytes()).pages) == 1
    assert run("astra", "cards", "--only", "leo", "--print-shop", "-o", "shop.pdf").exit_code == 0
    assert len(reader(Path("shop.pdf").read_bytes()).pages) == 2


def test_the_kit_says_how_to_play_on_paper_reprint_and_play_solo(kits: dict[str, Path]) -> None:
    for lang, words in (
        ("en", ["sleeves", "dry-erase", "pen of their own colour", "with its back", "astra solo"]),
        ("fr", ["protège-cartes", "effaçables", "feutre de sa couleur", "avec son verso", "solo"]),
    ):
        readme = (kits[lang] / "astra" / "README.txt").read_text(encoding="utf-8")
        for word in words:
            assert word in readme.replace("\n", " "), word


def test_game_end_alone_still_prints(run: Run) -> None:
    result = run("astra", "game-end", "--backs", "duplex", "-o", "end.pdf")
    assert result.exit_code == 0, result.output
    assert len(reader(Path("end.pdf").read_bytes()).pages) == 2


def test_an_unknown_card_is_a_usage_error_with_a_suggestion(run: Run) -> None:
    result = run("astra", "cards", "--only", "Taurs")
    assert result.exit_code == 2 and "Taurus" in result.output


def test_svg_cards_are_one_file_per_card(run: Run) -> None:
    result = run("astra", "cards", "--only", "taurus,leo,lyra", "--format", "svg", "-o", "c.svg")
    assert result.exit_code == 0, result.output
    # the three cards, then the shared back (a reprint prints backs unless told not to)
    assert sorted(p.name for p in Path(".").glob("c-*.svg")) == [f"c-{n}.svg" for n in range(1, 5)]


def test_star_numbers_can_be_hidden() -> None:
    taurus = [c for c in constellations() if c.name == "Taurus"]
    shown = render_pdf(constellation_cards_document(taurus, LETTER, CardOptions(), Lang.EN))
    hidden = render_pdf(
        constellation_cards_document(taurus, LETTER, CardOptions(), Lang.EN, star_numbers=False)
    )
    assert len(hidden) < len(shown)


def test_every_back_option_works_for_the_cards(run: Run) -> None:
    for args in (
        ["--backs", "fold"],
        ["--backs", "duplex", "--flip", "short", "--back-offset", "2,-2"],
        ["--bleed", "3mm"],
        ["--print-shop", "--only", "leo"],
        ["--card-size", "63x88", "--backs", "duplex"],
    ):
        result = run("astra", "cards", *args, "-o", "x.pdf")
        assert result.exit_code == 0, (args, result.output)


def test_the_svg_kit_readme_names_its_files_in_french(run: Run) -> None:
    assert run("kit", "--game", "astra", "--format", "svg", "--lang", "fr").exit_code == 0
    readme = Path("out/astra/README.txt").read_text(encoding="utf-8")
    assert ".pdf" not in readme and "Chaque fichier .svg" in readme
    named = re.findall(r"^([^ \n]+\.svg)", readme, re.M)
    assert len(named) == 10  # the 9 documents and the test sheet
    for name in named:
        assert (Path("out/astra") / name).is_file(), name


def test_the_aid_has_no_card_size_option(run: Run) -> None:
    assert "--card-size" not in run("astra", "aid", "--help").output
    assert run("astra", "aid", "--card-size", "tarot").exit_code == 2
    assert run("astra", "aid", "--backs", "fold", "-o", "aid.pdf").exit_code == 0


def test_abilities_that_last_the_turn_are_keyed_like_the_rulebooks() -> None:
    """Seed 004: a power that holds for the turn starts "À ce tour :" (seed 000's card:
    "This turn:"); the others resolve at once and carry no key."""
    from pnp.astra.abilities import Timing, abilities

    for a in abilities():
        lasting = a.timing is Timing.THIS_TURN
        assert a.text(Lang.FR).startswith("À ce tour\u00a0: ") == lasting, a.id
        assert a.text(Lang.EN).startswith("This turn: ") == lasting, a.id


PRINTED = ("aid", "board", "cards", "journal", "score_pad", "setup_sheet", "terms", "tokens")


def test_french_puts_a_no_break_space_before_double_punctuation() -> None:
    """In every French word the kit prints: the card texts and the printed sheets' files."""
    from pnp.astra.abilities import abilities
    from pnp.astra.text import keys, text

    printed = [k for k in keys() if k.split(".")[0] in PRINTED]
    french = [text(k, Lang.FR) for k in printed] + [a.text(Lang.FR) for a in abilities()]
    for words in french:
        assert not re.search(r"[^\u00a0\u202f][:;?!](\s|$)", words), words
    assert "(+90\u00a0par tour de piste)" in text("score_pad.play_fame_hint", Lang.FR)


@pytest.mark.parametrize("command", ["cards --only leo", "scoring-cards", "aid", "game-end"])
def test_fold_pages_name_the_fold_in_the_kits_language(run: Run, command: str) -> None:
    for lang, word, other in (("fr", "pli", "fold"), ("en", "fold", "pli")):
        args = ["astra", *command.split(), "--backs", "fold", "--lang", lang, "-o", "f.pdf"]
        assert run(*args).exit_code == 0
        words = _text(Path("f.pdf")).split()
        assert word in words and other not in words
