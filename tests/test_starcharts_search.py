"""The Star Charts search bot (``pnp.play.starcharts_search``): its games are legal in
every variant (``check`` replays their logs), the same for a seed on any number of
processes, reachable from the CLI with its budget, and better than the greedy bot."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.play.starcharts_games import deal, play
from pnp.play.starcharts_search import DraftRules, changed_drafts, duel, search_bot
from pnp.play.starcharts_simulate import simulate
from pnp.score.result import GameResult
from pnp.score.starcharts_replay import check_log
from pnp.starcharts.actions import Adjust, Draft, Flip, Reuse, Skip, Turn
from pnp.starcharts.bots import greedy_turn, random_turn
from pnp.starcharts.chart import load_chart
from pnp.starcharts.game import Game, Phase
from pnp.starcharts.log import parse_log
from pnp.starcharts.setup import Setup, Variant
from tests.conftest import Run

BUDGET = 8  # playouts a decision: as few as the candidates, enough to test the plumbing


def mid_game(variant: Variant, players: tuple[str, ...]) -> Game:
    """A game some rounds in, a draft under way (played by the greedy bot)."""
    chart = load_chart("lyra-8-obstacles")
    rng = random.Random(7)
    game = Game(Setup(chart, deal(chart, rng), players, variant), trusted=True)
    for number in range(1, 4):
        game.start_round(number, [rng.randint(1, 8) for _ in range(5)])
        while game.phase is Phase.DRAFT:
            seat = game.next_seats()[0]
            game.play(seat, greedy_turn(game, seat, rng))
        game.finish_round()
    game.start_round(4, [rng.randint(1, 8) for _ in range(5)])
    return game


@pytest.mark.parametrize(
    ("variant", "players"),
    [(Variant.TWO_PLAYER, ("Ada", "Ben")), (Variant.VERSUS_AI, ("Ada",))],
)
def test_a_copy_plays_on_without_touching_the_game(
    variant: Variant, players: tuple[str, ...]
) -> None:
    game = mid_game(variant, players)
    before = (
        [(s.marked, s.circled, list(s.gained), list(s.boxes)) for s in game.sheets],
        list(game.pool),
        list(game.picks),
        {o: list(r) for o, r in game.claim_rounds.items()},
        None if game.ai is None else game.ai.progress,
    )
    copy = game.copy()
    seat = copy.next_seats()[0]
    copy.play(seat, greedy_turn(copy, seat, random.Random(1)))
    assert copy.sheets[seat].marked != game.sheets[seat].marked
    after = (
        [(s.marked, s.circled, list(s.gained), list(s.boxes)) for s in game.sheets],
        list(game.pool),
        list(game.picks),
        {o: list(r) for o, r in game.claim_rounds.items()},
        None if game.ai is None else game.ai.progress,
    )
    assert after == before


def test_the_candidates_are_the_greedy_bots_best_drafts_the_first_its_choice() -> None:
    game = mid_game(Variant.TWO_PLAYER, ("Ada", "Ben"))
    seat = game.next_seats()[0]
    moves = DraftRules(5, 3).moves(game, seat)
    assert len(moves) == 5
    drafts = [m for m in moves if isinstance(m, Draft)]
    assert len(set(drafts)) == 5
    best = greedy_turn(game, seat, random.Random(3))  # the same tie-breaks
    assert isinstance(best, Draft)
    assert (drafts[0].die, drafts[0].actions[0]) == (best.die, best.actions[0])


@pytest.mark.parametrize(
    ("chart_id", "players", "variant"),
    [
        ("lyra-8-obstacles", 4, None),
        ("cygnus-8", 3, None),
        ("orion-8-obstacles", 2, None),
        ("leo-8", 1, Variant.VERSUS_AI),
        ("serpens-8-obstacles", 1, Variant.SOLO),
    ],
)
def test_search_games_replay_through_check_in_every_variant(
    chart_id: str, players: int, variant: Variant | None
) -> None:
    chart = load_chart(chart_id)
    summary, logs = simulate(chart, players, 1, 5, "search", variant, keep_logs=True, budget=BUDGET)
    assert summary.games == 1
    [log] = logs
    games, result = check_log(parse_log(log, "search.txt", load_chart))
    assert games[0].over
    assert isinstance(result, GameResult)
    assert sorted(p.total for p in result.players) == sorted(summary.scores)


def test_the_same_seed_gives_the_same_games_on_one_process_or_two() -> None:
    chart = load_chart("lyra-8")
    one = simulate(chart, 2, 2, 9, "search", keep_logs=True, jobs=1, budget=BUDGET)
    two = simulate(chart, 2, 2, 9, "search", keep_logs=True, jobs=2, budget=BUDGET)
    other = simulate(chart, 2, 1, 10, "search", keep_logs=True, jobs=1, budget=BUDGET)
    assert one[1] == two[1]
    assert one[0] == two[0]
    assert one[1][0] != other[1][0]


def test_the_cli_plays_the_search_bot_with_its_budget(run: Run, tmp_path: Path) -> None:
    args = ["starcharts", "simulate", "--chart", "lyra-8", "--players", "2", "--games", "2"]
    args += ["--bot", "search", "--budget", "9", "--jobs", "1", "--logs", "logs"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "lyra-8: 2 games, 2 players, search bots (9 playouts a decision)" in result.output
    assert run(*args).output == result.output
    for log in sorted((tmp_path / "logs").glob("*.txt")):
        checked = run("starcharts", "check", str(log))
        assert checked.exit_code == 0, checked.output


def test_a_skip_is_the_only_move_when_no_die_fits() -> None:
    game = mid_game(Variant.TWO_PLAYER, ("Ada", "Ben"))
    seat = game.next_seats()[0]
    game.pool = [8] * len(game.pool)
    game.sheets[seat].set_marks(game.g.full & ~1)  # one cell left: no run of 8 fits
    assert DraftRules(8, 1).moves(game, seat) == [Skip()]


def test_it_beats_the_greedy_bot_seats_swapped_on_the_same_dice() -> None:
    """12 games at the smallest budget: it wins 8 (bench/bench_search_starcharts.py
    measures the rate on hundreds, at real budgets)."""
    bot = search_bot(BUDGET)
    charts = [load_chart(c) for c in ("lyra-8", "lyra-8-obstacles")]
    duels = [duel(chart, 1, k, bot, seat) for chart in charts for k in range(3) for seat in (0, 1)]
    assert sum(d.share for d in duels) == 8
    assert (sum(d.score for d in duels), sum(d.greedy for d in duels)) == (379, 358)


@pytest.mark.parametrize(
    ("chart_id", "players", "variant"),
    [
        ("lyra-8-obstacles", ("Ada", "Ben", "Cy"), Variant.STANDARD),
        ("cygnus-10", ("Ada",), Variant.VERSUS_AI),
        ("serpens-8-obstacles", ("Ada",), Variant.SOLO),
    ],
)
def test_every_draft_that_spends_an_ability_is_legal(
    chart_id: str, players: tuple[str, ...], variant: Variant
) -> None:
    """Games of random bots (which gain and spend abilities): at every decision, each
    changed draft plays on a copy, changes the die with an unused ability to a value no
    die shows, and costs exactly that ability."""
    chart, rng, tried = load_chart(chart_id), random.Random(3), 0

    def checked(game: Game, seat: int, rng: random.Random) -> Turn:
        nonlocal tried
        for _, changed in changed_drafts(game, seat, rng):
            assert isinstance(changed.actions[0], (Adjust, Flip, Reuse))
            assert changed.die in game.pool
            copy = game.copy()
            copy.play(seat, changed)  # raises on an illegal draft
            used = [len(s.used) for s in copy.sheets], [len(s.used) for s in game.sheets]
            assert sum(used[0]) == sum(used[1]) + 1
            tried += 1
        return random_turn(game, seat, rng)

    for _ in range(6):
        play(Setup(chart, deal(chart, rng), players, variant), checked, rng, record=False)
    assert tried >= 5


def test_the_search_bot_spends_abilities_when_they_pay() -> None:
    bot = search_bot(BUDGET)
    spent = 0
    for k in range(3):
        chart = load_chart("lyra-8-obstacles")
        deck = random.Random(f"1:{k}")
        setup = Setup(chart, deal(chart, deck), ("Ada", "Ben"), Variant.TWO_PLAYER)
        game, _ = play(setup, bot, random.Random(k), record=False, dice=deck)
        spent += sum(len(s.used) for s in game.sheets)
    assert spent > 0
