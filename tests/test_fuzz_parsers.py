"""Fuzzing every text format: the shipped examples, charts and simulated games, mutated
(characters inserted or deleted, hostile tokens, lines repeated hundreds of times), are
either read or refused with our error type: never a traceback, never minutes of work.

CI runs a modest budget; ``PNP_FUZZ_EXAMPLES=20000`` runs a long fuzz locally."""

from __future__ import annotations

import contextlib
import json
import os
import random
import tempfile
import tomllib
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.astra.abilities import parse_abilities
from pnp.astra.board import parse_boards
from pnp.astra.constellations import parse_constellations
from pnp.cli import cli
from pnp.cosmos.game import Game as CosmosGame
from pnp.cosmos.log import format_log as cosmos_format_log
from pnp.cosmos.log import parse_log as cosmos_parse_log
from pnp.cosmos.record_file import format_record, parse_record
from pnp.errors import PnpError, SourceError
from pnp.play.starcharts_games import deal, play
from pnp.play.starcharts_session import VersusSession
from pnp.play.starcharts_simulate import log_text
from pnp.score.cosmos import cosmos_json, score_record
from pnp.score.cosmos_replay import check_log as cosmos_check_log
from pnp.score.cosmos_replay import replay as cosmos_replay
from pnp.score.cosmos_replay import score_game as cosmos_score_game
from pnp.score.starcharts import resolve_chart, score_finished
from pnp.score.starcharts_replay import check_log, finished_text
from pnp.starcharts.actions import parse_turn
from pnp.starcharts.bots import BOTS
from pnp.starcharts.chart import charts_dir, load_chart, parse_chart
from pnp.starcharts.finished import parse_finished
from pnp.starcharts.log import format_log, parse_log
from pnp.starcharts.setup import Setup, Variant
from pnp.starcharts.tokens import TokenError
from pnp.text.parsing import parse_toml
from tests.test_cosmos_board import BASE as BOARD_RECORD
from tests.test_toml_messages import PATTERNS

EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=5),  # a megabyte of input takes well under a second
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"
MAX_CHARS = 200_000  # repeats stop here (test_hostile reads megabytes, once)


def _simulated() -> tuple[list[str], list[str]]:
    """Logs and finished sheets of a few simulated games, one per variant, and a match."""
    logs, sheets, match = [], [], []
    seatings = [
        (("Ada", "Ben", "Cleo", "Dev"), Variant.STANDARD, "orion-10-obstacles"),
        (("Ada", "Ben", "Cleo"), Variant.STANDARD, "lyra-8"),
        (("Ada", "Ben"), Variant.TWO_PLAYER, "cygnus-8-obstacles"),
        (("Solo",), Variant.SOLO, "leo-8-obstacles"),
        (("Ada",), Variant.VERSUS_AI, "serpens-10"),
    ]
    for seed, (players, variant, chart_id) in enumerate(seatings):
        chart = load_chart(chart_id)
        rng = random.Random(seed)
        setup = Setup(chart, deal(chart, rng), players, variant, first_roller=0)
        game, body = play(setup, BOTS["random"], rng)
        logs.append(log_text(setup, chart_id, body))
        sheets.append(finished_text(game, chart_id))
        if len(players) == 3:
            for n in range(3):
                setup = Setup(chart, setup.objectives, players, variant, first_roller=n)
                match.append(
                    (chart, chart_id, setup.objectives, play(setup, BOTS["greedy"], rng)[1])
                )
    logs.append(format_log(match, ("Ada", "Ben", "Cleo"), "extended"))
    return logs, sheets


LOGS, SHEETS = _simulated()
CHARTS = [p.read_text(encoding="utf-8") for p in sorted(charts_dir().glob("*.txt"))]
CHARTS.append((DATA / "lyra-spec.txt").read_text(encoding="utf-8"))
FINISHED = [(DATA / "finished.txt").read_text(encoding="utf-8"), *SHEETS]
LOGS.append((DATA / "two-player.txt").read_text(encoding="utf-8"))
TURNS = sorted(
    {
        line.split(":", 1)[1]
        for log in LOGS
        for line in log.splitlines()
        if line[:1].isupper() and ":" in line and not line.startswith("A.I.")
    }
)
HOSTILE = [
    "\x00",
    "\ufeff",
    "²",
    "٣",
    "𝟠",
    "9" * 5000,
    "A" * 300,
    "\r",
    "\r\n",
    "\x0c",
    "\u2028",
    "#",
    ":",
    " ",
    "\t",
    "0@0",
    "two-rows@0",
    "@999",
    "=99",
    "round",
    "round 0",
    "game 2",
    "A.I.",
    "player: X",
    "variant: solo",
    "variant: extended",
    "players: A B C D E",
    "grid:",
    "size: 10",
    "size: 8",
    "figure: A1:B2",
    "x" * 1000,
    "o",
    "filled: 0",
    "abilities: split used, split",
    "reroll 1 2 3 4 5 6 7 8 9",
    "split 1 A1 1 A1",
    "adjust +2",
    "gain split at A1",
    "place-x J10",
    "claims",
    "skip",
    "-",
    "|",
    "*",
    "A",
    "J10-A1",
    "/dev/zero",
    "../lyra-spec.txt",
]


