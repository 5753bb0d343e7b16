"""``pnp astra simulate``: bots play whole games of Astra."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from pnp.astra.solo import Difficulty
from pnp.astra.text import Lang, text
from pnp.cli.astra import LANG
from pnp.cli.astra_solo import DIFFICULTY_HELP, difficulty_option
from pnp.cli.numbers import WholeRange
from pnp.cli.play_options import given, log_paths, search_budget, simulation_options


@click.command(
    epilog="""\b
    Examples:
      100 solo games against a harder Ptolemy:
        pnp astra simulate --solo --difficulty hard-telescopes
      Five two-player games, their logs kept for `check`:
        pnp astra simulate --players 2 --games 5 --logs logs""",
)
@click.option(
    "--players",
    type=WholeRange(2, 5),
    default=3,
    show_default=True,
    help="2 to 5 (2 with the Dreamer).",
)
@click.option("--solo", is_flag=True, help="One bot plays against Ptolemy.")
@click.option(
    "--difficulty", default="", callback=difficulty_option, help=f"With --solo. {DIFFICULTY_HELP}"
)
@simulation_options(budget=32)
@LANG
def simulate(
    players: int,
    solo: bool,
    difficulty: frozenset[Difficulty],
    games: int,
    seed: int,
    bot: str,
    budget: int,
    jobs: int,
    cluster: str | None,
    logs: Path | None,
    lang: Lang,
) -> None:
    """Bots play whole games: scores, game length, how often each card is discovered and
    each ability used; solo, how often Ptolemy wins."""
    budget = search_budget(bot, budget)
    from pnp.play.astra_simulate import format_summary
    from pnp.play.astra_simulate import simulate as run
    from pnp.system import atomic

    if solo and given("players"):
        raise click.UsageError("--solo is one player against Ptolemy: leave out --players")
    if not solo and given("difficulty"):
        raise click.UsageError("--difficulty is for --solo")
    against = difficulty if solo else None
    paths = log_paths(logs, games)
    with contextlib.ExitStack() as stack:
        progress = None
        if sys.stderr.isatty():  # a bar only for a person watching: pipes stay clean
            label = text("report.simulating", lang)
            bar = click.progressbar(length=games, label=label, file=sys.stderr)
            progress = stack.enter_context(bar).update
        keep = logs is not None
        summary, texts = run(
            players, games, seed, bot, keep, progress, against, jobs, budget=budget, cluster=cluster
        )
    for path, log in zip(paths, texts, strict=True):
        atomic.write_text(path, log)
    shown = format_summary(summary, 1 if solo else players, bot, against, lang, budget)
    click.echo(shown, nl=False)
