"""Astra's star graph on the constellation cards, for all 48 cards on every card size:
stars, lines and labels that never collide, each label read as its own star's, stars
spread apart where the sky crowds them and the sky's shape kept where it does not."""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

import pytest

from pnp.astra.constellations import constellation
from pnp.astra.model import Constellation, Star, StarKind
from pnp.astra.text import Lang
from pnp.draw.clip import ink_bounds
from pnp.draw.shapes import INK, PAPER, Circle, Text
from pnp.layouts.astra import icons
from pnp.layouts.astra.constellation_card import regions
from pnp.layouts.astra.figure import (
    DOT,
    DOT_GAP,
    JOINED,
    LABEL_GAP,
    LINE_GAP,
    NAME_ABOVE,
    SHAPE_GAP,
    Figure,
    reach,
)
from pnp.layouts.astra.figures import laid_figure
from pnp.layouts.astra.labels import STRETCH
from pnp.paper.sizes import POKER, CardSize
from pnp.paper.units import mm
from pnp.render.preflight import ink
from tests.astra_cards_helpers import CARDS, SIZES
from tests.astra_cards_helpers import front as _front
from tests.astra_cards_helpers import inside as _inside
from tests.astra_cards_helpers import trim as _trim

SLACK = 0.011  # points: a shortfall spreading leaves unmet (labels._SLACK)


def _figure(card: Constellation, size: CardSize, star_numbers: bool = True) -> Figure:
    """The figure as the card prints it: laid out ahead (test_astra_figure_data checks
    that it is what laying it out now gives)."""
    return laid_figure(card, regions(_trim(size)).graph, star_numbers)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_no_label_overlaps_a_line_a_star_or_another_label(size: CardSize) -> None:
    for card in CARDS:
        fig = _figure(card, size)
        drawn = fig.items(card)
        shapes = [ink(i) for i in drawn]  # each item's ink once; a pair is tested where
        bounds = [s.bounds for s in shapes]  # their boxes meet (else they cannot touch)
        assert len(fig.numbers) == card.size and len(fig.names) == len(card.grand)
        for k, label in enumerate(drawn):
            if not isinstance(label, Text):
                continue
            x0, y0, x1, y1 = bounds[k]
            for j, other in enumerate(drawn):
                a0, b0, a1, b1 = bounds[j]
                if j == k or a0 > x1 or a1 < x0 or b0 > y1 or b1 < y0:
                    continue
                assert not shapes[k].intersects(shapes[j]), (
                    f"{card.name}: {label.text!r} touches {other}"
                )
            assert _inside(ink_bounds(label), fig.area), f"{card.name}: {label.text!r}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_each_label_is_nearest_its_own_star(size: CardSize) -> None:
    for card in CARDS:
        fig = _figure(card, size)
        grand = [s.number for s in card.grand]
        owners = list(range(1, card.size + 1)) + grand
        for label, number in zip([*fig.numbers, *fig.names], owners, strict=True):
            shape = ink(label)
            centres = {
                s.number: shape.distance(_point(fig.centres[s.number - 1])) for s in card.stars
            }
            edges = {s.number: centres[s.number] - reach(s.kind) for s in card.stars}
            for distance in (centres, edges):
                assert min(distance, key=lambda n: distance[n]) == number, (
                    f"{card.name}: {label.text!r}"
                )
            nearest_other = min(d for n, d in centres.items() if n != number)
            assert nearest_other >= centres[number] + mm(1), f"{card.name}: {label.text!r}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_a_number_reads_as_its_own_star_not_a_neighbours(size: CardSize) -> None:
    """Seen at 300 dpi: Ophiuchus' "8" sat between its star and Sabik, Draco's "14"
    stood on Eltanin's line ("Eltanin 14"), Orion's "5" before "Bellatrix". The eye
    goes by the number's middle: it is at least 2 pt nearer its own star's shape than
    any other's, and no other star's name stands beside it on its line (2.5 mm)."""
    for card in CARDS:
        fig = _figure(card, size)
        names = {s.number: ink_bounds(t) for s, t in zip(card.grand, fig.names, strict=True)}
        for label in fig.numbers:
            n, b = int(label.text), ink_bounds(label)
            edges = [
                math.dist((b.cx, b.cy), fig.centres[s.number - 1]) - reach(s.kind)
                for s in card.stars
            ]
            nearest_other = min(d for i, d in enumerate(edges) if i != n - 1)
            assert nearest_other >= edges[n - 1] + 2.0, f"{card.name}: {n}"
            for owner, name in names.items():
                on_its_line = min(b.top, name.top) > max(b.y, name.y)
                apart = max(b.x - name.right, name.x - b.right)
                assert owner == n or not on_its_line or apart >= mm(2.5), (
                    f"{card.name}: {n} beside {owner}'s name"
                )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_a_grand_stars_name_is_half_as_far_again_from_any_other_star(size: CardSize) -> None:
    """Seen at 300 dpi: Perseus' "Mirfak" stood over star 6, Corona Australis'
    "Meridiana" between its star and the next; the nearest a name's box comes to
    another star's centre is at least 1.5 times the nearest it comes to its own's."""
    for card in CARDS:
        fig = _figure(card, size)
        for star, label in zip(card.grand, fig.names, strict=True):
            shape = ink(label).envelope
            own = shape.distance(_point(fig.centres[star.number - 1]))
            for other in card.stars:
                if other.number != star.number:
                    far = shape.distance(_point(fig.centres[other.number - 1]))
                    assert far >= 1.5 * own - 0.5, f"{card.name}: {label.text} by {other.number}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_no_label_stands_over_or_under_another_stars_name_as_its_second_line(
    size: CardSize,
) -> None:
    """Seen at 300 dpi: Cetus' "Kaffaljidhma" stood under "Menkar", Gemini's "Castor"
    over "Pollux" and over Pollux's "3", each pair read as one label. Where a name and
    another star's label share some width, two lines' height of paper (11.5 pt) lies
    between two names, and at least 4 pt between a name and a number."""
    for card in CARDS:
        fig = _figure(card, size)
        names = [(s.number, ink_bounds(t)) for s, t in zip(card.grand, fig.names, strict=True)]
        numbers = [(int(t.text), ink_bounds(t)) for t in fig.numbers]
        for owner, name in names:
            for other, b in names + numbers:
                if other == owner or min(b.right, name.right) <= max(b.x, name.x):
                    continue
                paper = max(b.y - name.top, name.y - b.top)
                least = LABEL_GAP + NAME_ABOVE if (other, b) in names else 4.0
                assert paper >= least - 1e-6, f"{card.name}: {other} by {owner}'s name"


