"""Options shared by the commands that score, check and play, and the typed line of the
interactive sessions. Light on purpose: these commands start fast, so nothing here
imports the drawing side."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.core import ParameterSource

from pnp.cli.numbers import WholeRange
from pnp.cli.outputs import check_output, folder_option_callback
from pnp.text.seeds import MAX_SEED

if TYPE_CHECKING:
    from pathlib import Path

F = TypeVar("F", bound=Callable[..., Any])


def given(name: str) -> bool:
    """Whether the user typed option ``name`` (not a default)."""
    source = click.get_current_context().get_parameter_source(name)
    return source in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def search_budget(bot: str, budget: int) -> int:
    """``--budget``, for the search bot only (a usage error with another bot)."""
    if bot != "search" and given("budget"):
        raise click.UsageError("--budget is the search bot's: add --bot search")
    return budget


@contextmanager
def usage_errors(hint: str, *errors: type[Exception]) -> Iterator[None]:
    """Errors of these types (an unknown name, a missing file) become usage errors of the
    parameter ``hint`` (exit status 2)."""
    try:
        yield
    except errors as exc:
        raise click.BadParameter(str(exc), param_hint=hint) from None


SEED = WholeRange(0, MAX_SEED)  # every command's --seed: what the logs' seed: holds
MAX_GAMES = 100_000  # half an hour of greedy Star Charts bots; hours of greedy Astra ones
MAX_JOBS = 256
MAX_BUDGET = 100_000  # playouts a decision


def _jobs(ctx: click.Context, param: click.Parameter, value: int | None) -> int:
    from pnp.play.parallel import cores

    return cores() if value is None else value


def simulation_options(budget: int) -> Callable[[F], F]:
    """``--games``, ``--seed``, ``--bot``, ``--budget`` (by default ``budget``: the game's
    own, the one its bench measured), ``--jobs``, ``--cluster`` and ``--logs``: every
    game's ``simulate``."""
    return lambda f: _simulation_options(f, budget)


def _simulation_options(f: F, budget: int) -> F:
    from pathlib import Path  # here, not on top: the scorers that import this need none

    f = click.option(
        "--cluster",
        metavar="ADDRESS",
        help="Play the games on the Dask scheduler at ADDRESS (tcp://host:8786), or on a "
        "cluster of --jobs processes started for the run (local); the summary and the "
        "logs are the same. Needs the cluster extra: pip install 'pnp[cluster]'.",
    )(f)

    f = click.option(
        "--jobs",
        type=WholeRange(1, MAX_JOBS),
        callback=_jobs,
        help="Processes to play the games on (default: the machine's cores); the summary "
        "and the logs are the same for any number.",
    )(f)
    f = click.option(
        "--logs",
        type=click.Path(file_okay=False, path_type=Path),
        callback=folder_option_callback,
        help="Write each game's log here; the game's `check` replays any of them.",
    )(f)
    f = click.option(
        "--budget",
        type=WholeRange(1, MAX_BUDGET),
        default=budget,
        show_default=True,
        help="The search bot's playouts a decision (more: stronger and slower).",
    )(f)
    f = click.option(
        "--bot",
        type=click.Choice(["random", "greedy", "search"], case_sensitive=False),
        default="greedy",
        show_default=True,
        help="random and greedy play at once; search weighs each move by playouts "
        "(pnp/play/search.py), --budget of them.",
    )(f)
    f = click.option("--seed", type=SEED, default=1, show_default=True)(f)
    return click.option("--games", type=WholeRange(1, MAX_GAMES), default=100, show_default=True)(f)


def log_paths(logs: Path | None, games: int) -> list[Path]:
    """Where ``simulate --logs`` writes each game's log (``game-001.txt`` …), each checked
    before the first game: none may be the printer profile (through a link or a hard
    link), a folder or a device."""
    if logs is None:
        return []
    width = len(str(games))
    paths = [logs / f"game-{k:0{width}d}.txt" for k in range(1, games + 1)]
    for path in paths:
        check_output(path, "--logs")
    return paths


MAX_LINE = 4096  # characters in one typed line (a terminal's own line holds 4095)
_MAX_SKIPPED = 1_000_000  # a line still going past this never ends (``< /dev/zero``)


def read_line(prompt: str, too_long: str) -> str:
    """One line typed after ``prompt``, without its end; an empty one is ``""``. A line
    over ``MAX_LINE`` characters is refused with ``too_long`` and skipped, and the prompt
    asked again. End of input (or a line without end) and Ctrl-C raise ``click.Abort``,
    as ``click.prompt`` does. Input that is no terminal is echoed after the prompt, as a
    terminal shows what is typed, so that a transcript reads like the screen."""
    while True:
        try:
            click.echo(prompt, nl=False)
            line = _line(too_long)
        except (EOFError, KeyboardInterrupt) as exc:  # the cause tells Ctrl-C apart
            raise click.Abort() from exc
        if line is not None:
            return line


def _line(too_long: str) -> str | None:
    """The next line, or None (and ``too_long`` said) for one too long."""
    line = sys.stdin.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    if len(line) <= MAX_LINE or line.endswith("\n"):
        line = line.rstrip("\r\n")
        if not sys.stdin.isatty():
            click.echo(line)
        return line
    if not sys.stdin.isatty():
        click.echo()
    click.echo(too_long)
    skipped = len(line)
    while not line.endswith("\n"):
        line = sys.stdin.readline(MAX_LINE)
        skipped += len(line)
        if not line or skipped > _MAX_SKIPPED:
            raise EOFError
    return None
