"""The game-night kits: every file a game needs, as a list of jobs to render."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.draw.shapes import Document
    from pnp.paper import Paper

GAMES = ("starcharts",)


@dataclass(frozen=True)
class Job:
    path: str  # relative to the kit folder, without the format's suffix
    build: Callable[[], Document]


@dataclass(frozen=True)
class Note:
    path: str
    text: str


def starcharts_jobs(paper: Paper) -> list[Job]:
    from pnp.draw.shapes import Flip
    from pnp.layouts.calibration import calibration_document
    from pnp.layouts.cards import CardOptions
    from pnp.layouts.starcharts import aid_document, cards_document, sheets_document
    from pnp.paper import Backs
    from pnp.starcharts.chart import chart_ids, load_chart

    def sheet(chart_id: str) -> Callable[[], Document]:
        return lambda: sheets_document([load_chart(chart_id)], paper)

    jobs = [Job(f"starcharts/sheets/{cid}", sheet(cid)) for cid in chart_ids()]
    jobs.append(Job("starcharts/objective-cards", lambda: cards_document(paper, CardOptions())))
    duplex = CardOptions(backs=Backs.DUPLEX, flip=Flip.LONG)
    jobs.append(Job("starcharts/objective-cards-duplex", lambda: cards_document(paper, duplex)))
    jobs.append(Job("starcharts/player-aid", lambda: aid_document(paper)))
    jobs.append(Job("duplex-calibration", lambda: calibration_document(paper, Flip.LONG)))
    return jobs


STARCHARTS_README = """\
Star Charts: print-and-play kit
===============================

Print every page at 100 % ("actual size"); the ruler at the foot of each page must
measure 50 mm.

sheets/<chart>.pdf             one player sheet per chart: print one per player.
                               <name>-8 and <name>-10 are the 8×8 and 10×10 charts;
                               -obstacles adds asteroids and comets.
objective-cards.pdf            the 13 objective cards, fronts only.
objective-cards-duplex.pdf     the same with backs, for a duplex printer (flip on the
                               long edge). If the backs come out shifted, print
                               ../duplex-calibration.pdf and follow it, then make the
                               cards with `pnp starcharts cards --backs duplex
                               --back-offset DX,DY`.
player-aid.pdf                 two player aids per page.

You also need five eight-sided dice and a pencil per player.

Credits: see CREDITS.txt.
"""

CREDITS = """Credits
=======

Star positions and constellation figures: d3-celestial by Olaf Frohn, from XHIP
(Anderson & Francis 2012) and the IAU constellation charts. Its licence:

{sky}
Star names: IAU Working Group on Star Names (WGSN), Creative Commons Attribution.

Font: DejaVu Sans Condensed, embedded in the PDFs. Its licence:

{font}"""


def starcharts_notes() -> list[Note]:
    from pnp.paths import FONT_DIR, data_dir

    sky = (data_dir() / "sky" / "LICENSE.d3-celestial").read_text(encoding="utf-8")
    font = (FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    return [
        Note("starcharts/README.txt", STARCHARTS_README),
        Note("starcharts/CREDITS.txt", CREDITS.format(sky=sky, font=font)),
    ]
