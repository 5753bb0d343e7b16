"""The rules summary's worked first turn (play test: one dense page and no example) is a
real legal turn: its decisions, in order, are the ones docs/examples/cosmos-first-turn.txt
writes down, that log replays under every rule, and what the text says happened is what
the engine finds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.game import Game
from pnp.cosmos.power_content import power_cards
from pnp.cosmos.text import text
from pnp.score.cosmos_replay import load_log, replay
from tests.conftest import Run

LOG = Path(__file__).resolve().parent.parent / "docs" / "examples" / "cosmos-first-turn.txt"
LIGHT, TIME, GRAVITY, CHEMISTRY = range(4)


def _said() -> str:
    return " ".join(text("print.rules.example").split())


def test_the_example_s_decisions_are_the_log_s() -> None:
    """Each "(log: …)" in order, joined, is the log's one turn."""
    said = "; ".join(re.findall(r"\(log: ([^)]*)\)", _said()))
    line = next(x for x in LOG.read_text().splitlines() if x.startswith("Ann: "))
    assert said == line.removeprefix("Ann: ")
    assert "docs/examples/cosmos-first-turn.txt" in _said()


def test_the_log_replays_and_the_table_is_as_the_example_says() -> None:
    log = load_log(LOG)
    assert log.players == ("Ann", "Ben", "Cat")
    start = Game.start(log.players, log.seed).state
    assert start.active == 0  # Ann starts: her token was dealt last
    assert start.tokens == (TIME, LIGHT, TIME)  # Ann, Ben, Cat
    assert start.dark == (1, 0, 1, 1)
    ann, g = start.players[0], galaxy()
    n10 = g.nebulae.index(g.nebula("N10"))
    tile = ann.board.tile(n10)
    assert tile is not None and (tile.id, tile.stars) == ("1R", ("He", "C"))
    assert ann.hand == (2, 0, 1, 1)

    game, _ = replay(log, unfinished=True)
    s = game.state
    assert s.active == 1 and not game.over  # Ben plays next
    ann = s.players[0]
    assert s.tokens[0] == GRAVITY
    assert ann.points.nebulae == 3 and sum(ann.points) == 3
    assert ann.board.done >> n10 & 1  # N10 completed and flipped
    assert ann.level == 1  # one time crystal step
    cards = power_cards()
    assert cards[ann.slots[0]].id == "abiogenesis" and ann.slots[1:] == (-1, -1, -1)
    assert ann.sliders == (0, 0, 0)  # the gravitons unspent, lost
    star = {s.id: k for k, s in enumerate(g.stars)}
    life = {s.id: k for k, s in enumerate(g.life)}
    assert ann.board.all_stars >> star["S19"] & 1 and not ann.board.all_stars >> star["S24"] & 1
    assert ann.board.stable >> life["L55"] & 1 and ann.board.proto >> life["L45"] & 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_example_is_printed_on_a_page_of_its_own(run: Run, paper: str) -> None:
    assert run("cosmos", "rules", "--paper", paper, "-o", "rules.pdf").exit_code == 0
    pages = [" ".join(p.extract_text().split()) for p in PdfReader("rules.pdf").pages]
    heading = _said().split(" Three players")[0]
    assert len(pages) == 2 and heading not in pages[0] and heading in pages[1]
    assert "(log: shift)" in pages[1]
