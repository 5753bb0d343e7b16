"""``pnp kit``: everything for a game night, into one folder; ``pnp calibrate``."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

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
from pnp.kit import CALIBRATION, GAMES
from pnp.paper import Paper
from pnp.printer import PrinterProfile


@click.command()
@click.option(
    "--game",
    type=click.Choice(["all", *GAMES], case_sensitive=False),
    default="all",
    show_default=True,
    help="Which game's kit to make.",
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
    out_dir: Path,
    fmt: str,
    card_size: str,
    bleed: float | None,
    printer: PrinterProfile,
    paper: Paper,
) -> None:
    """Print everything for a game night: sheets, cards and aids. Card and printer
    options apply to the cards (the duplex file uses your flip and back offset)."""
    from pnp import atomic
    from pnp.kit import starcharts_jobs, starcharts_notes
    from pnp.render.output import Format, write

    atomic.make_folder(out_dir)
    jobs = starcharts_jobs(paper, card_choice(printer, card_size, bleed))
    written: dict[str, list[str]] = {}
    with click.progressbar(
        jobs,
        label=f"Star Charts kit ({paper.name})",
        item_show_func=lambda j: j.path if j else None,
    ) as bar:
        for job in bar:
            doc = job.build() if job.raw else job.build().scaled(printer.factor)
            files = write(doc, out_dir / f"{job.path}.{fmt}", Format(fmt))
            written[job.path] = [os.path.relpath(f, out_dir / "starcharts") for f in files]
    notes = starcharts_notes(written, replace(printer, paper=paper.name))
    for note in notes:
        atomic.write_text(out_dir / note.path, note.text)
    count = sum(len(files) for files in written.values()) + len(notes)
    click.echo(f"wrote {count} files to {out_dir}/")


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
