"""``pnp astra``: Astra's print kit, scorer, checker, simulation and solo companion. The
commands are loaded when used."""

from __future__ import annotations

import click

from pnp.astra.text import Lang
from pnp.cli.lazy import LazyGroup

PRINT = "pnp.cli.astra_print"
COMMANDS = {
    "cards": f"{PRINT}:cards",
    "game-end": f"{PRINT}:game_end",
    "scoring-cards": f"{PRINT}:scoring_cards",
    "aid": f"{PRINT}:aid",
    "journal": f"{PRINT}:journal",
    "board": f"{PRINT}:board",
    "tokens": f"{PRINT}:tokens",
    "score-pad": f"{PRINT}:score_pad",
    "setup-sheet": f"{PRINT}:setup_sheet",
    "score": "pnp.cli.astra_play:score",
    "check": "pnp.cli.astra_check:check",
    "simulate": "pnp.cli.astra_sim:simulate",
    "solo": "pnp.cli.astra_solo:solo",
    "formats": "pnp.cli.formats:astra",
}

LANG = click.option(
    "--lang",
    type=click.Choice([lang.value for lang in Lang], case_sensitive=False),
    default="en",
    show_default=True,
    callback=lambda ctx, param, value: Lang(value.lower()),
    help="English or French.",
)


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    epilog="""\b
    Examples:
      The constellation cards with backs, on US Letter:
        pnp astra cards --backs duplex --paper letter
      Score a finished game from its end-of-game file:
        pnp astra score docs/examples/astra-endgame.toml""",
)
def astra() -> None:
    """Astra (Mindclash): the print kit in English or French, the scorer and the game checker."""


@astra.command(
    "constellations",
    epilog="""\b
    Examples:
      Every card: its French name, element, stars and boons:
        pnp astra constellations
      One card's stars and lines, in French:
        pnp astra constellations --show Taureau --lang fr""",
)
@click.option("--json", "as_json", is_flag=True, help="Print the cards as JSON.")
@click.option(
    "--show", metavar="NAME", help="Draw one card's stars and lines (English or French name)."
)
@LANG
def list_constellations(as_json: bool, show: str | None, lang: Lang) -> None:
    """List the 48 constellation cards, or show one."""
    import json

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
