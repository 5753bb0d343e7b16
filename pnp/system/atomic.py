"""Atomic output: a reader never sees a half-written file, a file that cannot be written
is one line of error (not a traceback), and no output ever replaces an input, a folder,
a device or a link (a link is written through, to its target)."""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pnp.errors import PnpError
from pnp.system.interrupts import held

if TYPE_CHECKING:  # every path here is the caller's: reading a file needs no pathlib
    from pathlib import Path

NAME_MAX = 255  # bytes in one file name, on every file system we write to
_TMP_SUFFIX = ".tmp"
_TMP_RANDOM = 8  # hex digits between NAME and .tmp
STALE_AFTER = 600.0  # seconds: an unheld temporary file this old is a killed run's
# The files this run has read, by (device, inode): no output may replace one of them.
_INPUTS: set[tuple[int, int]] = set()
# The temporary files found in each folder written this run, by their ``.NAME.`` prefix.
_LEFT: dict[str, dict[str, list[str]]] = {}
# Files no output may be, whatever the command: their paths, by what they are.
_KEPT: dict[str, str] = {}


class OutputError(PnpError):
    """An output file or folder that the system refuses (permissions, disk full, a file
    where a folder should be)."""


class UnsafeOutputError(OutputError):
    """An output that would destroy something: an input of the same run, a device, a pipe.
    A usage error: the command line names the wrong file."""


def remember_input(info: os.stat_result) -> None:
    """Note a file read by this run (its ``fstat``), so that no output replaces it."""
    _INPUTS.add((info.st_dev, info.st_ino))


def keep(path: str, what: str) -> None:
    """No output of this run may be ``path``, nor the file it is through a link or a hard
    link, but a write that ``update``s it: ``what`` names it in the refusal (say, "the
    printer profile"), and replaces an earlier path kept as ``what``."""
    _KEPT[what] = path


def forget_inputs() -> None:
    """Start a new run in this process (the tests run many commands in one process)."""
    _INPUTS.clear()
    _LEFT.clear()


def target(path: Path) -> Path:
    """Where writing ``path`` lands: the file a link points to (links followed), else
    ``path`` itself."""
    return type(path)(os.path.realpath(path)) if path.is_symlink() else path


def output_problem(
    path: Path, inputs: Iterable[Path] = (), folder_must_exist: bool = False, update: bool = False
) -> OutputError | None:
    """Why ``path`` is no place for an output, or None: ``UnsafeOutputError`` for a kept
    file (``keep``), the same file as one of ``inputs`` or as a file this run read (but
    when it is an ``update``), a folder, a device, a pipe or a socket; ``OutputError`` if
    its folder cannot be written (``folder_must_exist``: it exists). Checked before long
    work, so that a whole game or kit never ends without its file, and again by every
    write."""
    dest = target(path)
    try:
        info = os.stat(dest)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        return OutputError(f"cannot write {path}: {_reason(exc, dest.parent)}")
    for what, kept in _KEPT.items():
        if not update and _is(dest, info, kept):
            where = "" if str(path) == kept else f" ({kept})"
            return UnsafeOutputError(
                f"{path} is {what}{where}: writing it would replace it; give another output"
            )
    if info is not None and stat.S_ISDIR(info.st_mode):
        return UnsafeOutputError(f"{path} is a folder, not a file")
    if info is not None and not stat.S_ISREG(info.st_mode):
        return UnsafeOutputError(
            f"{path} is not a regular file (a device, a pipe or a socket): pnp writes only files"
        )
    if info is not None and not update:
        for source in inputs:
            if _same(dest, info, source):
                return UnsafeOutputError(
                    f"{path} is also an input of this command ({source}): writing it "
                    "would replace it; give another output"
                )
        if (info.st_dev, info.st_ino) in _INPUTS:
            return UnsafeOutputError(
                f"{path} is a file this command reads: writing it would replace it; "
                "give another output"
            )
    if folder_must_exist and not dest.parent.is_dir():
        return OutputError(f"cannot write {path}: {dest.parent} is not a folder that exists")
    return folder_problem(dest.parent, path)


