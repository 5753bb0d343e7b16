"""``pnp cosmos simulate``: the summary is a pure function of the run's seed, the same for
any number of jobs, and says what the games did."""

from __future__ import annotations

from click.testing import CliRunner

from pnp.cli.cosmos_sim import simulate as simulate_command
from pnp.play.cosmos_simulate import format_summary, game_seed, simulate


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
    for size in (1, 2, 3):
        assert f"size {size}: placed" in text


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
