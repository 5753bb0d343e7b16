"""--date: the BG Stats play date is always "YYYY-MM-DD HH:MM:SS" in UTC, four digits of
year included (strftime's %Y gave "1-01-01 12:00:00" for the year 1); a time without a
zone is this computer's; only ASCII digits are read as a date."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.apps.bgstats import format_date, parse_date
from tests.conftest import Run
from tests.test_bgstats import DATA, decode

PLAY_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}")


@pytest.fixture
def paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This computer's time zone is Paris's (UTC+1 in November, +2 in June)."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@given(st.datetimes())
def test_every_date_is_written_as_bg_stats_reads_it(moment: datetime) -> None:
    written = format_date(moment)
    assert PLAY_DATE.fullmatch(written), written
    assert parse_date(written, UTC) == written
    assert parse_date(written + " Z") == written
    assert datetime.fromisoformat(written) == moment.replace(microsecond=0)


@given(st.dates())
def test_a_day_alone_is_noon_of_that_day(day: object) -> None:
    text = str(day)  # date's str is ISO, four-digit year
    assert parse_date(text, UTC) == f"{text} 12:00:00"


@given(st.datetimes(min_value=datetime(2, 1, 1)), st.integers(-14 * 60, 14 * 60))
def test_a_zone_is_taken_away(moment: datetime, minutes: int) -> None:
    zone = timezone(timedelta(minutes=minutes))
    sign, whole = "+-"[minutes < 0], abs(minutes)
    text = f"{format_date(moment)} {sign}{whole // 60:02d}:{whole % 60:02d}"
    expected = moment.replace(microsecond=0, tzinfo=zone).astimezone(UTC)
    assert parse_date(text) == format_date(expected)
    assert parse_date(format_date(moment), zone) == format_date(expected)


@pytest.mark.usefixtures("paris")
def test_a_time_without_zone_is_this_computers() -> None:
    assert parse_date("2026-11-25 20:15") == "2026-11-25 19:15:00"
    assert parse_date("2026-06-01 20:15:30") == "2026-06-01 18:15:30"  # summer time
    assert parse_date("2026-11-25") == "2026-11-25 11:00:00"  # noon in Paris
    assert parse_date("2026-11-25 20:15 UTC") == "2026-11-25 20:15:00"


@pytest.mark.parametrize(
    ("given_date", "written"),
    [
        ("0001-01-01 Z", "0001-01-01 12:00:00"),
        ("0999-12-31 23:59:59 Z", "0999-12-31 23:59:59"),
        ("9999-12-31 UTC", "9999-12-31 12:00:00"),
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
        "2026-11-25 12",
        "2026-11-25 12:00 CET",
        "2026-11-25 12:00 +24:00",
        "9999-12-31 23:00 -02:00",
        "9" * 5000,
    ],
)
def test_not_a_date(run: Run, text: str) -> None:
    with pytest.raises(ValueError, match="expected YYYY-MM-DD"):
        parse_date(text)
    result = run("cosmos", "score", str(DATA / "cosmos-game.toml"), "--bgstats", "--date", text)
    assert result.exit_code == 2, result.output
    assert "YYYY-MM-DD" in result.output and len(result.output) < 600  # a long word cut short


@given(st.text(alphabet=st.sampled_from("# played:duration 0123456789-+:ZUTC\n\t.x")))
def test_any_played_lines_read_or_are_our_error(text: str) -> None:
    from pnp.apps.bgstats_source import said
    from pnp.errors import SourceError

    try:
        found = said("game.txt", text)
    except SourceError as exc:
        assert all(p.path == "game.txt" and p.line >= 1 and p.col >= 1 for p in exc.problems)
        return
    assert found.date is None or PLAY_DATE.fullmatch(found.date)
    assert found.duration is None or 1 <= found.duration <= 10_000
