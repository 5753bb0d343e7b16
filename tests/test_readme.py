"""The README's shown outputs are what the commands print today."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SHOWN = re.findall(r"<!-- output: pnp (.+?) -->\n```\n(.*?)```", README, re.S)


def test_the_readme_shows_outputs() -> None:
    assert len(SHOWN) == 6


@pytest.mark.parametrize(("command", "shown"), SHOWN, ids=[c for c, _ in SHOWN])
def test_shown_output_is_current(command: str, shown: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(command), catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout == shown


def test_the_two_set_up_commands_are_the_ones_ci_runs() -> None:
    tests = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && "
    tests += ".venv/bin/python -m pytest -q"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci and f"```sh\n{tests}\n```" in README
    assert any("PNP_MYPYC=1" in line and "scripts/compare_builds.py" in line for line in ci)
    assert (
        "```sh\npython3 -m venv .venv && .venv/bin/pip install . && .venv/bin/pnp kit\n```"
        in README
    )


def test_the_shown_warning_is_what_score_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["starcharts", "score", "docs/examples/finished.txt"])
    assert result.exit_code == 0
    (warning,) = result.stderr.splitlines()
    assert f"```\n{warning}\n```" in README
