"""``pnp kit``: everything for a game night, into one folder; ``pnp calibrate``."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import click

from pnp.cli.common import emit
from pnp.cli.images_options import DPI, folder_option
from pnp.cli.numbers import WholeRange
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
from pnp.cli.outputs import check_output
from pnp.cli.play_options import MAX_JOBS
from pnp.games import GAMES, Game, languages
from pnp.kit import CALIBRATION
from pnp.paper.printer import PrinterProfile
from pnp.paper.sizes import Paper

if TYPE_CHECKING:
    from pnp.apps.tts.table import Laid as TableLaid
    from pnp.apps.tts.table import Table
    from pnp.draw.shapes import Document
    from pnp.kit import Job, KitSettings, Laid


@click.command(
    epilog="""\b
    Examples:
      All three games, on US Letter, into out/:
        pnp kit --paper letter
      Astra in French, with a page showing every file:
        pnp kit --game astra --lang fr --gallery --paper letter""",
)
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
@folder_option(
    "--png", "Also write every page of the kit as a PNG into DIR (grey, its dpi recorded)."
)
@folder_option(
    "--tts", "Also write each game's Tabletop Simulator table into DIR: a saved object, pictures."
)
@click.option(
    "--tts-base-url",
    metavar="URL",
    callback=lambda ctx, param, value: _base_url(value),
    help="The web address you upload the --tts pictures to: the tables name them URL + file"
    " name, for a table shared online (default: file:// paths, for this computer).",
)
@DPI
@click.option(
    "--gallery",
    is_flag=True,
    callback=lambda ctx, param, value: _renderer(value),
    help="Also write OUT/index.html: every file with a picture, what and how to print.",
)
@click.option(
    "--jobs",
    type=WholeRange(1, MAX_JOBS),
    callback=lambda ctx, param, value: _cores() if value is None else value,
    help="Processes to lay out and render the kit on (default: the machine's cores); the "
    "files are the same for any number.",
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
    tts: Path | None,
    tts_base_url: str | None,
    dpi: int,
    gallery: bool,
    jobs: int,
    card_size: str,
    bleed: float | None,
    printer: PrinterProfile,
    paper: Paper,
) -> None:
    """Print everything for a game night: sheets, cards, boards and aids, one folder per
    game. Card and printer options apply to the cards (the duplex files use your flip
    and back offset)."""
    from pnp.kit import KitSettings, Laid, Workshop
    from pnp.system import atomic

    games = [g for g in GAMES if game in ("all", g.id)]
    if not any(lang in g.languages for g in games):
        only = "; ".join(f"{g.title} is printed in {' or '.join(g.languages)}" for g in games)
        raise click.BadParameter(f"no game here is printed in {lang}: {only}", param_hint="--lang")
    settings = KitSettings(
        paper, card_choice(printer, card_size, bleed), replace(printer, paper=paper.name), lang
    )
    sections = _sections(games, settings)
    tables = _tables(sections, tts)
    builds = [partial(_document, job, settings) for s in sections for job in s.jobs]
    render = partial(_made, fmt, dpi if png is not None else None, gallery)
    ready = partial(_ready, fmt, png is not None or gallery)
    # The notes read game data (cards, the galaxy) to count things: planned ahead with a
    # page a document while the processes lay out, that data is loaded when they are done.
    ahead = partial(_plan, sections, [Laid(1, 0)] * len(builds), out_dir, fmt)
    with Workshop(builds, render, jobs, ready) as shop:
        parts = _plan(sections, shop.laid(ahead), out_dir, fmt)
        planned = [entry for part in parts for entry in part.planned]
        _check_outputs(planned, out_dir, png, gallery)
        atomic.make_folder(out_dir)
        thumbnails: dict[Path, bytes] = {}
        made = shop.made()
        with click.progressbar(
            planned,
            label=f"Writing the kit ({paper.name})",
            item_show_func=lambda e: os.path.relpath(e.paths[0], out_dir) if e else None,
        ) as bar:
            for entry in bar:
                if isinstance(entry.content, str):
                    files = Made([entry.content.encode("utf-8")])
                else:
                    files = next(made)
                image = entry.write(files, png, out_dir if gallery else None)
                if image is not None:
                    thumbnails[entry.path] = image
    click.echo(f"wrote {sum(len(e.paths) for e in planned)} files to {out_dir}/")
    if png is not None:
        click.echo(f"wrote {sum(len(e.images(png)) for e in planned)} page images to {png}/")
    if gallery:
        _write_gallery(parts, thumbnails, settings, out_dir)
        click.echo(f"wrote the gallery {out_dir / INDEX}")
    if tts is not None:
        from pnp.apps.tts.table import write_table

        for table, laid in tables:
            saved = write_table(tts, table, laid, dpi, tts_base_url)
            click.echo(f"wrote the Tabletop Simulator table {saved}")
    click.echo(_closing(parts, out_dir, gallery))


INDEX = "index.html"


def _closing(parts: list[Part], out_dir: Path, gallery: bool) -> str:
    """The kit's last lines: each game's README.txt, and the gallery."""
    readmes = [f"  {e.path}" for p in parts for e in p.planned if e.path.name == "README.txt"]
    lines = ["Read first: each game's README.txt says what to print and how.", *readmes]
    page = "every file with a picture, and how to print it"
    if gallery:
        lines.append(f"Open {out_dir / INDEX} for {page}.")
    else:
        lines.append(f"Add --gallery for {out_dir / INDEX}: {page}.")
    return "\n".join(lines)


def _cores() -> int:
    from pnp.play.parallel import cores

    return cores()


def _check_outputs(planned: list[Planned], out_dir: Path, png: Path | None, gallery: bool) -> None:
    """Every file the kit will write, checked before the first is written."""
    for entry in planned:
        for path in entry.paths:
            check_output(path, "--out")
        for path in entry.images(png):
            check_output(path, "--png")
        thumbnail = entry.thumbnail(out_dir) if gallery else None
        if thumbnail is not None:
            check_output(thumbnail, "--gallery")
    if gallery:
        check_output(out_dir / INDEX, "--gallery")


def _base_url(url: str | None) -> str | None:
    if url is not None and not url.startswith(("http://", "https://")):
        raise click.BadParameter(f"{url!r} is not an http:// or https:// address")
    return url


def _tables(sections: list[Section], tts: Path | None) -> list[tuple[Table, list[TableLaid]]]:
    """Each game's table laid out, its files checked as outputs before the kit's work."""
    from pnp.apps.tts.table import lay_out

    tables: list[tuple[Table, list[TableLaid]]] = []
    if tts is None:
        return tables
    for section in sections:
        if section.game is not None:
            table = section.game.tts_table(section.settings)
            laid = lay_out(tts, table)
            for path in [tts / f"{table.id}.json", *(f for part in laid for f in part.files)]:
                check_output(path, "--tts")
            tables.append((table, laid))
    return tables


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
    from pnp.apps.gallery import File, Printing, Section, index_html, thumbnail_path
    from pnp.render.png import size
    from pnp.system import atomic

    def file(entry: Planned) -> File:
        links = tuple(os.path.relpath(p, out_dir).replace(os.sep, "/") for p in entry.paths)
        if entry.job is None or isinstance(entry.content, str):
            return File(links)
        job, image, pages = entry.job, thumbnails[entry.path], entry.content.pages
        where = thumbnail_path(entry.name)
        return File(links, job.what, where, size(image), pages, job.copies, job.backs)

    sections = [Section(p.heading, tuple(file(e) for e in p.planned), p.lang) for p in parts]
    printer = settings.printer
    page = index_html(sections, Printing(settings.paper.name, settings.cards.flip, printer.scale))
    atomic.write_text(out_dir / INDEX, page)


class Planned(NamedTuple):
    """A document (laid out) or a note of the kit, and where it goes."""

    path: Path
    content: Laid | str
    name: str = ""  # a document's path in the kit, without suffix: its images' names
    job: Job | None = None  # a document's

    @property
    def paths(self) -> list[Path]:
        """The files written: an SVG file holds one page, so a document of several is
        numbered files."""
        from pnp.render.output import svg_paths

        if isinstance(self.content, str) or self.path.suffix != ".svg":
            return [self.path]
        return svg_paths(self.path, self.content.pages)

    def images(self, folder: Path | None) -> list[Path]:
        """Where ``--png`` puts the pages (none for a note)."""
        if folder is None or isinstance(self.content, str):
            return []
        return [folder / f"{self.name}-{n}.png" for n in range(1, self.content.pages + 1)]

    def thumbnail(self, out_dir: Path) -> Path | None:
        """Where ``--gallery`` puts the first page's picture (none for a note)."""
        from pnp.apps.gallery import thumbnail_path

        return None if isinstance(self.content, str) else out_dir / thumbnail_path(self.name)

    def write(self, made: Made, png: Path | None, gallery: Path | None) -> bytes | None:
        """Write the file or files (and the page images); with ``gallery`` (the kit's
        folder), the thumbnail too, which is returned."""
        from pnp.system import atomic

        for path, data in zip(self.paths, made.files, strict=True):
            atomic.write_bytes(path, data)
        for path, image in zip(self.images(png), made.images, strict=True):
            atomic.write_bytes(path, image)
        thumbnail = self.thumbnail(gallery) if gallery is not None else None
        if thumbnail is None or made.thumbnail is None:
            return None
        atomic.write_bytes(thumbnail, made.thumbnail)
        return made.thumbnail


class Made(NamedTuple):
    """What an entry of the kit writes, rendered (in a process of its own, maybe)."""

    files: Sequence[bytes]  # each of its paths'
    images: Sequence[bytes] = ()  # --png's, a page each
    thumbnail: bytes | None = None  # --gallery's


def _ready(fmt: str, images: bool) -> None:
    """Load the renderers the kit writes with, and their fonts (images come from PDFs)."""
    if fmt == "pdf" or images:
        from pnp.render.pdf import register_fonts

        register_fonts()
    if fmt == "svg":
        from pnp.render.svg import load_fonts

        load_fonts()


def _made(fmt: str, dpi: int | None, gallery: bool, doc: Document) -> Made:
    """A document's files; with ``dpi``, its page images, and with ``gallery``, its
    thumbnail."""
    from pnp.render.output import Format, render_one, rendered

    pdf = render_one(doc, Format.PDF) if fmt == "pdf" or dpi is not None or gallery else b""
    files = [pdf] if fmt == "pdf" else rendered(doc, Format(fmt))
    images: list[bytes] = []
    thumbnail = None
    if dpi is not None or gallery:
        from pnp.render.png import pdf_pages_png

        if dpi is not None:
            images = pdf_pages_png(pdf, dpi)
        if gallery:
            from pnp.apps.gallery import thumbnail_dpi

            thumbnail = pdf_pages_png(pdf, thumbnail_dpi(doc.pages[0].width))[0]
    return Made(files, images, thumbnail)


