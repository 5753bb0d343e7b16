"""The Crafting the Cosmos engine (pnp.cosmos.game): set-up, the energy phase, the craft
phase, the end phase and the end, each rule legal and illegal, with the rulebook's worked
examples (seed 001). Positions are set up directly on the state (``edit``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from pnp.cosmos.actions import (
    DECK,
    Action,
    Advance,
    CardSet,
    Choose,
    Collect,
    Complete,
    Discharge,
    GainPower,
    Keep,
    PlaceLife,
    PlaceNebula,
    PlaceStar,
    Shift,
    TakeCard,
    TakeNebula,
)
from pnp.cosmos.board import Board
from pnp.cosmos.game import Game
from pnp.cosmos.geometry import geometry
from pnp.cosmos.model import EnergyType, Star
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.rules import RULES, RuleError
from pnp.cosmos.setup import deal_energy
from pnp.cosmos.state import NONE, Phase, card_index

L, T, G, C = EnergyType.LIGHT, EnergyType.TIME, EnergyType.GRAVITY, EnergyType.CHEMISTRY
NAMES = ("Ann", "Ben", "Cat", "Dan")


def game(players: int = 3, seed: int = 1) -> Game:
    return Game.start(NAMES[:players], seed)


def stars(*ids: str) -> int:
    return sum(1 << geometry().star_index[i] for i in ids)


def life(*ids: str) -> int:
    return sum(1 << geometry().life_index[i] for i in ids)


def tile(ident: str) -> int:
    return next(i for i, t in enumerate(nebula_tiles()) if t.id == ident)


def board(
    h: Iterable[str] = (),
    he: Iterable[str] = (),
    o: Iterable[str] = (),
    c: Iterable[str] = (),
    nova: Iterable[str] = (),
    proto: Iterable[str] = (),
    stable: Iterable[str] = (),
    tiles: dict[str, str] | None = None,
    done: Iterable[str] = (),
    advanced: Iterable[tuple[str, int]] = (),
) -> Board:
    g = geometry()
    b = Board.empty()
    for space, ident in (tiles or {}).items():
        b = b.with_tile(g.nebula_index[space], tile(ident))
    return b._replace(
        stars=(stars(*h), stars(*he), stars(*o), stars(*c)),
        nova=stars(*nova),
        proto=life(*proto),
        stable=life(*stable),
        done=sum(1 << g.nebula_index[n] for n in done),
        advanced=tuple((g.nebula_index[n], v) for n, v in advanced),
    )


def edit(g: Game, **changes: object) -> Game:
    return Game(g.state.replace(**changes))


def player(g: Game, i: int | None = None, /, **changes: object) -> Game:
    s = g.state
    return Game(s.with_player(s.player(i).replace(**changes), i))


def crafting(g: Game | None = None, /, **changes: object) -> Game:
    """The active player's craft phase, with ``changes`` to their player."""
    g = edit(g or game(), phase=Phase.CRAFT, needs=(), moves=1, own_moved=True)
    return player(g, **changes)


