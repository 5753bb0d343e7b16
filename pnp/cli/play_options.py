"""Options shared by the commands that score, check and play. Light on purpose: these
commands start fast, so nothing here imports the drawing side."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click
from click.core import ParameterSource

F = TypeVar("F", bound=Callable[..., Any])


def given(name: str) -> bool:
    """Whether the user typed option ``name`` (not a default)."""
    source = click.get_current_context().get_parameter_source(name)
    return source in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


@contextmanager
def usage_errors(hint: str, *errors: type[Exception]) -> Iterator[None]:
    """Errors of these types (an unknown name, a missing file) become usage errors of the
    parameter ``hint`` (exit status 2)."""
    try:
        yield
    except errors as exc:
        raise click.BadParameter(str(exc), param_hint=hint) from None


MAX_GAMES = 100_000  # half an hour of greedy Star Charts bots; hours of greedy Astra ones
MAX_JOBS = 256


def _jobs(ctx: click.Context, param: click.Parameter, value: int | None) -> int:
    from pnp.play.parallel import cores

    return cores() if value is None else value


def simulation_options(f: F) -> F:
    """``--games``, ``--seed``, ``--bot``, ``--jobs`` and ``--logs``: every game's
    ``simulate``."""
    f = click.option(
        "--jobs",
        type=click.IntRange(1, MAX_JOBS),
        callback=_jobs,
        help="Processes to play the games on (default: the machine's cores); the summary "
        "and the logs are the same for any number.",
    )(f)
    f = click.option(
        "--logs",
        type=click.Path(file_okay=False, path_type=Path),
        help="Write each game's log here; the game's `check` replays any of them.",
    )(f)
    f = click.option(
        "--bot",
        type=click.Choice(["random", "greedy"], case_sensitive=False),
        default="greedy",
        show_default=True,
    )(f)
    f = click.option("--seed", type=int, default=1, show_default=True)(f)
    return click.option(
        "--games", type=click.IntRange(1, MAX_GAMES), default=100, show_default=True
    )(f)
