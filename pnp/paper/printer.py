"""A printer profile: what ``pnp calibrate`` measured on one printer, stored once and
used by every command that draws (``parse_profile``/``format_profile``)::

    # pnp printer profile
    paper = "letter"
    flip = "long"
    back_offset = [1.5, -1.0]   # mm, + moves the backs right and up
    scale = 100.4               # percent: the 50 mm ruler printed 49.8 mm long
"""

from __future__ import annotations

import reprlib  # a value from the file in a message: short however large or deep
from dataclasses import dataclass
from pathlib import Path

from pnp.draw.shapes import Flip
from pnp.errors import MissingFileError, PnpError, Problem, SourceError, shown
from pnp.paper.sizes import PAPERS
from pnp.text.parsing import parse_toml, read_source

MAX_OFFSET_MM = 10.0
SCALE_RANGE = (98.0, 102.0)
RULER_MM = 50.0
HEADER = (  # the first line of every profile pnp writes, whole
    "# pnp printer profile: written by `pnp printer set`, read by every command that draws"
)
_WANTS = {"paper": str, "flip": str, "back_offset": float, "scale": float}  # for TOML errors


class ProfileError(PnpError):
    """A printer reading out of range."""


@dataclass(frozen=True)
class PrinterProfile:
    paper: str = "a4"  # a name in pnp.paper.sizes.PAPERS
    flip: Flip = Flip.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm
    scale: float = 100.0  # percent

    @property
    def factor(self) -> float:
        return self.scale / 100.0


def _number(value: float) -> str:
    """``value`` for a message: a whole number from a file may be too large for a float."""
    return (
        f"{value:g}"
        if isinstance(value, float) or abs(value) < 10**15
        else f"a {len(str(abs(value)))}-digit number"
    )


def check_offset(dx: float, dy: float) -> None:
    # Compared as they are, never converted: NaN, infinities and huge whole numbers fail.
    if not all(abs(v) <= MAX_OFFSET_MM for v in (dx, dy)):
        raise ProfileError(
            f"a back offset is at most {MAX_OFFSET_MM:g} mm each way, not "
            f"{_number(dx)},{_number(dy)}: print `pnp calibrate` again and read the back's grid"
        )


def check_scale(percent: float) -> None:
    low, high = SCALE_RANGE
    if not low <= percent <= high:
        raise ProfileError(
            f"the scale is between {low:g} and {high:g} %, not {_number(percent)}: a printer "
            "further off than 1 mm in 50 needs fixing in its own settings (print at 100 %, "
            "actual size)"
        )


def scale_from_ruler(measured_mm: float) -> float:
    """The scale that makes a 50 mm ruler printed ``measured_mm`` long come out right."""
    if measured_mm <= 0:
        raise ProfileError(f"the ruler's measured length is positive, not {measured_mm:g}")
    return round(RULER_MM / measured_mm * 100, 2)


def updated(
    profile: PrinterProfile,
    paper: str | None = None,
    flip: Flip | None = None,
    back_offset: tuple[float, float] | None = None,
    scale: float | None = None,
    ruler: float | None = None,
) -> PrinterProfile:
    """``profile`` with the readings given (``ruler``: the 50 mm ruler's printed length,
    instead of ``scale``), each checked."""
    if ruler is not None:
        if scale is not None:
            raise ProfileError("give the scale or the ruler's length, not both")
        scale = scale_from_ruler(ruler)
    if back_offset is not None:
        check_offset(*back_offset)
    if scale is not None:
        check_scale(scale)
    return PrinterProfile(
        paper or profile.paper,
        flip or profile.flip,
        back_offset if back_offset is not None else profile.back_offset,
        scale if scale is not None else profile.scale,
    )


def parse_profile(text: str, path: str) -> PrinterProfile:
    data = parse_toml(text, path, wants=_WANTS)
    problems: list[tuple[str, str]] = []  # (the setting, what is wrong with it)
    for key in sorted(set(data) - set(_WANTS)):
        problems.append(
            (key, f"unknown setting {shown(key)} (expected paper, flip, back_offset, scale)")
        )
    paper = data.get("paper", "a4")
    if not isinstance(paper, str) or paper not in PAPERS:
        problems.append(
            (
                "paper",
                f"paper is {' or '.join(f'{p!r}' for p in PAPERS)}, not {reprlib.repr(paper)}",
            )
        )
    flip = data.get("flip", "long")
    if flip not in ("long", "short"):
        problems.append(("flip", f'flip is "long" or "short", not {reprlib.repr(flip)}'))
    offset = data.get("back_offset", [0.0, 0.0])
    if not (
        isinstance(offset, list)
        and len(offset) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in offset)
    ):
        problems.append(
            (
                "back_offset",
                f"back_offset is two numbers in mm, like [1.5, -1], not {reprlib.repr(offset)}",
            )
        )
        offset = [0.0, 0.0]
    scale = data.get("scale", 100.0)
    if not isinstance(scale, int | float) or isinstance(scale, bool):
        problems.append(("scale", f"scale is a percentage like 100.4, not {reprlib.repr(scale)}"))
        scale = 100.0
    for key, check, values in (
        ("back_offset", check_offset, offset),
        ("scale", check_scale, [scale]),
    ):
        try:
            check(*values)
        except ProfileError as exc:
            problems.append((key, str(exc)))
    if problems:
        from pnp.text.toml_spans import TomlSpans  # where each setting is: only for a broken file

        spans = TomlSpans(text.removeprefix("\ufeff"))
        found = sorted(
            (*spans.where((key,), at_key=key not in _WANTS), message) for key, message in problems
        )
        raise SourceError([Problem(path, line, col, message) for line, col, message in found])
    return PrinterProfile(paper, Flip(flip), (float(offset[0]), float(offset[1])), float(scale))


def is_profile(text: str, path: str) -> bool:
    """Whether ``text`` is a printer profile, right or wrong: one pnp wrote (its first
    line says so), or TOML of profile settings only, at least one."""
    if text.removeprefix("\ufeff").split("\n", 1)[0].rstrip("\r") == HEADER:
        return True
    try:
        data = parse_toml(text, path, wants=_WANTS)
    except PnpError:
        return False
    return bool(data) and set(data) <= set(_WANTS)


def format_profile(profile: PrinterProfile) -> str:
    dx, dy = profile.back_offset
    return (
        f"{HEADER}\n"
        f'paper = "{profile.paper}"\n'
        f'flip = "{profile.flip.value}"\n'
        f"back_offset = [{dx:g}, {dy:g}]   # mm, + moves the backs right and up\n"
        f"scale = {profile.scale:g}   # percent\n"
    )


def describe(profile: PrinterProfile) -> list[str]:
    dx, dy = profile.back_offset
    return [
        f"paper        {profile.paper}",
        f"flip         {profile.flip.value} edge",
        f"back offset  {dx:+g} mm right, {dy:+g} mm up",
        f"scale        {profile.scale:g} % (the 50 mm ruler printed "
        f"{RULER_MM / profile.factor:.2f} mm long)",
    ]


def load_profile(path: Path) -> PrinterProfile:
    """The stored profile, or the defaults when none is saved. It is read like every
    other input (``read_source``: a regular file of at most 1 MB, UTF-8)."""
    try:
        text = read_source(path)
    except MissingFileError:
        return PrinterProfile()
    return parse_profile(text, str(path))
