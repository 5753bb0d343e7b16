"""``pnp starcharts``: print the Star Charts kit, score, check and simulate, list charts.
The commands are loaded when used."""

from __future__ import annotations

import click

from pnp.cli.lazy import LazyGroup
from pnp.cli.starcharts_score import chart_usage, complete_chart

PLAY = "pnp.cli.starcharts_play"
PRINT = "pnp.cli.starcharts_print"
COMMANDS = {
    "score": "pnp.cli.starcharts_score:score",
    "check": f"{PLAY}:check",
    "simulate": f"{PLAY}:simulate",
    "versus-ai": f"{PLAY}:versus_ai",
    "sheet": f"{PRINT}:sheet",
    "cards": f"{PRINT}:cards",
    "aid": f"{PRINT}:aid",
    "dice": f"{PRINT}:dice",
    "formats": "pnp.cli.formats:starcharts",
}


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    epilog="""\b
    Examples:
      Player sheets for two charts, on US Letter:
        pnp starcharts sheet lyra-8 cygnus-8-obstacles --paper letter
      Score a finished game typed as text:
        pnp starcharts score docs/examples/finished.txt""",
)
def starcharts() -> None:
    """Star Charts, the dice-drafting roll-and-write."""


@starcharts.command(
    "charts",
    epilog="""\b
    Examples:
      Every shipped chart, its size and what is on it:
        pnp starcharts charts
      One chart's grid:
        pnp starcharts charts --show lyra-8""",
)
@click.option("--show", metavar="ID", shell_complete=complete_chart, help="Print one chart's grid.")
def list_charts(show: str | None) -> None:
    """List the shipped charts, or show one."""
    from pnp.starcharts.chart import chart_ids, load_chart
    from pnp.starcharts.show import chart_table, show_chart

    if show is not None:
        with chart_usage("--show"):
            click.echo(show_chart(load_chart(show)), nl=False)
        return
    click.echo(chart_table([load_chart(cid) for cid in chart_ids()]), nl=False)
