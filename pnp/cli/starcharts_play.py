"""``pnp starcharts check|simulate|versus-ai``: the commands that play and need no
drawing (``score`` is ``pnp.cli.starcharts_score``)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.bgstats_options import Export, bgstats_options, emit
from pnp.cli.numbers import WholeRange
from pnp.cli.outputs import check_output, log_option_callback
from pnp.cli.play_options import (
    MAX_LINE,
    SEED,
    log_paths,
    read_line,
    search_budget,
    simulation_options,
)
from pnp.cli.starcharts_score import chart_usage, complete_chart, game_play, match_play

if TYPE_CHECKING:
    import random

    from pnp.starcharts.chart import Chart


# A missing file is a usage error; a folder, a pipe or an unreadable file is reported by
# the reader as "FILE: message" (exit status 1).
_INPUT = click.Path(exists=True, readable=False, path_type=Path)


def _sheet_paths(log: Path, folder: Path, games: int) -> list[Path]:
    """Where ``check --sheets`` writes each game's sheets: named after the log."""
    if games == 1:
        return [folder / f"{log.stem}.txt"]
    return [folder / f"{log.stem}-game{n}.txt" for n in range(1, games + 1)]


@click.command(
    epilog="""\b
    Examples:
      Replay a two-player game and print its scores:
        pnp starcharts check docs/examples/two-player.txt
      Also write the finished sheets, which `score` reads:
        pnp starcharts check docs/examples/two-player.txt --sheets sheets""",
)
@click.argument("log", type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@click.option(
    "--sheets",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also write the finished sheets, in the format `score` reads, here.",
)
@bgstats_options
def check(log: Path, as_json: bool, sheets: Path | None, bgstats: Export | None) -> None:
    """Replay a game log round by round, reject the first illegal step, print the scores."""
    from pnp.score.report import dumps, format_match, format_result, match_json, result_json
    from pnp.score.result import GameResult
    from pnp.score.starcharts_replay import chart_ref_from, check_log, finished_text, load_log
    from pnp.system import atomic

    parsed = load_log(log)
    paths = [] if sheets is None else _sheet_paths(log, sheets, len(parsed.games))
    for path in paths:  # before the replay and any writing: none may replace the log
        check_output(path, "--sheets", inputs=[log])
    games, outcome = check_log(parsed)
    if paths:
        for path, game, logged in zip(paths, games, parsed.games, strict=True):
            ref = chart_ref_from(logged.chart_ref, log.parent, path.parent)
            atomic.write_text(path, finished_text(game, ref))
    if bgstats is not None:
        if isinstance(outcome, GameResult):
            play = game_play(outcome, starts=True)
        else:
            play = match_play(outcome, starts=True)
        emit("starcharts", [play], bgstats, [[str(log)]])
        return
    if isinstance(outcome, GameResult):
        click.echo(dumps(result_json(outcome)) if as_json else format_result(outcome), nl=False)
    else:
        click.echo(dumps(match_json(outcome)) if as_json else format_match(outcome), nl=False)


def _chart(ref: str) -> Chart:
    from pnp.starcharts.chart import load_chart

    with chart_usage("CHART"):
        return load_chart(ref)


def _objectives(chart: Chart, given: str | None, rng: random.Random) -> tuple[str, ...]:
    from pnp.play.starcharts_games import deal
    from pnp.starcharts.setup import Setup, Variant, check_setup

    if given is None:
        return deal(chart, rng)
    chosen = tuple(given.replace(",", " ").split())
    problems = check_setup(Setup(chart, chosen, ("you",), Variant.VERSUS_AI))
    if problems:
        raise click.BadParameter("; ".join(p.message for p in problems), param_hint="--objectives")
    return chosen


@click.command(
    epilog="""\b
    Examples:
      100 two-player games on lyra-8:
        pnp starcharts simulate --chart lyra-8 --players 2
      Three games, their logs kept for `check`:
        pnp starcharts simulate --chart lyra-8-obstacles --games 3 --logs logs""",
)
@click.option(
    "--chart",
    "chart_ref",
    required=True,
    shell_complete=complete_chart,
    help="Chart id or chart file.",
)
@click.option(
    "--players",
    type=WholeRange(1, 4),
    default=4,
    show_default=True,
    help="1 plays against the A.I. (or solo with --variant solo), 2 the two-player game.",
)
@click.option(
    "--variant",
    type=click.Choice(["solo", "versus-ai"], case_sensitive=False),
    help="For one player: which solo game (default versus-ai).",
)
@simulation_options(budget=50)
def simulate(
    chart_ref: str,
    players: int,
    variant: str | None,
    games: int,
    seed: int,
    bot: str,
    budget: int,
    jobs: int,
    cluster: str | None,
    logs: Path | None,
) -> None:
    """Bots play whole games: scores, game length, and how often each objective is claimed."""
    budget = search_budget(bot, budget)
    from pnp.play.starcharts_simulate import format_summary
    from pnp.play.starcharts_simulate import simulate as run
    from pnp.starcharts.setup import Variant
    from pnp.system import atomic

    if variant is not None and players != 1:
        raise click.UsageError("--variant is for one player")
    chart = _chart(chart_ref)
    chosen = Variant(variant) if variant else None
    paths = log_paths(logs, games)
    with contextlib.ExitStack() as stack:
        progress = None
        if sys.stderr.isatty():  # a bar only for a person watching: pipes stay clean
            bar = click.progressbar(length=games, label="simulating", file=sys.stderr)
            progress = stack.enter_context(bar).update
        summary, texts = run(
            chart,
            players,
            games,
            seed,
            bot,
            chosen,
            chart_ref,
            logs is not None,
            progress,
            jobs,
            budget,
            cluster=cluster,
        )
    for path, text in zip(paths, texts, strict=True):
        atomic.write_text(path, text)
    click.echo(format_summary(chart, summary, players, bot, budget), nl=False)


def _player_name(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A name the game's log can hold (it starts the player's lines)."""
    from pnp.starcharts.log import log_name_problem

    why = log_name_problem(value)
    if why is not None:
        raise click.BadParameter(f"{why} [setup.players]")
    return value


@click.command(
    "versus-ai",
    epilog="""\b
    Examples:
      Play lyra-8 against the A.I., the game's log kept:
        pnp starcharts versus-ai lyra-8 --log game.txt""",
)
@click.argument("chart_ref", metavar="CHART", shell_complete=complete_chart)
@click.option("--objectives", help="The 4 dealt objective ids (default: dealt at random).")
@click.option("--seed", type=SEED, help="Seed for the dice the tool rolls and the deal.")
@click.option("--name", default="You", show_default=True, callback=_player_name)
@click.option(
    "--log",
    "log_path",
    type=click.Path(path_type=Path),
    callback=log_option_callback,
    help="Write the game's log here when it ends.",
)
def versus_ai(
    chart_ref: str, objectives: str | None, seed: int | None, name: str, log_path: Path | None
) -> None:
    """Play your printed sheet against the A.I.: enter your dice and picks each round."""
    import random

    from pnp.play.starcharts_session import VersusSession
    from pnp.system import atomic

    chart = _chart(chart_ref)
    rng = random.Random(seed)
    dealt = _objectives(chart, objectives, rng)
    session = VersusSession(chart, dealt, name, rng, chart_ref)
    click.echo(f"{chart.name} ({chart.id}) against the A.I. Objectives: {' '.join(dealt)}.")
    click.echo("Type 'help' for the commands.")
    too_long = f"That line is longer than {MAX_LINE} characters: not read. Type it shorter."
    while True:
        reply = session.handle(read_line(f"{session.prompt()}: ", too_long))
        for line in reply.lines:
            click.echo(line)
        if reply.done:
            break
    if log_path is not None and session.game.over:
        atomic.write_text(log_path, session.log())
        click.echo(f"wrote {log_path}")
