"""``pnp astra cards|game-end|scoring-cards|aid|journal|board|tokens|score-pad|setup-sheet``:
Astra's printables, with the options every drawing command shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from pnp.astra.text import Lang
from pnp.cli.astra import LANG
from pnp.cli.common import emit
from pnp.cli.fillable import check_fillable, default_path, fillable_option
from pnp.cli.images_options import Images, card_id, card_images, image_options
from pnp.cli.options import (
    Output,
    card_options,
    fixed_size_card_options,
    output_options,
    paper_option,
    printer_options,
    reprint_card_options,
    scale_option,
)
from pnp.cli.play_options import usage_errors
from pnp.paper.printer import PrinterProfile
from pnp.paper.sizes import Paper

if TYPE_CHECKING:
    from pnp.astra.model import Constellation
    from pnp.draw.shapes import Document
    from pnp.layouts.cards import CardOptions


def _players(choices: list[str], default: str) -> Callable[[Any], Any]:
    return click.option(
        "--players",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help="Number of players.",
    )


def _cards(doc: Callable[[], Document]) -> Document:
    """A card document, or a usage error when the options don't fit the paper."""
    from pnp.layouts.cards import BackOffsetError
    from pnp.paper.sizes import ImpositionError

    try:
        return doc()
    except (BackOffsetError, ImpositionError) as exc:
        raise click.UsageError(str(exc)) from None


def _scale(cards: CardOptions, printer: PrinterProfile) -> float:
    return 1.0 if cards.print_shop else printer.factor


def _only(names: str | None) -> list[Constellation] | None:
    from pnp.astra.constellations import UnknownConstellationError, constellation

    if names is None:
        return None
    with usage_errors("--only", UnknownConstellationError):
        picked = [constellation(n.strip()) for n in names.split(",") if n.strip()]
    if not picked:
        raise click.BadParameter("name at least one constellation", param_hint="--only")
    return list(dict.fromkeys(picked))


@click.command(
    epilog="""\b
    Examples:
      All 48 cards with their backs, for a duplex printer:
        pnp astra cards --backs duplex --paper letter
      Reprint two lost cards, with their backs:
        pnp astra cards --only Taurus,Leo --paper letter""",
)
@click.option(
    "--only",
    metavar="NAME,…",
    help="Only these cards (English or French names), with their backs (duplex) unless"
    " --backs says otherwise: a reprinted card needs its back.",
)
@click.option(
    "--star-numbers/--no-star-numbers",
    default=True,
    show_default=True,
    help="Number the stars (game logs name stars by these numbers).",
)
@LANG
@image_options
@printer_options
@reprint_card_options("only")
@paper_option
@output_options
def cards(
    only: str | None,
    star_numbers: bool,
    lang: Lang,
    cards: CardOptions,
    printer: PrinterProfile,
    paper: Paper,
    output: Output,
    images: Images,
) -> None:
    """The 48 constellation cards, 3 × 3 per page, with optional backs; with
    --format svg, one SVG per card."""

    from pnp.astra.constellations import constellations
    from pnp.layouts.astra.card_documents import card_svg_document, constellation_cards_document
    from pnp.layouts.astra.kit import cards_path

    chosen = _only(only) or list(constellations())
    if output.fmt == "svg":
        doc = _cards(lambda: card_svg_document(chosen, cards, lang, star_numbers))
    else:
        doc = _cards(
            lambda: constellation_cards_document(chosen, paper, cards, lang, star_numbers),
        )
    write_images = card_images(
        images,
        lambda o: constellation_cards_document(chosen, paper, o, lang, star_numbers),
        cards,
        "astra-constellations",
        [card_id(c.name) for c in chosen],
    )
    emit(doc, output, cards_path(cards, only is not None), _scale(cards, printer))
    write_images(output.stdout)


@click.command(
    "game-end",
    epilog="""\b
    Examples:
      The card in French, on US Letter:
        pnp astra game-end --lang fr --paper letter""",
)
@LANG
@image_options
@printer_options
@card_options
@paper_option
@output_options
def game_end(
    lang: Lang,
    cards: CardOptions,
    printer: PrinterProfile,
    paper: Paper,
    output: Output,
    images: Images,
) -> None:
    """The Game End card."""
    from pnp.layouts.astra.card_documents import game_end_document
    from pnp.layouts.astra.kit import game_end_path

    doc = _cards(lambda: game_end_document(paper, cards, lang))
    write_images = card_images(
        images, lambda o: game_end_document(paper, o, lang), cards, "astra-game-end"
    )
    emit(doc, output, game_end_path(cards), _scale(cards, printer))
    write_images(output.stdout)


