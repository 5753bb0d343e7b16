"""``pnp astra solo``: play your Journal against Ptolemy, who the session runs."""

from __future__ import annotations

import random
from pathlib import Path

import click

from pnp.astra.solo import Difficulty


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


@click.command()
@click.option("--seed", type=int, help="Seed for the shuffles and Ptolemy's die.")
@click.option("--difficulty", default="", callback=difficulty_option, help=DIFFICULTY_HELP)
@click.option("--name", default="You", show_default=True, callback=_player_name)
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the game's log here when it ends (pnp astra check replays it).",
)
def solo(
    seed: int | None, difficulty: frozenset[Difficulty], name: str, log_path: Path | None
) -> None:
    """Play your Journal against Ptolemy: type your decisions, he plays his turns."""
    from pnp import atomic
    from pnp.play.astra_solo import SoloSession

    if seed is None:
        seed = random.randrange(10**9)
    session = SoloSession(name, seed, difficulty)
    click.echo(f"Solo Astra against Ptolemy, seed {seed}. Type 'help' for the commands.")
    while True:
        reply = session.handle(click.prompt(session.prompt(), default="", show_default=False))
        for line in reply.lines:
            click.echo(line)
        if reply.done:
            break
    if log_path is not None and session.game.over:
        atomic.write_text(log_path, session.log())
        click.echo(f"wrote {log_path}")
