"""``pnp starcharts``: print the Star Charts kit, list charts."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import emit
from pnp.cli.options import card_options, chart_usage, output_options, paper_option
from pnp.cli.play import check, score, simulate, versus_ai
from pnp.paper import Paper


@click.group()
def starcharts() -> None:
    """Star Charts, the dice-drafting roll-and-write."""


starcharts.add_command(score)
starcharts.add_command(check)
starcharts.add_command(simulate)
starcharts.add_command(versus_ai)


@starcharts.command()
@click.argument("charts", nargs=-1, required=True)
@click.option(
    "--copies",
    type=click.IntRange(1, 100),
    default=1,
    show_default=True,
    help="Sheets of each chart.",
)
@click.option(
    "--per-page",
    type=click.Choice(["1", "2"], case_sensitive=False),
    default="1",
    show_default=True,
    help="One sheet per page, or two half-page sheets.",
)
@paper_option
@output_options
def sheet(
    charts: tuple[str, ...], copies: int, per_page: str, paper: Paper, output: Path | None, fmt: str
) -> None:
    """Player sheets for CHARTS (chart ids such as lyra-8, or chart files)."""
    from pnp.layouts.starcharts import sheets_document
    from pnp.starcharts.chart import load_charts

    with chart_usage("CHARTS"):
        loaded = load_charts(list(charts))
    doc = sheets_document(loaded, paper, int(per_page), copies)
    emit(doc, output, f"starcharts/{loaded[0].id if len(loaded) == 1 else 'sheets'}", fmt)


@starcharts.command()
@card_options
@paper_option
@output_options
def cards(
    card_size: str,
    backs: str,
    flip: str,
    back_offset: tuple[float, float],
    bleed: float,
    paper: Paper,
    output: Path | None,
    fmt: str,
) -> None:
    """The 13 objective cards, 3 × 3 per page, with optional backs."""
    from pnp.draw.shapes import Flip
    from pnp.layouts.cards import BackOffsetError, CardOptions
    from pnp.layouts.starcharts import cards_document
    from pnp.paper import CARD_SIZES, Backs, ImpositionError

    options = CardOptions(CARD_SIZES[card_size], bleed, Backs(backs), Flip(flip), back_offset)
    try:
        doc = cards_document(paper, options)
    except (BackOffsetError, ImpositionError) as exc:
        raise click.UsageError(str(exc)) from None
    emit(doc, output, "starcharts/objective-cards", fmt)


@starcharts.command()
@paper_option
@output_options
def aid(paper: Paper, output: Path | None, fmt: str) -> None:
    """The player aid, two per page."""
    from pnp.layouts.starcharts import aid_document

    emit(aid_document(paper), output, "starcharts/player-aid", fmt)


@starcharts.command("charts")
@click.option("--show", metavar="ID", help="Print one chart's grid.")
def list_charts(show: str | None) -> None:
    """List the shipped charts, or show one."""
    from pnp.starcharts.chart import chart_ids, load_chart
    from pnp.starcharts.show import chart_table, show_chart

    if show is not None:
        with chart_usage("--show"):
            click.echo(show_chart(load_chart(show)), nl=False)
        return
    click.echo(chart_table([load_chart(cid) for cid in chart_ids()]), nl=False)
