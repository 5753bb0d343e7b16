"""The Crafting the Cosmos engine's slider actions and the omega (seed 001 "CRAFT PHASE
RESOURCE SLIDER ACTIONS", "END OF CRAFT PHASE ACTIONS"), on boards set up by
``tests.test_cosmos_engine``'s helpers."""

from __future__ import annotations

from pnp.cosmos.actions import Choose, Move, Omega, Stabilize, Supernova
from pnp.cosmos.geometry import geometry
from pnp.cosmos.state import Need, Phase
from tests.test_cosmos_engine import board, crafting, edit, life, refused, stars, tile

# ---------------------------------------------------------------- sliders


def test_slider_actions() -> None:
    b = board(h=("S1",), he=("S4",), nova=("S4",), proto=("L1",))
    g = crafting(board=b, sliders=(1, 1, 0))
    g2 = g.apply(Supernova("S1")).apply(Stabilize("L1"))
    p = g2.state.player()
    assert p.board.nova == stars("S1", "S4") and p.board.stable == life("L1")
    assert p.sliders == (0, 0, 0)
    refused(g, Supernova("S4"), "cosmos.slider.supernova")  # already a supernova
    refused(g2, Supernova("S1"), "cosmos.slider.supernova")  # slider at 0
    refused(g, Stabilize("L2"), "cosmos.slider.dna")
    refused(g, Move("S1", "S5"), "cosmos.slider.graviton")  # no graviton


def test_movement_hops_over_occupied_spaces() -> None:
    # S1's neighbours are S4 and S5; S5's are S1, S2, S9. With S5 taken, S1 reaches
    # S4 (next to it) and S2, S9 (hopping over S5); S4 holds a supernova too: S8.
    b = board(h=("S1", "S5"), he=("S4",), nova=("S4",))
    g = crafting(board=b, sliders=(0, 0, 1))
    moves = {a.to for a in g.legal() if isinstance(a, Move) and a.source == "S1"}
    assert moves == {"S2", "S9", "S8"}
    g2 = g.apply(Move("S1", "S9"))
    assert g2.state.player().board.stars[0] == stars("S5", "S9")
    refused(g, Move("S1", "S13"), "cosmos.slider.graviton")  # no occupied path
    refused(g, Move("S4", "S8"), "cosmos.slider.graviton")  # a supernova never moves
    lg = crafting(board=board(proto=("L1", "L2")), sliders=(0, 0, 1))
    assert lg.apply(Move("L2", "L3")).state.player().board.proto == life("L1", "L3")


# ---------------------------------------------------------------- omega


def test_omega_nebula_placed_at_once_and_the_turn_ends() -> None:
    g = crafting(held_stars=(2, 0, 0, 0), held_life=1, held_tiles=(tile("1B"),), sliders=(3, 2, 1))
    s0 = g.state
    top = s0.stacks[1][0]
    g = g.apply(Omega(2))
    assert g.state.needs[0] == Need("place-nebula", s0.active, cards=(top,))
    refused(g, Omega(1), "cosmos.turn.decision")
    g = g.apply(Choose("N1"))
    s = g.state
    p = s.player(s0.active)
    assert p.board.tiles[geometry().nebula_index["N1"]] == top
    assert p.sliders == (0, 0, 0) and p.held_stars == (0, 0, 0, 0) and p.held_tiles == ()
    assert s.supply_stars[0] == s0.supply_stars[0] + 2 and s.supply_life == s0.supply_life + 1
    assert s.stacks[0][-1] == tile("1B")  # an unplaced nebula goes under its stack
    assert s.active == (s0.active + 1) % 3 and s.phase is Phase.SHIFT


def test_omega_stabilize_and_empty_stacks() -> None:
    g = crafting(board=board(proto=("L1",)))
    g = edit(g, stacks=((), (), ()))
    assert [a for a in g.legal() if isinstance(a, Omega)] == [Omega(0)]
    refused(g, Omega(3), "cosmos.omega")
    g = g.apply(Omega(0))
    assert g.legal() == [Choose("L1")]
    active = g.state.active
    assert g.apply(Choose("L1")).state.player(active).board.stable == life("L1")
