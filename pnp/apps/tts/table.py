"""A whole game's table for Tabletop Simulator: what a game lays out (``Table``, its
``Part``s, each drawn as a document and placed on the table: see ``pnp.apps.tts.objects`` for
the units), and writing it: every picture rendered from PDF (``pnp.render.png``), the
deck sheets, and the saved object. Knows no game."""

from __future__ import annotations

import io
import json
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import quote

from pnp.apps.tts import MAX_SIDE, Sheet, SheetImages, card_objects, deck_object, sheets
from pnp.apps.tts.objects import Place, TileShape, board, die, save, tile, token

if TYPE_CHECKING:
    from pnp.draw.shapes import Document, Item
    from pnp.layouts.cards import CardOptions


class Kind(Enum):
    """What a part is, and so how its document's pages are read: a deck's pages are each
    card's front then back; a board's one page; a tile's its front then back; a
    token's one page, cut out round."""

    DECK = "deck"
    BOARD = "board"
    TILE = "tile"
    TOKEN = "token"


SIDES = {Kind.DECK: 2, Kind.BOARD: 1, Kind.TILE: 2, Kind.TOKEN: 1}


@dataclass(frozen=True)
class Part:
    """Pieces of one kind drawn by ``build``, at ``at``. A deck at one place is a deck
    (or its one card); at as many places as it has cards, each card is dealt to its
    place. A board, tile or token is put at each place: all of one picture, or each of
    its own (the document's pages in the order of ``at``)."""

    kind: Kind
    name: str
    build: Callable[[], Document]
    at: tuple[Place, ...]
    names: tuple[str, ...] = ()  # a deck's cards, the top one first
    face_up: bool = False
    shape: TileShape = TileShape.BOX


@dataclass(frozen=True)
class Table:
    id: str  # the saved object's file name, and its pictures' first word
    title: str
    parts: tuple[Part, ...]
    dice: tuple[tuple[int, Place], ...] = ()  # TTS's own dice: sides, place


class Laid(NamedTuple):
    """A part with its document laid out, and the files it makes."""

    part: Part
    doc: Document
    files: tuple[Path, ...]

    @property
    def faces(self) -> int:
        return len(self.doc.pages) // SIDES[self.part.kind]

    @property
    def size(self) -> tuple[float, float]:
        """A piece's width and height in millimetres (its page's)."""
        from pnp.paper.units import to_mm

        page = self.doc.pages[0]
        return to_mm(page.width), to_mm(page.height)


class TableError(ValueError):
    """A part whose document does not match its places."""


def lay_out(folder: Path, table: Table) -> list[Laid]:
    """Each part laid out, with every file it may write (to check before the work)."""
    laid = []
    for part in table.parts:
        doc = part.build()
        stem = f"{table.id}-{slug(part.name)}"
        faces = len(doc.pages) // SIDES[part.kind]
        if part.kind is Kind.DECK:
            if len(part.at) not in (1, faces):
                raise TableError(f"{part.name}: {faces} cards, {len(part.at)} places")
            files = [folder / f"{stem}-back.png"]
            for s in sheets(faces):
                files += [
                    folder / f"{stem}-faces-{s.deck}.png",
                    folder / f"{stem}-backs-{s.deck}.png",
                ]
        elif faces not in (1, len(part.at)):
            raise TableError(f"{part.name}: {faces} pictures, {len(part.at)} places")
        elif part.kind is Kind.TILE:
            files = [
                folder / f"{stem}-{k}-{side}.png"
                for k in range(1, faces + 1)
                for side in ("front", "back")
            ]
        else:
            files = [folder / f"{stem}-{k}.png" for k in range(1, faces + 1)]
        laid.append(Laid(part, doc, tuple(files)))
    return laid


def write_table(
    folder: Path, table: Table, laid: Sequence[Laid], dpi: int, base_url: str | None
) -> Path:
    """Render every part, write its pictures and the saved object; its path."""
    from pnp.system import atomic

    def url(path: Path) -> str:
        if base_url is None:
            return path.resolve().as_uri()
        return base_url + ("" if base_url.endswith("/") else "/") + quote(path.name)

    atomic.make_folder(folder)
    objects: list[dict[str, Any]] = []
    for part, doc, files in laid:
        pages = _pages(doc, dpi)
        write = _write_deck if part.kind is Kind.DECK else _write_pieces
        objects += write(Laid(part, doc, files), pages, url)
    objects += [die(sides, place) for sides, place in table.dice]
    path = folder / f"{table.id}.json"
    text = json.dumps(save(table.title, objects), indent=2, ensure_ascii=False)
    atomic.write_text(path, text + "\n")
    return path


def _pages(doc: Document, dpi: int) -> list[bytes]:
    from pnp.render.output import Format, render_one
    from pnp.render.png import pdf_pages_png

    return pdf_pages_png(render_one(doc, Format.PDF), dpi)


