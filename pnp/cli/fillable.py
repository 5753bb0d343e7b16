"""``--fillable`` on the score pads and the Star Charts sheet."""

from __future__ import annotations

import click

from pnp.cli.options import Output

fillable_option = click.option(
    "--fillable",
    is_flag=True,
    help="PDF form fields to type the scores in, totals added up where the viewer runs "
    "scripts (Acrobat, browsers); the page prints the same.",
)


def check_fillable(fillable: bool, output: Output) -> None:
    if fillable and output.fmt != "pdf":
        raise click.UsageError("--fillable adds PDF form fields: it needs a PDF output")


def default_path(path: str, fillable: bool) -> str:
    """The kit's path for the plain document; a fillable one goes beside it, so that
    making it never replaces the kit's printed file."""
    return f"{path}-fillable" if fillable else path
