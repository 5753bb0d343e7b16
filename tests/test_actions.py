from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.starcharts.actions import (
    Adjust,
    Draft,
    Flip,
    Free,
    Gain,
    Mark,
    PlaceX,
    Reroll,
    Reuse,
    Skip,
    Split,
    format_turn,
    parse_turn,
)
from pnp.starcharts.coords import parse_cell, parse_run
from pnp.starcharts.tokens import TokenError

EXAMPLES = [
    "8 A1-H1",
    "3 adjust +2 A3-A7",
    "5 split 2 C3-D3 3 F5-F7",
    "7 reuse 4 A1-A4",
    "6 flip A1-C1",
    "8 A1-H1 gain split at C1",
    "4 A1-D1 gain flip",
    "place-x C4",
    "reroll 4 4 5 6 8",
    "skip",
    "5 split 2 A1-B1 gain flip 3 C3-E3",
    "1 split 1 A1 1 B2 1 C3",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_the_spec_syntax_parses_and_formats_back(text: str) -> None:
    assert format_turn(parse_turn(text, 8), 8) == text


def _draft(text: str) -> Draft:
    turn = parse_turn(text, 8)
    assert isinstance(turn, Draft)
    return turn


def test_what_a_turn_means() -> None:
    assert parse_turn("3 adjust +2 A3-A7", 8) == Draft(3, (Adjust(2), Mark(parse_run("A3-A7", 8))))
    assert parse_turn("5 split 2 C3-D3 3 F5-F7", 8) == Draft(
        5, (Split((2, 3)), Mark(parse_run("C3-D3", 8)), Mark(parse_run("F5-F7", 8)))
    )
    assert _draft("8 A1-H1 gain split at C1").actions[-1] == Gain("split", parse_cell("C1", 8))
    assert _draft("7 reuse 4 A1-A4").actions[0] == Reuse(4)
    assert _draft("6 flip A1-C1").actions[0] == Flip()
    assert parse_turn("place-x C4", 8) == Free((PlaceX(parse_cell("C4", 8)),))
    assert parse_turn("reroll 1 2 3", 8) == Reroll((1, 2, 3))
    assert parse_turn("skip", 8) == Skip()


def test_place_x_may_come_before_the_die() -> None:
    assert parse_turn("place-x C4 3 A1-C1", 8) == parse_turn("3 place-x C4 A1-C1", 8)


def test_kinds_never_compare_equal() -> None:
    assert Flip() != Skip()  # type: ignore[comparison-overlap]
    assert len({Flip(), Skip(), Flip(col=4)}) == 2
    assert Draft(3, (Flip(),)) != Draft(3, (Skip(),))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "col", "message"),
    [
        ("5 split 2 A1-B1", 3, "split needs at least two parts"),
        ("x", 1, "expected a die value"),
        ("8 A1-Z9", 3, "Z9 is off the 8×8 grid"),
        ("3 adjust 2 A1", 10, "expected +1, +2, -1 or -2"),
        ("gain fly", 6, "unknown ability 'fly'"),
        ("skip now", 6, "a skipped turn has nothing more"),
        ("5 A1-C3", 3, "A1-C3 is not straight"),
        ("reroll", 7, "reroll lists the new faces"),
        ("3 reuse", 8, "expected the reused die's value at the end of the line"),
        ("²", 1, "expected a die value, got '²'"),
        ("9" * 5000, 1, f"expected a die value, got '{'9' * 40}'… (5000 characters)"),
        ("3 " + "A" * 5000, 3, f"expected a cell like C4, got '{'A' * 40}'… (5000 characters)"),
    ],
)
def test_syntax_errors_point_at_the_token(text: str, col: int, message: str) -> None:
    with pytest.raises(TokenError) as info:
        parse_turn(text, 8)
    assert info.value.col == col and info.value.message.startswith(message)


@given(st.text(max_size=40))
def test_any_text_is_a_turn_or_a_token_error(text: str) -> None:
    try:
        parse_turn(text, 10)
    except TokenError as error:
        assert 1 <= error.col <= len(text) + 1


words = st.sampled_from(
    [
        "3",
        "8",
        "adjust",
        "+2",
        "-1",
        "flip",
        "reuse",
        "split",
        "A1-C1",
        "B2",
        "gain",
        "split",
        "at",
        "C4",
        "place-x",
        "skip",
        "reroll",
        "J10",
    ]
)


@given(st.lists(words, max_size=10))
def test_turn_like_text_parses_and_formats_stably(parts: list[str]) -> None:
    try:
        turn = parse_turn(" ".join(parts), 10)
    except TokenError:
        return
    again = parse_turn(format_turn(turn, 10), 10)
    assert format_turn(again, 10) == format_turn(turn, 10)
