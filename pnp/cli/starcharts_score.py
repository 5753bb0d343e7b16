"""``pnp starcharts score``, and what the other Star Charts commands share with it: the
plays for BG Stats, chart names completed and refused. Light, as scoring starts fast:
nothing here loads pathlib, the drawing side or the engine's play."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from pnp.cli.bgstats_options import Export, bgstats_options, emit, sources_of
from pnp.cli.play_options import usage_errors
from pnp.errors import Problem, SourceError

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.apps.bgstats import Play
    from pnp.score.result import GameResult, MatchResult, PlayerResult


def _warn(warnings: list[Problem] | list[str]) -> None:
    for warning in warnings:
        click.echo(str(warning), err=True)


# A missing file is a usage error; a folder, a pipe or an unreadable file is reported by
# the reader as "FILE: message" (exit status 1). Paths stay strings: no pathlib to load.
_INPUT = click.Path(exists=True, readable=False)


def complete_chart(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Shell completion for chart ids (files are completed by the shell itself)."""
    from pnp.starcharts.chart import chart_ids

    return [
        click.shell_completion.CompletionItem(c) for c in chart_ids() if c.startswith(incomplete)
    ]


def _parts(p: PlayerResult) -> tuple[tuple[str, int], ...]:
    claims = [(f"{b.objective} (round {b.round})", b.points) for b in p.boxes if b.kind == "claim"]
    rest = [("full grid", p.filled_points), ("unused abilities", 3 * len(p.unused))]
    return (*claims, *rest, *([("unclaimed objectives", -p.penalty)] if p.penalty else []))


def game_play(result: GameResult, starts: bool) -> Play:
    """``starts``: the first player is the start player (a log says so; sheets don't).
    Versus the A.I., the player alone, who wins when the rating is above "You should try
    again"; solo, one player ("You", as in Astra's solo) scoring the higher sheet, who
    wins with a result (both charts filled in the same round)."""
    from pnp.apps.bgstats import Play, Standing
    from pnp.score.result import RATINGS
    from pnp.starcharts.setup import Variant

    board = _chart_name(result.chart)
    if result.variant != Variant.STANDARD.value:
        board += f", {result.variant}"
    if result.variant == Variant.VERSUS_AI.value:
        human = result.players[0]
        won = human.total > RATINGS[0][0]
        you = Standing(human.name, human.total, won, starts, _parts(human))
        return Play((you,), result.verdict, board)
    if result.variant == Variant.SOLO.value:
        sheets = tuple((f"sheet {p.name}", p.total) for p in result.players)
        high = max(p.total for p in result.players)
        you = Standing("You", high, result.extra.get("result") is not None, starts, sheets)
        return Play((you,), result.verdict, board)
    players = tuple(
        Standing(p.name, p.total, p.name in result.winners, starts and k == 0, _parts(p))
        for k, p in enumerate(result.players)
    )
    return Play(players, result.verdict, board)


def match_play(match: MatchResult, starts: bool) -> Play:
    """A match is one play: the match totals, each game's total as a part."""
    from pnp.apps.bgstats import Play, Standing

    players = []
    for k, (name, total, _, _) in enumerate(match.totals):
        games = (
            (f"game {n}", next(p.total for p in g.players if p.name == name))
            for n, g in enumerate(match.games, 1)
        )
        players.append(Standing(name, total, name in match.winners, starts and k == 0, (*games,)))
    return Play(tuple(players), match.verdict, _extended(match))


def _chart_name(ref: str) -> str:
    """A chart id as it is; a chart file by its name without folder or ".txt"."""
    return ref.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".txt")


def _extended(match: MatchResult) -> str:
    charts = dict.fromkeys(_chart_name(g.chart) for g in match.games)
    return f"{', '.join(charts)}, extended"


@contextmanager
def chart_usage(hint: str) -> Iterator[None]:
    """An unknown chart id or a missing chart file is a usage error (exit status 2)."""
    from pnp.starcharts.chart import UnknownChartError

    with usage_errors(hint, UnknownChartError):
        yield


def _path(name: str) -> Path:
    from pathlib import Path

    return Path(name)


@click.command(
    epilog="""\b
    Examples:
      Score a finished game typed as text:
        pnp starcharts score docs/examples/finished.txt
      The same, as JSON:
        pnp starcharts score --json docs/examples/finished.txt""",
)
@click.argument("games", nargs=-1, required=True, type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@click.option("--match", is_flag=True, help="The games form an extended match: add them up.")
@click.option(
    "--objectives",
    nargs=4,
    metavar="ID ID ID ID",
    help="The objectives dealt, for photos and filled PDF sheets (they are not on the sheet).",
)
@click.option(
    "-o",
    "--output",
    "text_path",
    type=click.Path(dir_okay=False),
    help="Write the text read from photos or filled PDF sheets here, then score it.",
)
@click.option(
    "--name",
    "names",
    multiple=True,
    help="Photos: the players' names, one for each photo in turn (else the file names).",
)
@click.option("--chart", help="Photos: the chart, when its code on the sheet does not read.")
@click.option(
    "--review",
    type=click.Path(file_okay=False),
    help="Photos: write each flattened page with what was read drawn over it here.",
)
@bgstats_options
def score(
    games: tuple[str, ...],
    as_json: bool,
    match: bool,
    objectives: tuple[str, ...] | None,
    text_path: str | None,
    names: tuple[str, ...],
    chart: str | None,
    review: str | None,
    bgstats: Export | None,
) -> None:
    """Score finished games typed as text (the format: `pnp starcharts formats`), filled PDF
    sheets (`pnp starcharts sheet --fillable`) or phone photos of finished sheets (JPEG
    or PNG, one a player): the PDFs, or the photos, given together are one game. With
    --json, one game prints an object and several print a list."""
    from pnp.cli.starcharts_forms import PhotoOptions, score_forms
    from pnp.score.report import dumps, format_match, format_result, match_json, result_json
    from pnp.score.result import decide_match
    from pnp.score.starcharts import load_finished, score_finished

    photo = PhotoOptions(names, chart, None if review is None else _path(review))
    texts, results, notes = score_forms(games, objectives, text_path, photo)
    _warn(notes)
    problems: list[Problem] = []
    more = 0
    for path in texts:
        try:
            result, warnings = score_finished(*load_finished(path))
        except SourceError as exc:
            problems.extend(exc.problems)
            more += exc.more
            continue
        _warn(warnings)
        results.append(result)
    if problems:
        raise SourceError(problems, more)
    if match:
        if len({tuple(p.name for p in r.players) for r in results}) != 1:
            raise click.UsageError("the games of a match have the same players")
        outcome = decide_match(tuple(results))
        if bgstats is not None:
            emit("starcharts", [match_play(outcome, False)], bgstats, [games])
            return
        click.echo(dumps(match_json(outcome)) if as_json else format_match(outcome), nl=False)
        return
    if bgstats is not None:
        forms = [g for g in games if g not in texts]
        sources = sources_of(forms, len(results) - len(texts)) + sources_of(texts, len(texts))
        emit("starcharts", [game_play(r, False) for r in results], bgstats, sources)
        return
    if as_json:
        data = [result_json(r) for r in results]
        click.echo(dumps(data[0] if len(data) == 1 else data), nl=False)
        return
    click.echo("\n".join(format_result(r) for r in results), nl=False)
