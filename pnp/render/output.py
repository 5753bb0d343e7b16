"""Writing documents: preflight every page, render, and write atomically."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from pnp.draw.shapes import Document
from pnp.errors import PnpError
from pnp.system import atomic


class Format(Enum):
    PDF = "pdf"
    SVG = "svg"


class PreflightError(PnpError):
    pass


def check(doc: Document) -> None:
    from pnp.render.preflight import preflight

    found: dict[int, list[str]] = {}  # a page the document repeats is checked once
    problems = []
    for n, page in enumerate(doc.pages, 1):
        if id(page) not in found:
            found[id(page)] = preflight(page)
        problems += [f"{doc.title}, page {n}: {message}" for message in found[id(page)]]
    if problems:
        raise PreflightError("\n".join(problems))


def svg_paths(path: Path, pages: int) -> list[Path]:
    if pages == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(1, pages + 1)]


def render_one(doc: Document, fmt: Format) -> bytes:
    """The whole document as one file's bytes (SVG holds one page, so one-page only)."""
    check(doc)
    if fmt is Format.PDF:
        from pnp.render.pdf import render_pdf

        return render_pdf(doc)
    if len(doc.pages) != 1:
        raise ValueError(f"an SVG file holds one page; this document has {len(doc.pages)}")
    from pnp.render.svg import render_svg

    return render_svg(doc.pages[0], doc.title).encode("utf-8")


def rendered(doc: Document, fmt: Format) -> list[bytes]:
    """The bytes of each file ``doc`` is written to (SVG: a file per page)."""
    if fmt is Format.PDF:
        return [render_one(doc, fmt)]
    check(doc)
    from pnp.render.svg import render_svg

    count = len(doc.pages)
    return [
        render_svg(page, f"{doc.title} ({n}/{count})").encode("utf-8")
        for n, page in enumerate(doc.pages, 1)
    ]


def write(doc: Document, path: Path, fmt: Format) -> list[Path]:
    """Write ``doc`` to ``path`` (SVG: one file per page); return the files written."""
    paths = svg_paths(path, len(doc.pages)) if fmt is Format.SVG else [path]
    for target, data in zip(paths, rendered(doc, fmt), strict=True):
        atomic.write_bytes(target, data)
    return paths
