"""The game-night kits: every file a game needs, as a list of jobs to render. The paths
here are also the single commands' default outputs, so the two always agree."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.draw.shapes import Document
    from pnp.layouts.cards import CardOptions
    from pnp.paper import Paper
    from pnp.printer import PrinterProfile

GAMES = ("starcharts",)
CALIBRATION = "duplex-calibration"


@dataclass(frozen=True)
class Job:
    path: str  # relative to the kit folder, without the format's suffix
    build: Callable[[], Document]
    raw: bool = False  # printed without the printer's scale correction (the test sheet)


@dataclass(frozen=True)
class Note:
    path: str
    text: str


def sheet_path(chart_ids: list[str]) -> str:
    first = chart_ids[0]
    rest = len(dict.fromkeys(chart_ids)) - 1
    return f"starcharts/sheets/{first}" + (f"-and-{rest}-more" if rest else "")


def cards_path(options: CardOptions) -> str:
    from pnp.paper import Backs

    if options.print_shop:
        return "starcharts/objective-cards-print-shop"
    suffix = "" if options.backs is Backs.NONE else f"-{options.backs.value}"
    return f"starcharts/objective-cards{suffix}"


AID_PATH = "starcharts/player-aid"


def starcharts_jobs(paper: Paper, cards: CardOptions) -> list[Job]:
    """``cards`` carries the card size, bleed and the printer's flip and back offset."""
    from pnp.layouts.calibration import calibration_document
    from pnp.layouts.starcharts import aid_document, cards_document, sheets_document
    from pnp.paper import Backs
    from pnp.starcharts.chart import chart_ids, load_chart

    def sheet(chart_id: str) -> Callable[[], Document]:
        return lambda: sheets_document([load_chart(chart_id)], paper)

    fronts = replace(cards, backs=Backs.NONE)
    duplex = replace(cards, backs=Backs.DUPLEX)
    jobs = [Job(sheet_path([cid]), sheet(cid)) for cid in chart_ids()]
    jobs.append(Job(cards_path(fronts), lambda: cards_document(paper, fronts)))
    jobs.append(Job(cards_path(duplex), lambda: cards_document(paper, duplex)))
    jobs.append(Job(AID_PATH, lambda: aid_document(paper)))
    jobs.append(Job(CALIBRATION, lambda: calibration_document(paper, cards.flip), raw=True))
    return jobs


STARCHARTS_README = """\
Star Charts: print-and-play kit
===============================

Print every page at 100 % ("actual size"); the ruler on every page must measure
50 mm.{scaled}{svg}

{sheets}
{pad}one player sheet per chart: print one per player. <name>-8 and
{pad}<name>-10 are the 8×8 and 10×10 charts; -obstacles adds asteroids and comets.
{fronts}
{pad}the 13 objective cards, fronts only.
{duplex}
{pad}the same with backs, for a duplex printer (made for a {flip}-edge flip,
{pad}backs moved {dx:+g},{dy:+g} mm).{order}
{aid}
{pad}two player aids per page.
{calibration}
{pad}a test sheet for your printer (in the folder above).

If the backs come out shifted, or the ruler is not 50 mm: print the test sheet
double-sided, follow it, store what you read once with

    pnp printer set --paper {paper} --flip {flip} --back-offset DX,DY --scale PERCENT

and make the kit again (`pnp kit`): every command uses your printer profile from then on
(`pnp printer show` prints it). `pnp starcharts cards --backs duplex` remakes just the
duplex cards.

You also need five eight-sided dice and a pencil per player.

Credits: see CREDITS.txt.
"""

SVG_NOTE = """

Each .svg file is one page, sized in millimetres; a document of several pages is
numbered -1, -2, …. Text is drawn as outlines, so no font needs to be installed."""

CREDITS = """Credits
=======

Star positions and constellation figures: d3-celestial by Olaf Frohn, from XHIP
(Anderson & Francis 2012) and the IAU constellation charts. Its licence:

{sky}
Star names: IAU Working Group on Star Names (WGSN), Creative Commons Attribution.

Font: DejaVu Sans Condensed, embedded in the PDFs (its glyph outlines drawn in the SVGs).
Its licence:

{font}"""


def _names(written: list[str]) -> str:
    """``a-1.svg … -4.svg`` for a numbered run of files, else the one name."""
    if len(written) == 1:
        return written[0]
    return f"{written[0]} … -{written[-1].rsplit('-', 1)[1]}"


def starcharts_readme(written: dict[str, list[str]], printer: PrinterProfile) -> str:
    """The kit's README.txt, naming the files the kit wrote: ``written`` maps each job's
    path to its files, relative to the Star Charts folder."""
    from pnp.layouts.cards import CardOptions
    from pnp.paper import Backs

    sheet = next(names[0] for path, names in written.items() if "/sheets/" in path)
    fmt = sheet.rsplit(".", 1)[1]
    return STARCHARTS_README.format(
        sheets=f"sheets/<chart>.{fmt}",
        fronts=_names(written[cards_path(CardOptions())]),
        duplex=_names(written[cards_path(CardOptions(backs=Backs.DUPLEX))]),
        aid=_names(written[AID_PATH]),
        calibration=_names(written[CALIBRATION]),
        pad="    ",
        order="\n    Odd files are fronts, even files their backs." if fmt == "svg" else "",
        paper=printer.paper,
        flip=printer.flip.value,
        dx=printer.back_offset[0],
        dy=printer.back_offset[1],
        scaled=(
            f" Pages are scaled to {printer.scale:g} % to correct your printer."
            if printer.scale != 100
            else ""
        ),
        svg=SVG_NOTE if fmt == "svg" else "",
    )


def starcharts_notes(written: dict[str, list[str]], printer: PrinterProfile) -> list[Note]:
    from pnp.paths import FONT_DIR, data_dir

    sky = (data_dir() / "sky" / "LICENSE.d3-celestial").read_text(encoding="utf-8")
    font = (FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    return [
        Note("starcharts/README.txt", starcharts_readme(written, printer)),
        Note("starcharts/CREDITS.txt", CREDITS.format(sky=sky, font=font)),
    ]
