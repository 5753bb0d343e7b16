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
    """Raise what ``pnp.system.atomic`` would refuse ``path`` (given as option ``hint``) for:
    an output that would replace an input (or one of ``inputs``) or a device as a usage
    error, a folder that cannot be written as ``OutputError``; and claim it as an output
    of this run (``pnp.cli.clashes``: a usage error where another output lands)."""
    from pnp.cli.clashes import claim_file
    from pnp.system import atomic

    problem = atomic.output_problem(path, inputs, folder_must_exist)
    if isinstance(problem, atomic.UnsafeOutputError):
        raise click.BadParameter(str(problem), param_hint=hint)
    if problem is not None:
        raise problem
    claim_file(path, hint)


# What a file of each format may be named, as (type, encoding) by mimetypes; a name it
# does not know is any format's.
_NAMES = {
    "pdf": {("application/pdf", None)},
    "svg": {("image/svg+xml", None)},
    "toml": {("text/plain", None), ("application/toml", None)},
    "text": {("text/plain", None)},
}
_FORMAT_NAMES = {"pdf": "PDF", "svg": "SVG", "toml": "a TOML file", "text": "plain text"}
_SUFFIXES = {"pdf": "pdf", "svg": "svg", "toml": "toml", "text": "txt"}


def check_named(path: Path, hint: str, fmt: str) -> None:
    """A usage error when the name of the output ``path`` (option ``hint``) says another
    format than ``fmt``, the one written (``-o y.png`` for a PDF; ``y.pdf`` a link to
    ``d/y.png``): a suffix Python's ``mimetypes`` knows in its built-in table (the same on
    every machine), other than the format's. A suffix it does not know, or none, is any
    format's (``sheet.v2``); ``.toml`` is a TOML file's."""
    import mimetypes

    from pnp.system import atomic

    known = mimetypes.MimeTypes()  # its own table only (the module's reads the system's)
    known.add_type("application/toml", ".toml")  # Python 3.11's table lacks it
    for name in dict.fromkeys([path, atomic.target(path)]):
        said = known.guess_type(name.name, strict=False)
        if said != (None, None) and said not in _NAMES[fmt]:
            named = f"is a {name.suffix} name" if name == path else f"is a link to {name}"
            instead = path.with_suffix(f".{_SUFFIXES[fmt]}") if name == path else "another file"
            raise click.BadParameter(
                f"{path} {named}, but this writes {_FORMAT_NAMES[fmt]}: write it to {instead}",
                param_hint=hint,
            )


def named_callback(fmt: str) -> Any:
    """The callback of an output option written in ``fmt``: ``check_named``."""

    def callback(ctx: click.Context, param: click.Parameter, value: Path | None) -> Any:
        if value is not None:
            check_named(value, param.opts[0], fmt)
        return value

    return callback


def log_option_callback(ctx: click.Context, param: click.Parameter, value: Path | None) -> Any:
    """A ``--log PATH`` written when a game ends: its folder must exist and be writable
    now, so that a game played to the end never loses its log; a text file's name."""
    if value is not None:
        check_output(value, param.opts[0], folder_must_exist=True)
        check_named(value, param.opts[0], "text")
    return value


def folder_option_callback(ctx: click.Context, param: click.Parameter, value: Path | None) -> Any:
    """A folder that files are written into after long work (``--logs``): checked now,
    and claimed as an output of this run."""
    from pnp.cli.clashes import claim_folder
    from pnp.system import atomic

    problem = None if value is None else atomic.folder_problem(value)
    if problem is not None:
        raise problem
    if value is not None:
        claim_folder(value, param.opts[0])
    return value
