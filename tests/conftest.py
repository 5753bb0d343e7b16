from __future__ import annotations

import gc
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

# Bytecode is kept between runs even where the environment says not to (this machine's
# image sets PYTHONDONTWRITEBYTECODE): else every test process, and every `pnp` a test
# starts, compiles pnp again and pytest rewrites every test module again (7 s a worker).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# A shell without job control starts a command in the background (`cmd &`) with Ctrl-C
# ignored, and every process it starts inherits that: the tests that press Ctrl-C on a
# `pnp` they start would see it ignored. They run as in a terminal, Ctrl-C as usual.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

Run = Callable[..., Result]


def pytest_collection_finish(session: pytest.Session) -> None:
    """The modules and test items loaded are kept for the whole run: the collector stops
    walking them, and collects a tenth as often (the PDF readers make many objects and
    few cycles): 8 % of the suite's time."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


@pytest.fixture(autouse=True)
def no_printer_profile(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test sees an empty printer profile of its own, never the user's."""
    from pnp.system.atomic import forget_inputs  # imported once bytecode may be kept

    path = tmp_path_factory.mktemp("config") / "printer.toml"
    monkeypatch.setenv("PNP_PRINTER", str(path))
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    forget_inputs()  # each test is a run of its own: no file read by an earlier test counts
    return path


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """Invoke the CLI in an empty folder: ``run("starcharts", "charts")``."""
    from pnp.cli import cli

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(cli, list(args), input=input, catch_exceptions=False)

    return invoke
