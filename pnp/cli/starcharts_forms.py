"""Finished games read from other inputs than typed text (filled PDF sheets) for
``pnp starcharts score``: read into the finished-game text, written with ``-o`` if
asked, then scored with every check the typed text meets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.errors import SourceError

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.score.result import GameResult
    from pnp.score.starcharts_form import FormGame


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
