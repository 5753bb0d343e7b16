"""Looking Astra's constellation cards up: by any of their names, in any case and
spelling, one object with the deck's own card; an unknown name suggests close ones, and
a broken constellation file is reported where it breaks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.astra.constellations import (
    UnknownConstellationError,
    constellation,
    constellations,
    deck_size,
    fold,
    parse_constellations,
)
from pnp.errors import SourceError


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("taureau", "Tau"),
        ("Taurus", "Tau"),
        ("TAU", "Tau"),
        ("Bootes", "Boo"),
        ("Boötes", "Boo"),
        ("bouvier", "Boo"),
        ("grande ourse", "UMa"),
        ("Grande-Ourse", "UMa"),
        ("ursa_major", "UMa"),
        ("  Navire   Argo ", "Arg"),
        ("eridan", "Eri"),
        ("Serpentaire", "Oph"),
        ("serpent", "Ser"),
        ("Poisson Austral", "PsA"),
    ],
)
def test_a_card_is_found_by_any_of_its_names(name: str, key: str) -> None:
    assert constellation(name).key == key


def test_a_card_found_by_name_is_the_decks_own_card() -> None:
    # Cards are made when first asked for; by name or with the deck, it is one object.
    for card in constellations():
        for name in (card.key, card.name, card.name_fr):
            assert constellation(name) is card
    assert deck_size() == len(constellations()) == 48


def test_an_unknown_name_suggests_close_ones() -> None:
    with pytest.raises(UnknownConstellationError, match=r"'Taurs'; did you mean Taurus\?"):
        constellation("Taurs")
    with pytest.raises(UnknownConstellationError, match="did you mean Grande Ourse"):
        constellation("grande ours")
    with pytest.raises(UnknownConstellationError, match="did you mean Argo Navis"):
        constellation("argo")
    with pytest.raises(UnknownConstellationError, match="did you mean Ursa Major or Ursa Minor"):
        constellation("ursa")
    with pytest.raises(UnknownConstellationError, match=r"'Pluto'; `pnp astra constellations`"):
        constellation("Pluto")


@given(st.text(max_size=60))
def test_any_string_is_a_card_or_an_unknown_constellation(name: str) -> None:
    try:
        card = constellation(name)
    except UnknownConstellationError as exc:
        assert str(exc).startswith("unknown constellation ")
    else:
        assert fold(name) in {fold(card.key), fold(card.name), fold(card.name_fr)}


def test_a_broken_file_is_reported_where_it_breaks() -> None:
    with pytest.raises(SourceError, match=r"^x\.json:2:1: "):
        parse_constellations('{"constellations": [\n', "x.json")
    with pytest.raises(SourceError, match=r"^x\.json:1:1: not a constellation file"):
        parse_constellations('{"constellations": [{"key": "Tau"}]}', "x.json")
