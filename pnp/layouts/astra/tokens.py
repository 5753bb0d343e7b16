"""Astra's token sheet: the First Player token and the Sphere marker (round, larger,
labelled), 20 Telescopes and 60 Stardust (squares butted in a grid, so a few straight
cuts free them). Thin grey lines are the cut lines."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, LIGHT, PAPER, Anchor, Circle, Item, Line, Page, Poly, Stroke
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.astra import icons
from pnp.layouts.astra.board import arc_arrow
from pnp.layouts.page import content_area, finish, text_block
from pnp.paper.geometry import Box, bounds
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

CUT = Stroke(LIGHT, 0.4)
INTRO = mm(21)  # the title and the notes at the top of each page
HEADING = mm(7)  # above a grid of tokens: what they are and how many
GAP = mm(5)  # between groups
INSET = mm(2)  # what a label keeps clear of its token's edge


class TokenKind(Enum):
    FIRST_PLAYER = "first_player"
    SPHERE_MARKER = "sphere_marker"
    TELESCOPE = "telescopes"
    STARDUST = "stardust"


COUNTS = {
    TokenKind.FIRST_PLAYER: 1,
    TokenKind.SPHERE_MARKER: 1,
    TokenKind.TELESCOPE: 20,
    TokenKind.STARDUST: 60,
}
SIZES = {  # a round token's diameter, a square token's side
    TokenKind.FIRST_PLAYER: mm(40),
    TokenKind.SPHERE_MARKER: mm(28),  # smaller than a sphere on the board (38 mm)
    TokenKind.TELESCOPE: mm(19),
    TokenKind.STARDUST: mm(18),
}
ROUND = (TokenKind.FIRST_PLAYER, TokenKind.SPHERE_MARKER)
_GROUPS = (ROUND, (TokenKind.TELESCOPE,), (TokenKind.STARDUST,))


@dataclass(frozen=True)
class Token:
    kind: TokenKind
    box: Box  # the square it fills, or the square round its circle

    @property
    def round(self) -> bool:
        return self.kind in ROUND


def token_layout(paper: Paper) -> list[list[Token]]:
    """Every token's place, page by page: the groups stacked, a group that does not
    fit on what is left of a page starting the next one."""
    area = content_area(paper).take_top(INTRO)[1]
    pages: list[list[Token]] = [[]]
    top = area.top
    for group in _GROUPS:
        tokens = _group(group, area.w)
        block = bounds(t.box for t in tokens)
        head = 0.0 if group == ROUND else HEADING
        if top - head - block.h < area.y and pages[-1]:
            pages.append([])
            top = area.top
        dx, dy = area.cx - block.cx, top - head - block.top
        pages[-1] += [
            Token(t.kind, Box(t.box.x + dx, t.box.y + dy, t.box.w, t.box.h)) for t in tokens
        ]
        top -= head + block.h + GAP
    return pages


def _group(kinds: tuple[TokenKind, ...], width: float) -> list[Token]:
    """One group laid out below y = 0: round tokens side by side, centred on a line;
    square ones in a grid of as even rows as fit ``width``."""
    if len(kinds) > 1:
        tallest = max(SIZES[k] for k in kinds)
        out, x = [], 0.0
        for kind in kinds:
            s = SIZES[kind]
            out.append(Token(kind, Box(x, -tallest / 2 - s / 2, s, s)))
            x += s + GAP
        return out
    (kind,) = kinds
    side, count = SIZES[kind], COUNTS[kind]
    rows = math.ceil(count / int(width // side))
    columns = math.ceil(count / rows)
    return [
        Token(kind, Box((k % columns) * side, -(k // columns + 1) * side, side, side))
        for k in range(count)
    ]


def token_pages(paper: Paper, lang: Lang) -> list[Page]:
    pages = []
    for tokens in token_layout(paper):
        items = _intro(paper, lang)
        for kind in TokenKind:
            mine = [t for t in tokens if t.kind is kind]
            if mine and kind not in ROUND:
                items += _heading(kind, mine, lang)
            items += _cut_lines(mine)
            for token in mine:
                items += face(token, lang)
        footer = " · ".join(["Astra", text("tokens.tokens", lang), text("board.print_scale", lang)])
        pages.append(finish(paper, items, footer))
    return pages


def _intro(paper: Paper, lang: Lang) -> list[Item]:
    band = content_area(paper).take_top(INTRO)[0]
    title = f"Astra · {text('tokens.tokens', lang)}"
    items = text_block(band.x, band.top, [title], 14, Font.BOLD)
    notes = band.take_top(mm(8))[1].take_bottom(band.h - mm(8) - mm(2))[0]
    size, lines = fit_wrapped(text("tokens.cut", lang), notes.w, notes.h, 9.5, minimum=6.5)
    return items + text_block(notes.x, notes.top, lines, size)


def _heading(kind: TokenKind, tokens: list[Token], lang: Lang) -> list[Item]:
    block = bounds(t.box for t in tokens)
    words = text(f"tokens.{kind.value}", lang).format(n=len(tokens))
    size = fit_size(words, block.w, 10, Font.BOLD)
    return text_block(block.x, block.top + HEADING - mm(1.5), [words], size, Font.BOLD)


def _cut_lines(tokens: list[Token]) -> list[Item]:
    """A circle round each round token; the grid's edges once each for square ones."""
    edges: dict[tuple[float, float, float, float], None] = {}
    items: list[Item] = []
    for t in tokens:
        if t.round:
            items.append(Circle(t.box.cx, t.box.cy, t.box.w / 2, CUT))
            continue
        x, y, right, top = (round(v, 4) for v in (t.box.x, t.box.y, t.box.right, t.box.top))
        for edge in (
            (x, y, right, y),
            (x, top, right, top),
            (x, y, x, top),
            (right, y, right, top),
        ):
            edges[edge] = None
    return items + [Line(*edge, CUT) for edge in edges]


