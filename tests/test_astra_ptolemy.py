"""Solo Astra against Ptolemy: scenarios from seed 004's "Règles du mode solo"."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.astra.constellations import constellation, constellations
from pnp.astra.model import EMPTY, Element
from pnp.astra.ptolemy import (
    Marking,
    library,
    marking,
    path,
    pick,
    reshuffle,
    rest,
    rests,
    roll,
    runs_out,
    stars_to_mark,
    target,
    upkeep,
    visible,
)
from pnp.astra.ptolemy_state import Library, Source
from pnp.astra.scoring_cards import scoring_card
from pnp.astra.solo import (
    SOLO_RULES,
    BoonPick,
    Difficulty,
    SoloError,
    format_difficulty,
    parse_difficulty,
    ptolemy_boon,
    ptolemy_final,
    solo_setup,
    telescopes_when_you_discover,
    you_win,
    your_boons,
)
from pnp.astra.state import card_id, cards, reach

NONE: frozenset[Difficulty] = frozenset()


def ids(*names: str) -> list[int]:
    return [card_id(n) for n in names]


def stars(*numbers: int) -> int:
    return sum(1 << (n - 1) for n in numbers)


def mark(name: str, marked: int, x: int, telescopes: int = 0) -> Marking:
    return marking(card_id(name), marked, x, telescopes, random.Random(0))


# Set-up


def test_setup_splits_the_48_cards_and_gives_ptolemy_12_fame_and_5_stardust() -> None:
    s = solo_setup(1)
    assert len(s.deck) == 20
    assert sorted(s.deck + s.library + s.removed) == list(range(48))
    info = constellations()
    assert sorted(info[c].element.value for c in s.removed) == ["air", "earth", "fire"]
    assert all(info[c].size <= 7 for c in s.removed)
    assert len(s.library) == 25
    assert (s.fame, s.stardust, s.your_stardust, s.his_scoring) == (12, 5, 8, None)
    assert solo_setup(1) == s
    assert solo_setup(2) != s


def test_setup_removes_no_card_of_an_element_with_no_small_card_left() -> None:
    # Set-up 5 removes "au hasard une carte de chaque élément": seed 0's 28 cards hold
    # no Earth card of 7 stars or fewer, so only a Fire and an Air card go.
    s = solo_setup(0)
    info = constellations()
    assert sorted(info[c].element.value for c in s.removed) == ["air", "fire"]
    assert len(s.library) == 26


# His action, library and die


def test_he_rests_with_no_stardust_and_gains_5_moving_the_marker_clockwise() -> None:
    assert rests(0) and not rests(1)
    after = rest(0, 0, NONE)
    assert (after.stardust, after.sphere, after.discard_top) == (5, 1, False)
    # Water → Fire passes the discard icon: the deck's top card is discarded.
    assert rest(0, 3, NONE).discard_top and rest(0, 3, NONE).sphere == 0


def test_the_die_takes_left_on_1_2_right_on_3_4_the_top_of_his_pile_on_5_6() -> None:
    lib = library(ids("Leo", "Taurus", "Cetus", "Orion"))
    assert [pick(lib, d)[1] for d in range(1, 7)] == ids(
        "Leo", "Leo", "Taurus", "Taurus", "Cetus", "Cetus"
    )
    assert pick(lib, 5)[0] is Source.TOP
    for die in (0, 7):
        with pytest.raises(SoloError, match=r"1 to 6.*astra\.ptolemy\.die"):
            pick(lib, die)


def test_the_library_cards_leftmost_boon_is_how_many_stars_he_marks() -> None:
    assert stars_to_mark(card_id("Taurus")) == 4
    assert stars_to_mark(card_id("Aries")) == 2
    assert stars_to_mark(card_id("Cetus")) == 5


def test_upkeep_discards_the_card_and_1_stardust_and_refills_the_face_up_slot() -> None:
    leo, taurus, cetus, orion = ids("Leo", "Taurus", "Cetus", "Orion")
    lib = library([leo, taurus, cetus, orion])
    assert upkeep(lib, Source.LEFT, 3) == (Library(cetus, taurus, (orion,), (leo,)), 2)
    assert upkeep(lib, Source.RIGHT, 1) == (Library(leo, cetus, (orion,), (taurus,)), 0)
    assert upkeep(lib, Source.TOP, 3) == (Library(leo, taurus, (orion,), (cetus,)), 2)


def test_he_makes_you_lose_when_his_pile_is_empty_as_he_observes() -> None:
    lib = library(ids("Leo", "Taurus", "Cetus"))
    assert not runs_out(lib, NONE)
    lib, _ = upkeep(lib, Source.RIGHT, 3)
    assert lib.pile == () and runs_out(lib, NONE)
    with pytest.raises(SoloError, match=r"no top card.*astra\.ptolemy\.library"):
        pick(lib, 6)
    assert not you_win(80, 40, library_ran_out=True)


def test_the_die_is_rolled_again_while_it_points_at_no_card() -> None:
    # Once the Game End card has shown he plays on with an empty pile (seed 004, "Fin de
    # la partie"): 5-6, the top of his pile, is rolled again; a full library, never.
    full = library(ids("Leo", "Taurus", "Cetus"))
    assert [roll(full, random.Random(n)) for n in range(50)] == [
        random.Random(n).randint(1, 6) for n in range(50)
    ]
    empty, _ = upkeep(full, Source.TOP, 3)
    assert empty.pile == ()
    rolled = {roll(empty, random.Random(n)) for n in range(50)}
    assert rolled == {1, 2, 3, 4}
    used, _ = upkeep(empty, Source.LEFT, 3)
    assert {roll(used, random.Random(n)) for n in range(50)} == {3, 4}


# His priority and the card he marks


BOARD = ids("Orion", "Taurus", "Cetus")  # slots 0 (by Fire and Water), 1 (Earth), 2 (Air)


@pytest.mark.parametrize(
    ("element", "slot"), [(Element.FIRE, 0), (Element.EARTH, 1), (Element.AIR, 2)]
)
def test_earth_fire_air_mark_the_card_closest_to_that_sphere(element: Element, slot: int) -> None:
    assert target(BOARD, [0, 0, 0], element, random.Random(0)) == slot


def test_the_closest_card_ignores_discovered_cards() -> None:
    full = cards()[BOARD[0]].full
    assert target(BOARD, [full, 0, 0], Element.FIRE, random.Random(0)) == 1


def test_water_marks_the_card_with_the_fewest_unmarked_stars_ties_at_random() -> None:
    board = ids("Orion", "Aries", "Cetus")
    assert target(board, [0, 0, 0], Element.WATER, random.Random(0)) == 1
    board = ids("Orion", "Taurus", "Cetus")  # Orion and Cetus: 14 stars each
    marked = [0, stars(10, 8, 9, 7, 6), 0]  # Taurus: 5 left of 10
    full = cards()[board[1]].full  # Taurus discovered: Orion and Cetus tie
    assert target(board, marked, Element.WATER, random.Random(0)) == 1
    picks = {target(board, [0, full, 0], Element.WATER, random.Random(s)) for s in range(20)}
    assert picks == {0, 2}
    assert target([EMPTY, EMPTY, EMPTY], [0, 0, 0], Element.WATER, random.Random(0)) == EMPTY


def test_the_rulebook_example_die_4_a_fire_card_marks_the_card_closest_to_fire() -> None:
    # "vous avez obtenu 4 … L'élément de cette carte est le Feu … la Baleine" (Cetus).
    lib = library(ids("Taurus", "Leo", "Orion"))
    source, card = pick(lib, 4)
    assert (source, constellations()[card].element) == (Source.RIGHT, Element.FIRE)
    board = ids("Cetus", "Taurus", "Gemini")
    assert target(board, [0, 0, 0], Element.FIRE, random.Random(0)) == 0


# His path


def test_an_unmarked_card_starts_at_its_starting_star_towards_the_nearest_grand_star() -> None:
    # Argo Navis: Starting star 8; Grand star 11 is 3 hops away through 4 and 6, 4 hops
    # through 9; he heads for it even though 2 or 3 stars cannot reach it.
    assert mark("Argo Navis", 0, 2) == Marking(((8, 4),), 0)
    assert mark("Argo Navis", 0, 3) == Marking(((8, 4, 6),), 0)
    assert mark("Taurus", 0, 4) == Marking(((10, 8, 7, 6),), 0)


def test_a_marked_card_starts_at_the_unmarked_star_nearest_the_starting_star() -> None:
    # Taurus 10-8-7 marked: 9 (2 hops from 10) comes before 6 (3 hops), though 9 is a
    # dead end and 6 leads to Grand star 5.
    assert mark("Taurus", stars(10, 8, 7), 4) == Marking(((9,),), 0)
    assert mark("Taurus", stars(10, 8, 7, 9), 4) == Marking(((6, 5, 2),), 0)


def test_grand_stars_come_first_even_with_fewer_stars() -> None:
    # Aquarius from 12: 12-9-14 ends on Grand star 14; 12-9-6-3 would mark 4 Commons.
    assert mark("Aquarius", 0, 4) == Marking(((12, 9, 14),), 0)


def test_towards_the_nearest_grand_star_breaks_a_tie_of_grand_stars() -> None:
    # Capricornus from 7: Grand star 2 is 1 hop away, Grand star 3 four; both 5-star
    # paths mark one Grand star, and he takes the one through the nearest.
    assert mark("Capricornus", 0, 5) == Marking(((7, 2, 1, 6, 4),), 0)


def test_then_the_longest_path_then_at_random() -> None:
    # Auriga 6-4 marked, 2 stars: 2 then 1, 3 or 5 — all the same length, no Grand star.
    picks = {marking(card_id("Auriga"), stars(6, 4), 2, 0, random.Random(s)) for s in range(30)}
    assert picks == {Marking(((2, n),), 0) for n in (1, 3, 5)}
    # Taurus 10-8-7-9 marked, 5 stars: 6-5-2 (3 stars, a Grand star) beats 6-4-3-1 too,
    # and with X = 2 he takes 6-5, the Grand star, over 6-4.
    assert mark("Taurus", stars(10, 8, 7, 9), 2) == Marking(((6, 5),), 0)


def test_telescopes_only_to_finish_a_discovery() -> None:
    # Cancer 1-2-3 marked: 4 and 5 are leaves of 3, two Observes.
    left = stars(1, 2, 3)
    assert mark("Cancer", left, 2, telescopes=0) == Marking(((5,),), 0)
    assert mark("Cancer", left, 2, telescopes=1) == Marking(((4,), (5,)), 1)
    assert mark("Cancer", left, 2, telescopes=3) == Marking(((4,), (5,)), 1)
    # Cygnus 1-2-4-5 marked: 5 stars left need 3 Observes; 1 Telescope is not enough.
    cygnus = stars(1, 2, 4, 5)
    assert mark("Cygnus", cygnus, 5, telescopes=1).telescopes == 0
    finish = mark("Cygnus", cygnus, 5, telescopes=2)
    assert finish.telescopes == 2 and sorted(sum(finish.observes, ())) == [3, 6, 7, 8, 9]
    # Too few stars to finish: no Telescope spent.
    assert mark("Cancer", stars(1, 2), 2, telescopes=5).telescopes == 0


def test_his_dreamer_pen_follows_the_same_priorities_without_telescopes() -> None:
    cancer = card_id("Cancer")
    assert path(cancer, stars(1, 2, 3), 2, random.Random(0)) == (5,)
    assert path(cancer, cards()[cancer].full, 2, random.Random(0)) == ()


@st.composite
def marked_cards(draw: st.DrawFn) -> tuple[int, int, int, int, int]:
    card = draw(st.integers(0, 47))
    info = cards()[card]
    marked = 0
    for _ in range(draw(st.integers(0, info.card.size))):
        first = info.starting if not marked else reach(info, marked) & ~marked
        if not first:
            break
        bits = [i for i in range(info.card.size) if first >> i & 1]
        marked |= 1 << draw(st.sampled_from(bits))
    return card, marked, draw(st.integers(2, 5)), draw(st.integers(0, 3)), draw(st.integers())


@given(marked_cards())
def test_his_marking_follows_the_marking_rules(case: tuple[int, int, int, int, int]) -> None:
    card, marked, x, telescopes, seed = case
    info = cards()[card]
    out = marking(card, marked, x, telescopes, random.Random(seed))
    assert out.telescopes == len(out.observes) - 1 <= telescopes or out.observes == ()
    assert sum(len(o) for o in out.observes) <= x
    for observe in out.observes:
        first = info.starting if not marked else reach(info, marked) & ~marked
        assert first >> (observe[0] - 1) & 1
        for a, b in itertools.pairwise(observe):
            assert b in info.card.neighbours(a)
        for n in observe:
            assert not marked >> (n - 1) & 1
            marked |= 1 << (n - 1)
    if out.telescopes:
        assert marked == info.full


# Boons


def test_he_picks_the_best_fame_boon_and_a_telescope_with_2_or_3_fame() -> None:
    taurus, aries = constellation("Taurus"), constellation("Aries")
    assert ptolemy_boon(taurus, (1, 2, 3, 4), NONE) == BoonPick(1, 4, 0)
    assert ptolemy_boon(aries, (1, 2, 3, 4), NONE) == BoonPick(1, 2, 1)
    assert ptolemy_boon(constellation("Aquila"), (1, 2, 3, 4), NONE) == BoonPick(1, 3, 1)
    # Only the leftmost boon gives Fame: with it crossed out he takes nothing.
    assert ptolemy_boon(taurus, (2, 3, 4), NONE) == BoonPick(0, 0, 0)


def test_your_pick_from_his_discovery_needs_a_star_and_as_many_as_the_dreamer() -> None:
    taurus = constellation("Taurus")
    assert your_boons(taurus, 0, 0) == ()
    assert your_boons(taurus, stars(1), stars(2, 3)) == (3, 4)
    assert your_boons(taurus, stars(1, 4), stars(2, 3)) == (1, 2, 3, 4)


# Final scoring and who wins


def test_his_final_scoring_counts_cards_stars_telescopes_elements_and_sets() -> None:
    owned = ids("Leo", "Aries", "Taurus", "Gemini", "Cancer", "Orion")  # 3 fire, 1 each
    score = ptolemy_final(12, owned, stars=7, telescopes=2)
    assert score.cards == 1 + 1 + 2 + 2 + 1 + 2
    assert (score.stars, score.telescopes) == (3, 4)
    assert score.elements == 7 + 2 + 2 + 2
    assert score.sets == 8
    assert score.total == 12 + 9 + 3 + 4 + 13 + 8
    two_sets = ptolemy_final(
        0, ids("Leo", "Aries", "Taurus", "Virgo", "Gemini", "Libra", "Cancer", "Pisces"), 0, 0
    )
    assert (two_sets.elements, two_sets.sets) == (4 * 3, 17)
    many = ptolemy_final(0, ids("Leo", "Aries", "Orion", "Draco", "Hercules"), 0, 0)
    assert (many.elements, many.sets) == (13, 0)


def test_you_win_only_with_strictly_more_fame() -> None:
    assert you_win(61, 60, library_ran_out=False)
    assert not you_win(60, 60, library_ran_out=False)
    assert not you_win(59, 60, library_ran_out=False)


# Difficulty modifiers


def test_difficulty_names_parse_and_format() -> None:
    assert parse_difficulty("") == NONE
    both = parse_difficulty("Hard-Fame-20, easy-reshuffle")
    assert both == {Difficulty.HARD_FAME_20, Difficulty.EASY_RESHUFFLE}
    assert format_difficulty(both) == "easy-reshuffle,hard-fame-20"
    with pytest.raises(SoloError, match="expected some of easy-water-14"):
        parse_difficulty("easy")
    with pytest.raises(SoloError, match="once"):
        parse_difficulty("hard-fame-20,hard-fame-20")
    with pytest.raises(SoloError, match="both set"):
        parse_difficulty("easy-fame-0,hard-fame-20")
    assert "plus difficile 6" in Difficulty.HARD_FEWER_SMALL.source
    assert "plus facile 1" in Difficulty.EASY_WATER_14.source


@given(st.text())
def test_any_difficulty_text_parses_or_names_the_problem(text: str) -> None:
    try:
        chosen = parse_difficulty(text)
    except SoloError as exc:
        assert exc.rule == "astra.solo.difficulty"
    else:
        assert parse_difficulty(format_difficulty(chosen)) == chosen


def test_easy_water_14_removes_three_14_star_water_cards_instead() -> None:
    s = solo_setup(1, frozenset({Difficulty.EASY_WATER_14}))
    info = constellations()
    assert [(info[c].element, info[c].size) for c in s.removed] == [(Element.WATER, 14)] * 3
    assert len(s.library) == 25


def test_easy_fame_0_and_hard_fame_20_set_his_starting_fame() -> None:
    assert solo_setup(1, frozenset({Difficulty.EASY_FAME_0})).fame == 0
    assert solo_setup(1, frozenset({Difficulty.HARD_FAME_20})).fame == 20


def test_easy_no_telescopes_he_never_collects_one() -> None:
    easy = frozenset({Difficulty.EASY_NO_TELESCOPES})
    assert ptolemy_boon(constellation("Aries"), (1, 2, 3, 4), easy) == BoonPick(1, 2, 0)
    assert telescopes_when_you_discover(easy | {Difficulty.HARD_TELESCOPES}) == 0


def test_easy_top_open_shows_the_top_of_his_pile() -> None:
    lib = library(ids("Leo", "Taurus", "Cetus"))
    assert visible(lib, NONE) == (*ids("Leo", "Taurus"), EMPTY)
    assert visible(lib, frozenset({Difficulty.EASY_TOP_OPEN})) == tuple(
        ids("Leo", "Taurus", "Cetus")
    )


def test_easy_reshuffle_turns_his_discard_into_a_new_pile() -> None:
    easy = frozenset({Difficulty.EASY_RESHUFFLE})
    lib, _ = upkeep(library(ids("Leo", "Taurus", "Cetus")), Source.LEFT, 3)
    lib, _ = upkeep(lib, Source.LEFT, 2)  # Cetus used: the left slot stays empty
    assert lib.left == EMPTY and runs_out(lib, NONE) and not runs_out(lib, easy)
    new = reshuffle(lib, random.Random(0))
    assert new.discard == () and new.left in ids("Leo", "Cetus") and new.right == card_id("Taurus")
    assert len(new.pile) == 1


def test_easy_stardust_10_gives_you_10_stardust() -> None:
    assert solo_setup(1, frozenset({Difficulty.EASY_STARDUST_10})).your_stardust == 10


def test_hard_telescopes_gives_him_one_when_you_discover() -> None:
    assert telescopes_when_you_discover(NONE) == 0
    assert telescopes_when_you_discover(frozenset({Difficulty.HARD_TELESCOPES})) == 1


def test_hard_scoring_gives_him_a_final_scoring_card_whose_elements_count() -> None:
    s = solo_setup(1, frozenset({Difficulty.HARD_SCORING}))
    assert s.his_scoring is not None and s.his_scoring != s.scoring
    plain = ptolemy_final(0, ids("Leo"), 0, 0)
    pair = scoring_card("air+fire").key
    scored = ptolemy_final(0, ids("Leo"), 0, 0, pair)
    assert (plain.elements, scored.elements) == (2, 3 + 2)


def test_hard_stardust_6_starts_him_with_6_and_rests_for_6() -> None:
    hard = frozenset({Difficulty.HARD_STARDUST_6})
    assert solo_setup(1, hard).stardust == 6
    assert rest(0, 0, hard).stardust == 6


def test_hard_right_hidden_hides_the_right_card_but_not_from_the_die() -> None:
    hard = frozenset({Difficulty.HARD_RIGHT_HIDDEN})
    lib = library(ids("Leo", "Taurus", "Cetus"))
    assert visible(lib, hard) == (card_id("Leo"), EMPTY, EMPTY)
    assert pick(lib, 3) == (Source.RIGHT, card_id("Taurus"))


def test_hard_fewer_small_removes_one_more_small_card_per_element() -> None:
    s = solo_setup(2, frozenset({Difficulty.HARD_FEWER_SMALL}))
    info = constellations()
    assert sorted(info[c].element.value for c in s.removed) == sorted(["air", "earth", "fire"] * 2)
    assert len(s.library) == 22
    # Seed 0's 28 cards hold 4 small Air cards, 1 Fire and no Earth: 2 + 1 + 0 go.
    assert len(solo_setup(0, frozenset({Difficulty.HARD_FEWER_SMALL})).removed) == 3


def test_solo_rule_ids_are_astra_ids_and_errors_name_them() -> None:
    assert all(rule.startswith(("astra.solo.", "astra.ptolemy.")) for rule in SOLO_RULES)
    with pytest.raises(SoloError) as caught:
        parse_difficulty("nightmare")
    assert caught.value.rule in SOLO_RULES
