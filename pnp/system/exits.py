"""How a run ends when it cannot go on as asked: the exit status of a Ctrl-C, and the
quiet end of a run whose output is gone. Shared by the console script (``pnp.entry``)
and the command line (``pnp.cli``), which it must not import."""

import os
import sys

INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command stopped by Ctrl-C


def gone() -> None:
    """End quietly a run whose stdout or stderr cannot be written: nothing more is
    written to either, and nothing is left for Python to flush at exit."""
    null = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.exit(1)
