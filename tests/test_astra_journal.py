"""The Journal's tracks and the Final Scoring cards: the numbers the scorer and the
engine count with, checked by hand against the rulebook (seed 000) and the spec."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path

import pytest

from pnp.astra import journal as journal_module
from pnp.astra import scoring_cards as scoring_module
from pnp.astra.journal import card_limit, fame_spot, journal, pouch_size
from pnp.astra.model import CLOCKWISE, Element
from pnp.astra.scoring_cards import (
    CardScore,
    marks,
    score_card,
    scoring,
    scoring_card,
    scoring_cards,
)
from pnp.errors import SourceError

FIRE, EARTH, AIR, WATER = Element.FIRE, Element.EARTH, Element.AIR, Element.WATER


# The card limit over the last complete section: 3, 4, 5, 6, 7, 8 after 1, 2, 4, 6, 9
# and 12 spots; 2 before any.
LIMITS = [2, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 8]


@pytest.mark.parametrize("spots", range(13))
def test_card_limit_at_every_spot_count(spots: int) -> None:
    assert card_limit(spots) == LIMITS[spots]


@pytest.mark.parametrize("spots", [13, 14, 20, 1000])
def test_wisdom_past_the_last_spot_is_lost(spots: int) -> None:
    assert card_limit(spots) == 8


def test_the_wisdom_sections_and_the_numbers_over_them() -> None:
    wisdom = journal().wisdom
    assert wisdom.start == 2
    assert wisdom.spots == 12
    assert [(s.first, s.last, s.limit) for s in wisdom.sections] == [
        (1, 1, 3),
        (2, 2, 4),
        (3, 4, 5),
        (5, 6, 6),
        (7, 9, 7),
        (10, 12, 8),
    ]


@pytest.mark.parametrize(("spots", "size"), [(0, 5), (1, 6), (3, 8), (6, 11), (7, 12)])
def test_pouch_size_is_the_number_over_the_last_marked_spot(spots: int, size: int) -> None:
    assert pouch_size(spots) == size


@pytest.mark.parametrize("spots", [8, 9, 50])
def test_pouch_size_gains_past_12_are_ignored(spots: int) -> None:
    assert pouch_size(spots) == 12


def test_the_pouch_track_prints_5_marked_then_6_to_12() -> None:
    pouch = journal().pouch
    assert pouch.start == 5
    assert pouch.numbers == (6, 7, 8, 9, 10, 11, 12)


def test_marking_stops_at_the_end_of_a_track() -> None:
    j = journal()
    assert j.pouch.mark(0, 1) == 1
    assert j.pouch.mark(6, 3) == 7
    assert j.wisdom.mark(10, 1) == 11
    assert j.wisdom.mark(11, 5) == 12


@pytest.mark.parametrize(("fame", "spot"), [(0, 0), (1, 1), (45, 45), (90, 90), (91, 1), (181, 1)])
def test_fame_past_90_goes_on_from_1(fame: int, spot: int) -> None:
    assert fame_spot(fame) == spot


def test_negative_counts_are_refused() -> None:
    j = journal()
    calls: list[Callable[[], int]] = [
        lambda: card_limit(-1),
        lambda: pouch_size(-1),
        lambda: fame_spot(-3),
        lambda: j.wisdom.mark(2, -1),
        lambda: j.pouch.mark(-1, 1),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="negative"):
            call()


def test_the_rulebook_example_scores_28() -> None:
    """Seed 000: an Air+Fire card; 3 Air, 2 Earth, 3 Water → 11 + 2 + 0 + 6 + 6 + 3."""
    score = score_card(frozenset({AIR, FIRE}), {AIR: 3, EARTH: 2, WATER: 3})
    rows = dict(zip(scoring().rows, score.rows, strict=True))
    assert rows == {AIR: 11, EARTH: 2, FIRE: 0, WATER: 6}
    assert score.columns == (6, 3, 0, 0)
    assert score.total == 28


@pytest.mark.parametrize(
    ("pair", "counts", "expected"),
    [
        # nothing collected: two lone pre-marks score nothing, 2 marks in a column neither
        ((FIRE, EARTH), {}, CardScore((0, 0, 0, 0), (0, 0, 0, 0), 0)),
        # one of each: Fire and Water rows 2 marks (2 each), the first column full (6)
        (
            (FIRE, WATER),
            {FIRE: 1, EARTH: 1, AIR: 1, WATER: 1},
            CardScore((2, 0, 0, 2), (6, 0, 0, 0), 10),
        ),
        # Earth 3 marks (6); the first column has Earth, Air and Water (3)
        ((EARTH, WATER), {EARTH: 2, AIR: 1}, CardScore((0, 6, 0, 0), (3, 0, 0, 0), 9)),
        # marks past the fourth are lost
        ((FIRE, AIR), {FIRE: 10}, CardScore((11, 0, 0, 0), (0, 0, 0, 0), 11)),
        # every row full: 4 × 11 + 4 × 6
        (
            (EARTH, AIR),
            dict.fromkeys(Element, 4),
            CardScore((11, 11, 11, 11), (6, 6, 6, 6), 68),
        ),
        # three rows of 3: columns 1-3 hold 3 marks each
        ((FIRE, EARTH), {FIRE: 2, EARTH: 2, AIR: 3}, CardScore((6, 6, 6, 0), (3, 3, 3, 0), 27)),
    ],
)
def test_hand_checked_cards(
    pair: tuple[Element, Element], counts: dict[Element, int], expected: CardScore
) -> None:
    assert scoring().rows == CLOCKWISE
    assert score_card(frozenset(pair), counts) == expected


def test_row_and_column_points() -> None:
    s = scoring()
    assert s.row_points[1:] == (0, 2, 6, 11)  # by 1, 2, 3, 4 marks
    assert s.column_points[3:] == (3, 6)
    assert s.spots == 4


def test_six_cards_one_per_pair_of_different_elements() -> None:
    cards = scoring_cards()
    assert {c.pair for c in cards} == {frozenset(p) for p in combinations(Element, 2)}
    assert len(cards) == 6
    for card in cards:
        assert marks(card.pair, {}) == tuple(int(e in card.pair) for e in CLOCKWISE)


def test_cards_are_named_by_their_elements_in_either_order() -> None:
    assert scoring_card("Fire+Air") == scoring_card("air + fire")
    assert scoring_card("fire+air").key == "air+fire"
    for bad in ("fire+fire", "air", "air+mud", "air+fire+water"):
        with pytest.raises(ValueError, match="no Final Scoring card"):
            scoring_card(bad)


def test_scoring_refuses_a_card_that_does_not_exist_and_negative_counts() -> None:
    with pytest.raises(ValueError, match="no Final Scoring card"):
        score_card(frozenset({FIRE}), {})
    with pytest.raises(ValueError, match="negative"):
        score_card(frozenset({FIRE, AIR}), {WATER: -1})


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty data folder in place of the shipped one, and cold caches."""
    (tmp_path / "astra").mkdir()
    monkeypatch.setattr(journal_module, "data_file", lambda *parts: str(tmp_path.joinpath(*parts)))
    journal_module.journal.cache_clear()
    scoring_module.scoring.cache_clear()
    yield tmp_path / "astra"
    journal_module.journal.cache_clear()
    scoring_module.scoring.cache_clear()


