"""Numbers in every parser of the three games are ASCII digits with a bound: ``isdigit``
and ``int`` take more (``'²'.isdigit()`` is true and ``int('²')`` a ValueError, ``int``
reads '٣' and '３', and 5,000 digits are a ValueError past 4,300). Every number of every
example file, replaced by each of these, is read or refused with our error, never a
traceback; where the text form wants a number, each is refused, its bound named."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.astra.endgame import parse_endgame
from pnp.astra.log import parse_log as astra_log
from pnp.cosmos.log import parse_log as cosmos_log
from pnp.cosmos.notation import NotationError, parse_action
from pnp.cosmos.record_file import parse_record
from pnp.cosmos.table_log import read_step
from pnp.errors import PnpError, SourceError
from pnp.score.starcharts import resolve_chart
from pnp.starcharts.chart import parse_chart
from pnp.starcharts.finished import parse_finished
from pnp.starcharts.log import parse_log as starcharts_log
from pnp.text.parsing import whole_number
from tests.test_cosmos_board import BASE as BOARD_RECORD

DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"
# superscript, Arabic-Indic, fullwidth and mathematical digits; too long; signed, spaced
NOT_NUMBERS = ["²", "⁸", "٢", "۳", "２", "𝟠", "9" * 5000, "1" + "0" * 4400, "+2", "_2", "2_0"]
_NUMBER = re.compile(r"(?<![0-9])[0-9]+(?![0-9])")


def _read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


PARSERS: list[tuple[str, str, Callable[[str], object]]] = [
    ("cosmos log", _read("cosmos-game.txt"), lambda t: cosmos_log(t, "g.txt")),
    ("cosmos table log", _read("cosmos-table.txt"), lambda t: cosmos_log(t, "t.txt")),
    ("cosmos record", _read("cosmos-game.toml"), lambda t: parse_record(t, "r.toml")),
    ("cosmos board record", BOARD_RECORD, lambda t: parse_record(t, "r.toml")),
    ("astra log", _read("astra-game.txt"), lambda t: astra_log(t, "a.txt")),
    ("astra solo log", _read("astra-solo.txt"), lambda t: astra_log(t, "s.txt")),
    ("astra end of game", _read("astra-endgame.toml"), lambda t: parse_endgame(t, "e.toml")),
    ("star charts chart", _read("lyra-spec.txt"), lambda t: parse_chart(t, "c.txt")),
    ("star charts sheets", _read("finished.txt"), lambda t: parse_finished(t, "f.txt")),
    (
        "star charts log",
        _read("two-player.txt"),
        lambda t: starcharts_log(t, "l.txt", lambda ref: resolve_chart(ref, DATA)),
    ),
]


@pytest.mark.parametrize(("_", "text", "parse"), PARSERS, ids=[p[0] for p in PARSERS])
def test_every_number_of_every_format_is_read_or_refused(
    _: str, text: str, parse: Callable[[str], object]
) -> None:
    parse(text)  # the example itself is read
    numbers = list(_NUMBER.finditer(text))
    assert numbers
    for found in numbers:
        for other in NOT_NUMBERS:
            changed = text[: found.start()] + other + text[found.end() :]
            try:
                parse(changed)
            except PnpError as error:
                assert str(error)


@pytest.mark.parametrize(
    ("decision", "bound"),
    [
        ("card {}", "a number 1–4 or deck"),
        ("nebula {}", "a number 1–3"),
        ("gain {} light", "a number 1–4"),
        ("use star-stuff/{} time", "a number 1–9"),
        ("omega {}", "a number 1–3 or stabilize"),
        ("discard {} light", "a number 1–4"),
    ],
)
@pytest.mark.parametrize("number", NOT_NUMBERS)
def test_a_decision_wants_ascii_digits_and_names_the_bound(
    decision: str, bound: str, number: str
) -> None:
    with pytest.raises(NotationError, match=f"expected {bound}, got "):
        parse_action(decision.format(number))


@pytest.mark.parametrize("number", NOT_NUMBERS)
def test_an_advanced_life_value_revealed_is_ascii_digits(number: str) -> None:
    decisions = ["advance N10 {}"] + ["choose N10 {}"] * number.isdigit()  # else a space's
    for decision in decisions:
        with pytest.raises(NotationError, match="expected an advanced life value 4–8, got "):
            read_step(decision.format(number))


@pytest.mark.parametrize("number", NOT_NUMBERS)
def test_an_advanced_life_value_on_a_galaxy_is_ascii_digits(number: str) -> None:
    text = BOARD_RECORD.replace('"1B done 8"', f'"1B done {number}"')
    with pytest.raises(SourceError, match=r"expected advanced life \(worth 4, 5, 6, 7, 8\)"):
        parse_record(text, "r.toml")


@pytest.mark.parametrize(
    ("word", "high", "value"),
    [("0", 9, 0), ("4", 4, 4), ("5", 4, None), ("04", 4, 4), ("999", 99, None)]
    + [(n, 99, None) for n in ["", " 4", "4 ", "-4", *NOT_NUMBERS]],
)
def test_whole_number_reads_ascii_digits_up_to_its_bound(
    word: str, high: int, value: int | None
) -> None:
    assert whole_number(word, high) == value
