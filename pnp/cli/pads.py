"""What every game's ``score`` command does with a filled score pad, knowing no game: pads
told apart from typed records by their first bytes, ``--name``/``-o``/``--review``
checked before any work, a photo's numbers not read surely asked on a terminal (their
combs cut out into images whose names are shown), and the review image."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import click

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.layouts.digits import PadPlaces
    from pnp.scan.photo import Page

PHOTO = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n")
PDF = b"%PDF-"


class PadOptions(NamedTuple):
    names: tuple[str, ...]
    output: str | None
    review: str | None


class Doubt(Protocol):
    @property
    def cell(self) -> str: ...
    @property
    def box(self) -> tuple[int, int, int, int]: ...
    @property
    def what(self) -> str: ...


class Reading(Protocol):
    """A photo reader's reading of a pad (``pnp.read.*_photo``)."""

    @property
    def path(self) -> Path: ...
    @property
    def values(self) -> dict[str, int | str | None]: ...
    @property
    def doubts(self) -> tuple[Doubt, ...]: ...
    @property
    def places(self) -> PadPlaces: ...
    @property
    def page(self) -> Page: ...
    def answered(self, doubt: Any, answer: int | str | None) -> Reading: ...


def sniff(path: str) -> bytes:
    """A regular file's first bytes; b"" for anything else (its reader says why)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return b""
        with open(path, "rb") as file:
            return file.read(8)
    except (OSError, ValueError):
        return b""


class PadPaths(NamedTuple):
    pads: list[str]  # photos and PDFs, in the order given
    heads: dict[str, bytes]
    output: Path | None
    review: Path | None


def pad_paths(records: tuple[str, ...], options: PadOptions) -> PadPaths:
    """The pads among ``records``, and the options checked against them (usage errors)."""
    from pnp.cli.outputs import check_named, check_output

    heads = {path: sniff(path) for path in records}
    pads = [p for p, head in heads.items() if head.startswith((*PHOTO, PDF))]
    if not (options.names or options.output or options.review):
        return PadPaths(pads, heads, None, None)
    from pathlib import Path  # only then: a typed record's scorer starts without it

    target = Path(options.output) if options.output else None
    review = Path(options.review) if options.review else None
    if target is not None:
        check_output(target, "-o", [Path(r) for r in records])
        check_named(target, "-o", "toml")
    if review is not None:
        for given in records:
            check_output(review_path(review, given), "--review", [Path(r) for r in records])
    if not pads:
        raise click.UsageError("--name, -o and --review are for a photo or PDF of the pad")
    if options.review and not any(heads[p].startswith(PHOTO) for p in pads):
        raise click.UsageError("--review is for photos of the pad")
    if (options.names or options.output) and len(pads) > 1:
        raise click.UsageError("--name and -o are for one pad: score the pads one at a time")
    return PadPaths(pads, heads, target, review)


def settle(reading: Reading, review: Path | None) -> Reading:
    """The reading with its doubts asked on a terminal, its review image written if
    asked."""
    import sys

    if sys.stdin.isatty() and sys.stdout.isatty():
        reading = ask(reading, review)
    if review is not None:
        review_image(reading, review)
    return reading


def ask(reading: Reading, folder: Path | None) -> Reading:
    """Each number not read surely typed by the player, its comb cut out of the photo
    into an image whose name is shown."""
    import tempfile
    from pathlib import Path

    import cv2

    from pnp.system import atomic

    place = folder or Path(tempfile.mkdtemp(prefix="pnp-"))
    for doubt in reading.doubts:
        left, top, right, bottom = doubt.box
        grow = (bottom - top) // 2
        cut = reading.page.colour[max(top - grow, 0) : bottom + grow, max(left - grow, 0) : right]
        image = place / f"{reading.path.stem}-{doubt.cell}.png"
        atomic.write_bytes(image, cv2.imencode(".png", cut)[1].tobytes())
        answer = click.prompt(
            f"{reading.path}: {doubt.what} (see {image}; . when empty)",
            value_proc=_answer(len(reading.places.digits(doubt.cell))),
        )
        reading = reading.answered(doubt, answer)
    return reading


def _answer(digits: int) -> Callable[[str], int | None]:
    def parse(text: str) -> int | None:
        text = text.strip()
        if text == ".":
            return None
        if text.isascii() and text.isdigit() and len(text) <= digits:
            return int(text)
        raise click.BadParameter(f"a number of at most {digits} digits, or . when empty")

    return parse


def review_image(reading: Reading, folder: Path) -> None:
    """The flattened pad with what was read written beside each number, ? in red."""
    import cv2

    from pnp.scan.photo import box_px
    from pnp.system import atomic

    image = reading.page.colour.copy()
    for cell, boxes in reading.places.numbers:
        value = reading.values[cell]
        if value is None:
            continue
        left, top = box_px(reading.places.marks, boxes[0])[:2]
        colour = (0, 0, 220) if value == "?" else (0, 150, 0)
        cv2.putText(image, str(value), (left, top - 4), cv2.FONT_HERSHEY_SIMPLEX, 1.0, colour, 2)
    folder.mkdir(parents=True, exist_ok=True)
    target = review_path(folder, str(reading.path))
    data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes()
    atomic.write_bytes(target, data)
    click.echo(f"wrote {target}", err=True)


def review_path(folder: Path, pad: str) -> Path:
    """Where ``--review`` puts the review image of ``pad``."""
    from pathlib import Path

    return folder / f"{Path(pad).stem}-review.jpg"