def folder_problem(folder: Path, path: Path | None = None) -> OutputError | None:
    """Why files could not be written into ``folder`` (made if missing), or None."""
    existing = next((p for p in itertools.chain([folder], folder.parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        return OutputError(f"cannot write {path or folder}: {existing} is not a folder")
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        return OutputError(f"cannot write into {existing}: permission denied")
    return None


def _is(dest: Path, info: os.stat_result | None, kept: str) -> bool:
    """Whether ``dest`` (``info``: its ``stat``, None if it does not exist) is ``kept``:
    the same file, or one to be made where ``kept``'s link points."""
    if info is not None:
        return _same(dest, info, kept)
    if dest.name != os.path.basename(kept) and not os.path.islink(kept):
        return False  # quick: simulate's logs check each of up to 100,000 names
    real = os.path.realpath(kept)
    return dest.name == os.path.basename(real) and os.path.realpath(dest) == real


def _same(dest: Path, info: os.stat_result, source: Path | str) -> bool:
    try:
        other = os.stat(source)
    except (OSError, ValueError):
        return os.path.realpath(dest) == os.path.realpath(source)
    return (info.st_dev, info.st_ino) == (other.st_dev, other.st_ino)


def make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot write into {folder}: {_reason(exc, folder)}") from None


def write_bytes(path: Path, data: bytes, update: bool = False) -> None:
    """Write ``data`` beside ``path`` (beside its target, if a link) in a file that has
    no name until it is complete, then rename it into place: a run killed while writing
    leaves the old file and nothing else. Refuses what ``output_problem`` finds, but
    ``update`` may replace a file this run read or a kept one (a settings file, read and
    written back)."""
    problem = output_problem(path, update=update)
    if problem is not None:
        raise problem
    dest = target(path)
    keep = _old_mode(dest)
    _clean_stale(dest)
    # Ctrl-C waits until the file is in place (or its temporary file gone): an interrupt
    # between naming the temporary file and keeping its name would leave it behind.
    with held():
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = _unnamed(dest)
            _hold(fd)
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {_reason(exc, dest.parent)}") from None
        try:
            with os.fdopen(fd, "wb") as handle:
                _set_mode(handle.fileno(), keep)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
                if tmp is None:
                    tmp = _name(handle.fileno(), dest)
            os.replace(tmp, dest)
            tmp = None
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {_reason(exc, dest)}") from None
        finally:
            if tmp is not None:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)


def _old_mode(dest: Path) -> os.stat_result | None:
    """The file ``dest`` replaces, whose mode and owner the new one keeps."""
    try:
        return os.stat(dest)
    except OSError:
        return None


def _set_mode(fd: int, old: os.stat_result | None) -> None:
    """A new file's mode is ``0666 & ~umask``, as the shell's ``>`` makes it (a named
    temporary file is made 0600); a file that replaces another keeps its mode and, where
    the system lets us, its owner and group."""
    if old is None:
        mask = os.umask(0)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)
        return
    if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
        for uid in (old.st_uid, -1):  # only root gives a file away; a member, its group
            try:
                os.fchown(fd, uid, old.st_gid)
                break
            except OSError:
                continue
    os.fchmod(fd, stat.S_IMODE(old.st_mode) & 0o777)


def _unnamed(dest: Path) -> tuple[int, str | None]:
    """A new file beside ``dest`` open for writing, and its temporary name: none where
    the system makes files without one (Linux's O_TMPFILE, named through /proc once
    complete: a kill while writing leaves nothing behind), else ``.NAME.xxxxxxxx.tmp``
    (8 hex digits)."""
    flag = getattr(os, "O_TMPFILE", 0)
    if flag and os.path.isdir("/proc/self/fd"):
        try:
            return os.open(dest.parent, flag | os.O_WRONLY | os.O_CLOEXEC, 0o600), None
        except OSError:
            pass  # a file system without it: a named temporary file instead
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | getattr(os, "O_BINARY", 0)
    while True:
        tmp = _tmp_name(dest)
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:
            continue


def _tmp_name(dest: Path) -> str:
    import secrets  # only when writing: the scorers read and never write

    return str(dest.with_name(f"{_tmp_prefix(dest.name)}{secrets.token_hex(4)}{_TMP_SUFFIX}"))


def _hold(fd: int) -> None:
    """Lock the file being written, so that ``_clean_stale`` leaves it be."""
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except (ImportError, OSError):
        pass  # no locks here (Windows, some network file systems): its age protects it


def _clean_stale(dest: Path) -> None:
    """Remove what killed runs left of writing ``dest``: files beside it named exactly as
    its temporary files are (``.NAME.`` and 8 hex digits, ``.tmp``), regular, at least
    ``STALE_AFTER`` old and not locked by a live writer (``_hold``). A killed run leaves
    one only where there is no O_TMPFILE, or between naming a complete file and renaming
    it. The folder is listed once a run: ``simulate --logs`` writes 100,000 files in one."""
    import re

    folder = str(dest.parent)
    left = _LEFT.get(folder)
    if left is None:
        left = _LEFT[folder] = {}
        pattern = re.compile(rf"(\..*\.)[0-9a-f]{{{_TMP_RANDOM}}}{re.escape(_TMP_SUFFIX)}", re.S)
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            for entry in entries:
                found = pattern.fullmatch(entry.name)
                if found is not None:
                    left.setdefault(found[1], []).append(entry.path)
    for tmp in left.pop(_tmp_prefix(dest.name), []):
        _remove_if_stale(tmp)


def _remove_if_stale(tmp: str) -> None:
    try:
        first = os.lstat(tmp)  # not opened unless a lone regular file: no device, no link
        if not stat.S_ISREG(first.st_mode) or first.st_nlink != 1:
            return
        quiet = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # not on Windows
        fd = os.open(tmp, os.O_RDONLY | os.O_CLOEXEC | quiet)
    except OSError:
        return  # gone, a link, unreadable
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or time.time() - info.st_mtime < STALE_AFTER:
            return
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return  # a live writer's
        except (ImportError, OSError):
            pass
        now = os.lstat(tmp)
        if (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino):
            os.unlink(tmp)
    except OSError:
        pass
    finally:
        os.close(fd)


def _name(fd: int, dest: Path) -> str:
    """Give the complete unnamed file ``fd`` a temporary name beside ``dest``."""
    # With a directory fd, os.link calls linkat(…, AT_SYMLINK_FOLLOW), which follows the
    # /proc link to the unnamed file (plain link() would try to link the /proc entry).
    proc = os.open("/proc/self", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        while True:
            tmp = _tmp_name(dest)
            try:
                os.link(f"fd/{fd}", tmp, src_dir_fd=proc, follow_symlinks=True)
                return tmp
            except FileExistsError:
                continue
    finally:
        os.close(proc)


def write_text(path: Path, text: str, update: bool = False) -> None:
    write_bytes(path, text.encode("utf-8"), update)


def _tmp_prefix(name: str) -> str:
    """``.NAME.``, cut short so that the temporary name fits where ``NAME`` fits."""
    room = NAME_MAX - len(_TMP_SUFFIX) - _TMP_RANDOM - 2
    encoded = os.fsencode(name)
    return f".{os.fsdecode(encoded[:room]) if len(encoded) > room else name}."


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
