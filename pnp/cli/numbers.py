"""Whole numbers typed as options: ASCII digits only, like every number pnp reads from a
file (``pnp.text.parsing.whole_number``). click's ``IntRange`` calls ``int()``, which takes
``٣``, ``３``, ``1_0`` and `` 3 `` as numbers."""

from __future__ import annotations

from typing import Any

import click


class WholeRange(click.IntRange):
    """``click.IntRange`` that reads ASCII digits only (no more than ``max`` has: a 5,000-digit
    number is refused before ``int()``)."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        super().__init__(low, high)
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):  # a default, or a value given by code
            return super().convert(value, param, ctx)
        digits = value.lstrip("0") or "0"
        fits = value.isascii() and value.isdigit() and len(digits) <= len(str(self.high))
        if not fits or not self.low <= int(digits) <= self.high:
            self.fail(
                f"expected a whole number from {self.low} to {self.high} (the digits 0-9), "
                f"got {value[:40]!r}",
                param,
                ctx,
            )
        return int(digits)
