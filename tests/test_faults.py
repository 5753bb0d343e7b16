"""The fault test of issue 18: `pnp kit` and every command that writes files, killed at
random moments (50 times with SIGKILL, 50 with SIGINT): every file left is the old one
or the complete new one, and after Ctrl-C no temporary file remains. See
scripts/fault_kill.py; about a minute."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parent.parent / "scripts" / "fault_kill.py"


@pytest.mark.slow
def test_killed_commands_leave_old_or_whole_files() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--kills", "50", "--seed", "18"],
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SIGKILL: 50 runs" in result.stdout and "SIGINT: 50 runs, 0 temporary" in result.stdout
    assert result.stdout.endswith("OK\n")