def face(token: Token, lang: Lang) -> list[Item]:
    b = token.box
    if token.kind is TokenKind.TELESCOPE:
        return icons.telescope(b.cx, b.cy, b.w * 0.62)
    if token.kind is TokenKind.STARDUST:
        return icons.stardust(b.cx, b.cy, b.w * 0.62)
    r = b.w / 2
    items: list[Item] = [Circle(b.cx, b.cy, r - mm(1.5), Stroke(INK, 0.8), PAPER)]
    if token.kind is TokenKind.FIRST_PLAYER:
        items += _shooting_star(b.cx, b.cy + r * 0.3, r * 0.42)
    else:  # it moves clockwise round the spheres
        items += arc_arrow(b.cx, b.cy, r * 0.6, 160, 20, Stroke(INK, 1.4), mm(3))
    label = label_box(token)
    size, lines = fit_wrapped(
        text(f"terms.{token.kind.value}", lang), label.w, label.h, 11, font=Font.BOLD, minimum=5
    )
    top = label.cy + len(lines) * size * 1.2 / 2
    return items + text_block(label.cx, top, lines, size, Font.BOLD, anchor=Anchor.MIDDLE)


def label_box(token: Token) -> Box:
    """Where a round token's label goes: the lower part, inside the circle."""
    r = token.box.w / 2 - INSET
    return Box(token.box.cx - 0.7 * r, token.box.cy - 0.7 * r, 1.4 * r, 0.55 * r)


def _shooting_star(cx: float, cy: float, r: float) -> list[Item]:
    """A five-pointed star trailing three lines: whoever saw a shooting star last is the
    first player (seed 000, Player setup)."""
    points = tuple(
        (
            cx + (r if k % 2 == 0 else r * 0.42) * math.cos(math.pi / 2 + k * math.pi / 5),
            cy + (r if k % 2 == 0 else r * 0.42) * math.sin(math.pi / 2 + k * math.pi / 5),
        )
        for k in range(10)
    )
    trail = Stroke(GREY, 1.0)
    return [
        *(
            Line(cx - r * 0.45, cy - r * 0.3 + d, cx - r * 1.75, cy - r * 1.05 + d, trail)
            for d in (-r * 0.25, 0, r * 0.25)
        ),
        Poly(points, True, Stroke(INK, 0.8), INK),
    ]