@click.command(
    "scoring-cards",
    epilog="""\b
    Examples:
      With their backs, for a duplex printer:
        pnp astra scoring-cards --backs duplex --paper letter""",
)
@LANG
@image_options
@printer_options
@card_options
@paper_option
@output_options
def scoring_cards(
    lang: Lang,
    cards: CardOptions,
    printer: PrinterProfile,
    paper: Paper,
    output: Output,
    images: Images,
) -> None:
    """The 6 Final Scoring cards and the Game End card, on one sheet."""
    from pnp.layouts.astra.box_documents import scoring_cards_document
    from pnp.layouts.astra.kit import scoring_cards_path

    doc = _cards(lambda: scoring_cards_document(paper, cards, lang))
    write_images = card_images(
        images, lambda o: scoring_cards_document(paper, o, lang), cards, "astra-final-scoring"
    )
    emit(doc, output, scoring_cards_path(cards), _scale(cards, printer))
    write_images(output.stdout)


@click.command(
    epilog="""\b
    Examples:
      The cards in French, on US Letter:
        pnp astra aid --lang fr --paper letter""",
)
@LANG
@image_options
@printer_options
@fixed_size_card_options("tarot")
@paper_option
@output_options
def aid(
    lang: Lang,
    cards: CardOptions,
    printer: PrinterProfile,
    paper: Paper,
    output: Output,
    images: Images,
) -> None:
    """The Player Aid cards, 65 × 127 mm (the turn does not fit a poker card), all five
    on one sheet."""
    from pnp.layouts.astra.box_documents import aid_document
    from pnp.layouts.astra.kit import aid_path

    doc = _cards(lambda: aid_document(paper, cards, lang))
    write_images = card_images(
        images, lambda o: aid_document(paper, o, lang), cards, "astra-player-aid"
    )
    emit(doc, output, aid_path(cards), _scale(cards, printer))
    write_images(output.stdout)


@click.command(
    epilog="""\b
    Examples:
      A Journal on US Letter (print one per player):
        pnp astra journal --paper letter""",
)
@LANG
@scale_option
@paper_option
@output_options
def journal(lang: Lang, printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """A player's Journal: print one per player."""
    from pnp.layouts.astra.box_documents import journal_document
    from pnp.layouts.astra.kit import JOURNAL_PATH

    emit(journal_document(paper, lang), output, JOURNAL_PATH, printer.factor)


@click.command(
    epilog="""\b
    Examples:
      The side for 3 players, on US Letter:
        pnp astra board --players 3 --paper letter""",
)
@_players(["2", "3", "4", "5", "all"], "all")
@LANG
@scale_option
@paper_option
@output_options
def board(players: str, lang: Lang, printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """The Sphere boards: one side for --players N, or all four."""
    from pnp.layouts.astra.board_documents import board_document, boards_document
    from pnp.layouts.astra.kit import board_path

    if players == "all":
        emit(boards_document(paper, lang), output, board_path(None), printer.factor)
        return
    doc = board_document(paper, int(players), lang)
    emit(doc, output, board_path(int(players)), printer.factor)


@click.command(
    epilog="""\b
    Examples:
      The tokens, on US Letter:
        pnp astra tokens --paper letter""",
)
@LANG
@scale_option
@paper_option
@output_options
def tokens(lang: Lang, printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """First Player token, Sphere marker, 20 Telescopes and 60 Stardust."""
    from pnp.layouts.astra.board_documents import tokens_document
    from pnp.layouts.astra.kit import TOKENS_PATH

    emit(tokens_document(paper, lang), output, TOKENS_PATH, printer.factor)


@click.command(
    "score-pad",
    epilog="""\b
    Examples:
      A pad for 4 players to type the scores into:
        pnp astra score-pad --players 4 --fillable --paper letter""",
)
@_players(["2", "3", "4", "5"], "5")
@LANG
@fillable_option
@scale_option
@paper_option
@output_options
def score_pad(
    players: str,
    lang: Lang,
    fillable: bool,
    printer: PrinterProfile,
    paper: Paper,
    output: Output,
) -> None:
    """The end-of-game score pad, its rows in the order of final scoring."""
    from pnp.layouts.astra.box_documents import score_pad_document
    from pnp.layouts.astra.kit import SCORE_PAD_PATH

    check_fillable(fillable, output)
    doc = score_pad_document(paper, lang, int(players), fillable)
    emit(doc, output, default_path(SCORE_PAD_PATH, fillable), printer.factor)


@click.command(
    "setup-sheet",
    epilog="""\b
    Examples:
      The sheet in French, on US Letter:
        pnp astra setup-sheet --lang fr --paper letter""",
)
@LANG
@scale_option
@paper_option
@output_options
def setup_sheet(lang: Lang, printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """The set-up sheet: the deck for 2 to 5 players, each player's share, and solo."""
    from pnp.layouts.astra.box_documents import setup_sheet_document
    from pnp.layouts.astra.kit import SETUP_SHEET_PATH

    emit(setup_sheet_document(paper, lang), output, SETUP_SHEET_PATH, printer.factor)
