"""Render the README's pictures into docs/ (needs pdftoppm from poppler-utils).

python scripts/docs_images.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.astra.constellations import constellation  # noqa: E402
from pnp.astra.text import Lang  # noqa: E402
from pnp.draw.shapes import Flip  # noqa: E402
from pnp.geometry import Box  # noqa: E402
from pnp.layouts.astra.board_documents import board_document  # noqa: E402
from pnp.layouts.astra.box_documents import journal_document, score_pad_document  # noqa: E402
from pnp.layouts.astra.card_documents import constellation_cards_document  # noqa: E402
from pnp.layouts.calibration import calibration_document  # noqa: E402
from pnp.layouts.cards import CardOptions, imposition  # noqa: E402
from pnp.layouts.starcharts.documents import cards_document, sheets_document  # noqa: E402
from pnp.paper import A4, Backs  # noqa: E402
from pnp.render.pdf import render_pdf  # noqa: E402
from pnp.starcharts.chart import load_chart  # noqa: E402
from pnp.units import mm  # noqa: E402

DOCS = ROOT / "docs"


def _png(
    pdf: bytes,
    out: Path,
    dpi: int,
    crop: tuple[float, float, float, float] | None,
    page: int = 1,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.pdf"
        source.write_bytes(pdf)
        args = ["pdftoppm", "-png", "-singlefile", "-r", str(dpi), "-f", str(page), "-l", str(page)]
        if crop:
            x, y, w, h = (round(v * dpi / 72) for v in crop)
            args += ["-x", str(x), "-y", str(y), "-W", str(w), "-H", str(h)]
        subprocess.run([*args, str(source), str(out.with_suffix(""))], check=True)


def main() -> None:
    DOCS.mkdir(exist_ok=True)
    sheet = sheets_document([load_chart("orion-10-obstacles")], A4)
    _png(render_pdf(sheet), DOCS / "sheet-orion-10-obstacles.png", 80, None)
    slot = imposition(A4, CardOptions()).slots[4]  # Star Gazer, the middle card
    _png(
        render_pdf(cards_document(A4, CardOptions())), DOCS / "objective-card.png", 200, _crop(slot)
    )
    calibration = render_pdf(calibration_document(A4, Flip.LONG))
    for page, side in enumerate(("front", "back"), 1):
        _png(calibration, DOCS / f"calibration-{side}.png", 80, None, page)
    _astra()
    print(f"wrote the README's pictures to {DOCS}/")


def _crop(slot: Box) -> tuple[float, float, float, float]:
    """A card's slot and 2 mm around it, in pdftoppm's top-down points."""
    pad = mm(2)
    return (slot.x - pad, A4.height - slot.top - pad, slot.w + 2 * pad, slot.h + 2 * pad)


def _astra() -> None:
    slot = imposition(A4, CardOptions()).slots[0]
    cards = [constellation("Orion"), constellation("Taureau")]
    duplex = render_pdf(
        constellation_cards_document(cards, A4, CardOptions(backs=Backs.DUPLEX), Lang.EN)
    )
    _png(duplex, DOCS / "astra-card-orion.png", 200, _crop(slot))
    back = imposition(A4, CardOptions()).slots[2]  # a long-edge flip mirrors the first slot
    _png(duplex, DOCS / "astra-card-back.png", 200, _crop(back), 2)
    french = render_pdf(constellation_cards_document(cards[1:], A4, CardOptions(), Lang.FR))
    _png(french, DOCS / "astra-card-taureau.png", 200, _crop(slot))
    _png(render_pdf(journal_document(A4, Lang.EN)), DOCS / "astra-journal.png", 60, None)
    _png(render_pdf(board_document(A4, 3, Lang.EN)), DOCS / "astra-board-3.png", 60, None)
    _png(render_pdf(score_pad_document(A4, Lang.FR, 4)), DOCS / "astra-score-pad.png", 60, None)


if __name__ == "__main__":
    main()
