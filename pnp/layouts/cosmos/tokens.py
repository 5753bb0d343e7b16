"""The nebula tiles and the token sheets: every face and back, grouped with a heading
saying what they are and how many (data/cosmos/tokens.toml, advanced_life.toml,
nebulae.toml)."""

from __future__ import annotations

from functools import partial

from pnp.cosmos.model import AdvancedLife, Tokens
from pnp.cosmos.nebulae import NebulaTile, stack
from pnp.cosmos.text import text
from pnp.draw.clip import ink_bounds
from pnp.draw.fonts import Font, ascent
from pnp.draw.shapes import GREY, INK, Anchor, Circle, Item, Line, Rect, Stroke, Text
from pnp.draw.text import fit_size
from pnp.layouts.cosmos import icons
from pnp.layouts.cosmos.galaxy import LIFE, STAR, TILE
from pnp.layouts.cosmos.token_sheet import Face, TokenGroup
from pnp.paper.geometry import Box, bounds
from pnp.paper.units import mm

ADVANCED = mm(12)  # lies on a completed nebula tile
CRYSTAL = mm(10)
ENERGY = mm(14)
PIECE = mm(10)  # score markers, power tokens, end-of-turn markers
SLIDER = mm(8)
BONUS = mm(12)
FIRST = mm(22)
EDGE = mm(1.5)  # paper between a tile's cut and a star's rim: an off cut leaves it whole
APART = mm(0.5)  # paper between two stars' rims on a tile
SMALL_TEXT = 6.0  # the smallest text printed
MARK = mm(3.46)  # a tile's corner marks' height


def _same(face: Face, n: int) -> tuple[Face, ...]:
    return (face,) * n


def tile_groups() -> list[TokenGroup]:
    """The three nebula stacks: the element side, and the completed side behind it."""
    groups = []
    for size in (1, 2, 3):
        tiles = stack(size)
        heading = text("print.tokens.tiles").format(n=len(tiles), size=size)
        fronts = tuple(partial(_tile_front, t) for t in tiles)
        backs = tuple(partial(_tile_back, t) for t in tiles)
        groups.append(TokenGroup(heading, TILE, fronts, backs))
    return groups


def _tile_front(tile: NebulaTile, cx: float, cy: float, side: float) -> list[Item]:
    """The stars the nebula needs, in rows of up to three: three across fill the tile
    but for ``EDGE`` at each cut and ``APART`` between two rims; the rows in the middle
    of what the corner marks leave."""
    items = _corner_marks(tile, cx, cy, side)
    middle = (cy + side / 2 - EDGE - MARK + cy - side / 2 + EDGE) / 2
    count = len(tile.stars)
    columns = 2 if count <= 4 else 3
    rows = (count + columns - 1) // columns
    across = (side - 2 * EDGE - 2 * APART) / 3  # a star's circle, its rim included
    size = across * mm(10) / _widest_star(mm(10))
    cell = across + APART
    for k, element in enumerate(tile.stars):
        row, col = divmod(k, columns)
        in_row = min(columns, count - row * columns)
        x = cx + (col - (in_row - 1) / 2) * cell
        y = middle - (row - (rows - 1) / 2) * cell
        items += icons.star(element, x, y, size, SMALL_TEXT)
    return items


def _widest_star(size: float) -> float:
    """How far across the widest star drawing inks, its rim included, at ``size``."""
    return max(
        bounds(ink_bounds(i) for i in icons.star(e, 0.0, 0.0, size) if not isinstance(i, Text)).w
        for e in ("H", "He", "O", "C")
    )


def _tile_back(tile: NebulaTile, cx: float, cy: float, side: float) -> list[Item]:
    items = _corner_marks(tile, cx, cy, side)
    items.append(Circle(cx, cy - side * 0.05, side * 0.3, Stroke(INK, 0.8), None))
    items.append(Text(cx, cy - side * 0.15, str(tile.points), 13, Font.BOLD, Anchor.MIDDLE))
    return items


