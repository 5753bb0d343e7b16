"""Star Charts' part of the kit. Its paths are also the single commands' default outputs,
so the two always agree."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from pnp.kit import Copies, Job, KitSettings, Note, credits_text, file_names, printing_notes

if TYPE_CHECKING:
    from pnp.draw.shapes import Document
    from pnp.layouts.cards import CardOptions

FOLDER = "starcharts"
AID_PATH = "starcharts/player-aid"
DICE_PATH = "starcharts/dice"
FRONTS = "the 13 objective cards, fronts only"
DUPLEX = "the 13 objective cards with their backs"


def sheet_path(chart_ids: list[str]) -> str:
    first = chart_ids[0]
    rest = len(dict.fromkeys(chart_ids)) - 1
    return f"starcharts/sheets/{first}" + (f"-and-{rest}-more" if rest else "")


def cards_path(options: CardOptions) -> str:
    from pnp.paper.sizes import Backs

    if options.print_shop:
        return "starcharts/objective-cards-print-shop"
    suffix = "" if options.backs is Backs.NONE else f"-{options.backs.value}"
    return f"starcharts/objective-cards{suffix}"


def jobs(settings: KitSettings) -> list[Job]:
    from pnp.layouts.starcharts.dice import dice_document
    from pnp.layouts.starcharts.documents import aid_document, cards_document, sheets_document
    from pnp.paper.sizes import Backs
    from pnp.starcharts.chart import chart_ids, load_chart

    paper = settings.paper

    def sheet(chart_id: str) -> Callable[[], Document]:
        return lambda: sheets_document([load_chart(chart_id)], paper)

    fronts = replace(settings.cards, backs=Backs.NONE)
    duplex = replace(settings.cards, backs=Backs.DUPLEX)
    per_player, two = Copies.PER_PLAYER, Backs.DUPLEX
    out = [
        Job(sheet_path([cid]), sheet(cid), what=f"player sheet, chart {cid}", copies=per_player)
        for cid in chart_ids()
    ]
    out += [
        Job(cards_path(fronts), lambda: cards_document(paper, fronts), what=FRONTS),
        Job(cards_path(duplex), lambda: cards_document(paper, duplex), what=DUPLEX, backs=two),
        Job(AID_PATH, lambda: aid_document(paper), what="two player aids per page"),
        Job(DICE_PATH, lambda: dice_document(paper), what="five eight-sided dice to fold"),
    ]
    return out


README = """\
Star Charts: print-and-play kit
===============================

Print every page at 100 % ("actual size"); the ruler on every page must measure
50 mm.{scaled}{svg}

{sheets}
    one player sheet per chart: print one per player. <name>-8 and
    <name>-10 are the 8×8 and 10×10 charts; -obstacles adds asteroids and comets.
{fronts}
    the 13 objective cards, fronts only.
{duplex}
    the same with backs, for a duplex printer (made for a {flip}-edge flip,
    backs moved {dx},{dy} mm).{order}
{aid}
    two player aids per page.
{dice}
    five eight-sided dice to cut out, fold on the dashed lines and glue by the
    grey tabs, if you have no real ones.
{calibration}
    a test sheet for your printer (in the folder above).

{printer} `pnp starcharts cards --backs duplex` remakes just the duplex cards.

You also need five eight-sided dice (real or printed) and a pencil per player.

Credits: see CREDITS.txt.
"""

CREDIT = "Star Charts: a dice-drafting roll-and-write, printed and scored by pnp."


def readme(written: dict[str, list[str]], settings: KitSettings, calibration: str) -> str:
    """The README.txt, naming the files the kit wrote: ``written`` maps each job's path
    to its files, relative to the Star Charts folder."""
    from pnp.layouts.cards import CardOptions
    from pnp.paper.sizes import Backs

    sheet = next(names[0] for path, names in written.items() if "/sheets/" in path)
    fmt = sheet.rsplit(".", 1)[1]
    return README.format(
        sheets=f"sheets/<chart>.{fmt}",
        fronts=file_names(written[cards_path(CardOptions())]),
        duplex=file_names(written[cards_path(CardOptions(backs=Backs.DUPLEX))]),
        aid=file_names(written[AID_PATH]),
        dice=file_names(written[DICE_PATH]),
        **printing_notes(settings, calibration, fmt),
    )


def notes(written: dict[str, list[str]], settings: KitSettings, calibration: str) -> list[Note]:
    return [
        Note(f"{FOLDER}/README.txt", readme(written, settings, calibration)),
        Note(f"{FOLDER}/CREDITS.txt", credits_text(CREDIT)),
    ]
