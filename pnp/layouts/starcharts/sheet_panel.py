"""The parts of a player sheet around its grid (legend, score boxes, abilities) and
the type scale each sheet layout sets them in."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw.fonts import Font, ascent, text_width
from pnp.draw.shapes import (
    GREY,
    INK,
    LIGHT,
    Anchor,
    Circle,
    Field,
    Item,
    Line,
    Rect,
    Stroke,
    Text,
)
from pnp.draw.text import pack, wrap
from pnp.layouts.page import text_block
from pnp.layouts.starcharts.symbols import key_symbol
from pnp.paper.geometry import Box
from pnp.paper.units import mm
from pnp.starcharts.chart import Cell, Chart
from pnp.starcharts.content import Ability, abilities

GAP = mm(3)  # between sections, and between the grid and its legend
LEADING = 1.2
_PAD = mm(1)  # inside an ability tile
_ROW_GAP = mm(1)  # between rows of legend entries, score boxes and ability tiles
_FRAME = Stroke(LIGHT, 0.5)
_CAPTION_TOP = mm(1.2)  # from a score box's top to its caption's
_RULE_GAP = mm(0.5)  # from the caption's last line down to the rule under it
_INNER = mm(0.9)  # the Filled Sheet box's inner frame, in from its frame
_CLEAR = mm(0.5)  # the room for a number keeps this far from the lines round it

LEGEND = (
    (Cell.STAR, "star: complete its row or column to gain an ability"),
    (Cell.ASTEROID, "asteroid: costs 2"),
    (Cell.COMET_ROW, "comet: row runs of 2+ only"),
    (Cell.COMET_COL, "comet: column runs of 2+ only"),
)
SCORE_HINT = (
    "Objectives and skips: fill from the left",
    "Filled Sheet: 5 full grid, 0 no box left",
)
SCORE_LABELS = (
    *(f"Objective {i}" for i in range(1, 6)),
    "Filled Sheet",
    "Unused abilities ×\u00a03",  # a no-break space: "× 3" stays whole
    "Total",
)
# The score boxes' fields: (name, MaxLen, points a unit in the total).
SCORE_FIELDS = (
    *((f"objective{i}", 2, 1) for i in range(1, 6)),
    ("filled", 1, 1),
    ("unused", 1, 3),
    ("total", 3, 0),
)
# Phrases a heading breaks between, never inside.
ABILITY_HINT = (
    "Abilities: complete a row or column",
    "with an uncircled star:",
    "circle the star and one new ability.",
    "Slash an ability when you use it.",
)


@dataclass(frozen=True)
class Style:
    """The type scale and fixed sizes of one sheet layout; text sizes in points. Ability
    names are larger than their texts and no text is smaller than ``label``."""

    title: float  # the chart's name, which shrinks only to stay clear of the Player line
    subtitle: float
    player: float
    heading: float  # section headings, which carry the rule hints
    name: float  # ability names
    body: float  # ability texts and the legend
    label: float  # box captions, "gained" and "used"
    symbol: float  # side of a legend symbol
    box: float  # height of a score box
    badge: float  # radius of an ability's badge
    mark: float  # size of the gained circle and the used box
    score_rows: tuple[int, ...]  # score boxes per row
    legend_per_row: int
    ability_columns: int
    inline_names: bool  # an ability's text runs on after its name


FULL = Style(
    title=20,
    subtitle=8.5,
    player=9,
    heading=7.5,
    name=9,
    body=7.5,
    label=6.5,
    symbol=mm(7),
    box=mm(19),
    badge=mm(5.5),
    mark=mm(3.2),
    score_rows=(8,),
    legend_per_row=4,
    ability_columns=3,
    inline_names=False,
)
HALF = Style(
    title=14,
    subtitle=6.5,
    player=7,
    heading=7,
    name=8,
    body=7,
    label=6.5,
    symbol=mm(5.5),
    box=mm(11),
    badge=mm(2.8),
    mark=mm(2.8),
    score_rows=(5, 3),
    legend_per_row=2,
    ability_columns=1,
    inline_names=True,
)


def legend_items(
    chart: Chart, x: float, top: float, width: float, s: Style
) -> tuple[list[Item], float]:
    """The legend's items from ``top`` down, and where it ends."""
    entries = LEGEND if chart.has_obstacles else LEGEND[:1]
    per_row = min(s.legend_per_row, len(entries))
    slot_w = (width - GAP * (per_row - 1)) / per_row
    text_x = s.symbol + mm(1.5)
    line_h = s.body * LEADING
    items: list[Item] = []
    y = top
    for start in range(0, len(entries), per_row):
        row = entries[start : start + per_row]
        texts = [wrap(label, s.body, slot_w - text_x) for _, label in row]
        h = max(s.symbol, *(len(lines) * line_h for lines in texts))
        for k, ((kind, _), lines) in enumerate(zip(row, texts, strict=True)):
            sx = x + k * (slot_w + GAP)
            c = Box(sx, y - h / 2 - s.symbol / 2, s.symbol, s.symbol)
            items += [Rect(c, Stroke(LIGHT, 0.4)), *key_symbol(kind, c)]
            items += text_block(
                sx + text_x, y - h / 2 + len(lines) * line_h / 2, lines, s.body, leading=LEADING
            )
        y -= h + _ROW_GAP
    return items, y + _ROW_GAP


