"""The printer profile on disk: changed under a lock, and removed only when it is one.

The lock is the profile's folder itself (``flock`` on the folder), so that nothing is
ever made for it: no ``printer.toml.lock`` beside the profile, or in ``/dev`` when
``PNP_PRINTER`` names a device."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError
from pnp.paper.printer import ProfileError, is_profile
from pnp.system.atomic import make_folder
from pnp.text.parsing import read_source

LOCK_WAIT = 5.0  # seconds to wait for another `pnp printer set` to finish


def folder_refused(path: Path) -> ProfileError | None:
    """``path`` (links followed) as a folder: no place for a profile."""
    if os.path.isdir(path):
        return ProfileError(f"{path} is a folder, not a file")
    return None


@contextmanager
def profile_lock(path: Path, make: bool = False) -> Iterator[None]:
    """Hold the lock on the profile's folder (made first if ``make``) while the profile
    is read, changed and written back, so that two ``pnp printer set`` at once both
    count. A lock held elsewhere for more than ``LOCK_WAIT`` seconds is a
    ``ProfileError``. Unlocked where the system has no ``flock`` (Windows) or cannot lock
    a folder (some network file systems): each write is still whole."""
    folder = Path(os.path.dirname(os.path.realpath(path)))
    if make:
        make_folder(folder)
    try:
        import fcntl

        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except (ImportError, OSError):  # no folder (then no profile either), or none to lock
        yield
        return
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise ProfileError(
                        f"{path}: another pnp has been changing the printer profile for "
                        f"{LOCK_WAIT:g} s (try again once it is done)"
                    ) from None
                time.sleep(0.02)
            except OSError:
                break
        yield
    finally:
        os.close(fd)  # which releases the lock


def remove_profile(path: Path) -> Path | None:
    """Remove the printer profile ``path`` names (through a link: the file it points to,
    the link stays, as ``pnp printer set`` writes through it) and say which file that
    was; None when there is none. Only a regular file that is a printer profile, right or
    wrong (``is_profile``), is removed: anything else is a ``ProfileError``, untouched."""
    found = _profile_file(path)
    if found is None:
        return None
    real, info = found
    try:
        now = os.lstat(real)
        if (now.st_dev, now.st_ino) != (info.st_dev, info.st_ino):
            raise ProfileError(f"{path} changed while it was read: try again")
        os.unlink(real)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ProfileError(f"cannot remove {real}: {exc.strerror}") from None
    return Path(real) if os.path.islink(path) else path


def check_replaceable(path: Path) -> None:
    """A ``ProfileError`` unless ``pnp printer set`` may write over what ``path`` names:
    nothing yet, an empty file, or a printer profile (one ``reset`` would remove)."""
    try:
        if os.path.getsize(path) == 0:
            return
    except OSError:
        return  # none yet (what cannot be read was refused as it was read)
    _profile_file(path)


def removable(path: Path) -> bool:
    """Whether ``pnp printer reset`` would remove the file ``path`` names."""
    try:
        return _profile_file(path) is not None
    except ProfileError:
        return False


def _profile_file(path: Path) -> tuple[str, os.stat_result] | None:
    """The real path and ``lstat`` of the profile ``path`` names, if it is one to remove;
    None if there is none; else a ``ProfileError`` saying what it is."""
    real = os.path.realpath(path)
    try:
        info = os.lstat(real)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ProfileError(f"{path}: {exc.strerror}") from None
    problem = folder_refused(path)
    if problem is not None:
        raise problem
    if not stat.S_ISREG(info.st_mode):
        raise ProfileError(
            f"{path} is not a regular file (a device, a pipe or a socket): "
            "pnp removes only a printer profile"
        )
    try:
        ours = is_profile(read_source(real), real)
    except PnpError:  # over 1 MB, not UTF-8, unreadable
        ours = False
    if not ours:
        raise ProfileError(
            f"{path} is not a printer profile: left as it is (pnp removes only a file of "
            "printer settings, or one it wrote)"
        )
    return real, info