def _between(label: Text, own: tuple[float, float], other: tuple[float, float]) -> bool:
    """A label stands between its star and another when its middle sees the two more
    than 120 degrees apart and it is less than twice as near its own star's centre."""
    b = ink_bounds(label)
    (ax, ay), (bx, by) = (own[0] - b.cx, own[1] - b.cy), (other[0] - b.cx, other[1] - b.cy)
    near, far = math.hypot(ax, ay), math.hypot(bx, by)
    return ax * bx + ay * by < -0.5 * near * far and far < 2 * near


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_two_numbers_never_both_stand_between_their_stars(size: CardSize) -> None:
    """Seen at 300 dpi: Hydra's "7" and "6" both stood between stars 7 and 6, and
    which was whose could not be told."""
    for card in CARDS:
        fig = _figure(card, size)
        for a, b in combinations(range(card.size), 2):
            p, q = fig.centres[a], fig.centres[b]
            both = _between(fig.numbers[a], p, q) and _between(fig.numbers[b], q, p)
            assert not both, f"{card.name}: {a + 1} and {b + 1}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_stars_keep_their_spacing_and_no_line_runs_by_a_star_it_does_not_join(
    size: CardSize,
) -> None:
    """Issue 17 §1: room for a felt pen between stars, and every line seen."""
    dot = icons.star_reach(StarKind.COMMON, DOT)
    for card in CARDS:
        fig = _figure(card, size)
        joined = {frozenset(e) for e in card.edges}
        for a, b in combinations(card.stars, 2):
            d = math.dist(fig.centres[a.number - 1], fig.centres[b.number - 1])
            shapes = d - reach(a.kind) - reach(b.kind)
            where = f"{card.name}: stars {a.number}, {b.number}"
            assert d - 2 * dot >= DOT_GAP - SLACK, where
            assert shapes >= (JOINED if {a.number, b.number} in joined else SHAPE_GAP) - SLACK, (
                where
            )
        for ends, line in zip(card.edges, fig.lines, strict=True):
            for star in card.stars:
                if star.number not in ends:
                    shape = _point(fig.centres[star.number - 1]).buffer(reach(star.kind))
                    assert ink(line).distance(shape) >= LINE_GAP - SLACK, card.name


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_spreading_stars_crosses_no_lines(size: CardSize) -> None:
    """No two lines cross in the sky (tests/test_astra_figures.py), nor on the card."""
    from shapely.geometry import LineString

    for card in CARDS:
        fig = _figure(card, size)
        for p, q in combinations(fig.lines, 2):
            if len({(p.x1, p.y1), (p.x2, p.y2), (q.x1, q.y1), (q.x2, q.y2)}) == 4:
                one = LineString([(p.x1, p.y1), (p.x2, p.y2)])
                assert not one.crosses(LineString([(q.x1, q.y1), (q.x2, q.y2)])), card.name


