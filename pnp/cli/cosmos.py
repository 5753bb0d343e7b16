"""``pnp cosmos``: Crafting the Cosmos's print kit and scorer. The print commands are
loaded when used (``COMMANDS``); ``score`` is light and lives here."""

from __future__ import annotations

import click

from pnp.cli.lazy import LazyGroup

COMMANDS: dict[str, str] = {}


@click.group(cls=LazyGroup, lazy=COMMANDS)
def cosmos() -> None:
    """Crafting the Cosmos (Office Dog Games): our print-and-play edition and a scorer for
    the published game."""
