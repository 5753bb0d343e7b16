"""Render the documentation's pictures into docs/ (needs pdftoppm from poppler-utils).

python scripts/docs_images.py                      # all of them
python scripts/docs_images.py astra-card-orion …   # only these (file names, no .png)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.astra.constellations import constellation  # noqa: E402
from pnp.astra.text import Lang  # noqa: E402
from pnp.cosmos.content import player_board  # noqa: E402
from pnp.cosmos.galaxy import galaxy  # noqa: E402
from pnp.draw.shapes import Document, Flip, Page  # noqa: E402
from pnp.layouts.astra.board_documents import board_document  # noqa: E402
from pnp.layouts.astra.box_documents import journal_document, score_pad_document  # noqa: E402
from pnp.layouts.astra.card_documents import constellation_cards_document  # noqa: E402
from pnp.layouts.calibration import calibration_document  # noqa: E402
from pnp.layouts.cards import CardOptions, imposition  # noqa: E402
from pnp.layouts.cosmos.icons import Shape  # noqa: E402
from pnp.layouts.cosmos.player_board import SIZE, player_board_items  # noqa: E402
from pnp.layouts.starcharts.documents import cards_document, sheets_document  # noqa: E402
from pnp.paper.geometry import Box  # noqa: E402
from pnp.paper.sizes import A4, Backs  # noqa: E402
from pnp.paper.units import mm  # noqa: E402
from pnp.render.pdf import render_pdf  # noqa: E402
from pnp.starcharts.chart import load_chart  # noqa: E402

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


def main(only: set[str]) -> None:
    """Write every picture, or only those named in ``only``."""
    DOCS.mkdir(exist_ok=True)
    pictures = _starcharts() | _astra() | _cosmos() | _cosmos_sheets()
    unknown = only - pictures.keys()
    if unknown:
        print(f"no such picture: {', '.join(sorted(unknown))} (expected one of", file=sys.stderr)
        print(f"{', '.join(pictures)})", file=sys.stderr)
        sys.exit(2)
    for name, write in pictures.items():
        if not only or name in only:
            write(DOCS / f"{name}.png")
    print(f"wrote the documentation's pictures to {DOCS}/")


Picture = Callable[[Path], None]


def _starcharts() -> dict[str, Picture]:
    slot = imposition(A4, CardOptions()).slots[4]  # Star Gazer, the middle card

    def sheet(out: Path) -> None:
        _png(render_pdf(sheets_document([load_chart("orion-10-obstacles")], A4)), out, 80, None)

    def calibration(page: int) -> Picture:
        return lambda out: _png(
            render_pdf(calibration_document(A4, Flip.LONG)), out, 80, None, page
        )

    return {
        "sheet-orion-10-obstacles": sheet,
        "objective-card": lambda out: _png(
            render_pdf(cards_document(A4, CardOptions())), out, 200, _crop(slot)
        ),
        "calibration-front": calibration(1),
        "calibration-back": calibration(2),
    }


def _crop(slot: Box) -> tuple[float, float, float, float]:
    """A card's slot and 2 mm around it, in pdftoppm's top-down points."""
    pad = mm(2)
    return (slot.x - pad, A4.height - slot.top - pad, slot.w + 2 * pad, slot.h + 2 * pad)


def _cosmos_sheets() -> dict[str, Picture]:
    """Crafting the Cosmos's main board, as its four sheets make it, and the set-up sheet
    for 4 players."""
    from pnp.cosmos.content import main_board
    from pnp.draw.shapes import Document, Page
    from pnp.layouts.cosmos.main_board import SIZE, main_board_items
    from pnp.layouts.cosmos.sheets import setup_sheet_document

    def board(out: Path) -> None:
        w, h = SIZE
        page = Page(w, h, Box(0.0, 0.0, w, h), tuple(main_board_items(main_board())))
        _png(render_pdf(Document("main board", (page,))), out, 60, None)

    return {
        "cosmos-main-board": board,
        "cosmos-setup-4": lambda out: _png(render_pdf(setup_sheet_document(A4)), out, 80, None, 3),
    }


def _astra() -> dict[str, Picture]:
    first = imposition(A4, CardOptions()).slots[0]
    back = imposition(A4, CardOptions()).slots[2]  # a long-edge flip mirrors the first slot
    cards = [constellation("Orion"), constellation("Taureau")]

    def duplex() -> bytes:
        options = CardOptions(backs=Backs.DUPLEX)
        return render_pdf(constellation_cards_document(cards, A4, options, Lang.EN))

    def french(out: Path) -> None:
        pdf = render_pdf(constellation_cards_document(cards[1:], A4, CardOptions(), Lang.FR))
        _png(pdf, out, 200, _crop(first))

    return {
        "astra-card-orion": lambda out: _png(duplex(), out, 200, _crop(first)),
        "astra-card-back": lambda out: _png(duplex(), out, 200, _crop(back), 2),
        "astra-card-taureau": french,
        "astra-journal": lambda out: _png(render_pdf(journal_document(A4, Lang.EN)), out, 60, None),
        "astra-board-3": lambda out: _png(
            render_pdf(board_document(A4, 3, Lang.EN)), out, 60, None
        ),
        "astra-score-pad": lambda out: _png(
            render_pdf(score_pad_document(A4, Lang.FR, 4)), out, 60, None
        ),
    }


def _cosmos() -> dict[str, Picture]:
    def board(out: Path) -> None:
        """The ○ player board whole, as its two sheets make it."""
        w, h = SIZE
        items = tuple(player_board_items(galaxy(), player_board(), Shape.CIRCLE))
        page = Page(w, h, Box(0, 0, w, h), items)
        _png(render_pdf(Document("player board", (page,))), out, 60, None)

    return {"cosmos-player-board": board}


if __name__ == "__main__":
    main(set(sys.argv[1:]))
