"""The solo session against Ptolemy (``pnp astra solo``): whole games fed as text, what it
says of his turns, illegal lines refused whole, and its log replayed by the checker."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.astra.actions import ActionSyntaxError, Observe, Rest, format_action
from pnp.astra.bots import BOTS
from pnp.astra.log import parse_log
from pnp.astra.ptolemy import PtolemyTurn, SoloView, Source
from pnp.astra.solo import BoonPick, Difficulty, PtolemyScore, parse_difficulty
from pnp.astra.state import EMPTY, Phase, card_id
from pnp.cli.astra_check import check
from pnp.cli.astra_solo import solo
from pnp.play.astra_solo import (
    HELP,
    SoloSession,
    read_decisions,
    say_boon,
    say_score,
    say_turn,
)
from pnp.score.astra_replay import check_solo


def _view(stardust: int = 5) -> SoloView:
    return SoloView(
        frozenset(), 12, stardust, 0, (), (None, None, None), 20, None, (), False, None, None, None
    )


def test_his_rest_names_the_sphere_and_the_dreamer_pens_stars() -> None:
    rest = PtolemyTurn(3, rested=True, dream=(card_id("Taurus"), (10, 8)))
    assert say_turn(rest, _view(5), "Earth") == [
        "Ptolemy rests: 5 Stardust, the sphere marker to Earth.",
        "The dreamer pen marks Taurus: stars 10-8.",
    ]


def test_his_observe_names_the_die_the_card_and_every_star() -> None:
    leo, taurus = card_id("Leo"), card_id("Taurus")
    turn = PtolemyTurn(1, False, 3, Source.RIGHT, leo, taurus, ((1, 2), (5,)), 1)
    (line,) = say_turn(turn, _view(), "Fire")
    assert line.startswith("Ptolemy rolls 3: the right card, Leo (Fire, ")
    assert line.endswith("He marks Taurus: stars 1-2 then 5, spending 1 Telescope(s).")
    nothing = PtolemyTurn(1, False, 5, Source.TOP, leo, EMPTY)
    assert say_turn(nothing, _view(), "Fire")[0].endswith(
        "No card round the board is left to mark."
    )
    assert "you lose" in say_turn(PtolemyTurn(9, False), _view(), "Fire")[0]


def test_his_boon_and_score() -> None:
    orion = card_id("Orion")
    assert say_boon(orion, BoonPick(2, 3, 1)) == (
        "Ptolemy takes boon 2 of Orion: 3 Fame and a Telescope."
    )
    assert say_boon(orion, BoonPick(4, 5, 0)) == "Ptolemy takes boon 4 of Orion: 5 Fame."
    assert "no Fame boon" in say_boon(orion, BoonPick(0, 0, 0))
    assert say_score(PtolemyScore(12, 9, 4, 2, 10, 8)).startswith("Ptolemy: 45 Fame (12 from")


def test_a_line_holds_several_decisions() -> None:
    assert read_decisions("Taurus:10-8 ; rest") == (Observe("Taurus", (10, 8)), Rest())
    assert read_decisions("  ") == ()


@given(st.text(max_size=60))
def test_any_line_is_read_or_refused_with_our_error(text: str) -> None:
    with contextlib.suppress(ActionSyntaxError):
        read_decisions(text)


def play(session: SoloSession, bot: str, seed: int) -> list[str]:
    """A whole game, a bot's decisions typed in as text; the transcript."""
    rng, said = random.Random(seed), list[str]()
    for _ in range(3000):
        if session.finished:
            return said
        line = format_action(BOTS[bot](session.game, rng))
        reply = session.handle(line)
        assert not any(r.startswith(("Not allowed", "Not understood")) for r in reply.lines)
        said += [f"> {line}", *reply.lines]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("bot", "seed"), [("random", 1), ("random", 2), ("greedy", 3)])
def test_a_whole_game_typed_in_ends_with_both_scores_and_its_log_checks(
    bot: str, seed: int
) -> None:
    session = SoloSession("Robin", seed, frozenset())
    said = play(session, bot, seed)
    view = session.game.solo
    assert session.game.over and view is not None and view.score is not None
    assert said[-3:] == [
        f"Robin: {view.yours} Fame.",
        said[-2],
        "You win." if view.you_win else "Ptolemy wins.",
    ]
    assert said[-2].startswith(f"Ptolemy: {view.score.total} Fame")
    assert any(s.startswith("Ptolemy rolls") and "He marks" in s for s in said)
    result = check_solo(parse_log(session.log(), "solo.txt"))
    assert result.parts.total == view.yours
    assert result.ptolemy == view


