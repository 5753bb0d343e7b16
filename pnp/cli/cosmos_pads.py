"""Filled Crafting the Cosmos score pads for ``pnp cosmos score``: a photo of the pad or
its filled fillable PDF, told apart from typed records by their first bytes, read into
the counts-mode record (asking on a terminal where a photo's reader is unsure), written
with ``-o`` if asked, then scored with every check a typed record meets."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import click

from pnp.errors import SourceError

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.read.cosmos_photo import PadReading
    from pnp.score.cosmos import CosmosResult
    from pnp.score.cosmos_pad import PadValue

_PHOTO = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n")


class PadOptions(NamedTuple):
    names: tuple[str, ...]
    output: str | None
    review: str | None


def _sniff(path: str) -> bytes:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return b""
        with open(path, "rb") as file:
            return file.read(8)
    except (OSError, ValueError):
        return b""


def score_pads(
    records: tuple[str, ...], options: PadOptions
) -> tuple[list[str], list[CosmosResult]]:
    """Score the pads (photos and filled PDFs) among ``records``, each one game: the
    typed records left, and the pads' results."""
    from pnp.cli.outputs import check_named, check_output

    heads = {path: _sniff(path) for path in records}
    pads = [p for p, head in heads.items() if head.startswith((*_PHOTO, b"%PDF-"))]
    texts = [p for p in records if p not in pads]
    if options.names or options.output or options.review:
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
    else:
        target = review = None
    if not pads:
        return texts, []
    if options.review and not any(heads[p].startswith(_PHOTO) for p in pads):
        raise click.UsageError("--review is for photos of the pad")
    if (options.names or options.output) and len(pads) > 1:
        raise click.UsageError("--name and -o are for one pad: score the pads one at a time")
    results = []
    for pad in pads:
        if heads[pad].startswith(b"%PDF-"):
            from pnp.score.cosmos_form import read_pad_form

            values = read_pad_form(pad)
        else:
            from pathlib import Path

            values = _read_photo(Path(pad), review)
        results.append(score_values(values, pad, options.names, target))
    return texts, results


def score_values(
    values: dict[str, PadValue], source: str, names: tuple[str, ...], output: Path | None
) -> CosmosResult:
    """Score the pad ``values`` read from ``source``; with ``output``, write the record
    there first and report problems at its lines, else at the pad's cells."""
    from pnp import atomic
    from pnp.cosmos.record_file import parse_record
    from pnp.score.cosmos import score_record
    from pnp.score.cosmos_pad import PadError, pad_record, total_problems

    record = pad_record(values, names, source)
    if output is not None:
        atomic.write_text(output, record.text)
    try:
        result = score_record(parse_record(record.text, str(output or source)))
    except SourceError as exc:
        if output is not None:
            raise
        more = [f"… and {exc.more} more problems"] if exc.more else []
        raise PadError([record.where(p) for p in exc.problems] + more) from None
    problems = total_problems(record, values, [p.total for p in result.players])
    if problems:
        raise PadError(problems)
    return result


def _read_photo(path: Path, review: Path | None) -> dict[str, PadValue]:
    from pnp.read.cosmos_photo import read_pad

    reading = read_pad(path)
    if sys.stdin.isatty() and sys.stdout.isatty():
        reading = _ask(reading, review)
    if review is not None:
        _review(reading, review)
    return reading.values


def _ask(reading: PadReading, folder: Path | None) -> PadReading:
    """Each number not read surely typed by the player, its comb cut out of the photo
    into an image whose name is shown."""
    import tempfile
    from pathlib import Path

    import cv2

    from pnp import atomic

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


def _review(reading: PadReading, folder: Path) -> None:
    """The flattened pad with what was read written beside each number, ? in red."""
    import cv2

    from pnp import atomic
    from pnp.scan.photo import box_px

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
