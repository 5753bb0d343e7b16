"""Each of the 18 ability effects, on the board of ``tests.test_astra_engine.game()``:
Taurus (10 Starting, 1 and 5 Grand), Aries (4-3-2-1: 4 Starting, 2 Grand), Canis Minor
(1-2-3: 1 Starting, 3 Grand), Equuleus (1-2-3: 1 Starting, 3 Grand); the marker on Fire."""

from __future__ import annotations

from pnp.astra.abilities import Timing, abilities
from pnp.astra.constellations import constellation
from pnp.astra.effects import effects
from pnp.astra.game import Game
from pnp.astra.model import StarKind
from tests.test_astra_engine import broken, edit, game, own, play


def robin_owns(*cards: str) -> Game:
    return own(game(), 0, *cards)


def test_every_ability_has_an_effect_with_its_timing() -> None:
    assert {a.id for a in abilities()} == set(effects())
    assert len({e.name for e in effects().values()}) == 16  # the Stardust gifts share one
    assert len(effects()) == 18
    for a in abilities():
        assert effects()[a.id].timing is a.timing


def test_stardust_gifts_exceed_the_pouch_and_exhaust_the_card() -> None:
    for card, amount in (("Aquila", 4), ("Aries", 3), ("Equuleus", 2)):
        g = play(robin_owns(card), f"use {card}")
        assert g.player("Robin").stardust == 8 + amount
        assert g.player("Robin").exhausted == (card,)
        broken("astra.ability.exhausted", g, f"use {card}")
        broken("astra.ability.targets", robin_owns(card), f"use {card} 2")
    broken("astra.ability.owned", game(), "use Leo")


def test_buy_telescopes_at_three_stardust_each() -> None:
    g = play(robin_owns("Ara"), "use Ara 2")
    assert (g.player("Robin").stardust, g.player("Robin").telescopes) == (2, 2)
    broken("astra.ability.buy", robin_owns("Ara"), "use Ara 3")
    broken("astra.ability.targets", robin_owns("Ara"), "use Ara")


def test_gain_a_telescope_a_wisdom_a_pouch_size() -> None:
    g = play(robin_owns("Cepheus", "Canis Minor", "Crater"), "use Cepheus", "use Canis-Minor")
    g = play(g, "use Crater")
    robin = g.player("Robin")
    assert (robin.telescopes, robin.wisdom, robin.card_limit, robin.pouch_size) == (1, 1, 3, 6)
    g = edit(g, lambda s: setattr(s.players[0], "pouch", 7))
    g = play(own(g, 0, "Gemini"), "use Gemini")
    assert g.player("Robin").pouch_size == 12  # gains past 12 are ignored


def test_mark_any_star_ignores_the_marking_rules_and_may_complete_a_card() -> None:
    g = play(robin_owns("Centaurus"), "use Centaurus Taurus:5")
    assert g.marks("Taurus")[0] == (5,) and g.player("Robin").wisdom == 1  # Aldebaran
    g = play(game(), "rest", "Canis-Minor:1-2", "end", "rest")
    g = play(own(g, 0, "Cetus"), "use Cetus Canis-Minor:3", "rest")
    # The active player discovers a card completed in the Ability phase.
    assert g.resolving == "Canis Minor" and g.due == ("Matthew",)
    g = play(g, "pick Matthew 1")
    assert g.player("Robin").active == ("Canis Minor",)
    broken("astra.ability.targets", robin_owns("Serpens"), "use Serpens Taurus:1-3")


def test_mark_a_star_and_its_neighbours_then_skip_the_action_phase() -> None:
    g = play(robin_owns("Andromeda"), "use Andromeda Taurus:8")
    assert g.marks("Taurus")[0] == (7, 8, 9, 10) and g.action_skipped
    broken("astra.action.skipped", g, "Taurus:6")
    broken("astra.action.skipped", g, "rest")
    g = play(g, "end")
    assert g.active == "Matthew" and g.player("Robin").stardust == 8


def test_mark_one_star_on_each_of_three_cards_following_the_rules() -> None:
    g = play(robin_owns("Draco"), "use Draco Taurus:10 Aries:4 Equuleus:1")
    assert [g.marks(c)[0] for c in ("Taurus", "Aries", "Equuleus")] == [(10,), (4,), (1,)]
    assert g.player("Robin").stardust == 8
    broken("astra.observe.start", robin_owns("Lepus"), "use Lepus Taurus:8 Aries:4 Equuleus:1")
    broken("astra.ability.targets", robin_owns("Lepus"), "use Lepus Taurus:10 Aries:4")
    broken("astra.ability.targets", robin_owns("Lepus"), "use Lepus Taurus:10 Taurus:8 Aries:4")


def test_mark_two_stars_on_one_card_or_one_on_each_of_two() -> None:
    g = play(robin_owns("Hercules"), "use Hercules Taurus:10-8")
    assert g.marks("Taurus")[0] == (8, 10)
    g = play(robin_owns("Pisces"), "use Pisces Taurus:10 Aries:4")
    assert g.marks("Aries")[0] == (4,)
    broken("astra.ability.targets", robin_owns("Pisces"), "use Pisces Taurus:10-8-7")
    broken("astra.ability.targets", robin_owns("Pisces"), "use Pisces Taurus:10 Taurus:8")
    broken("astra.observe.adjacent", robin_owns("Pisces"), "use Pisces Taurus:10-7")


