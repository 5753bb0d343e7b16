"""``--png DIR``, ``--png-mode``, ``--tts DIR`` and ``--dpi`` on the card commands: each
card's front and back as a PNG, and a Tabletop Simulator deck (face sheets, back, saved
object). The cards are drawn one to a page (the print-shop layout, the page the card and
its bleed: ``--bleed``'s for ``--png``, none for TTS) and rendered from that PDF."""

from __future__ import annotations

import functools
import json
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import click

from pnp.apps.tts import Sheet, sheets
from pnp.cli.numbers import WholeRange
from pnp.cli.outputs import check_output

if TYPE_CHECKING:
    from pnp.draw.shapes import Document
    from pnp.layouts.cards import CardOptions

F = TypeVar("F", bound=Callable[..., Any])

DPI = click.option(
    "--dpi",
    type=WholeRange(36, 1200),
    default=300,
    show_default=True,
    help="Resolution of the images, in dots per inch (recorded in each card or page PNG).",
)
PNG_MODE = click.option(
    "--png-mode",
    type=click.Choice(["gray", "rgb"], case_sensitive=False),
    default="gray",
    show_default=True,
    help="The --png images' colours: 8-bit grey, as the PDFs (DeviceGray), or 8-bit RGB "
    "in greys, for a print shop that asks for RGB.",
)


class Images(NamedTuple):
    """The image folders asked for (None: not asked), their resolution, and whether the
    ``--png`` images are RGB (else grey)."""

    png: Path | None
    tts: Path | None
    dpi: int
    rgb: bool = False


def _folder(ctx: click.Context, param: click.Parameter, value: Path | None) -> Any:
    """An image folder: pypdfium2 must be there to fill it (else one line, exit 1), the
    folder must be one that can be made and written, and it is claimed as an output."""
    from pnp.cli.clashes import claim_folder
    from pnp.render.png import check_renderer
    from pnp.system import atomic

    if value is not None:
        check_renderer()
        problem = atomic.folder_problem(value)
        if problem is not None:
            raise problem
        claim_folder(value, param.opts[0])
    return value


def folder_option(name: str, help: str) -> Callable[[F], F]:
    return click.option(
        name,
        type=click.Path(path_type=Path),
        callback=_folder,
        metavar="DIR",
        help=help,
    )


PNG = folder_option(
    "--png", "Also write each card's front and back, with the bleed asked for, as a PNG into DIR."
)
TTS = folder_option(
    "--tts", "Also write a Tabletop Simulator deck into DIR: face sheets, back, saved object."
)


def image_options(f: F) -> F:
    """``--png``, ``--png-mode``, ``--tts`` and ``--dpi`` → ``images``: an ``Images``."""

    @functools.wraps(f)
    def command(
        *args: Any, png: Path | None, png_mode: str, tts: Path | None, dpi: int, **kwargs: Any
    ) -> Any:
        from pnp.cli.play_options import given

        if png is None and given("png_mode"):
            raise click.UsageError("--png-mode has no effect without --png")
        return f(*args, images=Images(png, tts, dpi, png_mode.lower() == "rgb"), **kwargs)

    return PNG(PNG_MODE(TTS(DPI(command))))  # type: ignore[return-value]


