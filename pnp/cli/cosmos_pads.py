"""Filled Crafting the Cosmos score pads for ``pnp cosmos score``: a photo of the pad or
its filled fillable PDF, told apart from typed records by their first bytes, read into
the counts-mode record (asking on a terminal where a photo's reader is unsure), written
with ``-o`` if asked, then scored with every check a typed record meets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.cli.pads import PDF, PadOptions, pad_paths
from pnp.errors import SourceError

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.score.cosmos import CosmosResult
    from pnp.score.cosmos_pad import PadValue


def score_pads(
    records: tuple[str, ...], options: PadOptions
) -> tuple[list[str], list[CosmosResult]]:
    """Score the pads (photos and filled PDFs) among ``records``, each one game: the
    typed records left, and the pads' results."""
    found = pad_paths(records, options)
    texts = [p for p in records if p not in found.pads]
    results = []
    for pad in found.pads:
        if found.heads[pad].startswith(PDF):
            from pnp.score.cosmos_form import read_pad_form

            values = read_pad_form(pad)
        else:
            from pathlib import Path

            from pnp.cli.pads import settle
            from pnp.read.cosmos_photo import read_pad

            values = settle(read_pad(Path(pad)), found.review).values
        results.append(score_values(values, pad, options.names, found.output))
    return texts, results


def score_values(
    values: dict[str, PadValue], source: str, names: tuple[str, ...], output: Path | None
) -> CosmosResult:
    """Score the pad ``values`` read from ``source``; with ``output``, write the record
    there first and report problems at its lines, else at the pad's cells."""
    from pnp.cosmos.record_file import parse_record
    from pnp.score.cosmos import score_record
    from pnp.score.cosmos_pad import PadError, pad_record, total_problems
    from pnp.system import atomic

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
