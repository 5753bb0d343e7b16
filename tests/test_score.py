"""``pnp starcharts score``: the spec's example, and a failing example for every check
(of what the rules imply about the game behind the sheets: test_score_history.py)."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError, SourceError
from pnp.starcharts.finished import parse_finished
from tests.conftest import Run

DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"
Score = Callable[..., tuple[int, str, str]]
SPEC = (DATA / "finished.txt").read_text(encoding="utf-8")


def scorer(run: Run) -> Score:
    """``pnp starcharts score`` on a text as game.txt beside lyra-spec.txt: its exit
    status, output and errors."""
    shutil.copy(DATA / "lyra-spec.txt", "lyra-spec.txt")

    def score(text: str, *options: str) -> tuple[int, str, str]:
        Path("game.txt").write_text(text, encoding="utf-8")
        result = run("starcharts", "score", "game.txt", *options)
        return result.exit_code, result.stdout, result.stderr

    return score


@pytest.fixture
def game(run: Run) -> Score:
    return scorer(run)


def test_the_spec_example_scores(game: Score) -> None:
    code, out, err = game(SPEC)
    assert code == 0, err
    assert "Alice" in out and "two-rows, round 3" in out
    data = json.loads(game(SPEC, "--json")[1])
    totals = {p["name"]: p["total"] for p in data["players"]}
    # Alice: 6 + 2 + 0 + 3 + Filled Sheet 5 + reroll unused 3 = 19. Bob: 4 + 0 + 0 + 3 = 7.
    assert totals == {"Alice": 19, "Bob": 7}
    assert data["winners"] == ["Alice"]
    alice = data["players"][0]
    assert [b["points"] for b in alice["boxes"]] == [6, 2, 0, 3, 0]
    assert alice["unused_abilities"] == ["reroll"] and alice["filled_points"] == 5


def problems_of(game: Score, text: str) -> list[str]:
    code, _, err = game(text)
    assert code == 1, err
    return err.splitlines()


ALICE_BOXES = "boxes: two-rows@3 four-corners@5=2 0 half-sky@7=3 ."


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # grid against the chart
        (
            "x * . . A . . x",
            "x * . . * . . x",
            "game.txt:21:9: E2 is 'A' on the chart, not '*' (x marks a cell) [sheet.grid]",
        ),
        (
            "x o x x x x x x",
            "o x x x x x x x",
            "game.txt:8:1: o marks a circled star, but A2 is not a star on the chart [sheet.grid]",
        ),
        # a claim whose condition fails
        (
            "boxes: four-corners@4 0 0 two-rows@7 .",
            "boxes: four-corners@4 0 0 two-rows@7 half-sky@7",
            "half-sky: Mark at least half of all cells. [claim.condition]",
        ),
        # values against the first/second-round rule
        (
            ALICE_BOXES,
            "boxes: two-rows@3=3 four-corners@5=2 0 half-sky@7=3 .",
            "two-rows claimed in round 3, its first claim round, scores 6, not 3 [claim.value]",
        ),
        # a third round of claims
        (
            ALICE_BOXES,
            "boxes: two-rows@3 four-corners@5=2 0 half-sky@7=3 four-corners@9",
            "claims four-corners twice [claim.twice]",
        ),
        # 5 only with a full grid, and a full grid has 5
        ("filled: 5", "filled: .", "Alice's grid is full: Filled Sheet holds 5 [sheet.filled]"),
        ("abilities:\n", "filled: 5\nabilities:\n", "Filled Sheet holds 5 but B2 is not marked"),
        (
            "abilities:\n",
            "filled: 0\nabilities:\n",
            "0 goes in Filled Sheet only when no objective box is empty",
        ),
        # circles against gained abilities, and lines of their own
        (
            "abilities: split used, reroll",
            "abilities: split used, reroll, flip",
            "Alice circled 2 stars but gained 3 abilities",
        ),
        (
            "x x o x x x x x\nx x x x x x x x\nx x x x x x x x\nx x x x x x x x\nx x x x x x x x",
            "x x o x x x x x\nx x x x x x x x\nx x x x x x x x\nx x x x x x x x\nx x x x x x x x",
            None,
        ),
        # used only follows a gained ability; an ability is gained once
        (
            "abilities: split used, reroll",
            "abilities: used split, reroll",
            "'used' follows the ability it belongs to",
        ),
        ("abilities: split used, reroll", "abilities: split, split", "split is listed twice"),
        # boxes left to right, in round order
        (
            ALICE_BOXES,
            "boxes: two-rows@3 . four-corners@5=2 0 half-sky@7=3",
            "boxes are filled from the left",
        ),
        (
            ALICE_BOXES,
            "boxes: four-corners@5=2 two-rows@3 0 half-sky@7=3 .",
            "round 3 comes after a box of round 5",
        ),
        # dealt objectives valid for the chart; claims of dealt cards only
        (
            "chart: lyra-spec.txt\nobjectives: two-rows four-corners all-stars half-sky",
            "chart: lyra-8\nobjectives: two-rows four-corners all-stars comet-tails",
            "game.txt:4:1: comet-tails is only dealt with an obstacle chart [setup.objectives]",
        ),
        (
            "objectives: two-rows four-corners all-stars half-sky",
            "objectives: two-rows four-corners two-rows half-sky",
            "4 different objective cards are dealt",
        ),
        (
            ALICE_BOXES,
            "boxes: two-rows@3 four-corners@5=2 0 half-sky@7=3 core@8",
            "core was not dealt [claim.dealt]",
        ),
        # syntax
        ("filled: 5", "filled: 6", "game.txt:16:9: filled: is 5, 0 or . (empty)"),
        (
            ALICE_BOXES,
            "boxes: two-rows four-corners@5=2 0 half-sky@7=3 .",
            "write the round two-rows was claimed in, e.g. two-rows@3",
        ),
        (ALICE_BOXES, "boxes: two-rows@3 four-corners@5=2 0", "lists all 5 objective boxes"),
    ],
)
def test_each_check_fails_with_its_position(
    game: Score, old: str, new: str, expected: str | None
) -> None:
    assert old in SPEC
    if expected is None:  # a sanity edit that changes nothing
        assert game(SPEC.replace(old, new))[0] == 0
        return
    problems = problems_of(game, SPEC.replace(old, new, 1))
    assert any(expected in p for p in problems), problems
    assert all(p.startswith("game.txt:") for p in problems)


def test_a_circled_star_needs_a_completed_line_of_its_own(
    game: Score,
) -> None:
    # Bob circles B7 (gaining flip) but neither row 7 nor column B is complete.
    text = SPEC.replace(
        "x * . . . . . x\nx x x x x x x x\nboxes: four-corners@4",
        "x o . . . . . x\nx x x x x x x x\nboxes: four-corners@4",
    )
    text = text.replace("abilities:\n", "abilities: flip\n")
    problems = problems_of(game, text)
    assert any("circled star B7 has no completed row or column" in p for p in problems)


def test_every_problem_in_the_file_is_reported(game: Score) -> None:
    text = SPEC.replace("filled: 5", "filled: .").replace("x * . . A", "x * . . *")
    problems = problems_of(game, text)
    assert [p.rsplit("[", 1)[1] for p in problems] == [
        "sheet.filled]",
        "sheet.grid]",
        "game.unfinished]",
    ]


def test_a_bare_number_is_counted_with_a_warning(
    game: Score,
) -> None:
    code, out, err = game(SPEC.replace("half-sky@7=3 .", "half-sky@7=3 4"))
    assert code == 0
    assert "game.txt:15:51: warning: 4 is counted but cannot be checked" in err
    assert re.search(r"\n  total +23\n", out), out


def test_a_bare_number_no_dealt_card_could_give_is_refused(game: Score) -> None:
    # Alice claimed two-rows, four-corners and half-sky by name: all-stars (7 or 4) is
    # the one card left for a bare number, and her full grid meets it.
    code, _, err = game(SPEC.replace("half-sky@7=3 .", "half-sky@7=3 5"))
    assert code == 1
    assert "game.txt:15:51: 5 is not what a dealt card Alice's grid meets could give" in err
    assert "(those: all-stars 7 or 4) [claim.number]" in err
    code, _, err = game(SPEC.replace("half-sky@7=3 .", "half-sky@7=3 7"))
    assert code == 0, err


def test_an_unfinished_game_is_rejected(game: Score) -> None:
    text = SPEC.replace("filled: 5\n", "").replace(
        "x x x x x x x x\nboxes: two-rows", "x x x x x x x .\nboxes: two-rows"
    )
    assert any("[game.unfinished]" in p for p in problems_of(game, text))


BOB_19 = """
player: Bob
x x x x x x x x
x o x x x x x x
x x x x x x x x
x x o x x x x x
x . . . . . . x
x . . . * . . x
x o x x x x x x
x x x x x x x x
boxes: four-corners@4 two-rows@7=3 half-sky@7=3 0 0
abilities: flip, adjust, place-x
"""


def test_ties_go_to_the_most_unused_abilities(game: Score) -> None:
    # Bob: 4 + 3 + 3 + 0 + 0 + three unused abilities (9) = 19, as Alice; 3 unused beat 1.
    text = SPEC.split("player: Bob")[0] + BOB_19
    code, out, err = game(text)
    assert code == 0, err
    assert "Winner: Bob: Alice and Bob tie on 19; Bob has more unused abilities (3 to 1)" in out


def test_a_card_is_out_of_play_after_its_second_claim_round(
    game: Score,
) -> None:
    cara = SPEC.split("player: Bob")[1].replace(
        "four-corners@4 0 0 two-rows@7 .", "two-rows@9 . . . ."
    )
    problems = problems_of(game, SPEC + "\nplayer: Cara" + cara)
    assert any(
        "game.txt:40:8: two-rows was claimed in rounds 3 and 7: it was out of play in "
        "round 9 [claim.closed]" in p
        for p in problems
    ), problems


def test_equal_totals_and_unused_abilities_share_the_victory(
    game: Score,
) -> None:
    alice = SPEC.split("player: Bob")[0].replace("four-corners@5=2", "four-corners@5")
    ann = alice.split("half-sky\n\n")[1].replace("Alice", "Ann")
    data = json.loads(game(alice + ann, "--json")[1])
    assert [p["total"] for p in data["players"]] == [21, 21]
    assert data["winners"] == ["Alice", "Ann"]


def test_versus_ai_penalty_and_rating(game: Score) -> None:
    alice = SPEC.split("player: Bob")[0].replace("objectives:", "variant: versus-ai\nobjectives:")
    assert any("scores 4, not 2 [claim.value]" in p for p in problems_of(game, alice))
    data = json.loads(game(alice.replace("four-corners@5=2", "four-corners@5"), "--json")[1])
    # 6 + 4 + 0 + 3 + Filled Sheet 5 + reroll 3 = 21, minus the low value of the dealt
    # card never claimed (all-stars, 4): 17.
    assert data["players"][0]["total"] == 17
    assert data["players"][0]["unclaimed"] == ["all-stars"]
    assert data["rating"] == "Great!"


def test_solo_result_is_the_higher_score_and_the_difference(
    game: Score,
) -> None:
    alice = SPEC.split("player: Bob")[0].replace("four-corners@5=2", "four-corners@5")
    head, sheet = alice.split("player: Alice")
    solo = head.replace("objectives:", "variant: solo\nobjectives:")
    text = (
        solo
        + "player: A"
        + sheet
        + "player: B"
        + sheet.replace("split used, reroll", "split, reroll")
    )
    data = json.loads(game(text, "--json")[1])
    assert [p["total"] for p in data["players"]] == [21, 24]
    assert data["result"] == "24:3" and data["winners"] == []
    sheet_b = sheet.replace("split used, reroll", "split, reroll").replace("filled: 5", "filled: .")
    sheet_b = sheet_b.replace("x x o x x x x x", "x x o x . x x x")
    code, out, _ = game(solo + "player: A" + sheet + "player: B" + sheet_b)
    assert code == 0 and "No solo result: both charts must be filled (5) in the same round" in out
    wrong = text.replace("player: A", "player: Me")
    assert any("player: A and player: B" in p for p in problems_of(game, wrong))


def test_several_games_print_one_json_list(run: Run) -> None:
    shutil.copy(DATA / "lyra-spec.txt", "lyra-spec.txt")
    for n in (1, 2):
        Path(f"g{n}.txt").write_text(SPEC, encoding="utf-8")
    data = json.loads(run("starcharts", "score", "--json", "g1.txt", "g2.txt").stdout)
    assert [g["winners"] for g in data] == [["Alice"], ["Alice"]]
    table = run("starcharts", "score", "g1.txt", "g2.txt").stdout
    assert table.count("Winner: Alice with 19") == 2


def test_usage_errors_exit_2(run: Run) -> None:
    assert run("starcharts", "score").exit_code == 2
    assert run("starcharts", "score", "missing.txt").exit_code == 2


@given(st.text(max_size=300))
def test_any_text_parses_or_raises_our_error(text: str) -> None:
    with contextlib.suppress(PnpError):
        parse_finished(text, "fuzz.txt")


lines = st.sampled_from(
    [
        "chart: lyra-8",
        "objectives: two-rows core",
        "player: A",
        "player: B",
        "x x x x x x x x",
        "boxes: . . . . .",
        "boxes: 0 two-rows@1=6 3 . .",
        "filled: 5",
        "filled: x",
        "abilities: split used, flip",
        "used",
        "variant: solo",
        "# c",
        "",
    ]
)


@given(st.lists(lines, max_size=25))
def test_finished_like_text_parses_or_raises_our_error(parts: list[str]) -> None:
    with contextlib.suppress(PnpError):
        parse_finished("\n".join(parts), "fuzz.txt")


GRID = set("xo.*A-| ")
GRID_LINES = [n for n, line in enumerate(SPEC.splitlines()) if line and set(line) <= GRID]


@given(st.sampled_from(GRID_LINES), st.integers(0, 7), st.booleans())
@settings(max_examples=30, deadline=None)
def test_a_row_one_cell_short_or_long_is_one_problem(row: int, cell: int, longer: bool) -> None:
    """The row's length is the mistake: its shifted cells, the Filled Sheet, claims and
    circles read from the grid raise nothing more."""
    from pnp.score.starcharts import score_finished
    from pnp.starcharts.chart import read_chart

    lines = SPEC.splitlines()
    cells = lines[row].split()
    cells.insert(cell, "x") if longer else cells.pop(cell)
    lines[row] = " ".join(cells)
    game_ = parse_finished("\n".join(lines), "game.txt")
    with pytest.raises(SourceError) as caught:
        score_finished(game_, read_chart(DATA / "lyra-spec.txt"))
    length = 9 if longer else 7
    assert [str(p) for p in caught.value.problems] == [
        f"game.txt:{row + 1}:{2 * length - 1}: a row of this 8×8 chart has 8 cells, "
        f"not {length} [sheet.grid]"
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # a missing row: not also "Filled Sheet holds 5 but … is not marked"
        (
            "x x x x x x x x\nx o x",
            "x o x",
            "game.txt:14:1: Alice's grid has 7 rows; the chart has 8 [sheet.grid]",
        ),
        # an o on a cell that is no star: not also a complaint about the circles
        (
            "x * . . A . . x",
            "x * o . A . . x",
            "game.txt:21:5: o marks a circled star, but C2 is not a star on the chart [sheet.grid]",
        ),
        # a misspelt dealt card: not also "two-rows was not dealt" for the claims of it
        (
            "objectives: two-rows four-corners",
            "objectives: two-row four-corners",
            "game.txt:4:1: unknown objective 'two-row' (expected one of",
        ),
        # a name with a space: its sheet is still read, so its grid rows raise nothing
        ("player: Alice", "player: Alice Smith", "game.txt:6:9: 'player:' needs one name"),
        # no player line: one problem, not one for each line of the sheet
        (
            "player: Alice\n",
            "",
            "game.txt:6:1: this grid has no 'player: NAME' line above it (a sheet starts",
        ),
        # a stray grid-like line before the first sheet: not also "has no 'boxes:' line"
        ("\nplayer: Alice", "\nx\nplayer: Alice", "game.txt:6:1: this grid has no 'player:"),
    ],
)
def test_one_mistake_is_one_problem(game: Score, old: str, new: str, expected: str) -> None:
    assert old in SPEC
    problems = problems_of(game, SPEC.replace(old, new, 1))
    assert len(problems) == 1 and problems[0].startswith(expected), problems
