"""``pnp astra solo``: play your Journal against Ptolemy, who the session runs."""

from __future__ import annotations

import random
from pathlib import Path

import click

from pnp.astra.solo import Difficulty
from pnp.astra.text import Lang
from pnp.cli.astra import LANG
from pnp.cli.outputs import log_option_callback
from pnp.cli.play_options import MAX_LINE, SEED, read_line


def difficulty_option(
    ctx: click.Context, param: click.Parameter, value: str
) -> frozenset[Difficulty]:
    from pnp.astra.solo import SoloError, parse_difficulty

    try:
        return parse_difficulty(value)
    except SoloError as exc:
        raise click.BadParameter(str(exc)) from None


DIFFICULTY_HELP = "Modifiers separated by commas: " + ", ".join(d.value for d in Difficulty) + "."


def _player_name(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A name the game's log can hold, and not Ptolemy's."""
    from pnp.astra.rules import RuleError
    from pnp.astra.setup import solo_game

    try:
        solo_game(value, 0)
    except RuleError as exc:
        raise click.BadParameter(str(exc)) from None
    return value


@click.command(
    epilog="""\b
    Examples:
      Play against Ptolemy, the game's log kept:
        pnp astra solo --log solo.txt
      The deal and die of docs/examples/astra-solo.txt:
        pnp astra solo --seed 32 --difficulty hard-telescopes""",
)
@click.option("--seed", type=SEED, help="Seed for the shuffles and Ptolemy's die.")
@click.option("--difficulty", default="", callback=difficulty_option, help=DIFFICULTY_HELP)
@click.option("--name", default="You", show_default=True, callback=_player_name)
@click.option(
    "--log",
    "log_path",
    type=click.Path(path_type=Path),
    callback=log_option_callback,
    help="Write the game's log here when it ends or you stop (pnp astra check replays it).",
)
@LANG
def solo(
    seed: int | None,
    difficulty: frozenset[Difficulty],
    name: str,
    log_path: Path | None,
    lang: Lang,
) -> None:
    """Play your Journal against Ptolemy: type your decisions, he plays his turns, and
    it says everything to change on the table."""
    from pnp.astra.text import text
    from pnp.play.astra_solo import SoloSession
    from pnp.system import atomic

    if seed is None:
        seed = random.randrange(10**9)
    session = SoloSession(name, seed, difficulty, lang)
    click.echo(text("solo.intro", lang).format(seed=seed))
    for line in session.opening():
        click.echo(line)
    suffix = text("solo.prompt_suffix", lang)
    too_long = text("sessions.line_too_long", lang).format(limit=MAX_LINE)
    interrupted = False
    while not session.finished:
        try:
            line = read_line(session.prompt() + suffix, too_long)
        except click.Abort as exc:  # end of input (Ctrl-D) or Ctrl-C: stop as 'quit' does
            click.echo()
            line, interrupted = "quit", isinstance(exc.__cause__, KeyboardInterrupt)
        for said in session.handle(line).lines:
            click.echo(said)
    if log_path is not None:
        try:
            atomic.write_text(log_path, session.log())
        except atomic.OutputError as exc:
            raise click.ClickException(str(exc)) from None
        done = "wrote" if session.game.over else "wrote_unfinished"
        click.echo(text(f"solo.{done}", lang).format(path=log_path))
    if interrupted:  # the log kept, Ctrl-C ends as it does everywhere: Aborted!, 130
        raise KeyboardInterrupt