@st.composite
def mutated(draw: st.DrawFn, seeds: list[str], hostile: list[str] = HOSTILE) -> str:
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 5))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "hostile", "line", "drop", "repeat"]))
        start = text.rfind("\n", 0, at) + 1  # the line holding ``at``
        end = text.find("\n", at)
        end = len(text) if end < 0 else end + 1
        if kind == "insert":
            text = text[:at] + draw(st.text(max_size=12)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[draw(st.integers(at, min(len(text), at + 60))) :]
        elif kind == "hostile":
            text = text[:at] + draw(st.sampled_from(hostile)) + text[at:]
        elif kind == "line":  # a hostile line of its own: a third solo sheet, round 0
            text = text[:start] + draw(st.sampled_from(hostile)) + "\n" + text[start:]
        elif kind == "drop":  # whole lines: a sheet's header, a roll, a grid row
            for _ in range(draw(st.integers(0, 14))):
                end = text.find("\n", end) + 1 or len(text)
            text = text[:start] + text[end:]
        else:  # a line repeated: hundreds of players, grid rows, rounds
            times = min(draw(st.integers(2, 400)), MAX_CHARS // max(1, len(text)))
            text = text[:start] + text[start:end] * times + text[end:]
    return text


@FUZZ
@given(mutated(CHARTS))
def test_any_chart_text_is_read_or_refused(text: str) -> None:
    with contextlib.suppress(PnpError):
        parse_chart(text, "fuzz.txt")


@FUZZ
@given(mutated(FINISHED))
def test_any_finished_game_is_scored_or_refused(text: str) -> None:
    try:
        game = parse_finished(text, "fuzz.txt")
        score_finished(game, resolve_chart(game.chart, DATA))
    except PnpError:
        pass


@FUZZ
@given(mutated(LOGS))
def test_any_log_is_replayed_or_refused(text: str) -> None:
    with contextlib.suppress(PnpError):
        check_log(parse_log(text, "fuzz.txt", lambda ref: resolve_chart(ref, DATA)))


@FUZZ
@given(mutated(TURNS), st.sampled_from([8, 10]))
def test_any_turn_is_parsed_or_is_a_token_error(text: str, size: int) -> None:
    try:
        parse_turn(text, size)
    except TokenError as error:
        assert 1 <= error.col <= len(text) + 1


@FUZZ
@given(st.lists(mutated([*TURNS, "", "3 5 5 7 8", "help", "ai", "two-rows"]), max_size=8))
def test_the_session_answers_any_input(answers: list[str]) -> None:
    session = VersusSession(
        load_chart("lyra-8-obstacles"),
        ("two-rows", "core", "diagonal", "half-sky"),
        "Robin",
        random.Random(1),
    )
    for answer in answers:
        session.handle(answer)
    # The session logs only what it accepted: its log replays, or merely stops early.
    try:
        check_log(parse_log(session.log(), "session.txt", load_chart))
    except SourceError as error:
        assert "[game.unfinished]" in str(error) or "[round.number]" in str(error), error


@FUZZ
@given(
    st.sampled_from(["score", "check"]),
    st.one_of(mutated(FINISHED), mutated(LOGS)),
    st.booleans(),
)
def test_the_commands_exit_1_not_with_a_traceback(command: str, text: str, bom: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.txt"
        path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8", "surrogatepass"))
        (Path(folder) / "lyra-spec.txt").write_bytes((DATA / "lyra-spec.txt").read_bytes())
        result = CliRunner().invoke(cli, ["starcharts", command, str(path)])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


ASTRA = Path(__file__).resolve().parent.parent / "data" / "astra"


@FUZZ
@given(mutated([(ASTRA / "abilities.toml").read_text(encoding="utf-8")]))
def test_any_abilities_file_is_read_or_refused(text: str) -> None:
    with contextlib.suppress(SourceError):
        parse_abilities(text, "abilities.toml")


@FUZZ
@given(mutated([(ASTRA / "board.toml").read_text(encoding="utf-8")]))
def test_any_board_file_is_read_or_refused(text: str) -> None:
    with contextlib.suppress(SourceError):
        parse_boards(text, "board.toml")


def _two_cards() -> str:
    """A small but valid constellations file: the shipped one's first two cards."""
    data = json.loads((ASTRA / "constellations.json").read_text(encoding="utf-8"))
    return json.dumps({"constellations": data["constellations"][:2]}, indent=1)


@FUZZ
@given(mutated([_two_cards()]))
def test_any_constellation_file_is_read_or_refused(text: str) -> None:
    with contextlib.suppress(SourceError):
        parse_constellations(text, "constellations.json")


def test_a_constellation_file_with_a_huge_number_is_refused() -> None:
    with pytest.raises(SourceError, match="over 4,300 digits"):
        parse_constellations('{"constellations": [' + "9" * 5000 + "]}", "c.json")


TOML_FILES = [
    (ASTRA / "abilities.toml").read_text(encoding="utf-8"),
    (DATA / "astra-endgame.toml").read_text(encoding="utf-8"),
    'paper = "letter"\nflip = "short"\nback_offset = [1.5, -1]\nscale = 100.4\n',
]


@FUZZ
@given(mutated(TOML_FILES))
def test_any_toml_syntax_error_is_in_our_words(text: str) -> None:
    try:
        tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError:
        with pytest.raises(SourceError) as caught:
            parse_toml(text, "f.toml", wants={"fame": int, "name": str})
        (problem,) = caught.value.problems
        assert any(p.fullmatch(problem.message) for p in PATTERNS), problem.message
    except ValueError:  # a number over 4,300 digits: parse_toml's other message
        pass


# Crafting the Cosmos: the game record `cosmos score` reads (counts and board mode), the
# game log `cosmos check` replays (a seed's) and the table log (what the table revealed).
def _cosmos_games() -> tuple[list[str], list[str], list[str]]:
    """Logs, table logs and board-mode records of a few random games, and the examples."""
    logs, tables, records = [], [], []
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        names = ("Ann", "Ben", "Cat", "Dan")[:players]
        game, rng, actions = CosmosGame.start(names, seed), random.Random(seed), []
        while not game.over:
            actions.append(rng.choice(game.legal()))
            game = game.apply(actions[-1])
        logs.append(cosmos_format_log(names, seed, actions))
        tables.append(cosmos_format_log(names, seed, actions, reveal=True))
        records.append(format_record(cosmos_check_log(cosmos_parse_log(logs[-1], "g"))[1]))
    logs.append((DATA / "cosmos-game.txt").read_text(encoding="utf-8"))
    tables += [
        (DATA / f"cosmos-{n}.txt").read_text(encoding="utf-8") for n in ("table", "first-turn")
    ]
    records += [(DATA / "cosmos-game.toml").read_text(encoding="utf-8"), BOARD_RECORD]
    return logs, tables, records


COSMOS_LOGS, COSMOS_TABLES, COSMOS_RECORDS = _cosmos_games()
COSMOS_HOSTILE = [
    *HOSTILE,
    "card ²",
    "omega ٢",
    "gain ²2 light",
    "advance N10 ⁸",
    "choose N10 " + "8" * 5000,
    "discard 9 light",
    "use star-stuff/99",
    "players: Ann, Ben, Cat, Dan, Eve",
    "players: An\u200bn, Ben",
    "seed: " + "9" * 30,
    "goal proto-life",
    "refill light time",
    "deal: Ann, dark",
    "; ;",
    "\n[[goal]]\n",
    "\n[[player]]\n",
    'name = ["Ann"]',
    "id = { a = 1 }",
    "advanced-life = [" + "8, " * 30 + "]",
    '"1B done ⁸"',
    "N3 = ",
    "= 1979-05-27",
]


def _replayed_or_refused(text: str) -> None:
    """A log (of a seed or a table) parses and replays as far as it goes, its end scored
    and written as a record that reads back; or it is refused with our error."""
    try:
        game, scored = cosmos_replay(cosmos_parse_log(text, "fuzz.txt"), unfinished=True)
    except PnpError:
        return
    if game.over:
        _, record = cosmos_score_game(game, scored)
        assert format_record(parse_record(format_record(record), "end.toml")) == format_record(
            record
        )


@FUZZ
@given(mutated(COSMOS_LOGS, COSMOS_HOSTILE))
def test_any_cosmos_log_is_replayed_or_refused(text: str) -> None:
    _replayed_or_refused(text)


@FUZZ
@given(mutated(COSMOS_TABLES, COSMOS_HOSTILE))
def test_any_cosmos_table_log_is_replayed_or_refused(text: str) -> None:
    _replayed_or_refused(text)


@FUZZ
@given(mutated(COSMOS_RECORDS, COSMOS_HOSTILE))
def test_any_cosmos_record_is_scored_or_refused(text: str) -> None:
    try:
        record = parse_record(text, "fuzz.toml")
    except SourceError as error:
        assert all(p.line >= 1 and p.col >= 1 for p in error.problems)
        return
    assert cosmos_json(score_record(record))["winners"]


@FUZZ
@given(
    st.sampled_from(["score", "check"]),
    st.one_of(mutated(COSMOS_RECORDS, COSMOS_HOSTILE), mutated(COSMOS_LOGS, COSMOS_HOSTILE)),
)
def test_the_cosmos_commands_exit_1_not_with_a_traceback(command: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.txt"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        result = CliRunner().invoke(cli, ["cosmos", command, str(path)])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
