"""Line breaking and fitting text into boxes."""

from __future__ import annotations

from pnp.draw.fonts import Font, text_width


def wrap(
    text: str, size: float, width: float, font: Font = Font.REGULAR, first: float | None = None
) -> list[str]:
    """Greedy word wrap; a word longer than the width gets a line of its own. ``first``
    is the first line's width when something else starts that line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            room = first if first is not None and not lines else width
            if current and text_width(candidate, size, font) > room:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


def fit_size(
    text: str, width: float, size: float, font: Font = Font.REGULAR, minimum: float = 4.0
) -> float:
    """The largest size up to ``size`` at which one line of ``text`` fits ``width``."""
    while size > minimum and text_width(text, size, font) > width:
        size -= 0.25
    return size


def fit_wrapped(
    text: str,
    width: float,
    height: float,
    size: float,
    leading: float = 1.2,
    font: Font = Font.REGULAR,
    minimum: float = 4.0,
) -> tuple[float, list[str]]:
    """The largest size at which wrapped ``text`` fits the box, and its lines."""
    while True:
        lines = wrap(text, size, width, font)
        widest = max(text_width(line, size, font) for line in lines)
        if size <= minimum or (len(lines) * size * leading <= height and widest <= width):
            return size, lines
        size -= 0.25
