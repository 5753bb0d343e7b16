"""The fields of a filled PDF form, read with pypdf (the ``scan`` extra), for every
game's reader of filled sheets and pads."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

INSTALL = "pip install pypdf (or, in pnp's folder, pip install '.[scan]')"


def form_fields(
    path: str, data: bytes, most: int, fail: Callable[[list[str]], Exception]
) -> dict[str, str]:
    """Every form field's full name and value, at most ``most`` fields; ``fail`` makes
    the error raised, in one line (pypdf raises many kinds of exception on a damaged
    file: any of them is that line)."""
    import logging

    try:
        from pypdf import PdfReader
    except ImportError:
        raise fail([f"{path}: reading filled PDF forms needs pypdf: {INSTALL}"]) from None
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings are not ours to show
    try:
        reader = PdfReader(io.BytesIO(data))
        encrypted = reader.is_encrypted
        found = {} if encrypted else (reader.get_fields() or {})
    except Exception as exc:  # pypdf raises many kinds on a damaged file
        raise fail([f"{path}: not a PDF pnp can read ({type(exc).__name__})"]) from None
    if encrypted:
        raise fail([f"{path}: the PDF is encrypted: save it without a password"])
    if len(found) > most:
        raise fail([f"{path}: {len(found):,} form fields is over the limit of {most:,}"])
    try:
        return {str(name): _text(field.get("/V")) for name, field in found.items()}
    except Exception as exc:  # a field's value may itself be damaged
        raise fail([f"{path}: not a PDF pnp can read ({type(exc).__name__})"]) from None


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()
