"""Lay out the figures of Astra's 48 constellation cards once, for every card size, with
and without star numbers, and write ``data/astra/figures.json``.

    python scripts/derive_astra_figures.py            # after scripts/derive_astra.py
    python scripts/derive_astra_figures.py --check    # exit 1 if the committed file differs

Spreading the stars and placing their numbers and names clear of each other
(``pnp.layouts.astra.figure.figure``) takes seconds a card size; it depends
only on ``data/astra/constellations.json``, the card sizes and the layout's measures, so
it is done here and the cards read the result (``pnp.layouts.astra.figures``). Floats are
written as Python prints them, which reads back exactly: the cards come out the same to
the byte. The output is the same on every run."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.astra.constellations import constellations  # noqa: E402
from pnp.layouts.astra.constellation_card import regions  # noqa: E402
from pnp.layouts.astra.figure import figure  # noqa: E402
from pnp.layouts.astra.figures import BARE, NUMBERED, figures_path, record  # noqa: E402
from pnp.paper.geometry import Box  # noqa: E402
from pnp.paper.sizes import CARD_SIZES  # noqa: E402


def derive() -> str:
    """The file's text: for each card size its figure area, then a card a line."""
    cards = constellations()
    sizes = []
    for name, size in CARD_SIZES.items():
        area = regions(Box(0.0, 0.0, size.width, size.height)).graph
        parts = [f'  "{name}": {{\n   "area": {json.dumps([area.x, area.y, area.w, area.h])}']
        for label, numbers in ((NUMBERED, True), (BARE, False)):
            lines = [
                f"    {json.dumps(c.key)}: {json.dumps(record(figure(c, area, numbers)))}"
                for c in cards
            ]
            parts.append(f'   "{label}": {{\n' + ",\n".join(lines) + "\n   }")
        sizes.append(",\n".join(parts) + "\n  }")
    return '{\n "sizes": {\n' + ",\n".join(sizes) + "\n }\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    out = figures_path()
    text = derive()
    if args.check:
        same = out.is_file() and out.read_text(encoding="utf-8") == text
        print(f"{out} is {'up to date' if same else 'out of date'}")
        sys.exit(0 if same else 1)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
