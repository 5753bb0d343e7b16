"""The Final Scoring cards: a row of 4 spots per element with the row points over the
columns, the card's two pre-marked spots, boxes for the row and column scores and the
total; and their shared back."""

from __future__ import annotations

from pnp.astra.model import StarKind
from pnp.astra.scoring_cards import ScoringCard, scoring
from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import GREY, INK, PAPER, TINT, Anchor, Circle, Item, Rect, Stroke, Text
from pnp.draw.text import fit_size, fit_wrapped
from pnp.layouts.astra import icons
from pnp.layouts.astra.journal import MIN_TEXT, spot
from pnp.layouts.cards import CardFace
from pnp.layouts.page import text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import SAFE_ZONE
from pnp.paper.units import mm

_BOX = Stroke(INK, 0.6)


def scoring_front(card: ScoringCard, lang: Lang) -> CardFace:
    def face(trim: Box, bleed: float) -> list[Item]:
        safe = trim.inset(SAFE_ZONE)
        items: list[Item] = [Rect(safe, Stroke(INK, 0.8), radius=mm(2.5))]
        inner = safe.inset(mm(2.5))
        title = text("terms.final_scoring", lang).upper()
        size = fit_size(title, inner.w, 10.0, Font.BOLD, MIN_TEXT)
        items += text_block(inner.cx, inner.top, [title], size, Font.BOLD, anchor=Anchor.MIDDLE)
        body = inner.take_top(mm(6))[1]
        grid, notes = body.take_top(min(body.h * 0.8, _grid_height(body.w)))
        items += _grid(card, grid)
        items += _notes(notes.take_top(mm(1.5))[1], lang)
        return items

    return face


_COLUMNS = 2.1  # cells beside the spots: the icon and the row score
_ROWS = 2.6  # cells above and below the rows: the points, the column scores


def _grid_height(width: float) -> float:
    s = scoring()
    return width / (s.spots + _COLUMNS) * (len(s.rows) + _ROWS)


def _grid(card: ScoringCard, box: Box) -> list[Item]:
    """Columns: the element icon, the spots, the row score; rows: the points over the
    columns, one row per element, the column scores with the total at their end."""
    s = scoring()
    n = s.spots
    cell = min(box.w / (n + _COLUMNS), box.h / (len(s.rows) + _ROWS))
    grid = box.centred(cell * (n + _COLUMNS), box.h)
    head_h = cell * 0.6
    x_spot = grid.x + cell
    x_score = x_spot + n * cell + cell * 0.15
    score_w = grid.right - x_score
    items: list[Item] = []
    size = min(10.0, cell * 0.45)
    for k, points in enumerate(s.row_points[1:]):
        cx = x_spot + (k + 0.5) * cell
        items.append(
            Text(
                cx, grid.top - ascent(size, Font.BOLD), str(points), size, Font.BOLD, Anchor.MIDDLE
            )
        )
    for r, element in enumerate(s.rows):
        top = grid.top - head_h - r * cell
        cy = top - cell / 2
        items += icons.element(element, grid.x + cell / 2, cy, cell * 0.8)
        for k in range(n):
            items += spot(
                x_spot + (k + 0.5) * cell, cy, cell * 0.74, marked=k == 0 and element in card.pair
            )
        items.append(
            Rect(Box(x_score, top - cell + cell * 0.1, score_w, cell * 0.8), _BOX, radius=mm(1))
        )
    bottom = grid.top - head_h - len(s.rows) * cell - cell * 0.25
    label = f"{s.column_points[-2]}/{s.column_points[-1]}"
    label_size = fit_size(label, cell * 0.9, size, Font.BOLD, MIN_TEXT)
    items.append(
        Text(
            grid.x + cell / 2,
            bottom - cell / 2 - label_size * 0.36,
            label,
            label_size,
            Font.BOLD,
            Anchor.MIDDLE,
        )
    )
    for k in range(n):
        b = Box(x_spot + k * cell + cell * 0.1, bottom - cell * 0.9, cell * 0.8, cell * 0.8)
        items.append(Rect(b, _BOX, radius=mm(1)))
    total = Box(x_score, bottom - cell * 1.0, score_w, cell)
    items.append(Rect(total, Stroke(INK, 1.4), radius=mm(1)))
    return items


def _notes(box: Box, lang: Lang) -> list[Item]:
    words = "\n".join(
        text(f"score_pad.{k}", lang) for k in ("card_marking", "card_rows", "card_columns")
    )
    size, lines = fit_wrapped(words, box.w, box.h, 7.0, minimum=MIN_TEXT)
    top = box.cy + len(lines) * size * 1.2 / 2
    return text_block(box.x, top, lines, size)


def scoring_back(lang: Lang) -> CardFace:
    """A light field reaching past the trim, so a back printed or cut a little off shows
    no uneven border, and the four elements round the title."""

    def face(trim: Box, reach: float) -> list[Item]:
        items: list[Item] = [Rect(trim.inset(-reach), None, TINT)]
        safe = trim.inset(SAFE_ZONE)
        r = min(safe.w, safe.h) * 0.42
        items.append(Circle(safe.cx, safe.cy, r, Stroke(INK, 0.8), PAPER))
        items.append(Circle(safe.cx, safe.cy, r * 0.93, Stroke(GREY, 0.4)))
        for element, (dx, dy) in zip(
            scoring().rows, ((0, 1), (1, 0), (0, -1), (-1, 0)), strict=True
        ):
            items += icons.element(
                element, safe.cx + dx * r * 0.62, safe.cy + dy * r * 0.62, r * 0.34
            )
        items += icons.star(StarKind.GRAND, safe.cx, safe.cy, r * 0.12)
        for y, words in (
            (safe.top - mm(4), "ASTRA"),
            (safe.y + mm(4), text("terms.final_scoring", lang).upper()),
        ):
            size = fit_size(words, safe.w - mm(4), 10.0, Font.BOLD, MIN_TEXT)
            items.append(Text(safe.cx, y - size * 0.36, words, size, Font.BOLD, Anchor.MIDDLE))
        return items

    return face
