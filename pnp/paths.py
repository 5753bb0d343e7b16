"""Where the shipped data and fonts live, in a source checkout and in an installed wheel."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
FONT_DIR = PACKAGE_DIR / "fonts"


def data_dir() -> Path:
    """The game data: ``pnp/data`` in a wheel, ``data/`` beside the package in a checkout."""
    for candidate in (PACKAGE_DIR / "data", PACKAGE_DIR.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("pnp's data folder is missing; reinstall the package")
