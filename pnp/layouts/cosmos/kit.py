"""Crafting the Cosmos's part of the kit. Its paths are also the single commands'
default outputs, so the two always agree."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from pnp.kit import Copies, Job, KitSettings, Note, file_names, printing_notes

if TYPE_CHECKING:
    from pnp.layouts.cards import CardOptions

FOLDER = "cosmos"
MAIN_BOARD_PATH = "cosmos/main-board"
PLAYER_BOARDS_PATH = "cosmos/player-boards"
AID_PATH = "cosmos/player-aid"
SETUP_SHEET_PATH = "cosmos/setup-sheet"
SCORE_PAD_PATH = "cosmos/score-pad"
RULES_PATH = "cosmos/rules-summary"
DECKS = ("goal", "energy", "power")
MAIN_BOARD = "the main board: four sheets to glue together"
TILES = "the nebula tiles: fold, glue, then cut"
TOKENS = "every token: fold, glue, then cut"


def _suffix(options: CardOptions) -> str:
    from pnp.paper.sizes import Backs

    if options.print_shop:
        return "-print-shop"
    return "" if options.backs is Backs.NONE else f"-{options.backs.value}"


def cards_path(deck: str, options: CardOptions) -> str:
    return f"cosmos/{deck}-cards{_suffix(options)}"


def tiles_path(duplex: bool) -> str:
    return f"cosmos/nebula-tiles{'-duplex' if duplex else ''}"


def tokens_path(duplex: bool) -> str:
    return f"cosmos/tokens{'-duplex' if duplex else ''}"


def jobs(settings: KitSettings) -> list[Job]:
    from pnp.layouts.cosmos import boards, card_documents, score_pad, sheets
    from pnp.paper.sizes import Backs

    paper = settings.paper
    duplex = replace(settings.cards, backs=Backs.DUPLEX)
    decks = {
        "goal": card_documents.goal_cards_document,
        "energy": card_documents.energy_cards_document,
        "power": card_documents.power_cards_document,
    }
    fold = Backs.FOLD
    out = [
        Job(MAIN_BOARD_PATH, lambda: boards.main_board_document(paper), what=MAIN_BOARD),
        Job(
            PLAYER_BOARDS_PATH,
            lambda: boards.player_boards_document(paper),
            what="the 4 player boards, two sheets each",
        ),
    ]
    for deck in DECKS:
        build = partial(decks[deck], paper, duplex)
        what = f"the {deck} cards with their backs"
        out.append(Job(cards_path(deck, duplex), build, what=what, backs=Backs.DUPLEX))
    out += [
        Job(tiles_path(False), lambda: boards.nebula_tiles_document(paper), what=TILES, backs=fold),
        Job(tokens_path(False), lambda: boards.tokens_document(paper), what=TOKENS, backs=fold),
        Job(
            AID_PATH,
            lambda: sheets.aid_document(paper),
            what="the player aid",
            copies=Copies.PER_PLAYER,
        ),
        Job(SETUP_SHEET_PATH, lambda: sheets.setup_sheet_document(paper), what="the set-up"),
        Job(
            SCORE_PAD_PATH,
            lambda: score_pad.score_pad_document(paper),
            what="the end-of-game score pad",
            copies=Copies.AS_NEEDED,
        ),
        Job(RULES_PATH, lambda: sheets.rules_document(paper), what="a summary of the rules"),
    ]
    return out


def readme(written: dict[str, list[str]], settings: KitSettings, calibration: str) -> str:
    from pnp.cosmos.content import energy_deck, goals
    from pnp.cosmos.galaxy import galaxy
    from pnp.cosmos.nebulae import nebula_tiles
    from pnp.cosmos.power_content import power_cards
    from pnp.cosmos.text import text
    from pnp.layouts.cards import CardOptions
    from pnp.paper.sizes import Backs

    duplex = CardOptions(backs=Backs.DUPLEX)
    fmt = written[MAIN_BOARD_PATH][0].rsplit(".", 1)[1]
    fields = printing_notes(settings, calibration, fmt)
    return text("print.kit.readme").format(
        main_board=file_names(written[MAIN_BOARD_PATH]),
        player_boards=file_names(written[PLAYER_BOARDS_PATH]),
        goal_cards=file_names(written[cards_path("goal", duplex)]),
        energy_cards=file_names(written[cards_path("energy", duplex)]),
        power_cards=file_names(written[cards_path("power", duplex)]),
        tiles=file_names(written[tiles_path(False)]),
        tokens=file_names(written[tokens_path(False)]),
        aid=file_names(written[AID_PATH]),
        setup_sheet=file_names(written[SETUP_SHEET_PATH]),
        score_pad=file_names(written[SCORE_PAD_PATH]),
        rules=file_names(written[RULES_PATH]),
        goals=len(goals()),
        energy=len(energy_deck()),
        power=len(power_cards()),
        tiles_count=len(nebula_tiles()),
        nebulae=len(galaxy().nebulae),
        stars=len(galaxy().stars),
        life=len(galaxy().life),
        **fields,
    )


def credits() -> str:
    """Our credits: the game's, then the font's notice (no sky data here)."""
    from pnp.cosmos.text import text
    from pnp.system.paths import FONT_DIR

    font = (FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    return text("print.kit.credits").format(font=font)


def notes(written: dict[str, list[str]], settings: KitSettings, calibration: str) -> list[Note]:
    return [
        Note(f"{FOLDER}/README.txt", readme(written, settings, calibration)),
        Note(f"{FOLDER}/CREDITS.txt", credits()),
    ]
