"""The constellation cards' figures as laid out once, for every card size with and
without star numbers, by ``scripts/derive_astra_figures.py`` into
``data/astra/figures.json``: spreading the stars and placing their labels takes seconds
(numpy and shapely), and depends only on the shipped card data, so printing reads it.

A test checks that the committed file is what the script makes from the current data."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pnp.astra.model import Constellation
from pnp.draw.shapes import Line, Text
from pnp.layouts.astra.figure import LINE, NAMES, NUMBERS, Figure, figure
from pnp.layouts.astra.labels import Style
from pnp.paper.geometry import Box
from pnp.system.paths import data_dir

NUMBERED, BARE = "numbered", "bare"  # with star numbers, without


def figures_path() -> Path:
    return data_dir() / "astra" / "figures.json"


def record(laid: Figure) -> dict[str, list[list[float]]]:
    """What the file keeps of a figure: star centres, and each label's place and size
    (the words and the lines follow from the card)."""
    return {
        "centres": [[x, y] for x, y in laid.centres],
        "numbers": [[t.x, t.y, t.size] for t in laid.numbers],
        "names": [[t.x, t.y, t.size] for t in laid.names],
    }


def laid_figure(card: Constellation, area: Box, star_numbers: bool = True) -> Figure:
    """The card's figure in ``area``: the committed one for a card size's graph area,
    else laid out now."""
    found = _table().get((area.x, area.y, area.w, area.h))
    if found is None:
        return figure(card, area, star_numbers)
    return _figure(card, area, star_numbers, found[NUMBERED if star_numbers else BARE][card.key])


@cache
def _table() -> dict[tuple[float, ...], dict[str, dict[str, Any]]]:
    sizes = json.loads(figures_path().read_text(encoding="utf-8"))["sizes"]
    return {tuple(size["area"]): size for size in sizes.values()}


def _figure(card: Constellation, area: Box, star_numbers: bool, laid: dict[str, Any]) -> Figure:
    centres = tuple((x, y) for x, y in laid["centres"])
    lines = tuple(Line(*centres[a - 1], *centres[b - 1], LINE) for a, b in card.edges)
    numbers = [str(s.number) for s in card.stars] if star_numbers else []
    names = [s.label for s in card.grand]
    return Figure(
        area,
        centres,
        lines,
        _labels(numbers, laid["numbers"], NUMBERS),
        _labels(names, laid["names"], NAMES),
    )


def _labels(words: list[str], places: list[list[float]], style: Style) -> tuple[Text, ...]:
    return tuple(
        Text(x, y, w, size, style.font, color=style.color)
        for w, (x, y, size) in zip(words, places, strict=True)
    )
