"""Atomic output: a reader never sees a half-written file, and a file that cannot be
written is one line of error, not a traceback."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pnp.errors import PnpError


class OutputError(PnpError):
    """An output file or folder that the system refuses (permissions, disk full, a file
    where a folder should be)."""


def make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot write into {folder}: {_reason(exc, folder)}") from None


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {_reason(exc, path.parent)}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"cannot write {path}: {_reason(exc, path)}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def _reason(exc: OSError, where: Path) -> str:
    if isinstance(exc, FileExistsError | NotADirectoryError):
        return f"{_in_the_way(where)} is not a folder"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder"
    return exc.strerror or str(exc)


def _in_the_way(folder: Path) -> Path:
    """The nearest of ``folder`` and its parents that exists but is no folder."""
    for candidate in (folder, *folder.parents):
        if candidate.exists() and not candidate.is_dir():
            return candidate
    return folder
