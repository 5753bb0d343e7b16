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
    assert len(SHOWN) == 5


@pytest.mark.parametrize(("command", "shown"), SHOWN, ids=[c for c, _ in SHOWN])
def test_shown_output_is_current(command: str, shown: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(command), catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout == shown


def test_the_two_set_up_commands_are_the_ones_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert f"```sh\n{ci}\n```" in README
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
