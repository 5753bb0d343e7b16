"""The solo session against Ptolemy: what it says of his turns, how it reads your lines,
and the command's options."""

from __future__ import annotations

import contextlib

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from pnp.astra.actions import ActionSyntaxError, Observe, Rest
from pnp.astra.ptolemy import Library, Marking, Source
from pnp.astra.ptolemy import Rest as PtolemyRest
from pnp.astra.solo import BoonPick, Difficulty, PtolemyScore, solo_setup
from pnp.astra.state import EMPTY, card_id
from pnp.cli.astra_solo import solo
from pnp.play.astra_solo import (
    HELP,
    SoloSession,
    read_decisions,
    say_boon,
    say_library,
    say_observe,
    say_rest,
    say_score,
)


def test_his_rest_names_the_sphere_and_the_discard_icon() -> None:
    assert say_rest(PtolemyRest(5, 1, False)) == (
        "Ptolemy rests: 5 Stardust, the sphere marker moves to Earth."
    )
    assert say_rest(PtolemyRest(5, 0, True)).endswith("It passes the discard icon.")
    assert "discard" not in say_rest(PtolemyRest(6, 2, False))


def test_his_observe_names_the_card_and_every_star() -> None:
    leo, taurus = card_id("Leo"), card_id("Taurus")
    text = say_observe(3, Source.RIGHT, leo, taurus, Marking(((1, 2), (5,)), 1))
    assert text.startswith("Ptolemy rolls 3: the right card, Leo (")
    assert "He marks Taurus: stars 1-2 then 5, spending 1 Telescope." in text
    one = say_observe(5, Source.TOP, leo, taurus, Marking(((4, 3, 2),), 0))
    assert one.endswith("He marks Taurus: stars 4-3-2.")
    assert "No card round the board" in say_observe(1, Source.LEFT, leo, EMPTY, Marking((), 0))


def test_his_boon_says_fame_and_telescope() -> None:
    orion = card_id("Orion")
    assert (
        say_boon(orion, BoonPick(2, 3, 1))
        == "Ptolemy takes boon 2 of Orion: 3 Fame and a Telescope."
    )
    assert say_boon(orion, BoonPick(4, 5, 0)) == "Ptolemy takes boon 4 of Orion: 5 Fame."
    assert "no Fame boon" in say_boon(orion, BoonPick(0, 0, 0))


def test_his_library_shows_only_what_the_modifiers_show() -> None:
    lib = Library(card_id("Leo"), card_id("Lyra"), (card_id("Ara"), card_id("Orion")))
    assert (
        say_library(lib, frozenset())
        == "Ptolemy's library: left Leo, right Lyra; 2 cards in his pile."
    )
    hidden = say_library(lib, frozenset({Difficulty.HARD_RIGHT_HIDDEN, Difficulty.EASY_TOP_OPEN}))
    assert "right (face down)" in hidden and "top of his pile Ara" in hidden


def test_his_score_adds_up() -> None:
    text = say_score(PtolemyScore(12, 9, 4, 2, 10, 8))
    assert text.startswith("Ptolemy: 45 Fame (12 from play")


def test_a_line_holds_several_decisions() -> None:
    assert read_decisions("Taurus:10-8 ; rest") == (Observe("Taurus", (10, 8)), Rest())
    assert read_decisions("  ") == ()


@given(st.text(max_size=60))
def test_any_line_is_read_or_refused_with_our_error(text: str) -> None:
    with contextlib.suppress(ActionSyntaxError):
        read_decisions(text)


def test_help_and_quit() -> None:
    session = SoloSession(solo_setup(1), "You", frozenset())
    assert session.handle("help").lines == (HELP,)
    assert "Not understood" in session.handle("observe everything").lines[0]
    assert session.handle("quit").done and session.finished


def test_the_command_refuses_unknown_modifiers_and_ptolemys_name() -> None:
    runner = CliRunner()
    bad = runner.invoke(solo, ["--difficulty", "easy-water-14,nightmare"])
    assert bad.exit_code == 2 and "nightmare" in bad.output
    both = runner.invoke(solo, ["--difficulty", "easy-fame-0,hard-fame-20"])
    assert both.exit_code == 2
    assert runner.invoke(solo, ["--name", "ptolemy"]).exit_code == 2
    ok = runner.invoke(
        solo, ["--seed", "3", "--difficulty", "EASY-RESHUFFLE"], input="help\nquit\n"
    )
    assert ok.exit_code == 0 and "Game abandoned." in ok.output
