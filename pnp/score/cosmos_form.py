"""A filled Crafting the Cosmos score pad (``pnp cosmos score-pad --fillable``, typed in a
PDF viewer) read into the pad's values (``pnp.score.cosmos_pad``), with the limits and
one-line errors of the Star Charts form reader. pypdf is imported only here."""

from __future__ import annotations

import re

from pnp.cosmos.record_file import UNREAD
from pnp.errors import shown
from pnp.score.cosmos_pad import PadError, PadValue
from pnp.score.form_fields import form_fields
from pnp.text.parsing import read_input

MAX_PDF_BYTES = 20_000_000  # a pad with fields is about 100 kB
MAX_FIELDS = 20_000  # the pad has 120 fields
_PAD = "pad1."


def read_pad_form(path: str) -> dict[str, PadValue]:
    """The values typed in the filled pad at ``path``, by pad cell (``p2.nebulae``)."""
    from pnp.cosmos.pad_rows import cells

    fields = form_fields(path, read_input(path, MAX_PDF_BYTES), MAX_FIELDS, PadError)
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
