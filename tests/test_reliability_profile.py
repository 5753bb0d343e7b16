"""The printer profile is read like every other input and changed under a lock (issue 18,
points 4 and 6): two `pnp printer set` at once both count; a pipe, a device, a folder, a
file too large or not UTF-8 is one line of error at once, for every command that reads it."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnp.errors import SourceError
from pnp.paper import printer_store
from pnp.paper.printer import PrinterProfile, load_profile, parse_profile
from tests.conftest import Run

PAIRS = 10
# Each pair of processes changes a different reading of the same profile at the same time.
SETTINGS = [
    (("--paper", "letter"), 'paper = "letter"'),
    (("--flip", "short"), 'flip = "short"'),
    (("--scale", "100.4"), "scale = 100.4"),
    (("--back-offset", "1.5,-1"), "back_offset = [1.5, -1]"),
]


def _pnp(*args: str, profile: Path, cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PNP_PRINTER": str(profile)}
    return subprocess.Popen(
        [sys.executable, "-m", "pnp", *args],
        env=env,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(process: subprocess.Popen[str]) -> tuple[str, str]:
    """The process's output once it ends; killed if it has not ended in a minute."""
    try:
        return process.communicate(timeout=60)
    finally:
        process.kill()


def test_concurrent_printer_set_keeps_every_setting(tmp_path: Path) -> None:
    # One pair at a time: two processes started together reach the profile together
    # (without the lock, about one pair in two lost a setting).
    for i in range(PAIRS):
        profile = tmp_path / f"printer-{i}.toml"
        pair = SETTINGS[i % 4], SETTINGS[(i + 1 + i // 4) % 4]
        processes = [
            _pnp("printer", "set", *args, profile=profile, cwd=tmp_path) for args, _ in pair
        ]
        for process in processes:
            _, err = _finish(process)
            assert process.returncode == 0, err
        text = profile.read_text(encoding="utf-8")
        for _, line in pair:
            assert line in text, f"pair {i} lost {line!r}:\n{text}"
    assert not list(tmp_path.glob("*.lock"))  # the folder itself is locked


@pytest.fixture
def held_lock(no_printer_profile: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The profile's lock, its folder, held by another process (another open file)."""
    monkeypatch.setattr(printer_store, "LOCK_WAIT", 0.2)
    fd = os.open(no_printer_profile.parent, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    yield no_printer_profile
    os.close(fd)


def test_a_lock_held_too_long_is_one_line_and_changes_nothing(
    run: Run, no_printer_profile: Path, held_lock: Path
) -> None:
    no_printer_profile.write_text('paper = "a4"\n', encoding="utf-8")
    result = run("printer", "set", "--paper", "letter")
    assert result.exit_code == 1
    assert result.output == (
        f"{held_lock}: another pnp has been changing the printer profile for 0.2 s "
        "(try again once it is done)\n"
    )
    assert no_printer_profile.read_text(encoding="utf-8") == 'paper = "a4"\n'
    assert run("printer", "reset").exit_code == 1
    assert no_printer_profile.is_file()


def test_the_lock_is_let_go(run: Run, no_printer_profile: Path) -> None:
    assert run("printer", "set", "--paper", "letter").exit_code == 0
    assert run("printer", "set", "--flip", "short").exit_code == 0
    assert run("printer", "reset").output == f"removed {no_printer_profile}\n"
    assert run("printer", "reset").output == f"no profile at {no_printer_profile}\n"


def test_printer_set_rewrites_the_profile_it_read(run: Run, no_printer_profile: Path) -> None:
    no_printer_profile.write_text("scale = 100.4\n", encoding="utf-8")
    result = run("printer", "set", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert load_profile(no_printer_profile) == PrinterProfile(paper="letter", scale=100.4)


def _hostile(kind: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{kind}.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "large":
        path.write_text("# " + "x" * 2_000_000 + "\n", encoding="utf-8")
    elif kind == "latin-1":
        path.write_bytes('paper = "a4"\nflip = "long" # caf\xe9\n'.encode("latin-1"))
    return path


EXPECTED = {
    "fifo": "{path}: is not a regular file (a pipe or a device?)",
    "folder": "{path}: is a folder, not a file",
    "large": "{path}: 2,000,003 bytes is over the 1 MB limit for an input file",
    "latin-1": "{path}:2:20: not UTF-8 text (invalid continuation byte)",
}
COMMANDS = [("printer", "show"), ("starcharts", "aid", "-o", "out/x.pdf")]


@pytest.mark.parametrize("kind", sorted(EXPECTED))
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_profile_that_is_no_small_text_file_is_one_line_at_once(
    tmp_path: Path, kind: str, command: tuple[str, ...]
) -> None:
    path = _hostile(kind, tmp_path)
    (tmp_path / "out").mkdir()
    process = _pnp(*command, profile=path, cwd=tmp_path)
    out, err = _finish(process)  # a pipe's read would never end
    assert process.returncode == 1
    assert out == ""
    assert err.splitlines() == [
        EXPECTED[kind].format(path=path)
        + " (fix it, or set PNP_PRINTER to another file: `pnp printer reset` removes only a "
        "printer profile)"
    ]
    assert not (tmp_path / "out" / "x.pdf").exists()


def test_a_device_as_the_profile_is_refused_without_reading_it(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_PRINTER", "/dev/zero")  # only ever read, never written
    result = run("printer", "show")
    assert result.exit_code == 1
    assert result.output.startswith("/dev/zero: is not a regular file (a pipe or a device?) (fix")


def test_printer_set_over_a_pipe_leaves_it_a_pipe(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _hostile("fifo", tmp_path)
    monkeypatch.setenv("PNP_PRINTER", str(path))
    result = run("printer", "set", "--paper", "letter")
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}: is not a regular file")
    assert path.is_fifo()


@pytest.mark.parametrize(
    "text, message",
    [
        ("scale = " + "9" * 400, "the scale is between 98 and 102 %, not a 400-digit number"),
        ("scale = -" + "9" * 400, "the scale is between 98 and 102 %, not a 400-digit number"),
        ("scale = inf", "the scale is between 98 and 102 %, not inf"),
        ("scale = nan", "the scale is between 98 and 102 %, not nan"),
        ("scale = 1e400", "the scale is between 98 and 102 %, not inf"),
        (
            "back_offset = [" + "9" * 400 + ", 0]",
            "a back offset is at most 10 mm each way, not a 400-digit number,0",
        ),
        ("back_offset = [nan, -inf]", "a back offset is at most 10 mm each way, not nan,-inf"),
    ],
)
def test_a_number_out_of_range_is_the_range_message(text: str, message: str) -> None:
    with pytest.raises(SourceError) as caught:
        parse_profile(text + "\n", "printer.toml")
    column = text.index("=") + 3  # the value's, after "key = "
    assert str(caught.value).startswith(f"printer.toml:1:{column}: {message}")


def test_the_lock_s_folder_is_made_by_set_only(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_PRINTER", str(tmp_path / "new" / "printer.toml"))
    assert run("printer", "reset").exit_code == 0
    assert not (tmp_path / "new").exists()
    assert run("printer", "set", "--paper", "letter").exit_code == 0
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["printer.toml"]
    (tmp_path / "file").write_text("", encoding="utf-8")
    monkeypatch.setenv("PNP_PRINTER", str(tmp_path / "file" / "printer.toml"))
    result = run("printer", "set", "--paper", "letter")
    assert (result.exit_code, result.output) == (
        1,
        f"cannot write into {tmp_path / 'file'}: {tmp_path / 'file'} is not a folder\n",
    )
