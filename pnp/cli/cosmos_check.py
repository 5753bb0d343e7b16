"""``pnp cosmos check LOG``: replay a game log of our edition under the rules and score
its end."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.bgstats_options import Export, bgstats_options, emit
from pnp.cli.outputs import check_output, named_callback

if TYPE_CHECKING:
    from pnp.apps.bgstats import Play
    from pnp.cosmos.game import Game
    from pnp.score.cosmos import CosmosResult

# A missing file is a usage error; a folder, a pipe or an unreadable file is reported by
# the reader as "FILE: message" (exit status 1).
_INPUT = click.Path(exists=True, readable=False, path_type=Path)
EDITION = "pnp edition"  # BG Stats' board for a game played with our galaxy board


def cosmos_play(result: CosmosResult, board: str = "") -> Play:
    """Seating order, first player first: the first player is the start player. The
    parts are the points by source, named as the table names them."""
    from pnp.apps.bgstats import Play, Standing
    from pnp.cosmos.text import Lang, text
    from pnp.score.cosmos import cosmos_json

    rows = cosmos_json(result)["players"]
    players = tuple(
        Standing(
            s.player.name,
            s.total,
            s.player.name in result.winners,
            k == 0,
            tuple((text(f"report.{key}", Lang.EN), n) for key, n in row["points"].items()),
        )
        for k, (s, row) in enumerate(zip(result.players, rows, strict=True))
    )
    return Play(players, result.said(), board)


def _so_far(game: Game, as_json: bool) -> str:
    from pnp.score.cosmos_progress import format_progress, progress, progress_json
    from pnp.score.cosmos_replay import expected
    from pnp.score.report import dumps

    now = progress(game, expected(game))
    return dumps(progress_json(now)) if as_json else format_progress(now)


@click.command(
    epilog="""\b
    Examples:
      Replay a whole game of our edition and score it:
        pnp cosmos check docs/examples/cosmos-game.txt
      Check a game in progress:
        pnp cosmos check --unfinished docs/examples/cosmos-first-turn.txt""",
)
@click.argument("log", type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@click.option(
    "--final-state",
    type=click.Path(dir_okay=False, path_type=Path),
    callback=named_callback("toml"),
    help="Also write the game's end to FILE, in the format `pnp cosmos score` reads.",
)
@click.option(
    "--unfinished",
    is_flag=True,
    help="The log may stop before the game's end (a game in progress): check it as far as "
    "it goes and print the points so far.",
)
@bgstats_options
def check(
    log: Path, as_json: bool, final_state: Path | None, unfinished: bool, bgstats: Export | None
) -> None:
    """Replay a game log of our edition turn by turn, reject the first illegal step with
    its rule, print the scores as `pnp cosmos score` does (the log's format: `pnp cosmos
    formats`)."""
    from pnp.cosmos.record_file import format_record
    from pnp.score.cosmos import cosmos_json, format_cosmos
    from pnp.score.cosmos_replay import load_log, replay, score_game
    from pnp.score.report import dumps
    from pnp.system import atomic

    if unfinished and (final_state is not None or bgstats is not None):
        raise click.UsageError(
            "--unfinished checks a game in progress: --final-state and --bgstats need its end"
        )
    if final_state is not None:
        check_output(final_state, "--final-state", [log])
    game, scored = replay(load_log(log), unfinished)
    if not game.over:
        click.echo(_so_far(game, as_json), nl=False)
        return
    result, end = score_game(game, scored)
    if final_state is not None:
        atomic.write_text(final_state, format_record(end))
    if bgstats is not None:
        emit("cosmos", [cosmos_play(result, EDITION)], bgstats, [[str(log)]])
        return
    click.echo(dumps(cosmos_json(result)) if as_json else format_cosmos(result), nl=False)
