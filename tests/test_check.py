"""``pnp starcharts check``: each rule the replay enforces, with a failing example."""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.starcharts.actions import parse_turn
from pnp.starcharts.chart import load_chart
from pnp.starcharts.game import Game, Phase
from pnp.starcharts.rules import RuleError
from pnp.starcharts.setup import Setup
from pnp.starcharts.sheet import BoxEntry
from tests.conftest import Run

DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"
HEAD = """chart: lyra-spec.txt
objectives: two-rows four-corners half-sky core
players: Ann Ben Cat
variant: standard

"""
# The spec's chart:   A B C D E F G H
#                   1 . . . . . . . .
#                   2 . * . . A . . .
#                   3 . . . - . . . .
#                   4 . . * . . | . .
#                   5 . . . . . . . .
#                   6 . . . . * . . .
#                   7 . * . . . . . .
#                   8 . . . . . . . .
ROUND1 = "round 1\nroll: 3 5 7 8\n"
FIRST = "Ann: 8 A1-H1\nBen: 7 A1-G1\nCat: 5 A1-E1\n"
# Ann completes column B (stars B2, B7) and gains an ability; round 2 rolls from Ben.
GAIN = (
    "Ann: 8 B1-B8 gain {}\nBen: 7 A1-G1\nCat: 5 A1-E1\n"
    "\nround 2\nroll: 1 2 3 4\nBen: 3 A2-C2\nCat: 2 A2-B2\n"
)
Check = Callable[[str], tuple[int, str, str]]


@pytest.fixture
def check(run: Run) -> Check:
    shutil.copy(DATA / "lyra-spec.txt", "lyra-spec.txt")

    def replay(text: str) -> tuple[int, str, str]:
        Path("log.txt").write_text(text, encoding="utf-8")
        result = run("starcharts", "check", "log.txt")
        return result.exit_code, result.stdout, result.stderr

    return replay


