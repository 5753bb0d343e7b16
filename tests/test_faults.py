"""The fault test of issue 18: `pnp kit` and every command that writes files, of the three
games, killed at random moments (50 times with SIGKILL, 50 with SIGINT): every file left
is the old one or the complete new one, and after Ctrl-C no temporary file remains; one
left by a kill is removed by the next run. See scripts/fault_kill.py; 10–25 s each."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parent.parent / "scripts" / "fault_kill.py"


@pytest.mark.slow
@pytest.mark.parametrize("how", [[], ["--no-tmpfile"]], ids=["tmpfile", "no-tmpfile"])
def test_killed_commands_leave_old_or_whole_files(how: list[str]) -> None:
    """Also as on a system without O_TMPFILE: a kill while writing leaves a temporary
    file, which the next run must remove (issue 28, point 11)."""
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--kills", "50", "--seed", "18", *how],
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SIGKILL: 50 runs" in result.stdout and "SIGINT: 50 runs, 0 temporary" in result.stdout
    assert result.stdout.endswith("OK\n")


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fault_kill", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fault_kill"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


LOST = (
    "Exception ignored in: <function _get_module_lock.<locals>.cb at 0x7f5ac0b80b80>\n"
    "Traceback (most recent call last):\n"
    '  File "<frozen importlib._bootstrap>", line 198, in cb\n'
    "KeyboardInterrupt: \n"
)

ARGV0 = (
    "Failed checking if argv[0] is an import path entry\n"
    "Traceback (most recent call last):\n"
    '  File "<frozen zipimport>", line 75, in __init__\n'
    '  File "<frozen importlib._bootstrap_external>", line 147, in _path_stat\n'
    "KeyboardInterrupt\n"
)


@pytest.mark.parametrize(
    ("code", "stderr", "kind"),
    [
        (130, "^C\nAborted!\n", "aborted"),
        (0, "", "finished"),
        (-2, "", "python"),
        (
            1,
            'Traceback (most recent call last):\n  File "x/pnp/entry.py", line 3, in <module>\n'
            "KeyboardInterrupt\n",
            "python",
        ),
        (0, LOST, "python"),  # lost by Python's imports before pnp's handler was set
        (0, ARGV0, "python"),  # lost as Python starts
        (
            1,
            "Fatal Python error: init_sys_streams: can't initialize sys standard streams\n"
            "Python runtime state: core initialized\n",
            "python",
        ),
        (1, "out/sheet.pdf: Permission denied\n", "wrong"),
        (
            1,
            'Traceback (most recent call last):\n  File "x/pnp/kit.py", line 3, in build\n'
            "KeyboardInterrupt\n",
            "wrong",
        ),
        (0, LOST.replace("<frozen importlib._bootstrap>", "/x/pnp/kit.py"), "wrong"),
        (130, LOST + "Aborted!\n", "wrong"),
    ],
)
def test_how_an_interrupted_run_is_told(code: int, stderr: str, kind: str) -> None:
    assert _script()._interrupted(code, stderr) == kind
