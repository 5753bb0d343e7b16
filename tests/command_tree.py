"""The commands of ``pnp``, found in its click tree: the tests that sweep every command
(outputs, numbers, locales) cover a new one without being told."""

from __future__ import annotations

from collections.abc import Iterator

import click

from pnp.cli import cli


def commands(
    group: click.Group = cli, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command of the tree, groups included, by the words that run it."""
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        yield (*path, name), command
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))


def leaves() -> dict[str, click.Command]:
    """The commands that run (no groups), by their words joined by spaces."""
    return {
        " ".join(words): command
        for words, command in commands()
        if not isinstance(command, click.Group)
    }
