"""``pnp GAME formats``: the reference of the text formats a player types for a game,
shipped with the package (``data/formats/GAME.md``, the pages the documentation site
includes), so it is at hand without the repository."""

from __future__ import annotations

import click

from pnp.system.paths import read_data


def _formats(game: str, title: str) -> click.Command:
    """The ``formats`` command of one game: it prints ``data/formats/<game>.md``."""

    @click.command(
        "formats",
        short_help="What to type: the text formats, with examples.",
        epilog=f"""\b
    Examples:
      What to type for this game, with examples:
        pnp {game} formats""",
    )
    def formats() -> None:
        text, _ = read_data("formats", f"{game}.md")
        click.echo(text, nl=False)

    formats.help = f"Print the text formats you type for {title}, with examples (Markdown)."
    return formats


starcharts = _formats("starcharts", "Star Charts: a finished game, a game log, a chart")
astra = _formats("astra", "Astra: the end of a game, a score pad's record, a game log")
cosmos = _formats(
    "cosmos", "Crafting the Cosmos: a game record, board mode, a game log, a table log"
)
