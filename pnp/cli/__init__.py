"""The ``pnp`` command line. Commands are thin: check options, call the core, write or
echo. Heavy modules (layouts, renderers) are imported inside the commands that draw, and
each game's group is imported only when it is used (the registry names it)."""

from __future__ import annotations

import sys
from typing import Any

import click

from pnp import __version__
from pnp.cli.lazy import LazyGroup
from pnp.cli.profile import profile_file
from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.system.atomic import UnsafeOutputError, keep
from pnp.system.exits import INTERRUPTED, gone

COMMANDS = {
    "kit": "pnp.cli.kit:kit",
    "calibrate": "pnp.cli.kit:calibrate",
    "printer": "pnp.cli.printer:printer",
    **{g.id: g.cli for g in GAMES},
}


class PnpGroup(LazyGroup):
    """Turns our errors into ``FILE:LINE:COL: message`` on stderr and exit status 1, and
    an error of the system (a folder that can't be read, a full disk) into one line; an
    output that would replace an input or a device is a usage error (exit status 2); a
    stdout or stderr with no reader left ends the run quietly (exit status 1). No
    output of any command may be the printer profile (``pnp printer set`` updates it).
    Every command is loaded on first use; the games' groups come from the registry."""

    def invoke(self, ctx: click.Context) -> Any:
        keep(profile_file(), "the printer profile")  # no output replaces it, in any command
        try:
            return super().invoke(ctx)
        except UnsafeOutputError as exc:  # an output that is an input, found when writing
            raise click.UsageError(str(exc)) from None
        except PnpError as exc:
            click.echo(str(exc), err=True)
            ctx.exit(1)
        except BrokenPipeError:
            gone()
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"{where}{exc.strerror or exc}", err=True)
            ctx.exit(1)


@click.group(
    cls=PnpGroup,
    lazy=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="""\b
    Examples:
      Everything for a game night, on US Letter, into out/:
        pnp kit --paper letter
      Score a finished game of Star Charts:
        pnp starcharts score docs/examples/finished.txt""",
)
@click.version_option(__version__, prog_name="pnp")
def cli() -> None:
    """Print-and-play kits and rules-checking scorers for star-themed games."""


def main() -> None:
    """Run the command line as click's standalone mode does, but Ctrl-C at any step ends
    with exit status 130 (click's is 1), as the shell reports a stopped command."""
    try:
        code = cli.main(prog_name="pnp", standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        code = exc.exit_code
    except click.Abort as exc:  # Ctrl-C, or the end of input at a prompt
        click.echo("Aborted!", err=True)
        # click raises it from the interrupt, or at a prompt "from None" (the context stays)
        interrupt = isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt)
        code = INTERRUPTED if interrupt else 1
    sys.exit(code if isinstance(code, int) else 0)
