"""The Astra game log's text: it reads back what it writes, and every problem is named at
its line and column."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.astra.actions import Discard, Dream, End, Observe, PickBoon, Rest, UseAbility
from pnp.astra.log import GAME_END, Header, Turn, format_log, parse_log
from pnp.errors import SourceError

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "astra-game.txt"
HEAD = "players: Robin, Matthew, Dorothy\nseed: 7\n"


def problems(text: str) -> list[str]:
    with pytest.raises(SourceError) as caught:
        parse_log(text, "g.txt")
    return [str(p) for p in caught.value.problems]


def test_the_example_reads_back_byte_for_byte() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert format_log(parse_log(text, str(EXAMPLE))) == text


def test_every_line_kind_is_read() -> None:
    text = (
        "# a comment\n"
        "players: Robin, Matthew  # seating order\n"
        "deck: Leo, Grande Ourse, END\n"
        "scoring: Matthew earth+water, Robin Fire+Air\n"
        "\n"
        "Robin: use Ara 3; Taurus:10-8-7; Leo:1-2; end\n"
        "pick Matthew 3 Leo Virgo; discard Ursa-Major\n"
        "Matthew: rest\n"
    )
    log = parse_log(text, "g.txt")
    assert log.players == ("Robin", "Matthew")
    assert [line.comment for line in log.lines[:2]] == [" a comment", " seating order"]
    deck = log.header("deck")
    assert deck is not None
    assert [t.value for t in deck[1].items] == ["Leo", "Ursa Major", GAME_END]
    assert [t.col for t in deck[1].items] == [7, 12, 26]
    scoring = log.header("scoring")
    assert scoring is not None
    assert [t.value for t in scoring[1].items] == ["Matthew earth+water", "Robin air+fire"]
    first, more, second = log.turns
    assert first.player == "Robin" and more.player is None and second.player == "Matthew"
    assert [s.action for s in first.steps] == [
        UseAbility("Ara", (), 3),
        Observe("Taurus", (10, 8, 7)),
        Observe("Leo", (1, 2)),
        End(),
    ]
    assert [(s.line, s.col) for s in first.steps] == [(6, 8), (6, 19), (6, 34), (6, 43)]
    assert [s.action for s in more.steps] == [
        PickBoon("Matthew", 3, ("Leo", "Virgo")),
        Discard(("Ursa Major",)),
    ]
    assert second.steps[0].action == Rest()


def test_a_dream_step_is_read_with_its_place_and_written_back() -> None:
    text = "players: Ada, Ben\nseed: 3\n\nAda: rest; dream Canis-Major:11-9\npick Ben 4\n"
    log = parse_log(text, "g.txt")
    assert format_log(log) == text
    (step,) = log.turns[0].steps[1:]
    assert step.action == Dream(Observe("Canis Major", (11, 9))) and (step.line, step.col) == (
        4,
        12,
    )


def test_spacing_is_made_canonical_and_then_kept() -> None:
    text = "  players:Robin ,Matthew\nseed:   7   #  lucky\n\nrobin:  Taurus:10-8   ;end\n\n\n"
    canonical = "players: Robin, Matthew\nseed: 7  #  lucky\n\nRobin: Taurus:10-8; end\n"
    assert format_log(parse_log(text, "g.txt")) == canonical
    assert format_log(parse_log(canonical, "g.txt")) == canonical


def test_a_turn_keeps_the_headers_spelling_of_the_name() -> None:
    (turn,) = parse_log(HEAD + "ROBIN: rest\n", "g.txt").turns
    assert turn.player == "Robin"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("Bob: rest", "g.txt:3:1: 'Bob' is not playing (players: Robin, Matthew, Dorothy)"),
        ("Robin: rest; Taurs:10-8", "g.txt:3:14: unknown constellation 'Taurs'"),
        ("Robin: rest;  Taurus:10-x", "g.txt:3:15: expected a card and its stars like"),
        ("  Robin: dance", "g.txt:3:10: expected a card and its stars like Taurus:10-8-7"),
        ("Robin: rest me", "g.txt:3:13: rest takes nothing more, got 'me'"),
        ("Robin: pick Matthew", "g.txt:3:8: expected pick, a player and a boon number"),
        ("Robin:", "g.txt:3:7: expected the turn's decisions"),
        ("Robin: rest\nseed: 8", "g.txt:4:1: seed: is written once"),
        ("Robin: rest; dream Taurs:10-8", "g.txt:3:20: unknown constellation 'Taurs'"),
        ("Robin: rest; dream Taurus:10 Leo:1", "g.txt:3:14: expected dream and one path"),
        ("Robin: rest\ndeck: Leo, END", "g.txt:4:1: deck: belongs to the header"),
    ],
)
def test_each_problem_is_at_its_line_and_column(body: str, expected: str) -> None:
    assert problems(HEAD + body + "\n")[0].startswith(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("seed: 7\nRobin: rest\n", "g.txt:2:1: expected players: before the first turn"),
        ("players: Robin, Matthew\nRobin: rest\n", "g.txt:1:1: expected seed: (or deck: and"),
        ("players: Robin, Matthew\nseed: 7\n", "g.txt:2:1: the log ends before its first turn"),
        ("players: Robin, Matthew\nseed: 7\nrest\n", "g.txt:3:1: a line without a name"),
        ("players: Robin, Mat:t\nseed: 7\nRobin: rest\n", "g.txt:1:17: a player's name is one"),
        ("players: Robin, Seed\nseed: 7\nRobin: rest\n", "g.txt:1:17: Seed is a header word"),
        ("players: Robin,, Matthew\nseed: 7\nRobin: rest\n", "g.txt:1:16: a player's name"),
        ("players: Robin\nseed: -7\nRobin: rest\n", "g.txt:2:7: expected a whole number"),
        ("players: Robin\nseed: 7, 8\nRobin: rest\n", "g.txt:2:7: expected a whole number"),
        ("players:\nseed: 7\n", "g.txt:1:9: expected a value after players:"),
        ("players: A, B\ndeck: Leo, Lion, END\nseed: 1\nA: rest\n", "g.txt:2:12: Lion is already"),
        ("players: A, B\ndeck: Leo\nseed: 1\nA: rest\n", "g.txt:2:1: expected the Game End card"),
        ("players: A, B\ndeck: Leo, Lo\nseed: 1\nA: rest\n", "g.txt:2:12: unknown constellation"),
        ("players: A, B\nscoring: A air\nseed: 1\nA: rest\n", "g.txt:2:10: no Final Scoring"),
        ("players: A, B\nscoring: A\nseed: 1\nA: rest\n", "g.txt:2:10: expected a player and"),
        (
            "players: A, B\nscoring: C air+fire\nseed: 1\nA: rest\n",
            "g.txt:2:10: 'C' is not playing",
        ),
        (
            "players: A, B\nscoring: A air+fire, A air+water\nseed: 1\nA: rest\n",
            "g.txt:2:22: A has one Final Scoring card",
        ),
        (
            "players: A, B\nscoring: A air+fire\nseed: 1\nA: rest\n",
            "g.txt:2:1: expected a Final Scoring card for B",
        ),
        (
            "players: A, B\nseed: 1\ndeck: Leo, END\nscoring: A air+fire, B air+water\nA: rest\n",
            "g.txt:2:1: seed: deals nothing when deck: and scoring: are written",
        ),
    ],
)
def test_each_header_problem_is_at_its_line_and_column(text: str, expected: str) -> None:
    assert problems(text)[0].startswith(expected)


def test_every_problem_is_listed_at_once() -> None:
    found = problems(HEAD + "Bob: rest\nRobin: dance\nRobin: rest\nseed: 9\n")
    assert [p.split(": ")[0] for p in found] == ["g.txt:3:1", "g.txt:4:8", "g.txt:6:1"]


@given(st.text(alphabet="Robin:; Taurus10-8#,\nENDseedplayersdeckpickusediscard", max_size=120))
def test_any_text_is_a_log_or_our_error(text: str) -> None:
    try:
        log = parse_log(HEAD + text, "g.txt")
    except SourceError as exc:
        assert all(p.line >= 1 and p.col >= 1 for p in exc.problems)
        return
    again = format_log(log)
    assert format_log(parse_log(again, "g.txt")) == again
    assert all(isinstance(line.body, Header | Turn | None) for line in log.lines)


SOLO = Path(__file__).resolve().parent.parent / "docs" / "examples" / "astra-solo.txt"


def test_the_solo_example_reads_back_byte_for_byte() -> None:
    text = SOLO.read_text(encoding="utf-8")
    log = parse_log(text, str(SOLO))
    assert format_log(log) == text
    assert log.players == ("You",)
    found = log.header("solo")
    assert found is not None and [t.value for t in found[1].items] == ["hard-telescopes"]


def test_solo_takes_modifier_names_in_any_case_or_none() -> None:
    log = parse_log("players: Ann\nsolo: Easy-Fame-0, hard-scoring\nseed: 2\nAnn: rest\n", "s")
    found = log.header("solo")
    assert found is not None and [t.value for t in found[1].items] == [
        "easy-fame-0",
        "hard-scoring",
    ]
    none = parse_log("players: Ann\nsolo: none\nseed: 2\nAnn: rest\n", "s").header("solo")
    assert none is not None and none[1].items[0].value == "none"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("players: Ann\nsolo: hard-fame-21\nseed: 2\n", "g.txt:2:7: expected difficulty modifiers"),
        ("players: Ann\nsolo: none, easy-fame-0\nseed: 2\n", "g.txt:2:7: expected difficulty"),
        ("players: Ann, Bob\nsolo: none\nseed: 2\n", "g.txt:2:1: a solo game names one player"),
        ("players: Ann\nsolo: none\ndeck: Leo, END\nscoring: Ann air+fire\n", "g.txt:2:1: a solo"),
        ("players: Ann\nsolo: none\n", "g.txt:2:1: a solo game names one player, and seed:"),
    ],
)
def test_a_solo_header_names_what_is_wrong(header: str, expected: str) -> None:
    assert problems(header + "Ann: rest\n")[0].startswith(expected)


# One mistake, one problem: what a mistake makes unreadable later is not refused again,
# but every other mistake in the file is still listed.


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # a misspelt ability, then steps on its line and on the lines after it
            HEAD + "Robin: use Aqula; Taurus:10-8; end\npick Matthew 1\nMatthew: rest\n",
            "g.txt:3:12: unknown constellation 'Aqula'",
        ),
        (  # a name misspelt in players: is said at the first line for the real name
            "players: Robn, Matthew\nseed: 7\nRobin: rest\nMatthew: rest\nRobin: rest\n",
            "g.txt:3:1: 'Robin' is not playing (players: Robn, Matthew); did you mean Robn?",
        ),
        (  # a line for a player not playing: the lines that continue it are its own
            HEAD + "Robn: Taurus:10-8; end\npick Matthew 1\nRobn: rest\n",
            "g.txt:3:1: 'Robn' is not playing (players: Robin, Matthew, Dorothy); "
            "did you mean Robin?",
        ),
        (  # a misspelt header key
            "player: Robin, Matthew\nseed: 7\nRobin: rest\nMatthew: rest\n",
            "g.txt:1:1: 'player:' is no header line; did you mean players:?",
        ),
        (  # a header key without its colon
            "players Robin, Matthew\nseed: 7\nRobin: rest\nMatthew: rest\n",
            "g.txt:1:1: expected a header line like players: …",
        ),
        (
            "players: Robin, Matthew\nsed: 7\nRobin: rest\n",
            "g.txt:2:1: 'sed:' is no header line; did you mean seed:?",
        ),
        (  # a broken players: line: the turns cannot be checked against it
            "players: Robin, Matthew;\nseed: 7\nRobin: rest\nMatthew: rest\n",
            "g.txt:1:17: a player's name is one word",
        ),
        (  # no players: at all, said once
            "seed: 7\nRobin: rest\nMatthew: rest\n",
            "g.txt:2:1: expected players: before the first turn",
        ),
    ],
)
def test_one_mistake_is_one_problem(text: str, expected: str) -> None:
    found = problems(text)
    assert len(found) == 1 and found[0].startswith(expected), found


def test_a_mistake_said_once_leaves_the_others_listed() -> None:
    text = "players: Robn, Matthew\nseed: 7\nRobin: rest\nMatthew: dance\nRobin: rest\nBob: rest\n"
    assert [p.split(": ")[0] for p in problems(text)] == ["g.txt:3:1", "g.txt:4:10", "g.txt:6:1"]
