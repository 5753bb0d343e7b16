"""``pnp astra solo``: play your Journal against Ptolemy, who the session runs."""

from __future__ import annotations

import os
import random
import stat
import tempfile
from pathlib import Path

import click

from pnp.astra.solo import Difficulty
from pnp.astra.text import Lang
from pnp.cli.astra import LANG


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


def log_problem(path: Path) -> str | None:
    """Why the log could not be written at ``path`` once the game is played, if it
    could not: checked before play, so that a whole game never loses its log."""
    folder = path.parent
    if not folder.is_dir():
        return f"{folder} is not a folder that exists"
    try:  # what the log's atomic write does first, so a read-only folder shows now
        handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        os.close(handle)
        os.unlink(tmp)
    except OSError as exc:
        return f"cannot write into {folder}: {exc.strerror}"
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return None  # a new file, or a broken link that the log replaces
    except OSError as exc:
        return f"cannot use {path}: {exc.strerror}"
    if stat.S_ISDIR(mode):
        return f"{path} is a folder"
    if not stat.S_ISREG(mode):
        return f"{path} is not a file (a device, a pipe or a link to one)"
    return None


def _log_path(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    problem = None if value is None else log_problem(value)
    if problem is not None:
        raise click.BadParameter(problem)
    return value


@click.command()
@click.option("--seed", type=int, help="Seed for the shuffles and Ptolemy's die.")
@click.option("--difficulty", default="", callback=difficulty_option, help=DIFFICULTY_HELP)
@click.option("--name", default="You", show_default=True, callback=_player_name)
@click.option(
    "--log",
    "log_path",
    type=click.Path(path_type=Path),
    callback=_log_path,
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
    from pnp import atomic
    from pnp.astra.text import text
    from pnp.play.astra_solo import SoloSession

    if seed is None:
        seed = random.randrange(10**9)
    session = SoloSession(name, seed, difficulty, lang)
    click.echo(text("solo.intro", lang).format(seed=seed))
    for line in session.opening():
        click.echo(line)
    suffix = text("solo.prompt_suffix", lang)
    while not session.finished:
        try:
            line = click.prompt(session.prompt(), "", show_default=False, prompt_suffix=suffix)
        except click.Abort:  # end of input (Ctrl-D) or Ctrl-C: stop as 'quit' does
            click.echo()
            line = "quit"
        for said in session.handle(line).lines:
            click.echo(said)
    if log_path is not None:
        try:
            atomic.write_text(log_path, session.log())
        except atomic.OutputError as exc:
            raise click.ClickException(str(exc)) from None
        done = "wrote" if session.game.over else "wrote_unfinished"
        click.echo(text(f"solo.{done}", lang).format(path=log_path))