def card_id(name: str) -> str:
    """A card's name as a file name: ``Boötes`` → ``bootes``, ``Canis Major`` → ``canis-major``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join(plain.lower().split())


def card_images(
    images: Images,
    build: Callable[[CardOptions], Document],
    cards: CardOptions,
    deck: str,
    ids: Sequence[str] | None = None,
) -> Callable[[bool], None]:
    """The images ``images`` asks for of the deck ``build`` lays out with the card
    options ``cards`` (their size and bleed), ``deck`` naming the files, ``ids`` the cards
    (else ``deck-01``, ``deck-02``, …): laid out and their paths checked and claimed now,
    before the command writes its document; returns what renders and writes them, given
    whether to say so on stderr (the document went to stdout)."""
    if images.png is None and images.tts is None:
        return _nothing
    from pnp.paper.sizes import Backs

    shop = replace(cards, print_shop=True, backs=Backs.DUPLEX)
    if images.png is None:  # TTS shows the whole image as the card: no bleed
        shop = replace(shop, bleed=0.0)
    doc = build(shop)
    trimmed = doc if not shop.bleed or images.tts is None else build(replace(shop, bleed=0.0))
    count = len(doc.pages) // 2  # each front page followed by its back
    names = list(ids) if ids is not None else [f"{deck}-{n:02d}" for n in range(1, count + 1)]
    if len(names) != count:
        raise ValueError(f"{len(names)} card ids for {count} cards")
    for path, option in _planned(images, deck, names):
        check_output(path, option)
    return functools.partial(_write_images, images, deck, names, doc, trimmed)


def _nothing(err: bool) -> None:
    pass


def _write_images(
    images: Images,
    deck: str,
    names: list[str],
    doc: Document,
    trimmed: Document,
    err: bool,
) -> None:
    """``doc``: the cards with their bleed, for ``--png``; ``trimmed``: without, for TTS
    (the same document when there is no bleed)."""
    from pnp.render.output import Format, render_one
    from pnp.render.png import pdf_pages_png
    from pnp.system import atomic

    pages: list[bytes] = []
    if images.png is not None:
        pages = pdf_pages_png(render_one(doc, Format.PDF), images.dpi, images.rgb)
        atomic.make_folder(images.png)
        for name, front, back in zip(names, pages[0::2], pages[1::2], strict=True):
            atomic.write_bytes(images.png / f"{name}-front.png", front)
            atomic.write_bytes(images.png / f"{name}-back.png", back)
        click.echo(f"wrote {len(pages)} card images to {images.png}/", err=err)
    if images.tts is not None:
        if trimmed is not doc or not pages:
            pages = pdf_pages_png(render_one(trimmed, Format.PDF), images.dpi)
        fronts, backs = pages[0::2], pages[1::2]
        atomic.make_folder(images.tts)
        from pnp.paper.units import to_mm

        card = (to_mm(doc.pages[0].width), to_mm(doc.pages[0].height))
        saved = write_tts_deck(images.tts, deck, names, fronts, backs, card)
        click.echo(f"wrote the Tabletop Simulator deck {saved}", err=err)


def _planned(images: Images, deck: str, names: Sequence[str]) -> list[tuple[Path, str]]:
    """Every file that may be written, with its option, to check before the work."""
    planned = []
    if images.png is not None:
        planned += [
            (images.png / f"{name}-{side}.png", "--png")
            for name in names
            for side in ("front", "back")
        ]
    if images.tts is not None:
        for sheet in sheets(len(names)):
            planned += [(_sheet_path(images.tts, deck, "faces", sheet), "--tts")]
            planned += [(_sheet_path(images.tts, deck, "backs", sheet), "--tts")]
        planned += [(images.tts / f"{deck}-back.png", "--tts")]
        planned += [(images.tts / f"{deck}.json", "--tts")]
    return planned


def _sheet_path(folder: Path, deck: str, side: str, sheet: Sheet) -> Path:
    return folder / f"{deck}-{side}-{sheet.deck}.png"


def write_tts_deck(
    folder: Path,
    deck: str,
    names: Sequence[str],
    fronts: list[bytes],
    backs: list[bytes],
    card: tuple[float, float],
) -> Path:
    """Face sheets, the back (one image when every card has the same back, else sheets of
    backs), and the saved object of the deck of ``card``-sized cards (mm); returns the
    saved object's path."""
    from pnp.apps.tts import saved_object
    from pnp.apps.tts.table import write_deck_images
    from pnp.system import atomic

    files = [folder / f"{deck}-back.png"]
    for s in sheets(len(names)):
        files += [_sheet_path(folder, deck, "faces", s), _sheet_path(folder, deck, "backs", s)]
    layout, found = write_deck_images(files, fronts, backs, _url)
    path = folder / f"{deck}.json"
    text = json.dumps(saved_object(deck, names, layout, found, card), indent=2, ensure_ascii=False)
    atomic.write_text(path, text + "\n")
    return path


def _url(path: Path) -> str:
    """A ``file:///`` URL: TTS loads it on this computer only (upload the image and
    replace the URL to share the deck)."""
    return path.resolve().as_uri()
