"""``pnp kit``: everything for a game night, into one folder; ``pnp calibrate``."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import click

from pnp.cli.common import emit
from pnp.cli.images_options import DPI, folder_option
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
    profile_path,
    stored_profile,
)
from pnp.cli.outputs import check_output
from pnp.games import GAMES, Game, languages
from pnp.kit import CALIBRATION
from pnp.paper import Paper
from pnp.printer import PrinterProfile

if TYPE_CHECKING:
    from pnp.draw.shapes import Document
    from pnp.kit import Job, KitSettings


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
@folder_option("--png", "Also write every page of the kit as a PNG into DIR.")
@DPI
@click.option(
    "--gallery",
    is_flag=True,
    callback=lambda ctx, param, value: _renderer(value),
    help="Also write OUT/index.html: every file with a picture, what and how to print.",
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
    png: Path | None,
    dpi: int,
    gallery: bool,
    card_size: str,
    bleed: float | None,
    printer: PrinterProfile,
    paper: Paper,
) -> None:
    """Print everything for a game night: sheets, cards, boards and aids, one folder per
    game. Card and printer options apply to the cards (the duplex files use your flip
    and back offset)."""
    from pnp import atomic
    from pnp.kit import KitSettings

    games = [g for g in GAMES if game in ("all", g.id)]
    if not any(lang in g.languages for g in games):
        only = "; ".join(f"{g.title} is printed in {' or '.join(g.languages)}" for g in games)
        raise click.BadParameter(f"no game here is printed in {lang}: {only}", param_hint="--lang")
    settings = KitSettings(
        paper, card_choice(printer, card_size, bleed), replace(printer, paper=paper.name), lang
    )
    parts = _lay_out(games, settings, out_dir, fmt)
    planned = [entry for part in parts for entry in part.planned]
    _check_outputs(planned, out_dir, png, gallery)
    atomic.make_folder(out_dir)
    thumbnails: dict[Path, bytes] = {}
    with click.progressbar(
        planned,
        label=f"Writing the kit ({paper.name})",
        item_show_func=lambda e: os.path.relpath(e.paths[0], out_dir) if e else None,
    ) as bar:
        for entry in bar:
            image = entry.write(fmt, png, dpi, out_dir if gallery else None)
            if image is not None:
                thumbnails[entry.path] = image
    click.echo(f"wrote {sum(len(e.paths) for e in planned)} files to {out_dir}/")
    if png is not None:
        click.echo(f"wrote {sum(len(e.images(png)) for e in planned)} page images to {png}/")
    if gallery:
        _write_gallery(parts, thumbnails, settings, out_dir)
        click.echo(f"wrote the gallery {out_dir / INDEX}")


INDEX = "index.html"


def _check_outputs(planned: list[Planned], out_dir: Path, png: Path | None, gallery: bool) -> None:
    """Every file the kit will write, checked before the first is written."""
    profile = [profile_path()]
    for entry in planned:
        for path in entry.paths:
            check_output(path, "--out", profile)
        for path in entry.images(png):
            check_output(path, "--png", profile)
        thumbnail = entry.thumbnail(out_dir) if gallery else None
        if thumbnail is not None:
            check_output(thumbnail, "--gallery", profile)
    if gallery:
        check_output(out_dir / INDEX, "--gallery", profile)


def _renderer(gallery: bool) -> bool:
    """``--gallery`` draws thumbnails: pypdfium2 must be there (else one line, exit 1)."""
    from pnp.render.png import check_renderer

    if gallery:
        check_renderer()
    return gallery


class Part(NamedTuple):
    """The kit's test sheet, or a game's folder."""

    heading: str
    planned: list[Planned]
    lang: str = "en"


def _write_gallery(
    parts: list[Part], thumbnails: dict[Path, bytes], settings: KitSettings, out_dir: Path
) -> None:
    from pnp import atomic
    from pnp.gallery import File, Printing, Section, index_html, thumbnail_path
    from pnp.render.png import size

    def file(entry: Planned) -> File:
        links = tuple(os.path.relpath(p, out_dir).replace(os.sep, "/") for p in entry.paths)
        if entry.job is None or isinstance(entry.content, str):
            return File(links)
        job, image, pages = entry.job, thumbnails[entry.path], len(entry.content.pages)
        where = thumbnail_path(entry.name)
        return File(links, job.what, where, size(image), pages, job.copies, job.backs)

    sections = [Section(p.heading, tuple(file(e) for e in p.planned), p.lang) for p in parts]
    printer = settings.printer
    page = index_html(sections, Printing(settings.paper.name, settings.cards.flip, printer.scale))
    atomic.write_text(out_dir / INDEX, page)


class Planned(NamedTuple):
    """A document or note of the kit, laid out, and where it goes."""

    path: Path
    content: Document | str
    name: str = ""  # a document's path in the kit, without suffix: its images' names
    job: Job | None = None  # a document's

    @property
    def paths(self) -> list[Path]:
        """The files written: an SVG file holds one page, so a document of several is
        numbered files."""
        from pnp.render.output import svg_paths

        if isinstance(self.content, str) or self.path.suffix != ".svg":
            return [self.path]
        return svg_paths(self.path, len(self.content.pages))

    def images(self, folder: Path | None) -> list[Path]:
        """Where ``--png`` puts the pages (none for a note)."""
        if folder is None or isinstance(self.content, str):
            return []
        return [folder / f"{self.name}-{n}.png" for n in range(1, len(self.content.pages) + 1)]

    def thumbnail(self, out_dir: Path) -> Path | None:
        """Where ``--gallery`` puts the first page's picture (none for a note)."""
        from pnp.gallery import thumbnail_path

        return None if isinstance(self.content, str) else out_dir / thumbnail_path(self.name)

    def write(self, fmt: str, png: Path | None, dpi: int, gallery: Path | None) -> bytes | None:
        """Write the file (and its page images); with ``gallery`` (the kit's folder), its
        thumbnail too, which is returned."""
        from pnp import atomic
        from pnp.render.output import Format, render_one, write

        if isinstance(self.content, str):
            atomic.write_text(self.path, self.content)
            return None
        rendered = fmt == "pdf" or png is not None or gallery is not None
        pdf = render_one(self.content, Format.PDF) if rendered else b""
        if fmt == "pdf":
            atomic.write_bytes(self.path, pdf)
        else:
            write(self.content, self.path, Format(fmt))
        if png is not None:
            from pnp.render.png import pdf_pages_png

            for path, image in zip(self.images(png), pdf_pages_png(pdf, dpi), strict=True):
                atomic.write_bytes(path, image)
        thumbnail = self.thumbnail(gallery) if gallery is not None else None
        if thumbnail is None:
            return None
        from pnp.gallery import thumbnail_dpi
        from pnp.render.png import pdf_pages_png

        image = pdf_pages_png(pdf, thumbnail_dpi(self.content.pages[0].width))[0]
        atomic.write_bytes(thumbnail, image)
        return image


def _lay_out(games: list[Game], settings: KitSettings, out_dir: Path, fmt: str) -> list[Part]:
    """Every file of the kit, laid out before anything is written: a setting that cannot
    work (a stored back offset that fits A4 only, with --paper letter) stops the kit whole."""
    from pnp.kit import calibration_job

    calibration = _document(calibration_job(settings), settings, out_dir, fmt)
    names = [f"../{p.name}" for p in calibration.paths]  # seen from a game's folder
    parts = [Part("Printer test sheet", [calibration])]
    for g in games:
        lang = settings.lang if settings.lang in g.languages else g.languages[0]
        parts.append(Part(g.title, _kit_part(g, settings, names, out_dir, fmt), lang))
    return parts


def _kit_part(
    game: Game, settings: KitSettings, calibration: list[str], out_dir: Path, fmt: str
) -> list[Planned]:
    """One game's folder: its documents, then its notes (which name the documents)."""
    from pnp.kit import file_names

    part = game.kit_part()
    if settings.lang not in game.languages:  # printed in its one language
        settings = replace(settings, lang=game.languages[0])
    jobs = part.jobs(settings)
    planned = [_document(job, settings, out_dir, fmt) for job in jobs]
    written = {
        job.path: [os.path.relpath(p, out_dir / part.FOLDER) for p in entry.paths]
        for job, entry in zip(jobs, planned, strict=True)
    }
    notes = part.notes(written, settings, file_names(calibration))
    return planned + [Planned(out_dir / note.path, note.text) for note in notes]


def _document(job: Job, settings: KitSettings, out_dir: Path, fmt: str) -> Planned:
    from pnp.layouts.cards import BackOffsetError
    from pnp.paper import ImpositionError

    try:
        doc = job.build() if job.raw else job.build().scaled(settings.printer.factor)
    except (BackOffsetError, ImpositionError) as exc:
        raise click.ClickException(f"{job.path}: {exc}") from None
    return Planned(out_dir / f"{job.path}.{fmt}", doc, job.path, job)


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
