"""The code stays ruff- and mypy-clean: CI runs these with the tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff() -> None:
    lint = _run("ruff", "check", ".")
    assert lint.returncode == 0, lint.stdout
    fmt = _run("ruff", "format", "--check", ".")
    assert fmt.returncode == 0, fmt.stdout


def test_mypy_strict() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout
