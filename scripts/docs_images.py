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

from pnp.draw.shapes import Flip  # noqa: E402
from pnp.layouts.calibration import calibration_document  # noqa: E402
from pnp.layouts.cards import CardOptions, imposition  # noqa: E402
from pnp.layouts.starcharts.documents import cards_document, sheets_document  # noqa: E402
from pnp.paper import A4  # noqa: E402
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
    pad = mm(2)
    crop = (slot.x - pad, A4.height - slot.top - pad, slot.w + 2 * pad, slot.h + 2 * pad)
    _png(render_pdf(cards_document(A4, CardOptions())), DOCS / "objective-card.png", 200, crop)
    calibration = render_pdf(calibration_document(A4, Flip.LONG))
    for page, side in enumerate(("front", "back"), 1):
        _png(calibration, DOCS / f"calibration-{side}.png", 80, None, page)
    print(f"wrote the README's pictures to {DOCS}/")


if __name__ == "__main__":
    main()
