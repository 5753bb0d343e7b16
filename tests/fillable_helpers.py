"""What the tests of fillable forms (--fillable) share: the documents with and without
form fields (Astra's and the Cosmos's score pads, Star Charts' sheets), their fields in
page order, and the PDF's widgets read back with pypdf under their full names."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader

from pnp.astra.text import Lang
from pnp.draw.shapes import Document, Field
from pnp.layouts.astra.box_documents import score_pad_document as astra_pad
from pnp.layouts.cosmos.score_pad import score_pad_document as cosmos_pad
from pnp.layouts.starcharts.documents import sheets_document
from pnp.paper.sizes import A4, Paper
from pnp.starcharts.chart import load_charts

CHARTS = ["lyra-8", "orion-10-obstacles", "cancer-8-obstacles"]


def chart_ids(paper: Paper) -> list[str]:
    """A 10 × 10 chart and its reading marks do not fit half a Letter page."""
    return CHARTS if paper is A4 else [c.replace("-10-", "-8-") for c in CHARTS]


def documents(paper: Paper, fillable: bool) -> dict[str, Document]:
    charts = load_charts(chart_ids(paper))
    return {
        "astra": astra_pad(paper, Lang.EN, 5, fillable),
        "astra-fr-3": astra_pad(paper, Lang.FR, 3, fillable),
        "cosmos": cosmos_pad(paper, fillable=fillable),
        "starcharts-1": sheets_document(charts, paper, 1, fillable=fillable),
        "starcharts-2": sheets_document(charts, paper, 2, fillable=fillable),
    }


def full_name(widget: Any) -> str:
    parts = []
    node = widget
    while node is not None:
        parts.append(str(node["/T"]))
        node = node.get("/Parent")
        node = None if node is None else node.get_object()
    return ".".join(reversed(parts))


def widgets(data: bytes) -> list[tuple[int, str, Any]]:
    """(page index, full name, widget) for every form widget, in page order."""
    out = []
    for n, page in enumerate(PdfReader(io.BytesIO(data)).pages):
        for annot in page.get("/Annots", []):
            widget = annot.get_object()
            if widget["/Subtype"] == "/Widget":
                out.append((n, full_name(widget), widget))
    return out


def fields(doc: Document) -> list[tuple[int, Field]]:
    return [(n, f) for n, page in enumerate(doc.pages) for f in page.fields]
