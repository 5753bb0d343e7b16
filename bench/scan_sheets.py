"""Finished Star Charts sheets, marked at random as players mark them and photographed
by the simulated phone (`photos`), with the truth the reader should find."""

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

from pnp.layouts.starcharts.documents import sheets_document
from pnp.layouts.starcharts.sheet import sheet_places
from pnp.layouts.starcharts.sheet_places import SheetPlaces
from pnp.paper.geometry import Box
from pnp.paper.sizes import PAPERS, Paper
from pnp.paper.units import mm
from pnp.render.pdf import render_pdf
from pnp.starcharts.chart import Cell, Chart, chart_ids, load_chart
from pnp.starcharts.content import abilities, objectives
from pnp.starcharts.geometry import geometry
from pnp.starcharts.objectives import met


@dataclass(frozen=True)
class Truth:
    chart: str
    grid: tuple[str, ...]
    boxes: tuple[str, ...]
    filled: str
    abilities: tuple[str, ...]
    objectives: tuple[str, ...] = ()  # the cards dealt, when the boxes hold their values


@dataclass(frozen=True)
class Shot:
    image: NDArray[np.uint8]
    truth: Truth
    megapixels: float
    per_page: int


@cache
def _page(chart: str, paper: str, per_page: int) -> NDArray[np.uint8]:
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "s.pdf"
        pdf.write_bytes(render_pdf(sheets_document([load_chart(chart)], PAPERS[paper], per_page)))
        page = photos.render_page(pdf)
    if per_page == 2:  # cut apart: the top sheet only
        page = page[: page.shape[0] // 2]
    return page


Box4 = tuple[float, float, float, float]
OVER = 0.1  # of the numbers written reach up over their box's caption rule


def _mm(box: Box, paper: Paper) -> Box4:
    """A page box (points, y up) as the generator's (left, top, right, bottom) in mm."""
    return (box.x / mm(1), (paper.height - box.top) / mm(1), box.right / mm(1),
            (paper.height - box.y) / mm(1))  # fmt: skip


def _room(places: SheetPlaces, k: int, paper: Paper, rng: np.random.Generator) -> Box4:
    """Where a player writes in score box ``k``: its room under the caption's rule, and
    one time in OVER reaching up over the rule, up to half as high again."""
    x0, y0, x1, y1 = _mm(places.insides[k], paper)
    over = rng.random() < OVER
    return (x0, y0 - over * rng.uniform(0.2, 0.5) * (y1 - y0), x1, y1)


def shot(seed: int, megapixels: float | None = None) -> Shot:
    """One marked sheet's photo: chart, paper, half or whole page, how full the grid is,
    pens and camera all drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    ids = chart_ids()
    chart = load_chart(ids[int(rng.integers(len(ids)))])
    paper_name = "a4" if rng.random() < 0.6 else "letter"
    per_page = 2 if rng.random() < 0.25 and not (paper_name == "letter" and chart.size == 10) else 1
    truth = random_truth(chart, rng, deal(chart, np.random.default_rng([seed, 1])))
    image = draw(
        truth, paper_name, per_page, pm.random_pen(rng), rng, np.random.default_rng([seed, 2])
    )
    mp = megapixels if megapixels is not None else (12.0 if rng.random() < 0.5 else 2.0)
    return Shot(photos.photograph(image, rng, mp).image, truth, mp, per_page)


def deal(chart: Chart, rng: np.random.Generator) -> tuple[str, ...]:
    """Four objective cards, as the game deals them (the obstacle cards only for a chart
    with obstacles)."""
    cards = [o.id for o in objectives() if chart.has_obstacles or not o.obstacles]
    return tuple(sorted(rng.choice(cards, size=4, replace=False).tolist()))


def values(dealt: tuple[str, ...]) -> tuple[int, ...]:
    """What an objective box can hold: 0 (a skip) or a dealt card's high or low value."""
    by_id = {o.id: o for o in objectives()}
    return tuple(sorted({0, *(v for o in dealt for v in (by_id[o].high, by_id[o].low))}))


def _met(chart: Chart, dealt: tuple[str, ...], grid: list[str]) -> tuple[str, ...]:
    g = geometry(chart)
    marked = sum(1 << i for i, token in enumerate(grid) if token in ("x", "o"))
    return tuple(o for o in dealt if met(o, g, marked))


def random_truth(chart: Chart, rng: np.random.Generator, dealt: tuple[str, ...] = ()) -> Truth:
    """A finished sheet as marks go, not as rules go: how full, which stars circled,
    how many boxes, which abilities, all at random; with ``dealt`` objective cards, each
    box holds 0 or a value of one the grid meets, as a player can claim (the same draws
    from ``rng`` either way)."""
    full = rng.random() < 0.3
    fraction = 1.0 if full else float(rng.uniform(0.2, 0.95))
    stars = [i for i, k in enumerate(chart.cells) if k is Cell.STAR]
    count = min(len(stars), int(rng.integers(0, 5)))
    circled = set(rng.choice(stars, size=count, replace=False).tolist()) if stars else set()
    grid = []
    for i, kind in enumerate(chart.cells):
        if not (full or rng.random() < fraction):
            grid.append(kind.value)
        else:
            grid.append("o" if i in circled else "x")
    filled = int(rng.integers(0, 6))
    can = values(_met(chart, dealt, grid)) if dealt else tuple(range(9))
    boxes = [str(can[int(rng.integers(0, 9)) % len(can)]) if k < filled else "." for k in range(5)]
    gained = []
    for ability in abilities():
        if rng.random() < 0.5:
            gained.append(ability.id + (" used" if rng.random() < 0.5 else ""))
    mark = "5" if full else ("0" if rng.random() < 0.2 else ".")
    return Truth(chart.id, tuple(grid), tuple(boxes), mark, tuple(gained), dealt)


def draw(
    truth: Truth,
    paper_name: str,
    per_page: int,
    pen: pm.Pen,
    rng: np.random.Generator,
    room: np.random.Generator,
) -> NDArray[np.uint8]:
    """The blank sheet with ``truth`` marked on it by ``pen``; ``room`` draws how far each
    number reaches over its box's caption (apart, so that the rest of ``rng``'s draws do
    not move)."""
    chart = load_chart(truth.chart)
    paper = PAPERS[paper_name]
    places = sheet_places(chart, paper, per_page)
    image = _page(chart.id, paper_name, per_page).copy()
    for i, token in enumerate(truth.grid):
        if token not in ("x", "o"):
            continue
        box = _mm(places.cell(i), paper)
        pm.cross(image, box, pen, rng)
        if token == "o":
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            pm.ring(image, (cx, cy), (box[2] - box[0]) * 0.4, pen, rng)
    for k, value in enumerate((*truth.boxes, truth.filled)):
        if value != ".":
            pm.digit(image, _room(places, k, paper, room), int(value), pen, rng, hand=room)
    gained = {a.split()[0]: a.endswith(" used") for a in truth.abilities}
    for k, ability in enumerate(abilities()):
        if ability.id not in gained:
            continue
        g = _mm(places.gained(k), paper)
        centre = ((g[0] + g[2]) / 2, (g[1] + g[3]) / 2)
        pm.fill_circle_mark(image, centre, (g[2] - g[0]) / 2, pen, rng)
        if gained[ability.id]:
            pm.slash(image, _mm(places.used(k), paper), pen, rng)
    return image
