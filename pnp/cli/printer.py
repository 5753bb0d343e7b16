"""``pnp printer set|show|reset``: the printer profile every drawing command uses."""

from __future__ import annotations

import click

from pnp.cli.options import (
    FLIP,
    OFFSET,
    PAPER,
    SCALE,
    decimal_option,
    profile_path,
    stored_profile,
)


@click.group(
    epilog="""\b
    Examples:
      Store what the test sheet of `pnp calibrate` read:
        pnp printer set --paper letter --back-offset 1.5,-0.5 --ruler 49.5
      Print the stored profile:
        pnp printer show""",
)
def printer() -> None:
    """Your printer's calibration, stored once: paper, flip edge, back offset and scale."""


@printer.command(
    "set",
    epilog="""\b
    Examples:
      Store what the test sheet of `pnp calibrate` read:
        pnp printer set --paper letter --back-offset 1.5,-0.5 --ruler 49.5
      Your printer flips on the short edge:
        pnp printer set --flip short""",
)
@PAPER
@FLIP
@OFFSET
@SCALE
@click.option(
    "--ruler",
    callback=decimal_option,
    metavar="MM",
    help="How long the 50 mm ruler printed on your printer: sets the scale to match.",
)
def set_(
    paper: str | None,
    flip: str | None,
    back_offset: tuple[float, float] | None,
    scale: float | None,
    ruler: float | None,
) -> None:
    """Store readings from `pnp calibrate`; the ones not given are kept."""
    from pnp.draw.shapes import Flip
    from pnp.paper.printer import ProfileError, describe, format_profile, updated
    from pnp.paper.printer_store import check_replaceable, folder_refused, profile_lock
    from pnp.system import atomic

    if (paper, flip, back_offset, scale, ruler) == (None,) * 5:
        raise click.UsageError(
            "give at least one of --paper, --flip, --back-offset, --scale, --ruler"
        )
    path = profile_path()
    problem = folder_refused(path)
    if problem is not None:
        raise problem
    with profile_lock(path, make=True):
        stored = stored_profile()  # a profile that cannot be read is no usage error
        check_replaceable(path)
        try:
            profile = updated(
                stored, paper, Flip(flip) if flip else None, back_offset, scale, ruler
            )
        except ProfileError as exc:
            raise click.UsageError(str(exc)) from None
        atomic.write_text(path, format_profile(profile), update=True)
    click.echo(f"saved {path}")
    for line in describe(profile):
        click.echo(f"  {line}")


@printer.command(
    epilog="""\b
    Examples:
      Print the stored profile:
        pnp printer show""",
)
def show() -> None:
    """Print the stored profile and where it is kept."""
    from pnp.paper.printer import describe

    path = profile_path()
    profile = stored_profile()
    saved = "" if path.is_file() else " (not saved yet: these are the defaults)"
    click.echo(f"{path}{saved}")
    for line in describe(profile):
        click.echo(f"  {line}")


@printer.command(
    epilog="""\b
    Examples:
      Forget it, and every command is back to its defaults:
        pnp printer reset""",
)
def reset() -> None:
    """Forget the stored profile (only a file of printer settings is removed)."""
    from pnp.paper.printer_store import profile_lock, remove_profile

    path = profile_path()
    with profile_lock(path):
        removed = remove_profile(path)
    click.echo(f"removed {removed}" if removed else f"no profile at {path}")
