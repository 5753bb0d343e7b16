"""The game-night kit, generic part: a game contributes jobs (documents to render, at
paths that are also its single commands' default outputs) and notes (README, credits).
Which games exist is the registry's business (``pnp.games``); this module knows none."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from pnp.paper import Backs

if TYPE_CHECKING:
    from pnp.draw.shapes import Document
    from pnp.layouts.cards import CardOptions
    from pnp.paper import Paper
    from pnp.printer import PrinterProfile

CALIBRATION = "duplex-calibration"


class Copies(Enum):
    """How many copies of a file to print."""

    ONE = "one"
    PER_PLAYER = "per-player"
    AS_NEEDED = "as-needed"


@dataclass(frozen=True)
class Job:
    """A document of the kit, and what the gallery says about printing it."""

    path: str  # relative to the kit folder, without the format's suffix
    build: Callable[[], Document]
    raw: bool = False  # printed without the printer's scale correction (the test sheet)
    what: str = ""  # what it holds, in a few words in the kit's language
    copies: Copies = Copies.ONE
    backs: Backs = Backs.NONE  # DUPLEX: on the printer profile's flip; FOLD: fold each page


@dataclass(frozen=True)
class Note:
    path: str
    text: str


@dataclass(frozen=True)
class KitSettings:
    paper: Paper
    cards: CardOptions  # card size, bleed, and the printer's flip and back offset
    printer: PrinterProfile  # as stored, with the paper actually used
    lang: str = "en"


def calibration_job(settings: KitSettings) -> Job:
    from pnp.layouts.calibration import calibration_document

    return Job(
        CALIBRATION,
        lambda: calibration_document(settings.paper, settings.cards.flip),
        raw=True,
        what="a test sheet for your printer",
        backs=Backs.DUPLEX,
    )


def file_names(written: list[str]) -> str:
    """``a-1.svg … -4.svg`` for a numbered run of files, else the one name."""
    if len(written) == 1:
        return written[0]
    return f"{written[0]} … -{written[-1].rsplit('-', 1)[1]}"


SVG_NOTE = """

Each .svg file is one page, sized in millimetres; a document of several pages is
numbered -1, -2, …. Text is drawn as outlines, so no font needs to be installed."""

PRINTER_NOTE = """\
If the backs come out shifted, or the ruler is not 50 mm: print the test sheet
double-sided, follow it, store what you read once with

    pnp printer set --paper {paper} --flip {flip} --back-offset DX,DY --scale PERCENT

and make the kit again with the same `pnp kit` command: every command uses your printer
profile from then on (`pnp printer show` prints it)."""


def printing_notes(settings: KitSettings, calibration: str, fmt: str) -> dict[str, str]:
    """The fields every game's README uses to say how to print its ``fmt`` files."""
    printer = settings.printer
    scaled = (
        f" Pages are scaled to {printer.scale:g} % to correct your printer."
        if printer.scale != 100
        else ""
    )
    return {
        "scaled": scaled,
        "flip": printer.flip.value,
        "dx": f"{printer.back_offset[0]:+g}",
        "dy": f"{printer.back_offset[1]:+g}",
        "calibration": calibration,
        "order": "\n    Odd files are fronts, even files their backs." if fmt == "svg" else "",
        "svg": SVG_NOTE if fmt == "svg" else "",
        "printer": PRINTER_NOTE.format(paper=printer.paper, flip=printer.flip.value),
    }


CREDITS = """Credits
=======

{game}

Star positions and constellation figures: d3-celestial by Olaf Frohn, from XHIP
(Anderson & Francis 2012) and the IAU constellation charts. Its licence (BSD 3-Clause):

{sky}
Star names: IAU Working Group on Star Names (WGSN), Creative Commons Attribution.

Font: DejaVu Sans Condensed (its glyph outlines drawn in the SVGs). Each PDF embeds a
subset of it, the glyphs that file draws, with the fonts' copyright and trademark notices;
the licence itself is here, so keep this file with the PDFs when you pass them on:

{font}"""


def credits_text(game: str) -> str:
    """A game's credits: its own lines, then the sky data's and the font's notices."""
    from pnp.paths import FONT_DIR, data_dir

    sky = (data_dir() / "sky" / "LICENSE.d3-celestial").read_text(encoding="utf-8")
    font = (FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    return CREDITS.format(game=game, sky=sky, font=font)
