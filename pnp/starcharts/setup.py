"""A Star Charts game's set-up: the variant, the chart, the dealt cards and the players,
and what makes a set-up valid."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

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


@dataclass(frozen=True)
class Setup:
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
                    f"unknown objective {obj!r} (expected one of {', '.join(known)})",
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