def refused(g: Game, action: Action, rule: str) -> None:
    with pytest.raises(RuleError) as err:
        g.apply(action)
    assert err.value.rule == rule


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize(("n", "crystals", "dark"), [(2, 6, 4), (3, 9, 3), (4, 11, 3)])
def test_setup_per_player_count(n: int, crystals: int, dark: int) -> None:
    s = game(n, seed=7).state
    g = geometry()
    assert s.crystals == crystals and sum(s.dark) == dark
    # tokens dealt one at a time clockwise from Light: controls hold 2, 2, 1, 1 / 2, 2, 2, 1
    per_control = sorted((s.tokens_at(c) for c in range(4)), reverse=True)
    total = n + dark
    assert per_control == [total // 4 + (k < total % 4) for k in range(4)]
    assert len(s.life_stack) == 2 * n + 16 and all(v >= 6 for v in s.life_stack[: 2 * n])
    assert sorted(s.life_stack[2 * n :]) == sorted((7,) * 2 + (6,) * 5 + (5,) * 5 + (4,) * 4)
    assert s.track[0] != NONE and s.track[1:] == (NONE, NONE, NONE) and len(s.goal_deck) == 5
    assert len(s.display) == 4 and len(s.deck) == 60 - 4 - 4 * n
    assert s.supply_stars == (36 - n, 28, 20, 20) and s.supply_life == 100 - n
    for p in s.players:
        assert p.cards == 4 and p.level == 0 and p.discharges == 0
        assert p.board.stars[0] == 1 << g.centre and p.board.proto == 1 << g.start_life
        sizes = [nebula_tiles()[p.board.tiles[i]].size for i in g.starts]
        assert sizes == [1, 2, 3]
    assert s.active == s.first and s.phase is Phase.SHIFT


def test_energy_tokens_dealt_clockwise_from_light() -> None:
    # seats 0–2, NONE a dark token: Light, Time, Gravity, Chemistry, Light, Time
    where, dark, first = deal_energy([2, NONE, 0, NONE, 1, NONE], 3)
    assert where == [2, 0, 0] and dark == [0, 2, 0, 1] and first == 1
    assert deal_energy([0, 1, NONE], 2)[2] == 1  # a dark token last: the last player's


def test_setup_refuses_bad_player_lists() -> None:
    for names in (("Ann",), ("Ann", "Ann"), (*NAMES, "Eve")):
        with pytest.raises(RuleError) as err:
            Game.start(names, 1)
        assert err.value.rule == "cosmos.setup.players"


def test_same_seed_same_game() -> None:
    assert game(4, 99).state == game(4, 99).state
    assert game(4, 99).state != game(4, 98).state


# ---------------------------------------------------------------- energy phase


def example_board() -> Game:
    """Seed 001's energy shift example (four players, three dark tokens): Light holds 2
    tokens, Time 2, Gravity the magenta player's and 1 more, Chemistry 1 dark token."""
    g = game(4)
    return edit(g, tokens=(2, 0, 1, 1), dark=(1, 0, 1, 1), active=0, first=0)


def test_energy_shift_example() -> None:
    g = example_board()
    g = g.apply(Shift(dark=3))  # the dark token in Chemistry to Light
    assert g.state.dark == (2, 0, 1, 0)
    g = g.apply(Shift())  # to Chemistry, then to Time skipping the full Light control
    g = g.apply(Shift())
    assert g.state.tokens[0] == 1
    assert [g.state.tokens_at(c) for c in range(4)] == [3, 3, 1, 0]
    assert g.legal() == [Collect()]
    refused(g, Shift(), "cosmos.shift.moves")
    g = g.apply(Collect())
    p = g.state.player(0)
    # "takes 1 O star and 2 DNA … 3 time crystal advancements, 1 graviton, 0 proto
    # life, and 3 energy cards"
    assert p.held_stars == (0, 0, 1, 0) and p.sliders == (0, 2, 1)
    assert p.level == 3 and p.held_life == 0
    assert g.state.phase is Phase.COLLECT and [n.kind for n in g.state.needs] == ["card"] * 3


def test_shift_may_bring_your_token_back() -> None:
    g = edit(game(4), tokens=(1, 0, 0, 2), dark=(1, 0, 1, 1), active=0, first=0)
    for _ in range(3):
        g = g.apply(Shift())
    assert g.state.tokens[0] == 1


def test_shift_rules() -> None:
    g = example_board()
    refused(g, Collect(), "cosmos.shift.own")
    refused(g, Shift(dark=1), "cosmos.shift.token")  # no dark token in Time
    with pytest.raises(RuleError) as err:
        g.apply(Shift(dark=1))
    assert err.value.message == (
        "no dark energy token in the Time control: the dark tokens are in Light (1), "
        "Gravity (1) and Chemistry (1)"
    )
    refused(g, Shift(dark=7), "cosmos.shift.token")
    g2 = g.apply(Shift(dark=0)).apply(Shift(dark=2))
    refused(g2, Shift(dark=3), "cosmos.shift.own")  # the last move must be yours
    with pytest.raises(RuleError) as err:
        g2.apply(Shift(dark=3))
    assert err.value.message == (
        "at least one of your 1–3 moves must move your own energy token; this is your last, "
        "so it must (shift)"
    )
    own_then_dark = g.apply(Shift()).apply(Shift(dark=0)).apply(Shift(dark=2))  # the print
    assert own_then_dark.state.moves == 3 and own_then_dark.legal() == [Collect()]
    assert Shift(dark=3) not in g2.legal() and g2.legal() == [Shift()]
    refused(g, PlaceStar(Star.H, "S1"), "cosmos.turn.decision")


def test_collect_power_tokens_pay_even_in_an_empty_control() -> None:
    g = edit(game(4), tokens=(2, 0, 1, 1), dark=(1, 0, 1, 1), active=0, first=0)
    g = player(g, 0, slots=(card_index("fourth-dimension"), NONE, NONE, NONE))
    g = g.apply(Shift()).apply(Collect())  # own token Gravity → Chemistry; Time holds 2
    p = g.state.player(0)
    assert p.level == 2 + 1  # 2 energy tokens and the power token in Time
    assert p.held_stars[3] == 1 and p.held_tiles == () and g.state.needs[0].kind == "nebula"


def test_supply_limits_what_is_taken() -> None:
    g = edit(game(4), tokens=(3, 0, 1, 1), dark=(1, 0, 1, 1), active=0, first=0)
    g = edit(g, supply_stars=(1, 28, 20, 20), supply_life=0)
    g = g.apply(Shift()).apply(Collect())  # Chemistry → Light: 3 H wanted, 1 left
    assert g.state.player(0).held_stars[0] == 1 and g.state.supply_stars[0] == 0


def test_collecting_cards_and_display_refill() -> None:
    g = example_board().apply(Shift(dark=3)).apply(Shift()).apply(Shift()).apply(Collect())
    display = g.state.display
    assert TakeCard(DECK) in g.legal()
    g = g.apply(TakeCard(0))
    assert g.state.display[0] == NONE  # not refilled after each card
    refused(g, TakeCard(0), "cosmos.collect.card")
    refused(g, TakeCard(9), "cosmos.collect.card")
    refused(g, TakeNebula(1), "cosmos.turn.decision")
    g = g.apply(TakeCard(1)).apply(TakeCard(DECK))
    assert g.state.phase is Phase.CRAFT and NONE not in g.state.display
    assert g.state.player(0).cards == 4 + 3
    assert g.state.display[2:] == display[2:]


def test_empty_deck_reshuffles_the_discard_pile() -> None:
    g = example_board().apply(Shift(dark=3)).apply(Shift()).apply(Shift()).apply(Collect())
    g = edit(g, deck=(), discard=(0, 0, 1))
    g = g.apply(TakeCard(DECK))
    s = g.state
    assert s.shuffles == 1 and len(s.deck) == 2 and s.discard == ()


def test_nebula_choice_from_a_stack() -> None:
    g = edit(game(4), tokens=(2, 0, 1, 1), dark=(1, 0, 1, 1), active=0, first=0)
    g = g.apply(Shift()).apply(Collect())
    g = edit(g, stacks=(g.state.stacks[0], (), g.state.stacks[2]))
    assert g.legal() == [TakeNebula(1), TakeNebula(3)]
    refused(g, TakeNebula(2), "cosmos.collect.nebula")
    refused(g, TakeCard(0), "cosmos.turn.decision")
    top = g.state.stacks[2][0]
    g = g.apply(TakeNebula(3))
    assert g.state.player(0).held_tiles == (top,)
    assert {n.kind for n in g.state.needs} == {"card"}  # Light's passive comes after


# ---------------------------------------------------------------- placing


def test_place_nebula_star_life() -> None:
    g = crafting(held_stars=(1, 0, 0, 0), held_life=2, held_tiles=(tile("1A"),))
    g2 = g.apply(PlaceNebula("1A", "N1")).apply(PlaceStar(Star.H, "S1")).apply(PlaceLife("L46"))
    p = g2.state.player()
    assert p.board.tiles[geometry().nebula_index["N1"]] == tile("1A")
    assert p.board.stars[0] & stars("S1") and p.board.proto & life("L46")
    refused(g, PlaceNebula("2A", "N1"), "cosmos.place.nebula")
    refused(g, PlaceNebula("1A", "N10"), "cosmos.place.nebula")  # the set-up size 1 is there
    refused(g, PlaceStar(Star.HE, "S1"), "cosmos.place.star")
    refused(g, PlaceStar(Star.H, "S37"), "cosmos.place.star")  # the centre H star
    refused(g, PlaceLife("L1"), "cosmos.place.life")  # not next to life
    refused(g, PlaceLife("L55"), "cosmos.place.life")  # taken


def test_life_goes_on_the_start_when_you_have_none() -> None:
    g = crafting(held_life=1, board=board())
    assert g.legal().count(PlaceLife("L55")) == 1
    assert not [a for a in g.legal() if isinstance(a, PlaceLife) and a.space != "L55"]


# ---------------------------------------------------------------- scoring actions


def test_complete_a_nebula_with_a_wild_supernova() -> None:
    # 3A needs H H H He He O: here H H H, He, O and a supernova (He underneath)
    b = board(h=("S1", "S4", "S8"), he=("S13", "S9"), o=("S5",), nova=("S9",), tiles={"N1": "3A"})
    g = crafting(board=b)
    refused(g, Complete("N1", "S14"), "cosmos.complete")  # not touching N1
    g2 = g.apply(Complete("N1", "S9"))  # the supernova discarded
    p = g2.state.player()
    assert p.points.nebulae == 10 and p.board.done & 1 << geometry().nebula_index["N1"]
    assert not p.board.all_stars & stars("S9") and not p.board.nova
    assert g2.state.supply_stars[1] == g.state.supply_stars[1] + 1
    refused(g2, Complete("N1", "S1"), "cosmos.complete")  # once
    short = crafting(board=b.with_star(1, stars("S13"))._replace(nova=0))
    refused(short, Complete("N1", "S1"), "cosmos.complete")


def test_time_chamber_example() -> None:
    # The cyan player has 4 crystals and one discharge made; they gain 3 more.
    from pnp.cosmos.energy import time_steps

    g = crafting(level=4, discharges=1)
    s = g.state.copy()
    time_steps(s, 3)
    p = s.player()
    assert (p.level, p.waiting) == (1, 1) and s.crystals == g.state.crystals - 1
    g = Game(s)
    g = g.apply(Discharge())
    assert g.state.player().points.time_chamber == 6
    assert g.state.needs[0].kind == "gain-star"
    refused(g, Choose("S37", Star.H), "cosmos.step.target")  # taken
    g = g.apply(Choose("S1", Star.C))
    p = g.state.player()
    assert p.board.stars[3] == stars("S1") and p.discharges == 2 and p.waiting == 0
    refused(g, Discharge(), "cosmos.discharge")


def test_any_number_of_crystals_may_wait() -> None:
    # RULES.md: the seed sets no cap on the crystals waiting on the 6 (issue 27, point 14).
    from pnp.cosmos.energy import time_steps

    s = crafting(level=0, discharges=0).state.copy()
    time_steps(s, 30)
    assert (s.player().waiting, s.player().level) == (5, 0)
    g = Game(s)
    for k, space in enumerate(("S1", "S2", "S3", "S4", "S5")):
        assert Discharge() in g.legal()
        g = g.apply(Discharge()).apply(Choose(space, Star.H))
        assert g.state.player().waiting == 4 - k
    assert g.state.player().points.time_chamber == 3 + 6 + 10 + 15 + 21
    refused(g, Discharge(), "cosmos.discharge")


def test_two_crystals_may_wait_and_the_sixth_discharge_scores_nothing() -> None:
    from pnp.cosmos.energy import time_steps

    g = crafting(level=0, discharges=5)
    s = g.state.replace(crystals=1)
    time_steps(s, 12)
    assert (s.player().waiting, s.player().level, s.crystals) == (2, 0, 0)  # box
    g = Game(s).apply(Discharge()).apply(Choose("S1", Star.H))
    assert g.state.player().points.time_chamber == 0 and g.state.player().discharges == 6


def test_advanced_life_example() -> None:
    # six life around completed N1: 3 proto, 3 stable
    b = board(
        tiles={"N1": "1A"},
        done=("N1",),
        proto=("L1", "L7", "L12"),
        stable=("L13", "L8", "L2"),
    )
    g = crafting(board=b)
    top = g.state.life_stack[0]
    g2 = g.apply(Advance("N1"))
    p = g2.state.player()
    assert p.board.proto == 0 and p.board.stable == life("L13", "L8", "L2")
    assert p.board.advanced == ((geometry().nebula_index["N1"], top),)
    assert g2.state.supply_life == g.state.supply_life + 3
    refused(g2, Advance("N1"), "cosmos.advanced")  # already has advanced life
    refused(crafting(board=b._replace(done=0)), Advance("N1"), "cosmos.advanced")
    five = b._replace(proto=life("L1", "L7"))
    refused(crafting(board=five), Advance("N1"), "cosmos.advanced")
    refused(edit(g, life_stack=()), Advance("N1"), "cosmos.advanced")


# ---------------------------------------------------------------- energy cards


def test_gaining_a_power_card_example() -> None:
    # Magenta fills the second slot with 3 light cards and keeps Relativity Δ.
    g = crafting(hand=(3, 1, 0, 0))
    light = [card_index(c) for c in ("speed-of-light", "relativity-delta", "amino-acids")]
    rest = tuple(i for i in g.state.power_decks[0] if i not in light)
    g = edit(g, power_decks=(tuple(light) + rest, *g.state.power_decks[1:]))
    refused(g, GainPower(1, T), "cosmos.power.pay")
    refused(g, GainPower(4, L), "cosmos.power.slot")
    g = g.apply(GainPower(1, L))
    assert g.state.needs[0].kind == "keep" and len(g.legal()) == 3
    refused(g, Keep("relativity-delta", ("speed-of-light",)), "cosmos.power.keep")
    g = g.apply(Keep("relativity-delta", ("amino-acids", "speed-of-light")))
    s = g.state
    p = s.player()
    assert p.slots == (NONE, card_index("relativity-delta"), NONE, NONE)
    assert p.hand == (0, 1, 0, 0) and s.discard[-3:] == (0, 0, 0)
    assert s.power_decks[0][-2:] == (card_index("amino-acids"), card_index("speed-of-light"))
    refused(g, GainPower(1, T), "cosmos.power.slot")
    from pnp.cosmos.energy import power_tokens

    assert power_tokens(s, s.active, 0) == 1


def test_power_deck_shorter_than_the_cost_and_empty() -> None:
    g = crafting(hand=(0, 4, 0, 0))
    one = (g.state.power_decks[1][0],)
    g2 = edit(g, power_decks=(g.state.power_decks[0], one, *g.state.power_decks[2:]))
    assert g2.apply(GainPower(3, T)).state.needs[0].cards == one
    g3 = edit(g, power_decks=(g.state.power_decks[0], (), *g.state.power_decks[2:]))
    refused(g3, GainPower(0, T), "cosmos.power.deck")


def test_five_matching_cards_score_six() -> None:
    g = crafting(hand=(5, 4, 0, 0))
    g2 = g.apply(CardSet(L))
    assert g2.state.player().points.card_sets == 6 and g2.state.player().hand == (0, 4, 0, 0)
    refused(g, CardSet(T), "cosmos.set")


def test_every_engine_rule_is_in_rules_md_with_its_source() -> None:
    doc = (Path(__file__).resolve().parent.parent / "RULES.md").read_text(encoding="utf-8")
    section = doc.split("## Crafting the Cosmos: rules the engine enforces", 1)[1]
    rows = {m[1]: m[0] for m in re.finditer(r"^\| `(cosmos\.[a-z.-]+)` \|.*$", section, re.M)}
    assert set(rows) == set(RULES)
    for rule, row in rows.items():
        assert re.search(r"spec|seed|\*\*D\*\*", row.rstrip(" |").rsplit("|", 1)[1]), rule


@pytest.mark.parametrize("mask", [0, 1, 0b1010, (1 << 73) - 1, (1 << 98) | (1 << 3) | 0xFF0])
def test_bits_lists_the_set_bits(mask: int) -> None:
    from pnp.cosmos.geometry import bits

    assert bits(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]