@pytest.mark.parametrize(
    "text",
    [
        "[fame]\nspots = 90\n",
        "[fame]\nspots = 90\n[pouch]\nstart = 5\nlast = 12\n"
        "[wisdom]\nstart = 2\nspots = 12\nends = [1, 2, 4]\nlimits = [3, 4, 5]\n",
        "[fame]\nspots = 90\n[pouch]\nstart = 5\nlast = 12\n"
        "[wisdom]\nstart = 2\nspots = 4\nends = [1, 2, 4]\nlimits = [3, 5, 4]\n",
        "[fame\n",
    ],
)
def test_a_broken_journal_file_is_reported(data: Path, text: str) -> None:
    (data / "journal.toml").write_text(text, encoding="utf-8")
    with pytest.raises(SourceError, match=r"journal\.toml"):
        journal()


@pytest.mark.parametrize(
    "text",
    [
        'rows = ["fire", "earth", "air"]\nrow_points = [0, 0, 2, 6, 11]\n'
        'column_points = [0, 0, 0, 3]\ncards = [["fire", "air"]]\n',
        'rows = ["fire", "earth", "air", "water"]\nrow_points = [0, 0, 2, 6, 11]\n'
        'column_points = [0, 0, 0, 3, 6]\ncards = [["fire", "fire"]]\n',
        'rows = ["fire", "earth", "air", "mud"]\n',
    ],
)
def test_a_broken_scoring_file_is_reported(data: Path, text: str) -> None:
    (data / "scoring_cards.toml").write_text(text, encoding="utf-8")
    with pytest.raises(SourceError, match=r"scoring_cards\.toml"):
        scoring()
