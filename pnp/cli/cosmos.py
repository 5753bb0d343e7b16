"""``pnp cosmos``: Crafting the Cosmos's print kit and scorer. The print commands are
loaded when used (``COMMANDS``); ``score`` is light and lives here."""

from __future__ import annotations

import click

from pnp.cli.bgstats_options import Export, bgstats_options, emit, sources_of
from pnp.cli.lazy import LazyGroup
from pnp.errors import Problem, SourceError

COMMANDS: dict[str, str] = {
    "main-board": "pnp.cli.cosmos_print:main_board",
    "player-boards": "pnp.cli.cosmos_print:player_boards",
    "goal-cards": "pnp.cli.cosmos_print:goal_cards",
    "energy-cards": "pnp.cli.cosmos_print:energy_cards",
    "power-cards": "pnp.cli.cosmos_print:power_cards",
    "tiles": "pnp.cli.cosmos_print:tiles",
    "tokens": "pnp.cli.cosmos_print:tokens",
    "aid": "pnp.cli.cosmos_print:aid",
    "setup-sheet": "pnp.cli.cosmos_print:setup_sheet",
    "score-pad": "pnp.cli.cosmos_print:score_pad",
    "rules": "pnp.cli.cosmos_print:rules",
    "check": "pnp.cli.cosmos_check:check",
    "simulate": "pnp.cli.cosmos_sim:simulate",
    "formats": "pnp.cli.formats:cosmos",
}


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    epilog="""\b
    Examples:
      Score a finished game of the published edition:
        pnp cosmos score docs/examples/cosmos-game.toml
      Replay a whole game of our edition and score it:
        pnp cosmos check docs/examples/cosmos-game.txt""",
)
def cosmos() -> None:
    """Crafting the Cosmos (Office Dog Games): our print-and-play edition and a scorer for
    the published game."""


# A missing file is a usage error; a folder, a pipe or an unreadable file is reported by
# the reader as "FILE: message" (exit status 1). Paths stay strings: no pathlib to load.
_INPUT = click.Path(exists=True, readable=False)


@cosmos.command(
    epilog="""\b
    Examples:
      Score a finished game of the published edition:
        pnp cosmos score docs/examples/cosmos-game.toml
      Log the play in BG Stats:
        pnp cosmos score docs/examples/cosmos-game.toml --bgstats""",
)
@click.argument("records", nargs=-1, required=True, type=_INPUT)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@click.option("--name", "names", multiple=True, help="A pad's players, column by column.")
@click.option(
    "-o",
    "--output",
    "record_path",
    type=click.Path(dir_okay=False),
    help="Write the record read from a pad to this TOML file.",
)
@click.option("--review", type=click.Path(), help="Folder for a photo's review image.")
@bgstats_options
def score(
    records: tuple[str, ...],
    as_json: bool,
    names: tuple[str, ...],
    record_path: str | None,
    review: str | None,
    bgstats: Export | None,
) -> None:
    """Score finished games of the published Crafting the Cosmos from their records (TOML:
    the goals as they scored with each player's amount, each player's points by source,
    advanced life and energy cards in hand), or of our edition from each player's galaxy
    by space id (board mode; `pnp cosmos formats` has the formats); or from a filled score
    pad, a phone photo of it or its filled --fillable PDF (--name names its players, -o
    writes the record read, --review draws what was read over the photo). With --json,
    one game prints an object and several print a list."""
    from pnp.cli.cosmos_pads import score_pads
    from pnp.cli.pads import PadOptions
    from pnp.score.cosmos import cosmos_json, format_cosmos, load_record, score_record
    from pnp.score.report import dumps

    texts, results = score_pads(records, PadOptions(names, record_path, review))
    problems: list[Problem] = []
    more = 0
    for path in texts:
        try:
            results.append(score_record(load_record(path)))
        except SourceError as exc:  # every file's problems, then exit status 1
            problems.extend(exc.problems)
            more += exc.more
    if problems:
        raise SourceError(problems, more)
    if bgstats is not None:
        from pnp.cli.cosmos_check import cosmos_play

        pads = [r for r in records if r not in texts]
        sources = sources_of(pads, len(results) - len(texts)) + sources_of(texts, len(texts))
        emit("cosmos", [cosmos_play(r) for r in results], bgstats, sources)
        return
    if as_json:
        data = [cosmos_json(r) for r in results]
        click.echo(dumps(data[0] if len(data) == 1 else data), nl=False)
        return
    click.echo("\n".join(format_cosmos(r) for r in results), nl=False)


@cosmos.command(
    "goals",
    epilog="""\b
    Examples:
      Each goal's id and title, by which a record names it:
        pnp cosmos goals""",
)
@click.option("--json", "as_json", is_flag=True, help="Print the goals as JSON.")
def list_goals(as_json: bool) -> None:
    """List the 16 universal goals: each id, its card's title (a record names a goal by
    either) and what each player counts for it."""
    from pnp.cosmos.content import goals
    from pnp.cosmos.goal_names import names
    from pnp.cosmos.text import text

    found = goals()
    if as_json:
        from pnp.score.report import dumps

        data = [
            {"id": g.id, "title": g.title(), "text": g.text(), "aliases": list(names(g)[2:])}
            for g in found
        ]
        click.echo(dumps(data), nl=False)
        return
    width = max(len(g.id) for g in found) + 2
    head = f"{text('report.goals-list-id'):<{width}}{text('report.goals-list-head')}"
    rows = [f"{g.id:<{width}}{g.title()}: {g.text()}" for g in found]
    lines = [head, *rows, text("report.goals-list-foot")]
    click.echo("\n".join(lines) + "\n", nl=False)
