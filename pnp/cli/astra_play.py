"""``pnp astra score``: the Astra commands that need no drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from pnp.astra.text import Lang
from pnp.cli.astra import LANG
from pnp.cli.bgstats_options import Export, bgstats_options, emit
from pnp.errors import Problem, SourceError

if TYPE_CHECKING:
    from pnp.bgstats import Play
    from pnp.score.astra import AstraResult
    from pnp.score.astra_replay import SoloResult

# A missing file is a usage error; a folder, a pipe or an unreadable file is reported by
# the reader as "FILE: message" (exit status 1). Paths stay strings: no pathlib to load.
_INPUT = click.Path(exists=True, readable=False)


def _parts(side: str, parts: dict[str, int], lang: Lang) -> tuple[tuple[str, int], ...]:
    """The solo table's labels (``report.solo_*``, ``report.ptolemy_*``): the same parts
    as a game's --json, named in ``lang``."""
    from pnp.astra.text import text

    return tuple((text(f"report.{side}_{key}", lang), points) for key, points in parts.items())


def astra_play(result: AstraResult, lang: Lang) -> Play:
    """Seating order, first player first: the first player is the start player."""
    from pnp.bgstats import Play, Standing
    from pnp.score.astra import astra_json

    rows = astra_json(result)["players"]
    players = tuple(
        Standing(
            s.player.name,
            s.total,
            s.player.name in result.winners,
            k == 0,
            _parts("solo", row["parts"], lang),
        )
        for k, (s, row) in enumerate(zip(result.players, rows, strict=True))
    )
    return Play(players, result.said(lang))


def solo_play(result: SoloResult, lang: Lang) -> Play:
    """A solo game: you, who start, against Ptolemy."""
    from pnp.astra.text import text
    from pnp.bgstats import Play, Standing
    from pnp.score.astra_replay import solo_json

    data = solo_json(result)
    you, his = data["player"], data["ptolemy"]
    won = bool(data["you_win"])
    ptolemy = text("terms.ptolemy", lang)
    players = (
        Standing(result.player, you["total"], won, True, _parts("solo", you["parts"], lang)),
        Standing(ptolemy, his["total"], not won, False, _parts("ptolemy", his["parts"], lang)),
    )
    return Play(players, result.said(lang))


@click.command()
@click.argument("games", nargs=-1, required=True, type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@LANG
@bgstats_options
def score(games: tuple[str, ...], as_json: bool, lang: Lang, bgstats: Export | None) -> None:
    """Score finished games from their end-of-game files (TOML; see the README). With
    --json, one game prints an object and several print a list, the same in either
    language."""
    from pnp.score.astra import astra_json, format_astra, load_endgame, score_endgame
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
        from pnp.score.astra_problems import in_lang

        raise in_lang(SourceError(problems, more), lang)
    if bgstats is not None:
        emit("astra", [astra_play(r, lang) for r in results], bgstats)
        return
    if as_json:
        data = [astra_json(r) for r in results]
        click.echo(dumps(data[0] if len(data) == 1 else data), nl=False)
        return
    click.echo("\n".join(format_astra(r, lang) for r in results), nl=False)
