"""The Astra search bot (``pnp.play.astra_search``): its candidates are the greedy bot's
own, ranked; its playouts deal what nobody sees afresh and keep what everyone sees; it
plays legal games that replay in ``check``, the same for any ``--jobs``; the CLI routes
``--bot search`` to it; and it beats the greedy bot on a fixed sample."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.astra.actions import Action
from pnp.astra.bots import Bot, greedy_bot
from pnp.astra.game import Game
from pnp.astra.log import parse_log
from pnp.astra.setup import setup, solo_game
from pnp.astra.solo import Difficulty
from pnp.astra.state import GAME_END
from pnp.cli.astra_sim import simulate as simulate_command
from pnp.play.astra_search import SearchBot, dealt, ranked, seat_due, value
from pnp.play.astra_simulate import NAMES, format_summary, game_seed, play, simulate
from pnp.score.astra_replay import check_log, check_solo


def greedy_positions(players: int, seed: int, every: int) -> list[Game]:
    """Every ``every``-th position of a greedy game (``players`` 1: solo)."""
    dealt_up = solo_game("Ada", seed) if players == 1 else setup(NAMES[:players], seed=seed)
    game, rng, out = Game.start(dealt_up), random.Random(seed), []
    for n in range(10_000):
        if game.over:
            break
        if n % every == 0:
            out.append(game)
        game = game.apply(greedy_bot(game, rng))
    return out


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_first_candidate_is_the_greedy_bots_own_decision(players: int) -> None:
    for k, game in enumerate(greedy_positions(players, 5, 3)):
        mine = ranked(game, random.Random(k))
        assert mine[0] == greedy_bot(game, random.Random(k))
        assert len(set(mine)) == len(mine)


def test_a_playout_deals_the_unseen_cards_afresh_and_keeps_the_seen_ones() -> None:
    game = greedy_positions(2, 3, 25)[1]
    s = game.state
    orders = set()
    for k in range(5):
        d = dealt(s, random.Random(k))
        assert d.deck[: s.top] == s.deck[: s.top]
        assert d.deck.index(GAME_END) == s.deck.index(GAME_END) > s.top
        assert sorted(d.deck) == sorted(s.deck)
        assert (d.board, d.marks, d.discard, d.scoring) == (s.board, s.marks, s.discard, s.scoring)
        orders.add(d.deck)
    assert len(orders) == 5


def test_solo_his_pile_and_dice_are_dealt_afresh_but_what_shows_stays() -> None:
    hard = frozenset({Difficulty.EASY_TOP_OPEN, Difficulty.HARD_RIGHT_HIDDEN})
    s = Game.start(solo_game("Ada", 4, hard)).state
    assert s.solo is not None
    lib = s.solo.library
    piles, rights = set(), set()
    for k in range(8):
        his = dealt(s, random.Random(k)).solo
        assert his is not None and his.seed != s.solo.seed
        new = his.library
        assert new.left == lib.left and new.pile[0] == lib.pile[0]  # face up, the top open
        assert sorted((new.right, *new.pile)) == sorted((lib.right, *lib.pile))
        piles.add(new.pile)
        rights.add(new.right)
    assert len(piles) == 8 and len(rights) > 1  # the hidden right card is among the unseen


def test_a_win_is_worth_more_than_a_loss_and_a_margin_counts_a_little() -> None:
    played = play(2, game_seed(1, 0), greedy_bot)
    totals = [f.total for f in played.game.final()]
    winner = totals.index(max(totals))
    assert totals[0] != totals[1]
    assert 0.7 <= value(played.game, winner) <= 1.0
    assert 0.0 <= value(played.game, 1 - winner) <= 0.3
    assert value(played.game, winner) + value(played.game, 1 - winner) == pytest.approx(1.0)


def late(players: int, seed: int) -> Game:
    """A greedy game's first position after the Game End card shows (``players`` 1:
    solo): a round or two is left, so playouts are short."""
    return next(g for g in greedy_positions(players, seed, 1) if g.last_turn is not None)


def finish(game: Game, bots: tuple[Bot, ...], seed: int) -> tuple[Game, list[Action]]:
    """``game`` played to its end by each seat's bot; every decision checked by ``apply``."""
    rng, actions = random.Random(seed), []
    while not game.over:
        actions.append(bots[seat_due(game)](game, rng))
        game = game.apply(actions[-1])
    return game, actions


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_search_plays_legal_decisions_the_same_for_a_seed(players: int) -> None:
    start = late(players, 7)
    bots = (SearchBot(3),) * players
    ended, actions = finish(start, bots, 1)
    assert ended.over and len(actions) > players
    assert finish(start, bots, 1)[1] == actions


def test_search_logs_check_and_are_the_same_for_any_jobs() -> None:
    one = simulate(2, 2, 3, "search", keep_logs=True, jobs=1, budget=1)
    two = simulate(2, 2, 3, "search", keep_logs=True, jobs=2, budget=1)
    assert one[1] == two[1] and one[0].scores == two[0].scores
    for k, text in enumerate(one[1]):
        result, _ = check_log(parse_log(text, "search.txt"))
        assert [p.total for p in result.players] == one[0].scores[2 * k : 2 * k + 2]
    solo = simulate(1, 1, 3, "search", keep_logs=True, difficulty=frozenset(), budget=1)
    assert check_solo(parse_log(solo[1][0], "solo.txt")).parts.total == solo[0].scores[0]


def test_the_cli_routes_search_with_its_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["--players", "2", "--games", "1", "--seed", "4", "--jobs", "1", "--logs", "logs"]
    result = CliRunner().invoke(simulate_command, [*args, "--bot", "search", "--budget", "1"])
    assert result.exit_code == 0, result.output
    expected = simulate(2, 1, 4, "search", keep_logs=True, budget=1)
    assert result.output == format_summary(expected[0], 2, "search", budget=1)
    assert result.output.startswith("astra: 1 games, 2 players, search (1 playouts a decision)")
    assert Path("logs/game-1.txt").read_text(encoding="utf-8") == expected[1][0]


def margin(game: Game, seat: int) -> int:
    """``seat``'s Fame less the other player's, in a finished two-player game."""
    totals = [f.total for f in game.final()]
    return totals[seat] - totals[1 - seat]


def test_it_beats_the_greedy_bot_from_late_positions() -> None:
    """From the end of twelve greedy games, each seat played once by the search bot (a
    budget of 8) and once by the greedy bot, the other greedy: the margin each ends with."""
    better = worse = 0
    for seed in range(12):
        start = late(2, seed)
        for seat in (0, 1):
            bots: list[Bot] = [greedy_bot, greedy_bot]
            greedy = margin(finish(start, tuple(bots), seed)[0], seat)
            bots[seat] = SearchBot(8)
            searched = margin(finish(start, tuple(bots), seed)[0], seat)
            better += searched > greedy
            worse += searched < greedy
    assert (better, worse) == (3, 1)  # the same margin in the other 20
