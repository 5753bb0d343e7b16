"""The two-player Dreamer (seed 000 "ADDITIONAL RULES FOR A 2-PLAYER GAME", seed 004
"RÈGLES SUPPLÉMENTAIRES POUR 2 JOUEURS", spec "Two players: the Dreamer"): the Dream
phase after a Rest, the card it marks, how many stars, the two rightmost boons, a card
the dreamer pen completes.

Set-up: Leo is discarded (the marker starts on Fire), then the board, slot by slot. The
2-player spheres are numbered Fire 1, Earth 2, Air 3, Water 4."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.astra.actions import Dream, Observe, parse_action
from pnp.astra.constellations import constellations
from pnp.astra.game import Game
from pnp.astra.model import CLOCKWISE, EMPTY, Element
from pnp.astra.rules import RULES, RuleError
from pnp.astra.setup import setup
from pnp.astra.state import DREAMER, Phase, State, card_id

TWO = ("Robin", "Matthew")
SCORING = ("air+fire", "earth+water", "air+earth")


def game(*first: str, players: tuple[str, ...] = TWO) -> Game:
    rest = [c.name for c in constellations() if c.name not in ("Leo", *first)]
    deck = ["Leo", *first, *rest]
    return Game.start(setup(players, deck=deck, scoring=SCORING[: len(players)]))


def edit(g: Game, change: Callable[[State], None]) -> Game:
    s = g._s.copy()
    change(s)
    return Game(s)


def marked(g: Game, card: str, player: int, *stars: int) -> Game:
    """``player`` (or ``DREAMER``) has marked ``stars`` on ``card``: a position the rules
    reach, set up directly."""

    def change(s: State) -> None:
        slot = s.slot_of(card_id(card))
        for n in stars:
            s.mark(player, slot, 1 << (n - 1))

    return edit(g, change)


def on(g: Game, element: Element) -> Game:
    """The marker on ``element`` before the turn's Rest moves it one sphere clockwise."""

    def change(s: State) -> None:
        s.sphere = CLOCKWISE.index(element)

    return edit(g, change)


def play(g: Game, *steps: str) -> Game:
    for step in steps:
        g = g.apply(parse_action(step))
    return g


def broken(rule: str, g: Game, step: str) -> str:
    with pytest.raises(RuleError) as caught:
        g.apply(parse_action(step))
    assert caught.value.rule == rule
    assert rule in RULES
    return caught.value.message


def test_a_rest_in_a_two_player_game_is_followed_by_the_dream_phase() -> None:
    g = play(game("Taurus", "Aries", "Capricornus"), "rest")
    assert g.phase is Phase.DREAM and g.active == "Robin" and g.turn == 0
    g = play(g, "dream Taurus:10-8")
    assert g.phase is Phase.ABILITY and g.active == "Matthew"
    assert g.dreamer("Taurus") == (8, 10) and g.marks("Taurus") == ((), ())


def test_an_observe_turn_has_no_dream_phase_nor_has_a_three_player_game() -> None:
    g = play(game("Taurus", "Aries", "Capricornus"), "Taurus:10")
    assert g.phase is Phase.ACTION
    assert play(g, "end").active == "Matthew"
    three = play(game("Taurus", "Aries", "Capricornus", "Lyra", players=("A", "B", "C")), "rest")
    assert three.phase is Phase.ABILITY and three.active == "B"


def test_the_dream_step_belongs_to_the_dream_phase() -> None:
    g = game("Taurus", "Aries", "Capricornus")
    assert "dream" in broken("astra.turn.phase", g, "dream Taurus:10-8")
    broken("astra.turn.phase", play(g, "rest"), "Aries:4")


def test_the_active_sphere_is_the_one_the_rest_moved_the_marker_to() -> None:
    # "perform the three steps of your Rest action as usual [the third moves the Sphere
    # marker] … and finally perform the Dream phase. … Check the number on the active Sphere."
    for before, count in ((Element.FIRE, 2), (Element.EARTH, 3), (Element.AIR, 4)):
        g = play(on(game("Taurus", "Aries", "Capricornus"), before), "rest")
        assert g.dream_count == count
        assert max(len(p) for p in g.dream_paths("Taurus")) == count
    g = play(on(game("Taurus", "Aries", "Capricornus"), Element.WATER), "rest")
    assert g.sphere is Element.FIRE and g.dream_count == 1
    assert play(g, "dream Taurus:10").dreamer("Taurus") == (10,)


