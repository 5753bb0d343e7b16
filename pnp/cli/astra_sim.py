"""``pnp astra simulate``: bots play whole games of Astra."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from pnp.cli.options import simulation_options


@click.command()
@click.option(
    "--players",
    type=click.IntRange(2, 5),
    default=3,
    show_default=True,
    help="2 to 5 (2 with the Dreamer).",
)
@simulation_options
def simulate(players: int, games: int, seed: int, bot: str, logs: Path | None) -> None:
    """Bots play whole games: scores, game length, how often each card is discovered and
    each ability used."""
    from pnp import atomic
    from pnp.play.astra_simulate import format_summary
    from pnp.play.astra_simulate import simulate as run

    with contextlib.ExitStack() as stack:
        progress = None
        if sys.stderr.isatty():  # a bar only for a person watching: pipes stay clean
            bar = click.progressbar(length=games, label="simulating", file=sys.stderr)
            progress = stack.enter_context(bar).update
        summary, texts = run(players, games, seed, bot, logs is not None, progress)
    if logs is not None:
        width = len(str(games))
        for k, text in enumerate(texts, 1):
            atomic.write_text(logs / f"game-{k:0{width}d}.txt", text)
    click.echo(format_summary(summary, players, bot), nl=False)
