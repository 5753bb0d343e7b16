"""Simulated games split across processes. Game ``k`` is seeded by the run's seed and
``k`` alone, the games are cut into contiguous blocks, and the blocks' results are merged
in order, so any number of jobs gives the same summary and the same logs, and so does a
Dask cluster (``pnp.play.cluster``) that plays the blocks instead."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import fields
from typing import TYPE_CHECKING, TypeVar

from pnp.system.interrupts import child_of, held

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T")
S = TypeVar("S", bound="DataclassInstance")
MAX_BLOCK = 20  # games; small enough that a progress bar moves, big enough to be cheap


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def blocks(games: int, jobs: int) -> list[range]:
    """Contiguous blocks of game indices, several a job so that the jobs end together."""
    size = max(1, min(MAX_BLOCK, -(-games // (jobs * 8))))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def run_blocks(
    work: Callable[[range], T],
    games: int,
    jobs: int,
    progress: Callable[[int], object] | None = None,
    cluster: str | None = None,
) -> Iterator[T]:
    """``work`` on every block, in order; in this process when one job is asked for, on
    the Dask cluster at ``cluster`` (``"local"``: one of ``jobs`` processes) when one is.
    ``work`` must be picklable (a module-level function or a partial of one).

    Ctrl-C reaches the workers too (the terminal signals the whole process group): they
    ignore it, and this process, stopped by it, ends them at once rather than waiting for
    the blocks they are playing."""
    if cluster is not None:
        from pnp.play.cluster import run_on

        yield from run_on(cluster, work, games, jobs, progress, blocks)
        return
    parts = blocks(games, jobs)
    if jobs <= 1 or len(parts) <= 1:
        results: Iterator[T] = map(work, parts)
        yield from _counted(parts, results, progress)
        return
    from multiprocessing import Pool

    # SIGINT waits while the workers are forked, so that none is born before it ignores
    # the signal; this process gets it (a KeyboardInterrupt) once they are.
    with held():
        pool = Pool(min(jobs, len(parts)), initializer=child_of, initargs=(os.getpid(),))
    with pool:  # its end terminates the workers, idle or not
        yield from _counted(parts, pool.imap(work, parts), progress)


def gather(
    work: Callable[[range], tuple[S, list[str]]],
    games: int,
    jobs: int,
    progress: Callable[[int], object] | None,
    total: S,
    cluster: str | None = None,
) -> tuple[S, list[str]]:
    """Every block's summary merged into ``total``, and every block's logs, in order."""
    logs: list[str] = []
    for part, texts in run_blocks(work, games, jobs, progress, cluster):
        merge(total, part)
        logs += texts
    return total, logs


def _counted(
    parts: list[range], results: Iterator[T], progress: Callable[[int], object] | None
) -> Iterator[T]:
    for part, result in zip(parts, results, strict=True):
        if progress is not None:
            progress(len(part))
        yield result


def merge(total: S, part: S) -> None:
    """Add a dataclass of counts (ints, lists and Counters) into another of its kind.
    Counters keep their first-seen order, as if one process had counted every game."""
    for f in fields(total):
        mine, theirs = getattr(total, f.name), getattr(part, f.name)
        if isinstance(mine, Counter):
            mine.update(theirs)
        elif isinstance(mine, list):
            mine.extend(theirs)
        elif isinstance(mine, int):
            setattr(total, f.name, mine + theirs)
        else:
            raise TypeError(f"cannot merge field {f.name!r} of {type(total).__name__}")
