"""The power cards in the Cosmos engine: costs, "you cannot use this effect" conditions and
effects, step by step (seed 001 "POWER CARD REFERENCE", power.toml)."""

from __future__ import annotations

from pnp.cosmos.actions import Choose, Discharge, Stop, Use
from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.game import Game
from pnp.cosmos.geometry import geometry
from pnp.cosmos.model import EnergyType, Sector, Star
from pnp.cosmos.state import NONE, card_index
from tests.test_cosmos_engine import board, crafting, life, refused, stars, tile

L, T, G, C = EnergyType.LIGHT, EnergyType.TIME, EnergyType.GRAVITY, EnergyType.CHEMISTRY


def holding(
    card: str, hand: tuple[int, int, int, int] = (5, 5, 5, 5), /, **changes: object
) -> Game:
    slots = (card_index(card), NONE, NONE, NONE)
    return crafting(slots=slots, hand=hand, **changes)


def cannot(card: str, pay: tuple[EnergyType, ...], **changes: object) -> None:
    refused(holding(card, **changes), Use(card, pay), "cosmos.power.cannot")


def test_molecular_cloud_and_costs() -> None:
    g = holding("molecular-cloud", board=board())
    refused(g, Use("molecular-cloud", (L, T)), "cosmos.power.pay")
    refused(g, Use("molecular-cloud", (L,)), "cosmos.power.pay")
    refused(g, Use("amino-acids", (C,)), "cosmos.power.own")
    refused(
        holding("molecular-cloud", (1, 0, 0, 0)), Use("molecular-cloud", (L, L)), "cosmos.power.pay"
    )
    g = g.apply(Use("molecular-cloud", (L, L)))
    assert Choose("S1", Star.H) in g.legal() and Choose("S1", Star.C) not in g.legal()
    g = g.apply(Choose("S1", Star.H))
    p = g.state.player()
    assert p.board.stars[0] == stars("S1") and p.hand == (3, 5, 5, 5)
    assert g.state.discard[-2:] == (0, 0)
    # as often as affordable
    assert Use("molecular-cloud", (L, L)) in g.legal()


def test_speed_of_light_scores_six_and_a_star() -> None:
    g = holding("speed-of-light")
    refused(g, Use("speed-of-light", (L, L, L, L, T)), "cosmos.power.pay")
    g = g.apply(Use("speed-of-light", (G,) * 5))
    assert g.state.player().points.power_cards == 6
    g = g.apply(Choose("S1", Star.O))
    assert g.state.player().board.stars[2] == stars("S1")


def test_ionizing_radiation() -> None:
    refused(
        holding("ionizing-radiation", board=board(proto=("L1",))),
        Use("ionizing-radiation", (L,)),
        "cosmos.power.cannot",
    )
    b = board(h=("S1", "S9"), nova=("S1", "S9"), proto=("L1", "L2", "L3", "L8"))
    g = holding("ionizing-radiation", board=b).apply(Use("ionizing-radiation", (T,)))
    assert set(g.legal()) == {Choose("S1"), Choose("S9")}
    g = g.apply(Choose("S1"))  # L1 and L2 are next to S1
    assert g.state.player().board.stable == life("L1", "L2")


def test_evolution() -> None:
    b = board(tiles={"N1": "1A"}, done=("N1",), stable=("L20", "L21", "L22"))
    cannot("evolution", (L,), board=b)
    b = b._replace(advanced=((geometry().nebula_index["N1"], 8),))
    g = holding("evolution", board=b)
    refused(
        holding("evolution", board=b._replace(stable=life("L20"))),
        Use("evolution", (L,)),
        "cosmos.power.cannot",
    )
    top = g.state.life_stack[0]
    g = g.apply(Use("evolution", (L,)))
    for space in ("L20", "L21", "L22"):
        g = g.apply(Choose(space))
    g = g.apply(Choose("N1"))
    p = g.state.player()
    assert p.board.stable == 0 and [v for _, v in p.board.advanced] == [8, top]


def test_time_cards_replace_a_discharge_star() -> None:
    g = holding("black-hole", board=board(h=("S1", "S2", "S3")), waiting=1)
    refused(g, Use("black-hole"), "cosmos.power.cost")
    refused(g, Discharge("expanding-universe"), "cosmos.discharge.power")
    g = g.apply(Discharge("black-hole"))
    assert g.state.player().points.time_chamber == 3
    g = g.apply(Choose("S1")).apply(Choose("S3"))
    assert g.state.player().board.nova == stars("S1", "S3") and not g.state.needs
    g2 = holding("generations", board=board(), waiting=1).apply(Discharge("generations"))
    for space in ("L1", "L50", "L99"):
        g2 = g2.apply(Choose(space))
    assert g2.state.player().board.stable == life("L1", "L50", "L99")
    g3 = holding("expanding-universe", board=board(), waiting=1).apply(
        Discharge("expanding-universe")
    )
    g3 = g3.apply(Choose("S1", Star.H)).apply(Choose("S2", Star.H))
    assert g3.state.player().board.stars[0] == stars("S1", "S2")