class Section(NamedTuple):
    """The kit's test sheet, or a game's folder, before it is laid out."""

    heading: str
    game: Game | None
    settings: KitSettings  # as the game is printed (in its language)
    jobs: list[Job]


def _sections(games: list[Game], settings: KitSettings) -> list[Section]:
    from pnp.kit import calibration_job

    sections = [Section("Printer test sheet", None, settings, [calibration_job(settings)])]
    for g in games:
        # a game printed in one language only is printed in it
        mine = settings if settings.lang in g.languages else replace(settings, lang=g.languages[0])
        sections.append(Section(g.title, g, mine, g.kit_part().jobs(mine)))
    return sections


def _plan(sections: list[Section], laid: list[Laid], out_dir: Path, fmt: str) -> list[Part]:
    """Every file of the kit, once every document is laid out (a setting that cannot
    work, such as a stored back offset that fits A4 only with --paper letter, stops the
    kit whole before that): each game's documents, then its notes, which name them."""
    from pnp.kit import file_names

    done = iter(laid)
    parts: list[Part] = []
    calibration: list[str] = []
    for section in sections:
        planned = [
            Planned(out_dir / f"{job.path}.{fmt}", next(done), job.path, job)
            for job in section.jobs
        ]
        if section.game is None:
            calibration = [f"../{p.name}" for p in planned[0].paths]  # from a game's folder
            parts.append(Part(section.heading, planned))
            continue
        part = section.game.kit_part()
        written = {
            entry.name: [os.path.relpath(p, out_dir / part.FOLDER) for p in entry.paths]
            for entry in planned
        }
        notes = part.notes(written, section.settings, file_names(calibration))
        planned += [Planned(out_dir / note.path, note.text) for note in notes]
        parts.append(Part(section.heading, planned, section.settings.lang))
    return parts


def _document(job: Job, settings: KitSettings) -> Document:
    from pnp.layouts.cards import BackOffsetError
    from pnp.paper.sizes import ImpositionError

    try:
        return job.build() if job.raw else job.build().scaled(settings.printer.factor)
    except (BackOffsetError, ImpositionError) as exc:
        raise click.ClickException(f"{job.path}: {exc}") from None


@click.command(
    epilog="""\b
    Examples:
      The test sheet on US Letter, to print double-sided:
        pnp calibrate --paper letter
      For a printer that flips on the short edge:
        pnp calibrate --flip short --paper letter""",
)
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
