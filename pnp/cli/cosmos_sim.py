"""``pnp cosmos simulate``: bots play whole games of Crafting the Cosmos (our edition)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from pnp.cli.numbers import WholeRange
from pnp.cli.play_options import log_paths, search_budget, simulation_options


@click.command(
    epilog="""\b
    Examples:
      100 three-player games:
        pnp cosmos simulate --players 3
      Two games, their logs kept for `check`:
        pnp cosmos simulate --players 2 --games 2 --logs logs""",
)
@click.option("--players", type=WholeRange(2, 4), default=3, show_default=True)
@click.option(
    "--table",
    is_flag=True,
    help="Write the --logs as a table writes them: the set-up and every card, tile and "
    "token drawn instead of the seed.",
)
@simulation_options(budget=8)
def simulate(
    players: int,
    table: bool,
    games: int,
    seed: int,
    bot: str,
    budget: int,
    jobs: int,
    cluster: str | None,
    logs: Path | None,
) -> None:
    """Bots play whole games: scores by source, game length, goals, power cards (and how
    often their holders win), nebulae placed and completed by size, how often each
    nebula stack runs out, advanced life."""
    budget = search_budget(bot, budget)
    from pnp.cosmos.text import text
    from pnp.play.cosmos_simulate import format_summary
    from pnp.play.cosmos_simulate import simulate as run
    from pnp.system import atomic

    if table and logs is None:
        raise click.UsageError("--table says how to write the logs: give --logs DIR too")
    paths = log_paths(logs, games)
    with contextlib.ExitStack() as stack:
        progress = None
        if sys.stderr.isatty():  # a bar only for a person watching: pipes stay clean
            label = text("simulate.simulating")
            bar = click.progressbar(length=games, label=label, file=sys.stderr)
            progress = stack.enter_context(bar).update
        keep = logs is not None
        summary, texts = run(
            players, games, seed, bot.lower(), keep, progress, jobs, table, budget, cluster=cluster
        )
    for path, log in zip(paths, texts, strict=True):
        atomic.write_text(path, log)
    click.echo(format_summary(summary, players, bot.lower(), budget), nl=False)