def test_wormhole_moves_up_to_three() -> None:
    b = board(proto=("L1", "L2"), stable=("L50",))
    g = holding("wormhole", board=b).apply(Use("wormhole", (L,), 0))
    g = g.apply(Choose("L50"))  # the stable life paid
    assert g.state.player().board.stable == 0
    g = g.apply(Choose("L1", to="L90"))
    assert Stop() in g.legal()
    g = g.apply(Stop())
    assert not g.state.needs and g.state.player().board.proto == life("L2", "L90")
    refused(
        holding("wormhole", board=board(proto=("L1",))),
        Use("wormhole", (L,)),
        "cosmos.power.cannot",
    )


def test_stop_only_for_up_to_steps() -> None:
    g = holding("molecular-cloud").apply(Use("molecular-cloud", (L, L)))
    refused(g, Stop(), "cosmos.step.stop")


def test_star_stuff_both_alternatives() -> None:
    b = board(tiles={"N1": "1A"})
    g = holding("star-stuff", board=b)
    refused(g, Use("star-stuff", (L,), 2), "cosmos.power.option")
    top1, top2 = g.state.stacks[0][0], g.state.stacks[1][0]
    assert g.apply(Use("star-stuff", (L,), 0)).state.player().held_tiles == (top1,)
    g = g.apply(Use("star-stuff", (L,), 1)).apply(Choose("N1"))
    assert g.state.player().board.tiles[0] == top2 and g.state.stacks[0][-1] == tile("1A")


def test_shooting_star_moves_an_incomplete_nebula() -> None:
    b = board(h=("S1",), tiles={"N1": "1A", "N2": "1B"}, done=("N2",))
    g = holding("shooting-star", board=b).apply(Use("shooting-star", (G,)))
    assert Choose("N2", to="N3") not in g.legal()
    g = g.apply(Choose("N1", to="N3"))
    assert g.state.player().board.tiles[:3] == (NONE, tile("1B"), tile("1A"))


def test_binary_star_flips_back_and_moves() -> None:
    b = board(he=("S1", "S5"), nova=("S1",))
    g = holding("binary-star", board=b, sliders=(0, 0, 1))
    cannot("binary-star", (L,), board=b)
    g = g.apply(Use("binary-star", (L,))).apply(Choose("S1"))
    assert set(g.legal()) == {Choose("S1", to=t) for t in ("S4", "S2", "S9")}
    g = g.apply(Choose("S1", to="S9"))
    p = g.state.player()
    assert p.board.stars[1] == stars("S5", "S9") and p.board.nova == 0 and p.sliders[2] == 0


def test_binary_star_and_star_stuffs_swap_with_nothing_to_act_on() -> None:
    # RULES.md (issue 27, point 14): no "you cannot use this effect" on either card, so
    # they are paid and do nothing.
    b = board(he=("S1",), tiles={"N1": "1A"}, done=("N1",))
    g = holding("binary-star", board=b, sliders=(0, 0, 1))
    assert Use("binary-star", (L,)) in g.legal()
    after = g.apply(Use("binary-star", (L,))).state
    p = after.player()
    assert not after.needs and after.phase is g.state.phase
    assert p.board == b and p.hand == (4, 5, 5, 5) and p.sliders[2] == 0
    b2 = board(tiles={"N1": "2A", "N2": "1A"}, done=("N2",))  # no incomplete size 1
    for state in (b2, board(tiles={"N1": "1B"})):
        g = holding("star-stuff", board=state)
        if state != b2:  # an incomplete size 1, but no size-2 tile left
            g = Game(g.state.replace(stacks=(g.state.stacks[0], (), g.state.stacks[2])))
        assert Use("star-stuff", (L,), 1) in g.legal()
        after = g.apply(Use("star-stuff", (L,), 1)).state
        assert not after.needs and after.player().board == state
        assert after.player().hand == (4, 5, 5, 5)


def test_genetic_drift_and_chemistry_conditions() -> None:
    refused(
        holding("genetic-drift", board=board()), Use("genetic-drift", (L,)), "cosmos.power.cannot"
    )
    g = holding("genetic-drift", board=board(proto=("L1",))).apply(Use("genetic-drift", (L,)))
    g = g.apply(Choose("L1", to="L2"))
    assert g.state.player().board.stable == life("L2") and g.state.player().board.proto == 0
    # Photosynthesis: proto life next to O stars; an O supernova is no O star
    b = board(o=("S1",), nova=("S1",), proto=("L1",))
    cannot("photosynthesis", (L,), board=b)
    g = holding("photosynthesis", board=b._replace(nova=0)).apply(Use("photosynthesis", (L,)))
    assert g.state.player().board.stable == life("L1")
    b = board(c=("S1",), proto=("L2", "L7"))
    g = holding("water-rich-comets", board=b).apply(Use("water-rich-comets", (L,)))
    assert g.state.player().board.stable == life("L2")
    refused(
        holding("speciation", board=board(proto=("L1",))),
        Use("speciation", (L,)),
        "cosmos.power.cannot",
    )
    g = holding("speciation", board=board(stable=("L1",))).apply(Use("speciation", (L,)))
    assert set(g.legal()) == {Choose("L2"), Choose("L7")}


