"""Line breaking and fitting text into boxes."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.draw.fonts import Font, text_width


def pack(
    pieces: Sequence[str],
    joint: str,
    size: float,
    width: float,
    font: Font = Font.REGULAR,
    first: float | None = None,
) -> list[str]:
    """Greedy line filling with whole ``pieces`` joined by ``joint``; a piece wider than
    the line gets a line of its own. ``first`` is the first line's width when something
    else starts that line."""
    lines: list[str] = []
    current = ""
    for piece in pieces:
        candidate = f"{current}{joint}{piece}" if current else piece
        room = first if first is not None and not lines else width
        if current and text_width(candidate, size, font) > room:
            lines.append(current)
            current = piece
        else:
            current = candidate
    return [*lines, current]


def wrap(
    text: str, size: float, width: float, font: Font = Font.REGULAR, first: float | None = None
) -> list[str]:
    """Word wrap that breaks only at ordinary spaces (a no-break space holds words
    together) and at newlines, never inside a word."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = [word for word in paragraph.split(" ") if word]
        lines += pack(words, " ", size, width, font, None if lines else first)
    return lines


def elide(text: str, width: float, size: float, font: Font = Font.REGULAR) -> str:
    """``text``, cut short with an ellipsis if need be to fit ``width`` on one line."""
    if text_width(text, size, font) <= width:
        return text
    while text and text_width(text + "…", size, font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


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