def _corner_marks(tile: NebulaTile, cx: float, cy: float, side: float) -> list[Item]:
    """The tile's id at the top left and its size's hexagon at the top right, both
    ``EDGE`` from the cuts and ``MARK`` high."""
    top = cy + side / 2
    x, y = cx - side / 2 + EDGE, top - EDGE - ascent(SMALL_TEXT, Font.BOLD)
    items: list[Item] = [Text(x, y, tile.id, SMALL_TEXT, Font.BOLD)]
    hexagon = mm(3.6)  # its ink 3.02 mm wide, 3.46 mm high
    at = (cx + side / 2 - EDGE - mm(1.51), top - EDGE - MARK / 2)
    return items + icons.nebula(tile.size, *at, hexagon)


def token_groups(tokens: Tokens, advanced: AdvancedLife) -> list[TokenGroup]:
    counts = dict(tokens.counts)
    groups: list[TokenGroup] = []
    for star, n in tokens.stars:
        heading = text("print.tokens.stars").format(n=n, star=star.value)
        face = partial(_star, star.value)
        groups.append(TokenGroup(heading, STAR, _same(face, n), _same(_supernova, n)))
    n = counts["life"]
    heading = text("print.tokens.life").format(n=n)
    groups.append(TokenGroup(heading, LIFE, _same(_proto, n), _same(_stable, n)))
    for number, values in ((1, advanced.group1), (2, advanced.group2)):
        heading = text("print.tokens.advanced").format(n=len(values), group=number)
        fronts = _same(partial(_advanced, number), len(values))
        backs = tuple(partial(_value, v) for v in values)
        groups.append(TokenGroup(heading, ADVANCED, fronts, backs))
    n = counts["time-crystals"]
    heading = text("print.tokens.crystals").format(n=n)
    groups.append(TokenGroup(heading, CRYSTAL, _same(_crystal, n), _same(_crystal, n)))
    groups += _player_pieces(counts)
    n = counts["dark-energy"]
    heading = text("print.tokens.dark").format(n=n)
    groups.append(TokenGroup(heading, ENERGY, _same(_dark, n), _same(_dark, n)))
    n = counts["bonus-points"]
    heading = text("print.tokens.bonus").format(n=n)
    groups.append(
        TokenGroup(heading, BONUS, _same(partial(_bonus, 50), n), _same(partial(_bonus, 100), n))
    )
    n = counts["first-player"]
    heading = text("print.tokens.first").format(n=n)
    groups.append(TokenGroup(heading, FIRST, _same(_first, n), _same(_first, n)))
    return groups


def _player_pieces(counts: dict[str, int]) -> list[TokenGroup]:
    """Each player's pieces, marked with their shape: energy token, score marker, power
    tokens, slider tokens and end-of-turn marker."""
    players = len(icons.Shape)
    kinds = (
        ("player-energy", ENERGY, "print.tokens.energy", _energy, _energy),
        ("score-markers", PIECE, "print.tokens.score", _score, _score),
        ("power-tokens", PIECE, "print.tokens.power", _power, _power),
        ("slider-tokens", SLIDER, "print.tokens.slider", _slider, _slider),
        ("end-of-turn-markers", PIECE, "print.tokens.end_of_turn", _alpha, _omega),
    )
    groups = []
    for key, side, words, front, back in kinds:
        each = counts[key] // players
        shapes = [s for s in icons.Shape for _ in range(each)]
        heading = text(words).format(n=counts[key], each=each)
        groups.append(
            TokenGroup(
                heading,
                side,
                tuple(partial(front, s) for s in shapes),
                tuple(partial(back, s) for s in shapes),
            )
        )
    return groups


def _star(element: str, cx: float, cy: float, side: float) -> list[Item]:
    return icons.star(element, cx, cy, side * 0.92)


def _supernova(cx: float, cy: float, side: float) -> list[Item]:
    return icons.supernova(cx, cy, side * 0.92)


def _proto(cx: float, cy: float, side: float) -> list[Item]:
    return icons.life(False, cx, cy, side * 0.92)


def _stable(cx: float, cy: float, side: float) -> list[Item]:
    return icons.life(True, cx, cy, side * 0.92)


def _crystal(cx: float, cy: float, side: float) -> list[Item]:
    return icons.crystal(cx, cy, side * 0.8)


