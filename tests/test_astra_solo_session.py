"""The solo session against Ptolemy (``pnp astra solo``): whole games fed as text, what it
says of his turns, illegal lines refused whole, and its log replayed by the checker."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.astra.actions import ActionSyntaxError, Discard, Observe, Rest, UseAbility, format_action
from pnp.astra.bots import BOTS
from pnp.astra.constellations import constellations
from pnp.astra.log import parse_log
from pnp.astra.solo import Difficulty, PtolemyScore, parse_difficulty
from pnp.astra.state import Phase
from pnp.astra.text import Lang, text
from pnp.cli.astra_check import check
from pnp.cli.astra_solo import solo
from pnp.play.astra_solo import SoloSession, read_decisions, say_score
from pnp.score.astra_replay import check_solo


def test_his_score() -> None:
    score = PtolemyScore(12, 9, 4, 2, 10, 8)
    assert say_score(score) == (
        "Ptolemy: 45 Fame (12 from play, 9 card Fame, 4 for stars, 2 for Telescopes,"
        " 10 for elements, 8 for sets)."
    )
    assert say_score(score, Lang.FR).startswith("Ptolémée : 45 Renommée (12 en jeu, 9 des")


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
        said[-3],
        said[-2],
        "You win." if view.you_win else "Ptolemy wins.",
    ]
    assert said[-3].startswith(f"Robin: {view.yours} Fame (") and " from play, " in said[-3]
    assert said[-2].startswith(f"Ptolemy: {view.score.total} Fame")
    assert any(s.startswith("Ptolemy rolls") and s.endswith(" stars.") for s in said)
    assert any(s.startswith("Ptolemy marks ") for s in said)
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
    assert session.handle("help").lines == (text("solo.help", Lang.EN),)
    board = session.handle("board").lines[0]
    assert board.count("dreamer") == 3 and "Ptolemy: 12 Fame, 5 Stardust" in board
    assert "You: 0 Fame, 8 Stardust" in board and "in his pile" in board
    # 20 less 3, less 1; the set-up's 3 under the Game End card
    assert "; 16 cards in the deck, 13 of them above the Game End card." in board
    assert session.prompt().startswith("Round 1, sphere ")
    card = next(c for c in session.game.board if c is not None)
    session.handle(f"{card}:{session.game.first_stars(card)[0]}")
    assert session.prompt().endswith(": end (no Telescope for another Observe)")
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


def test_every_modifier_name_is_an_option() -> None:
    assert all(d.value in solo.params[1].help for d in Difficulty)  # type: ignore[operator]


def _first_card(session: SoloSession) -> tuple[str, int]:
    card = next(c for c in session.game.board if c is not None)
    return card, session.game.first_stars(card)[0]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(constellations()), st.booleans(), st.sampled_from([str.lower, str.upper]))
def test_card_names_are_read_as_board_prints_them(card: Any, french: bool, case: Any) -> None:
    name = case(card.name_fr if french else card.name)
    assert read_decisions(f"{name}:7-5") == (Observe(card.name, (7, 5)),)
    assert read_decisions(f"use {name}  {name}:1 ; discard {name} Leo") == (
        UseAbility(card.name, (Observe(card.name, (1,)),)),
        Discard((card.name, "Leo")),
    )


def test_names_of_two_words() -> None:
    assert read_decisions("Ursa Minor:7-5; petite ourse:1") == (
        Observe("Ursa Minor", (7, 5)),
        Observe("Ursa Minor", (1,)),
    )
    assert read_decisions("dream grand chien:3-4") == read_decisions("dream Canis-Major:3-4")
    with pytest.raises(ActionSyntaxError, match="Ursa"):
        read_decisions("Ursa Minuscule:7")


def _to_dream(session: SoloSession) -> None:
    while session.game.phase is not Phase.DREAM:
        card, star = _first_card(session)
        assert not session.handle(f"{card}:{star}; end").lines[0].startswith("Not")
        assert not session.handle("rest").lines[0].startswith("Not")


def test_a_bare_path_at_the_dream_prompt_is_the_dreamer_pens() -> None:
    session = SoloSession("You", 9, frozenset())
    session.handle("rest")
    assert session.game.phase is Phase.DREAM
    card = session.game.dream_cards()[0]
    path = session.game.dream_paths(card)[0]
    stars = "-".join(map(str, path))
    lines = session.handle(f"{card}:{stars}").lines
    assert lines and not lines[0].startswith("Not")
    assert session.game.phase is not Phase.DREAM
    assert f"You: rest; dream {card.replace(' ', '-')}:{stars}" in session.log()


def test_another_observe_is_offered_only_with_a_telescope() -> None:
    session = SoloSession("You", 6, frozenset())
    card, star = _first_card(session)
    session.handle(f"{card}:{star}")
    assert session.game.player("You").telescopes == 0
    assert "Telescope" not in session.prompt().split(":")[-1].replace("no Telescope", "")
    assert session.prompt().endswith(": end (no Telescope for another Observe)")


def test_ptolemys_turn_says_how_many_stars_his_card_marks() -> None:
    session = SoloSession("You", 3, frozenset())
    card, star = _first_card(session)
    lines = session.handle(f"{card}:{star}; end").lines
    rolls = next(line for line in lines if line.startswith("Ptolemy rolls"))
    assert rolls.endswith(" stars.") and " he marks " in rolls and "stars)" not in rolls
    assert any(line.startswith("Ptolemy has ") and "in his pile" in line for line in lines)


def test_a_whole_game_in_french_says_nothing_in_english() -> None:
    session = SoloSession("Vous", 3, frozenset(), Lang.FR)
    said = play(session, "greedy", 3)
    assert said[-1] in ("Vous gagnez.", "Ptolémée gagne.")
    english = ("Ptolemy", "Fame", "Stardust", " the ", "Round", "sphere", " card")
    spoken = [line for line in said if not line.startswith("> ")]
    assert not [line for line in spoken if any(word in line for word in english)]
    assert any(line.startswith("Ptolémée lance le dé") for line in spoken)
    assert session.handle("aide").lines == (text("solo.help", Lang.FR),)


def test_quit_and_end_of_input_keep_the_log_marked_unfinished(tmp_path: Path) -> None:
    runner = CliRunner()
    for name, typed in (("quit.txt", "quit\n"), ("eof.txt", ""), ("mid.txt", "board\n")):
        session = SoloSession("You", 3, frozenset())
        card, star = _first_card(session)
        log = tmp_path / name
        line = f"{card}:{star}; end\n{card}:{session.game.first_stars(card)[-1]}\n"
        result = runner.invoke(solo, ["--seed", "3", "--log", str(log)], input=line + typed)
        assert result.exit_code == 0, result.output
        assert "marked unfinished" in result.output
        written = log.read_text(encoding="utf-8")
        assert written.startswith("# unfinished: left in round 2")
        assert f"You: {card.replace(' ', '-')}:{star}; end" in written
        checked = runner.invoke(check, [str(log)])
        assert "the log ends before the game does" in str(checked.exception)


def test_the_command_speaks_french(tmp_path: Path) -> None:
    log = tmp_path / "partie.txt"
    args = ["--seed", "3", "--lang", "fr", "--name", "Vous", "--log", str(log)]
    result = CliRunner().invoke(solo, args, input="plateau\nquitter\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == (
        "Astra en solo contre Ptolémée, graine 3. Tapez « aide » pour les commandes."
    )
    assert lines[1] == "Mise en place : Vierge va à la place entre les éléments Eau et Feu."
    assert lines[10] == "Manche 1, élément Air : plateau"
    assert lines[11].startswith("Élément Air ; 16 cartes dans la pile Constellation")
    assert lines[-3:] == [
        "Manche 1, élément Air : quitter",
        "Partie abandonnée.",
        f"{log} écrit : la partie jusque-là, marquée inachevée"
        " (pnp astra check dit où elle s'arrête)",
    ]
    assert log.read_text(encoding="utf-8").startswith("# inachevée : quittée à la manche 1")
    assert "--lang [en|fr]" in CliRunner().invoke(solo, ["--help"]).output


# the playtest of issue 17 (seed 5), as typed; Ptolemy wins 49 to 45 in round 21
PLAYTEST = [
    "grand chien:11-9-8-7", "end", "Orion:1-2-6; end", "rest", "Sagittarius:1-4-6",
    "Sagittarius:7-9-12; end", "Canis Major:5", "end", "rest", "Sagittarius:11-10-5-3",
    "Orion:11-12-14; end", "Sagittarius:13; end", "pick You 3", "rest", "Taurus:10-8",
    "Orion:4-3; Orion:7-9; end", "rest", "petite ourse:7-5-4",
    "use Orion; Ursa Minor:3-2-1; end", "use Ursa Minor; Taurus:7-6; end", "rest",
    "Pisces:8", "Pisces:4-3-2-1; end", "pick You 1", "rest", "Ursa Major:10-8",
    "use Pisces Piscis Austrinus:3-8; Piscis Austrinus:6-1-2-5; end", "rest",
    "Ursa Major:9-11-14", "use Ursa Minor; Piscis Austrinus:7-4; Ursa Major:5-4-3; end",
    "rest", "Serpens:7", "use Orion; Ursa Major:7; Ursa Major:12-13; end",
]  # fmt: skip


def _playtest(lang: Lang = Lang.EN, upto: int = len(PLAYTEST)) -> tuple[SoloSession, list[str]]:
    session, said = SoloSession("You", 5, frozenset(), lang), list[str]()
    for line in PLAYTEST[:upto]:
        said += [f"> {session.prompt()}: {line}", *session.handle(line).lines]
    return session, said


def test_the_playtest_game_says_what_the_table_needs() -> None:
    session, said = _playtest()
    assert session.game.over
    assert "> Round 3, sphere Earth: rest" in said
    assert said[said.index("> Round 3, sphere Earth: rest") + 3].startswith(
        "> Dream: the dreamer pen marks 3 stars on Sagittarius"
    )
    dream = said.index("Ptolemy's Dream: the dreamer pen marks Hercules: stars 12-14.")
    assert said[dream + 1] == "His path stops there: no unmarked star is next to its last star."
    assert "Ptolemy's Dream: the dreamer pen marks Hercules: star 6." in said
    assert "You: Stardust 8 → 4, Wisdom spots marked 0 → 2, Card limit 2 → 4." in said
    assert said[-3:] == [
        "You: 45 Fame (6 from play, 5 for your Pouch size, 8 for your card limit,"
        " 0 for Stardust, 0 for stars, 7 for your Active cards, 19 for your Final Scoring"
        " card).",
        "Ptolemy: 49 Fame (34 from play, 7 card Fame, 1 for stars, 0 for Telescopes,"
        " 7 for elements, 0 for sets).",
        "Ptolemy wins.",
    ]


def test_a_boon_limited_by_the_dreamer_pen_says_why() -> None:
    session, _ = _playtest(upto=PLAYTEST.index("pick You 3"))
    assert session.prompt() == (
        "Sagittarius discovered: the dreamer pen marked more stars than you, so your boon"
        " is one of 3 4 (pick You N)"
    )
    session, _ = _playtest(Lang.FR, upto=PLAYTEST.index("pick You 1"))
    assert session.prompt() == "Taureau découverte : votre bonus, parmi 1 2 3 4 (pick You N)"


def test_the_board_shows_the_journal_and_the_cards_above_the_game_end_card() -> None:
    session, _ = _playtest(upto=PLAYTEST.index("rest", 20))
    (board,) = session.handle("board").lines
    lines = board.splitlines()
    assert lines[0] == "Sphere Water; 10 cards in the deck, 7 of them above the Game End card."
    assert lines[-2] == (
        "You: 1 Fame, 0 Stardust, 2 Telescopes, Pouch size 5, Wisdom spots marked 6 (card"
        " limit 6), active Canis Major, exhausted Orion / Ursa Minor"
    )
    assert lines[-1].startswith("Ptolemy: 24 Fame, 4 Stardust, 1 Telescope, cards")


def test_a_card_name_mistyped_is_named_with_the_cards_it_may_be() -> None:
    session = SoloSession("You", 5, frozenset())
    (said,) = session.handle("Canis Majr:11-9").lines
    assert said == (
        "Not understood: no card is named 'Canis Majr'; did you mean Canis Major or Canis Minor?"
    )
    french = SoloSession("Vous", 5, frozenset(), Lang.FR)
    (dit,) = french.handle("use Orion Grand Chein:11").lines
    assert dit == (
        "Pas compris : aucune carte ne s'appelle « Grand Chein » ; vouliez-vous dire Grand Chien ?"
    )
    (dit,) = french.handle("observe tout").lines
    assert dit.startswith("Pas compris : « observe tout » (attendu :")
    with pytest.raises(ActionSyntaxError, match="Ursa Minuscule"):
        read_decisions("Orion:1; Ursa Minuscule:7")


def test_help_shows_an_ability_that_marks_stars() -> None:
    for lang in Lang:
        assert "use Pisces Taurus:6-5" in text("solo.help", lang)


def test_prompts_count_one_star_and_one_card_in_the_singular() -> None:
    assert text("solo.n_stars_one", Lang.EN).format(n=1) == "1 star"
    session = SoloSession("You", 5, frozenset())
    for line in ("grand chien:11-9-8-7", "end", "Orion:1-2-6; end", "rest"):
        session.handle(line)
    assert "3 stars on" in session.prompt() and "(s)" not in session.prompt()
    for key in ("prompt_discard", "prompt_dream"):
        assert "(s)" not in text(f"solo.{key}", Lang.EN) + text(f"solo.{key}", Lang.FR)
