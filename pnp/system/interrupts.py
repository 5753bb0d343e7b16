"""Ctrl-C held off while a step must not be cut short (a file put in place, processes
forked), then delivered as a KeyboardInterrupt once the step is done; and the start of a
forked process, which leaves Ctrl-C to its parent and dies with it."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def held() -> Iterator[None]:
    """SIGINT is blocked for the thread (so that a process forked meanwhile is not born
    with one pending it has not chosen to ignore) and, as Python runs a signal's handler
    later than the signal comes, one that came just before the block is only noted: an
    interrupt raised inside the step (in multiprocessing's bookkeeping, say) would leave
    it half done. So is SIGALRM, which brings a Ctrl-C that had to wait (``pnp.entry``).
    What was noted is handled when the step ends. Windows has no signal masks."""
    caught: list[int] = []
    previous: dict[int, Any] = {}  # each signal's handler, as signal.signal gives it
    try:
        for held_signal in _HELD:
            previous[held_signal] = signal.signal(held_signal, lambda n, _: caught.append(n))
    except ValueError:  # not the main thread: only the main thread gets Python's handlers
        pass
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD) if _MASKS else None
    try:
        yield
    finally:
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a blocked one is noted now
        for restored, handler in previous.items():
            if handler is not None:
                signal.signal(restored, handler)
        for number in dict.fromkeys(caught):  # each once, in the order they came
            if callable(previous.get(number)):
                previous[number](number, None)


_HELD = {signal.SIGINT, signal.SIGALRM}
_MASKS = hasattr(signal, "pthread_sigmask")
_PR_SET_PDEATHSIG = 1  # prctl(2)


def child_of(parent: int) -> None:
    """Start a process forked (inside ``held``) by ``parent``: Ctrl-C reaches the whole
    process group, and it is the parent's to handle, so this one ignores it; a parent
    killed outright (SIGKILL, the OOM killer) takes it along, else it would work on and
    end with a traceback on the terminal."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    if sys.platform == "linux":
        import ctypes

        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # it died before the line above
            os._exit(1)
