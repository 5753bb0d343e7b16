"""``pnp astra score``: the Astra commands that need no drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from pnp.astra.text import Lang
from pnp.cli.astra import LANG
from pnp.cli.bgstats_options import Export, bgstats_options, emit, sources_of
from pnp.errors import SourceError

if TYPE_CHECKING:
    from pnp.apps.bgstats import Play
    from pnp.score.astra import AstraResult
    from pnp.score.astra_pad_rules import PadResult
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
    from pnp.apps.bgstats import Play, Standing
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
    """A solo game as BG Stats users log one: you alone, who won or lost against
    Ptolemy, his score in the comments and the difficulty modifiers as the board."""
    from pnp.apps.bgstats import Play, Standing
    from pnp.astra.text import text
    from pnp.score.astra_replay import solo_json

    data = solo_json(result)
    you, his = data["player"], data["ptolemy"]
    ptolemy = text("terms.ptolemy", lang)
    parts = _parts("ptolemy", his["parts"], lang)
    notes = (f"{ptolemy} {his['total']}: " + "; ".join(f"{k} = {v}" for k, v in parts),)
    hard = sorted(d.value for d in result.ptolemy.difficulty)
    board = "solo" + (f": {', '.join(hard)}" if hard else "")
    player = Standing(
        result.player, you["total"], bool(data["you_win"]), True, _parts("solo", you["parts"], lang)
    )
    return Play((player,), result.said(lang), board, notes)


def pad_play(result: PadResult, lang: Lang) -> Play:
    """A score pad's game: its columns in seating order, the first column's player first."""
    from pnp.apps.bgstats import Play, Standing
    from pnp.score.astra_pad import ROWS
    from pnp.score.astra_pad_report import row_label, verdict

    players = tuple(
        Standing(
            p.name,
            p.total,
            p.name in result.winners,
            k == 0,
            tuple((row_label(r, lang), n) for r, n in zip(ROWS, p.rows, strict=True)),
        )
        for k, p in enumerate(result.players)
    )
    return Play(players, verdict(result, lang))


def _shown(result: AstraResult | PadResult, lang: Lang, how: str) -> Any:
    """A game's result for --bgstats (``play``), --json (``json``) or the table."""
    from pnp.score.astra_pad_rules import PadResult

    if isinstance(result, PadResult):
        from pnp.score.astra_pad_report import format_pad_result, pad_json

        if how == "play":
            return pad_play(result, lang)
        return pad_json(result) if how == "json" else format_pad_result(result, lang)
    from pnp.score.astra import astra_json, format_astra

    if how == "play":
        return astra_play(result, lang)
    return astra_json(result) if how == "json" else format_astra(result, lang)


@click.command(
    epilog="""\b
    Examples:
      Score a finished game from its end-of-game file:
        pnp astra score docs/examples/astra-endgame.toml
      Score a score pad typed as written, as JSON:
        pnp astra score --json docs/examples/astra-pad.toml""",
)
@click.argument("games", nargs=-1, required=True, type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@click.option("--name", "names", multiple=True, help="A pad's players, column by column.")
@click.option(
    "-o",
    "--output",
    "record_path",
    type=click.Path(dir_okay=False),
    help="Write the pad record read from a pad's photo or PDF to this TOML file.",
)
@click.option("--review", type=click.Path(), help="Folder for a photo's review image.")
@LANG
@bgstats_options
def score(
    games: tuple[str, ...],
    as_json: bool,
    names: tuple[str, ...],
    record_path: str | None,
    review: str | None,
    lang: Lang,
    bgstats: Export | None,
) -> None:
    """Score finished games from their end-of-game files (TOML; the format: `pnp astra
    formats`), or from a filled score pad: a phone photo of it, its filled --fillable PDF,
    or the pad record read from one (--name names its players, -o writes the record read,
    --review draws what was read over the photo). With --json, one game prints an object
    and several print a list, the same in either language."""
    from pnp.cli.astra_pads import score_games
    from pnp.cli.pads import PadOptions
    from pnp.score.astra_problems import in_lang
    from pnp.score.report import dumps

    try:
        results = score_games(games, PadOptions(names, record_path, review))
    except SourceError as exc:
        raise in_lang(exc, lang) from None
    how = "play" if bgstats is not None else "json" if as_json else "table"
    shown = [_shown(r, lang, how) for r in results]
    if bgstats is not None:
        emit("astra", shown, bgstats, sources_of(games, len(shown)))
    elif as_json:
        click.echo(dumps(shown[0] if len(shown) == 1 else shown), nl=False)
    else:
        click.echo("\n".join(shown), nl=False)
