"""Options shared by the commands that draw."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from pnp.paper import CARD_SIZES, PAPERS, Backs, Paper
from pnp.starcharts.chart import UnknownChartError
from pnp.units import mm

F = TypeVar("F", bound=Callable[..., Any])


def _paper(ctx: click.Context, param: click.Parameter, value: str) -> Paper:
    return PAPERS[value]


def paper_option(f: F) -> F:
    return click.option(
        "--paper",
        type=click.Choice(sorted(PAPERS), case_sensitive=False),
        default="a4",
        show_default=True,
        callback=_paper,
        help="Paper size.",
    )(f)


def output_options(f: F) -> F:
    f = click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Output file (default: under out/).",
    )(f)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["pdf", "svg"], case_sensitive=False),
        default="pdf",
        show_default=True,
        help="PDF, or SVG with one file per page.",
    )(f)


def _length_mm(ctx: click.Context, param: click.Parameter, value: str) -> float:
    text = value.strip().lower().removesuffix("mm").strip()
    try:
        amount = float(text)
    except ValueError:
        raise click.BadParameter(f"expected a length in mm like 3mm, got {value!r}") from None
    if not 0 <= amount <= 5:
        raise click.BadParameter("bleed must be between 0 and 5 mm")
    return mm(amount)


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    parts = value.split(",")
    try:
        dx, dy = (float(p.strip().lower().removesuffix("mm")) for p in parts)
    except ValueError:
        raise click.BadParameter(f"expected DX,DY in mm like 0.5,-1, got {value!r}") from None
    return mm(dx), mm(dy)


def card_options(f: F) -> F:
    for option in reversed(
        [
            click.option(
                "--card-size",
                type=click.Choice(list(CARD_SIZES), case_sensitive=False),
                default="poker",
                show_default=True,
                help="Card size: poker 63.5×88.9, 63×88, tarot 70×120 mm.",
            ),
            click.option(
                "--backs",
                type=click.Choice([b.value for b in Backs], case_sensitive=False),
                default="none",
                show_default=True,
                help="No backs, a back page after each front page, or backs below a fold.",
            ),
            click.option(
                "--flip",
                type=click.Choice(["long", "short"], case_sensitive=False),
                default="long",
                show_default=True,
                help="The edge your duplex printer flips on.",
            ),
            click.option(
                "--back-offset",
                default="0,0",
                callback=_offset,
                show_default=True,
                metavar="DX,DY",
                help="Move the backs by DX,DY mm (+ is right and up) to correct a "
                "printer's misregistration.",
            ),
            click.option(
                "--bleed",
                default="0",
                callback=_length_mm,
                metavar="MM",
                help="Bleed around each card, e.g. 3mm; cards are then spaced apart.",
            ),
        ]
    ):
        f = option(f)
    return f


def complete_chart(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Shell completion for chart ids (files are completed by the shell itself)."""
    from pnp.starcharts.chart import chart_ids

    return [
        click.shell_completion.CompletionItem(c) for c in chart_ids() if c.startswith(incomplete)
    ]


@contextmanager
def chart_usage(hint: str) -> Iterator[None]:
    """An unknown chart id or a missing chart file is a usage error (exit status 2)."""
    try:
        yield
    except UnknownChartError as exc:
        raise click.BadParameter(str(exc), param_hint=hint) from None
