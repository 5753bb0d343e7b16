"""Simulated games replay identically through ``check``; check → sheets → score agrees."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.play.starcharts_games import deal, play
from pnp.play.starcharts_simulate import log_text
from pnp.score.report import result_json
from pnp.score.starcharts_replay import check_log, game_result
from pnp.starcharts.bots import BOTS
from pnp.starcharts.chart import chart_ids, load_chart
from pnp.starcharts.log import format_log, parse_log
from pnp.starcharts.setup import Setup, Variant
from tests.conftest import Run

VARIANTS = [
    (("Ada", "Ben", "Cleo", "Dev"), Variant.STANDARD),
    (("Ada", "Ben", "Cleo"), Variant.STANDARD),
    (("Ada", "Ben"), Variant.TWO_PLAYER),
    (("Solo",), Variant.SOLO),
    (("Ada",), Variant.VERSUS_AI),
]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(chart_ids()),
    st.sampled_from(VARIANTS),
    st.sampled_from(sorted(BOTS)),
    st.integers(0, 2**32),
)
def test_a_simulated_game_replays_identically(
    chart_id: str, seating: tuple[tuple[str, ...], Variant], bot: str, seed: int
) -> None:
    chart = load_chart(chart_id)
    rng = random.Random(seed)
    players, variant = seating
    setup = Setup(chart, deal(chart, rng), players, variant)
    game, body = play(setup, BOTS[bot], rng)
    assert game.over
    replayed, result = check_log(parse_log(log_text(setup, chart_id, body), "sim.txt", load_chart))
    assert result_json(result) == result_json(game_result(game))  # type: ignore[arg-type]
    assert [s.marked for s in replayed[0].sheets] == [s.marked for s in game.sheets]


def test_simulate_writes_logs_that_check_replays_and_sheets_that_score_agrees_with(
    run: Run,
) -> None:
    result = run(
        "starcharts",
        "simulate",
        "--chart",
        "cygnus-8-obstacles",
        "--players",
        "4",
        "--games",
        "6",
        "--seed",
        "11",
        "--bot",
        "random",
        "--logs",
        "logs",
    )
    assert result.exit_code == 0, result.output
    assert "cygnus-8-obstacles: 6 games, 4 players, random bots" in result.output
    for log in sorted(Path("logs").glob("*.txt")):
        checked = run("starcharts", "check", str(log), "--json", "--sheets", "sheets")
        assert checked.exit_code == 0, checked.output
        sheets = Path("sheets") / log.name
        scored = run("starcharts", "score", str(sheets), "--json")
        assert scored.exit_code == 0, scored.output
        a, b = json.loads(checked.stdout), json.loads(scored.stdout)
        assert [p["total"] for p in a["players"]] == [p["total"] for p in b["players"]]
        assert a["winners"] == b["winners"]


def test_same_seed_same_games(run: Run) -> None:
    args = (
        "starcharts",
        "simulate",
        "--chart",
        "leo-10",
        "--players",
        "2",
        "--games",
        "5",
        "--seed",
        "3",
        "--bot",
        "greedy",
    )
    assert run(*args).output == run(*args).output


def test_an_extended_match_replays_with_its_tie_breaks(tmp_path: Path) -> None:
    names = ("Ada", "Ben", "Cleo")
    games = []
    for n, chart_id in enumerate(("lyra-8", "orion-8-obstacles", "leo-10"), 1):
        chart = load_chart(chart_id)
        rng = random.Random(n)
        setup = Setup(chart, deal(chart, rng), names, Variant.STANDARD, first_roller=n - 1)
        game, body = play(setup, BOTS["random"], rng)
        games.append((game, (chart, chart_id, setup.objectives, body)))
    text = format_log([g[1] for g in games], names, "extended")
    replayed, match = check_log(parse_log(text, "match.txt", load_chart))
    assert len(replayed) == 3
    totals = {
        name: sum(game_result(g).players[i].total for g, _ in games) for i, name in enumerate(names)
    }
    assert {row[0]: row[1] for row in match.totals} == totals  # type: ignore[union-attr]
    best = max(totals.values())
    assert set(match.winners) <= {n for n, t in totals.items() if t == best}
    wrong = text.replace("game 2", "game 3", 1)
    try:
        parse_log(wrong, "match.txt", load_chart)
    except ValueError as error:
        assert "expected game 2" in str(error)
    else:
        raise AssertionError("a misnumbered game was accepted")


def test_every_shipped_chart_plays_in_a_sensible_number_of_rounds() -> None:
    from pnp.play.starcharts_simulate import simulate

    for chart_id in chart_ids():
        chart = load_chart(chart_id)
        summary, _ = simulate(chart, 4, 8, 1, "random")
        low, high = (8, 30) if chart.size == 8 else (12, 40)
        assert all(low <= r <= high for r in summary.rounds), (chart_id, summary.rounds)
        assert sum(summary.claimed.values()) > 0  # objectives do get claimed


def test_an_absurd_number_of_games_is_refused_with_the_limit(run: Run) -> None:
    result = run("starcharts", "simulate", "--chart", "lyra-8", "--games", "1000000")
    assert result.exit_code == 2
    assert "a whole number from 1 to 100000 (the digits 0-9), got '1000000'" in result.stderr


def test_a_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "pnp", "starcharts", "simulate", "--chart", "lyra-8"]
    args += ["--games", "20", "--players", "2"]
    piped = subprocess.run(args, capture_output=True, text=True, check=True, cwd=tmp_path)
    assert piped.stderr == ""
    main, child = pty.openpty()
    on_tty = subprocess.run(args, stdout=subprocess.PIPE, stderr=child, check=True, cwd=tmp_path)
    os.close(child)
    shown = b""
    with contextlib.suppress(OSError):  # EIO once the terminal's other end is closed
        while chunk := os.read(main, 4096):
            shown += chunk
    os.close(main)
    assert b"simulating" in shown and b"100%" in shown
    assert on_tty.stdout.decode() == piped.stdout  # the summary itself is the same


def test_chart_ids_complete_in_the_shell(tmp_path: Path) -> None:
    env = {**os.environ, "_PNP_COMPLETE": "bash_complete", "COMP_WORDS": "", "COMP_CWORD": "4"}
    for words in ("pnp starcharts simulate --chart lyra-8-o", "pnp starcharts versus-ai lyra-8-o"):
        env |= {"COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
        result = subprocess.run(
            [sys.executable, "-c", "from pnp.cli import main; main()"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
        )
        assert result.stdout.split() == ["plain,lyra-8-obstacles"], result.stdout + result.stderr
