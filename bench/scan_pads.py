"""Filled Crafting the Cosmos score pads, written at random as players fill them and
photographed by the simulated phone (`photos`), with the values the reader should find
(by pad cell, None for a comb left blank)."""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).parent))

import photo_marks as pm
import photos

from pnp.cosmos.content import goals, player_board
from pnp.cosmos.pad_rows import life_values
from pnp.layouts.cosmos.score_pad import pad_places, score_pad_document
from pnp.paper.geometry import Box
from pnp.paper.sizes import PAPERS, Paper
from pnp.paper.units import mm
from pnp.render.pdf import render_pdf


@dataclass(frozen=True)
class PadShot:
    image: NDArray[np.uint8]
    truth: dict[str, int | None]
    paper: str
    megapixels: float


@cache
def _page(paper: str) -> NDArray[np.uint8]:
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "pad.pdf"
        pdf.write_bytes(render_pdf(score_pad_document(PAPERS[paper])))
        return photos.render_page(pdf)


def _mm(box: Box, paper: Paper) -> tuple[float, float, float, float]:
    return (box.x / mm(1), (paper.height - box.top) / mm(1), box.right / mm(1),
            (paper.height - box.y) / mm(1))  # fmt: skip


def filled(seed: int) -> tuple[str, dict[str, int | None]]:
    """A finished game's pad: its paper and each cell's value (None: left blank)."""
    rng = np.random.default_rng(seed)
    paper = "a4" if rng.random() < 0.6 else "letter"
    players = int(rng.integers(2, 5))
    scored = rng.choice(len(goals()), size=int(rng.integers(0, 7)), replace=False)
    chamber = (0, *player_board().chamber_totals()[1:])
    truth: dict[str, int | None] = {}
    for order, g in enumerate(scored, 1):
        field = goals()[int(g)].id.replace("-", "_")
        truth[f"order.{field}"] = order
        for k in range(1, players + 1):
            high = 5 if field == "time_crystals" else 15
            truth[f"p{k}.{field}"] = int(rng.integers(0, high + 1))
    for k in range(1, players + 1):
        p = f"p{k}."
        truth[p + "nebulae"] = int(rng.integers(0, 40))
        truth[p + "time_chamber"] = int(rng.choice(chamber))
        truth[p + "card_sets"] = 6 * int(rng.integers(0, 4))
        truth[p + "power_cards"] = 6 * int(rng.integers(0, 2))
        for v in life_values():
            truth[f"{p}advanced_life_{v}"] = int(rng.integers(0, 2)) or None
        truth[p + "total"] = int(rng.integers(20, 200))
        truth[p + "energy_cards"] = int(rng.integers(0, 12))
    for key, value in list(truth.items()):  # a zero is written, or left blank
        if value == 0 and rng.random() < 0.3 and not key.endswith("nebulae"):
            truth[key] = None
    return paper, truth


def shot(seed: int, megapixels: float | None = None) -> PadShot:
    """One filled pad's photo: paper, players, numbers, pen and camera from ``seed``."""
    paper_name, truth = filled(seed)
    rng = np.random.default_rng(seed + 1_000_003)
    paper = PAPERS[paper_name]
    places = pad_places(paper)
    image = _page(paper_name).copy()
    pen = pm.random_pen(rng)
    for cell, value in truth.items():
        if value is not None:
            boxes = [_mm(b, paper) for b in places.digits(cell)]
            pm.number(image, boxes, value, pen, rng)
    mp = megapixels if megapixels is not None else (12.0 if rng.random() < 0.5 else 2.0)
    return PadShot(photos.photograph(image, rng, mp).image, truth, paper_name, mp)