CASES = [
    # run shape, cost, comets, occupied cells
    ("Ann: 8 A1-H2", "log.txt:8:8: A1-H2 is not straight"),
    ("Ann: 8 A1-G1", "log.txt:8:8: A1-G1 costs 7 but the die is 8 [run.cost]"),
    ("Ann: 5 A2-E2", "A2-E2 costs 6 but the die is 5 [run.cost]"),  # the asteroid costs 2
    (
        "Ann: 3 D2-D4",
        "the comet at D3 faces sideways: only a run of 2+ cells along its row "
        "covers it [run.comet]",
    ),
    ("Ann: 3 E4-G4", "the comet at F4 faces up/down"),
    (
        "Ann: 8 A1-H1\nBen: 7 A1-G1\nCat: 3 A1-C1\n\nround 2\nroll: 1 2 3 4\nBen: 3 A1-C1",
        "log.txt:14:8: A1 is already marked [run.empty]",
    ),
    # wrong die, die already drafted, drafting order
    (
        "Ann: 6 A1-F1",
        "log.txt:8:6: no die showing 6 is left in the pool (pool: 3 5 7 8) [draft.die]",
    ),
    ("Ann: 8 A1-H1\nBen: 8 A1-H1", "log.txt:9:6: no die showing 8 is left in the pool"),
    ("Ben: 8 A1-H1", "log.txt:8:1: it is Ann's turn, not Ben's [draft.turn]"),
    ("Ann: 8 A1-H1\nAnn: 7 A2-A8", "log.txt:9:1: it is not Ann's turn (next: Ben) [draft.turn]"),
    # abilities: not gained, already used, used wrongly
    ("Ann: 3 adjust +2 A1-E1", "log.txt:8:8: adjust has not been gained [ability.gained]"),
    (
        GAIN.format("adjust") + "Ann: 4 adjust +1 A1-A5\n\nround 3\nroll: 1 2 3 4\nCat: 1 A3\n"
        "Ann: 4 adjust -1 A6-A8",
        "log.txt:21:8: adjust was already used [ability.gained]",
    ),
    (
        GAIN.format("adjust") + "Ann: 4 adjust +3 A1-A7",
        "log.txt:16:8: adjust +3 on a 4 must add ±1 or ±2 and leave at least 1 [ability.adjust]",
    ),
    (
        GAIN.format("reuse") + "Ann: 4 reuse 1 A1",
        "no die showing 1 was drafted by another player this round (2 3) [ability.reuse]",
    ),
    (
        GAIN.format("split") + "Ann: 4 split 1 A1 2 C1-D1",
        "split parts 1+2 must be positive and add up to 4 [ability.split]",
    ),
    (GAIN.format("flip") + "Ann: 4 flip C1-F1", "C1-F1 costs 4 but the die is 5 [run.cost]"),
    (
        GAIN.format("place-x") + "Ann: 4 A1-A4 place-x E2",
        "place-x marks an empty open or star cell; E2 is not one [ability.place-x]",
    ),
    (
        GAIN.format("reroll") + "Ann: reroll 1 1 1",
        "reroll gives new faces to the 2 dice in the pool, not 3 [ability.reroll]",
    ),
    (GAIN.format("reroll") + "Ann: 4 A1-A4\nAnn: reroll 1", "it is not Ann's turn (next: claims)"),
    (GAIN.format("reroll") + "Ann: 4 adjust +1 A1-A5", "adjust has not been gained"),
    (
        "Ann: 8 A1-H1\nBen: 7 A1-G1\nCat: 5 A1-E1 adjust +1",
        "log.txt:10:14: change the die before marking its runs",
    ),
    # gaining
    (
        "Ann: 8 B1-B8",
        "log.txt:8:1: completing column B gains an ability: add 'gain <ability>' "
        "[ability.gain-missing]",
    ),
    ("Ann: 8 A1-H1 gain adjust", "log.txt:8:14: no line with an uncircled star was completed"),
    ("Ann: 8 B1-B8 gain adjust at C4", "C4 is not an uncircled star of a line completed this turn"),
    ("Ann: 8 B1-B8 gain adjust gain adjust", "adjust is already gained [ability.gain]"),
    # skipping while a die fits
    (
        "Ann: skip",
        "log.txt:8:6: Ann cannot skip: the 3 in the pool fits, e.g. A1-C1 [skip.placeable]",
    ),
    # claims: condition, dealt, twice, timing
    (
        FIRST + "Ann claims two-rows",
        "log.txt:11:12: Ann does not meet two-rows: Complete 2 rows. [claim.condition]",
    ),
    (FIRST + "Ann claims diagonal", "diagonal is not one of the dealt cards"),
    (
        "Ann: 8 A1-H1\nAnn claims four-corners",
        "claims come after every draft of the round (still to draft: Ben) [claim.timing]",
    ),
    # rounds and dice
    ("", "log.txt:7:1: the log ends in round 1 before Ann drafted [game.unfinished]"),
    (
        FIRST,
        "log.txt:10:1: the log ends in round 1, before the game does: no Filled Sheet box "
        "holds a number [game.unfinished]",
    ),
    (FIRST + "\nround 3\nroll: 1 2 3 4", "log.txt:12:1: expected round 2, not 3 [round.number]"),
    (FIRST + "\nround 2\nroll: 1 2 3 4 5", "log.txt:13:1: roll 4 dice, not 5 [roll.dice]"),
    (FIRST + "\nround 2\nroll: 1 2 3 9", "a d8 shows 1 to 8, not 9 [roll.dice]"),
    (FIRST + "\nround 2\nAnn: 1 A2", "round 2 starts with its roll"),
    ("Eve: 8 A1-H1", "log.txt:8:1: Eve is not playing (players: Ann, Ben, Cat) [setup.players]"),
]


@pytest.mark.parametrize(("body", "expected"), CASES)
def test_the_first_illegal_step_is_rejected(check: Check, body: str, expected: str) -> None:
    code, out, err = check(HEAD + ROUND1 + body + "\n")
    assert code == 1, out
    assert len(err.splitlines()) == 1 and expected in err, err


def test_the_setup_is_checked(check: Check) -> None:
    bad = HEAD.replace("core", "asteroid-field").replace("lyra-spec.txt", "lyra-8")
    assert "asteroid-field is only dealt with an obstacle chart" in check(bad + ROUND1)[2]
    two = HEAD.replace("Ann Ben Cat", "Ann Ben")
    assert "standard is played by 3 or 4 players, not 2 [setup.players]" in check(two + ROUND1)[2]
    assert "unknown variant 'co-op'" in check(HEAD.replace("standard", "co-op") + ROUND1)[2]
    assert "unknown chart 'nowhere-8'" in check(HEAD.replace("lyra-spec.txt", "nowhere-8"))[2]


def test_syntax_problems_are_all_reported(check: Check) -> None:
    code, _, err = check(HEAD + ROUND1 + "Ann: 8 A1-Z1\nBen: x\nwhatever\n")
    assert code == 1
    assert err.splitlines() == [
        "log.txt:8:8: Z1 is off the 8×8 grid (A1 to H8)",
        "log.txt:9:6: expected a die value, got 'x'",
        "log.txt:10:1: expected 'round N', 'roll:', 'Name: …' or 'Name claims …'",
    ]


