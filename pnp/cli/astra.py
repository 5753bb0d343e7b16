"""``pnp astra``: Astra's print kit and scorer."""

from __future__ import annotations

import json

import click

from pnp.astra.text import Lang
from pnp.cli.astra_check import check
from pnp.cli.astra_play import score
from pnp.cli.astra_print import COMMANDS, LANG
from pnp.cli.astra_sim import simulate
from pnp.cli.astra_solo import solo


@click.group()
def astra() -> None:
    """Astra (Mindclash): the print kit in English or French, the scorer and the game checker."""


for _command in (*COMMANDS, score, check, simulate, solo):
    astra.add_command(_command)


@astra.command("constellations")
@click.option("--json", "as_json", is_flag=True, help="Print the cards as JSON.")
@click.option(
    "--show", metavar="NAME", help="Draw one card's stars and lines (English or French name)."
)
@LANG
def list_constellations(as_json: bool, show: str | None, lang: Lang) -> None:
    """List the 48 constellation cards, or show one."""
    from pnp.astra.constellations import UnknownConstellationError, constellation, constellations
    from pnp.astra.show import (
        constellation_json,
        constellation_table,
        constellations_json,
        show_constellation,
    )

    if show is not None:
        try:
            card = constellation(show)
        except UnknownConstellationError as exc:
            raise click.BadParameter(str(exc), param_hint="--show") from None
        if as_json:
            click.echo(json.dumps(constellation_json(card, lang), ensure_ascii=False, indent=2))
        else:
            click.echo(show_constellation(card, lang), nl=False)
        return
    cards = constellations()
    if as_json:
        click.echo(json.dumps(constellations_json(cards, lang), ensure_ascii=False, indent=2))
    else:
        click.echo(constellation_table(cards, lang), nl=False)
