"""Card pages: fronts imposed on paper with crop marks or cut lines, backs interleaved for
duplex printing or printed below a fold line, or one card per page for print shops.

A card face draws at a trim box and may reach past it by the bleed it is given. Past
the trim, faces draw only shapes that can be cut (lines, unstroked polygons, plain
rectangles): what would reach the dead margin is clipped, so the ink on the page is
always printable. Backs reach past the trim even without bleed, so a back that lands or
is cut a little off still covers its card to the edge."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.draw.clip import clip_items
from pnp.draw.fonts import Font
from pnp.draw.ruler import ruler_items, ruler_size
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    Anchor,
    Flip,
    Item,
    Line,
    Page,
    Stroke,
    Text,
)
from pnp.draw.transform import rotated
from pnp.paper.geometry import Box, bounds
from pnp.paper.sizes import (
    POKER,
    SAFE_ZONE,
    Backs,
    CardSize,
    Imposition,
    Marks,
    Paper,
    back_slot,
    impose,
    place_ruler,
)
from pnp.paper.units import mm, to_mm

CardFace = Callable[[Box, float], list[Item]]  # draws a face at a trim box, with its bleed

CROP = Stroke(INK, 0.3)
CUT = Stroke(LIGHT, 0.3)
FOLD_GAP = mm(4)
BACK_REACH = SAFE_ZONE  # how far a back reaches past its trim without bleed


@dataclass(frozen=True)
class CardOptions:
    size: CardSize = POKER
    bleed: float = 0.0
    backs: Backs = Backs.NONE
    flip: Flip = Flip.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, + moves backs right and up
    print_shop: bool = False  # one card per page: the page is the card and its bleed


class BackOffsetError(ValueError):
    pass


@dataclass(frozen=True)
class OffsetRange:
    """The back offsets (points) that keep every back's safe zone printable."""

    left: float  # the most negative DX
    right: float
    down: float  # the most negative DY
    up: float

    def allows(self, dx: float, dy: float) -> bool:
        eps = 1e-6
        return self.left - eps <= dx <= self.right + eps and self.down - eps <= dy <= self.up + eps

    def __str__(self) -> str:
        def mm_(v: float) -> str:  # rounded towards zero, so the figure said always fits
            return f"{math.trunc(round(to_mm(v) * 10, 6)) / 10:+.1f}".replace("-", "−")

        return (
            f"DX from {mm_(self.left)} to {mm_(self.right)} mm "
            f"and DY from {mm_(self.down)} to {mm_(self.up)} mm"
        )


def imposition(paper: Paper, options: CardOptions) -> Imposition:
    area = paper.printable
    if options.backs is Backs.FOLD:
        area = Box(
            area.x, paper.height / 2 + FOLD_GAP, area.w, area.top - paper.height / 2 - FOLD_GAP
        )
    return impose(paper, options.size, ruler_size(paper), options.bleed, area)


def offset_range(imp: Imposition, flip: Flip) -> OffsetRange:
    safe = [
        back_slot(s, imp.paper, flip is Flip.LONG, (0.0, 0.0)).inset(SAFE_ZONE) for s in imp.slots
    ]
    p = imp.paper.printable
    return OffsetRange(
        p.x - min(b.x for b in safe),
        p.right - max(b.right for b in safe),
        p.y - min(b.y for b in safe),
        p.top - max(b.top for b in safe),
    )


def card_pages(
    fronts: Sequence[CardFace],
    back: CardFace | Sequence[CardFace] | None,
    paper: Paper,
    options: CardOptions,
    fold: str = "fold",
) -> list[Page]:
    """Pages of fronts, each followed by its page of backs when duplex; with fold,
    every page carries its backs below the fold line, marked with the word ``fold`` in the
    page's language. ``back`` is every card's back, or one back per front (cards of
    different backs on one sheet)."""
    backs = None if back is None else _per_card(back, len(fronts))
    if options.print_shop:
        return _single_card_pages(fronts, backs, options)
    imp = imposition(paper, options)
    if backs is not None and options.backs is Backs.DUPLEX:
        _check_offset(imp, options)
    pages: list[Page] = []
    back_pages: dict[tuple[CardFace, ...], Page] = {}  # a full page of the same back recurs
    for start in range(0, len(fronts), imp.per_page):
        chunk = fronts[start : start + imp.per_page]
        chunk_backs = None if backs is None else backs[start : start + imp.per_page]
        slots = list(imp.slots[: len(chunk)])
        items = _marks(imp, len(chunk)) + ruler_items(imp.ruler, imp.ruler_vertical, paper)
        for face, slot in zip(chunk, slots, strict=True):
            items += face(slot, options.bleed)
        if chunk_backs is not None and options.backs is Backs.FOLD:
            folded = _fold_slots(imp, len(chunk))
            items += _fold_line(paper, fold)
            reach = max(options.bleed, BACK_REACH)
            for face, slot in zip(chunk_backs, folded, strict=True):
                items += rotated(face(slot, reach), 2, slot.cx, slot.cy)
            slots += folded
        pages.append(_page(paper, clip_items(items, paper.printable), slots, options.bleed))
        if chunk_backs is not None and options.backs is Backs.DUPLEX:
            key = tuple(chunk_backs)
            if key not in back_pages:
                back_pages[key] = _duplex_backs(imp, chunk_backs, options)
            pages.append(back_pages[key])
    return pages