@pytest.mark.parametrize(
    ("old", "expected"),
    [
        ("players: Ann Ben Cat", "log.txt:3:9: 'players:' needs a value"),
        ("chart: lyra-spec.txt", "log.txt:1:7: 'chart:' needs a value"),
        ("objectives: two-rows four-corners half-sky core", "log.txt:2:12: 'objectives:' needs"),
    ],
)
def test_a_header_line_without_its_value_is_one_problem(
    check: Check, old: str, expected: str
) -> None:
    """Not also "missing 'players:' line"."""
    key = old.partition(":")[0]
    code, _, err = check(HEAD.replace(old, f"{key}:") + ROUND1 + FIRST)
    assert code == 1 and len(err.splitlines()) == 1 and err.startswith(expected), err


def test_game_lines_without_an_extended_variant_are_one_problem(check: Check) -> None:
    """The rest is read as a match, so its chart: lines raise nothing more."""
    game = "chart: lyra-spec.txt\nobjectives: two-rows four-corners half-sky core\n" + ROUND1
    log = "players: Ann Ben Cat\nvariant: standard\n\ngame 1\n" + game + "\ngame 2\n" + game
    code, _, err = check(log)
    assert code == 1
    assert err.splitlines() == ["log.txt:4:1: 'game N' lines belong to variant: extended"]


def test_two_player_order_and_the_unused_die(check: Check) -> None:
    head = HEAD.replace("Ann Ben Cat", "Ann Ben").replace("standard", "two-player")
    ok = "round 1\nroll: 1 2 3 4 5\nAnn: 5 A1-E1\nBen: 4 A1-D1\nBen: 3 A2-C2\nAnn: 2 A2-B2\n"
    _, _, err = check(head + ok + "\nround 2\nroll: 1 2 3 4 5\nAnn: 1 H8")
    assert "it is Ben's turn, not Ann's" in err  # the roller alternates
    _, _, err = check(head + ok.replace("Ben: 3 A2-C2\n", "Ann: 3 F1-H1\n"))
    assert "it is Ben's turn, not Ann's" in err


def test_a_claim_needs_an_empty_box() -> None:
    game = Game(
        Setup(
            load_chart("lyra-8"),
            ("two-rows", "core", "diagonal", "half-sky"),
            ("Ann", "Ben", "Cat"),
        )
    )
    game.start_round(1, [8, 8, 8, 8])
    for seat in range(3):
        game.sheets[seat].boxes = [BoxEntry(None, 1, 0)] * 5
    game.sheets[0].mark((1 << 32) - 1)  # rows 1-4: half the sky
    for seat, run in ((0, "A5-H5"), (1, "A5-H5"), (2, "A6-H6")):  # rows without stars
        game.play(seat, parse_turn(f"8 {run}", 8))
    assert game.phase is Phase.CLAIMS
    with pytest.raises(RuleError, match=r"Ann has no empty objective box \[claim.box\]"):
        game.claim(0, "half-sky")


def test_nothing_is_played_after_the_end(check: Check, run: Run) -> None:
    result = run(
        "starcharts",
        "simulate",
        "--chart",
        "lyra-8",
        "--players",
        "3",
        "--games",
        "1",
        "--seed",
        "4",
        "--bot",
        "random",
        "--logs",
        "sims",
    )
    assert result.exit_code == 0
    log = Path("sims/game-1.txt").read_text(encoding="utf-8")
    assert check(log)[0] == 0
    rounds = log.count("\nround ")
    code, _, err = check(log + f"\nround {rounds + 1}\nroll: 1 2 3 4\n")
    assert code == 1 and "the game ended after round" in err and "[game.over]" in err


def test_versus_ai_drafts_are_computed_not_written(check: Check) -> None:
    head = HEAD.replace("Ann Ben Cat", "Ann").replace("standard", "versus-ai")
    code, _, err = check(head + "round 1\nroll: 1 2 3 4 5\nAnn: 5 A1-E1\nA.I.: 4 A1-D1\n")
    assert code == 1 and "the A.I.'s drafts are computed" in err
    # The A.I. takes the 4 (the highest left), so Ann may not.
    code, _, err = check(head + "round 1\nroll: 1 2 3 4 5\nAnn: 5 A1-E1\nAnn: 4 A2-D2\n")
    assert "no die showing 4 is left in the pool (pool: 1 2 3)" in err


def test_check_json_keeps_the_versus_ai_rating_beside_the_ai_progress(
    check: Check, run: Run
) -> None:
    args = ("--chart", "lyra-8", "--players", "1", "--games", "1", "--seed", "2", "--jobs", "1")
    assert run("starcharts", "simulate", *args, "--logs", "sims").exit_code == 0
    log = Path("sims/game-1.txt").read_text(encoding="utf-8")
    code, out, _ = check(log)
    score = out.strip().splitlines()[-1]  # "Ada scores 42: Fantastic!"
    result = run("starcharts", "check", "--json", "log.txt")
    data = json.loads(result.stdout)
    assert code == 0 and result.exit_code == 0
    assert score.endswith(f": {data['rating']}") and data["rating"] in score
    assert data["ai"] == {"marked": 58, "of": 58, "finished": True}


