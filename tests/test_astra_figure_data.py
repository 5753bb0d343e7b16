"""The constellation figures the cards print come from ``data/astra/figures.json``, which
``scripts/derive_astra_figures.py`` lays out from the shipped card data: the committed
file is the script's output for the current data and layout, so it cannot go stale."""

from __future__ import annotations

import runpy
from pathlib import Path

from pnp.astra.constellations import constellations
from pnp.layouts.astra.constellation_card import regions
from pnp.layouts.astra.figure import figure
from pnp.layouts.astra.figures import figures_path, laid_figure
from pnp.paper.geometry import Box
from pnp.paper.sizes import CARD_SIZES

ROOT = Path(__file__).resolve().parent.parent


def test_the_script_makes_the_committed_file() -> None:
    script = runpy.run_path(str(ROOT / "scripts" / "derive_astra_figures.py"))
    assert script["derive"]() == figures_path().read_text(encoding="utf-8")


def test_the_cards_print_the_figures_as_laid_out() -> None:
    for size in CARD_SIZES.values():
        area = regions(Box(0.0, 0.0, size.width, size.height)).graph
        for numbers in (True, False):
            for card in constellations():
                assert laid_figure(card, area, numbers) == figure(card, area, numbers)


def test_another_area_is_laid_out_when_asked_for() -> None:
    card = constellations()[0]
    area = Box(0.0, 0.0, 150.0, 100.0)
    assert laid_figure(card, area) == figure(card, area)
