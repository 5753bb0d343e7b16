"""The front of a constellation card, after the rulebook's card anatomy: element (top
left), Final Scoring fame, number of stars (top right), the star graph, the name, the
ability, the four boons and the card placement indicator at the bottom edge."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.astra.model import Constellation, StarKind
from pnp.astra.text import Lang
from pnp.draw.fonts import Font, ascent, descent, text_width
from pnp.draw.shapes import INK, Anchor, Item, Poly, Rect, Stroke, Text
from pnp.draw.text import fit_size, wrap
from pnp.draw.transform import translated
from pnp.layouts.astra import icons
from pnp.layouts.astra.figure import DOT
from pnp.layouts.astra.figures import laid_figure
from pnp.layouts.cards import CardFace
from pnp.layouts.page import text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import SAFE_ZONE
from pnp.paper.units import mm

FRAME = Stroke(INK, 0.6)
LEADING = 1.15
_HEADER = mm(8.5)
_NAME = mm(5.5)
_ABILITY = mm(11)
_BOONS = mm(9.5)
_GAP = mm(1.5)
# The placement triangle's base (the board's triangles have a 10 mm base too) and height
# (it stays in the strip under the boons).
INDICATOR = (mm(10), mm(2.5))
_DIGITS = 0.36  # half a digit's height, in ems: a baseline this far below a centre


@dataclass(frozen=True)
class Regions:
    """The parts of a card front, top to bottom, inside its safe zone."""

    header: Box
    graph: Box
    name: Box
    ability: Box
    boons: Box


def regions(trim: Box) -> Regions:
    inner = trim.inset(SAFE_ZONE).inset(mm(1.5))
    header, rest = inner.take_top(_HEADER)
    boons, rest = rest.take_bottom(_BOONS)
    ability = Box(rest.x, rest.y + _GAP, rest.w, _ABILITY)
    name = Box(rest.x, ability.top + _GAP / 2, rest.w, _NAME)
    graph = Box(rest.x, name.top + _GAP / 2, rest.w, rest.top - name.top - _GAP)
    return Regions(header, graph, name, ability, boons)


def constellation_front(
    card: Constellation, lang: Lang, ability: str, star_numbers: bool = True
) -> CardFace:
    """The card's front in ``lang``; ``ability`` is its ability text in that language."""

    def face(trim: Box, bleed: float) -> list[Item]:
        r = regions(trim)
        items: list[Item] = [frame(trim)]
        items += _header(card, r.header)
        # laid out on a card at the origin, so every slot and page shares one figure
        local = regions(Box(0.0, 0.0, trim.w, trim.h)).graph
        items += translated(laid_figure(card, local, star_numbers).items(card), trim.x, trim.y)
        title = card.title(lang).upper()
        size = fit_size(title, r.name.w, 12, Font.BOLD, 7)
        items += text_block(r.name.cx, r.name.top, [title], size, Font.BOLD, anchor=Anchor.MIDDLE)
        items += paragraph(ability, r.ability)
        items += _boons(card, r.boons)
        items.append(_indicator(trim, bleed))
        return items

    return face


def paragraph(words: str, box: Box, size: float = 7.5, minimum: float = 5.5) -> list[Item]:
    """Centred lines at the largest size (in quarter points) whose glyphs all fit
    ``box``, the block centred in it top to bottom."""
    while True:
        lines = wrap(words, size, box.w)
        height = ascent(size) + descent(size) + (len(lines) - 1) * size * LEADING
        widest = max(text_width(line, size) for line in lines)
        if size <= minimum or (height <= box.h and widest <= box.w):
            break
        size -= 0.25
    top = box.cy + height / 2
    return text_block(box.cx, top, lines, size, leading=LEADING, anchor=Anchor.MIDDLE)


def frame(trim: Box) -> Rect:
    """A rounded frame whose stroke lies just inside the safe zone."""
    return Rect(trim.inset(SAFE_ZONE + FRAME.width / 2), FRAME, radius=mm(2.5))


def _header(card: Constellation, box: Box) -> list[Item]:
    """Element and Final Scoring fame on the left, the number of stars on the right."""
    side = box.h
    items = icons.element(card.element, box.x + side / 2, box.cy, side)
    medal_x = box.x + side + mm(1.5) + side * 0.4
    items += icons.fame(medal_x, box.cy, side * 0.8)
    fame_size = 11.0
    items.append(
        Text(
            medal_x + side * 0.4, box.cy - fame_size * _DIGITS, str(card.fame), fame_size, Font.BOLD
        )
    )
    count_size = 20.0
    baseline = box.cy - count_size * _DIGITS
    items.append(Text(box.right, baseline, str(card.size), count_size, Font.BOLD, Anchor.END))
    dot_x = box.right - text_width(str(card.size), count_size, Font.BOLD) - mm(2.2)
    items += icons.star(StarKind.COMMON, dot_x, box.cy, DOT * 0.9)
    return items


def _boons(card: Constellation, box: Box) -> list[Item]:
    """The four boons left to right, each an icon and its amount in a box."""
    items: list[Item] = []
    for boon, slot in zip(card.boons, box.columns(4, mm(1.2)), strict=True):
        items.append(Rect(slot, Stroke(INK, 0.6), radius=mm(1.2)))
        icon = min(slot.h * 0.72, slot.w * 0.5)
        items += icons.boon(boon.kind, slot.x + mm(1) + icon / 2, slot.cy, icon)
        size = 11.0
        x = (slot.x + mm(1) + icon + slot.right) / 2
        items.append(
            Text(x, slot.cy - size * _DIGITS, str(boon.amount), size, Font.BOLD, Anchor.MIDDLE)
        )
    return items


def _indicator(trim: Box, bleed: float) -> Poly:
    """A triangle on the bottom edge: with the board's it makes a diamond (seed 000,
    "Card placement indicator"). With bleed it runs on past the trim, so a cut a little
    low leaves no white sliver under it."""
    base, height = INDICATOR
    x, y = trim.cx, trim.y
    points = [(x - base / 2, y), (x, y + height), (x + base / 2, y)]
    if bleed:
        points += [(x + base / 2, y - bleed), (x - base / 2, y - bleed)]
    return Poly(tuple(points), True, None, INK)
