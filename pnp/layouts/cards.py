"""Card sheets: fronts imposed on pages with crop marks or cut lines, and backs
interleaved for duplex printing or printed below a fold line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.draw.fonts import Font
from pnp.draw.ruler import ruler_items, ruler_size
from pnp.draw.shapes import GREY, INK, LIGHT, Anchor, Flip, Item, Line, Page, Stroke, Text
from pnp.draw.transform import rotated
from pnp.geometry import Box, bounds
from pnp.paper import POKER, Backs, CardSize, Imposition, Marks, Paper, back_slot, impose
from pnp.units import mm

CardFace = Callable[[Box, float], list[Item]]  # draws a face at a trim box, with its bleed

CROP = Stroke(INK, 0.3)
CUT = Stroke(LIGHT, 0.3)
FOLD_GAP = mm(4)


@dataclass(frozen=True)
class CardOptions:
    size: CardSize = POKER
    bleed: float = 0.0
    backs: Backs = Backs.NONE
    flip: Flip = Flip.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, + moves backs right and up


class BackOffsetError(ValueError):
    pass


def imposition(paper: Paper, options: CardOptions) -> Imposition:
    area = paper.printable
    if options.backs is Backs.FOLD:
        area = Box(
            area.x, paper.height / 2 + FOLD_GAP, area.w, area.top - paper.height / 2 - FOLD_GAP
        )
    return impose(paper, options.size, ruler_size(paper), options.bleed, area)


def card_pages(
    fronts: Sequence[CardFace], back: CardFace | None, paper: Paper, options: CardOptions
) -> list[Page]:
    """Pages of fronts, each followed by its page of backs when duplex; with fold,
    every page carries its backs below the fold line."""
    imp = imposition(paper, options)
    _check_offset(imp, options)
    pages: list[Page] = []
    for start in range(0, len(fronts), imp.per_page):
        chunk = fronts[start : start + imp.per_page]
        items = _marks(imp) + _ruler(imp, imp.ruler)
        for face, slot in zip(chunk, imp.slots, strict=False):
            items += face(slot, options.bleed)
        if back is not None and options.backs is Backs.FOLD:
            items += _fold_backs(imp, back, len(chunk), options)
        pages.append(_page(imp, items, imp.slots[: len(chunk)]))
        if back is not None and options.backs is Backs.DUPLEX:
            pages.append(_duplex_backs(imp, back, len(chunk), options))
    return pages


def back_slots(imp: Imposition, options: CardOptions) -> list[Box]:
    """Where each front slot's back is printed on the reverse side."""
    long_edge = options.flip is Flip.LONG
    return [back_slot(s, imp.paper, long_edge, options.back_offset) for s in imp.slots]


def _check_offset(imp: Imposition, options: CardOptions) -> None:
    if options.backs is not Backs.DUPLEX:
        return
    for slot in back_slots(imp, options):
        if not imp.paper.printable.contains(slot.inset(-options.bleed)):
            raise BackOffsetError(
                "--back-offset moves the backs into the 6 mm dead margin; "
                "the largest offset this layout allows is smaller"
            )


def _page(imp: Imposition, items: list[Item], slots: Sequence[Box]) -> Page:
    trim = bounds(slots)
    bleed = trim.inset(-imp.bleed) if imp.bleed else None
    paper = imp.paper
    return Page(paper.width, paper.height, paper.printable, tuple(items), trim, bleed)


def _duplex_backs(imp: Imposition, back: CardFace, count: int, options: CardOptions) -> Page:
    slots = back_slots(imp, options)[:count]
    mirrored_ruler = back_slot(imp.ruler, imp.paper, options.flip is Flip.LONG, (0.0, 0.0))
    items = _ruler(imp, mirrored_ruler)
    for slot in slots:
        items += back(slot, options.bleed)
    return _page(imp, items, slots)


def _fold_backs(imp: Imposition, back: CardFace, count: int, options: CardOptions) -> list[Item]:
    paper = imp.paper
    fold = paper.height / 2
    items: list[Item] = [
        Line(
            paper.printable.x + mm(8),
            fold,
            paper.printable.right,
            fold,
            Stroke(GREY, 0.4, (mm(3), mm(1.5))),
        ),
        Text(paper.printable.x, fold - 2, "fold", 6, Font.REGULAR, Anchor.START, GREY),
    ]
    for slot in back_slots(imp, CardOptions(flip=Flip.SHORT))[:count]:
        items += rotated(back(slot, options.bleed), 2, slot.cx, slot.cy)
    return items


def _marks(imp: Imposition) -> list[Item]:
    stroke = CROP if imp.marks is Marks.CROP else CUT
    return [Line(x1, y1, x2, y2, stroke) for x1, y1, x2, y2 in imp.segments]


def _ruler(imp: Imposition, box: Box) -> list[Item]:
    return ruler_items(box, imp.ruler_vertical, imp.paper)
