"""The game-night kits: every file a game needs, as a list of jobs to render."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.draw.shapes import Document, Flip
from pnp.paper import Backs, Paper

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
    from pnp.layouts.cards import CardOptions
    from pnp.layouts.starcharts import aid_document, cards_document, sheets_document
    from pnp.starcharts.chart import chart_ids, load_chart

    def sheet(chart_id: str) -> Callable[[], Document]:
        return lambda: sheets_document([load_chart(chart_id)], paper)

    jobs = [Job(f"starcharts/sheets/{cid}", sheet(cid)) for cid in chart_ids()]
    jobs.append(Job("starcharts/objective-cards", lambda: cards_document(paper, CardOptions())))
    duplex = CardOptions(backs=Backs.DUPLEX, flip=Flip.LONG)
    jobs.append(Job("starcharts/objective-cards-duplex", lambda: cards_document(paper, duplex)))
    jobs.append(Job("starcharts/player-aid", lambda: aid_document(paper)))
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
                               long edge).
player-aid.pdf                 two player aids per page.

You also need five eight-sided dice and a pencil per player.

Credits
-------
Star positions: d3-celestial by Olaf Frohn (BSD 3-Clause licence, copyright (c) 2015
Olaf Frohn), from XHIP (Anderson & Francis 2012); constellation figures after the IAU
charts. Star names: IAU Working Group on Star Names (CC BY). Font: DejaVu Sans
Condensed (Bitstream Vera licence; DejaVu changes public domain).
"""


def starcharts_notes() -> list[Note]:
    return [Note("starcharts/README.txt", STARCHARTS_README)]
