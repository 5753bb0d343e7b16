"""Whole numbers typed as options: ASCII digits only, like every number pnp reads from a
file (``pnp.parsing.whole_number``). click's ``IntRange`` calls ``int()``, which takes
``٣``, ``３``, ``1_0`` and `` 3 `` as numbers."""

from __future__ import annotations

from typing import Any

import click


class WholeRange(click.IntRange):
    """``click.IntRange`` that reads ASCII digits only (no more than ``max`` has: a 5,000-digit
    number is refused before ``int()``)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            digits = value.lstrip("0") or "0"
            if not (value.isascii() and value.isdigit() and len(digits) <= len(str(self.max))):
                self.fail(
                    f"expected a whole number from {self.min} to {self.max} in the digits "
                    f"0-9, got {click.utils.make_str(value)[:40]!r}",
                    param,
                    ctx,
                )
        return super().convert(value, param, ctx)
