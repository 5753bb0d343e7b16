"""What one run can still do (``one_run``, ``cover``): the greedy bot skips every run
that misses the cells they return, so every run that meets a card, or completes a line,
must cover one of them. Checked on every legal run of sheets from random games."""

from __future__ import annotations

import random

import pytest

from pnp.play.starcharts_games import NAMES, deal, play
from pnp.starcharts.actions import Turn
from pnp.starcharts.bots import random_turn
from pnp.starcharts.chart import load_chart
from pnp.starcharts.game import Game
from pnp.starcharts.geometry import MAX_COST, geometry
from pnp.starcharts.objectives import FACTORIES, check, cover, one_run
from pnp.starcharts.setup import Setup, Variant
from pnp.starcharts.sheet import Sheet


def positions(chart_id: str, seed: int) -> list[Sheet]:
    """Every other sheet a random bot drafted on in three 4-player games."""
    chart = load_chart(chart_id)
    rng = random.Random(seed)
    seen: list[Sheet] = []

    def bot(game: Game, seat: int, rng: random.Random) -> Turn:
        sheet = Sheet(game.g, "t")
        sheet.set_marks(game.sheets[seat].marked)
        seen.append(sheet)
        return random_turn(game, seat, rng)

    for _ in range(3):
        play(Setup(chart, deal(chart, rng), NAMES, Variant.STANDARD), bot, rng, record=False)
    return seen[::2]


CASES = [("lyra-8-obstacles", 1), ("orion-10-obstacles", 2), ("cygnus-8", 3)]


@pytest.mark.parametrize(("chart_id", "seed"), CASES)
def test_every_run_that_meets_a_card_covers_a_cell_one_run_returns(
    chart_id: str, seed: int
) -> None:
    for sheet in positions(chart_id, seed):
        g, marked = sheet.g, sheet.marked
        for cost in range(1, MAX_COST + 1):
            tight = {o: one_run(o, g, marked, cost) for o in FACTORIES}
            loose = {o: one_run(o, g, marked, MAX_COST) for o in FACTORIES}
            for run in sheet.runs(cost):
                for o in FACTORIES:
                    if check(o, g)(marked | run):
                        assert run & tight[o] and run & loose[o], (o, marked, run)


@pytest.mark.parametrize(("chart_id", "seed"), CASES)
def test_every_run_that_completes_a_line_covers_the_cell_cover_returns(
    chart_id: str, seed: int
) -> None:
    for sheet in positions(chart_id, seed):
        g, marked = sheet.g, sheet.marked
        for cost in range(1, MAX_COST + 1):
            for run in sheet.runs(cost):
                for line in g.touched(run):
                    if (marked | run) & g.lines[line] == g.lines[line]:
                        assert run & cover(g, marked, g.lines[line] & ~marked, cost)


def test_one_run_rules_out_what_no_run_can_meet() -> None:
    g = geometry(load_chart("lyra-8"))
    assert one_run("four-corners", g, 0, 8) == 0  # corners on two rows: two runs at least
    corners_left = g.corners & ~(1 << 0)
    assert one_run("four-corners", g, corners_left, 8) == 1  # A1 alone is missing
    assert one_run("two-rows", g, g.rows[0], 7) == 0  # a whole row is 8 points
    assert one_run("two-rows", g, g.rows[0], 8) != 0
    assert one_run("half-sky", g, 0, 8) == 0
    assert one_run("border", g, g.ring, 1) == g.full  # met: every run covers a cell