def _write_deck(laid: Laid, pages: list[bytes], url: Callable[[Path], str]) -> list[dict[str, Any]]:
    part = laid.part
    fronts, backs = pages[0::2], pages[1::2]
    names = part.names or tuple(f"{part.name} {n}" for n in range(1, len(fronts) + 1))
    names = names if len(names) > 1 else (part.name,)
    layout, images = write_deck_images(laid.files, fronts, backs, url)
    if len(part.at) == 1:
        return [deck_object(part.name, names, layout, images, laid.size, part.at[0], part.face_up)]
    return card_objects(names, layout, images, laid.size, part.at, part.face_up)


def write_deck_images(
    files: Sequence[Path], fronts: list[bytes], backs: list[bytes], url: Callable[[Path], str]
) -> tuple[list[Sheet], list[SheetImages]]:
    """Face sheets and the back (one image when every card has the same back, else sheets
    of backs, laid out as the faces), at ``files`` as ``lay_out`` names them."""
    from pnp.render.png import scaled, sheet
    from pnp.system import atomic

    layout = sheets(len(fronts))
    one_back = files[0] if len(set(backs)) == 1 else None
    if one_back is not None:
        atomic.write_bytes(one_back, scaled(backs[0], MAX_SIDE))
    images = []
    for s, faces, sheet_of_backs in zip(layout, files[1::2], files[2::2], strict=True):
        cut = slice(s.first, s.first + s.cards)
        atomic.write_bytes(faces, sheet(fronts[cut], s.columns, s.rows, MAX_SIDE))
        if one_back is None:
            atomic.write_bytes(sheet_of_backs, sheet(backs[cut], s.columns, s.rows, MAX_SIDE))
        images.append(SheetImages(url(faces), url(one_back or sheet_of_backs), one_back is None))
    return layout, images


def _write_pieces(
    laid: Laid, pages: list[bytes], url: Callable[[Path], str]
) -> list[dict[str, Any]]:
    from pnp.render.png import scaled
    from pnp.system import atomic

    part, (width, height) = laid.part, laid.size
    pictures = []
    for path, page in zip(laid.files, pages, strict=True):
        atomic.write_bytes(
            path, _round_cut(page) if part.kind is Kind.TOKEN else scaled(page, MAX_SIDE)
        )
        pictures.append(url(path))
    sides = SIDES[part.kind]
    objects = []
    for n, place in enumerate(part.at):
        k = 0 if laid.faces == 1 else n
        mine = pictures[k * sides : (k + 1) * sides]
        if part.kind is Kind.BOARD:
            objects.append(board(part.name, mine[0], place, (width, height)))
        elif part.kind is Kind.TILE:
            objects.append(tile(part.name, mine[0], mine[1], place, (width, height), part.shape))
        else:
            objects.append(token(part.name, mine[0], place, width))
    return objects


def _round_cut(png: bytes) -> bytes:
    """The picture in RGBA, transparent outside the circle it fills: TTS cuts a token
    out along its picture's transparency."""
    from PIL import Image, ImageDraw

    from pnp.render.png import scaled

    with Image.open(io.BytesIO(scaled(png, MAX_SIDE))) as image:
        cut = image.convert("RGBA")
    mask = Image.new("L", cut.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, cut.size[0] - 1, cut.size[1] - 1), fill=255)
    cut.putalpha(mask)
    out = io.BytesIO()
    cut.save(out, "PNG", optimize=False)
    return out.getvalue()


def slug(name: str) -> str:
    """A name as a file name: ``Boötes`` → ``bootes``, ``Canis Major`` → ``canis-major``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(c if c.isalnum() else " " for c in plain.lower()).split())


def pictures(title: str, width: float, height: float, faces: Sequence[Sequence[Item]]) -> Document:
    """A page of ``width`` × ``height`` points for each face, drawn edge to edge (the
    items centred on the page's middle)."""
    from pnp.draw.shapes import Document, Page
    from pnp.draw.transform import translated
    from pnp.paper.geometry import Box

    media = Box(0.0, 0.0, width, height)
    pages = tuple(
        Page(width, height, media, tuple(translated(list(f), width / 2, height / 2))) for f in faces
    )
    return Document(title, pages, subject=title)


def grid(
    x: float, z: float, count: int, columns: int, pitch: float, turn: int = 0
) -> tuple[Place, ...]:
    """``count`` places in rows of ``columns``, ``pitch`` inches apart, the first row's
    first at (``x``, ``z``) and the rows going towards the first seat."""
    return tuple(
        Place(x + (n % columns) * pitch, z - (n // columns) * pitch, turn) for n in range(count)
    )


def turned(place: Place, turns: int) -> Place:
    """``place`` (laid out for the first seat, at the bottom) for the seat ``turns``
    seats on, clockwise: turned about the table's centre."""
    x, z = place.x, place.z
    for _ in range(turns % 4):
        x, z = z, -x
    return Place(x, z, (place.turn + turns) % 4, place.y)


def one_a_page(cards: CardOptions) -> CardOptions:
    """Card options that lay a deck out one card to a page, front then back, the page the
    card (without bleed): its pictures."""
    from dataclasses import replace

    from pnp.paper.sizes import Backs

    return replace(cards, print_shop=True, backs=Backs.DUPLEX, bleed=0.0)
