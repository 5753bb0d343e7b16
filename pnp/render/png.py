"""PDF pages to PNG images with pypdfium2 (the optional ``images`` extra), and card images
put together on a sheet. The only module that imports pypdfium2 and Pillow.

Every page we draw is DeviceGray, so pages render in grey (PNG mode L), or in RGB (R = G
= B) for whoever asks for it; sheets for Tabletop Simulator are RGB. A page's PNG records
its resolution (pHYs); Pillow writes no time stamp or other metadata unless asked, so the
same PDF gives the same PNG bytes."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pnp.errors import PnpError
from pnp.paper.units import pixels

if TYPE_CHECKING:
    from PIL.Image import Image

# pnp's own extra, installed from its folder (a package called pnp on PyPI is another)
INSTALL = "pip install pypdfium2 (or, in pnp's folder, pip install '.[images]')"


class NoRendererError(PnpError):
    """pypdfium2 is not installed."""


def check_renderer() -> None:
    """Raise ``NoRendererError`` (one line naming the extra) unless pypdfium2 imports."""
    try:
        import pypdfium2  # noqa: F401
    except ImportError:
        raise NoRendererError(
            f"PNG images need pypdfium2, which is not installed: {INSTALL}"
        ) from None


def pdf_pages_png(pdf: bytes, dpi: int, rgb: bool = False) -> list[bytes]:
    """Each page of ``pdf`` as a PNG at ``dpi``, which it records: the page's size at
    ``dpi`` rounded to whole pixels; grey, or with ``rgb`` RGB."""
    check_renderer()
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    pngs = []
    try:
        for n in range(len(document)):
            page = document[n]
            width, height = page.get_size()
            # pdfium rounds a side up: a last column or row less than half covered goes
            box = (0, 0, pixels(width, dpi), pixels(height, dpi))
            image = page.render(scale=dpi / 72, grayscale=True).to_pil().crop(box)
            pngs.append(_png(image.convert("RGB") if rgb else image, dpi))
    finally:
        document.close()
    return pngs


def pdf_page_gray(pdf: bytes, index: int, dpi: float) -> tuple[int, int, bytes]:
    """One page of ``pdf`` in grey at ``dpi``: width, height and one byte a pixel, rows
    top to bottom (the photo reader's blank sheet)."""
    check_renderer()
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = document[index].render(scale=dpi / 72, grayscale=True)
        width, height, stride = bitmap.width, bitmap.height, bitmap.stride
        data = bytes(bitmap.buffer)
    finally:
        document.close()
    return width, height, b"".join(data[r * stride : r * stride + width] for r in range(height))


def size(png: bytes) -> tuple[int, int]:
    """Width and height in pixels."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return image.size


def sheet(cards: Sequence[bytes], columns: int, rows: int, max_side: int) -> bytes:
    """``cards`` (PNGs of one size) left to right, top to bottom on a ``columns`` × ``rows``
    grid, each scaled down by one factor so the sheet is at most ``max_side`` pixels each
    way; empty cells stay white. In RGB (greys still): Tabletop Simulator's knowledge base
    says images for it must be RGB (kb.tabletopsimulator.com/custom-content/asset-creation)."""
    from PIL import Image

    width, height = size(cards[0])
    factor = min(1.0, max_side / (columns * width), max_side / (rows * height))
    cell = (math.floor(width * factor), math.floor(height * factor))
    grid = Image.new("L", (cell[0] * columns, cell[1] * rows), 255)
    for n, card in enumerate(cards):
        with Image.open(io.BytesIO(card)) as image:
            scaled = image.convert("L").resize(cell, Image.Resampling.LANCZOS)
        grid.paste(scaled, ((n % columns) * cell[0], (n // columns) * cell[1]))
    return _png(grid.convert("RGB"))


def scaled(png: bytes, max_side: int) -> bytes:
    """The image in RGB, scaled down to at most ``max_side`` pixels each way."""
    return sheet([png], 1, 1, max_side)


def _png(image: Image, dpi: int | None = None) -> bytes:
    """The PNG file; with ``dpi``, a pHYs chunk of round(dpi / 0.0254) pixels a metre."""
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, dpi=None if dpi is None else (dpi, dpi))
    return out.getvalue()
