"""The set-up sheet, for the table: the deck split around the Game End card for each
player count, the table's and each player's set-up, playing on paper, and the solo
set-up against Ptolemy. Every number comes from the engine's own set-up data, so the
sheet and the games it sets up agree."""

from __future__ import annotations

from typing import NamedTuple

from pnp.astra.text import Lang, text
from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import GREY, INK, Anchor, Item, Line, Page, Rect, Stroke, Text
from pnp.draw.text import fit_size, fit_wrapped, wrap
from pnp.layouts.astra import icons
from pnp.layouts.astra.aid import Block, Point, point_block, scoring_card_icon
from pnp.layouts.astra.game_end import hourglass
from pnp.layouts.astra.journal import footer
from pnp.layouts.page import content_area, finish, text_block
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

LEADING = 1.2
LARGEST = 13.0  # body text, in points: read across a table
SMALLEST = 9.0
_GAP = mm(4)  # between the sheet's parts
_PAD = mm(3)  # inside the solo frame


class DeckSplit(NamedTuple):
    players: int
    under: int  # cards dealt face down before the Game End card
    on_top: int  # cards dealt on top of it
    around: int  # cards dealt face up around the Sphere board


class SoloNumbers(NamedTuple):
    under: int
    on_top: int
    around: int
    rest: int  # the cards left for Ptolemy's library, before some are set aside
    small: int  # set aside: one card of this many stars or fewer per element but Water
    library: int  # when every element but Water has such a card to set aside
    fame: int  # Ptolemy's at the start
    stardust: int


class SetupNumbers(NamedTuple):
    splits: tuple[DeckSplit, ...]
    stardust: int  # each player's at the start
    pouch: int  # the Pouch size the Journal starts at
    card_limit: int
    solo: SoloNumbers


def setup_numbers() -> SetupNumbers:
    """The numbers the engine sets a game up with."""
    from pnp.astra import solo
    from pnp.astra.board import PLAYERS, board
    from pnp.astra.constellations import deck_size
    from pnp.astra.journal import card_limit, journal
    from pnp.astra.model import Element
    from pnp.astra.setup import DECK_SPLIT, START_STARDUST

    splits = tuple(DeckSplit(n, *DECK_SPLIT[n], len(board(n).slots)) for n in PLAYERS)
    dealt = solo.solo_setup(0)  # his Fame and Stardust do not depend on the seed
    rest = deck_size() - solo.DECK
    alone = SoloNumbers(
        solo.DECK - solo.ON_TOP,
        solo.ON_TOP,
        len(board(2).slots),
        rest,
        solo.SMALL,
        rest - sum(e is not Element.WATER for e in Element),
        dealt.fame,
        dealt.stardust,
    )
    return SetupNumbers(splits, START_STARDUST, journal().pouch.start, card_limit(0), alone)


def setup_sheet_page(paper: Paper, lang: Lang) -> Page:
    """One page: the title, the deck table, the table's and each player's set-up side by
    side, playing on paper, and the solo frame, at the largest body size that fits."""
    numbers = setup_numbers()
    area = content_area(paper)
    title = f"ASTRA · {text('setup_sheet.title', lang)}".upper()
    head, body = area.take_top(mm(13))
    items = text_block(
        head.x, head.top, [title], fit_size(title, head.w, 22.0, Font.BOLD), Font.BOLD
    )
    size = LARGEST
    while True:
        parts = _parts(numbers, lang, size, body.w)
        if sum(h for h, _ in parts) + _GAP * (len(parts) - 1) <= body.h or size <= SMALLEST:
            break
        size -= 0.25
    top = body.top
    for height, draw in parts:
        items += draw(body.x, top, body.w)
        top -= height + _GAP
    return finish(paper, items, footer(lang))


def _t(key: str, lang: Lang, **numbers: int) -> str:
    return text(f"setup_sheet.{key}", lang).format(**numbers)


def _parts(numbers: SetupNumbers, lang: Lang, size: float, width: float) -> list[Block]:
    steps = [
        Point(_t(k, lang), step=str(n))
        for n, k in enumerate(
            ("step_board", "step_deck", "step_discard", "step_deal", "step_supply"), 1
        )
    ]
    each = [
        Point(_t("each_journal", lang)),
        Point(
            _t(
                "each_stardust",
                lang,
                stardust=numbers.stardust,
                pouch=numbers.pouch,
                limit=numbers.card_limit,
            ),
            icon=icons.stardust,
        ),
        Point(_t("each_scoring", lang), icon=scoring_card_icon),
        Point(_t("each_first", lang)),
    ]
    s = numbers.solo
    alone = [
        Point(_t("solo_board", lang)),
        Point(_t("solo_deck", lang, under=s.under, on_top=s.on_top, around=s.around)),
        Point(_t("solo_library", lang, rest=s.rest, small=s.small, library=s.library)),
        Point(_t("solo_ptolemy", lang, fame=s.fame, stardust=s.stardust)),
        Point(_t("solo_first", lang)),
    ]
    half = (width - _GAP) / 2
    return [
        _deck(numbers.splits, lang, size, width),
        _side_by_side(
            _section(_t("table", lang), steps, size, half),
            _section(_t("each", lang), each, size, half),
        ),
        _section(_t("paper", lang), [Point(_t("paper_text", lang))], size, width),
        _framed(_section(_t("solo", lang), alone, size, width - 2 * _PAD, rule=False)),
    ]


