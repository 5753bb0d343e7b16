"""Crafting the Cosmos's printed words a new player tripped on (review and play test):
collecting goes round all four controls, a time crystal gained is a step up the
chamber, one wording for a control's room and a graviton's path, turn order, the
set-up nebulae and sector borders. Read back from the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

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