def test_an_unmarked_card_is_chosen_with_the_most_stars_ties_the_players_choice() -> None:
    # "If there are at least two Constellation cards with no marked stars on them, select
    # the one with the highest number of stars … equal … select whichever one you prefer."
    g = play(game("Taurus", "Aries", "Capricornus"), "rest")
    assert g.dream_cards() == ("Taurus", "Capricornus")
    assert play(g, "dream Capricornus:7-2").dreamer("Capricornus") == (2, 7)
    message = broken("astra.dream.card", g, "dream Aries:4-3")
    assert message == "the dreamer pen marks Taurus or Capricornus, not Aries"


def test_an_unmarked_card_comes_before_a_bigger_marked_one() -> None:
    # "If there is a Constellation card that has no marked star yet, select that one."
    g = marked(game("Taurus", "Aries", "Capricornus"), "Taurus", 1, 10)
    g = play(marked(g, "Capricornus", DREAMER, 7), "rest")
    assert g.dream_cards() == ("Aries",)
    broken("astra.dream.card", g, "dream Taurus:8-7")
    assert play(g, "dream Aries:4-3").dreamer("Aries") == (3, 4)


def test_when_every_card_is_marked_the_one_with_most_stars_is_chosen() -> None:
    # "If all the undiscovered Constellations have at least 1 marked star on them, select
    # the one with the highest number of stars."
    g = marked(game("Taurus", "Aries", "Capricornus"), "Taurus", 1, 10, 8, 7, 6)
    g = marked(marked(g, "Aries", 0, 4), "Capricornus", DREAMER, 7)
    g = play(g, "rest")
    assert g.dream_cards() == ("Taurus", "Capricornus")
    broken("astra.dream.card", g, "dream Aries:3-2")
    g = play(g, "dream Taurus:5-2")  # the Star Marking rules: next to a marked star
    assert g.dreamer("Taurus") == (2, 5) and g.marks("Taurus")[1] == (6, 7, 8, 10)


def test_the_dreamer_follows_the_star_marking_rules() -> None:
    g = play(game("Taurus", "Aries", "Capricornus"), "rest")
    broken("astra.observe.start", g, "dream Taurus:8-7")
    broken("astra.observe.adjacent", g, "dream Taurus:10-7")
    broken("astra.observe.star", g, "dream Taurus:10-11")
    broken("astra.observe.marked", g, "dream Taurus:10-10")


def test_the_dreamer_marks_the_spheres_number_fewer_only_when_the_path_cannot_go_on() -> None:
    g = play(on(game("Taurus", "Aries", "Capricornus"), Element.AIR), "rest")  # Water: 4
    assert "marks 4 stars, not 5" in broken("astra.dream.count", g, "dream Taurus:10-8-7-6-5")
    broken("astra.dream.count", g, "dream Taurus:10-8-7")
    # "You may mark fewer stars … if the Star Marking rules force you to stop marking …
    # You are not required to choose the most efficient path."
    assert play(g, "dream Taurus:10-8-9").dreamer("Taurus") == (8, 9, 10)
    assert (10, 8, 9) in g.dream_paths("Taurus") and (10, 8, 7) not in g.dream_paths("Taurus")
    with pytest.raises(RuleError) as caught:
        g.apply(Dream(Observe("Taurus", ())))
    assert caught.value.rule == "astra.dream.count"


def test_dreamer_marks_give_no_wisdom_and_score_for_nobody() -> None:
    g = game("Taurus", "Aries", "Capricornus")
    before = g.final()
    g = marked(g, "Taurus", DREAMER, 10, 8, 7, 6, 5)  # 5 is a Grand star
    assert g.final() == before
    assert [g.player(n).wisdom for n in TWO] == [0, 0]


def test_the_dream_phase_comes_after_the_rests_discovery_and_refill() -> None:
    g = marked(game("Canis Minor", "Aries", "Capricornus", "Lyra"), "Canis Minor", 0, 1, 2, 3)
    g = play(g, "rest")  # Robin discovers Canis Minor; Lyra refills its slot
    assert g.player("Robin").active == ("Canis Minor",)
    assert g.board[0] == "Lyra" and g.phase is Phase.DREAM
    assert g.dream_cards() == ("Capricornus",)


def test_no_dream_phase_without_an_undiscovered_card() -> None:
    def empty(s: State) -> None:
        s.board = (EMPTY,) * 3

    g = play(edit(game("Taurus", "Aries", "Capricornus"), empty), "rest")
    assert g.phase is Phase.ABILITY and g.active == "Matthew"


