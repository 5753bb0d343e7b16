"""``pnp astra check LOG``: replay a game log under the rules and score its end."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.astra.text import Lang
from pnp.cli.astra import LANG
from pnp.cli.bgstats_options import Export, bgstats_options, emit
from pnp.cli.outputs import check_output, named_callback

# A missing file is a usage error; a folder, a pipe or an unreadable file is reported by
# the reader as "FILE: message" (exit status 1).
_INPUT = click.Path(exists=True, readable=False, path_type=Path)


@click.command(
    epilog="""\b
    Examples:
      Replay a three-player game and print its scores:
        pnp astra check docs/examples/astra-game.txt
      Also write its end, which `pnp astra score` reads:
        pnp astra check docs/examples/astra-game.txt --final-state end.toml""",
)
@click.argument("log", type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@click.option(
    "--final-state",
    type=click.Path(dir_okay=False, path_type=Path),
    callback=named_callback("toml"),
    help="Also write the game's end to FILE, in the format `pnp astra score` reads"
    " (not for a solo log: Ptolemy has no end-of-game file).",
)
@LANG
@bgstats_options
def check(
    log: Path, as_json: bool, final_state: Path | None, lang: Lang, bgstats: Export | None
) -> None:
    """Replay a game log turn by turn, reject the first illegal step, print the scores.
    --json is the same in either language."""
    from pnp.cli.astra_play import astra_play, solo_play
    from pnp.errors import SourceError
    from pnp.score.astra import astra_json, format_astra
    from pnp.score.astra_problems import in_lang
    from pnp.score.astra_replay import check_log, check_solo, format_solo, load_log, solo_json
    from pnp.score.report import dumps
    from pnp.system import atomic

    if final_state is not None:
        check_output(final_state, "--final-state", [log])
    try:
        game_log = load_log(log)
        if game_log.header("solo"):
            if final_state is not None:
                raise click.UsageError(
                    "--final-state is for games of 2 to 5 players, not solo logs"
                )
            solo = check_solo(game_log, lang)
            if bgstats is not None:
                emit("astra", [solo_play(solo, lang)], bgstats, [[str(log)]])
                return
            click.echo(dumps(solo_json(solo)) if as_json else format_solo(solo, lang), nl=False)
            return
        result, end = check_log(game_log, lang)
    except SourceError as error:
        raise in_lang(error, lang) from None
    if final_state is not None:
        atomic.write_text(final_state, end)
    if bgstats is not None:
        emit("astra", [astra_play(result, lang)], bgstats, [[str(log)]])
        return
    click.echo(dumps(astra_json(result)) if as_json else format_astra(result, lang), nl=False)
