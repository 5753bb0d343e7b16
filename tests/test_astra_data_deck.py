"""Astra's 48 constellation cards (data/astra/constellations.json) follow every rule of
shared/spec/astra.md: the deck as a whole (names, abilities, elements, boons), each
card (its figure, positions, Grand and starting stars, fame and boons, labels), and the
cards the spec names."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from pnp.astra.constellations import constellation
from pnp.astra.model import BoonKind, Constellation, Element, StarKind
from tests.astra_data_helpers import ABILITIES, CARDS
from tests.astra_data_helpers import script as _script

BY_NAME = {c.name: c for c in CARDS}

FRENCH = {  # seed 004, "Appendice" (its OCR "Serpente" is Serpentaire: Ophiuchus)
    "Andromeda": "Andromède",
    "Aquarius": "Verseau",
    "Aquila": "Aigle",
    "Ara": "Autel",
    "Argo Navis": "Navire Argo",
    "Aries": "Bélier",
    "Auriga": "Cocher",
    "Boötes": "Bouvier",
    "Cancer": "Cancer",
    "Canis Major": "Grand Chien",
    "Canis Minor": "Petit Chien",
    "Capricornus": "Capricorne",
    "Cassiopeia": "Cassiopée",
    "Centaurus": "Centaure",
    "Cepheus": "Céphée",
    "Cetus": "Baleine",
    "Corona Australis": "Couronne Australe",
    "Corona Borealis": "Couronne Boréale",
    "Corvus": "Corbeau",
    "Crater": "Coupe",
    "Cygnus": "Cygne",
    "Delphinus": "Dauphin",
    "Draco": "Dragon",
    "Equuleus": "Cheval",
    "Eridanus": "Éridan",
    "Gemini": "Gémeaux",
    "Hercules": "Hercule",
    "Hydra": "Hydre",
    "Leo": "Lion",
    "Lepus": "Lièvre",
    "Libra": "Balance",
    "Lupus": "Loup",
    "Lyra": "Lyre",
    "Ophiuchus": "Serpentaire",
    "Orion": "Orion",
    "Pegasus": "Pégase",
    "Perseus": "Persée",
    "Pisces": "Poissons",
    "Piscis Austrinus": "Poisson austral",
    "Sagitta": "Flèche",
    "Sagittarius": "Sagittaire",
    "Scorpius": "Scorpion",
    "Serpens": "Serpent",
    "Taurus": "Taureau",
    "Triangulum": "Triangle",
    "Ursa Major": "Grande Ourse",
    "Ursa Minor": "Petite Ourse",
    "Virgo": "Vierge",
}

ZODIAC = {
    Element.FIRE: {"Aries", "Leo", "Sagittarius"},
    Element.EARTH: {"Taurus", "Virgo", "Capricornus"},
    Element.AIR: {"Gemini", "Libra", "Aquarius"},
    Element.WATER: {"Cancer", "Scorpius", "Pisces"},
}
STAR_TOTAL_TOLERANCE = 3  # stars per element, about 120 each, differ by at most this
BOON_RANGES = {
    BoonKind.STARDUST: range(3, 7),
    BoonKind.OBSERVATION: range(1, 3),
    BoonKind.IMPROVEMENT: range(1, 2),
    BoonKind.WISDOM: range(1, 2),
    BoonKind.ACTIVATION: range(1, 3),
}
MIN_GAP = 0.07  # scripts/astra_figure.py spreads stars at least this far apart


def _connected(c: Constellation) -> bool:
    seen, frontier = {1}, [1]
    while frontier:
        frontier = [n for s in frontier for n in c.neighbours(s) if n not in seen]
        seen.update(frontier)
    return len(seen) == c.size


def _hops(c: Constellation, source: int) -> dict[int, int]:
    hops, frontier = {source: 0}, [source]
    while frontier:
        nxt = []
        for s in frontier:
            for n in c.neighbours(s):
                if n not in hops:
                    hops[n] = hops[s] + 1
                    nxt.append(n)
        frontier = nxt
    return hops


# The cards as a whole.


def test_ptolemys_48_constellations_with_their_french_names() -> None:
    assert len(CARDS) == 48
    assert {c.name: c.name_fr for c in CARDS} == FRENCH
    assert len({c.key for c in CARDS}) == 48
    assert [c.name for c in CARDS] == sorted(c.name for c in CARDS)


def test_every_card_has_its_rulebook_ability() -> None:
    assert {c.name: c.ability for c in CARDS} == {
        name: ident for ident, names in ABILITIES.items() for name in names
    }


def test_twelve_cards_per_element_the_zodiac_fixed_and_stars_balanced() -> None:
    by = {e: [c for c in CARDS if c.element is e] for e in Element}
    assert {e: len(cs) for e, cs in by.items()} == dict.fromkeys(Element, 12)
    for element, names in ZODIAC.items():
        assert {BY_NAME[n].element for n in names} == {element}
    totals = [sum(c.size for c in cs) for cs in by.values()]
    assert max(totals) - min(totals) <= STAR_TOTAL_TOLERANCE, totals


def test_the_solo_modes_needs_three_water_14s_and_two_small_cards_per_other_element() -> None:
    water_14 = [c for c in CARDS if c.element is Element.WATER and c.size == 14]
    assert len(water_14) >= 3
    for element in (Element.FIRE, Element.EARTH, Element.AIR):
        assert sum(c.size <= 7 for c in CARDS if c.element is element) >= 2


def test_the_fame_boon_rises_with_the_star_count() -> None:
    pairs = sorted((c.size, c.boons[0].amount) for c in CARDS)
    assert [fame for _, fame in pairs] == sorted(fame for _, fame in pairs)


def test_the_boon_kinds_are_spread_over_the_cards() -> None:
    kinds = Counter(b.kind for c in CARDS for b in c.boons[1:])
    assert kinds[BoonKind.STARDUST] == 48
    for kind in (BoonKind.OBSERVATION, BoonKind.IMPROVEMENT, BoonKind.WISDOM):
        assert kinds[kind] == 24
    assert kinds[BoonKind.ACTIVATION] == 24


# Each card.


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.key)
def test_a_connected_figure_of_3_to_14_stars_numbered_in_reading_order(
    card: Constellation,
) -> None:
    assert 3 <= card.size <= 14
    assert [s.number for s in card.stars] == list(range(1, card.size + 1))
    assert len({s.hip for s in card.stars}) == card.size
    assert list(card.edges) == sorted(set(card.edges))
    assert all(1 <= a < b <= card.size for a, b in card.edges)
    assert _connected(card)
    heights = [(-s.y, s.x) for s in card.stars]
    assert heights == sorted(heights), "numbered top to bottom, then left to right"


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.key)
def test_positions_fill_the_unit_square_and_stars_stand_apart(card: Constellation) -> None:
    xs, ys = [s.x for s in card.stars], [s.y for s in card.stars]
    assert all(0 <= v <= 1 for v in xs + ys)
    spans = sorted([(max(xs) - min(xs), min(xs) + max(xs)), (max(ys) - min(ys), min(ys) + max(ys))])
    assert spans[1][0] == pytest.approx(1, abs=1e-3)  # the longer side spans 0…1
    assert spans[0][1] == pytest.approx(1, abs=1e-3)  # the shorter one is centred
    for i, a in enumerate(card.stars):
        for b in card.stars[i + 1 :]:
            assert math.dist((a.x, a.y), (b.x, b.y)) >= MIN_GAP - 1e-3, (a.number, b.number)


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.key)
def test_grand_and_starting_stars(card: Constellation) -> None:
    grand = card.grand
    assert len(grand) == (1 if card.size <= 5 else 2 if card.size <= 10 else 3)
    start = card.starting
    assert sum(s.kind is StarKind.STARTING for s in card.stars) == 1
    assert start not in grand
    free_leaves = [
        s.number
        for s in card.stars
        if len(card.neighbours(s.number)) == 1 and s.kind is not StarKind.GRAND
    ]
    brightest = min(card.stars, key=lambda s: s.magnitude).number
    hops = _hops(card, brightest)
    if free_leaves:
        assert start.number in free_leaves
        assert hops[start.number] == max(hops[n] for n in free_leaves)
    else:  # a closed figure, or one whose only leaves are Grand stars
        assert hops[start.number] == max(hops[s.number] for s in card.stars if s not in grand)


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.key)
def test_fame_and_boons(card: Constellation) -> None:
    assert card.fame == (2 if card.size >= 10 else 1)
    assert len(card.boons) == 4
    first, *rest = card.boons
    assert first.kind is BoonKind.FAME
    assert first.amount == 2 + (card.size - 3) // 3
    assert len({b.kind for b in rest}) == 3
    for boon in rest:
        assert boon.amount in BOON_RANGES[boon.kind], boon
    values = _script("derive_astra").BOON_VALUE
    worth = [values[b.kind.value] * b.amount for b in rest]
    assert worth == sorted(worth, reverse=True), "most valuable first"
    assert values["fame"] * first.amount >= worth[0]


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.key)
def test_labels(card: Constellation) -> None:
    for s in card.stars:
        assert s.label and s.label == s.label.strip()


# The cards the spec names.


def test_taurus_is_the_rulebook_example() -> None:
    taurus = constellation("Taurus")
    assert (taurus.element, taurus.size, taurus.fame) == (Element.EARTH, 10, 2)
    assert [(b.kind, b.amount) for b in taurus.boons[:2]] == [
        (BoonKind.FAME, 4),
        (BoonKind.STARDUST, 6),
    ]
    assert {s.label for s in taurus.grand} == {"Aldebaran", "Elnath"}


def test_argo_navis_joins_carina_puppis_and_vela() -> None:
    argo = constellation("Argo Navis")
    assert argo.key == "Arg" and argo.size <= 14
    hips = {s.hip for s in argo.stars}
    assert {30438, 39429, 44816} <= hips  # Canopus (Car), Naos (Pup), Suhail (Vel)


def test_serpens_is_one_figure_of_head_and_tail() -> None:
    serpens = constellation("Serpens")
    hips = {s.hip for s in serpens.stars}
    assert {77070, 92946} <= hips  # Unukalhai in the head, Alya at the tail's end
    assert _connected(serpens)


def test_cetus_has_mira_with_its_v_magnitude() -> None:
    mira = next(s for s in constellation("Cetus").stars if s.hip == 10826)
    assert mira.label == "Mira" and mira.magnitude == 6.47


def test_canis_minor_has_gamma_as_a_third_star() -> None:
    cmi = constellation("Canis Minor")
    assert cmi.size == 3
    gamma = next(s for s in cmi.stars if s.hip == 36284)
    assert gamma.label == "γ CMi"
    assert cmi.neighbours(gamma.number)


def test_close_pairs_snap_to_the_brighter_star() -> None:
    assert 71683 in {s.hip for s in constellation("Centaurus").stars}  # Rigil Kentaurus
    assert 71681 not in {s.hip for s in constellation("Centaurus").stars}  # not Toliman
    delphinus = {s.hip for s in constellation("Delphinus").stars}
    assert 102532 in delphinus and 102531 not in delphinus  # γ² Del, not γ¹
