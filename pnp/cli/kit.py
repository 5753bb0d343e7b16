"""``pnp kit``: everything for a game night, into one folder; ``pnp calibrate``."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.common import emit
from pnp.cli.options import (
    BLEED,
    CARD_SIZE,
    FLIP,
    FORMATS,
    Output,
    card_choice,
    output_options,
    paper_option,
    printer_options,
    stored_profile,
)
from pnp.games import GAMES, Game, languages
from pnp.kit import CALIBRATION
from pnp.paper import Paper
from pnp.printer import PrinterProfile

if TYPE_CHECKING:
    from pnp.kit import KitSettings


@click.command()
@click.option(
    "--game",
    type=click.Choice(["all", *(g.id for g in GAMES)], case_sensitive=False),
    default="all",
    show_default=True,
    help="Which game's kit to make.",
)
@click.option(
    "--lang",
    type=click.Choice(languages(), case_sensitive=False),
    default="en",
    show_default=True,
    help="The language of games printed in several (the others stay in English).",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=Path("out"),
    show_default=True,
    help="Folder to write into.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS, case_sensitive=False),
    default="pdf",
    show_default=True,
)
@CARD_SIZE
@BLEED
@printer_options
@paper_option
def kit(
    game: str,
    lang: str,
    out_dir: Path,
    fmt: str,
    card_size: str,
    bleed: float | None,
    printer: PrinterProfile,
    paper: Paper,
) -> None:
    """Print everything for a game night: sheets, cards, boards and aids, one folder per
    game. Card and printer options apply to the cards (the duplex files use your flip
    and back offset)."""
    from pnp import atomic
    from pnp.kit import KitSettings, calibration_job
    from pnp.render.output import Format, write

    games = [g for g in GAMES if game in ("all", g.id)]
    if not any(lang in g.languages for g in games):
        only = "; ".join(f"{g.title} is printed in {' or '.join(g.languages)}" for g in games)
        raise click.BadParameter(f"no game here is printed in {lang}: {only}", param_hint="--lang")
    settings = KitSettings(
        paper, card_choice(printer, card_size, bleed), replace(printer, paper=paper.name), lang
    )
    atomic.make_folder(out_dir)
    test_sheet = calibration_job(settings)
    calibration = write(test_sheet.build(), out_dir / f"{CALIBRATION}.{fmt}", Format(fmt))
    names = [f"../{f.name}" for f in calibration]  # seen from a game's folder
    count = len(names) + sum(_kit_part(g, settings, names, out_dir, fmt) for g in games)
    click.echo(f"wrote {count} files to {out_dir}/")


def _kit_part(
    game: Game, settings: KitSettings, calibration: list[str], out_dir: Path, fmt: str
) -> int:
    """Writes one game's folder; returns the number of files written."""
    from pnp import atomic
    from pnp.kit import file_names
    from pnp.render.output import Format, write

    part = game.kit_part()
    if settings.lang not in game.languages:  # printed in its one language
        settings = replace(settings, lang=game.languages[0])
    written: dict[str, list[str]] = {}
    with click.progressbar(
        part.jobs(settings),
        label=f"{game.title} kit ({settings.paper.name})",
        item_show_func=lambda j: j.path if j else None,
    ) as bar:
        for job in bar:
            doc = job.build() if job.raw else job.build().scaled(settings.printer.factor)
            files = write(doc, out_dir / f"{job.path}.{fmt}", Format(fmt))
            written[job.path] = [os.path.relpath(f, out_dir / part.FOLDER) for f in files]
    notes = part.notes(written, settings, file_names(calibration))
    for note in notes:
        atomic.write_text(out_dir / note.path, note.text)
    return sum(len(files) for files in written.values()) + len(notes)


@click.command()
@FLIP
@paper_option
@output_options
def calibrate(flip: str | None, paper: Paper, output: Output) -> None:
    """A duplex test sheet: its readings are your printer profile. It is always printed
    as is, without your stored offset or scale, so the readings are absolute."""
    from pnp.draw.shapes import Flip
    from pnp.layouts.calibration import calibration_document

    chosen = Flip(flip) if flip else stored_profile().flip
    emit(calibration_document(paper, chosen), output, CALIBRATION)
