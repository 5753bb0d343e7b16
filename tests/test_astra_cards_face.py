"""The whole face of Astra's cards: a constellation card's texts each in its own region
and inside the safe zone, its title in its language; the Game End card's text; the
shared back reaching past the trim, its emblem inside the safe zone."""

from __future__ import annotations

from itertools import combinations

import pytest

from pnp.astra.constellations import constellation
from pnp.astra.text import Lang
from pnp.draw.clip import ink_bounds
from pnp.draw.shapes import Poly, Text
from pnp.layouts.astra.card_back import astra_back
from pnp.layouts.astra.constellation_card import INDICATOR, regions
from pnp.layouts.astra.game_end import game_end_front
from pnp.paper.sizes import POKER, SAFE_ZONE, CardSize
from pnp.paper.units import mm
from pnp.render.preflight import ink
from tests.astra_cards_helpers import CARDS, SIZES
from tests.astra_cards_helpers import front as _front
from tests.astra_cards_helpers import inside as _inside
from tests.astra_cards_helpers import trim as _trim


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
def test_everything_but_the_placement_triangle_is_inside_the_safe_zone(
    size: CardSize, lang: Lang
) -> None:
    safe = _trim(size).inset(SAFE_ZONE)
    for card in CARDS:
        *items, indicator = _front(card, lang, size)
        for item in items:
            assert _inside(ink_bounds(item), safe), f"{card.name} ({lang.value}): {item}"
        assert isinstance(indicator, Poly)
        base, height = INDICATOR
        b = ink_bounds(indicator)
        assert (b.x, b.y, b.w, b.h) == pytest.approx((size.width / 2 - base / 2, 0, base, height))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
def test_every_text_lies_in_its_own_region(size: CardSize, lang: Lang) -> None:
    parts = regions(_trim(size))
    boxes = [parts.header, parts.graph, parts.name, parts.ability, parts.boons]
    for a, b in combinations(boxes, 2):
        assert not a.overlaps(b)
    for card in CARDS:
        texts = [i for i in _front(card, lang, size) if isinstance(i, Text)]
        for text in texts:
            assert any(_inside(ink_bounds(text), b) for b in boxes), f"{card.name}: {text.text}"
        body = [t for t in texts if _inside(ink_bounds(t), parts.ability)]
        assert body and min(t.size for t in body) >= 5.5


@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
def test_the_name_is_the_card_title_in_its_language(lang: Lang) -> None:
    taurus = constellation("Taurus")
    texts = {i.text for i in _front(taurus, lang, POKER) if isinstance(i, Text)}
    assert ("TAUREAU" if lang is Lang.FR else "TAURUS") in texts
    assert str(taurus.size) in texts and str(taurus.fame) in texts


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
@pytest.mark.parametrize("lang", list(Lang), ids=lambda lang: lang.value)
def test_the_game_end_card_keeps_its_text_inside_the_safe_zone(size: CardSize, lang: Lang) -> None:
    safe = _trim(size).inset(SAFE_ZONE)
    items = game_end_front(lang)(_trim(size), 0.0)
    texts = [i for i in items if isinstance(i, Text)]
    for item in items:
        assert _inside(ink_bounds(item), safe), item
    for a, b in combinations(texts, 2):
        assert not ink(a).intersects(ink(b))
    assert min(t.size for t in texts) >= 6.5
    assert texts[0].text == ("FIN DE PARTIE" if lang is Lang.FR else "GAME END")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: s.name)
def test_the_back_reaches_past_the_trim_and_its_emblem_stays_in_the_safe_zone(
    size: CardSize,
) -> None:
    trim = _trim(size)
    field, *items = astra_back(trim, mm(3))
    assert ink_bounds(field) == trim.inset(-mm(3))
    emblem = [i for i in items if not (isinstance(i, Poly) and i.stroke is None)]
    assert emblem
    for item in emblem:
        assert _inside(ink_bounds(item), trim.inset(SAFE_ZONE)), item
    for item in items:
        assert _inside(ink_bounds(item), trim.inset(-mm(3)))
