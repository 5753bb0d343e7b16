"""Finished games read from other inputs than typed text (filled PDF sheets) for
``pnp starcharts score``: read into the finished-game text, written with ``-o`` if
asked, then scored with every check the typed text meets."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import click

from pnp.errors import SourceError

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.score.result import GameResult
    from pnp.score.starcharts_form import FormGame


_PHOTO = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n")  # JPEG, PNG


def is_photo(path: str) -> bool:
    """Whether ``path`` is a regular file that starts as a JPEG or a PNG does."""
    import os
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as file:
            return file.read(8).startswith(_PHOTO)
    except (OSError, ValueError):
        return False


class PhotoOptions(NamedTuple):
    names: tuple[str, ...]
    chart: str | None
    review: Path | None


def score_forms(
    games: tuple[str, ...],
    objectives: tuple[str, ...] | None,
    output: str | None,
    photo: PhotoOptions,
) -> tuple[list[str], list[GameResult], list[str]]:
    """Score the filled PDFs, or the photos, among ``games`` as one game: the typed
    games left, the result (none without PDFs or photos) and its warnings."""
    from pnp.score.starcharts_form import is_pdf, read_game

    target = None
    if output is not None or photo.review is not None:  # checked before any work
        from pathlib import Path

        from pnp.cli.outputs import check_named, check_output
        from pnp.cli.starcharts_photos import review_path

        inputs = [Path(g) for g in games]
        if output is not None:
            target = Path(output)
            check_output(target, "-o", inputs)
            check_named(target, "-o", "text")
        if photo.review is not None:
            for given in games:
                check_output(review_path(photo.review, given), "--review", inputs)
    pdfs = [path for path in games if is_pdf(path)]
    photos = [path for path in games if is_photo(path)]
    texts = [path for path in games if path not in pdfs and path not in photos]
    if pdfs and photos:
        raise click.UsageError("photos and filled PDF sheets are scored as separate games")
    if not pdfs and not photos:
        if objectives or output or photo.names or photo.chart or photo.review:
            raise click.UsageError(
                "--objectives, -o, --name, --chart and --review are for photos and filled PDFs"
            )
        return texts, [], []
    if photos:
        from pnp.cli.starcharts_photos import read_photos

        game = read_photos(photos, objectives, photo.names, photo.chart, photo.review)
    else:
        game = read_game(pdfs, objectives)
    result, warnings = score_read(game, (pdfs or photos)[0], target)
    return texts, [result], warnings


def score_read(game: FormGame, source: str, output: Path | None) -> tuple[GameResult, list[str]]:
    """Score ``game`` read from ``source`` (its first file); with ``output``, write its
    text there first and report problems at that file's lines, else at the fields."""
    from pnp.score.starcharts import finished_from_text, score_finished
    from pnp.score.starcharts_form import FormError
    from pnp.system import atomic

    if output is not None:
        atomic.write_text(output, game.text)
    name = source if output is None else str(output)
    try:
        result, warnings = score_finished(*finished_from_text(game.text, name, "."))
    except SourceError as exc:
        if output is not None:
            raise
        more = [f"… and {exc.more} more problems"] if exc.more else []
        raise FormError([game.where(p) for p in exc.problems] + more) from None
    return result, [str(w) if output is not None else game.where(w) for w in warnings]
