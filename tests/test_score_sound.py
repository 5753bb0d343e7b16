"""The scorer's checks of what the rules imply are sound: sheets of legal games never
trip them. Every game here is played by the bots, replayed through the checker, and
written out as ``check --sheets`` writes it; scoring that must find nothing wrong."""

from __future__ import annotations

import os
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.errors import SourceError
from pnp.play.starcharts_games import deal, play
from pnp.play.starcharts_simulate import log_text
from pnp.score.starcharts import score_finished
from pnp.score.starcharts_replay import check_log, finished_text
from pnp.starcharts.bots import BOTS
from pnp.starcharts.chart import Chart, chart_ids, load_chart
from pnp.starcharts.finished import parse_finished
from pnp.starcharts.game import Game, Phase
from pnp.starcharts.geometry import geometry
from pnp.starcharts.log import parse_log
from pnp.starcharts.objectives import FEWEST, fewest_marks, met
from pnp.starcharts.setup import Setup, Variant, dice_count, drafts_per_round, max_marked

# PNP_SOUND_EXAMPLES=5000 for a long local run; CI keeps the default.
EXAMPLES = int(os.environ.get("PNP_SOUND_EXAMPLES", "40"))
VARIANTS = [
    (("Ada", "Ben", "Cleo", "Dev"), Variant.STANDARD),
    (("Ada", "Ben", "Cleo"), Variant.STANDARD),
    (("Ada", "Ben"), Variant.TWO_PLAYER),
    (("Solo",), Variant.SOLO),
    (("Ada",), Variant.VERSUS_AI),
]


def _sheets(chart_id: str, seating: tuple[tuple[str, ...], Variant], bot: str, seed: int) -> str:
    """A simulated game, replayed from its log, as the finished sheets ``check`` writes."""
    chart = load_chart(chart_id)
    rng = random.Random(seed)
    players, variant = seating
    setup = Setup(chart, deal(chart, rng), players, variant)
    _, body = play(setup, BOTS[bot], rng)
    games, _ = check_log(parse_log(log_text(setup, chart_id, body), "sim.txt", load_chart))
    return finished_text(games[0], chart_id)


def _score(text: str, chart: Chart) -> list[str]:
    """Every problem and warning scoring the sheets reports."""
    try:
        _, warnings = score_finished(parse_finished(text, "sheets.txt"), chart)
    except SourceError as error:
        return [str(p) for p in error.problems]
    return [str(w) for w in warnings]


@pytest.mark.parametrize("seating", VARIANTS, ids=lambda s: f"{s[1].value}-{len(s[0])}")
def test_sheets_of_simulated_games_on_every_chart_trip_nothing(
    seating: tuple[tuple[str, ...], Variant],
) -> None:
    for k, chart_id in enumerate(chart_ids()):
        bot = ("random", "greedy")[k % 2]
        text = _sheets(chart_id, seating, bot, k)
        assert _score(text, load_chart(chart_id)) == [], (chart_id, bot, k, text)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(chart_ids()),
    st.sampled_from(VARIANTS),
    st.sampled_from(sorted(BOTS)),
    st.integers(0, 2**32),
)
def test_sheets_of_any_simulated_game_trip_nothing(
    chart_id: str, seating: tuple[tuple[str, ...], Variant], bot: str, seed: int
) -> None:
    text = _sheets(chart_id, seating, bot, seed)
    assert _score(text, load_chart(chart_id)) == [], text


def _rounds(game: Game, bot: str, rng: random.Random) -> list[list[tuple[int, int]]]:
    """Play ``game`` to its end; per round, each sheet's (marked cells, skips so far)."""
    seen = []
    dice = dice_count(game.variant, len(game.setup.players))
    while not game.over:
        game.start_round(game.round + 1, [rng.randint(1, 8) for _ in range(dice)])
        while game.phase is Phase.DRAFT:
            seats = game.next_seats()
            seat = rng.choice(seats)
            game.play(seat, BOTS[bot](game, seat, rng))
        for seat in range(len(game.sheets)):
            while claimable := game.claimable(seat):
                game.claim(seat, claimable[0])
        game.finish_round()
        seen.append(
            [
                (
                    s.marked.bit_count(),
                    sum(1 for b in s.boxes if b.objective is None) + (s.filled == 0),
                )
                for s in game.sheets
            ]
        )
    return seen


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    st.sampled_from(chart_ids()),
    st.sampled_from(VARIANTS),
    st.sampled_from(sorted(BOTS)),
    st.integers(0, 2**32),
)
def test_no_simulated_sheet_marks_more_than_the_bound(
    chart_id: str, seating: tuple[tuple[str, ...], Variant], bot: str, seed: int
) -> None:
    chart = load_chart(chart_id)
    rng = random.Random(seed)
    players, variant = seating
    game = Game(Setup(chart, deal(chart, rng), players, variant))
    for number, sheets in enumerate(_rounds(game, bot, rng), 1):
        for marked, skipped in sheets:
            assert marked <= max_marked(variant, number, skipped), (number, marked, skipped)


