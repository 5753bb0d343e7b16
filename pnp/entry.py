"""The ``pnp`` console script. It imports the command line inside the guard, so that
Ctrl-C while the modules load ends as it does later: "Aborted!", exit status 130. A
closed or broken stdout or stderr (``>&-``, ``| head -c1``) ends quietly, exit status 1,
and a closed stdin reads as the end of input."""

import codecs
import gc
import io
import os
import signal
import sys
from types import FrameType

from pnp.system.exits import INTERRUPTED, gone

# Objects a run may make before Python first looks for reference cycles; a scorer makes
# about 20,000 (the modules it loads), a kit or a simulation far more.
FIRST_COLLECTION = 50_000


def main() -> None:
    try:
        try:
            # Inside the guard: a Ctrl-C already pending runs Python's own handler here.
            signal.signal(signal.SIGINT, _interrupt)
            _collect_late()
            _open_closed_streams()
            _plain_streams()
            _typed_text()
            try:
                from pnp.cli import main as run

                run()
            finally:
                # Whatever the command left in the buffers goes now, while a failure can
                # still be told apart, rather than at exit as Python's own "Exception
                # ignored".
                for stream in (sys.stdout, sys.stderr):
                    stream.flush()
        finally:
            # The run is over, its outcome decided: a Ctrl-C now, or one put off till
            # now, could only cut the ending or Python's shutdown short. Our handler stops
            # raising first, before any call (Python runs handlers at calls; signal.signal
            # runs those of signals already noted), then it is replaced.
            _Run.over = True
            for ending in (signal.SIGINT, signal.SIGALRM):
                signal.signal(ending, signal.SIG_IGN)
            signal.setitimer(signal.ITIMER_REAL, 0)
            _Run.over = False  # neither handler is ours now
    except KeyboardInterrupt:
        _aborted()
    except BrokenPipeError:
        gone()
    except Exception as exc:
        if not interrupted(exc):
            raise
        _aborted()
    finally:
        # The process is ending: the collector's last pass over every object the run
        # made would only free memory the system takes back anyway, and it is a tenth
        # of a `score` run. Files are closed and streams flushed before this point.
        gc.freeze()


class _Run:
    over = False  # set as the run ends: a Ctrl-C then changes nothing


def _collect_late() -> None:
    """Python looks for reference cycles every 700 new objects, and the objects pnp loads
    live till the end: going over them again and again was a twentieth of a scorer's
    run. The first look waits for ``FIRST_COLLECTION`` objects (a scorer ends before);
    after it, a longer run collects as Python does."""
    usual = gc.get_threshold()

    def first_collection(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            gc.set_threshold(*usual)
            gc.callbacks.remove(first_collection)

    gc.set_threshold(FIRST_COLLECTION, *usual[1:])
    gc.callbacks.append(first_collection)


def _aborted() -> None:
    sys.stderr.write("\nAborted!\n")  # as click says it; the newline ends the ^C line
    sys.exit(INTERRUPTED)


def interrupted(exc: BaseException) -> bool:
    """Whether an error was raised while handling Ctrl-C: ReportLab's bare ``except:``
    clauses turn it into an error of their own (an interrupted font load is 'Corrupt TTF
    file "(ttf)"', a reference being written a KeyError)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C: a KeyboardInterrupt, but never where it would be lost. A module built in C
    turns any exception raised while it loads into an ImportError (numpy, which shapely
    loads, prints the interrupt's traceback and then "ImportError: numpy._core.multiarray
    failed to import"); code Python calls back from C (a weak reference's callback, a
    finalizer, ``__del__``) prints it as "Exception ignored" and carries on. So the
    interrupt waits until such a step is done, looking again every hundredth of a second."""
    if _Run.over:
        return
    if not _would_be_lost(frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGALRM, _interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.01)


def _would_be_lost(frame: FrameType | None) -> bool:
    while frame is not None:
        name, file = frame.f_code.co_name, frame.f_code.co_filename
        if file.startswith(_LOADING) or file.endswith(_CALLBACKS) or name in _FINALIZERS:
            return True
        frame = frame.f_back
    return False


_LOADING = "<frozen importlib"
_CALLBACKS = ("_weakrefset.py", "weakref.py", os.path.join("multiprocessing", "util.py"))
_FINALIZERS = ("__del__", "first_collection")  # the second: the collector calls it


def _open_closed_streams() -> None:
    """A standard stream closed when the run starts (``>&-``, ``<&-``) is opened again:
    stdin as an empty file (the end of input), stdout and stderr as a pipe with no
    reader, so that the first write ends the run as a broken pipe does. The numbers 0, 1
    and 2 are taken before any output file is opened, which could land on one of them."""
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        if fd == 0:
            _move(os.open(os.devnull, os.O_RDONLY), fd)
        else:
            read_end, write_end = os.pipe()
            _move(write_end, fd)
            if read_end != fd:  # else dup2 has closed it
                os.close(read_end)
        mode = "r" if fd == 0 else "w"
        stream = open(fd, mode, encoding="utf-8", closefd=False)  # noqa: SIM115 (open till exit)
        setattr(sys, name, stream)


def _plain_streams() -> None:
    """Stand-ins for what a stream's encoding cannot show (``pnp.system.plain``), loaded only
    where stdout or stderr is not UTF-8."""
    for stream in (sys.stdout, sys.stderr):
        if codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name != "utf-8":
            from pnp.system.plain import install

            install()
            return


def _typed_text() -> None:
    """Bytes typed at a prompt that stdin's encoding cannot read (``é`` in the C locale,
    a byte that is no UTF-8) read as U+FFFD, which no answer holds: the prompt says so and
    asks again, where ``readline`` would fail with UnicodeDecodeError."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")


def _move(fd: int, to: int) -> None:
    if fd != to:
        os.dup2(fd, to)
        os.close(fd)
