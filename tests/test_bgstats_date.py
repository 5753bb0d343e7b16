"""--date: the BG Stats play date is always "YYYY-MM-DD HH:MM:SS", four digits of year
included (strftime's %Y gave "1-01-01 12:00:00" for the year 1), and only ASCII digits
are read as a date."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.bgstats import format_date, parse_date
from tests.conftest import Run
from tests.test_bgstats import DATA, decode

PLAY_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}")


@given(st.datetimes())
def test_every_date_is_written_as_bg_stats_reads_it(moment: datetime) -> None:
    written = format_date(moment)
    assert PLAY_DATE.fullmatch(written), written
    assert parse_date(written) == written
    assert datetime.fromisoformat(written) == moment.replace(microsecond=0)


@given(st.dates())
def test_a_day_alone_is_noon_of_that_day(day: object) -> None:
    text = str(day)  # date's str is ISO, four-digit year
    assert parse_date(text) == f"{text} 12:00:00"


@pytest.mark.parametrize(
    ("given_date", "written"),
    [
        ("0001-01-01", "0001-01-01 12:00:00"),
        ("0999-12-31 23:59:59", "0999-12-31 23:59:59"),
        ("9999-12-31", "9999-12-31 12:00:00"),
    ],
)
def test_early_years_keep_four_digits(run: Run, given_date: str, written: str) -> None:
    args = ("cosmos", "score", str(DATA / "cosmos-game.toml"), "--bgstats", "--date")
    result = run(*args, given_date)
    assert result.exit_code == 0, result.output
    assert decode(result.stdout.strip())["playDate"] == written


@pytest.mark.parametrize(
    "text",
    [
        "0000-01-01",
        "1-01-01",
        "２０２６-11-25",
        "2026-11-25T12:00:00",
        "2026-11-25 12:00",
        "9" * 5000,
    ],
)
def test_not_a_date(run: Run, text: str) -> None:
    with pytest.raises(ValueError, match="expected YYYY-MM-DD"):
        parse_date(text)
    result = run("cosmos", "score", str(DATA / "cosmos-game.toml"), "--bgstats", "--date", text)
    assert result.exit_code == 2, result.output
    assert "YYYY-MM-DD" in result.output and len(result.output) < 600  # a long word cut short
