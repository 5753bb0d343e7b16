"""``pnp kit``: everything for a game night, into one folder."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import emit
from pnp.cli.options import output_options, paper_option
from pnp.kit import GAMES
from pnp.paper import Paper


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
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("out"),
    show_default=True,
    help="Folder to write into.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["pdf", "svg"], case_sensitive=False),
    default="pdf",
    show_default=True,
)
@paper_option
def kit(game: str, out_dir: Path, fmt: str, paper: Paper) -> None:
    """Print everything for a game night: sheets, cards and aids."""
    from pnp import atomic
    from pnp.kit import starcharts_jobs, starcharts_notes
    from pnp.render.output import Format, write

    jobs = starcharts_jobs(paper)
    notes = starcharts_notes()
    written = 0
    with click.progressbar(
        jobs,
        label=f"Star Charts kit ({paper.name})",
        item_show_func=lambda j: j.path if j else None,
    ) as bar:
        for job in bar:
            written += len(write(job.build(), out_dir / f"{job.path}.{fmt}", Format(fmt)))
    for note in notes:
        atomic.write_text(out_dir / note.path, note.text)
    click.echo(f"wrote {written + len(notes)} files to {out_dir}/")


@click.command()
@click.option(
    "--flip",
    type=click.Choice(["long", "short"], case_sensitive=False),
    default="long",
    show_default=True,
    help="The edge your duplex printer flips on.",
)
@paper_option
@output_options
def calibrate(flip: str, paper: Paper, output: Path | None, fmt: str) -> None:
    """A duplex test sheet: the reading on its back is your --back-offset."""
    from pnp.draw.shapes import Flip
    from pnp.layouts.calibration import calibration_document

    emit(calibration_document(paper, Flip(flip)), output, "duplex-calibration", fmt)
