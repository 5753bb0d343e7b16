"""Where the printer profile is kept: light, for every command keeps it from its outputs
(the scorers too, which import no ``pathlib``)."""

from __future__ import annotations

import os

import click


def profile_file() -> str:
    """``$PNP_PRINTER`` if set, else ``printer.toml`` in the user's config folder."""
    override = os.environ.get("PNP_PRINTER")
    return override or os.path.join(click.get_app_dir("pnp"), "printer.toml")