def _heading(words: str, size: float, rule: bool = True) -> Block:
    """A section's title, under a grey rule unless ``rule`` is false (in a frame)."""
    head = size * 1.25

    def draw(x: float, top: float, w: float) -> list[Item]:
        y = top - size * 0.25
        title = Text(x, y - size * 0.3 - ascent(head, Font.BOLD), words, head, Font.BOLD)
        return [Line(x, y, x + w, y, Stroke(GREY, 0.5)), title] if rule else [title]

    return size * 0.9 + head * LEADING, draw  # room above a step's circle


def _section(
    heading: str, points: list[Point], size: float, width: float, rule: bool = True
) -> Block:
    blocks = [_heading(heading, size, rule), *(point_block(p, size, width) for p in points)]
    return _stack(blocks)


def _stack(blocks: list[Block]) -> Block:
    def draw(x: float, top: float, w: float) -> list[Item]:
        items: list[Item] = []
        for height, part in blocks:
            items += part(x, top, w)
            top -= height
        return items

    return sum(h for h, _ in blocks), draw


def _side_by_side(left: Block, right: Block) -> Block:
    def draw(x: float, top: float, w: float) -> list[Item]:
        half = (w - _GAP) / 2
        return left[1](x, top, half) + right[1](x + half + _GAP, top, half)

    return max(left[0], right[0]), draw


def _framed(block: Block) -> Block:
    height = block[0] + 2 * _PAD

    def draw(x: float, top: float, w: float) -> list[Item]:
        frame = Rect(Box(x, top - height, w, height), Stroke(INK, 1.2), radius=mm(3))
        return [frame, *block[1](x + _PAD, top - _PAD, w - 2 * _PAD)]

    return height, draw


# The deck table's columns, as fractions of its width.
_COLUMNS = (0.16, 0.28, 0.16, 0.2, 0.2)


def _deck(splits: tuple[DeckSplit, ...], lang: Lang, size: float, width: float) -> Block:
    """The heading, how to build the deck, and a row per player count: the cards under
    the Game End card, the card, the cards on top, the cards around the board."""
    heading = _heading(_t("deck", lang), size)
    how = wrap(_t("deck_how", lang), size, width)
    labels = [
        _t("players", lang),
        _t("under", lang),
        text("cards.game_end_card", lang),
        _t("on_top", lang),
        _t("around", lang),
    ]
    widths = [f * width for f in _COLUMNS]
    label_size = size * 0.85
    wrapped = [
        fit_wrapped(
            w, c - mm(2), 3 * label_size * LEADING, label_size, LEADING, Font.BOLD, SMALLEST * 0.85
        )
        for w, c in zip(labels, widths, strict=True)
    ]
    head_h = max(len(lines) * s * LEADING for s, lines in wrapped) + mm(3)
    row_h = size * 2.4
    table_h = head_h + row_h * len(splits)
    text_h = len(how) * size * LEADING + size * 0.5

    def draw(x: float, top: float, w: float) -> list[Item]:
        items = heading[1](x, top, w)
        top -= heading[0]
        items += text_block(x, top, how, size, leading=LEADING)
        top -= text_h
        items.append(Rect(Box(x, top - table_h, w, table_h), Stroke(INK, 1.0)))
        xs = [x + sum(widths[:k]) for k in range(len(widths))]
        for cx0, cw, (s, lines) in zip(xs, widths, wrapped, strict=True):
            block = len(lines) * s * LEADING
            y = top - (head_h - block) / 2
            items += text_block(cx0 + cw / 2, y, lines, s, Font.BOLD, LEADING, Anchor.MIDDLE)
        for cx0 in xs[1:]:
            items.append(Line(cx0, top - table_h, cx0, top, Stroke(GREY, 0.5)))
        y = top - head_h
        for split in splits:
            items.append(Line(x, y, x + w, y, Stroke(GREY if y < top - head_h else INK, 0.6)))
            cy = y - row_h / 2
            big = size * 1.6
            for cx0, cw, value in zip(
                xs,
                widths,
                (split.players, split.under, None, split.on_top, split.around),
                strict=True,
            ):
                if value is None:
                    items += hourglass(cx0 + cw / 2, cy, row_h * 0.7)
                else:
                    items.append(
                        Text(
                            cx0 + cw / 2, cy - big * 0.36, str(value), big, Font.BOLD, Anchor.MIDDLE
                        )
                    )
            y -= row_h
        return items

    return heading[0] + text_h + table_h, draw
