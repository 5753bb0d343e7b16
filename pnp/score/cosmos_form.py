"""A filled Crafting the Cosmos score pad (``pnp cosmos score-pad --fillable``, typed in a
PDF viewer) read into the pad's values (``pnp.score.cosmos_pad``), with the limits and
one-line errors of the Star Charts form reader. pypdf is imported only here."""

from __future__ import annotations

import io
import re
from typing import Any

from pnp.cosmos.record_file import UNREAD
from pnp.parsing import read_input, shown
from pnp.score.cosmos_pad import PadError, PadValue

MAX_PDF_BYTES = 20_000_000  # a pad with fields is about 100 kB
MAX_FIELDS = 20_000  # the pad has 120 fields
INSTALL = "pip install pypdf (or, in pnp's folder, pip install '.[scan]')"
_PAD = "pad1."


def read_pad_form(path: str) -> dict[str, PadValue]:
    """The values typed in the filled pad at ``path``, by pad cell (``p2.nebulae``)."""
    from pnp.cosmos.pad_rows import cells

    fields = _form_fields(path, read_input(path, MAX_PDF_BYTES))
    if f"{_PAD}p1.nebulae" not in fields:
        if any(re.fullmatch(r"p[0-9]+\.chart", name) for name in fields):
            kind = "this is a fillable Star Charts sheet, not"
        elif any(re.fullmatch(r"pad[0-9]+\.p[0-9]+\..*", name) for name in fields):
            kind = "this is a fillable Astra score pad, not"
        else:
            kind = "not"
        raise PadError(
            [
                f"{path}: {kind} a fillable Crafting the Cosmos score pad: fill the PDF that "
                "`pnp cosmos score-pad --fillable` makes"
            ]
        )
    values: dict[str, PadValue] = {}
    problems = []
    for cell, digits in cells():
        typed = fields.get(_PAD + cell, "")
        if not typed:
            values[cell] = None
        elif typed.isascii() and typed.isdigit() and len(typed) <= digits:
            values[cell] = int(typed)
        else:
            most = f"up to {digits} digits" if digits > 1 else "one digit"
            problems.append(f"{path}: field {_PAD}{cell}: {shown(typed)} is not a number ({most})")
            values[cell] = UNREAD
    if problems:
        raise PadError(problems)
    return values


def _form_fields(path: str, data: bytes) -> dict[str, str]:
    """Every form field's full name and value. pypdf raises many kinds of exception on
    a damaged file: any of them is this one line."""
    import logging

    try:
        from pypdf import PdfReader
    except ImportError:
        raise PadError([f"{path}: reading filled PDF forms needs pypdf: {INSTALL}"]) from None
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings are not ours to show
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise PadError([f"{path}: the PDF is encrypted: save it without a password"])
        found = reader.get_fields() or {}
        if len(found) > MAX_FIELDS:
            raise PadError(
                [f"{path}: {len(found):,} form fields is over the limit of {MAX_FIELDS:,}"]
            )
        return {str(name): _text(field.get("/V")) for name, field in found.items()}
    except PadError:
        raise
    except Exception as exc:  # pypdf raises many kinds on a damaged file
        raise PadError([f"{path}: not a PDF pnp can read ({type(exc).__name__})"]) from None


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()
