"""Options shared by the commands that draw. Each decorator turns its raw options into one
resolved value for the command: ``paper``, ``output``, ``printer`` (the stored printer
profile overridden by the options given), ``cards``."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from pnp.cli.outputs import check_named, check_output, inputs_of
from pnp.cli.play_options import given
from pnp.cli.profile import profile_file
from pnp.draw.shapes import Flip
from pnp.errors import PnpError
from pnp.paper.printer import PrinterProfile, ProfileError, check_offset, check_scale, load_profile
from pnp.paper.sizes import CARD_SIZES, PAPERS, Backs, Paper
from pnp.paper.units import mm

if TYPE_CHECKING:
    from pnp.layouts.cards import CardOptions

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ("pdf", "svg")
PRINT_SHOP_BLEED = mm(3)


def profile_path() -> Path:
    """``$PNP_PRINTER`` if set, else ``printer.toml`` in the user's config folder. A name
    ending in ``/`` is a folder's, which ``Path`` would quietly make the file's."""
    name = profile_file()
    if name.endswith(("/", os.sep)):
        raise ProfileError(f"{name} is a folder, not a file")
    return Path(name)


def stored_profile() -> PrinterProfile:
    path = profile_path()
    try:
        return load_profile(path)
    except PnpError as exc:
        from pnp.paper.printer_store import removable

        hint = (
            "fix the printer profile, or remove it: `pnp printer reset`"
            if removable(path)
            else "fix it, or set PNP_PRINTER to another file: `pnp printer reset` removes "
            "only a printer profile"
        )
        raise ProfileError(f"{exc} ({hint})") from None


def _paper(ctx: click.Context, param: click.Parameter, value: str | None) -> Paper:
    return PAPERS[value or stored_profile().paper]


_PAPER: dict[str, Any] = {
    "type": click.Choice(sorted(PAPERS), case_sensitive=False),
    "help": "Paper size (default: your printer profile, else a4).",
}
PAPER = click.option("--paper", **_PAPER)  # the name, for `pnp printer set`


def paper_option(f: F) -> F:
    """``--paper`` over the stored profile → ``paper``: a ``Paper``."""
    return click.option("--paper", callback=_paper, **_PAPER)(f)


@dataclass(frozen=True)
class Output:
    """Where a document goes: ``path`` None is the default under out/, ``-`` stdout."""

    path: Path | None
    fmt: str

    @property
    def stdout(self) -> bool:
        return self.path == Path("-")


def output_options(f: F) -> F:
    @functools.wraps(f)
    def command(*args: Any, output: Path | None, fmt: str | None, **kwargs: Any) -> Any:
        suffix = output.suffix.lower().lstrip(".") if output is not None else ""
        if suffix in FORMATS and fmt is not None and fmt != suffix:
            raise click.BadParameter(
                f"{output} is a .{suffix} file but --format is {fmt}: drop one of them",
                param_hint="--format",
            )
        chosen = suffix if suffix in FORMATS else (fmt or "pdf")
        if output is not None and output != Path("-"):
            check_output(output, "--output", inputs_of(kwargs.values()))
            check_named(output, "--output", chosen)
        return f(*args, output=Output(output, chosen), **kwargs)

    command = click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS, case_sensitive=False),
        help="pdf, or svg with one file per page (default: from the output's suffix, or pdf).",
    )(command)
    command = click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
        help="Output file, - for standard output (default: under out/).",
    )(command)
    return command  # type: ignore[return-value]


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def decimal(text: str) -> float:
    """A plain ASCII decimal like 1.5 or -0.25: Python's ``float`` would also take
    ``1_0``, ``1e3``, ``inf`` and other scripts' digits, which no printer reading is."""
    if not _DECIMAL.fullmatch(text.strip()):
        raise ValueError(f"{text!r} is not a plain decimal number like 1.5")
    return float(text)


