"""Simulated games on a Dask cluster (``simulate --cluster``): the blocks that
``pnp.play.parallel`` cuts are sent to a running scheduler, or to a local cluster started
for the run, and their results are taken back in the blocks' order, so the summary and the
logs are those of one process. Dask is imported here only, when a run asks for a cluster.

A worker plays a block by calling the module-level function a local process would call:
the function travels by name, so every worker needs this version of pnp installed."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from pnp import __version__
from pnp.errors import PnpError
from pnp.system.interrupts import held

T = TypeVar("T")
LOCAL = "local"  # --cluster local: a cluster of --jobs processes on this machine
CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler, and for a first worker to join
EXTRA = "--cluster needs the cluster extra: pip install 'pnp[cluster]'"


class ClusterError(PnpError):
    """The cluster cannot be used: Dask missing, a scheduler out of reach, no worker, a
    worker lost, or one running another version of pnp."""


def run_on(
    address: str,
    work: Callable[[range], T],
    games: int,
    jobs: int,
    progress: Callable[[int], object] | None,
    cut: Callable[[int, int], list[range]],
) -> Iterator[T]:
    """``work`` on every block of the ``games`` (``cut(games, threads)``, as
    ``pnp.play.parallel.blocks`` cuts them) on the cluster at ``address`` (or on a local
    one of ``jobs`` processes), the results in the blocks' order, each counted by
    ``progress`` as it comes. Stopped early (Ctrl-C, a block's error) it cancels the
    blocks not yet played and lets go of the cluster."""
    distributed = _dask()
    lost = (OSError, distributed.CancelledError, distributed.KilledWorker)
    with _connected(distributed, address, jobs) as client:
        threads: int = sum(client.nthreads().values())
        parts = cut(games, max(1, threads))
        n = len(parts)
        futures: list[Any] = client.map(_checked, [__version__] * n, [work] * n, parts, pure=False)
        pending = dict(enumerate(futures))
        ended = distributed.as_completed(futures, loop=client.loop)
        del futures  # each block's result is let go of once it is taken
        try:
            yield from _in_order(parts, pending, ended, progress)
        except lost as exc:
            raise ClusterError(f"the cluster at {address} failed: {_said(exc)}") from None
        finally:
            client.cancel(list(pending.values()))


def _in_order(
    parts: list[range],
    pending: dict[int, Any],
    ended: Iterable[Any],
    progress: Callable[[int], object] | None,
) -> Iterator[T]:
    """The blocks' results in order, as they end in any order; ``pending`` keeps the
    blocks not yet taken."""
    index = {future.key: n for n, future in pending.items()}
    taken: dict[int, T] = {}
    following = 0
    for future in ended:
        n = index[future.key]
        result: T = future.result()
        taken[n] = result
        del pending[n]
        if progress is not None:
            progress(len(parts[n]))
        while following in taken:
            yield taken.pop(following)
            following += 1


def _dask() -> Any:
    """The module ``distributed``, partly typed: what comes out of it is typed where it
    is used."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(EXTRA) from None
    return distributed


@contextmanager
def _connected(distributed: Any, address: str, jobs: int) -> Iterator[Any]:
    """A client of the scheduler at ``address`` with a worker at least, or of a local
    cluster of ``jobs`` processes (a thread each) started for it; both closed after."""
    from multiprocessing import resource_tracker

    if address == LOCAL:
        # Ctrl-C reaches the whole process group, and it is this process's to handle: the
        # threads that start the workers, and so the workers, are born with it blocked.
        # multiprocessing's resource tracker, started from one of them, would unblock it
        # there: it is started first. The web server takes a free port (8787 may be taken).
        resource_tracker.ensure_running()
        with held():
            local = distributed.LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",  # a scheduler runs what it is sent: none from outside
                dashboard_address=":0",
                silence_logs=logging.CRITICAL,  # a worker's end (the run's) logs errors
            )
        with local, distributed.Client(local, set_as_default=False) as client:
            yield client
        return
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {_said(exc)}") from None
    with client:
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except TimeoutError:
            raise ClusterError(
                f"no worker joined the Dask scheduler at {address} in {CONNECT_TIMEOUT:g} s"
            ) from None
        _same_pnp(client, address)
        yield client


def _same_pnp(client: Any, address: str) -> None:
    """Every worker of the scheduler at ``address`` runs the version of pnp this run
    does: one without it would end as it reads its first block, and the run wait for
    workers for ever. (One that joins later is checked by each block it plays.)"""
    import pkgutil

    try:
        found: dict[str, str] = client.run(pkgutil.resolve_name, f"{__name__}:__version__")
    except (ImportError, AttributeError) as exc:
        raise ClusterError(f"a worker of {address} lacks pnp {__version__}: {_said(exc)}") from None
    for worker, version in found.items():
        if version != __version__:
            raise ClusterError(
                f"the worker at {worker} runs pnp {version}, this run pnp {__version__}"
            )


def _checked(version: str, work: Callable[[range], T], block: range) -> T:
    """``work(block)``, on a worker that runs the version of pnp the run does."""
    if version != __version__:
        raise ClusterError(f"a worker runs pnp {__version__}, this run pnp {version}")
    return work(block)


def _said(exc: BaseException) -> str:
    """An exception's message on one line."""
    return " ".join(str(exc).split()) or type(exc).__name__
