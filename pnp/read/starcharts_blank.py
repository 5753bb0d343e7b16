"""The blank Star Charts sheet a photo is compared with, drawn from the same layout
and cut to the reading marks' frame as the photo is flattened to."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pnp.paper.sizes import PAPERS
from pnp.paper.units import mm
from pnp.scan.photo import PX_PER_MM
from pnp.starcharts.chart import Chart

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


@cache
def _blank_page(chart: Chart, paper_name: str, per_page: int) -> tuple[int, int, bytes]:
    from pnp.layouts.starcharts.documents import sheets_document
    from pnp.render.pdf import render_pdf
    from pnp.render.png import pdf_page_gray

    pdf = render_pdf(sheets_document([chart], PAPERS[paper_name], per_page))
    return pdf_page_gray(pdf, 0, PX_PER_MM * 25.4)


def blank_sheet(
    chart: Chart, paper_name: str, per_page: int, shape: tuple[int, ...]
) -> NDArray[np.uint8]:
    """The blank sheet, cut to the reading marks' frame like the rectified photo."""
    import cv2
    import numpy as np

    from pnp.layouts.starcharts.sheet import sheet_marks

    width, height, data = _blank_page(chart, paper_name, per_page)
    page = np.frombuffer(data, np.uint8).reshape(height, width)
    frame = sheet_marks(PAPERS[paper_name], per_page).frame
    paper_h = PAPERS[paper_name].height
    left = round(frame.x / mm(1) * PX_PER_MM)
    top = round((paper_h - frame.top) / mm(1) * PX_PER_MM)
    cut = page[top : top + shape[0], left : left + shape[1]]
    if cut.shape != shape[:2]:
        return np.asarray(cv2.resize(cut, (shape[1], shape[0])), np.uint8)
    return np.asarray(cut, np.uint8)
