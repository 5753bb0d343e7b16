"""The ``pnp`` command line. Commands are thin: check options, call the core, write or
echo. Heavy modules (layouts, renderers) are imported inside the commands that draw, and
each game's group is imported only when it is used (the registry names it)."""

from __future__ import annotations

from typing import Any

import click

from pnp import __version__
from pnp.cli.kit import calibrate, kit
from pnp.cli.printer import printer
from pnp.errors import PnpError
from pnp.games import GAMES, game


class PnpGroup(click.Group):
    """Turns our errors into ``FILE:LINE:COL: message`` on stderr and exit status 1, and
    an error of the system (a folder that can't be read, a full disk) into one line.
    The games' groups come from the registry, loaded on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *(g.id for g in GAMES)])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if any(g.id == cmd_name for g in GAMES):
            command: click.Command = game(cmd_name).command()
            return command
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PnpError as exc:
            click.echo(str(exc), err=True)
            ctx.exit(1)
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"{where}{exc.strerror or exc}", err=True)
            ctx.exit(1)


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli() -> None:
    """Print-and-play kits and rules-checking scorers for star-themed games."""


cli.add_command(kit)
cli.add_command(calibrate)
cli.add_command(printer)


def main() -> None:
    cli(prog_name="pnp")