def test_a_helper_outmarked_by_the_dreamer_picks_from_the_two_rightmost_boons() -> None:
    # "If the number of stars marked with the dreamer pen is higher than the number of stars
    # marked by the assisting player, cross out the two leftmost Boons on the card."
    g = marked(
        marked(game("Aries", "Taurus", "Capricornus"), "Aries", DREAMER, 4, 3), "Aries", 1, 2
    )
    g = play(g, "Aries:1", "end")
    assert g.due == ("Matthew",) and g.open_boons() == (3, 4)
    message = broken("astra.dream.boons", g, "pick Matthew 2")
    assert message.endswith("pick boon 3 or 4, not 2")
    g = play(g, "pick Matthew 3")
    assert g.player("Robin").active == ("Aries",) and g.player("Matthew").pouch_size == 6


def test_a_helper_with_as_many_marks_as_the_dreamer_picks_any_boon() -> None:
    # "If the number … is lower than or equal to …, the assisting player may choose any."
    g = marked(marked(game("Aries", "Taurus", "Capricornus"), "Aries", DREAMER, 4), "Aries", 1, 3)
    g = play(g, "Aries:2-1", "end")
    assert g.open_boons() == (1, 2, 3, 4)
    assert play(g, "pick Matthew 1").player("Matthew").fame == 2


def test_a_card_the_dreamer_completes_goes_to_nobody_and_is_discarded() -> None:
    # "no player gains the discovered Constellation card … discard the discovered card."
    g = marked(game("Canis Minor", "Aries", "Capricornus", "Lyra"), "Aries", 0, 4)
    g = marked(g, "Capricornus", 1, 7)
    g = play(edit(g, lambda s: setattr(s, "sphere", CLOCKWISE.index(Element.AIR))), "rest")
    g = play(g, "dream Canis-Minor:1-2-3")  # Air: 3 stars
    assert g.board[0] == "Lyra" and g.active == "Matthew" and g.phase is Phase.ABILITY
    assert g.player("Robin").active == () and card_id("Canis Minor") in g._s.discard


def test_helpers_of_a_dream_discovery_pick_boons_the_active_player_too() -> None:
    # "check if there are assisting players who can pick from the card's Boons. If there
    # are, pick Boons as usual (the one with most marks first), then discard the card."
    g = marked(game("Aries", "Canis Minor", "Equuleus", "Lyra"), "Aries", 0, 4, 3)
    g = marked(marked(g, "Aries", 1, 2), "Canis Minor", 1, 1)
    g = marked(g, "Equuleus", 0, 1)
    g = play(on(g, Element.WATER), "rest")  # Fire: 1 star; Lyra discarded over the icon
    g = play(g, "dream Aries:1")
    assert g.phase is Phase.BOONS and g.resolving == "Aries" and g.due == ("Robin",)
    assert g.open_boons() == (1, 2, 3, 4)  # Robin 2 marks, the dreamer 1
    broken("astra.boon.order", g, "pick Matthew 1")
    wisdom = g.player("Matthew").wisdom
    g = play(g, "pick Robin 1", "pick Matthew 2")  # Matthew 1 mark = the dreamer's 1
    assert g.player("Robin").fame == 2 and g.player("Matthew").wisdom == wisdom + 1
    assert g.player("Robin").active == () and g.board[0] == "Andromeda" and g.active == "Matthew"
    assert g._s.discard[-2:] == (card_id("Lyra"), card_id("Aries"))


def test_tied_helpers_outmarked_by_the_dreamer_both_pick_from_the_rightmost_boons() -> None:
    g = marked(
        marked(game("Aries", "Canis Minor", "Equuleus", "Lyra"), "Aries", 0, 4), "Aries", 1, 3
    )
    g = marked(marked(g, "Canis Minor", 1, 1), "Equuleus", 0, 1)
    g = play(g, "rest", "dream Aries:2-1")  # Earth: 2 stars, more than either helper
    assert set(g.due) == {"Robin", "Matthew"} and g.open_boons() == (3, 4)
    broken("astra.dream.boons", g, "pick Matthew 2")
    stardust = g.player("Robin").stardust
    g = play(g, "pick Matthew 4", "pick Robin 4")  # tied helpers may pick the same boon
    assert g.active == "Matthew" and g.player("Robin").stardust == stardust + 3


@given(st.sampled_from(list(Element)), st.integers(0, 2**32 - 1))
def test_every_dream_path_offered_is_legal(element: Element, seed: int) -> None:
    rng = random.Random(seed)
    g = play(on(game("Taurus", "Aries", "Capricornus"), element), "rest")
    card = rng.choice(g.dream_cards())
    path = rng.choice(g.dream_paths(card))
    after = g.apply(Dream(Observe(card, path)))
    assert after.dreamer(card) == tuple(sorted(path))
