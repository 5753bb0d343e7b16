"""Where the shipped data and fonts live, in a source checkout and in an installed wheel.
The data's paths are strings: a scorer reads a few data files, and ``pathlib`` (with the
``urllib.parse`` it imports) would cost its start-up about 4 ms."""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # pnp/


@cache
def data_folder() -> str:
    """The game data: ``pnp/data`` in a wheel, ``data/`` beside the package in a checkout."""
    for candidate in (PACKAGE_DIR, os.path.dirname(PACKAGE_DIR)):
        folder = os.path.join(candidate, "data")
        if os.path.isdir(folder):
            return folder
    raise FileNotFoundError("pnp's data folder is missing; reinstall the package")


def data_file(*parts: str) -> str:
    """A shipped data file's path, by its parts below the data folder."""
    return os.path.join(data_folder(), *parts)


def read_data(*parts: str) -> tuple[str, str]:
    """A shipped data file's text and its path, by its parts below the data folder."""
    path = data_file(*parts)
    with open(path, encoding="utf-8") as file:
        return file.read(), path


def data_dir() -> Path:
    """The data folder as a ``Path``, for code that draws or lists it."""
    from pathlib import Path

    return Path(data_folder())


def __getattr__(name: str) -> Path:
    """``FONT_DIR``, the fonts' folder, made when first asked for (by code that draws)."""
    if name == "FONT_DIR":
        from pathlib import Path

        return Path(PACKAGE_DIR) / "fonts"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