def test_modifiers_reach_the_game_and_the_log() -> None:
    modifiers = parse_difficulty("hard-fame-20,easy-top-open")
    session = SoloSession("You", 4, modifiers)
    assert "solo: easy-top-open, hard-fame-20" in session.log()
    assert "Ptolemy: 20 Fame" in session.handle("board").lines[0]
    play(session, "random", 4)
    assert check_solo(parse_log(session.log(), "solo.txt")).ptolemy == session.game.solo


def test_an_illegal_line_is_refused_whole_and_changes_nothing() -> None:
    session = SoloSession("You", 5, frozenset())
    card = next(c for c in session.game.board if c is not None)
    game, log = session.game, session.log()
    first = session.game.first_stars(card)[0]
    for line in (f"rest; {card}:{first}", f"{card}:99", "pick You 1", "Taurus:1-2-3-4-5-6-7"):
        (reply,) = session.handle(line).lines
        assert reply.startswith("Not allowed, nothing changed:") and "[astra." in reply
        assert session.game is game and session.log() == log
    assert session.handle("observe it all").lines[0].startswith("Not understood")
    assert session.game is game and session.game.phase is Phase.ABILITY


def test_help_board_quit() -> None:
    session = SoloSession("You", 6, frozenset())
    assert session.handle("help").lines == (HELP,)
    board = session.handle("board").lines[0]
    assert board.count("dreamer") == 3 and "Ptolemy: 12 Fame, 5 Stardust" in board
    assert "You: 0 Fame, 8 Stardust" in board and "in his pile" in board
    assert "; 16 cards in the deck and the Game End card." in board  # 20 less 3, less 1
    assert session.prompt().startswith("Turn 1, sphere ")
    card = next(c for c in session.game.board if c is not None)
    session.handle(f"{card}:{session.game.first_stars(card)[0]}")
    assert session.prompt().endswith(": end, or Observe again with a Telescope")
    assert session.handle("quit").done and session.finished


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=40))
def test_any_line_is_answered(text: str) -> None:
    session = SoloSession("You", 7, frozenset())
    game = session.game
    reply = session.handle(text)
    assert reply.lines or session.game is not game


def test_the_command_plays_and_writes_a_log_check_replays(tmp_path: Path) -> None:
    session = SoloSession("You", 8, parse_difficulty("easy-reshuffle"))
    rng, lines = random.Random(8), []
    while not session.finished:
        lines.append(format_action(BOTS["random"](session.game, rng)))
        session.handle(lines[-1])
    log = tmp_path / "solo.txt"
    args = ["--seed", "8", "--difficulty", "EASY-RESHUFFLE", "--log", str(log)]
    result = CliRunner().invoke(solo, args, input="help\nboard\n" + "\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Ptolemy wins." in result.output or "You win." in result.output
    assert log.read_text(encoding="utf-8") == session.log()
    checked = CliRunner().invoke(check, [str(log)])
    assert checked.exit_code == 0, checked.output
    view = session.game.solo
    assert view is not None and view.score is not None
    verdict = checked.output.splitlines()[-1]
    assert str(view.score.total) in verdict and str(view.yours) in verdict


def test_the_command_refuses_unknown_modifiers_and_ptolemys_name() -> None:
    runner = CliRunner()
    bad = runner.invoke(solo, ["--difficulty", "easy-water-14,nightmare"])
    assert bad.exit_code == 2 and "nightmare" in bad.output
    assert runner.invoke(solo, ["--difficulty", "easy-fame-0,hard-fame-20"]).exit_code == 2
    assert runner.invoke(solo, ["--name", "ptolemy"]).exit_code == 2
    quit_ = runner.invoke(solo, ["--seed", "3", "--log", "never.txt"], input="quit\n")
    assert quit_.exit_code == 0 and "Game abandoned." in quit_.output
    assert "wrote" not in quit_.output


def test_every_modifier_name_is_an_option() -> None:
    assert all(d.value in solo.params[1].help for d in Difficulty)  # type: ignore[operator]
