"""``pnp astra score``: the Astra commands that need no drawing."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.astra.text import Lang
from pnp.cli.astra import LANG
from pnp.errors import Problem, SourceError

# A missing file is a usage error; a folder, a pipe or an unreadable file is reported by
# the reader as "FILE: message" (exit status 1).
_INPUT = click.Path(exists=True, readable=False, path_type=Path)


@click.command()
@click.argument("games", nargs=-1, required=True, type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@LANG
def score(games: tuple[Path, ...], as_json: bool, lang: Lang) -> None:
    """Score finished games from their end-of-game files (TOML; see the README). With
    --json, one game prints an object and several print a list, the same in either
    language."""
    from pnp.score.astra import astra_json, format_astra, load_endgame, score_endgame
    from pnp.score.astra_problems import in_lang
    from pnp.score.report import dumps

    results = []
    problems: list[Problem] = []
    more = 0
    for path in games:
        try:
            results.append(score_endgame(load_endgame(path)))
        except SourceError as exc:
            problems.extend(exc.problems)
            more += exc.more
    if problems:
        raise in_lang(SourceError(problems, more), lang)
    if as_json:
        data = [astra_json(r) for r in results]
        click.echo(dumps(data[0] if len(data) == 1 else data), nl=False)
        return
    click.echo("\n".join(format_astra(r, lang) for r in results), nl=False)
