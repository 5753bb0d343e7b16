"""Bad input and a hostile system: each case was a traceback, a hang or minutes of work
(found by fuzzing). Now each is one clear error, quickly."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp.errors import MAX_SHOWN, InputError, SourceError
from pnp.score.starcharts import score_finished
from pnp.starcharts.chart import load_chart, parse_chart
from pnp.starcharts.finished import parse_finished
from pnp.text.parsing import MAX_BYTES, read_source
from tests.conftest import Run

DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"
SPEC = (DATA / "finished.txt").read_text(encoding="utf-8")
HEAD, SHEETS = SPEC.split("player: Alice")
ALICE = "player: Alice" + SHEETS.split("player: Bob")[0]


@pytest.fixture
def here(run: Run) -> Run:
    """``run`` in a folder holding the examples."""
    for name in ("lyra-spec.txt", "finished.txt", "two-player.txt"):
        shutil.copy(DATA / name, name)
    return run


def _pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The real command in a process of its own: a hang fails after 20 s, not for ever."""
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        timeout=20,
    )


@pytest.mark.parametrize("command", ["score", "check"])
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path, command: str) -> None:
    os.mkfifo(tmp_path / "game.txt")
    result = _pnp("starcharts", command, "game.txt", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == "game.txt: is not a regular file (a pipe or a device?)\n"


def test_dev_zero_is_refused_not_read(tmp_path: Path) -> None:
    result = _pnp("starcharts", "check", "/dev/zero", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (
        1,
        "/dev/zero: is not a regular file (a pipe or a device?)\n",
    )
    result = _pnp("starcharts", "charts", "--show", "/dev/zero", cwd=tmp_path)
    assert result.returncode == 1 and "/dev/zero: is not a regular file" in result.stderr


def test_a_chart_named_by_a_game_may_not_be_a_device(here: Run) -> None:
    Path("game.txt").write_text(SPEC.replace("lyra-spec.txt", "/dev/zero"), encoding="utf-8")
    result = here("starcharts", "score", "game.txt")
    assert result.exit_code == 1
    assert result.stderr == (
        "game.txt:3:1: /dev/zero: is not a regular file (a pipe or a device?) [setup.chart]\n"
    )


def test_a_file_over_the_limit_is_refused_at_once_with_the_limit(here: Run) -> None:
    with open("huge.txt", "wb") as file:  # 50 MB, sparse: no disk needed
        file.truncate(50_000_000)
    started = time.perf_counter()
    result = here("starcharts", "charts", "--show", "huge.txt")
    assert time.perf_counter() - started < 1
    assert (result.exit_code, result.stderr) == (
        1,
        "huge.txt: 50,000,000 bytes is over the 1 MB limit for an input file\n",
    )
    Path("long.txt").write_text(SPEC + "#" * MAX_BYTES, encoding="utf-8")
    assert "over the 1 MB limit" in here("starcharts", "score", "long.txt").stderr


def test_a_file_at_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(SPEC + "#" * (MAX_BYTES - len(SPEC.encode()) - 1) + "\n", encoding="utf-8")
    assert path.stat().st_size == MAX_BYTES
    assert read_source(path).startswith("# The spec's")


def test_folders_and_unreadable_files_are_one_line_and_exit_1(
    here: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    Path("games").mkdir()
    for command in ("score", "check"):
        result = here("starcharts", command, "games")
        assert (result.exit_code, result.stderr) == (1, "games: is a folder, not a file\n")
    result = here("starcharts", "charts", "--show", "games/")
    assert (result.exit_code, result.stderr) == (1, "games: is a folder, not a file\n")
    Path("game.txt").write_text(SPEC.replace("lyra-spec.txt", "games/"), encoding="utf-8")
    result = here("starcharts", "score", "game.txt")
    assert result.stderr == "game.txt:3:1: games: is a folder, not a file [setup.chart]\n"

    real_open = os.open

    def denied(path: str, flags: int, *args: int) -> int:
        if str(path).endswith("finished.txt"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", denied)  # tests may run as root, who reads anything
    result = here("starcharts", "score", "finished.txt")
    assert (result.exit_code, result.stderr) == (
        1,
        "finished.txt: cannot read it: Permission denied\n",
    )


def test_a_missing_file_stays_a_usage_error(here: Run) -> None:
    for args in (["score", "nowhere.txt"], ["check", "nowhere.txt"], ["charts", "--show", "x.txt"]):
        assert here("starcharts", *args).exit_code == 2


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("ly\x00ra.txt", "no chart file 'ly\\x00ra.txt'"),
        ("ly\x00ra", "unknown chart 'ly\\x00ra'"),
        ("a" * 300 + ".txt", f"no chart file '{'a' * 40}'… (304 characters)"),
        ("a" * 300, f"unknown chart '{'a' * 40}'… (300 characters)"),
    ],
)
def test_nul_bytes_and_long_names_of_charts(here: Run, ref: str, message: str) -> None:
    Path("game.txt").write_text(SPEC.replace("lyra-spec.txt", ref), encoding="utf-8")
    result = here("starcharts", "score", "game.txt")
    assert result.exit_code == 1 and result.stderr.startswith(f"game.txt:3:1: {message}")
    result = here("starcharts", "simulate", "--chart", ref, "--games", "1")
    assert result.exit_code == 2 and message in result.stderr


@pytest.mark.parametrize("sheets", [1, 3])
def test_a_solo_game_needs_both_sheets(here: Run, sheets: int) -> None:
    head = HEAD.replace("objectives:", "variant: solo\nobjectives:")
    text = head + "".join(ALICE.replace("Alice", name) for name in "ABC"[:sheets])
    Path("game.txt").write_text(text, encoding="utf-8")
    result = here("starcharts", "score", "game.txt")
    assert result.exit_code == 1
    assert "a solo game has two sheets, player: A and player: B [setup.players]" in result.stderr


def test_a_hundred_thousand_players_are_refused_at_the_fifth() -> None:
    text = HEAD + "".join(ALICE.replace("Alice", f"P{k}") for k in range(100_000))
    started = time.perf_counter()
    with pytest.raises(SourceError) as info:
        parse_finished(text, "game.txt")
    assert time.perf_counter() - started < 1  # it took minutes (a quadratic name check)
    fifth = HEAD.count("\n") + 4 * ALICE.count("\n") + 1
    assert [str(p) for p in info.value.problems] == [
        f"game.txt:{fifth}:1: a game has at most 4 sheets (standard: 3 or 4 players; "
        "two-player 2; solo A and B; versus-ai 1); this is one more"
    ]


def test_millions_of_problems_list_a_hundred_and_count_the_rest(here: Run) -> None:
    lines = "name: X\nsize: 8\ngrid:\n" + "Q Q Q Q Q Q Q Q\n" * 8 + "colour: red\n" * 60_000
    Path("bad.txt").write_text(lines, encoding="utf-8")
    started = time.perf_counter()
    result = here("starcharts", "charts", "--show", "bad.txt")
    assert time.perf_counter() - started < 3
    shown = result.stderr.splitlines()
    assert len(shown) == MAX_SHOWN + 1
    assert shown[0] == "bad.txt:12:1: unknown key 'colour' (expected name, size, grid or figure)"
    assert shown[-1] == f"… and {64 + 60_000 - MAX_SHOWN} more problems"


def test_a_megabyte_grid_row_in_a_finished_game_is_cheap() -> None:
    text = SPEC.replace("x o x x x x x x", "x" * 900_000, 1)
    started = time.perf_counter()
    with pytest.raises(SourceError, match="a row of this 8×8 chart has 8 cells, not 900000"):
        score_finished(parse_finished(text, "game.txt"), load_chart(str(DATA / "lyra-spec.txt")))
    assert time.perf_counter() - started < 0.5


def test_a_byte_order_mark_is_accepted_in_every_input(here: Run) -> None:
    for name in ("lyra-spec.txt", "finished.txt", "two-player.txt"):
        path = Path(name)
        path.write_text("\ufeff" + path.read_text(encoding="utf-8"), encoding="utf-8")
    assert here("starcharts", "charts", "--show", "lyra-spec.txt").exit_code == 0
    assert here("starcharts", "score", "finished.txt").exit_code == 0
    assert here("starcharts", "check", "two-player.txt").exit_code == 0


def test_text_that_is_not_utf8_is_a_problem_where_it_starts(tmp_path: Path) -> None:
    path = tmp_path / "chart.txt"
    path.write_bytes(b"name: Lyra\nsize: 8\ngr\xe9id:\n")
    with pytest.raises(SourceError) as info:
        read_source(path)
    assert str(info.value) == f"{path}:3:3: not UTF-8 text (invalid continuation byte)"


def test_reading_refuses_before_parsing(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder"):
        read_source(tmp_path)
    with pytest.raises(SourceError, match="unknown cell"):
        parse_chart("name: X\nsize: 8\ngrid:\n" + "?" * 10**6, "big.txt")


def test_a_number_too_long_for_python_is_our_error_in_every_toml_file() -> None:
    from pnp.paper.printer import parse_profile
    from pnp.text.parsing import parse_toml

    huge = "scale = " + "9" * 5000
    with pytest.raises(SourceError) as caught:
        parse_profile(huge, "printer.toml")
    assert str(caught.value).startswith("printer.toml:1:9: ")
    with pytest.raises(SourceError, match=r"x.toml:2:5: a number over 4,300 digits long \[r\]"):
        parse_toml("a = 1\nb = " + "1" * 4400, "x.toml", rule="r")


def test_a_toml_syntax_error_in_a_huge_file_is_short_and_in_our_words() -> None:
    from pnp.text.parsing import parse_toml

    long_value = "a = " + "x" * 10**6
    long_tail = "k" * 10**5 + " = 1\n[t] " + "y" * 10**5
    for text, where in ((long_value, "1:5"), (long_tail, "2:5")):
        with pytest.raises(SourceError) as caught:
            parse_toml(text, "big.toml", wants={"a": int})
        message = str(caught.value)
        assert message.startswith(f"big.toml:{where}: ") and len(message) < 200, message
        assert "(1000000 characters) is not a value" in message or "after the [table]" in message


EXAMPLES = {
    "starcharts score": "finished.txt",
    "starcharts check": "two-player.txt",
    "astra score": "astra-endgame.toml",
    "astra check": "astra-game.txt",
    "cosmos score": "cosmos-game.toml",
    "cosmos check": "cosmos-game.txt",
}


@pytest.mark.parametrize("command", EXAMPLES)
def test_every_reader_refuses_what_is_no_regular_file(run: Run, command: str) -> None:
    os.mkfifo("pipe.txt")
    Path("games").mkdir()
    for path, message in (
        ("pipe.txt", "pipe.txt: is not a regular file (a pipe or a device?)\n"),
        ("/dev/zero", "/dev/zero: is not a regular file (a pipe or a device?)\n"),
        ("games", "games: is a folder, not a file\n"),
    ):
        result = run(*command.split(), path)
        assert (result.exit_code, result.stderr) == (1, message)


@pytest.mark.parametrize("command", EXAMPLES)
def test_every_reader_takes_a_byte_order_mark_and_refuses_other_bytes(
    run: Run, command: str
) -> None:
    text = (DATA / EXAMPLES[command]).read_text(encoding="utf-8")
    shutil.copy(DATA / "lyra-spec.txt", "lyra-spec.txt")  # the chart finished.txt names
    Path("bom.txt").write_text("\ufeff" + text, encoding="utf-8")
    assert run(*command.split(), "bom.txt").exit_code == 0
    lines = text.split("\n")
    Path("latin.txt").write_bytes("\n".join([*lines[:2], "\xe9t\xe9"]).encode("latin-1"))
    result = run(*command.split(), "latin.txt")
    assert result.exit_code == 1
    assert result.stderr == "latin.txt:3:1: not UTF-8 text (invalid continuation byte)\n"


COSMOS_LOG = (DATA / "cosmos-game.txt").read_text(encoding="utf-8")
COSMOS_RECORD = (DATA / "cosmos-game.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("card 2;", "card ²;", "14:47: expected a number 1–4 or deck, got '²'"),
        ("omega 2;", "omega ²;", "7:251: expected a number 1–3 or stabilize, got '²'"),
        ("gain 1 chemistry", "gain ²2 chemistry", "7:73: expected a number 1–4, got '²2'"),
        ("card 2;", "card " + "2" * 5000 + ";", "14:47: expected a number 1–4 or deck, got '2222"),
        ("Ann", "An\u200bn", "3:10: a player's name is one word of 1 to 40 printable"),
        ("Ann", "An\x7fn", "3:10: a player's name is one word of 1 to 40 printable"),
    ],
)
def test_cosmos_check_refuses_what_crashed_it(run: Run, old: str, new: str, said: str) -> None:
    Path("game.txt").write_text(COSMOS_LOG.replace(old, new, 1 + 8 * (old == "Ann")), "utf-8")
    result = run("cosmos", "check", "game.txt", "--final-state", "end.toml")
    assert result.exit_code == 1 and result.stderr.startswith(f"game.txt:{said}"), result.stderr
    assert not Path("end.toml").exists()


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('id = "proto-life"', 'id = ["proto-life"]', "7:6: id is the goal's id in quotes"),
        ('id = "proto-life"', "id = { a = 1 }", "7:6: id is the goal's id in quotes"),
        ('name = "Ann"', 'name = ["Ann"]', "4:12: 'Ann' has no [[player]] table"),
        ("[8, 6, 5]", "[" + "8, " * 26 + "]", "25:90: 26 advanced life values, more than the 24"),
        ("Cat = 3 }", "Cat = " + "3" * 5000 + " }", "8:36: a number over 4,300 digits long"),
    ],
)
def test_cosmos_score_refuses_what_crashed_it(run: Run, old: str, new: str, said: str) -> None:
    Path("game.toml").write_text(COSMOS_RECORD.replace(old, new, 1), encoding="utf-8")
    result = run("cosmos", "score", "game.toml")
    assert result.exit_code == 1 and result.stderr.startswith(f"game.toml:{said}"), result.stderr
