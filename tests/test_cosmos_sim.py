"""``pnp cosmos simulate``: the summary is a pure function of the run's seed, the same for
any number of jobs, and says what the games did."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pnp.cli.cosmos_sim import simulate as simulate_command
from pnp.cosmos.log import parse_log
from pnp.play.cosmos_simulate import format_summary, game_seed, simulate
from pnp.score.cosmos_replay import check_log


def test_any_number_of_jobs_gives_the_same_summary() -> None:
    one, _ = simulate(3, 6, 5, "random", jobs=1)
    two, _ = simulate(3, 6, 5, "random", jobs=2)
    assert one == two
    assert format_summary(one, 3, "random") == format_summary(two, 3, "random")


def test_the_summary_counts_every_game() -> None:
    summary, logs = simulate(2, 5, 3, "random")
    assert logs == []
    assert summary.games == 5 and summary.seats == 10 and len(summary.scores) == 10
    assert len(summary.rounds) == 5 and all(1 <= r <= 8 for r in summary.rounds)
    assert summary.wins >= 5
    assert sum(summary.placed.values()) >= 10 * 3  # the set-up nebulae at least
    text = format_summary(summary, 2, "random")
    assert text.startswith("5 games, 2 players, random bots\n")
    assert "\nnebula tiles by size: placed by a player (mean of all players);" in text
    assert "\n  size   placed  completed  ran out   left\n" in text
    assert "\n  goal                    games    1st    won\n" in text
    assert f"(a player wins {summary.wins / 10:.0%} of games on average)" in text


def test_game_seeds_differ_by_game_and_run() -> None:
    seeds = {game_seed(run, k) for run in range(3) for k in range(5)}
    assert len(seeds) == 15 and all(0 <= s < 2**63 for s in seeds)


def test_the_command_prints_the_summary() -> None:
    args = ["--players", "2", "--games", "3", "--seed", "4", "--bot", "random", "--jobs", "1"]
    result = CliRunner().invoke(simulate_command, args)
    assert result.exit_code == 0, result.output
    summary, _ = simulate(2, 3, 4, "random")
    assert result.output == format_summary(summary, 2, "random")


def test_the_command_refuses_five_players() -> None:
    result = CliRunner().invoke(simulate_command, ["--players", "5"])
    assert result.exit_code == 2 and "--players" in result.output


def test_the_command_writes_logs_that_replay_to_the_summary(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    args = ["--games", "3", "--seed", "2", "--bot", "greedy", "--jobs", "2", "--logs", str(logs)]
    result = CliRunner().invoke(simulate_command, args)
    assert result.exit_code == 0, result.output
    files = sorted(logs.iterdir())
    assert [f.name for f in files] == ["game-1.txt", "game-2.txt", "game-3.txt"]
    summary, texts = simulate(3, 3, 2, "greedy", keep_logs=True)
    assert [f.read_text(encoding="utf-8") for f in files] == texts
    totals = []
    for f in files:
        checked, _ = check_log(parse_log(f.read_text(encoding="utf-8"), str(f)))
        totals += [p.total for p in checked.players]
    assert totals == summary.scores


def test_the_nebula_rows_are_per_game_whatever_the_goals_scored() -> None:
    """A goal's count of games once stood in for the run's in the nebula rows."""
    import re

    summary, _ = simulate(3, 6, 5, "random")
    text = format_summary(summary, 3, "random")
    rows = re.findall(r"(?m)^  ([123]) +[\d.]+ +(?:\d+%|-) +(\d+)% +([\d.]+)$", text)
    assert [int(size) for size, _, _ in rows] == [1, 2, 3]
    for size, ran_out, left in rows:
        assert float(left) == round(summary.left[int(size)] / summary.games, 1) <= 26
        assert int(ran_out) == round(100 * summary.ran_out[int(size)] / summary.games)