def test_dots_are_big_enough_to_colour_with_a_felt_pen() -> None:
    for card in CARDS:
        dots = [i for i in _figure(card, POKER).items(card) if isinstance(i, Circle)]
        assert len(dots) == card.size
        for dot in dots:
            assert dot.fill == PAPER
            assert 2 * dot.r >= mm(3.5)
            assert 2 * dot.r - dot.stroke.width >= mm(3.2)  # type: ignore[union-attr]


def test_star_numbers_and_names_are_readable_and_numbers_can_be_left_out() -> None:
    for card in CARDS:
        fig = _figure(card, POKER)
        assert [t.text for t in fig.numbers] == [str(n) for n in range(1, card.size + 1)]
        assert min(t.size for t in fig.numbers) >= 6.0
        assert min(t.size for t in fig.names) >= 5.5
        assert {t.color for t in (*fig.numbers, *fig.names)} == {INK}
        bare = _figure(card, POKER, star_numbers=False)
        assert bare.numbers == () and len(bare.names) == len(card.grand)
    graph = regions(_trim(POKER)).graph
    for numbers, count in ((True, 14), (False, 0)):
        items = _front(constellation("Orion"), Lang.FR, POKER, numbers)
        texts = [i for i in items if isinstance(i, Text) and _inside(ink_bounds(i), graph)]
        assert len([t for t in texts if t.text.isdigit()]) == count


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_a_figure_that_is_not_crowded_keeps_its_shape(size: CardSize) -> None:
    """Where no star had to move, the card shows the sky scaled on each axis, the short
    side stretched at most STRETCH times more than the long one; and there are such
    figures on every size."""
    kept = 0
    for card in CARDS:
        fig = _figure(card, size)
        sky = [_xy(s) for s in card.stars]
        (sx, ox), (sy, oy) = (
            _axis([p[k] for p in sky], [c[k] for c in fig.centres]) for k in (0, 1)
        )
        if all(
            math.isclose(ox + sx * x, cx, abs_tol=1e-6)
            and math.isclose(oy + sy * y, cy, abs_tol=1e-6)
            for (x, y), (cx, cy) in zip(sky, fig.centres, strict=True)
        ):
            kept += 1
            assert 1 / STRETCH - 1e-9 <= sx / sy <= STRETCH + 1e-9, card.name
    assert kept >= 6


def test_a_crowded_figure_is_spread_not_shrunk_below_its_sky() -> None:
    """Serpens' head (stars 1–5) is crowded in the sky: on the card it is spread, and
    the figure still spans the graph area's height or width."""
    serpens = constellation("Serpens")
    fig = _figure(serpens, POKER)
    head = [fig.centres[n - 1] for n in (1, 2, 3, 4, 5)]
    assert min(math.dist(p, q) for p, q in combinations(head, 2)) >= 2 * DOT + DOT_GAP
    room = regions(_trim(POKER)).graph
    xs, ys = [x for x, _ in fig.centres], [y for _, y in fig.centres]
    assert max(xs) - min(xs) >= 0.8 * room.w or max(ys) - min(ys) >= 0.8 * room.h


def _point(xy: tuple[float, float]) -> Any:
    from shapely.geometry import Point

    return Point(xy)


def _xy(star: Star) -> tuple[float, float]:
    return (star.x, star.y)


def _axis(sky: list[float], card: list[float]) -> tuple[float, float]:
    """The scale and offset taking the sky's coordinates to the card's on one axis,
    from its two extreme stars."""
    lo, hi = sky.index(min(sky)), sky.index(max(sky))
    if hi == lo:
        return 1.0, card[lo] - sky[lo]
    scale = (card[hi] - card[lo]) / (sky[hi] - sky[lo])
    return scale, card[lo] - scale * sky[lo]