def _advanced(group: int, cx: float, cy: float, side: float) -> list[Item]:
    """The face-down side: a spiral galaxy; group 1 in a double ring and numbered."""
    r = side * 0.44
    items: list[Item] = [Circle(cx, cy, r, Stroke(INK, 0.8), None)]
    if group == 1:
        items.append(Circle(cx, cy, r * 0.9, Stroke(INK, 1.4), None))
    items += icons.advanced(cx, cy + r * 0.5, side * 0.3)
    return [
        *items,
        Text(cx, cy - r * 0.2, text("print.tokens.group"), 6, Font.BOLD, Anchor.MIDDLE),
        Text(cx, cy - r * 0.78, str(group), 9, Font.BOLD, Anchor.MIDDLE),
    ]


def _value(points: int, cx: float, cy: float, side: float) -> list[Item]:
    """The points, underlined so that a 6 is never read as a 9."""
    return [
        Circle(cx, cy, side * 0.42, Stroke(INK, 0.8), None),
        Text(cx, cy - side * 0.1, str(points), 15, Font.BOLD, Anchor.MIDDLE),
        Line(
            cx - side * 0.12, cy - side * 0.19, cx + side * 0.12, cy - side * 0.19, Stroke(INK, 1.0)
        ),
    ]


def _energy(shape: icons.Shape, cx: float, cy: float, side: float) -> list[Item]:
    """A player's energy token: white, the player's shape large and hollow."""
    return icons.energy_token(shape, cx, cy, side)


def _dark(cx: float, cy: float, side: float) -> list[Item]:
    """A dark energy token: solid black, its name in white."""
    return icons.energy_token(None, cx, cy, side)


def _score(shape: icons.Shape, cx: float, cy: float, side: float) -> list[Item]:
    items = icons.shape(shape, cx, cy + side * 0.12, side * 0.46)
    words = text("terms.score-track")
    size = fit_size(words, side * 0.9, 6.5, Font.BOLD, 6)
    return [*items, Text(cx, cy - side * 0.4, words, size, Font.BOLD, Anchor.MIDDLE)]


def _power(shape: icons.Shape, cx: float, cy: float, side: float) -> list[Item]:
    items = icons.power_token(cx, cy, side * 0.92)
    return items + icons.shape(shape, cx, cy, side * 0.34)


def _slider(shape: icons.Shape, cx: float, cy: float, side: float) -> list[Item]:
    items: list[Item] = [
        Rect(
            Box(cx - side * 0.4, cy - side * 0.4, side * 0.8, side * 0.8),
            Stroke(INK, 0.6),
            None,
            side * 0.15,
        )
    ]
    return items + icons.shape(shape, cx, cy, side * 0.5)


def _alpha(shape: icons.Shape, cx: float, cy: float, side: float) -> list[Item]:
    return _marker(shape, "α", cx, cy, side)


def _omega(shape: icons.Shape, cx: float, cy: float, side: float) -> list[Item]:
    return _marker(shape, "Ω", cx, cy, side)


def _marker(shape: icons.Shape, letter: str, cx: float, cy: float, side: float) -> list[Item]:
    items = icons.shape(shape, cx - side * 0.18, cy, side * 0.45)
    return [*items, Text(cx + side * 0.22, cy - side * 0.15, letter, 12, Font.BOLD, Anchor.MIDDLE)]


def _bonus(points: int, cx: float, cy: float, side: float) -> list[Item]:
    words = f"+{points}"
    size = fit_size(words, side * 0.7, 11, Font.BOLD, 6)
    return [
        Circle(cx, cy, side * 0.44, Stroke(INK, 0.9), None),
        Text(cx, cy - size * 0.36, words, size, Font.BOLD, Anchor.MIDDLE),
    ]


def _first(cx: float, cy: float, side: float) -> list[Item]:
    items: list[Item] = [Circle(cx, cy, side * 0.45, Stroke(INK, 1.2), None)]
    items += icons.first_player(cx, cy + side * 0.1, side * 0.4)
    words = text("terms.first-player")
    size = fit_size(words, side * 0.6, 8, Font.BOLD, 6)
    return [*items, Text(cx, cy - side * 0.26, words, size, Font.BOLD, Anchor.MIDDLE, GREY)]
