"""``pnp cosmos main-board|player-boards|goal-cards|energy-cards|power-cards|tiles|tokens|
aid|setup-sheet|score-pad|rules``: our Crafting the Cosmos edition's printables, with the
options every drawing command shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from pnp.cli.common import emit
from pnp.cli.fillable import check_fillable, default_path, fillable_option
from pnp.cli.images_options import Images, card_images, image_options
from pnp.cli.options import (
    Output,
    card_options,
    output_options,
    paper_option,
    printer_options,
    scale_option,
)
from pnp.paper.printer import PrinterProfile
from pnp.paper.sizes import Paper

if TYPE_CHECKING:
    from pnp.draw.shapes import Document
    from pnp.layouts.cards import CardOptions


def _cards(doc: Callable[[], Document]) -> Document:
    """A card document, or a usage error when the options don't fit the paper."""
    from pnp.layouts.cards import BackOffsetError
    from pnp.paper.sizes import ImpositionError

    try:
        return doc()
    except (BackOffsetError, ImpositionError) as exc:
        raise click.UsageError(str(exc)) from None


def _card_command(deck: str, what: str, ids: Callable[[], list[str]] | None) -> click.Command:
    """The command printing a deck; ``ids`` names its cards' images (else numbers)."""

    @click.command(
        f"{deck}-cards",
        help=f"The {what}, 3 × 3 per page, with optional backs.",
        epilog=f"""\b
        Examples:
          With their backs, for a duplex printer:
            pnp cosmos {deck}-cards --backs duplex --paper letter
          With their backs below a fold line:
            pnp cosmos {deck}-cards --backs fold --paper letter""",
    )
    @image_options
    @printer_options
    @card_options
    @paper_option
    @output_options
    def command(
        cards: CardOptions, printer: PrinterProfile, paper: Paper, output: Output, images: Images
    ) -> None:
        from pnp.layouts.cosmos import card_documents
        from pnp.layouts.cosmos.kit import cards_path

        build = getattr(card_documents, f"{deck}_cards_document")
        doc = _cards(lambda: build(paper, cards))
        named = None if ids is None else ids()
        write_images = card_images(
            images, lambda o: build(paper, o), cards, f"cosmos-{deck}", named
        )
        emit(doc, output, cards_path(deck, cards), 1.0 if cards.print_shop else printer.factor)
        write_images(output.stdout)

    return command


def _goal_ids() -> list[str]:
    from pnp.cosmos.content import goals

    return [g.id for g in goals()]


def _power_ids() -> list[str]:
    from pnp.cosmos.power_content import power_cards

    return [c.id for c in power_cards()]


goal_cards = _card_command("goal", "16 universal goal cards", _goal_ids)
energy_cards = _card_command("energy", "60 energy cards", None)
power_cards = _card_command("power", "32 power cards (their backs name their deck)", _power_ids)


@click.command(
    "main-board",
    epilog="""\b
    Examples:
      On four US Letter sheets:
        pnp cosmos main-board --paper letter""",
)
@scale_option
@paper_option
@output_options
def main_board(printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """The main board, on four sheets that join."""
    from pnp.layouts.cosmos.boards import main_board_document
    from pnp.layouts.cosmos.kit import MAIN_BOARD_PATH

    emit(main_board_document(paper), output, MAIN_BOARD_PATH, printer.factor)


@click.command(
    "player-boards",
    epilog="""\b
    Examples:
      On eight US Letter sheets:
        pnp cosmos player-boards --paper letter""",
)
@scale_option
@paper_option
@output_options
def player_boards(printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """The 4 player boards (○ △ □ ◇), two sheets each that join."""
    from pnp.layouts.cosmos.boards import player_boards_document
    from pnp.layouts.cosmos.kit import PLAYER_BOARDS_PATH

    emit(player_boards_document(paper), output, PLAYER_BOARDS_PATH, printer.factor)


def _two_sided(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--backs",
        type=click.Choice(["fold", "duplex"], case_sensitive=False),
        default="fold",
        show_default=True,
        help="Backs below a fold line (fold, glue, cut), or on the next page for a duplex"
        " printer (your printer profile's flip edge).",
    )(f)


@click.command(
    epilog="""\b
    Examples:
      With backs for a duplex printer, not fold and glue:
        pnp cosmos tiles --backs duplex --paper letter""",
)
@_two_sided
@scale_option
@paper_option
@output_options
def tiles(backs: str, printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """The 68 nebula tiles: the element side and the completed side."""
    from pnp.layouts.cosmos.boards import nebula_tiles_document
    from pnp.layouts.cosmos.kit import tiles_path

    duplex = printer.flip if backs == "duplex" else None
    doc = nebula_tiles_document(paper, duplex)
    emit(doc, output, tiles_path(duplex is not None), printer.factor)


@click.command(
    epilog="""\b
    Examples:
      On US Letter, to fold, glue and cut:
        pnp cosmos tokens --paper letter""",
)
@_two_sided
@scale_option
@paper_option
@output_options
def tokens(backs: str, printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """Every token: stars, life, advanced life, time crystals, each player's pieces,
    dark energy, +50/+100 and the first player token."""
    from pnp.layouts.cosmos.boards import tokens_document
    from pnp.layouts.cosmos.kit import tokens_path

    duplex = printer.flip if backs == "duplex" else None
    emit(tokens_document(paper, duplex), output, tokens_path(duplex is not None), printer.factor)


def _sheet_command(name: str, builder: str, path: str, what: str) -> click.Command:
    @click.command(
        name,
        help=what,
        epilog=f"""\b
        Examples:
          On US Letter:
            pnp cosmos {name} --paper letter""",
    )
    @scale_option
    @paper_option
    @output_options
    def command(printer: PrinterProfile, paper: Paper, output: Output) -> None:
        from pnp.layouts.cosmos import kit, sheets

        doc = getattr(sheets, builder)(paper)
        emit(doc, output, getattr(kit, path), printer.factor)

    return command


aid = _sheet_command("aid", "aid_document", "AID_PATH", "The player aid: print one per player.")
setup_sheet = _sheet_command(
    "setup-sheet", "setup_sheet_document", "SETUP_SHEET_PATH", "Set-up for 2, 3 and 4 players."
)


@click.command(
    "score-pad",
    epilog="""\b
    Examples:
      A pad to type the scores into, on US Letter:
        pnp cosmos score-pad --fillable --paper letter""",
)
@fillable_option
@scale_option
@paper_option
@output_options
def score_pad(fillable: bool, printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """The score pad, one a page, made to be read from a photo."""
    from pnp.layouts.cosmos.kit import SCORE_PAD_PATH
    from pnp.layouts.cosmos.score_pad import score_pad_document

    check_fillable(fillable, output)
    doc = score_pad_document(paper, fillable=fillable)
    emit(doc, output, default_path(SCORE_PAD_PATH, fillable), printer.factor)


rules = _sheet_command(
    "rules", "rules_document", "RULES_PATH", "A summary of the rules in our own words."
)
