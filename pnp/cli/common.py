"""Writing a document from a command and saying what was written."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.outputs import check_output

if TYPE_CHECKING:
    from pnp.cli.options import Output
    from pnp.draw.shapes import Document

OUT = Path("out")


def emit(doc: Document, output: Output, default: str, scale: float = 1.0) -> None:
    """Write ``doc`` (scaled by the printer's correction) where ``output`` says."""
    from pnp.render.output import Format, render_one, svg_paths, write

    fmt = Format(output.fmt)
    doc = doc.scaled(scale)
    if output.stdout:
        if fmt is Format.SVG and len(doc.pages) > 1:
            raise click.UsageError(
                f"an SVG file holds one page and this document has {len(doc.pages)}: "
                "write them with -o FILE.svg"
            )
        sys.stdout.buffer.write(render_one(doc, fmt))
        sys.stdout.buffer.flush()
        return
    path = output.path or OUT / f"{default}.{fmt.value}"
    # Again now that the inputs are read (a chart file named as the output is caught
    # here), and before the drawing is rendered.
    for target in svg_paths(path, len(doc.pages)) if fmt is Format.SVG else [path]:
        check_output(target, "--output")
    written = write(doc, path, fmt)
    pages = len(doc.pages)
    shown = str(written[0]) if len(written) == 1 else f"{written[0]} … {written[-1].name}"
    click.echo(f"wrote {shown} ({pages} page{'s' if pages != 1 else ''})")
