"""The Game End card's front: its name, an hourglass, and what happens when it comes to
the top of the deck (seed 000 "GAME END", seed 004 "Fin de partie"), in our words."""

from __future__ import annotations

from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import INK, PALE, Anchor, Item, Line, Poly, Stroke, Text
from pnp.draw.text import fit_size, wrap
from pnp.layouts.astra.constellation_card import frame
from pnp.layouts.cards import CardFace
from pnp.paper.geometry import Box
from pnp.paper.sizes import SAFE_ZONE
from pnp.paper.units import mm

LEADING = 1.2
PARAGRAPH = 0.6  # the space between paragraphs, in lines


def game_end_front(lang: Lang) -> CardFace:
    paragraphs = [
        (Font.REGULAR, text("cards.game_end_when", lang)),
        (Font.BOLD, text("cards.game_end_first_lead", lang)),
        (Font.REGULAR, text("cards.game_end_first", lang)),
        (Font.BOLD, text("cards.game_end_other_lead", lang)),
        (Font.REGULAR, text("cards.game_end_other", lang)),
        (Font.REGULAR, text("cards.game_end_after", lang)),
    ]
    # A bold lead runs straight into the words after it, with no paragraph gap.
    gaps = [0.0, PARAGRAPH, 0.0, PARAGRAPH, 0.0, PARAGRAPH]

    def face(trim: Box, bleed: float) -> list[Item]:
        safe = trim.inset(SAFE_ZONE)
        inner = safe.inset(mm(2.5))
        items: list[Item] = [frame(trim)]
        title = text("terms.game_end", lang).upper()
        size = fit_size(title, inner.w, 15, Font.BOLD, 8)
        items.append(
            Text(
                inner.cx, inner.top - ascent(size, Font.BOLD), title, size, Font.BOLD, Anchor.MIDDLE
            )
        )
        glass = Box(inner.x, inner.top - mm(8) - mm(20), inner.w, mm(20))
        items += hourglass(glass.cx, glass.cy, glass.h)
        body = Box(inner.x, inner.y, inner.w, glass.y - mm(3) - inner.y)
        items += _paragraphs(paragraphs, gaps, body)
        return items

    return face


def _paragraphs(paragraphs: list[tuple[Font, str]], gaps: list[float], box: Box) -> list[Item]:
    """Centred paragraphs at the largest size (from 8.5 pt) that fits ``box``, centred
    in it top to bottom."""
    size = 8.5
    while True:
        lines = [wrap(words, size, box.w, font) for font, words in paragraphs]
        height = sum((len(ls) + gap) * size * LEADING for ls, gap in zip(lines, gaps, strict=True))
        if height <= box.h or size <= 5.5:
            break
        size -= 0.25
    items: list[Item] = []
    y = box.cy + height / 2 - ascent(size)
    for (font, _), block, gap in zip(paragraphs, lines, gaps, strict=True):
        y -= gap * size * LEADING
        for line in block:
            items.append(Text(box.cx, y, line, size, font, Anchor.MIDDLE))
            y -= size * LEADING
    return items


def hourglass(cx: float, cy: float, height: float) -> list[Item]:
    """Two glass bulbs between two bars, the sand run mostly into the lower one."""
    w, h = height * 0.34, height * 0.42
    stroke = Stroke(INK, max(0.6, height * 0.02))
    waist = w * 0.12
    glass = (
        (cx - w, cy + h),
        (cx + w, cy + h),
        (cx + waist, cy),
        (cx + w, cy - h),
        (cx - w, cy - h),
        (cx - waist, cy),
    )
    sand_top = ((cx - w * 0.35, cy + h * 0.35), (cx + w * 0.35, cy + h * 0.35), (cx, cy))
    sand_low = (
        (cx - w, cy - h),
        (cx + w, cy - h),
        (cx + w * 0.5, cy - h * 0.45),
        (cx - w * 0.5, cy - h * 0.45),
    )
    bar = w * 1.3
    return [
        Poly(sand_top, True, None, PALE),
        Poly(sand_low, True, None, PALE),
        Line(cx, cy, cx, cy - h * 0.45, Stroke(PALE, stroke.width)),
        Poly(glass, True, stroke, None),
        Line(cx - bar, cy + h, cx + bar, cy + h, Stroke(INK, stroke.width * 2.2)),
        Line(cx - bar, cy - h, cx + bar, cy - h, Stroke(INK, stroke.width * 2.2)),
    ]
