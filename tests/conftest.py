from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pnp.atomic import forget_inputs
from pnp.cli import cli

Run = Callable[..., Result]


@pytest.fixture(autouse=True)
def no_printer_profile(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test sees an empty printer profile of its own, never the user's."""
    path = tmp_path_factory.mktemp("config") / "printer.toml"
    monkeypatch.setenv("PNP_PRINTER", str(path))
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    forget_inputs()  # each test is a run of its own: no file read by an earlier test counts
    return path


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """Invoke the CLI in an empty folder: ``run("starcharts", "charts")``."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(cli, list(args), input=input, catch_exceptions=False)

    return invoke