def _heading(
    pieces: tuple[str, ...], joint: str, x: float, top: float, width: float, s: Style
) -> tuple[list[Item], float]:
    lines = pack(pieces, joint, s.heading, width, Font.BOLD)
    items = text_block(x, top, lines, s.heading, Font.BOLD, LEADING)
    return items, top - len(lines) * s.heading * LEADING - mm(1)


def score_boxes(x: float, top: float, width: float, s: Style) -> tuple[list[Item], float]:
    """Objective, Filled Sheet, unused-ability and total boxes under their rule hint,
    each captioned in its top left corner above a thin rule: the room under the rule is
    for the number, clear of print (the photo reader reads it there)."""
    items, frames, y = _score_frames(x, top, width, s)
    for label, frame in zip(SCORE_LABELS, frames, strict=True):
        items.append(Rect(frame, Stroke(INK, 1.6 if label == "Total" else 0.8), radius=mm(1)))
        inner = frame
        if label == "Filled Sheet":
            inner = frame.inset(_INNER)
            items.append(Rect(inner, Stroke(INK, 0.4), radius=mm(0.6)))
        lines = _caption(label, frame, s)
        items += text_block(frame.x + mm(1.6), frame.top - _CAPTION_TOP, lines, s.label, color=GREY)
        rule = frame.top - _strip(label, frame, s)
        items.append(Line(inner.x, rule, inner.right, rule, Stroke(GREY, 0.4)))
    return items, y


def score_fields(x: float, top: float, width: float, s: Style, player: str) -> list[Field]:
    """A form field in each score box, under its caption and inside the Filled Sheet
    box's inner frame, named ``player.objective1`` … ``player.total``; the total counts
    3 for each unused ability."""
    frames = _score_frames(x, top, width, s)[1]
    terms = tuple((f"{player}.{name}", points) for name, _, points in SCORE_FIELDS if points)
    fields = []
    for label, frame, (name, digits, _) in zip(SCORE_LABELS, frames, SCORE_FIELDS, strict=True):
        room = Box(frame.x, frame.y, frame.w, frame.h - _strip(label, frame, s))
        sums = terms if name == "total" else ()
        fields.append(Field(room.inset(mm(1.5), mm(1.2)), f"{player}.{name}", digits, sums))
    return fields


def score_insides(x: float, top: float, width: float, s: Style) -> list[Box]:
    """Each score box's room for its number, between the rule under the caption and the
    frame (the Filled Sheet box's inner frame), ``_CLEAR`` in from the lines: all of it,
    as large as a player may write, for the photo reader."""
    insides = []
    for label, frame in zip(SCORE_LABELS, _score_frames(x, top, width, s)[1], strict=True):
        side = _CLEAR + (_INNER if label == "Filled Sheet" else 0.0)
        top_y = frame.top - _strip(label, frame, s) - _CLEAR
        insides.append(
            Box(frame.x + side, frame.y + side, frame.w - 2 * side, top_y - frame.y - side)
        )
    return insides


def _score_frames(
    x: float, top: float, width: float, s: Style
) -> tuple[list[Item], list[Box], float]:
    """The rule hint's items, the score boxes in ``SCORE_LABELS`` order, where they end."""
    items, y = _heading(SCORE_HINT, " · ", x, top, width, s)
    frames = []
    for count in s.score_rows:
        frames += Box(x, y - s.box, width, s.box).columns(count, mm(2))
        y -= s.box + _ROW_GAP
    return items, frames, y + _ROW_GAP


def _caption(label: str, frame: Box, s: Style) -> list[str]:
    """The caption's lines; an objective box too narrow for "Objective 1" on one line
    says "Obj. 1", keeping the room for the number."""
    lines = wrap(label, s.label, frame.w - 2 * mm(1.6))
    short = label.replace("Objective ", "Obj.\u00a0")
    return (
        lines if len(lines) == 1 or short == label else wrap(short, s.label, frame.w - 2 * mm(1.6))
    )


def _strip(label: str, frame: Box, s: Style) -> float:
    """How far below a score box's top the rule under its caption is."""
    return _CAPTION_TOP + len(_caption(label, frame, s)) * s.label * LEADING + _RULE_GAP


