"""``pnp cosmos check LOG``: replay a game log of our edition under the rules and score
its end."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.outputs import check_output

# A missing file is a usage error; a folder, a pipe or an unreadable file is reported by
# the reader as "FILE: message" (exit status 1).
_INPUT = click.Path(exists=True, readable=False, path_type=Path)


@click.command()
@click.argument("log", type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@click.option(
    "--final-state",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the game's end to FILE, in the format `pnp cosmos score` reads.",
)
def check(log: Path, as_json: bool, final_state: Path | None) -> None:
    """Replay a game log of our edition turn by turn, reject the first illegal step with
    its rule, print the scores as `pnp cosmos score` does (see docs/cosmos-log.md)."""
    from pnp import atomic
    from pnp.cosmos.record import format_record
    from pnp.score.cosmos import cosmos_json, format_cosmos
    from pnp.score.cosmos_replay import check_log, load_log
    from pnp.score.report import dumps

    if final_state is not None:
        check_output(final_state, "--final-state", [log])
    result, end = check_log(load_log(log))
    if final_state is not None:
        atomic.write_text(final_state, format_record(end))
    click.echo(dumps(cosmos_json(result)) if as_json else format_cosmos(result), nl=False)