def decimal_option(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    """An option's plain decimal number (``decimal``), or None when not given."""
    try:
        return None if value is None else decimal(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _offset(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    try:
        dx, dy = (decimal(p.strip().lower().removesuffix("mm")) for p in value.split(","))
        check_offset(dx, dy)
    except ValueError as exc:
        detail = str(exc) if isinstance(exc, ProfileError) else f"got {value!r}"
        raise click.BadParameter(f"expected DX,DY in mm like 0.5,-1; {detail}") from None
    return dx, dy


def _scale(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    percent = decimal_option(ctx, param, value)
    if percent is not None:
        try:
            check_scale(percent)
        except ProfileError as exc:
            raise click.BadParameter(str(exc)) from None
    return percent


FLIP = click.option(
    "--flip",
    type=click.Choice(["long", "short"], case_sensitive=False),
    help="The edge your duplex printer flips on (default: your printer profile, else long).",
)
OFFSET = click.option(
    "--back-offset",
    callback=_offset,
    metavar="DX,DY",
    help="Move the backs by DX,DY mm (+ is right and up) to correct a printer's "
    "misregistration (default: your printer profile, else 0,0).",
)
SCALE = click.option(
    "--scale",
    callback=_scale,
    metavar="PERCENT",
    help="Scale pages to correct a printer that prints the 50 mm ruler too short or long "
    "(default: your printer profile, else 100).",
)


def printer_options(f: F) -> F:
    """``--flip``, ``--back-offset`` and ``--scale`` over the stored profile → ``printer``."""

    @functools.wraps(f)
    def command(
        *args: Any,
        flip: str | None,
        back_offset: tuple[float, float] | None,
        scale: float | None,
        **kwargs: Any,
    ) -> Any:
        profile = stored_profile()
        printer = replace(
            profile,
            flip=Flip(flip) if flip else profile.flip,
            back_offset=back_offset if back_offset is not None else profile.back_offset,
            scale=scale if scale is not None else profile.scale,
        )
        return f(*args, printer=printer, **kwargs)

    return FLIP(OFFSET(SCALE(command)))  # type: ignore[return-value]


def scale_option(f: F) -> F:
    """``--scale`` over the stored profile → ``printer``."""

    @functools.wraps(f)
    def command(*args: Any, scale: float | None, **kwargs: Any) -> Any:
        profile = stored_profile()
        printer = replace(profile, scale=scale) if scale is not None else profile
        return f(*args, printer=printer, **kwargs)

    return SCALE(command)  # type: ignore[return-value]


def _bleed(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    text = value.strip().lower().removesuffix("mm").strip()
    try:
        amount = decimal(text)
    except ValueError:
        raise click.BadParameter(f"expected a length in mm like 3mm, got {value!r}") from None
    if not 0 <= amount <= 5:
        raise click.BadParameter("bleed must be between 0 and 5 mm")
    return mm(amount)


CARD_SIZE = click.option(
    "--card-size",
    type=click.Choice(list(CARD_SIZES), case_sensitive=False),
    default="poker",
    show_default=True,
    help="Card size: poker 63.5×88.9, 63×88, tarot 70×120 mm.",
)
BLEED = click.option(
    "--bleed",
    callback=_bleed,
    metavar="MM",
    help="Bleed around each card, e.g. 3mm; cards are then spaced apart "
    "(default 0, or 3mm with --print-shop).",
)


def card_options(f: F) -> F:
    """The card options, after ``printer_options`` → ``cards``: a ``CardOptions``. An
    option that would have no effect in the chosen mode is a usage error."""
    return cast(F, CARD_SIZE(_card_options(f)))


def fixed_size_card_options(size: str) -> Callable[[F], F]:
    """``card_options`` for cards of one size only: no ``--card-size``."""

    def decorate(f: F) -> F:
        return cast(F, _card_options(f, size))

    return decorate


def reprint_card_options(option: str) -> Callable[[F], F]:
    """``card_options`` whose ``--backs`` is duplex unless typed when ``option`` is given
    (it picks cards to reprint, and a reprinted card needs its back)."""

    def decorate(f: F) -> F:
        return cast(F, CARD_SIZE(_card_options(f, duplex_with=option)))

    return decorate


def _card_options(
    f: Callable[..., Any], fixed_size: str | None = None, duplex_with: str | None = None
) -> Any:
    @functools.wraps(f)
    def command(
        *args: Any,
        backs: str,
        bleed: float | None,
        print_shop: bool,
        printer: PrinterProfile,
        **kwargs: Any,
    ) -> Any:
        mode = Backs(backs)
        if duplex_with and kwargs.get(duplex_with) is not None and not given("backs"):
            mode = Backs.DUPLEX
        if print_shop:
            _refuse(["flip", "back_offset", "scale", "paper"], "with --print-shop")
            if mode is Backs.FOLD:
                raise click.UsageError("--backs fold has no meaning with --print-shop")
        elif mode is not Backs.DUPLEX:
            _refuse(["flip", "back_offset"], f"with --backs {mode.value} (only with duplex)")
        if bleed is None and print_shop:
            bleed = PRINT_SHOP_BLEED
        card_size = kwargs.pop("card_size", fixed_size)
        cards = card_choice(printer, card_size, bleed, mode, print_shop)
        return f(*args, cards=cards, printer=printer, **kwargs)

    command = click.option(
        "--print-shop",
        is_flag=True,
        help="One card per page, the page the card and its bleed, with TrimBox: for print shops.",
    )(command)
    command = click.option(
        "--backs",
        type=click.Choice([b.value for b in Backs], case_sensitive=False),
        default="none",
        show_default=True,
        help="No backs, a back page after each front page, or backs below a fold.",
    )(command)
    return BLEED(command)


def card_choice(
    printer: PrinterProfile,
    card_size: str,
    bleed: float | None,
    backs: Backs = Backs.NONE,
    print_shop: bool = False,
) -> CardOptions:
    """Card options with the printer's flip edge and back offset (mm → points)."""
    from pnp.layouts.cards import CardOptions

    dx, dy = printer.back_offset
    size = CARD_SIZES[card_size]
    return CardOptions(size, bleed or 0.0, backs, printer.flip, (mm(dx), mm(dy)), print_shop)


def _refuse(names: list[str], why: str) -> None:
    for name in names:
        if given(name):
            raise click.UsageError(f"--{name.replace('_', '-')} has no effect {why}")
