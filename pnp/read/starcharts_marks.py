"""A Star Charts sheet's number boxes and ability marks, read from a photo's pen ink; and
what stands out as a light stroke among a page's places read unmarked."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from pnp.read.starcharts_reading import Doubt
from pnp.scan.combs import blank_box
from pnp.scan.ink import FAINT, crop, share
from pnp.starcharts.finished import UNREAD

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

Key = TypeVar("Key")

MARK_EMPTY, MARK_FULL = 0.1, 0.14  # shares inked inside a "gained" circle or a "used" box
MARK_FAINT = 0.2  # and at most this share of a light pencil's grey for no mark
# A straight stroke (`pnp.scan.ink.line_ink`) in a place read unmarked, LIGHT_STROKE
# times the page's other unmarked places' (their 90th percentile) and at least a floor,
# is asked about. Set on tuning photos: 1 cell in 79 sheets asked, and no ability mark in
# 55, where two light crosses and a light slash missed on unseen photos stood out.
LIGHT_STROKE = 4.0
MARK_FLOOR = 0.1  # an ability's "gained" circle or "used" box


def number(
    what: str,
    slot: tuple[str, int],
    box: tuple[int, int, int, int],
    ink: NDArray[np.uint8],
    doubts: list[Doubt],
    allowed: tuple[str, ...] = tuple("012345678"),
) -> str:
    """A digit box: blank, a digit among ``allowed`` read surely, or asked about."""
    from pnp.scan.digits import among, read_digit, runs_off, sure
    from pnp.scan.loops import loops_agree

    part = crop(ink, box, 0.04)
    if blank_box(part):
        return "."
    values = frozenset(int(d) for d in allowed)
    reading = among(read_digit(part), values)
    if sure(reading, values) and not runs_off(part) and loops_agree(part, reading.digit):
        return str(reading.digit)
    doubts.append(Doubt(what, box, (*allowed, "."), slot))
    return UNREAD


def mark(
    what: str,
    slot: tuple[str, int],
    box: tuple[int, int, int, int],
    seen: tuple[NDArray[np.uint8], NDArray[np.uint8]],
    doubts: list[Doubt],
) -> bool | None:
    """A "gained" circle or a "used" box: any mark (a dot, a tick, a cross, a slash,
    filled) puts ink inside it, away from its printed outline."""
    part = crop(seen[0], box, 0.2)
    inked = share(part)
    if inked <= MARK_EMPTY and share(part, level=FAINT) <= MARK_FAINT:
        return False
    if inked >= MARK_FULL:
        return True
    doubts.append(Doubt(what, box, ("yes", "no"), slot))
    return None


def stand_out(lines: dict[Key, float], floor: float) -> list[Key]:
    """The places whose stroke (`line_ink`) is over ``floor`` and LIGHT_STROKE times the
    90th percentile of the others': what a page's unmarked places do not hold."""
    import numpy as np

    out = []
    for key, line in lines.items():
        others = [v for k, v in lines.items() if k != key]
        typical = LIGHT_STROKE * float(np.percentile(others, 90)) if others else 0.0
        if line > max(typical, floor):
            out.append(key)
    return out
