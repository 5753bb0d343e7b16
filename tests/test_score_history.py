"""What the rules imply about the game behind finished Star Charts sheets
(``pnp.score.starcharts_history``): skips before the claims of their round, no more of
them than drafts and none while every die fits, comets marked with a neighbour along
their facing, no claim before its cells could be marked, completed lines whose stars
were never circled; and rounds numbered from 1."""

from __future__ import annotations

import pytest

from tests.conftest import Run
from tests.test_score import ALICE_BOXES, SPEC, Score, problems_of, scorer


@pytest.fixture
def game(run: Run) -> Score:
    return scorer(run)


BOB_BOXES = "boxes: four-corners@4 0 0 two-rows@7 ."
CARA = SPEC.split("player: Bob")[1].replace(BOB_BOXES, "boxes: . . . . .")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # a round 0, for a claim or a skip
        (
            ALICE_BOXES,
            "boxes: two-rows@0 four-corners@5=2 0 half-sky@7=3 .",
            "game.txt:15:8: rounds are numbered from 1: round 0 never happens [sheet.round]",
        ),
        (BOB_BOXES, "boxes: four-corners@4 0@0 0 two-rows@7 .", "game.txt:28:23: rounds are"),
        # a skip written after a claim of its round
        (
            ALICE_BOXES,
            "boxes: two-rows@3 four-corners@5=2 0@5 half-sky@7=3 .",
            "game.txt:15:36: a skip in round 5 follows a claim of round 5: skips happen in "
            "the drafts, claims at the end of the round, so the 0 comes first [sheet.skip-timing]",
        ),
        # three skips in a round of two drafts (two-player)
        (
            BOB_BOXES,
            "boxes: four-corners@4 0@5 0@5 0@5 two-rows@7",
            "game.txt:28:31: Bob skips 3 times in round 5, but a sheet drafts 2 dice a round "
            "in a two-player game [sheet.skip-count]",
        ),
        # a skip while every value 1–8 still fits: row 5 is empty
        (
            "x . . . . . . x\nx . . . * . . x",
            ". . . . . . . .\nx . . . * . . x",
            "game.txt:28:23: Bob skipped a turn, but every die value 1 to 8 still has a legal "
            "run on the final grid (an 8: A5-H5); marks only accumulate, so no die ever failed "
            "to fit [sheet.skip-placeable]",
        ),
        # comets marked without a neighbour along their facing
        (
            "x . . - . . . x",
            "x . . x . . . x",
            "game.txt:22:7: the comet at D3 faces sideways: only a run of 2+ cells along row 3 "
            "covers it (place-x cannot), but neither C3 nor E3 beside it is marked [sheet.comet]",
        ),
        (
            "x . * . . | . x",
            "x . * . . x . x",
            "game.txt:23:11: the comet at F4 faces up/down: only a run of 2+ cells along "
            "column F covers it (place-x cannot), but neither F3 nor F5 beside it is marked",
        ),
        # claims too early to be possible
        (
            ALICE_BOXES,
            "boxes: half-sky@1=3 two-rows@3 four-corners@5=2 0 .",
            "game.txt:15:8: half-sky needs 32 marked cells, but by the end of round 1 a sheet "
            "has at most 19: 2 drafts of at most 8 cells, and 3 more with adjust and place-x "
            "[sheet.claim-early]",
        ),
        (
            ALICE_BOXES,
            "boxes: 0@1 0@1 two-rows@1 four-corners@5=2 half-sky@7=3",
            "game.txt:15:16: two-rows needs 16 marked cells, but by the end of round 1 a sheet "
            "has at most 3: 2 drafts of at most 8 cells, 2 of them skipped, and 3 more",
        ),
    ],
)
def test_what_the_rules_imply_is_checked(game: Score, old: str, new: str, expected: str) -> None:
    assert old in SPEC
    problems = problems_of(game, SPEC.replace(old, new, 1))
    assert any(p.startswith(expected) for p in problems), problems


def test_a_comet_marked_with_its_neighbour_along_its_facing_is_fine(game: Score) -> None:
    code, _, err = game(SPEC.replace("x . . - . . . x", "x . . x x . . x"))
    assert code == 0, err


def test_skips_and_claims_by_round_in_a_standard_game(game: Score) -> None:
    text = SPEC.replace("objectives:", "variant: standard\nobjectives:") + "\nplayer: Cara" + CARA
    assert game(text)[0] == 0
    problems = problems_of(game, text.replace(BOB_BOXES, "boxes: four-corners@4 0@5 0@5 . ."))
    assert any(
        "Bob skips 2 times in round 5, but a sheet drafts 1 die a round in a standard game" in p
        for p in problems
    ), problems
    problems = problems_of(game, text.replace(ALICE_BOXES, "boxes: two-rows@1 0 . . ."))
    assert any(
        "two-rows needs 16 marked cells, but by the end of round 1 a sheet has at most 11: "
        "1 draft of at most 8 cells, and 3 more with adjust and place-x" in p
        for p in problems
    ), problems


def test_completed_lines_without_a_circled_star_are_points_left_on_the_table(
    game: Score,
) -> None:
    code, _, err = game(SPEC)
    assert code == 0
    assert err == (
        "game.txt:12:1: warning: Alice completed row 6, row 7 and column E without circling "
        "any of their stars, with 2 of 6 abilities gained: each such line gains an ability, "
        "worth 3 points unused (points left on the table) [sheet.gain-missed]\n"
    )
    every_star = SPEC.replace(
        "x x x x x x x x\nx x x x x x x x\nx x x x x x x x\nboxes: two-rows@3",
        "x x x x o x x x\nx o x x x x x x\nx x x x x x x x\nboxes: two-rows@3",
    ).replace("abilities: split used, reroll", "abilities: split used, reroll, flip, adjust")
    code, _, err = game(every_star)
    assert (code, err) == (0, "")
