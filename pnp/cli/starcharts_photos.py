"""Photos of finished Star Charts sheets for ``pnp starcharts score``: each photo one
player's sheet, read (asking on a terminal where the reader is unsure), drawn over for
review if asked, then turned into the finished-game text every check runs on."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.paper.sizes import Paper
    from pnp.read.starcharts_reading import Doubt, SheetReading
    from pnp.score.starcharts_form import FormGame


def interactive() -> bool:
    """Whether a person is there to answer: standard input and output are a terminal."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def read_photos(
    photos: list[str],
    objectives: tuple[str, ...] | None,
    names: tuple[str, ...],
    chart_path: str | None,
    review: Path | None,
) -> FormGame:
    """One game from ``photos``, one player each, named by ``names`` in turn or else by
    the photo's file name."""
    from pnp.read.starcharts_photo import game_text, read_sheet
    from pnp.scan.photo import PhotoError
    from pnp.starcharts.chart import load_chart

    if names and len(names) != len(photos):
        raise click.UsageError(f"--name is given {len(names)} times for {len(photos)} photos")
    chart = load_chart(chart_path) if chart_path else None
    readings, problems = [], []
    for n, photo in enumerate(photos):
        try:
            reading = read_sheet(Path(photo), chart, objectives)
        except PhotoError as exc:
            problems.append(str(exc))
            continue
        name = names[n] if names else "-".join(Path(photo).stem.split())
        readings.append((name, reading))
    if problems:
        raise PnpError("\n".join(problems))
    if len({r.chart.id for _, r in readings}) > 1:
        raise PnpError("the photos show sheets of different charts: one game is one chart")
    if interactive():
        readings = [(name, _ask(name, r, review)) for name, r in readings]
    if review is not None:
        for _, reading in readings:
            _review(reading, review)
    return game_text(readings, objectives)


def answer(name: str, doubt: Doubt, image: Path) -> str:
    """The player's answer to one doubt about ``name``'s sheet, shown the crop ``image``."""
    choices = click.Choice(doubt.choices)
    empty = " ('.' if empty)" if "." in doubt.choices else ""
    return str(click.prompt(f"{name}: {doubt.what} (see {image}){empty}", type=choices))


def _ask(name: str, reading: SheetReading, folder: Path | None) -> SheetReading:
    """Each doubt settled by the player: the place is cut out of the photo into an image
    whose name is shown (in ``folder``, else in a folder removed after the questions),
    and the answer chosen from what it could be."""
    if folder is not None:
        return _questions(name, reading, folder)
    with tempfile.TemporaryDirectory(prefix="pnp-") as place:
        return _questions(name, reading, Path(place))


def _questions(name: str, reading: SheetReading, place: Path) -> SheetReading:
    import cv2

    from pnp.system import atomic

    place.mkdir(parents=True, exist_ok=True)
    for doubt in reading.doubts:
        left, top, right, bottom = doubt.box
        grow = max(right - left, bottom - top) // 2
        cut = reading.page.colour[
            max(top - grow, 0) : bottom + grow, max(left - grow, 0) : right + grow
        ]
        image = place / f"{Path(reading.path).stem}-{doubt.what.replace(' ', '-')}.png"
        atomic.write_bytes(image, cv2.imencode(".png", cut)[1].tobytes())
        reading = reading.answered(doubt, answer(name, doubt, image))
    return reading


def _review(reading: SheetReading, folder: Path) -> None:
    """The flattened page with what was read written over each place, ? in red."""
    import cv2

    from pnp.layouts.starcharts.sheet import sheet_places
    from pnp.scan.photo import box_px
    from pnp.system import atomic

    image = reading.page.colour.copy()
    places = sheet_places(reading.chart, *_paper_of(reading))
    for index, token in enumerate(reading.grid):
        left, top, right, bottom = box_px(reading.marks, places.cell(index))
        colour = (0, 0, 220) if token == "?" else (0, 150, 0)
        size = (bottom - top) / 60
        cv2.putText(image, token, (left + 4, bottom - 6), cv2.FONT_HERSHEY_SIMPLEX, size, colour, 3)
    for k, token in enumerate((*reading.boxes, reading.filled)):
        left, top, right, bottom = box_px(reading.marks, places.insides[k])
        colour = (0, 0, 220) if token == "?" else (0, 150, 0)
        cv2.putText(
            image, token, (right - 40, bottom - 6), cv2.FONT_HERSHEY_SIMPLEX, 1.4, colour, 3
        )
    folder.mkdir(parents=True, exist_ok=True)
    target = review_path(folder, str(reading.path))
    atomic.write_bytes(
        target, cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes()
    )
    click.echo(f"wrote {target}", err=True)


def review_path(folder: Path, photo: str) -> Path:
    """Where ``--review`` puts the review image of ``photo``."""
    return folder / f"{Path(photo).stem}-review.jpg"


def _paper_of(reading: SheetReading) -> tuple[Paper, int]:
    from pnp.layouts.starcharts.sheet import KINDS
    from pnp.paper.sizes import PAPERS

    per_page, paper = next(key for key, kind in KINDS.items() if kind == reading.marks.kind)
    return PAPERS[paper], per_page