def ability_tiles(x: float, top: float, bottom: float, width: float, s: Style) -> list[Item] | None:
    """The ability tiles with their rule hint, filling down to ``bottom``; None when they
    do not fit."""
    laid = _tiles(x, top, bottom, width, s)
    if laid is None:
        return None
    items, tiles = laid
    for ability, tile in zip(abilities(), tiles, strict=False):
        items += _tile(ability, tile, s)
    return items


def ability_marks(
    x: float, top: float, bottom: float, width: float, s: Style
) -> list[tuple[str, Box, Box]]:
    """Each ability's id with the boxes of its gained circle and its used box, as
    ``ability_tiles`` draws them (nothing when the tiles do not fit)."""
    tiles = (_tiles(x, top, bottom, width, s) or ([], []))[1]
    return [(a.id, *_marks(tile, s)) for a, tile in zip(abilities(), tiles, strict=False)]


def _tiles(
    x: float, top: float, bottom: float, width: float, s: Style
) -> tuple[list[Item], list[Box]] | None:
    items, y = _heading(ABILITY_HINT, " ", x, top, width, s)
    cols = s.ability_columns
    rows = -(-len(abilities()) // cols)
    tile_w = (width - mm(2) * (cols - 1)) / cols
    tile_h = (y - bottom - _ROW_GAP * (rows - 1)) / rows
    if tile_w <= 0 or tile_h < max(_tile_height(a, tile_w, s) for a in abilities()):
        return None
    rows_boxes = Box(x, bottom, width, y - bottom).rows(rows, _ROW_GAP)
    return items, [t for r in rows_boxes for t in r.columns(cols, mm(2))]


def _marks(tile: Box, s: Style) -> tuple[Box, Box]:
    """The gained circle's square and the used box of a tile."""
    inner = tile.inset(_PAD)
    mx = inner.right - _marks_width(s)
    gained, used = (
        Box(mx, inner.top - (k + 0.5) * inner.h / 2 - s.mark / 2, s.mark, s.mark) for k in (0, 1)
    )
    return gained, used


def _marks_width(s: Style) -> float:
    return s.mark + mm(0.8) + text_width("gained", s.label)


def _text_width(tile_w: float, s: Style) -> float:
    return tile_w - 2 * _PAD - 2 * s.badge - mm(1.8) - _marks_width(s) - mm(1.5)


def _lines(ability: Ability, width: float, s: Style) -> list[str]:
    if s.inline_names:
        name = text_width(ability.name + " ", s.name, Font.BOLD)
        return wrap(ability.text, s.body, width, first=width - name)
    return wrap(ability.text, s.body, width)


def _text_height(lines: list[str], s: Style) -> float:
    body_lines = len(lines) - 1 if s.inline_names else len(lines)
    return s.name * LEADING + body_lines * s.body * LEADING


def _tile_height(ability: Ability, tile_w: float, s: Style) -> float:
    text = _text_height(_lines(ability, _text_width(tile_w, s), s), s)
    marks = 2 * max(s.mark, s.label * LEADING)
    return 2 * _PAD + max(text, marks, 2 * s.badge)


def _tile(ability: Ability, tile: Box, s: Style) -> list[Item]:
    """Badge, name and text, and a circle to mark the ability gained and a box to slash
    when used."""
    items: list[Item] = [Rect(tile, _FRAME, radius=mm(1.2))]
    inner = tile.inset(_PAD)
    bx, by = inner.x + s.badge, inner.cy
    glyph = s.badge * 1.25
    items.append(Circle(bx, by, s.badge, Stroke(INK, 0.8)))
    items.append(Text(bx, by - glyph * 0.36, ability.icon, glyph, Font.BOLD, Anchor.MIDDLE))
    tx = inner.x + 2 * s.badge + mm(1.8)
    lines = _lines(ability, _text_width(tile.w, s), s)
    top = inner.cy + _text_height(lines, s) / 2
    baseline = top - ascent(s.name, Font.BOLD)
    items.append(Text(tx, baseline, ability.name, s.name, Font.BOLD))
    if s.inline_names:
        run_on = tx + text_width(ability.name + " ", s.name, Font.BOLD)
        for i, line in enumerate(lines):
            items.append(
                Text(run_on if i == 0 else tx, baseline - i * s.body * LEADING, line, s.body)
            )
    else:
        items += text_block(tx, top - s.name * LEADING, lines, s.body, leading=LEADING)
    gained, used = _marks(tile, s)
    for label, mark in (("gained", gained), ("used", used)):
        if mark is gained:
            items.append(Circle(mark.cx, mark.cy, s.mark / 2, Stroke(INK, 0.6)))
        else:
            items.append(Rect(mark, Stroke(INK, 0.6)))
        items.append(
            Text(
                mark.right + mm(0.8),
                mark.cy - s.label * 0.35,
                label,
                s.label,
                Font.REGULAR,
                Anchor.START,
                GREY,
            )
        )
    return items
