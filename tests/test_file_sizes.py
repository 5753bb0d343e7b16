"""Every Python file git tracks under pnp/, tests/, bench/ and scripts/ is at most 450
lines, to be read in one sitting: one that grows past is split by concern, not by size."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("pnp", "tests", "bench", "scripts")
MOST_LINES = 450


def _tracked() -> list[Path]:
    """The Python files git tracks in FOLDERS (none that are only on this disk)."""
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to list the tracked files")
    listed = subprocess.run(
        [git, "ls-files", "-z", "--", *FOLDERS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [ROOT / name for name in listed.split("\0") if name.endswith(".py")]


def _too_long(root: Path, files: Iterable[Path]) -> dict[str, int]:
    """Each file over MOST_LINES lines, by its path from ``root``, with its line count."""
    counts = {p: len(p.read_bytes().splitlines()) for p in files if p.is_file()}
    return {p.relative_to(root).as_posix(): n for p, n in counts.items() if n > MOST_LINES}


def test_no_python_file_is_over_450_lines() -> None:
    files = _tracked()
    assert {p.relative_to(ROOT).parts[0] for p in files} >= {"pnp", "tests", "scripts"}
    long = _too_long(ROOT, files)
    assert long == {}, f"over {MOST_LINES} lines, to split by concern: " + ", ".join(
        f"{path} ({n} lines)" for path, n in sorted(long.items())
    )


def test_a_file_over_450_lines_is_named_with_its_count(tmp_path: Path) -> None:
    (tmp_path / "short.py").write_text("x = 1\n" * MOST_LINES)
    (tmp_path / "long.py").write_text("x = 1\n" * MOST_LINES + "y = 2")  # no final newline
    named = [tmp_path / name for name in ("short.py", "long.py", "deleted.py")]
    assert _too_long(tmp_path, named) == {"long.py": MOST_LINES + 1}
