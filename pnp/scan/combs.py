"""A number written in a comb of digit boxes, one digit a box, read box by box: a blank
box is no digit, a number is its boxes' digits left to right, and a number with a box
not read surely (or a blank box between its digits) is ``?``, never a guess."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.scan.ink import FAINT, crop, share

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

UNREAD = "?"
BOX_EMPTY = 0.003  # a digit box with less ink holds nothing
BOX_FAINT = 0.006  # and less of a light pencil's grey
_INSET = 0.04  # of a box's side: clear of its frame
_ALL_DIGITS = frozenset(range(10))


def blank_box(part: NDArray[np.float32]) -> bool:
    """Whether a digit box's crop holds no pen at all, not even a light pencil's."""
    return share(part) <= BOX_EMPTY and share(part, level=FAINT) <= BOX_FAINT


def read_comb(
    boxes: list[tuple[int, int, int, int]],
    ink: NDArray[np.uint8],
    allowed: frozenset[int] = _ALL_DIGITS,
) -> int | str | None:
    """The number in a comb (pixel boxes left to right): None when every box is blank,
    ``?`` when not read surely; a one-box comb holds one of ``allowed``."""
    from pnp.scan.digits import THRESHOLD, among, read_digit
    from pnp.scan.loops import loops_agree

    digits: list[int | None] = []
    for box in boxes:
        part = crop(ink, box, _INSET)
        if blank_box(part):
            digits.append(None)
            continue
        reading = among(read_digit(part), allowed if len(boxes) == 1 else _ALL_DIGITS)
        if reading.confidence < THRESHOLD or not loops_agree(part, reading.digit):
            return UNREAD
        digits.append(reading.digit)
    written = [k for k, d in enumerate(digits) if d is not None]
    if not written:
        return None
    if written != list(range(written[0], written[-1] + 1)):
        return UNREAD  # a gap: 1 _ 3 is no number anyone writes
    value = int("".join(str(digits[k]) for k in written))
    return value if len(boxes) > 1 or value in allowed else UNREAD
