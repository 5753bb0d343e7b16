"""A temporary file a killed run left (``.NAME.xxxxxxxx.tmp``, where there is no O_TMPFILE)
is removed by the next write of NAME, once it is old and no live writer holds it (issue
28, point 11); nothing else is ever removed."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp.system import atomic

HOUR_AGO = time.time() - 3600

# Killed while writing, as on a system without O_TMPFILE.
KILLED = """
import os, signal, sys
from pathlib import Path
del os.O_TMPFILE
from pnp.system import atomic
os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)
atomic.write_text(Path(sys.argv[1]), "new\\n")
"""


@pytest.fixture
def named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Write as systems without O_TMPFILE do."""
    monkeypatch.delattr(os, "O_TMPFILE", raising=False)


def _left(folder: Path, name: str, age: float = HOUR_AGO) -> Path:
    path = folder / name
    path.write_text("half a file")
    os.utime(path, (age, age))
    return path


@pytest.mark.usefixtures("named")
def test_a_killed_write_s_temporary_file_goes_with_the_next_write(tmp_path: Path) -> None:
    dest = tmp_path / "game-1.txt"
    dest.write_text("old\n")
    subprocess.run([sys.executable, "-c", KILLED, str(dest)], check=False)
    left = [p for p in tmp_path.iterdir() if p.name != "game-1.txt"]
    assert [p.name[: len(".game-1.txt.")] for p in left] == [".game-1.txt."]
    assert dest.read_text() == "old\n"
    atomic.write_text(dest, "newer\n")
    assert len(list(tmp_path.iterdir())) == 2  # too young: another pnp may be writing it
    os.utime(left[0], (HOUR_AGO, HOUR_AGO))
    atomic.forget_inputs()  # a later run
    atomic.write_text(dest, "newest\n")
    assert [p.name for p in tmp_path.iterdir()] == ["game-1.txt"]
    assert dest.read_text() == "newest\n"


@pytest.mark.parametrize("how", ["named", "unnamed"])
def test_only_our_own_old_unheld_temporaries_of_the_file_written_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    if how == "named":
        monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    stale = _left(tmp_path, ".f.txt.0123abcd.tmp")
    kept = [
        _left(tmp_path, ".f.txt.89abcdef.tmp", time.time()),  # young
        _left(tmp_path, ".f.txt.0123ABCD.tmp"),  # not our naming
        _left(tmp_path, ".f.txt.0123abc.tmp"),
        _left(tmp_path, ".f.txt.0123abcd.tmp.bak"),
        _left(tmp_path, "f.txt.0123abcd.tmp"),
        _left(tmp_path, ".g.txt.0123abcd.tmp"),  # another file's
        _left(tmp_path, ".f.txt.fedcba98.tmp"),  # held by a live writer, below
    ]
    (tmp_path / ".f.txt.00000000.tmp").mkdir()
    os.link(_left(tmp_path, "linked"), tmp_path / ".f.txt.22222222.tmp")  # a file of two names
    os.mkfifo(tmp_path / ".f.txt.33333333.tmp")  # opened, a pipe would wait for a writer
    (tmp_path / ".f.txt.11111111.tmp").symlink_to(stale.with_name("target"))
    _left(tmp_path, "target")
    holder = os.open(kept[-1], os.O_RDONLY)
    fcntl.flock(holder, fcntl.LOCK_EX)
    try:
        atomic.write_text(tmp_path / "f.txt", "new\n")
    finally:
        os.close(holder)
    assert not stale.exists()
    assert all(p.exists() for p in kept)
    assert (tmp_path / ".f.txt.00000000.tmp").is_dir()
    assert (tmp_path / ".f.txt.22222222.tmp").exists() and (
        tmp_path / ".f.txt.33333333.tmp"
    ).exists()
    assert (tmp_path / ".f.txt.11111111.tmp").is_symlink() and (tmp_path / "target").exists()


@pytest.mark.usefixtures("named")
def test_a_long_name_s_cut_temporary_is_found(tmp_path: Path) -> None:
    name = "é" * 125 + ".txt"  # 254 bytes: its temporary name is cut
    stale = _left(tmp_path, f"{atomic._tmp_prefix(name)}0123abcd.tmp")
    atomic.write_text(tmp_path / name, "new\n")
    assert not stale.exists() and [p.name for p in tmp_path.iterdir()] == [name]


@pytest.mark.usefixtures("named")
def test_the_folder_is_listed_once_a_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate --logs writes up to 100,000 files into one folder."""
    listed = []
    scandir = os.scandir

    def count(path: str) -> object:
        listed.append(path)
        return scandir(path)

    monkeypatch.setattr(os, "scandir", count)
    for k in range(5):
        atomic.write_text(tmp_path / f"game-{k}.txt", "log\n")
    assert listed == [str(tmp_path)]
