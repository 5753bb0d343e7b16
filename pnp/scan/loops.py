"""A second opinion on a digit read from its closed loops and its top bar, which a
classifier can overlook: a 0 is one loop as tall as the digit, a 6 one loop low down, a
9 one high up, an 8 two; a 1, 2, 3, 5 or 7 none; a 7 has a bar across its top, which a
1 has not. A reading that disagrees is asked, not taken."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

INKED = 0.3
_SMALL = 0.02  # a hole under this share of the digit's box is a pen's blot, not a loop
_BAR = 0.58  # a 7's top tenth is a bar at least this share of its height long, a 1's not
# Where each digit's loops sit: (least, most) of the loops' count, and for one loop the
# range of its centre's height and its least height, as shares of the digit's.
_LOOPS: dict[int, tuple[int, int, float, float, float]] = {
    0: (1, 2, 0.3, 0.7, 0.5),  # a slashed 0 has two; one 0 loop is most of the digit
    1: (0, 0, 0.0, 1.0, 0.0),
    2: (0, 1, 0.0, 1.0, 0.0),  # some write a 2 with a loop
    3: (0, 0, 0.0, 1.0, 0.0),
    4: (0, 1, 0.0, 0.75, 0.0),  # a closed 4 has one, high up
    5: (0, 0, 0.0, 1.0, 0.0),
    6: (1, 1, 0.5, 1.0, 0.0),
    7: (0, 0, 0.0, 1.0, 0.0),
    8: (1, 2, 0.0, 1.0, 0.0),  # a small top loop may close up
    9: (1, 1, 0.0, 0.5, 0.0),
}


def loops_agree(ink: NDArray[np.float32], digit: int) -> bool:
    """Whether the closed loops of the ink are those ``digit`` has."""
    import cv2
    import numpy as np

    mask = (ink > INKED).astype(np.uint8)
    if not mask.any():
        return False
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    top, height = int(rows[0]), int(rows[-1] - rows[0] + 1)
    area = height * int(cols[-1] - cols[0] + 1)
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    holes = []
    if hierarchy is not None:
        for contour, (_, _, _, parent) in zip(contours, hierarchy[0], strict=True):
            if parent >= 0 and cv2.contourArea(contour) >= _SMALL * area:
                y = contour[:, 0, 1]
                centre = ((float(y.min()) + float(y.max())) / 2 - top) / height
                holes.append((centre, float(y.max() - y.min() + 1) / height))
    least, most, low, high, tall = _LOOPS[digit]
    if not least <= len(holes) <= most:
        return False
    if len(holes) == 1 and not (low <= holes[0][0] <= high and holes[0][1] >= tall):
        return False
    if digit in (1, 7):
        band = mask[top : top + max(1, height // 10)]
        inked = np.flatnonzero(band.any(axis=0))
        bar = (int(inked[-1] - inked[0] + 1) if inked.size else 0) / height
        return bar < _BAR if digit == 1 else bar >= _BAR
    return True
