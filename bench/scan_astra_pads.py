"""Filled Astra score pads, written at random as players fill them (points a game can
reach, the total added up, now and then a zero left blank) on one pad of the page, the
page cut at the scissors, photographed by the simulated phone (`photos`); with the values
the reader should find (by pad cell, None for a comb left blank)."""

from __future__ import annotations

import sys
import tempfile
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).parent))

import photo_marks as pm
import photos
from scan_pads import PadShot

from pnp.astra.text import Lang
from pnp.layouts.astra.box_documents import score_pad_document
from pnp.layouts.astra.score_pad import pad_places
from pnp.paper.geometry import Box
from pnp.paper.sizes import PAPERS, Paper
from pnp.paper.units import mm
from pnp.render.pdf import render_pdf
from pnp.score.astra_pad_rules import card_limits, card_points, pouch_sizes


@cache
def _page(paper: str, players: int, lang: Lang) -> NDArray[np.uint8]:
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "pad.pdf"
        pdf.write_bytes(render_pdf(score_pad_document(PAPERS[paper], lang, players)))
        return photos.render_page(pdf)


def _mm(box: Box, paper: Paper) -> tuple[float, float, float, float]:
    return (box.x / mm(1), (paper.height - box.top) / mm(1), box.right / mm(1),
            (paper.height - box.y) / mm(1))  # fmt: skip


def filled(seed: int) -> tuple[str, int, Lang, int, dict[str, int | None]]:
    """A finished game's pad: its paper, printed columns, language, which pad of the
    page (0 top, 1 bottom) and each cell's value (None: left blank)."""
    rng = np.random.default_rng(seed)
    paper = "a4" if rng.random() < 0.6 else "letter"
    printed = int(rng.integers(2, 6))
    players = int(rng.integers(2, printed + 1))
    lang = Lang.EN if rng.random() < 0.7 else Lang.FR
    truth: dict[str, int | None] = {}
    for k in range(1, players + 1):
        p = f"p{k}."
        limit = int(rng.choice(sorted(card_limits())))
        rows = {
            "fame": int(rng.integers(5, 120)),
            "pouch_size": int(rng.choice(sorted(pouch_sizes()))),
            "card_limit": limit,
            "stardust": int(rng.integers(0, 6)),
            "marked_stars": int(rng.integers(0, 8)),
            "active_fame": int(rng.integers(0, 2 * limit + 1)),
            "final_scoring": int(rng.choice(sorted(card_points(limit)))),
        }
        truth |= {p + r: v for r, v in rows.items()}
        truth[p + "total"] = sum(rows.values()) if rng.random() < 0.8 else None
    for key, value in list(truth.items()):  # a zero is written, or left blank
        if value == 0 and rng.random() < 0.3:
            truth[key] = None
    return paper, printed, lang, int(rng.integers(0, 2)), truth


def shot(seed: int, megapixels: float | None = None, page: str = "cut") -> PadShot:
    """One filled pad's photo: paper, columns, numbers, pen and camera from ``seed``;
    ``page``: ``cut`` at the scissors, the ``whole`` page, or the whole page with ``both``
    pads filled the same."""
    paper_name, printed, lang, which, truth = filled(seed)
    rng = np.random.default_rng(seed + 1_000_003)
    paper = PAPERS[paper_name]
    places = pad_places(paper, printed)[which]
    image = _page(paper_name, printed, lang).copy()
    pen = pm.random_pen(rng)
    pads = pad_places(paper, printed) if page == "both" else [places]
    for cell, value in truth.items():
        for pad in pads:
            if value is not None:
                boxes = [_mm(b, paper) for b in pad.digits(cell)]
                pm.number(image, boxes, value, pen, rng)
    middle = round(paper.height / mm(1) * pm.PX_PER_MM / 2)  # cut at the scissors
    half = image if page != "cut" else image[:middle] if which == 0 else image[middle:]
    mp = megapixels if megapixels is not None else (12.0 if rng.random() < 0.5 else 2.0)
    return PadShot(photos.photograph(np.ascontiguousarray(half), rng, mp).image, truth,
                   paper_name, mp)  # fmt: skip
