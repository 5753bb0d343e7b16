"""``simulate --cluster`` (issue 31, point 3): the games played on a Dask cluster, a local
one started for the run or a scheduler already running, give the summary and the logs of
one process, byte for byte; a cluster that cannot be used is one line and exit status 1.
Every address is on the loopback."""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import distributed
import pytest

from pnp import __version__
from pnp.errors import PnpError
from pnp.play import cluster, cosmos_simulate
from tests.conftest import Run
from tests.test_interrupts import Run as Started
from tests.test_interrupts import _children, assert_aborted

LocalCluster: Any = distributed.LocalCluster  # partly typed: its constructor is not
GAMES = {  # a few games each, cut into blocks of one (so that they end out of order)
    "starcharts": ["--chart", "lyra-8", "--players", "2", "--games", "6"],
    "astra": ["--players", "2", "--games", "3"],
    "cosmos": ["--players", "2", "--games", "4"],
}


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a scheduler with two workers (processes), as one already running."""
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
        silence_logs=logging.CRITICAL,
    ) as running:
        yield running.scheduler_address


def _played(run: Run, args: list[str], logs: str) -> tuple[str, dict[str, bytes]]:
    result = run(*args, "--logs", logs)
    assert result.exit_code == 0, result.output
    return result.output, {p.name: p.read_bytes() for p in sorted(Path(logs).iterdir())}


@pytest.mark.parametrize("game", GAMES)
def test_a_local_cluster_plays_what_one_process_plays(run: Run, game: str) -> None:
    args = [game, "simulate", *GAMES[game]]
    alone = _played(run, [*args, "--jobs", "1"], "one")
    assert _played(run, [*args, "--jobs", "2", "--cluster", "local"], "local") == alone
    assert len(alone[1]) == int(args[-1]) and alone[0].strip()


def test_a_running_scheduler_plays_what_one_process_plays(run: Run, scheduler: str) -> None:
    args = ["astra", "simulate", "--solo", "--games", "5", "--seed", "7"]
    alone = _played(run, [*args, "--jobs", "1"], "one")
    assert _played(run, [*args, "--cluster", scheduler], "cluster") == alone


def test_progress_counts_every_game_on_a_cluster(scheduler: str) -> None:
    ticks: list[int] = []
    on = cosmos_simulate.simulate(3, 9, 2, "random", True, ticks.append, cluster=scheduler)
    assert on == cosmos_simulate.simulate(3, 9, 2, "random", True, jobs=1)
    assert sum(ticks) == 9 and len(ticks) > 1


def _one_line_error(run: Run, address: str) -> str:
    result = run("cosmos", "simulate", "--games", "2", "--cluster", address)
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    return result.output


def test_an_unreachable_scheduler_is_one_line_soon(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    start = time.monotonic()
    said = _one_line_error(run, "tcp://127.0.0.1:1")
    assert said.startswith("cannot reach the Dask scheduler at tcp://127.0.0.1:1")
    assert time.monotonic() - start < 5


def test_a_scheduler_without_workers_is_one_line(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty:
        said = _one_line_error(run, empty.scheduler_address)
    assert said.startswith("no worker joined the Dask scheduler")


def test_a_malformed_address_is_one_line(run: Run) -> None:
    assert "unknown address scheme" in _one_line_error(run, "udp://127.0.0.1:8786")


def test_without_the_extra_cluster_says_how_to_install_it(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # its import fails
    assert _one_line_error(run, "local") == cluster.EXTRA + "\n"


def test_a_scheduler_whose_workers_run_another_pnp_is_one_line(
    run: Run, scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "__version__", "0.0.0")  # this run's, not the workers'
    said = _one_line_error(run, scheduler)
    assert said.startswith("the worker at tcp://127.0.0.1:") and "this run pnp 0.0.0" in said


def test_a_worker_with_another_pnp_refuses_the_block() -> None:
    with pytest.raises(PnpError, match=r"a worker runs pnp \S+, this run pnp 0\.0\.0"):
        cluster._checked("0.0.0", list, range(3))
    assert cluster._checked(__version__, list, range(3)) == [0, 1, 2]


def test_ctrl_c_on_a_local_cluster_ends_its_workers_without_a_traceback(
    tmp_path: Path,
) -> None:
    args = ["--games", "400", "--jobs", "2", "--cluster", "local", "--logs", "l"]
    run = Started(tmp_path, "astra", "simulate", *args)
    run.wait_for(lambda: len(_children(run.proc.pid)) >= 3, "workers started")
    time.sleep(1)
    assert_aborted(run, run.interrupt())
    assert not (tmp_path / "l").exists()


class _Ended:
    """A block's future that has ended."""

    def __init__(self, key: str, value: list[int]) -> None:
        self.key, self.value = key, value

    def result(self) -> list[int]:
        return self.value


def test_blocks_that_end_out_of_order_come_back_in_order() -> None:
    parts = [range(0, 2), range(2, 3), range(3, 6)]
    futures = [_Ended(f"block-{n}", list(part)) for n, part in enumerate(parts)]
    pending: dict[int, Any] = dict(enumerate(futures))
    ticks: list[int] = []
    ended = [futures[2], futures[0], futures[1]]
    taken: list[list[int]] = list(cluster._in_order(parts, pending, ended, ticks.append))
    assert taken == [[0, 1], [2], [3, 4, 5]]
    assert ticks == [3, 2, 1] and pending == {}
