"""Filled Astra score pads for ``pnp astra score``: a photo of the pad or its filled
fillable PDF (told apart by their first bytes), or a typed pad record (told apart from an
end-of-game file by its ``[[column]]`` tables). A pad is read into the pad record
(asking on a terminal where a photo's reader is unsure), written with ``-o`` if asked,
and checked with every check its points allow."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from pnp.cli.pads import PDF, PadOptions, PadPaths, pad_paths
from pnp.errors import Problem, SourceError

if TYPE_CHECKING:
    from pnp.score.astra import AstraResult
    from pnp.score.astra_pad_rules import PadResult


def score_games(games: tuple[str, ...], options: PadOptions) -> list[AstraResult | PadResult]:
    """Every game's result in the order given; every typed file's problems raised
    together (a pad's reader stops at its first refusal)."""
    found = pad_paths(games, options)
    results: list[AstraResult | PadResult] = []
    problems: list[Problem] = []
    more = 0
    for path in games:
        try:
            if path in found.pads:
                results += _pad(path, found, options.names)
            else:
                results.append(_typed(path))
        except SourceError as exc:  # every file's problems, then exit status 1
            problems.extend(exc.problems)
            more += exc.more
    if problems:
        raise SourceError(problems, more)
    return results


def _typed(path: str) -> AstraResult | PadResult:
    """An end-of-game file, or a typed pad record."""
    from pnp.score.astra_pad import is_pad_record
    from pnp.text.parsing import read_source

    text = read_source(path)
    if is_pad_record(text):
        from pnp.score.astra_pad import parse_pad
        from pnp.score.astra_pad_rules import score_pad

        return score_pad(parse_pad(text, path), path)
    from pnp.astra.endgame import parse_endgame
    from pnp.score.astra import score_endgame

    return score_endgame(parse_endgame(text, path))


def _pad(path: str, found: PadPaths, names: tuple[str, ...]) -> list[PadResult]:
    """The pads of a photo (one) or of a filled PDF (each filled in), scored."""
    from pnp.score.astra_pad_values import pad_text, score_text
    from pnp.system import atomic

    if found.heads[path].startswith(PDF):
        from pnp.score.astra_pad_form import read_pad_forms

        pads = read_pad_forms(path)
        if len(pads) > 1 and (names or found.output):
            raise click.UsageError(f"{path}: both pads are filled in: --name and -o are for one")
    else:
        from pathlib import Path

        from pnp.cli.pads import settle
        from pnp.read.astra_photo import read_pad

        pads = [(path, settle(read_pad(Path(path)), found.review).values)]
    results = []
    for source, values in pads:
        record = pad_text(values, names, source)
        if found.output is not None:
            atomic.write_text(found.output, record.text)
        results.append(score_text(record, None if found.output is None else str(found.output)))
    return results
