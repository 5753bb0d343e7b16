"""The outputs of one run never land on one path. Each output a command will write is
claimed when it is checked (``pnp.cli.outputs.check_output``, the folder options'
callbacks), before any work where the options name it, and always before it is
written; a claim that lands where an earlier one does is a usage error (exit status 2):
two files that are one (the same path, through symbolic links, or hard links of one
file), a file where a folder output goes, or a file output inside another file output
(``-o x.pdf --png x.pdf``); stdout or stderr redirected to a file is an output too. The
claims live in the click context's ``meta``, one run's worth; outside a command nothing
is claimed."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

import click

_KEY = "pnp.cli.clashes"


@dataclass(frozen=True)
class _Claim:
    path: Path
    hint: str  # the option that names it; "" for a standard stream


@dataclass
class _Claims:
    files: dict[str, _Claim] = field(default_factory=dict)  # by real path
    inodes: dict[tuple[int, int], _Claim] = field(default_factory=dict)  # existing files
    folders: dict[str, _Claim] = field(default_factory=dict)
    above: dict[str, _Claim] = field(default_factory=dict)  # every real folder over a claim


def claim_file(path: Path, hint: str) -> None:
    """Claim ``path`` (named by option ``hint``) as a file this run writes; again for
    the same option is no clash."""
    claims = _claims()
    if claims is None:
        return
    real = os.path.realpath(path)
    new = _Claim(path, hint)
    old = claims.files.get(real)
    if old is not None and old.hint == hint:
        return
    inode = _inode(real)
    linked = claims.inodes.get(inode) if inode is not None else None
    # Files of one option sharing an inode were linked by a tool that saves space (the
    # card backs of --png are alike): each is written under its own name, no clash.
    other = old or (linked if linked is not None and linked.hint != hint else None)
    if other is not None and not other.hint:
        _refuse(new, f"is the file {other.path} goes to: one would replace the other")
    if other is not None:
        link = "" if os.path.abspath(path) == os.path.abspath(other.path) else ", through a link,"
        _refuse(new, f"is{link} the same file as {_named(other)}: one would replace the other")
    if real in claims.folders:
        _refuse(new, f"is the folder {_named(claims.folders[real])} writes files into")
    _not_inside_a_file(claims, new, real)
    if real in claims.above:
        _refuse(new, f"would be a file, and {_named(claims.above[real])} needs it a folder")
    claims.files[real] = new
    if inode is not None:
        claims.inodes[inode] = new
    _note_above(claims, new, real)


def claim_folder(path: Path, hint: str) -> None:
    """Claim ``path`` (named by option ``hint``) as a folder this run writes files into."""
    claims = _claims()
    if claims is None:
        return
    real = os.path.realpath(path)
    new = _Claim(path, hint)
    if real in claims.files:
        _refuse(new, f"is the file {_named(claims.files[real])} writes")
    _not_inside_a_file(claims, new, real)
    claims.folders.setdefault(real, new)
    _note_above(claims, new, real)


def _claims() -> _Claims | None:
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return None
    found: _Claims | None = ctx.meta.get(_KEY)
    if found is None:
        found = ctx.meta[_KEY] = _Claims()
        for fd, name in ((1, "standard output"), (2, "standard error")):
            _claim_stream(found, fd, name)
    return found


def _claim_stream(claims: _Claims, fd: int, name: str) -> None:
    """A stream redirected to a file (``> end.toml``) is an output of the run too."""
    try:
        info = os.fstat(fd)
    except OSError:
        return
    if stat.S_ISREG(info.st_mode):
        claims.inodes[info.st_dev, info.st_ino] = _Claim(Path(name), "")


def _inode(real: str) -> tuple[int, int] | None:
    try:
        info = os.stat(real)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def _not_inside_a_file(claims: _Claims, new: _Claim, real: str) -> None:
    for folder in Path(real).parents:
        outer = claims.files.get(str(folder))
        if outer is not None:
            _refuse(new, f"would be inside {_named(outer)}, a file of this run")


def _note_above(claims: _Claims, new: _Claim, real: str) -> None:
    for folder in Path(real).parents:
        claims.above.setdefault(str(folder), new)


def _named(claim: _Claim) -> str:
    return f"{claim.path} ({claim.hint})"


def _refuse(new: _Claim, why: str) -> None:
    raise click.BadParameter(
        f"{new.path} {why}; give the outputs of one run different names", param_hint=new.hint
    )
