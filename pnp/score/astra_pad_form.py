"""A filled Astra score pad (``pnp astra score-pad --fillable``, typed in a PDF viewer)
read into each filled pad's values (``pnp.score.astra_pad_values``), with the limits and
one-line errors of the other form readers. pypdf is imported only here."""

from __future__ import annotations

import re

from pnp.errors import shown
from pnp.score.astra_pad import ROWS, UNREAD
from pnp.score.astra_pad_values import PLAYER_COLUMNS, PadError, PadValue
from pnp.score.form_fields import form_fields
from pnp.text.parsing import read_input

MAX_PDF_BYTES = 20_000_000  # a page of two pads with fields is about 100 kB
MAX_FIELDS = 20_000  # two pads of 5 columns have 80 fields
_DIGITS = {**dict.fromkeys(ROWS, 3), "total": 4}  # the combs' boxes


def read_pad_forms(path: str) -> list[tuple[str, dict[str, PadValue]]]:
    """The values typed in each pad of the filled page at ``path`` that has any (named
    ``path`` when one has, ``path, pad 2`` when both have), by cell (``p2.stardust``)."""
    fields = form_fields(path, read_input(path, MAX_PDF_BYTES), MAX_FIELDS, PadError)
    if "pad1.p1.fame" not in fields:
        if any(re.fullmatch(r"p[0-9]+\.chart", name) for name in fields):
            kind = "this is a fillable Star Charts sheet, not"
        elif "pad1.p1.nebulae" in fields:
            kind = "this is a fillable Crafting the Cosmos score pad, not"
        else:
            kind = "not"
        raise PadError(
            [
                f"{path}: {kind} a fillable Astra score pad: fill the PDF that "
                "`pnp astra score-pad --fillable` makes"
            ]
        )
    pads: list[tuple[int, dict[str, PadValue]]] = []
    problems = []
    for n in (1, 2):
        values: dict[str, PadValue] = {}
        for k in range(1, PLAYER_COLUMNS + 1):
            for row, digits in _DIGITS.items():
                name = f"pad{n}.p{k}.{row}"
                typed = fields.get(name, "")
                if not typed:
                    continue
                if typed.isascii() and typed.isdigit() and len(typed) <= digits:
                    values[f"p{k}.{row}"] = int(typed)
                else:
                    most = f"up to {digits} digits"
                    problems.append(
                        f"{path}: field {name}: {shown(typed)} is not a number ({most})"
                    )
                    values[f"p{k}.{row}"] = UNREAD
        if values:
            pads.append((n, values))
    if problems:
        raise PadError(problems)
    if not pads:
        raise PadError([f"{path}: neither pad of the page is filled in"])
    if len(pads) == 1:
        return [(path, pads[0][1])]
    return [(f"{path}, pad {n}", values) for n, values in pads]
