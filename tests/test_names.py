"""One rule for players' names in every format of the three games
(``pnp.text.parsing.name_problem``): a name a game log accepts, the record written from it
(``cosmos check --final-state``, ``astra check --final-state``, ``starcharts check
--sheets``) is accepted too, with the same name. Control and invisible characters (DEL,
SOH, a zero-width space, a soft hyphen, a right-to-left override) are no part of a name."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.astra.endgame import parse_endgame
from pnp.astra.log import parse_log as astra_log
from pnp.astra.setup import solo_game
from pnp.cosmos.log import parse_log as cosmos_log
from pnp.cosmos.record_file import format_record, parse_record
from pnp.errors import PnpError
from pnp.score.astra_replay import check_log as astra_check
from pnp.score.cosmos_replay import check_log as cosmos_check
from pnp.score.starcharts import resolve_chart
from pnp.score.starcharts_replay import check_log as starcharts_check
from pnp.score.starcharts_replay import finished_text
from pnp.starcharts.finished import parse_finished
from pnp.starcharts.log import parse_log as starcharts_log
from pnp.text.parsing import MAX_NAME, name_problem

DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"
COSMOS = (DATA / "cosmos-game.txt").read_text(encoding="utf-8")
ASTRA = (DATA / "astra-game.txt").read_text(encoding="utf-8")
STARCHARTS = (DATA / "two-player.txt").read_text(encoding="utf-8")
INVISIBLE = ["\x7f", "\x01", "\u200b", "\xad", "\u202e", "\u2028", "\x85", "\ufeff"]
# printable, yet drawn as nothing: a Hangul filler, the grapheme joiner, the braille
# blank, a variation selector
INVISIBLE += ["\u3164", "\u034f", "\u2800", "\ufe0f"]
NAMES = st.text(
    st.one_of(
        st.characters(),
        st.sampled_from([*INVISIBLE, " ", "\t", ":", ",", ";", "#", '"', "\\", ".", "=", "["]),
    ),
    max_size=MAX_NAME + 2,
)
ROUND_TRIP = settings(
    max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _read(name: str, replace: str, text: str, parse: Callable[[str], Any]) -> Any:
    """The log ``text`` with the player ``replace`` renamed ``name``, parsed; None if it
    is refused (with our error)."""
    try:
        return parse(text.replace(replace, name))
    except PnpError:
        return None


def _replayed(check: Callable[[Any], Any], log: Any) -> Any:
    """``check(log)``, or None if the replay refuses the log for a rule of its own (a
    player named twice, Astra's Dreamer): never for the name's characters, which the
    log's reader has let through."""
    try:
        return check(log)
    except PnpError as error:
        assert "printable characters" not in str(error), error
        return None


@ROUND_TRIP
@given(NAMES)
def test_a_name_a_cosmos_log_accepts_its_record_accepts(name: str) -> None:
    log = _read(name, "Ann", COSMOS, lambda t: cosmos_log(t, "g.txt"))
    if log is None:
        return
    if (checked := _replayed(cosmos_check, log)) is None:
        return
    record = checked[1]
    assert record.players[0].name == log.players[0]  # the name as read: spaces around cut
    again = parse_record(format_record(record), "end.toml")
    assert [p.name for p in again.players] == [p.name for p in record.players]
    assert format_record(again) == format_record(record)


@ROUND_TRIP
@given(NAMES)
def test_a_name_an_astra_log_accepts_its_end_of_game_file_accepts(name: str) -> None:
    log = _read(name, "Robin", ASTRA, lambda t: astra_log(t, "a.txt"))
    if log is None:
        return
    if (checked := _replayed(astra_check, log)) is None:
        return
    assert parse_endgame(checked[1], "end.toml").players[0].name == log.players[0]


@ROUND_TRIP
@given(NAMES)
def test_a_name_a_star_charts_log_accepts_its_sheets_accept(name: str) -> None:
    def parse(text: str) -> object:
        return starcharts_log(text, "l.txt", lambda ref: resolve_chart(ref, DATA))

    log = _read(name, "Ada", STARCHARTS, parse)
    if log is None:
        return
    if (checked := _replayed(starcharts_check, log)) is None:
        return
    sheets = parse_finished(finished_text(checked[0][0], "lyra-8-obstacles"), "f.txt")
    assert sheets.players[0].name == log.players[0][1]  # (column, name)


@pytest.mark.parametrize("bad", INVISIBLE)
def test_control_and_invisible_characters_are_refused_everywhere(bad: str) -> None:
    name = f"An{bad}n"
    assert name_problem(name) is not None
    assert name_problem(name, word=True) is not None
    with pytest.raises(PnpError, match="printable characters"):
        cosmos_log(COSMOS.replace("Ann", name), "g.txt")
    with pytest.raises(PnpError, match="printable characters"):
        astra_log(ASTRA.replace("Robin", name), "a.txt")
    with pytest.raises(PnpError, match="printable characters"):
        solo_game(name, 0)


@pytest.mark.parametrize("name", ["\u0301Ann", " ", "   ", "\u3000"])
def test_a_name_of_spaces_or_that_starts_with_a_lone_accent_is_refused(name: str) -> None:
    assert name_problem(name) is not None


@pytest.mark.parametrize("name", ["Zoé", "José María", "李", "Ψ", "Ann\u0301"])
def test_names_beyond_ascii_that_show_are_taken(name: str) -> None:
    assert name_problem(name) is None


def test_a_name_is_one_to_forty_characters_everywhere() -> None:
    assert name_problem("A" * MAX_NAME) is None
    assert name_problem("") == "a name is 1 to 40 printable characters, not ''"
    assert name_problem("Ann Lee") is None  # a file's names are quoted
    assert name_problem("Ann Lee", word=True) == (
        "a player's name is one word of 1 to 40 printable characters without : , ; or #, "
        "not 'Ann Lee'"
    )
