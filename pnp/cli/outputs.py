"""Output paths checked before the work starts: never an input, a folder, a device or a
pipe (a usage error, exit status 2: the command line names the wrong file), always
somewhere writable (else one line, exit status 1, as when writing fails)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from pathlib import Path


def inputs_of(values: Iterable[Any]) -> list[Path]:
    """The paths among a command's option values (a path, or a tuple of paths)."""
    from pathlib import Path

    found: list[Path] = []
    for value in values:
        if isinstance(value, Path):
            found.append(value)
        elif isinstance(value, tuple | list):
            found.extend(v for v in value if isinstance(v, Path))
    return found


def check_output(
    path: Path, hint: str, inputs: Iterable[Path] = (), folder_must_exist: bool = False
) -> None:
    """Raise what ``pnp.atomic`` would refuse ``path`` (given as option ``hint``) for:
    an output that would replace an input (or one of ``inputs``) or a device as a usage
    error, a folder that cannot be written as ``OutputError``; and claim it as an output
    of this run (``pnp.cli.clashes``: a usage error where another output lands)."""
    from pnp import atomic
    from pnp.cli.clashes import claim_file

    problem = atomic.output_problem(path, inputs, folder_must_exist)
    if isinstance(problem, atomic.UnsafeOutputError):
        raise click.BadParameter(str(problem), param_hint=hint)
    if problem is not None:
        raise problem
    claim_file(path, hint)


def log_option_callback(ctx: click.Context, param: click.Parameter, value: Path | None) -> Any:
    """A ``--log PATH`` written when a game ends: its folder must exist and be writable
    now, so that a game played to the end never loses its log."""
    if value is not None:
        check_output(value, param.opts[0], folder_must_exist=True)
    return value


def folder_option_callback(ctx: click.Context, param: click.Parameter, value: Path | None) -> Any:
    """A folder that files are written into after long work (``--logs``): checked now,
    and claimed as an output of this run."""
    from pnp import atomic
    from pnp.cli.clashes import claim_folder

    problem = None if value is None else atomic.folder_problem(value)
    if problem is not None:
        raise problem
    if value is not None:
        claim_folder(value, param.opts[0])
    return value
