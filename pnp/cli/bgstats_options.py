"""``--bgstats``, ``--bgstats-json`` and ``--date`` for every game's ``score`` and
``check``: the play as the link BG Stats imports (see ``pnp.bgstats``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import click

if TYPE_CHECKING:
    from pnp.bgstats import Play

F = TypeVar("F", bound=Callable[..., Any])


class Export(NamedTuple):
    as_json: bool  # the JSON alone instead of the link
    date: str  # "YYYY-MM-DD HH:MM:SS"


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:  # the usual case: pnp.bgstats (and json) stay unloaded
        return None
    from pnp.bgstats import parse_date

    try:
        return parse_date(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def bgstats_options(f: F) -> F:
    """The three options → ``bgstats``: an ``Export``, or None when neither --bgstats nor
    --bgstats-json was given. They replace the table, so --json is refused with them."""

    @functools.wraps(f)
    def command(*args: Any, link: bool, link_json: bool, date: str | None, **kwargs: Any) -> Any:
        export = None
        if link or link_json:
            if link and link_json:
                raise click.UsageError("--bgstats and --bgstats-json: choose one")
            if kwargs.get("as_json"):
                raise click.UsageError("--json and --bgstats: choose one")
            from pnp.bgstats import now

            export = Export(link_json, date or now())
        elif date is not None:
            raise click.UsageError("--date is the date of the play for --bgstats")
        return f(*args, bgstats=export, **kwargs)

    command = click.option(
        "--date",
        callback=_date,
        metavar="DATE",
        help="When the play was, YYYY-MM-DD [HH:MM:SS] (default: now).",
    )(command)
    command = click.option(
        "--bgstats-json", "link_json", is_flag=True, help="Print the BG Stats play as JSON."
    )(command)
    command = click.option(
        "--bgstats", "link", is_flag=True, help="Print the link that logs the play in BG Stats."
    )(command)
    return command  # type: ignore[return-value]


def emit(game_id: str, plays: Sequence[Play], export: Export) -> None:
    """One link a line, or the JSON: an object for one play, a list for several."""
    from pnp.bgstats import dumps, link, play_json
    from pnp.games import game

    several = len(plays) > 1
    data = [
        play_json(game(game_id), p, export.date, k if several else 0)
        for k, p in enumerate(plays, 1)
    ]
    if export.as_json:
        click.echo(dumps(data if several else data[0], indent=2))
        return
    click.echo("\n".join(link(d) for d in data))
