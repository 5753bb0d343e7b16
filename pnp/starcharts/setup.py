"""A Star Charts game's set-up: the variant, the chart, the dealt cards and the players,
what makes a set-up valid, and what a variant lets one sheet do in a round."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from pnp.errors import shown
from pnp.starcharts.chart import Chart
from pnp.starcharts.content import objective_by_id
from pnp.starcharts.rules import RuleError


class Variant(Enum):
    STANDARD = "standard"
    TWO_PLAYER = "two-player"
    SOLO = "solo"
    VERSUS_AI = "versus-ai"

    def players_ok(self, count: int) -> bool:
        if self is Variant.STANDARD:
            return count in (3, 4)
        return count == (2 if self is Variant.TWO_PLAYER else 1)


SOLO_SHEETS = ("A", "B")


class Setup(NamedTuple):
    chart: Chart
    objectives: tuple[str, ...]
    players: tuple[str, ...]
    variant: Variant = Variant.STANDARD
    first_roller: int = 0  # index into players


def check_setup(setup: Setup) -> list[RuleError]:
    """Problems with a game's set-up (empty when it is valid)."""
    problems: list[RuleError] = []
    known = objective_by_id()
    objectives = setup.objectives
    if len(objectives) != 4 or len(set(objectives)) != 4:
        problems.append(RuleError("setup.objectives", "4 different objective cards are dealt"))
    for obj in objectives:
        if obj not in known:
            problems.append(
                RuleError(
                    "setup.objectives",
                    f"unknown objective {shown(obj)} (expected one of {', '.join(known)})",
                )
            )
        elif known[obj].obstacles and not setup.chart.has_obstacles:
            problems.append(
                RuleError("setup.objectives", f"{obj} is only dealt with an obstacle chart")
            )
    if not setup.variant.players_ok(len(setup.players)):
        wanted = {
            Variant.STANDARD: "3 or 4 players",
            Variant.TWO_PLAYER: "2 players",
            Variant.SOLO: "1 player",
            Variant.VERSUS_AI: "1 player",
        }[setup.variant]
        problems.append(
            RuleError(
                "setup.players",
                f"{setup.variant.value} is played by {wanted}, not {len(setup.players)}",
            )
        )
    if len(set(setup.players)) != len(setup.players):
        problems.append(RuleError("setup.players", "every player needs a different name"))
    return problems


def dice_count(variant: Variant, players: int) -> int:
    return 4 if variant is Variant.STANDARD and players == 3 else 5


def drafts_per_round(variant: Variant) -> int:
    """How many dice one sheet drafts (or skips) a round: standard 1; two-player and
    versus-ai 2 (roller, other, other, roller); solo 2 per chart."""
    return 1 if variant is Variant.STANDARD else 2


def ability_marks(variant: Variant) -> int:
    """The most cells abilities add to one sheet over a whole game: adjust makes one die
    2 larger, place-x marks one cell, and the other abilities never give a run more than
    a die's 8 cells. A solo chart may also use the other chart's abilities."""
    return (2 + 1) * (2 if variant is Variant.SOLO else 1)


def max_marked(variant: Variant, rounds: int, skipped: int = 0) -> int:
    """The most cells a sheet can have marked at the end of round ``rounds`` when
    ``skipped`` of its drafts were skips: 8 a draft (a run never covers more cells than
    it costs), plus what abilities add."""
    return 8 * max(0, drafts_per_round(variant) * rounds - skipped) + ability_marks(variant)
