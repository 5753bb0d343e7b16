"""Finished games read from other inputs than typed text (filled PDF sheets) for
``pnp starcharts score``: read into the finished-game text, written with ``-o`` if
asked, then scored with every check the typed text meets."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from pnp.errors import SourceError

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.score.result import GameResult
    from pnp.score.starcharts_form import FormGame


def score_forms(
    games: tuple[str, ...], objectives: tuple[str, ...] | None, output: str | None
) -> tuple[list[str], list[GameResult], list[str]]:
    """Score the filled PDFs among ``games`` as one game: the typed games left, the
    result (none without PDFs) and its warnings."""
    from pnp.score.starcharts_form import is_pdf, read_game

    target = None
    if output is not None:
        from pathlib import Path

        from pnp.cli.outputs import check_named, check_output

        target = Path(output)
        check_named(target, "-o", "text")
        check_output(target, "-o", [Path(g) for g in games])
    pdfs = [path for path in games if is_pdf(path)]
    texts = [path for path in games if path not in pdfs]
    if not pdfs:
        if objectives or output:
            raise click.UsageError("--objectives and -o are for filled PDF sheets")
        return texts, [], []
    result, warnings = score_read(read_game(pdfs, objectives), pdfs[0], target)
    return texts, [result], warnings


def score_read(game: FormGame, source: str, output: Path | None) -> tuple[GameResult, list[str]]:
    """Score ``game`` read from ``source`` (its first file); with ``output``, write its
    text there first and report problems at that file's lines, else at the fields."""
    from pnp import atomic
    from pnp.score.starcharts import finished_from_text, score_finished
    from pnp.score.starcharts_form import FormError

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
