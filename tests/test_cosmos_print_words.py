"""Crafting the Cosmos's printed words a new player tripped on (review and play test):
collecting goes round all four controls, a time crystal gained is a step up the
chamber, one wording for a control's room and a graviton's path, turn order, the
set-up nebulae and sector borders. Read back from the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.model import Verb
from pnp.cosmos.power_content import power_cards
from tests.conftest import Run


def _words(path: Path) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(path).pages).split())


@pytest.fixture
def printed(run: Run) -> dict[str, str]:
    out = {}
    for name in ("aid", "rules", "setup-sheet", "power-cards"):
        assert run("cosmos", name, "-o", f"{name}.pdf").exit_code == 0
        out[name] = _words(Path(f"{name}.pdf"))
    return out


def test_collecting_takes_every_control_s_passive_reward_clockwise_from_yours(
    printed: dict[str, str],
) -> None:
    """Seed "Collect Resources": "then from all 4 of the passive control spaces …
    start with … the control with your energy token … move clockwise around"."""
    for sheet in ("aid", "rules"):
        words = printed[sheet]
        assert (
            "the passive reward of every control, all four, going clockwise round the board "
            "starting with yours" in words
        ), sheet
        assert "on clockwise" not in words, sheet


def test_a_time_crystal_gained_is_a_step_up_the_chamber_everywhere(
    printed: dict[str, str],
) -> None:
    """Seed "Time Crystals": "Gain: Slide a time crystal up your time chamber track"."""
    said = [c.effect_text() for c in power_cards() if "crystal" in c.effect_text()]
    assert len(said) == 8
    bare = [e for e in said if re.search(r"time crystals?(?! steps?)", e)]
    assert bare == []
    for sheet in ("aid", "rules", "power-cards"):
        assert "time crystal step" in printed[sheet], sheet
    assert re.search(r"[Gg]ain \d time crystals?(?! step)", printed["power-cards"]) is None


def test_one_wording_for_a_control_s_room_and_a_graviton_s_path(printed: dict[str, str]) -> None:
    for sheet in ("aid", "rules"):
        words = printed[sheet]
        assert "next control clockwise holding fewer than 3 tokens" in words, sheet
        assert "with room" not in words and "at most 3 tokens" not in words, sheet
        assert (
            "along a path of adjacent spaces of that kind, in any direction, every space "
            "passed over occupied" in words
        ), sheet
        assert "hopping" not in words, sheet


def test_turn_order_set_up_nebulae_and_sector_borders_are_said(printed: dict[str, str]) -> None:
    for sheet in ("aid", "rules", "setup-sheet"):
        assert "clockwise from the first player" in printed[sheet], sheet
        assert "passes left, to the next player clockwise" in printed[sheet], sheet
    assert "The top tile of each shuffled nebula stack" in printed["setup-sheet"]
    assert "top nebula tile of each shuffled stack" in printed["rules"]
    assert (
        "counts for every sector it touches (the centre star touches all three)"
        in (printed["rules"])
    )
    assert "counts for both" not in printed["rules"]


def test_the_set_up_names_the_starting_spaces(printed: dict[str, str]) -> None:
    """Every life space on a sector border is bold, so "bold" no longer finds the start."""
    g = galaxy()
    words = printed["setup-sheet"]
    assert f"1 proto life on the starting life space (the sprout, {g.start_life})" in words
    assert f"1 H star on the centre star space (marked H, {g.centre})" in words
    assert "(bold" not in words


def test_crystals_borrowed_from_the_box_never_keep_the_game_going(
    printed: dict[str, str],
) -> None:
    """Spec cosmos.md "End phase" 4: the game ends if the main time crystal supply is
    empty (crystals taken from the box do not count)."""
    for sheet in ("aid", "rules"):
        words = printed[sheet]
        assert "main time crystal supply" in words, sheet
        assert "(crystals borrowed from the box don't count)" in words, sheet
        assert "an empty supply lends one from the box, which never refills the supply" in words
        assert "may come from the box" not in words, sheet
        assert re.search(r"(?<!main) time crystal supply (is|runs|empty)", words) is None, sheet
    assert "borrow them later" not in printed["setup-sheet"]
    assert (
        "Crystals borrowed from the box when the supply is empty never refill it"
        in (printed["setup-sheet"])
    )


def test_a_power_card_s_move_says_the_path_as_the_aid_says_a_graviton_s(
    printed: dict[str, str],
) -> None:
    """A card's `where = "movement"` is a graviton's move; "movement" is no printed term."""
    kinds = {"proto": "life", "stable": "life", "star": "star", "that-star": "star"}
    moving = [
        (card, step)
        for card in power_cards()
        for steps in card.effect
        for step in steps
        if step.verb is Verb.MOVE and step.where == "movement"
    ]
    assert {card.id for card, _ in moving} == {"genetic-drift", "binary-star"}
    for card, step in moving:
        path = f"along a path of adjacent {kinds[step.what]} spaces, every space passed over"
        assert path in card.effect_text(), card.id
        assert path in printed["power-cards"], card.id
    assert "movement" not in printed["power-cards"]


def test_the_summary_says_which_goal_an_end_phase_scores(printed: dict[str, str]) -> None:
    """Seed "END PHASE": goals move down; the one reaching the 4th space scores (the
    first one revealed does so in the third end phase, not the first)."""
    words = printed["rules"]
    assert "oldest" not in words
    assert "the universal goals move down their track, and the one reaching its 4th space" in words


def test_a_standard_star_is_defined_and_a_discharge_after_the_fifth_gains_the_star_only(
    printed: dict[str, str],
) -> None:
    for sheet in ("aid", "rules"):
        assert "a standard star: H, He, O or C, not a supernova" in printed[sheet].replace(
            "A standard", "a standard"
        ), sheet
    assert "gains a standard star" in printed["aid"]
    assert "after the 5th: the star only" in printed["aid"]
    uses = [c.id for c in power_cards() if "standard star" in c.effect_text()]
    assert len(uses) == 6  # Nuclear Fusion, Fission, Speed of Light, the Relativity cards


def test_power_tokens_pay_at_a_control_holding_no_energy_token(printed: dict[str, str]) -> None:
    """The engine pays them (cosmos.energy.collect); the play test read "none if it holds
    none" as "your power tokens there pay nothing either"."""
    for sheet in ("aid", "rules"):
        words = printed[sheet]
        assert "plus once per power token of yours there, even when it holds no energy" in words
        assert "none if it holds none" not in words, sheet
    assert "Controls, clockwise (active / passive reward)" in printed["aid"]