def _per_card(back: CardFace | Sequence[CardFace], count: int) -> list[CardFace]:
    if callable(back):
        return [back] * count
    if len(back) != count:
        raise ValueError(f"{len(back)} backs for {count} fronts")
    return list(back)


def back_slots(imp: Imposition, options: CardOptions) -> list[Box]:
    """Where each front slot's back is printed on the reverse side."""
    long_edge = options.flip is Flip.LONG
    return [back_slot(s, imp.paper, long_edge, options.back_offset) for s in imp.slots]


def _check_offset(imp: Imposition, options: CardOptions) -> None:
    allowed = offset_range(imp, options.flip)
    dx, dy = options.back_offset
    if not allowed.allows(dx, dy):
        raise BackOffsetError(
            f"--back-offset {to_mm(dx):g},{to_mm(dy):g} moves the card backs' safe zones "
            f"(3 mm inside the trim) into the 6 mm dead margin; {imp.card.name} cards on "
            f"{imp.paper.name} paper allow {allowed}"
        )


def _page(paper: Paper, items: list[Item], trims: Sequence[Box], bleed: float) -> Page:
    """TrimBox: the bounds of every card trim on the page; BleedBox: that plus the bleed."""
    trim = bounds(trims)
    grown = trim.inset(-bleed) if bleed else None
    return Page(paper.width, paper.height, paper.printable, tuple(items), trim, grown)


def _duplex_backs(imp: Imposition, backs: Sequence[CardFace], options: CardOptions) -> Page:
    """The backs, each reaching past its trim; the ruler where it would be for a full
    page, clear of every back's reach, so that a back printed a little off still covers
    its card to the edge. Where the margin beside the reach is too narrow for it (poker
    and 63 × 88 cards on Letter), the page has no ruler: the front of the sheet has one."""
    paper = imp.paper
    every = back_slots(imp, options)
    reach = max(options.bleed, BACK_REACH)
    taken = [s.inset(-reach) for s in every]
    placed = place_ruler(paper.printable, bounds(taken), tuple(every), ruler_size(paper), taken)
    items: list[Item] = []
    for face, slot in zip(backs, every[: len(backs)], strict=True):  # one per front
        items += clip_items(face(slot, reach), paper.printable)
    if placed is not None:
        items += ruler_items(*placed, paper)
    return _page(paper, items, every[: len(backs)], options.bleed)


def _fold_slots(imp: Imposition, count: int) -> list[Box]:
    """Backs mirrored below the fold line (turned 180° when drawn), so they read upright
    after folding and turning the card over sideways."""
    return [back_slot(s, imp.paper, False, (0.0, 0.0)) for s in imp.slots[:count]]


def _fold_line(paper: Paper, word: str) -> list[Item]:
    fold = paper.height / 2
    return [
        Line(
            paper.printable.x + mm(8),
            fold,
            paper.printable.right,
            fold,
            Stroke(GREY, 0.4, (mm(3), mm(1.5))),
        ),
        Text(paper.printable.x, fold - 2, word, 6.5, Font.REGULAR, Anchor.START, GREY),
    ]


def _single_card_pages(
    fronts: Sequence[CardFace], backs: Sequence[CardFace] | None, options: CardOptions
) -> list[Page]:
    """For print shops: each face on a page of its own, the card and its bleed, with
    TrimBox on the card and no marks or ruler (the shop trims to the TrimBox)."""
    bleed = options.bleed
    media = Box(0.0, 0.0, options.size.width + 2 * bleed, options.size.height + 2 * bleed)
    trim = media.inset(bleed)

    def page(face: CardFace) -> Page:
        items = tuple(clip_items(face(trim, bleed), media))
        return Page(media.w, media.h, media, items, trim, media if bleed else None)

    pages: list[Page] = []
    for i, front in enumerate(fronts):
        pages.append(page(front))
        if backs is not None and options.backs is Backs.DUPLEX:
            pages.append(page(backs[i]))
    return pages


def _marks(imp: Imposition, count: int) -> list[Item]:
    stroke = CROP if imp.marks is Marks.CROP else CUT
    return [Line(x1, y1, x2, y2, stroke) for x1, y1, x2, y2 in imp.marks_for(count)]
