"""The ``pnp`` console script. It imports the command line inside the guard, so Ctrl-C
while Python is still starting up ends quietly rather than with a traceback."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from pnp.cli import main as run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted.\n")
        sys.exit(130)
