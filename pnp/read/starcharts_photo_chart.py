"""Which chart a photographed sheet is when its QR code does not read: the title band
(the chart's name and what it is, printed large) is compared with each shipped chart's,
drawn from the same layout; only a clear winner counts."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pnp.layouts.reading import Marks
from pnp.paper.sizes import PAPERS
from pnp.paper.units import mm
from pnp.scan.align import flattened
from pnp.scan.photo import PX_PER_MM, Page, box_px
from pnp.starcharts.chart import Chart, chart_ids, load_chart

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

_PX = 4.0  # pixels a millimetre to compare at
_SURE = 0.55  # the best match's correlation at least
_AHEAD = 0.08  # and this far ahead of the next constellation's
_VARIANT_AHEAD = 0.02  # a sheet's size and obstacles: ahead of the next of its own


def identify(page: Page, marks: Marks, paper_name: str, per_page: int) -> Chart | None:
    """The shipped chart whose title band the photo shows, or None when no chart is a
    clear winner."""
    import cv2
    import numpy as np

    from pnp.layouts.starcharts.sheet import sheet_title

    box = sheet_title(load_chart(chart_ids()[0]), PAPERS[paper_name], per_page)[0]
    left, top, right, bottom = box_px(marks, box.inset(-mm(1.5)))
    band = page.gray[max(top, 0) : bottom, max(left, 0) : right]
    scale = _PX / PX_PER_MM
    photo = cv2.resize(band, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    scores: dict[str, list[tuple[float, str]]] = {}
    for chart_id in chart_ids():
        template = _title_band(chart_id, paper_name, per_page)
        if template.shape[0] > photo.shape[0] or template.shape[1] > photo.shape[1]:
            return None
        match = cv2.matchTemplate(photo, template, cv2.TM_CCOEFF_NORMED)
        scores.setdefault(load_chart(chart_id).name, []).append((float(np.max(match)), chart_id))
    names = sorted(((max(v)[0], name) for name, v in scores.items()), reverse=True)
    if names[0][0] < _SURE or names[0][0] - names[1][0] < _AHEAD:
        return None
    return _variant(page, [chart_id for _, chart_id in scores[names[0][1]]], paper_name, per_page)


def _variant(page: Page, chart_ids_: list[str], paper_name: str, per_page: int) -> Chart | None:
    """Of the charts of one constellation (8 × 8 or 10 × 10, plain or with obstacles),
    the one whose whole blank sheet the photo is most like, if clearly."""
    import cv2
    import numpy as np

    from pnp.layouts.starcharts.sheet import SheetLayoutError
    from pnp.read.starcharts_blank import blank_sheet

    scale = _PX / PX_PER_MM
    scores = []
    for chart_id in chart_ids_:
        try:
            blank = blank_sheet(load_chart(chart_id), paper_name, per_page, page.gray.shape)
        except SheetLayoutError:  # not printable this way (10 × 10 on half a Letter page)
            continue
        flat, _ = flattened(page, blank)
        photo = cv2.resize(flat.gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        small = cv2.resize(blank, (photo.shape[1], photo.shape[0]), interpolation=cv2.INTER_AREA)
        match = cv2.matchTemplate(photo, small, cv2.TM_CCOEFF_NORMED)
        scores.append((float(np.max(match)), chart_id))
    scores.sort(reverse=True)
    if not scores or (len(scores) > 1 and scores[0][0] - scores[1][0] < _VARIANT_AHEAD):
        return None
    return load_chart(scores[0][1])


@cache
def _title_band(chart_id: str, paper_name: str, per_page: int) -> NDArray[np.uint8]:
    """The chart's title band alone, drawn at ``_PX``."""
    import numpy as np

    from pnp.draw.shapes import Document
    from pnp.draw.shapes import Page as DrawnPage
    from pnp.layouts.starcharts.sheet import sheet_title
    from pnp.render.pdf import render_pdf
    from pnp.render.png import pdf_page_gray

    paper = PAPERS[paper_name]
    box, items = sheet_title(load_chart(chart_id), paper, per_page)
    page = DrawnPage(paper.width, paper.height, paper.printable, tuple(items))
    width, height, data = pdf_page_gray(render_pdf(Document(chart_id, (page,))), 0, _PX * 25.4)
    image = np.frombuffer(data, np.uint8).reshape(height, width)
    left, top = round(box.x / mm(1) * _PX), round((paper.height - box.top) / mm(1) * _PX)
    return np.asarray(
        image[top : top + round(box.h / mm(1) * _PX), left : left + round(box.w / mm(1) * _PX)]
    )
