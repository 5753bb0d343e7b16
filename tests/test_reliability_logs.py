"""Issue 18 for the logs the games' ``check`` reads: sheets never written over their log,
problems in a huge log reported in linear work, one range for the seed a log holds."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import pnp.astra.log
import pnp.errors
from pnp.astra.bots import BOTS as ASTRA_BOTS
from pnp.astra.log import parse_log
from pnp.cli import cli
from pnp.errors import MAX_SHOWN, SourceError
from pnp.play.astra_simulate import log_text
from pnp.play.astra_simulate import play as play_astra
from pnp.play.starcharts_games import deal, play
from pnp.starcharts.bots import BOTS
from pnp.starcharts.chart import load_chart
from pnp.starcharts.log import format_log
from pnp.starcharts.setup import Setup, Variant
from pnp.text.seeds import MAX_SEED


def _match() -> str:
    """An extended match of three games on lyra-8, played by random bots."""
    names = ("Ada", "Ben", "Cleo")
    games = []
    chart = load_chart("lyra-8")
    for n in range(1, 4):
        rng = random.Random(n)
        setup = Setup(chart, deal(chart, rng), names, Variant.STANDARD, first_roller=n - 1)
        _, body = play(setup, BOTS["random"], rng)
        games.append((chart, "lyra-8", setup.objectives, body))
    return format_log(games, names, "extended")


def test_no_sheet_replaces_its_log_and_none_is_written_then(tmp_path: Path) -> None:
    log = tmp_path / "m.txt"
    text = _match()
    log.write_text(text, encoding="utf-8")
    runner = CliRunner()
    out = tmp_path / "out"
    out.mkdir()
    os.link(log, out / "m-game3.txt")  # the third game's sheet is the log itself
    result = runner.invoke(cli, ["starcharts", "check", str(log), "--sheets", str(out)])
    assert result.exit_code == 2, result.output
    assert "--sheets" in result.output and "would replace it" in result.output
    assert not (out / "m-game1.txt").exists()  # refused before the first sheet
    assert log.read_text(encoding="utf-8") == text
    single = tmp_path / "two-player.txt"
    example = Path(__file__).resolve().parent.parent / "docs" / "examples" / "two-player.txt"
    single.write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    result = runner.invoke(cli, ["starcharts", "check", str(single), "--sheets", str(tmp_path)])
    assert result.exit_code == 2 and "--sheets" in result.output
    assert single.read_text(encoding="utf-8") == example.read_text(encoding="utf-8")
    fine = runner.invoke(cli, ["starcharts", "check", str(log), "--sheets", str(tmp_path / "s")])
    assert fine.exit_code == 0, fine.output
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [
        f"m-game{n}.txt" for n in (1, 2, 3)
    ]


NAMES = [f"P{k}" for k in range(5000)]
STRANGERS = 60_000


def _strangers() -> str:
    lines = ["players: " + ", ".join(NAMES), "seed: 7", ""]
    return "\n".join(lines + [f"S{k}: rest" for k in range(STRANGERS)]) + "\n"


def test_unknown_players_cost_work_for_the_problems_shown_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = 0

    def counted(*args: Any, **kwargs: Any) -> list[str]:
        nonlocal calls
        calls += 1
        assert calls <= 2 * MAX_SHOWN + 10, "a suggestion sought for a problem not shown"
        return pnp.errors.close_matches(*args, **kwargs)

    monkeypatch.setattr(pnp.astra.log, "close_matches", counted)
    with pytest.raises(SourceError) as caught:
        parse_log(_strangers(), "g.txt")
    message = str(caught.value)
    assert message.endswith(f"… and {STRANGERS - MAX_SHOWN} more problems")
    first = message.splitlines()[0]
    assert first.startswith("g.txt:4:1: 'S0' is not playing (players: P0, P1, P2, P3, P4")
    assert "and 4995 more" in first
    assert len(message) < MAX_SHOWN * 200


def test_a_huge_log_of_unknown_players_is_refused_quickly(tmp_path: Path) -> None:
    log = tmp_path / "g.txt"
    log.write_text(_strangers(), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pnp", "astra", "check", str(log)],
        capture_output=True,
        text=True,
        check=False,
        timeout=20,  # a guard: quadratic work took minutes
    )
    assert done.returncode == 1
    assert done.stderr.endswith(f"… and {STRANGERS - MAX_SHOWN} more problems\n")
    assert len(done.stderr) < MAX_SHOWN * 200


@pytest.mark.parametrize("seed", [0, MAX_SEED])
@pytest.mark.parametrize("difficulty", [None, frozenset()])
def test_a_log_with_a_seed_at_either_end_checks(
    tmp_path: Path, seed: int, difficulty: frozenset[Any] | None
) -> None:
    played = play_astra(1 if difficulty is not None else 2, seed, ASTRA_BOTS["greedy"], difficulty)
    log = tmp_path / "g.txt"
    log.write_text(log_text(played), encoding="utf-8")
    assert f"seed: {seed}\n" in log.read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["astra", "check", str(log)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("seed", ["-1", str(MAX_SEED + 1), "9" * 19, "1" * 20])
def test_a_log_seed_out_of_range_is_refused(seed: str) -> None:
    with pytest.raises(SourceError) as caught:
        parse_log(f"players: Robin, Matthew\nseed: {seed}\nRobin: rest\n", "g.txt")
    assert str(caught.value) == (
        f"g.txt:2:7: expected a whole number from 0 to {MAX_SEED} as the seed, got '{seed}'"
    )


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-(2**64), max_value=2**64))
def test_a_seed_is_read_exactly_when_in_range(seed: int) -> None:
    text = f"players: Robin, Matthew\nseed: {seed}\nRobin: rest\n"
    if 0 <= seed <= MAX_SEED:
        found = parse_log(text, "g.txt").header("seed")
        assert found is not None and int(found[1].items[0].value) == seed
    else:
        with pytest.raises(SourceError, match="expected a whole number from 0 to"):
            parse_log(text, "g.txt")
