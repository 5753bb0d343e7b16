"""A number written in a comb of digit boxes, one digit a box, read box by box: a blank
box is no digit, a number is its boxes' digits left to right, and a number with a box
not read surely (or a blank box between its digits) is ``?``, never a guess."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.scan.ink import FAINT, PX_PER_MM, crop, share

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

UNREAD = "?"
BOX_EMPTY = 0.003  # a digit box with less ink holds nothing
BOX_FAINT = 0.006  # and less of a light pencil's grey
# A noisy photo's grain in an empty box, measured on tuning photos: pieces of at most
# 0.7 mm², a mean of at most 0.08 round any point; the lightest written digit's, a piece
# of 2.2 mm² and a mean of 0.33. A stroke 0.3 mm wide is 1 mm² in 3.3 mm of it.
GRAIN_AREA = 1.0  # mm²
GRAIN_SPREAD = 0.5  # mm
GRAIN_MEAN = 0.1
_INSET = 0.04  # of a box's side: clear of its frame
_ALL_DIGITS = frozenset(range(10))


def blank_box(part: NDArray[np.float32]) -> bool:
    """Whether a digit box's crop holds no pen at all, not even a light pencil's: no ink,
    or only a noisy photo's grain, specks with no stroke among them."""
    if share(part) > BOX_EMPTY:
        return False
    return share(part, level=FAINT) <= BOX_FAINT or grain(part)


def grain(part: NDArray[np.float32]) -> bool:
    """Whether the light ink in a crop is scattered specks: no piece of it GRAIN_AREA or
    larger, and nowhere dense (its mean round any point, over GRAIN_SPREAD, under
    GRAIN_MEAN), where the faintest pencil stroke is both."""
    import cv2
    import numpy as np

    light = np.where(part > FAINT, part, 0.0).astype(np.float32)
    count, _, stats, _ = cv2.connectedComponentsWithStats((light > 0).astype(np.uint8))
    area = GRAIN_AREA * PX_PER_MM**2
    if count > 1 and int(stats[1:, cv2.CC_STAT_AREA].max()) >= area:
        return False
    spread = GRAIN_SPREAD * PX_PER_MM
    return float(cv2.GaussianBlur(light, (0, 0), spread).max()) < GRAIN_MEAN


def read_comb(
    boxes: list[tuple[int, int, int, int]],
    ink: NDArray[np.uint8],
    allowed: frozenset[int] = _ALL_DIGITS,
) -> int | str | None:
    """The number in a comb (pixel boxes left to right): None when every box is blank,
    ``?`` when not read surely; a one-box comb holds one of ``allowed``."""
    from pnp.scan.digits import among, read_digit, sure
    from pnp.scan.loops import loops_agree

    digits: list[int | None] = []
    for box in boxes:
        part = crop(ink, box, _INSET)
        if blank_box(part):
            digits.append(None)
            continue
        values = allowed if len(boxes) == 1 else _ALL_DIGITS
        reading = among(read_digit(part), values)
        if not sure(reading, values) or not loops_agree(part, reading.digit):
            return UNREAD
        digits.append(reading.digit)
    written = [k for k, d in enumerate(digits) if d is not None]
    if not written:
        return None
    if written != list(range(written[0], written[-1] + 1)):
        return UNREAD  # a gap: 1 _ 3 is no number anyone writes
    value = int("".join(str(digits[k]) for k in written))
    return value if len(boxes) > 1 or value in allowed else UNREAD
