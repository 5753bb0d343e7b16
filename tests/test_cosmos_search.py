"""The Cosmos search bot: legal games whose logs check, the same games for any number of
jobs, routed by ``pnp cosmos simulate --bot search``, candidates that keep what greedy
never does, determinized playouts, and stronger than greedy on a fixed sample."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli.cosmos_sim import simulate as simulate_command
from pnp.cosmos import energy
from pnp.cosmos.actions import Action, Collect, Omega, Shift, Use
from pnp.cosmos.bots import greedy_bot
from pnp.cosmos.game import legal, play, to_move
from pnp.cosmos.log import parse_log
from pnp.cosmos.setup import start
from pnp.cosmos.state import CRAFT, OVER, SHIFT, State
from pnp.play.cosmos_search import CosmosRules, SearchBot, unseen
from pnp.play.cosmos_simulate import Played, game_seed, log_text
from pnp.play.cosmos_simulate import play as play_game
from pnp.score.cosmos_replay import check_log

DEAL = game_seed(7, 0)
# The two all-search games of ``simulate --players 2 --games 2 --seed 3 --budget 1``.
PINNED = "54a7f8ec53f1a690"


def seated(search_seat: int) -> Played:
    searcher = SearchBot(1)

    def bot(s: State, rng: random.Random) -> Action:
        return (searcher if to_move(s) == search_seat else greedy_bot)(s, rng)

    return play_game(2, DEAL, bot)


@pytest.fixture(scope="module")
def against_greedy() -> list[Played]:
    return [seated(0), seated(1)]


def test_search_beats_greedy_in_both_seats(against_greedy: list[Played]) -> None:
    for seat, played in enumerate(against_greedy):
        scores, won, _ = played.game.final()
        assert won == (seat,), [f.total for f in scores]


def test_its_logs_check_to_the_same_scores(against_greedy: list[Played]) -> None:
    for played in against_greedy:
        checked, _ = check_log(parse_log(log_text(played), "game.txt"))
        scores, _, _ = played.game.final()
        assert [p.total for p in checked.players] == [f.total for f in scores]


def test_the_command_plays_search_games_the_same_for_any_jobs(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    args = [
        "--players",
        "2",
        "--games",
        "2",
        "--seed",
        "3",
        "--bot",
        "search",
        "--budget",
        "1",
        "--jobs",
        "2",
        "--logs",
    ]
    result = CliRunner().invoke(simulate_command, [*args, str(logs)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2 games, 2 players, search bots (1 playouts a decision)\n")
    texts = [f.read_text(encoding="utf-8") for f in sorted(logs.iterdir())]
    for text in texts:
        check_log(parse_log(text, "game.txt"))
    # pinned from a run with --jobs 1: the games played in two processes are the same
    assert hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16] == PINNED


def test_playouts_deal_afresh_only_what_nobody_has_seen() -> None:
    s = start(("Ann", "Ben"), 11)
    t = unseen(s, random.Random(1))
    assert t.deck != s.deck and sorted(t.deck) == sorted(s.deck)
    assert [sorted(d) for d in t.power_decks] == [sorted(d) for d in s.power_decks]
    assert t.power_decks != s.power_decks and t.stacks != s.stacks and t.seed != s.seed
    assert len(t.goal_deck) == len(s.goal_deck) and not set(t.goal_deck) & set(s.track)
    assert t.players == s.players and t.display == s.display and t.tokens == s.tokens


def test_the_candidates_keep_what_greedy_never_does() -> None:
    """Every power card that can be activated, and a size-3 nebula at the omega."""
    s, rng, seen = start(("Ann", "Ben"), 5), random.Random(5), set()
    rules = CosmosRules(rng)
    while s.phase is not OVER:
        if s.phase is CRAFT and not s.needs:
            moves = {m[0] for m in rules.moves(s, s.active)}
            able = legal(s)
            for kind in (Use, Omega):
                if any(isinstance(a, kind) and a != Omega(0) for a in able):
                    assert any(isinstance(m, kind) and m != Omega(0) for m in moves)
                    seen.add(kind)
            if Omega(3) in able:
                assert Omega(3) in moves
            cards = {a.card for a in able if isinstance(a, Use)}
            assert cards <= {m.card for m in moves if isinstance(m, Use)}
        play(s, greedy_bot(s, rng))
    assert seen == {Use, Omega}


def _ends(s: State) -> set[int]:
    """Where the active player's token can end a shift (every path walked)."""
    found: set[int] = set()
    for action in energy.shift_actions(s):
        if isinstance(action, Shift):
            after = s.copy()
            energy.shift(after, action)
            found |= _ends(after)
        else:
            found.add(s.tokens[s.active])
    return found


def test_a_shift_weighs_every_control_the_token_can_end_on() -> None:
    """So Gravity's supernova is weighed even when other rewards are richer."""
    s, rng, shifts = start(("Ann", "Ben"), 9), random.Random(9), 0
    rules = CosmosRules(rng)
    while s.phase is not OVER:
        if s.phase is SHIFT and not s.needs and s.moves == 0:
            reached = set()
            for plan in rules.moves(s, s.active):
                t = s.copy()
                for action in plan:
                    if isinstance(action, Shift):
                        energy.shift(t, action)
                reached.add(t.tokens[t.active])
                assert isinstance(plan[-1], Collect)
            assert reached == _ends(s)
            shifts += 1
        play(s, greedy_bot(s, rng))
    assert shifts >= 5
