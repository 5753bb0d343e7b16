"""``pnp starcharts sheet|cards|aid|dice``: the Star Charts print commands."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import click

from pnp.cli.common import emit
from pnp.cli.fillable import check_fillable, default_path, fillable_option
from pnp.cli.images_options import Images, card_images, image_options
from pnp.cli.numbers import WholeRange
from pnp.cli.options import (
    Output,
    card_options,
    output_options,
    paper_option,
    printer_options,
    scale_option,
)
from pnp.cli.starcharts_score import chart_usage, complete_chart
from pnp.paper.printer import PrinterProfile
from pnp.paper.sizes import Paper

if TYPE_CHECKING:
    from pnp.layouts.cards import CardOptions


@click.command(
    epilog="""\b
    Examples:
      Four sheets of lyra-8, on US Letter:
        pnp starcharts sheet lyra-8 --copies 4 --paper letter
      A sheet to type the scores into, from a chart file:
        pnp starcharts sheet docs/examples/lyra-spec.txt --fillable --paper letter""",
)
@click.argument("charts", nargs=-1, required=True, shell_complete=complete_chart)
@click.option(
    "--copies",
    type=WholeRange(1, 100),
    default=1,
    show_default=True,
    help="Sheets of each chart.",
)
@click.option(
    "--per-page",
    type=click.Choice(["1", "2"]),
    default="1",
    show_default=True,
    help="One sheet per page, or two half-page sheets.",
)
@fillable_option
@scale_option
@paper_option
@output_options
def sheet(
    charts: tuple[str, ...],
    copies: int,
    per_page: str,
    fillable: bool,
    printer: PrinterProfile,
    paper: Paper,
    output: Output,
) -> None:
    """Player sheets for CHARTS (chart ids such as lyra-8, or chart files)."""
    from pnp.layouts.starcharts.documents import sheets_document
    from pnp.layouts.starcharts.kit import sheet_path
    from pnp.layouts.starcharts.sheet import SheetLayoutError
    from pnp.starcharts.chart import load_charts

    check_fillable(fillable, output)
    with chart_usage("CHARTS"):
        loaded = load_charts(list(charts))
    try:
        doc = sheets_document(loaded, paper, int(per_page), copies, fillable)
    except SheetLayoutError as exc:
        raise click.BadParameter(str(exc), param_hint="'--per-page'") from None
    emit(doc, output, default_path(sheet_path([c.id for c in loaded]), fillable), printer.factor)


@click.command(
    epilog="""\b
    Examples:
      The cards with their backs, for a duplex printer:
        pnp starcharts cards --backs duplex --paper letter
      One card a page with 3 mm bleed, for a print shop:
        pnp starcharts cards --print-shop -o print-shop.pdf""",
)
@image_options
@printer_options
@card_options
@paper_option
@output_options
def cards(
    cards: CardOptions, printer: PrinterProfile, paper: Paper, output: Output, images: Images
) -> None:
    """The 13 objective cards, 3 × 3 per page, with optional backs."""
    from pnp.layouts.cards import BackOffsetError
    from pnp.layouts.starcharts.documents import cards_document
    from pnp.layouts.starcharts.kit import cards_path
    from pnp.paper.sizes import ImpositionError
    from pnp.starcharts.content import objectives

    try:
        doc = cards_document(paper, cards)
    except (BackOffsetError, ImpositionError) as exc:
        raise click.UsageError(str(exc)) from None
    ids = [o.id for o in objectives()]
    build = functools.partial(cards_document, paper)
    write_images = card_images(images, build, cards, "starcharts-objectives", ids)
    emit(doc, output, cards_path(cards), 1.0 if cards.print_shop else printer.factor)
    write_images(output.stdout)


@click.command(
    epilog="""\b
    Examples:
      Two player aids on a US Letter page:
        pnp starcharts aid --paper letter""",
)
@scale_option
@paper_option
@output_options
def aid(printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """The player aid, two per page."""
    from pnp.layouts.starcharts.documents import aid_document
    from pnp.layouts.starcharts.kit import AID_PATH

    emit(aid_document(paper), output, AID_PATH, printer.factor)


@click.command(
    epilog="""\b
    Examples:
      Five dice to fold, on US Letter:
        pnp starcharts dice --paper letter""",
)
@click.option(
    "--count",
    type=WholeRange(1, 100),
    default=5,
    show_default=True,
    help="How many dice (the game needs five).",
)
@scale_option
@paper_option
@output_options
def dice(count: int, printer: PrinterProfile, paper: Paper, output: Output) -> None:
    """Eight-sided dice to cut out, fold and glue: as many nets per page as fit."""
    from pnp.layouts.starcharts.dice import dice_document
    from pnp.layouts.starcharts.kit import DICE_PATH

    emit(dice_document(paper, count), output, DICE_PATH, printer.factor)