SPEC_LOG = """chart: lyra-8
objectives: two-rows four-corners all-stars half-sky
players: Alice Bob Cara Dan      # seating order, clockwise; the first rolls first
variant: standard                # standard | two-player | solo | versus-ai

round 1
roll: 3 5 5 7 8
Alice: 8 A1-H1
Bob: 7 B2-B8
Cara: 5 split 2 C3-D3 3 F5-F7    # split into 2 + 3, then the two runs
Dan: 3 adjust +2 A3-A7
# claims, if any, come after the round's drafts, e.g. "Alice claims two-rows"

round 2
roll: 1 2 2 6 8
Bob: reroll 4 4 5 6 8            # the new faces of the dice not yet drafted
Bob: 6 C1-C6
Cara: skip
"""


def test_the_spec_log_example_parses_and_is_checked_move_by_move(check: Check) -> None:
    from pnp.starcharts.chart import load_chart as shipped
    from pnp.starcharts.log import TurnLine, parse_log

    log = parse_log(SPEC_LOG, "spec.txt", shipped)
    turns = [s.body for s in log.games[0].steps if isinstance(s.body, TurnLine)]
    assert [t.player for t in turns] == ["Alice", "Bob", "Cara", "Dan", "Bob", "Bob", "Cara"]
    # As a game it breaks rules: on lyra-8, row 1 holds a star, so Alice must gain; with
    # that written, Cara's split is the next illegal step (she never gained split).
    code, _, err = check(SPEC_LOG)
    assert code == 1 and "log.txt:8:1: completing row 1 gains an ability" in err
    code, _, err = check(SPEC_LOG.replace("Alice: 8 A1-H1", "Alice: 8 A1-H1 gain split"))
    assert "log.txt:10:9: split has not been gained [ability.gained]" in err


log_lines = st.sampled_from(
    [
        "chart: lyra-8",
        "objectives: two-rows core diagonal half-sky",
        "players: A B C",
        "variant: standard",
        "variant: extended",
        "game 1",
        "round 1",
        "round 2",
        "roll: 1 2 3 4",
        "roll: x",
        "A: 8 A1-H1",
        "B: 3 adjust +2 A3-A7",
        "C: skip",
        "A claims two-rows",
        "A.I.: 3 A1",
        "D: 1 A1",
        "chart: nowhere",
        "B: reroll 1 2",
        "# comment",
        "",
        "gibberish",
        "A: 5 split 2 A1-B1 3 C1-E1 gain flip at C4",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(log_lines, max_size=20))
def test_log_like_text_parses_and_replays_or_raises_our_error(parts: list[str]) -> None:
    from pnp.score.starcharts_replay import check_log
    from pnp.starcharts.chart import load_chart as shipped
    from pnp.starcharts.log import parse_log

    with contextlib.suppress(PnpError):
        check_log(parse_log("\n".join(parts), "fuzz.txt", shipped))


@given(st.text(max_size=300))
def test_any_text_parses_or_raises_our_error(text: str) -> None:
    from pnp.starcharts.chart import load_chart as shipped
    from pnp.starcharts.log import parse_log

    with contextlib.suppress(PnpError):
        parse_log(text, "fuzz.txt", shipped)


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        ("5 6 7 ²", "log.txt:7:13: expected a die face 1 to 8, got '²'"),
        ("5 6 7 ٣", "log.txt:7:13: expected a die face 1 to 8, got '٣'"),
        (
            "5 6 7 " + "9" * 5000,
            "got '9999999999999999999999999999999999999999'… (5000 characters)",
        ),
    ],
)
def test_die_faces_are_ascii_digits(check: Check, roll: str, expected: str) -> None:
    code, _, err = check(HEAD + f"round 1\nroll: {roll}\n" + FIRST)
    assert code == 1 and len(err.splitlines()) == 1 and expected in err, err


@pytest.mark.parametrize("name", ["round", "Round", "ROLL", "claims", "A.I.", "chart"])
def test_a_player_named_like_a_keyword_is_refused_in_the_header(check: Check, name: str) -> None:
    code, _, err = check(HEAD.replace("Ben", name) + ROUND1)
    assert code == 1
    assert f"log.txt:3:14: '{name}' cannot be a player's name: the log uses it" in err, err
    assert err.rstrip().endswith("[setup.players]")
