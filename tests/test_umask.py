"""Outputs follow the umask, and a replaced file keeps its mode and owner (issue 28,
point 3): a score log written under `umask 077` stays private."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnp.system import atomic
from tests.conftest import Run

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.fixture(params=["unnamed", "named"])
def how(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both ways of writing: Linux's unnamed file, and the named temporary file of
    systems without O_TMPFILE."""
    if request.param == "named":
        monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    return str(request.param)


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.usefixtures("umask")
@pytest.mark.parametrize("mask, mode", [(0o077, 0o600), (0o022, 0o644), (0o002, 0o664)])
def test_a_new_file_gets_0666_less_the_umask(
    tmp_path: Path, how: str, mask: int, mode: int
) -> None:
    os.umask(mask)
    atomic.write_text(tmp_path / "new.txt", "new\n")
    assert _mode(tmp_path / "new.txt") == mode


@pytest.mark.usefixtures("umask")
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664, 0o444])
def test_a_replaced_file_keeps_its_mode(tmp_path: Path, how: str, mode: int) -> None:
    old = tmp_path / "old.txt"
    old.write_text("old\n")
    old.chmod(mode)
    atomic.write_text(old, "new\n")
    assert (old.read_text(), _mode(old)) == ("new\n", mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file away needs root")
def test_a_replaced_file_keeps_its_owner(tmp_path: Path, how: str) -> None:
    old = tmp_path / "old.txt"
    old.write_text("old\n")
    os.chown(old, 1234, 5678)
    old.chmod(0o640)
    atomic.write_text(old, "new\n")
    info = os.stat(old)
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (1234, 5678, 0o640)


@pytest.mark.usefixtures("umask")
@pytest.mark.parametrize(
    "command, written",
    [
        (["astra", "check", "astra-game.txt", "--final-state", "end.toml"], ["end.toml"]),
        (["cosmos", "check", "cosmos-game.txt", "--final-state", "end.toml"], ["end.toml"]),
        (["starcharts", "aid", "-o", "aid.pdf"], ["aid.pdf"]),
        (
            ["astra", "simulate", "--games", "2", "--jobs", "1", "--logs", "logs"],
            ["logs/game-1.txt"],
        ),
        (["printer", "set", "--paper", "letter"], []),
    ],
    ids=["astra-check", "cosmos-check", "pdf", "simulate-logs", "printer-set"],
)
def test_outputs_under_umask_077_are_private(
    run: Run, no_printer_profile: Path, command: list[str], written: list[str]
) -> None:
    for name in ("astra-game.txt", "cosmos-game.txt"):
        Path(name).write_bytes((EXAMPLES / name).read_bytes())
    os.umask(0o077)
    result = run(*command)
    assert result.exit_code == 0, result.output
    for path in [Path(p) for p in written] or [no_printer_profile]:
        assert _mode(path) == 0o600, path


@pytest.mark.usefixtures("umask")
def test_card_images_follow_the_umask(run: Run) -> None:
    os.umask(0o027)
    result = run("astra", "scoring-cards", "-o", "cards.pdf", "--png", "png", "--dpi", "50")
    assert result.exit_code == 0, result.output
    modes = {p.name: _mode(p) for p in [Path("cards.pdf"), *Path("png").iterdir()]}
    assert set(modes.values()) == {0o640}, modes
