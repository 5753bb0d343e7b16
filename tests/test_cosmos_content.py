"""Crafting the Cosmos's content (data/cosmos/*.toml) holds seed 001's numbers and the
spec's ids, every card has its words, and a content file out of shape is reported at
its line and column."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.cosmos.content import (
    advanced_life,
    energy_deck,
    goal,
    goals,
    main_board,
    parse_goals,
    player_board,
    setup,
    tokens,
)
from pnp.cosmos.model import EnergyType, GoalCount, Resource, Sector, Star, Suit, Verb
from pnp.cosmos.power_content import parse_power, power_card, power_cards
from pnp.cosmos.text import Lang, has, keys, parse_text, text
from pnp.errors import SourceError

SPEC_GOALS = (  # shared/spec/cosmos.md, "Game record, counts mode", in seed 001's order
    "stable-life",
    "psi-nebulae",
    "supernovae",
    "phi-nebulae",
    "star-group",
    "delta-life",
    "delta-nebulae",
    "psi-life",
    "phi-life",
    "time-crystals",
    "carbon-stars",
    "size-1-nebulae",
    "helium-stars",
    "proto-life",
    "oxygen-stars",
    "advanced-neighbours",
)

SPEC_POWER = {  # shared/spec/cosmos.md "Cards", each type in seed 001's reference order
    EnergyType.TIME: "Generations, Expanding Universe, Black Hole, Event Horizon, 4th Dimension,"
    " Special Relativity, Quasar, Nuclear Fusion",
    EnergyType.CHEMISTRY: "Genetic Drift, Ionizing Radiation, Evolution, Abiogenesis, Survival"
    " of the Fittest, Speciation, Photosynthesis, Water-Rich Comets",
    EnergyType.LIGHT: "Molecular Cloud, Amino Acids, Speed of Light, Time Dilation, Relativity Δ,"
    " Relativity Ψ, Relativity Φ, Nuclear Fission",
    EnergyType.GRAVITY: "Binary Star, Core Collapse, Star Stuff, Shooting Star, Solar Wind,"
    " Pulsar, White Dwarf, Wormhole",
}


def test_the_16_goals_are_the_specs_ids_in_the_seeds_order() -> None:
    assert tuple(g.id for g in goals()) == SPEC_GOALS


def test_goals_say_what_they_count() -> None:
    assert goal("psi-nebulae").measure is GoalCount.NEBULA_SIZES
    assert goal("psi-nebulae").sector is Sector.PSI
    assert goal("delta-life").sector is Sector.DELTA
    assert goal("carbon-stars").star is Star.C
    assert goal("size-1-nebulae").size == 1
    needing = {g.id for g in goals() if g.needs_nebulae}
    assert needing == {"psi-nebulae", "phi-nebulae", "delta-nebulae", "size-1-nebulae"}


def test_the_32_power_cards_are_8_of_each_type_named_as_the_spec_lists_them() -> None:
    cards = power_cards()
    assert len(cards) == 32
    assert len({c.id for c in cards}) == 32
    assert Counter(c.type for c in cards) == dict.fromkeys(EnergyType, 8)
    for kind, names in SPEC_POWER.items():
        assert ", ".join(c.name() for c in cards if c.type is kind) == names


def test_power_costs_and_effects_as_the_seed_gives_them() -> None:
    discharge = {c.id for c in power_cards() if c.cost.discharge_star}
    assert discharge == {"generations", "expanding-universe", "black-hole"}
    speed = power_card("speed-of-light")
    assert (speed.cost.cards, speed.cost.suit) == (5, Suit.MATCHING)
    assert [s.verb for s in speed.effect[0]] == [Verb.POINTS, Verb.GAIN_STAR]
    scoring = {c.id for c in power_cards() for a in c.effect for s in a if s.verb is Verb.POINTS}
    assert scoring == {"speed-of-light"}  # the spec: the only power card that scores
    assert len(power_card("event-horizon").effect) == 2  # either 2 crystals or 2 proto life
    assert power_card("amino-acids").cost.suit is Suit.CHEMISTRY  # a light card, as printed
    assert power_card("pulsar").cost.graviton == 1
    assert power_card("evolution").cost.stable_life == 3
    assert power_card("relativity-delta").effect[0][0].where == "delta"
    assert power_card("photosynthesis").effect[0][0].where == "next-to-O-stars"


def test_only_the_cards_that_say_up_to_may_stop_early() -> None:
    # The seed says "up to" for Wormhole alone; Survival of the Fittest stabilizes 2 (the
    # 1 left when that is all), so `stop` is refused there (issue 27, point 13b).
    for c in power_cards():
        says = "up to" in c.effect_text()
        assert any(s.up_to for a in c.effect for s in a) == says, c.id
    assert {c.id for c in power_cards() if "up to" in c.effect_text()} == {"wormhole"}


def test_every_card_has_its_words() -> None:
    for g in goals():
        assert g.title() and g.text()
    for c in power_cards():
        assert c.name() and c.cost_text() and c.effect_text()
    for control in main_board().controls:
        assert control.active_text() and control.passive_text()
    assert set(keys()) >= {f"terms.{t.value}" for t in EnergyType}


def test_60_energy_cards_15_of_each_type() -> None:
    deck = energy_deck()
    assert len(deck) == 60
    assert Counter(deck) == dict.fromkeys(EnergyType, 15)


def test_the_controls_clockwise_from_light_with_the_seeds_rewards() -> None:
    board = main_board()
    assert board.capacity == 3
    assert [c.type for c in board.controls] == list(EnergyType)
    active = {c.type: {(r.gain, r.n) for r in c.active} for c in board.controls}
    assert active[EnergyType.LIGHT] == {(Resource.H, 3)}
    assert active[EnergyType.TIME] == {(Resource.O, 1), (Resource.DNA, 2)}
    assert active[EnergyType.GRAVITY] == {(Resource.HE, 2), (Resource.SUPERNOVA, 1)}
    assert active[EnergyType.CHEMISTRY] == {(Resource.C, 1), (Resource.NEBULA, 1)}
    passive = [(c.passive.gain, c.passive.n) for c in board.controls]
    assert passive == [
        (Resource.ENERGY_CARD, 1),
        (Resource.TIME_CRYSTAL, 1),
        (Resource.GRAVITON, 1),
        (Resource.PROTO_LIFE, 1),
    ]
    assert (board.display, board.hand_limit, board.set_size, board.set_points) == (4, 10, 5, 6)
    assert (board.goals_per_game, board.goal_track, board.placements) == (6, 4, (6, 3))


def test_the_time_chamber_and_player_board() -> None:
    board = player_board()
    assert board.chamber_scoring == (3, 6, 10, 15, 21)
    assert board.chamber_totals() == (0, 3, 9, 19, 34, 55)
    assert board.chamber_top == 6
    assert board.slot_costs == (2, 3, 3, 4)
    assert board.sliders == ("supernova", "dna", "graviton")
    assert (board.score_top, board.score_lap) == (49, 50)


def test_the_advanced_life_mix() -> None:
    life = advanced_life()
    assert Counter(life.group1) == {8: 4, 7: 3, 6: 1}
    assert Counter(life.group2) == {7: 2, 6: 5, 5: 5, 4: 4}
    assert (len(life.group1), sum(life.group1)) == (8, 59)
    assert (len(life.group2), sum(life.group2)) == (16, 85)
    assert [life.in_play(n) for n in (2, 3, 4)] == [20, 22, 24]  # 2N + 16
    assert life.per_player * 4 <= len(life.group1)


def test_set_up_per_player_count() -> None:
    numbers = [(c.players, c.time_crystals, c.dark_energy, c.pass_first) for c in setup().counts]
    assert numbers == [(2, 6, 4, False), (3, 9, 3, True), (4, 11, 3, True)]
    assert setup().for_players(3).time_crystals == 9
    with pytest.raises(KeyError):
        setup().for_players(5)
    each = setup().each
    assert (each.time_crystal, each.nebulae, each.proto_life) == (1, (1, 2, 3), 1)
    assert (each.center_star, each.energy_cards, each.power_tokens) == (Star.H, 4, 4)


def test_tokens_cover_the_largest_game() -> None:
    found = tokens()
    assert dict(found.stars) == {Star.H: 36, Star.HE: 28, Star.O: 20, Star.C: 20}
    counts = dict(found.counts)
    # 11 in the supply and 1 per player at four players, with some left in the box
    assert counts["time-crystals"] > setup().for_players(4).time_crystals + 4
    assert counts["dark-energy"] == max(c.dark_energy for c in setup().counts)
    assert counts["power-tokens"] == 4 * setup().each.power_tokens
    assert counts["player-energy"] + counts["dark-energy"] == 8  # seed "COMPONENTS"


def _problems(parse: object, source: str) -> list[str]:
    assert callable(parse)
    with pytest.raises(SourceError) as caught:
        parse(source, "x.toml")
    return [f"{p.line}:{p.col}: {p.message}" for p in caught.value.problems]


def test_a_goal_file_out_of_shape_is_reported_at_each_place() -> None:
    source = (
        '[[goal]]\nid = "a"\ncount = "life"\n\n'
        '[[goal]]\nid = "a"\ncount = "stars"\nstar = "N"\ncolour = 1\n'
    )
    assert _problems(parse_goals, source) == [
        "1:1: a life goal needs sector [cosmos.data]",
        "6:6: id 'a' is listed twice [cosmos.data]",
        "8:8: star is one of H, He, O, C, not 'N' [cosmos.data]",
        "9:1: unknown key 'colour' in [[goal]] #2; expected id, count, sector, star, size "
        "[cosmos.data]",
    ]


def test_a_power_card_with_an_unknown_step_is_reported_where_it_is() -> None:
    source = (
        '[[power]]\nid = "x"\ntype = "light"\ncost = { cards = 1, suit = "any" }\n'
        'effect = [[{ do = "gain-star", n = 1, what = "N", where = "anywhere" }]]\n'
    )
    assert _problems(parse_power, source) == [
        "5:46: gain-star takes what C, H, He, O, standard, not 'N' [cosmos.data]"
    ]


def test_a_text_entry_needs_every_language() -> None:
    assert _problems(parse_text, '[a]\nen = "A"\n[b]\nfr = "B"\n') == [
        "3:1: [b] has no en [cosmos.data]",
        "4:1: unknown key 'fr' in [b]; expected en [cosmos.data]",
    ]
    assert parse_text('["x.y"]\nen = "Z"\n', "x.toml") == {"x.y": {"en": "Z"}}


def test_text_lookup() -> None:
    assert text("terms.light", Lang.EN) == "Light"
    assert has("power.wormhole.name")
    assert not has("power.nothing") and not has("nofile.x")
