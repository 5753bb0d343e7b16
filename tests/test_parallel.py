"""``simulate --jobs N``: games split across processes give the same summary and logs as
one process, for both games."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from pnp.astra.solo import Difficulty
from pnp.cli import cli
from pnp.play import astra_simulate, parallel, starcharts_simulate
from pnp.starcharts.chart import load_chart


@given(st.integers(1, 500), st.integers(1, 64))
def test_blocks_cover_every_game_once_in_order(games: int, jobs: int) -> None:
    parts = parallel.blocks(games, jobs)
    assert [k for part in parts for k in part] == list(range(games))
    assert all(1 <= len(part) <= parallel.MAX_BLOCK for part in parts)


@dataclass
class Counts:
    n: int = 0
    seen: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)


def test_merging_keeps_first_seen_order() -> None:
    total, part = Counts(1, [1], Counter(b=1)), Counts(2, [2, 3], Counter(a=2, b=0))
    parallel.merge(total, part)
    assert total == Counts(3, [1, 2, 3], Counter(b=1, a=2))
    assert list(total.kinds) == ["b", "a"]


def test_merging_refuses_what_it_cannot_add() -> None:
    @dataclass
    class Odd:
        name: str = ""

    with pytest.raises(TypeError, match="name"):
        parallel.merge(Odd(), Odd())


@pytest.mark.parametrize(
    ("chart", "players", "bot"), [("lyra-8", 4, "random"), ("orion-10-obstacles", 1, "greedy")]
)
def test_star_charts_jobs_change_nothing(chart: str, players: int, bot: str) -> None:
    c = load_chart(chart)
    one = starcharts_simulate.simulate(c, players, 9, 3, bot, keep_logs=True, jobs=1)
    three = starcharts_simulate.simulate(c, players, 9, 3, bot, keep_logs=True, jobs=3)
    assert one == three and len(one[1]) == 9


@pytest.mark.parametrize(
    ("players", "difficulty"), [(3, None), (2, None), (1, frozenset({Difficulty.HARD_FAME_20}))]
)
def test_astra_jobs_change_nothing(players: int, difficulty: frozenset[Difficulty] | None) -> None:
    def run(jobs: int) -> tuple[astra_simulate.Summary, list[str]]:
        return astra_simulate.simulate(players, 5, 8, "random", True, None, difficulty, jobs)

    one, two = run(1), run(2)
    assert one == two and len(one[1]) == 5


def test_progress_counts_every_game() -> None:
    ticks: list[int] = []
    starcharts_simulate.simulate(load_chart("lyra-8"), 2, 30, 1, "random", progress=ticks.append)
    assert sum(ticks) == 30 and len(ticks) > 1


@pytest.mark.parametrize("jobs", ["0", "257", "x"])
def test_jobs_out_of_range_is_a_usage_error(jobs: str) -> None:
    result = CliRunner().invoke(cli, ["astra", "simulate", "--games", "1", "--jobs", jobs])
    assert result.exit_code == 2 and "--jobs" in result.output


def test_jobs_default_to_the_machines_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    real = astra_simulate.simulate

    def fake(*args: object, **options: object) -> tuple[astra_simulate.Summary, list[str]]:
        asked.append(int(str(args[-1])))
        return real(3, 1, 1, "random")

    monkeypatch.setattr(astra_simulate, "simulate", fake)
    result = CliRunner().invoke(cli, ["astra", "simulate", "--games", "1", "--bot", "random"])
    assert result.exit_code == 0, result.output
    assert asked == [parallel.cores()]
