"""``pnp printer set|show|reset``: the printer profile every drawing command uses."""

from __future__ import annotations

import click

from pnp.cli.options import FLIP, OFFSET, SCALE, profile_path, stored_profile


@click.group()
def printer() -> None:
    """Your printer's calibration, stored once: flip edge, back offset and scale."""


@printer.command("set")
@FLIP
@OFFSET
@SCALE
@click.option(
    "--ruler",
    type=float,
    metavar="MM",
    help="How long the 50 mm ruler printed on your printer: sets --scale to match.",
)
def set_(
    flip: str | None,
    back_offset: tuple[float, float] | None,
    scale: float | None,
    ruler: float | None,
) -> None:
    """Store readings from `pnp calibrate`; the ones not given are kept."""
    from dataclasses import replace

    from pnp import atomic
    from pnp.draw.shapes import Flip
    from pnp.printer import ProfileError, check_scale, describe, format_profile, scale_from_ruler

    if flip is None and back_offset is None and scale is None and ruler is None:
        raise click.UsageError("give at least one of --flip, --back-offset, --scale, --ruler")
    if ruler is not None:
        if scale is not None:
            raise click.UsageError("give --scale or --ruler, not both")
        try:
            scale = scale_from_ruler(ruler)
            check_scale(scale)
        except ProfileError as exc:
            raise click.BadParameter(str(exc), param_hint="--ruler") from None
    profile = stored_profile()
    profile = replace(
        profile,
        flip=Flip(flip) if flip else profile.flip,
        back_offset=back_offset if back_offset is not None else profile.back_offset,
        scale=scale if scale is not None else profile.scale,
    )
    path = profile_path()
    atomic.write_text(path, format_profile(profile))
    click.echo(f"saved {path}")
    for line in describe(profile):
        click.echo(f"  {line}")


@printer.command()
def show() -> None:
    """Print the stored profile and where it is kept."""
    from pnp.printer import describe

    path = profile_path()
    saved = "" if path.is_file() else " (not saved yet: these are the defaults)"
    click.echo(f"{path}{saved}")
    for line in describe(stored_profile()):
        click.echo(f"  {line}")


@printer.command()
def reset() -> None:
    """Forget the stored profile."""
    path = profile_path()
    try:
        path.unlink()
    except FileNotFoundError:
        click.echo(f"no profile at {path}")
        return
    click.echo(f"removed {path}")