def test_any_common_star_may_start_each_observe_this_turn() -> None:
    broken("astra.observe.start", game(), "Taurus:7")
    g = play(robin_owns("Boötes"), "use Bootes")
    broken("astra.observe.start", g, "Taurus:5")  # a Grand star is no Common star
    g = edit(play(g, "Taurus:7-6"), lambda s: setattr(s.players[0], "telescopes", 1))
    g = play(g, "Aries:3")
    assert g.marks("Aries")[0] == (3,)


def test_bots_see_the_common_starts_an_ability_allows() -> None:
    taurus = constellation("Taurus")
    commons = {s.number for s in taurus.stars if s.kind is StarKind.COMMON}
    assert game().first_stars("Taurus", observe=True) == (taurus.starting.number,)
    g = play(robin_owns("Boötes"), "use Bootes")
    assert set(g.first_stars("Taurus", observe=True)) == commons | {taurus.starting.number}
    assert g.first_stars("Taurus") == (taurus.starting.number,)  # marking abilities: the rules


def test_fame_per_grand_star_marked_this_turn_however_marked() -> None:
    g = play(robin_owns("Orion", "Cetus"), "use Cetus Taurus:1", "use Orion")
    g = play(g, "Aries:4-3-2", "end")
    assert g.player("Robin").fame == 2
    g = play(robin_owns("Orion", "Cancer"), "use Orion", "use Cancer", "Aries:4-3-2", "end")
    assert g.player("Robin").fame == 2  # each card counts


def test_fame_per_undiscovered_card_with_your_stars() -> None:
    g = edit(own(game(), 1, "Lyra"), lambda s: setattr(s.players[1], "telescopes", 2))
    g = play(g, "rest", "Taurus:10", "Aries:4", "Canis-Minor:1-2-3", "end")
    assert "Canis Minor" in g.player("Matthew").active  # discovered: no longer counts
    g = play(g, "Equuleus:1", "end", "rest", "use Lyra", "rest")
    assert g.player("Matthew").fame == 2


def test_fame_per_owned_card_of_the_active_spheres_element() -> None:
    g = own(game(), 0, "Libra", "Leo", "Aries", "Taurus", exhausted=("Aries",))
    g = play(g, "use Libra")
    assert g.player("Robin").fame == 2  # Leo and Aries are Fire; Libra is Air


def test_rest_gains_the_pouch_size_instead_of_refilling() -> None:
    g = play(robin_owns("Cygnus"), "use Cygnus", "rest")
    assert g.player("Robin").stardust == 8 + 5


def test_refund_when_only_common_stars_were_marked_and_nothing_discovered() -> None:
    g = play(game(), "Taurus:10", "end", "rest", "rest")
    g = play(own(g, 0, "Taurus"), "use Taurus", "Taurus:8-7-6", "end")
    assert g.player("Robin").stardust == 7
    g = play(game(), "Taurus:10", "end", "rest", "rest")
    g = play(own(g, 0, "Pegasus"), "use Pegasus", "Taurus:8-7-6-5", "end")
    assert g.player("Robin").stardust == 3  # Aldebaran is a Grand star
    g = play(own(game(), 0, "Pegasus"), "use Pegasus", "Taurus:10-8", "end")
    assert g.player("Robin").stardust == 6  # 10 is the Starting star
    g = play(game(), "Canis-Minor:1", "end", "rest", "rest")
    g = play(own(g, 0, "Piscis Austrinus"), "use Piscis-Austrinus", "Canis-Minor:2", "end")
    assert g.player("Robin").stardust == 8 - 1 - 1 + 1  # 2 is Common: refunded
    g = play(game(), "Equuleus:1-2", "end", "rest", "rest")
    g = play(own(g, 0, "Pegasus", "Centaurus"), "use Pegasus", "use Centaurus Equuleus:3")
    g = play(g, "Taurus:10", "end")
    assert g.player("Robin").stardust == 8 - 2 - 1  # a card was discovered: no refund


def test_refund_per_observe_before_a_grand_star() -> None:
    g = edit(robin_owns("Aquarius"), lambda s: setattr(s.players[0], "telescopes", 1))
    g = play(g, "use Aquarius", "Taurus:10-8-7-6-5-2", "Aries:4", "end")
    assert g.player("Robin").stardust == 8 - 7 + 4  # 4 before Aldebaran; Aries: none
    g = play(robin_owns("Hydra"), "use Hydra", "Aries:4-3-2-1", "end")
    assert g.player("Robin").stardust == 8 - 4 + 2


def test_this_turn_effects_are_flags_for_the_turn_only() -> None:
    g = play(robin_owns("Scorpius"), "use Scorpius", "rest", "rest", "rest")
    broken("astra.observe.start", g, "Taurus:7")
    assert all(effects()[a].timing is Timing.THIS_TURN for a in ("common-start", "rest-gain-pouch"))
