"""A second opinion on a digit read from its closed loops and its top bar, which a
classifier can overlook: a 0 is one loop as tall as the digit, a 6 one loop low down, a
9 one high up, an 8 two; a 1, 2, 3, 5 or 7 none; a 7 has a bar across its top, which a
1 and a 6 have not. A reading that disagrees is asked, not taken.

Only the digit's own pieces are looked at (specks and box-line slivers dropped, which
would move its top). A thick pen's loop fills with grey on a soft photo, so a digit that
needs a loop may show it at a darker ink level; one that must have none is looked at
only at the lightest, where a stroke is still whole."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

INKED = 0.3
DARKER = (0.55, 0.75)  # of the digit's darkest ink: where a filled-in loop may show
_SMALL = 0.02  # a hole under this share of the digit's box is a pen's blot, not a loop
_BLOT = 0.005  # but a 0's slash may leave two halves this small,
_HALVES = 0.4  # together this share of its height at least
# A thick pen leaves a 0 a short loop, but in its middle (a 6's sits low, a 9's high).
_MIDDLE, _SHORT = (0.35, 0.6), 0.25
_BAR = 0.58  # a 7's top tenth is a bar at least this share of its height long, a 1's not
_HOOK = 0.42  # a 6's top tenth is its stem's hook, shorter: a 5 whose bowl closed has a bar
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
    import numpy as np

    from pnp.scan.digits import pieces

    own = pieces(np.clip(np.nan_to_num(ink), 0.0, 1.0).astype(np.float32))[0] > 0
    if not own.any():
        return False
    peak = float(np.percentile(ink[own], 95))
    levels = [INKED, *(max(INKED, share * peak) for share in DARKER if _LOOPS[digit][0] > 0)]
    return any(_agree(((ink > level) & own).astype(np.uint8), digit) for level in levels)


def _agree(mask: NDArray[np.uint8], digit: int) -> bool:
    import cv2
    import numpy as np

    if not mask.any():
        return False
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    top, height = int(rows[0]), int(rows[-1] - rows[0] + 1)
    area = height * int(cols[-1] - cols[0] + 1)
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    found = []  # (share of the box, top, bottom) of each hole, as shares of the height
    if hierarchy is not None:
        for contour, (_, _, _, parent) in zip(contours, hierarchy[0], strict=True):
            if parent >= 0 and (size := cv2.contourArea(contour) / area) >= _BLOT:
                y = contour[:, 0, 1]
                found.append(
                    (size, (float(y.min()) - top) / height, (float(y.max()) + 1 - top) / height)
                )
    holes = [(a, b) for size, a, b in found if size >= _SMALL]
    if digit == 0 and len(found) == 2:
        holes = [(a, b) for _, a, b in found]
    if digit == 0 and len(holes) == 2:  # a slashed 0's two halves: together most of it
        holes = [(min(a for a, _ in holes), max(b for _, b in holes))] * 2
    least, most, low, high, tall = _LOOPS[digit]
    if not least <= len(holes) <= most:
        return False
    if len(holes) == 1 and not (
        low <= sum(holes[0]) / 2 <= high and holes[0][1] - holes[0][0] >= tall
    ):
        centre, height_of = sum(holes[0]) / 2, holes[0][1] - holes[0][0]
        if digit != 0 or not (_MIDDLE[0] <= centre <= _MIDDLE[1] and height_of >= _SHORT):
            return False
    if digit == 0 and len(holes) == 2 and holes[0][1] - holes[0][0] < _HALVES:
        return False
    if digit in (1, 6, 7):
        band = mask[top : top + max(1, height // 10)]
        inked = np.flatnonzero(band.any(axis=0))
        bar = (int(inked[-1] - inked[0] + 1) if inked.size else 0) / height
        return bar >= _BAR if digit == 7 else bar < (_BAR if digit == 1 else _HOOK)
    return True
