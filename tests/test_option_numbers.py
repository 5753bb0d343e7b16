"""Whole numbers typed as options are ASCII digits, as in every file pnp reads (issue 28,
point 4): every whole-number option in the command tree refuses other scripts' digits,
``_`` and signs and a 5,000-digit number as a usage error, and takes its plain digits."""

from __future__ import annotations

import click
import pytest

from pnp.cli.numbers import WholeRange
from tests.command_tree import leaves
from tests.conftest import Run


def _whole_options() -> list[tuple[str, str, click.IntRange]]:
    found = []
    for name, command in leaves().items():
        for param in command.params:
            if isinstance(param, click.Option) and isinstance(param.type, click.IntRange):
                found.append((name, max(param.opts, key=len), param.type))
    return found


OPTIONS = _whole_options()
NOT_ASCII = ["٣", "３", "³", "𝟑", "1_0", "+3", " 3", "3 ", "-0", "9" * 5000]


def test_every_whole_number_option_reads_ascii_digits_only() -> None:
    assert len(OPTIONS) >= 12
    assert {option for _, option, _ in OPTIONS} >= {"--seed", "--games", "--jobs", "--dpi"}
    assert all(type(kind) is WholeRange for _, _, kind in OPTIONS)


@pytest.mark.parametrize("command, option, kind", OPTIONS, ids=[f"{c} {o}" for c, o, _ in OPTIONS])
def test_other_digits_are_a_usage_error(
    run: Run, command: str, option: str, kind: WholeRange
) -> None:
    for word in NOT_ASCII:
        result = run(*command.split(), option, word)
        assert result.exit_code == 2, (word[:10], result.output[-300:])
        assert "(the digits 0-9)" in result.stderr and len(result.stderr) < 2000


@pytest.mark.parametrize("text, value", [("3", 3), ("003", 3), ("100", 100)])
def test_plain_digits_are_read(text: str, value: int) -> None:
    assert WholeRange(0, 100).convert(text, None, None) == value


def test_the_range_is_still_checked_with_the_same_message() -> None:
    for text in ("0101", "1111", "101"):
        with pytest.raises(click.BadParameter, match=r"from 0 to 100 \(the digits 0-9\)"):
            WholeRange(0, 100).convert(text, None, None)