def test_the_bound_counts_drafts_skips_and_abilities() -> None:
    # 8 cells a draft, none for a skip, and adjust (+2) and place-x (1) once a game; a
    # solo chart may use both charts' abilities.
    assert max_marked(Variant.TWO_PLAYER, 1) == 19 and max_marked(Variant.STANDARD, 2, 1) == 11
    assert max_marked(Variant.SOLO, 1) == 22 and max_marked(Variant.STANDARD, 1, 5) == 3


def test_each_variant_drafts_as_often_as_the_bound_says() -> None:
    chart = load_chart("lyra-8")
    for players, variant in VARIANTS:
        game = Game(Setup(chart, ("two-rows", "core", "diagonal", "half-sky"), players, variant))
        game.start_round(1, [1] * (4 if len(players) == 3 else 5))
        picks = [game.picks.count(seat) for seat in range(len(game.sheets))]
        assert picks == [drafts_per_round(variant)] * len(game.sheets), variant


@settings(max_examples=EXAMPLES * 5, deadline=None)
@given(
    st.sampled_from(chart_ids()),
    st.sampled_from(sorted(FEWEST)),
    st.lists(st.integers(0, 39), max_size=6),
    st.integers(0, 2**100 - 1),
)
def test_no_sheet_meets_a_card_with_fewer_cells_than_fewest_marks(
    chart_id: str, objective: str, lines: list[int], noise: int
) -> None:
    g = geometry(load_chart(chart_id))
    marked = noise & g.full & noise >> 7  # sparse random cells
    for k in lines:  # and whole lines, frames and quadrants, where cards look
        shapes = g.lines + g.frames + g.quadrants + g.diagonals + (g.core, g.ring, g.corners)
        marked |= shapes[k % len(shapes)]
    if met(objective, g, marked):
        assert marked.bit_count() >= fewest_marks(objective, g)


def test_fewest_marks_are_reached() -> None:
    g = geometry(load_chart("lyra-8-obstacles"))
    fewest = {o: fewest_marks(o, g) for o in FEWEST}
    assert fewest["two-rows"] == 16 and fewest["half-sky"] == 32 and fewest["core"] == 16
    assert fewest["star-lines"] == 22  # two rows and a column, each holding a star
    assert fewest["four-corners"] == 4 and fewest["border"] == 28 and fewest["diagonal"] == 8


CLAIM = re.compile(r"^(boxes: (?:\S+ )*?[a-z-]+@(\d+)=\d+)(.*) \S+$", re.M)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    st.sampled_from(chart_ids()),
    st.sampled_from(VARIANTS[:4]),
    st.integers(0, 2**32),
)
def test_a_skip_after_a_claim_of_its_round_is_always_caught(
    chart_id: str, seating: tuple[tuple[str, ...], Variant], seed: int
) -> None:
    text = _sheets(chart_id, seating, "greedy", seed)
    # After a sheet's first claim, of round r, a 0@r; the last box makes room for it.
    mutated, count = CLAIM.subn(r"\1 0@\2\3", text, count=1)
    if count:
        problems = _score(mutated, load_chart(chart_id))
        assert any("[sheet.skip-timing]" in p for p in problems), (problems, mutated)


@pytest.mark.parametrize("chart_id", chart_ids())
def test_a_skip_on_an_empty_sheet_is_always_caught(chart_id: str) -> None:
    chart = load_chart(chart_id)
    grid = "\n".join(
        " ".join(c.value for c in chart.cells[r * chart.size : (r + 1) * chart.size])
        for r in range(chart.size)
    )
    text = (
        f"chart: {chart_id}\nobjectives: two-rows core diagonal half-sky\n\n"
        f"player: Ada\n{grid}\nboxes: 0@1 . . . .\n\nplayer: Ben\n{grid}\n"
        "boxes: . . . . .\nfilled: 0\n"
    )
    problems = _score(text, chart)
    assert sum("[sheet.skip-placeable]" in p for p in problems) == 2, problems
