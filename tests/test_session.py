"""The versus-A.I. companion: text in, text out, and a log that ``check`` replays."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.play.starcharts_session import VersusSession
from pnp.score.starcharts_replay import check_log, game_result
from pnp.starcharts.actions import format_turn
from pnp.starcharts.bots import random_turn
from pnp.starcharts.chart import load_chart
from pnp.starcharts.game import Phase
from pnp.starcharts.log import TurnLine, log_name_problem, parse_log
from tests.conftest import Run

OBJECTIVES = ("two-rows", "core", "diagonal", "half-sky")


def test_a_whole_game_through_the_session_replays_through_check() -> None:
    chart = load_chart("lyra-8-obstacles")
    session = VersusSession(chart, OBJECTIVES, "Robin", random.Random(5))
    bot = random.Random(9)
    steps = 0
    while not session.finished:
        game = session.game
        if game.phase is Phase.ROLL:
            reply = session.handle("")
        elif game.phase is Phase.DRAFT:
            turn = random_turn(game, 0, bot)
            reply = session.handle(format_turn(turn, chart.size))
            assert not any(
                line.startswith(("Not allowed", "Not understood")) for line in reply.lines
            )
        else:
            reply = session.handle(" ".join(game.claimable(0)))
        steps += 1
        assert steps < 1000
    assert "Robin scores" in reply.lines[-1]
    _, result = check_log(parse_log(session.log(), "log.txt", load_chart))
    assert result == game_result(session.game)


def test_the_session_refuses_illegal_turns_and_keeps_the_sheet_unchanged() -> None:
    session = VersusSession(load_chart("lyra-8"), OBJECTIVES, "Robin", random.Random(1))
    session.handle("3 5 5 7 8")
    reply = session.handle("8 A1-H1")  # completes row 1, which holds a star
    assert reply.lines[0].startswith("Not allowed: completing row 1 gains an ability")
    assert session.game.sheets[0].marked == 0
    reply = session.handle("8 A1-H1 gain split")
    assert reply.lines[0] == "A.I. takes the 7 and marks A1, B1, C1, D1, F1, G1, H1, A2."
    assert session.handle("9 A2").lines[0].startswith("Not allowed: no die showing 9")


def test_the_command_plays_and_writes_a_log(run: Run) -> None:
    answers = "3 5 5 7 8\nai\nsheet\nhelp\n8 A1-H1 gain split\n5 A2-E2\n\nquit\n"
    result = run(
        "starcharts",
        "versus-ai",
        "lyra-8",
        "--objectives",
        ",".join(OBJECTIVES),
        "--seed",
        "2",
        "--log",
        "game.txt",
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "A.I. takes the 7" in result.output and "Commands:" in result.output
    assert "Game abandoned." in result.output and not Path("game.txt").exists()
    bad = run("starcharts", "versus-ai", "lyra-8", "--objectives", "two-rows,comet-tails")
    assert bad.exit_code == 2


def test_dice_are_ascii_numbers() -> None:
    session = VersusSession(load_chart("lyra-8"), OBJECTIVES, "Robin", random.Random(1))
    for roll in ("3 5 5 7 ²", "3 5 5 7 ٣", "3 5 5 7 " + "8" * 5000):
        assert session.handle(roll).lines == (
            "Give the 5 dice as numbers, like 3 5 5 7 8, or press Enter.",
        )
    assert session.game.round == 0


@pytest.mark.parametrize("name", ["Jo Ann", "round", "Roll", "A.I.", "Jo:", "#1", ""])
def test_a_name_the_log_cannot_hold_is_a_usage_error(run: Run, name: str) -> None:
    result = run("starcharts", "versus-ai", "lyra-8", "--name", name, input="quit\n")
    assert result.exit_code == 2
    assert "[setup.players]" in result.stderr
    assert "a player's name is one word" in result.stderr or "the log uses it" in result.stderr


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_every_name_accepted_round_trips_through_the_log(name: str) -> None:
    if log_name_problem(name) is not None:
        return
    session = VersusSession(load_chart("lyra-8"), OBJECTIVES, name, random.Random(1))
    session.handle("3 5 5 7 8")
    session.handle("8 A1-H1 gain split")
    log = parse_log(session.log(), "log.txt", load_chart)
    turns = [s.body for s in log.games[0].steps if isinstance(s.body, TurnLine)]
    assert [t.player for t in turns] == [name] and [p for _, p in log.players] == [name]
