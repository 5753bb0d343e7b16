"""Writing a document from a command and saying what was written."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from pnp.draw.shapes import Document

OUT = Path("out")


def emit(doc: Document, output: Path | None, default: str, fmt: str) -> None:
    from pnp.render.output import Format, write

    path = output or OUT / f"{default}.{fmt}"
    written = write(doc, path, Format(fmt))
    pages = len(doc.pages)
    shown = str(written[0]) if len(written) == 1 else f"{written[0]} … {written[-1].name}"
    click.echo(f"wrote {shown} ({pages} page{'s' if pages != 1 else ''})")
