"""Astra bots play legal games; simulated games replay identically through the checker;
the summary is a pure function of the run's seed."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.astra.abilities import abilities
from pnp.astra.actions import Action, Discard, PickBoon
from pnp.astra.bots import BOTS, greedy_bot, random_bot
from pnp.astra.game import Game
from pnp.astra.log import format_log, parse_log
from pnp.astra.setup import setup
from pnp.astra.solo import parse_difficulty
from pnp.astra.state import Phase
from pnp.cli.astra_sim import simulate as simulate_command
from pnp.play.astra_simulate import (
    NAMES,
    format_summary,
    game_seed,
    log_text,
    play,
    simulate,
)
from pnp.score.astra_replay import check_log, check_solo


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_play_whole_games(players: int, bot: str) -> None:
    for k in range(6 if bot == "random" else 1):
        played = play(players, game_seed(players, k), BOTS[bot])
        game = played.game
        assert game.over and len(game.final()) == players
        assert game.players == NAMES[:players]
        assert len(played.turns) == game.turn and game.turn % players == 0
        assert set(played.discovered) <= played.seen


def _decider(game: Game) -> str:
    return game.due[0] if game.phase is Phase.BOONS else game.active


def test_every_decision_is_made_by_the_player_due() -> None:
    played = play(3, 1, BOTS["random"])
    game = Game.start(played.setup)
    for turn in played.turns:
        for action in turn:
            if isinstance(action, PickBoon):
                assert action.player in game.due
            elif isinstance(action, Discard):
                assert len(action.cards) == game.excess > 0
            game = game.apply(action)
    assert game.over


def test_the_random_bot_uses_every_ability() -> None:
    summary, _ = simulate(4, 40, 3, "random")
    assert set(summary.used) == {a.id for a in abilities()}


def test_the_greedy_bot_beats_random_ones() -> None:
    wins = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = Game.start(setup(["Greedy", "R1", "R2"], seed=seed))
        while not game.over:
            bot = greedy_bot if _decider(game) == "Greedy" else random_bot
            action: Action = bot(game, rng)
            game = game.apply(action)
        totals = [f.total for f in game.final()]
        wins += totals[0] == max(totals)
    assert wins >= 8


def test_the_summary_is_a_function_of_the_seed() -> None:
    first = format_summary(simulate(3, 12, 7, "random")[0], 3, "random")
    assert first == format_summary(simulate(3, 12, 7, "random")[0], 3, "random")
    assert first != format_summary(simulate(3, 12, 8, "random")[0], 3, "random")
    assert first.startswith("astra: 12 games, 3 players, random bots\nscore     mean ")
    for heading in ("rounds", "shared victories", "discovered by star count", "ability"):
        assert f"\n{heading}" in first


def test_game_k_of_a_run_is_the_game_its_seed_deals() -> None:
    _, logs = simulate(2, 3, 5, "random", keep_logs=True)
    assert logs[2] == log_text(play(2, game_seed(5, 2), BOTS["random"]))
    assert logs[2].startswith(f"players: Ada, Ben\nseed: {game_seed(5, 2)}\n\nAda: ")


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**63 - 1), st.sampled_from(["random"] * 4 + ["greedy"]))
def test_a_simulated_game_replays_to_the_same_scores(players: int, seed: int, bot: str) -> None:
    played = play(players, seed, BOTS[bot])
    text = log_text(played)
    log = parse_log(text, "sim.txt")
    assert format_log(log) == text
    result, _ = check_log(log)
    assert [p.total for p in result.players] == [f.total for f in played.game.final()]
    assert ("; dream " in text) == (players == 2 and "rest" in text)


def test_simulate_command_writes_logs_the_checker_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["--players", "4", "--games", "3", "--seed", "2", "--bot", "RANDOM", "--logs", "logs"]
    result = CliRunner().invoke(simulate_command, args)
    assert result.exit_code == 0, result.output
    assert result.output == format_summary(simulate(4, 3, 2, "random")[0], 4, "random")
    logs = sorted(Path("logs").glob("*.txt"))
    assert [p.name for p in logs] == ["game-1.txt", "game-2.txt", "game-3.txt"]
    for path in logs:
        check_log(parse_log(path.read_text(encoding="utf-8"), str(path)))


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_two_player_simulations_play_the_dreamer_and_their_logs_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bot: str
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["--players", "2", "--games", "4", "--seed", "3", "--bot", bot, "--logs", "logs"]
    result = CliRunner().invoke(simulate_command, args)
    assert result.exit_code == 0, result.output
    texts = [p.read_text(encoding="utf-8") for p in sorted(Path("logs").glob("*.txt"))]
    assert len(texts) == 4 and all("; dream " in t for t in texts)
    for text in texts:
        check_log(parse_log(text, "sim.txt"))


@pytest.mark.parametrize(
    "args", [["--players", "6"], ["--players", "1"], ["--games", "100001"], ["--bot", "smart"]]
)
def test_simulate_command_refuses_bad_options(args: list[str]) -> None:
    assert CliRunner().invoke(simulate_command, args).exit_code == 2


def test_the_summary_counts_dream_phases_only_in_two_player_games() -> None:
    two = format_summary(simulate(2, 6, 1, "random")[0], 2, "random")
    assert re.search(r"\ndreamer pen  [1-9][0-9.]* Dream phases, [0-9.]+ cards completed", two)
    assert "dreamer pen" not in format_summary(simulate(3, 6, 1, "random")[0], 3, "random")


def test_a_card_the_dreamer_completes_is_counted_as_the_dreamers() -> None:
    played = next(p for k in range(50) if (p := play(2, game_seed(9, k), random_bot)).dreamt)
    assert set(played.dreamt) <= set(played.discovered)
    assert played.dreams >= len(played.dreamt)
    owned = {
        c
        for n in played.game.players
        for c in (*played.game.player(n).active, *played.game.player(n).exhausted)
    }
    assert not owned & set(played.dreamt)


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_solo_simulations_are_a_function_of_the_seed_and_their_logs_check(bot: str) -> None:
    hard = parse_difficulty("hard-telescopes,hard-scoring")
    summary, texts = simulate(1, 3, 11, bot, keep_logs=True, difficulty=hard)
    again, same = simulate(1, 3, 11, bot, keep_logs=True, difficulty=hard)
    assert texts == same and summary == again
    assert all(t.startswith("players: Ada\nsolo: hard-telescopes, hard-scoring\n") for t in texts)
    for k, text in enumerate(texts):
        played = play(1, game_seed(11, k), BOTS[bot], hard)
        assert log_text(played) == text
        result = check_solo(parse_log(text, "solo.txt"))
        assert result.ptolemy == played.game.solo
        assert result.parts.total == played.game.final()[0].total
    wins = [
        v.you_win for k in range(3) if (v := play(1, game_seed(11, k), BOTS[bot], hard).game.solo)
    ]
    assert summary.his_wins == wins.count(False) and len(summary.his_scores) == 3


def test_ptolemy_wins_ties_and_the_summary_says_how_often() -> None:
    summary, _ = simulate(1, 6, 2, "random", difficulty=frozenset())
    text = format_summary(summary, 1, "random", frozenset())
    assert text.startswith("astra: 6 solo games against Ptolemy, random bot, difficulty: none\n")
    assert f"Ptolemy wins {summary.his_wins / 6:.1%}" in text
    assert "shared victories" not in text


def test_simulate_solo_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    args = ["--solo", "--games", "3", "--seed", "3", "--bot", "random", "--logs", "L1"]
    result = runner.invoke(simulate_command, [*args, "--difficulty", "easy-fame-0"])
    assert result.exit_code == 0, result.output
    assert "difficulty: easy-fame-0" in result.output and "Ptolemy wins " in result.output
    for path in sorted(Path("L1").iterdir()):
        check_solo(parse_log(path.read_text(encoding="utf-8"), str(path)))
    assert runner.invoke(simulate_command, ["--solo", "--players", "2"]).exit_code == 2
    assert runner.invoke(simulate_command, ["--difficulty", "easy-fame-0"]).exit_code == 2
    assert runner.invoke(simulate_command, ["--solo", "--difficulty", "nope"]).exit_code == 2
