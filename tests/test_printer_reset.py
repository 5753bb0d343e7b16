"""`pnp printer reset` removes a printer profile and nothing else, and `set` and `reset`
leave no lock file anywhere (issue 28, points 1 and 7): each case reproduced first."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pnp.paper.printer import HEADER
from tests.conftest import Run

PROFILE = '# pnp printer profile\npaper = "letter"\n'


def _refused(run: Run, *args: str) -> str:
    """The one line a refused printer command says (exit status 1)."""
    result = run("printer", *args)
    assert result.exit_code == 1, result.output
    assert len(result.output.splitlines()) == 1, result.output
    return result.output.strip()


def _use(monkeypatch: pytest.MonkeyPatch, path: Path | str) -> None:
    monkeypatch.setenv("PNP_PRINTER", str(path))


def test_a_pipe_is_not_removed(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    os.mkfifo(tmp_path / "pipe")
    _use(monkeypatch, tmp_path / "pipe")
    assert _refused(run, "reset").startswith(f"{tmp_path / 'pipe'} is not a regular file")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pipe").st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
@pytest.mark.parametrize("link", [False, True])
def test_a_device_is_not_removed_even_through_a_link(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, link: bool
) -> None:
    """A null device of our own in the test's folder (never the system's /dev/null)."""
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    if link:
        (tmp_path / "printer.toml").symlink_to(device)
    _use(monkeypatch, tmp_path / "printer.toml" if link else device)
    assert "is not a regular file" in _refused(run, "reset")
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert not link or (tmp_path / "printer.toml").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "printer.toml"][: 1 + link]


@pytest.mark.parametrize("folder", [".", "/", "conf"])
@pytest.mark.parametrize("command", [["reset"], ["set", "--paper", "letter"]])
def test_a_folder_is_one_line(
    run: Run, monkeypatch: pytest.MonkeyPatch, folder: str, command: list[str]
) -> None:
    Path("conf").mkdir()
    _use(monkeypatch, folder)
    assert _refused(run, *command) == f"{folder} is a folder, not a file"
    assert Path("conf").is_dir() and list(Path("conf").iterdir()) == []


@pytest.mark.parametrize(
    "text",
    [
        "#!/bin/sh\nrm -rf ~\n",  # no TOML
        'name = "my thesis"\n',  # TOML, but not a profile
        "paper = 'a4'\n" + "x = 1\n",  # a profile's key among others
        "",
        # begins with the words of our first line, but is not it
        "# pnp printer profiles I tried, and why I gave up on each\nThe Canon: drifted\n",
        "# pnp printer profile\nmy notes: not TOML\n",
    ],
)
def test_a_file_that_is_no_printer_profile_is_not_removed(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text(text, encoding="utf-8")
    _use(monkeypatch, notes)
    assert _refused(run, "reset").startswith(f"{notes} is not a printer profile")
    assert notes.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "text",
    [
        PROFILE,
        "scale = 150\n",  # a profile out of range: `pnp printer show` says to reset it
        'flip = "sideways"\nback_offset = [1, 2, 3]\n',
        f"{HEADER}\npaper = [\n",  # ours, broken
    ],
)
def test_a_printer_profile_is_removed_even_a_broken_one(
    run: Run, no_printer_profile: Path, text: str
) -> None:
    no_printer_profile.write_text(text, encoding="utf-8")
    assert run("printer", "reset").output == f"removed {no_printer_profile}\n"
    assert list(no_printer_profile.parent.iterdir()) == []


def test_a_link_to_the_profile_stays_and_the_profile_goes(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As `set` writes through the link, `reset` removes what it points to."""
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "printer.toml").write_text(PROFILE, encoding="utf-8")
    (tmp_path / "link.toml").symlink_to("conf/printer.toml")
    _use(monkeypatch, tmp_path / "link.toml")
    result = run("printer", "reset")
    assert result.output == f"removed {tmp_path / 'conf' / 'printer.toml'}\n"
    assert (tmp_path / "link.toml").is_symlink() and list((tmp_path / "conf").iterdir()) == []
    assert run("printer", "set", "--paper", "a4").exit_code == 0
    assert 'paper = "a4"' in (tmp_path / "conf" / "printer.toml").read_text(encoding="utf-8")


def test_set_and_reset_leave_no_lock_file(
    run: Run, no_printer_profile: Path, tmp_path: Path
) -> None:
    before = set(os.listdir(os.environ.get("XDG_RUNTIME_DIR") or "/tmp"))
    assert run("printer", "set", "--paper", "letter").exit_code == 0
    assert [p.name for p in no_printer_profile.parent.iterdir()] == ["printer.toml"]
    assert run("printer", "show").exit_code == 0
    assert run("printer", "reset").exit_code == 0
    assert list(no_printer_profile.parent.iterdir()) == []
    after = set(os.listdir(os.environ.get("XDG_RUNTIME_DIR") or "/tmp"))
    assert not {n for n in after - before if "pnp" in n}


@pytest.mark.parametrize(
    "text, removed", [("scale = 150\n", True), ("scale = 100\nx = 1\n", False)]
)
def test_show_offers_reset_only_where_reset_removes(
    run: Run, no_printer_profile: Path, text: str, removed: bool
) -> None:
    no_printer_profile.write_text(text, encoding="utf-8")
    shown = _refused(run, "show")
    assert shown.endswith("(fix the printer profile, or remove it: `pnp printer reset`)") == removed
    assert (run("printer", "reset").exit_code == 0) == removed
    assert no_printer_profile.exists() != removed


@pytest.mark.parametrize("text, replaced", [("", True), ("# my notes\n", False)])
def test_set_writes_over_only_what_reset_would_remove_or_an_empty_file(
    run: Run, no_printer_profile: Path, text: str, replaced: bool
) -> None:
    no_printer_profile.write_text(text, encoding="utf-8")
    result = run("printer", "set", "--paper", "letter")
    assert result.exit_code == (0 if replaced else 1), result.output
    assert (no_printer_profile.read_text(encoding="utf-8") == text) != replaced
    if not replaced:
        assert result.output.startswith(f"{no_printer_profile} is not a printer profile: left")


@pytest.mark.parametrize("name", ["x/", "conf/"])
@pytest.mark.parametrize("command", [["reset"], ["set", "--paper", "letter"], ["show"]])
def test_a_name_ending_in_a_slash_is_a_folder_s(
    run: Run, monkeypatch: pytest.MonkeyPatch, name: str, command: list[str]
) -> None:
    """Path("x/") is Path("x"): the file x was written for PNP_PRINTER=x/."""
    Path("conf").mkdir()
    _use(monkeypatch, name)
    assert _refused(run, *command).startswith(f"{name} is a folder, not a file")
    assert sorted(p.name for p in Path(".").iterdir()) == ["conf"]
    assert list(Path("conf").iterdir()) == []
