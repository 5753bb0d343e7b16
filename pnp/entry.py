"""The ``pnp`` console script. It imports the command line inside the guard, so Ctrl-C
while Python is still starting up ends quietly rather than with a traceback."""

from __future__ import annotations

import gc
import sys


def main() -> None:
    try:
        from pnp.cli import main as run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted.\n")
        sys.exit(130)
    finally:
        # The process is ending: the collector's last pass over every object the run
        # made would only free memory the system takes back anyway, and it is a tenth
        # of a `score` run. Files are closed and streams flushed before this point.
        gc.freeze()