def test_event_horizon_and_solar_wind() -> None:
    refused(holding("event-horizon"), Use("event-horizon", (L,), 0), "cosmos.power.cannot")
    g = holding("event-horizon", sliders=(1, 0, 0), level=5).apply(Use("event-horizon", (L,), 0))
    assert g.state.player().waiting == 1 and g.state.player().level == 1
    g = holding("event-horizon", sliders=(1, 0, 0), board=board(proto=("L1",)))
    g = g.apply(Use("event-horizon", (L,), 1)).apply(Choose("L2")).apply(Choose("L3"))
    assert g.state.player().board.proto == life("L1", "L2", "L3")
    g = holding("solar-wind", board=board(h=("S1",), proto=("L1", "L2", "L3")))
    g = g.apply(Use("solar-wind", (C, C))).apply(Choose("S1"))
    b2 = g.state.player().board
    assert b2.nova == stars("S1") and b2.stable == life("L1", "L2") and b2.proto == life("L3")


def test_survival_of_the_fittest_stabilizes_two_or_the_one_left() -> None:
    # Seed: "Stabilize 2 proto life. If you have only 1 proto life, you may stabilize it,
    # but the extra effect will be lost": 2, not "up to 2" (issue 27, point 13b).
    g = holding("survival-of-the-fittest", board=board(proto=("L1", "L2", "L3")))
    g = g.apply(Use("survival-of-the-fittest", (L,))).apply(Choose("L1"))  # the cost
    assert g.legal() == [Choose("L2"), Choose("L3")]
    refused(g, Stop(), "cosmos.step.stop")
    g = g.apply(Choose("L3"))
    assert g.legal() == [Choose("L2")]
    refused(g, Stop(), "cosmos.step.stop")
    g = g.apply(Choose("L2"))
    assert not g.state.needs and g.state.player().board.stable == life("L2", "L3")
    g = holding("survival-of-the-fittest", board=board(proto=("L1", "L2")))
    g = g.apply(Use("survival-of-the-fittest", (L,))).apply(Choose("L1"))
    assert g.legal() == [Choose("L2")]
    g = g.apply(Choose("L2"))  # the second stabilization is lost
    assert not g.state.needs and g.state.player().board.stable == life("L2")


def test_fission_relativity_and_crystal_cards() -> None:
    g = holding("nuclear-fission", board=board(h=("S1",)), level=5)
    g = g.apply(Use("nuclear-fission", (T, T))).apply(Choose("S1"))
    supply = g.state.supply_stars[0]
    g = g.apply(Choose("S2", Star.C))
    p = g.state.player()
    assert p.board.all_stars == stars("S2") and supply == 36 - 3 + 1 and p.waiting == 1
    g = holding("relativity-psi", board=board()).apply(Use("relativity-psi", (G, G)))
    assert Choose("S1", Star.H) not in g.legal()  # S1 touches Δ only
    border = next(s.id for s in galaxy().stars if set(s.sectors) == {Sector.DELTA, Sector.PSI})
    assert Choose(border, Star.H) in g.legal()  # on the border is allowed
    for card, pay, steps in (
        ("fourth-dimension", (T,), 1),
        ("special-relativity", (C, C), 2),
        ("time-dilation", (L,), 1),
        ("pulsar", (G,), 2),
    ):
        g = holding(card, sliders=(0, 0, 1))
        assert g.apply(Use(card, pay)).state.player().level == steps, card
    g = holding("quasar", sliders=(0, 0, 1)).apply(Use("quasar", (L,)))
    assert g.state.player().sliders[2] == 0 and g.state.player().level == 1
    refused(holding("quasar"), Use("quasar", (L,)), "cosmos.power.cannot")
    g = holding("white-dwarf", board=board(o=("S1",))).apply(Use("white-dwarf", (T, T)))
    g = g.apply(Choose("S1"))
    assert g.state.player().board.nova == stars("S1") and g.state.player().level == 1
    g = holding("core-collapse", board=board(o=("S1",)), sliders=(0, 0, 1))
    assert g.apply(Use("core-collapse", (L,))).apply(Choose("S1")).state.player().board.nova
    g = holding("abiogenesis", board=board()).apply(Use("abiogenesis", (C,)))
    assert len(g.legal()) == 99
    g = holding("amino-acids", board=board()).apply(Use("amino-acids", (C,)))
    assert g.apply(Choose("L9")).state.player().board.stable == life("L9")
    g = holding("nuclear-fusion", board=board(h=("S1",))).apply(Use("nuclear-fusion", (T,)))
    assert g.apply(Choose("S1")).apply(Choose("S1", Star.O)).state.player().board.stars[2]
    g = holding("relativity-delta", board=board()).apply(Use("relativity-delta", (T, T)))
    assert Choose("S1", Star.H) in g.legal()
    g = holding("relativity-phi", board=board()).apply(Use("relativity-phi", (C, C)))
    assert Choose("S1", Star.H) not in g.legal()
