"""``--bgstats``, ``--bgstats-json``, ``--bgstats-qr``, ``--bgstats-qr-file`` and
``--date`` for every game's ``score`` and ``check``: the play as the link BG Stats
imports (see ``pnp.apps.bgstats``), as its JSON, or as a QR code for the phone."""

from __future__ import annotations

import functools
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import click

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.apps.bgstats import Play

F = TypeVar("F", bound=Callable[..., Any])
_PICTURES = (".png", ".svg")


class Export(NamedTuple):
    as_json: bool  # the JSON alone instead of the link
    date: str | None  # UTC "YYYY-MM-DD HH:MM:SS"; None: the files' "# played:", else now
    qr: bool = False  # the link's QR code in the terminal, above the link
    qr_file: Path | None = None  # the QR code as a PNG or SVG picture


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:  # the usual case: pnp.apps.bgstats (and json) stay unloaded
        return None
    from pnp.apps.bgstats import parse_date

    try:
        return parse_date(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _inputs(values: Sequence[Any]) -> list[Path]:
    from pathlib import Path

    found: list[Path] = []
    for value in values:
        for item in value if isinstance(value, tuple | list) else (value,):
            if isinstance(item, str | Path) and Path(item).is_file():
                found.append(Path(item))
    return found


def _picture(path: Path, inputs: list[Path]) -> None:
    from pnp.cli.outputs import check_output

    check_output(path, "--bgstats-qr-file", inputs)
    if path.suffix.lower() not in _PICTURES:
        raise click.BadParameter(
            f"{path} is not a .png or .svg name (the QR code is written as one)",
            param_hint="--bgstats-qr-file",
        )


def bgstats_options(f: F) -> F:
    """The options → ``bgstats``: an ``Export``, or None when none of --bgstats,
    --bgstats-json, --bgstats-qr, --bgstats-qr-file was given. They replace the table, so
    --json is refused with them."""

    @functools.wraps(f)
    def command(
        *args: Any,
        link: bool,
        link_json: bool,
        qr: bool,
        qr_file: str | None,
        date: str | None,
        **kwargs: Any,
    ) -> Any:
        export = None
        if link or link_json or qr or qr_file is not None:
            if link_json and (link or qr or qr_file is not None):
                raise click.UsageError("--bgstats-json prints the JSON alone: not with the link")
            if kwargs.get("as_json"):
                raise click.UsageError("--json and --bgstats: choose one")
            picture = None
            if qr_file is not None:
                from pathlib import Path

                picture = Path(qr_file)
                _picture(picture, _inputs([*args, *kwargs.values()]))
            export = Export(link_json, date, qr, picture)
        elif date is not None:
            raise click.UsageError("--date is the date of the play for --bgstats")
        return f(*args, bgstats=export, **kwargs)

    for option in reversed(_OPTIONS):
        command = option(command)
    return command  # type: ignore[return-value]


_OPTIONS = (
    click.option(
        "--bgstats", "link", is_flag=True, help="Print the link that logs the play in BG Stats."
    ),
    click.option(
        "--bgstats-qr",
        "qr",
        is_flag=True,
        help="Print the link's QR code too, for the phone's camera.",
    ),
    click.option(
        "--bgstats-qr-file",
        "qr_file",
        type=click.Path(dir_okay=False),
        metavar="FILE",
        help="Write the link's QR code to FILE (.png or .svg), and print the link.",
    ),
    click.option(
        "--bgstats-json", "link_json", is_flag=True, help="Print the BG Stats play as JSON."
    ),
    click.option(
        "--date",
        callback=_date,
        metavar="DATE",
        help="When the play ended, YYYY-MM-DD [HH:MM[:SS]] in this computer's time or "
        "ending in Z or +HH:MM; written in UTC (default: the game file's '# played:' "
        "line, else now).",
    ),
)


def sources_of(given: Sequence[str], plays: int) -> list[list[str]]:
    """Each play's files, when ``plays`` plays came from the files ``given`` in order:
    a file each, or all of them making every play (photos of one game)."""
    if plays == len(given):
        return [[path] for path in given]
    return [list(given)] * plays


def emit(
    game_id: str, plays: Sequence[Play], export: Export, sources: Sequence[Sequence[str]]
) -> None:
    """One link a line (each under its QR code with --bgstats-qr), or the JSON: an
    object for one play, a list for several. ``sources``: each play's files, which make
    its identity and may say when it was played and for how long."""
    from pnp.apps.bgstats import Stamp, dumps, link, now, play_json
    from pnp.apps.bgstats_source import digest, said_in
    from pnp.games import game

    if export.qr_file is not None and len(plays) > 1:
        raise click.UsageError("--bgstats-qr-file holds one play: give one game")
    data = []
    alike = Counter(tuple(files) for files in sources)  # the same file given twice
    seen: Counter[tuple[str, ...]] = Counter()
    for play, files in zip(plays, sources, strict=True):
        said = said_in(files)
        stamp = Stamp(export.date or said.date or now(), digest(files), said.duration)
        seen[tuple(files)] += 1
        number = seen[tuple(files)] if alike[tuple(files)] > 1 else 0
        data.append(play_json(game(game_id), play, stamp, number))
    if export.as_json:
        click.echo(dumps(data if len(data) > 1 else data[0], indent=2))
        return
    links = [link(d) for d in data]
    if export.qr_file is not None:
        _write_picture(export.qr_file, links[0])
    for text in links:
        if export.qr:
            _show_code(text)
        click.echo(text)


def _show_code(text: str) -> None:
    """The QR code on the terminal, black on white; a note when it is wider than the
    terminal, where its lines would wrap and no phone could read it."""
    import shutil

    from pnp.apps.bgstats_qr import modules, terminal_text

    dark = modules(text)
    tty = sys.stdout.isatty()
    columns = shutil.get_terminal_size().columns
    if tty and columns < len(dark):
        click.echo(
            f"note: the QR code is {len(dark)} columns wide and the terminal {columns}: "
            "widen the terminal or write it with --bgstats-qr-file",
            err=True,
        )
    click.echo(terminal_text(dark, colours=tty))


def _write_picture(path: Path, text: str) -> None:
    from pnp.apps.bgstats_qr import modules, png_bytes, svg_text
    from pnp.system import atomic

    dark = modules(text)
    if path.suffix.lower() == ".png":
        atomic.write_bytes(path, png_bytes(dark))
    else:
        atomic.write_text(path, svg_text(dark))
