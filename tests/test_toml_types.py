"""Every value of every TOML file a player gives is checked for its type before use. Each
value of each example (a key's, a list's element, a whole table or list of tables) is
replaced by a value of every other kind: the file is refused with our error, one problem
at the changed value's line naming the key and the kind expected, never a traceback."""

from __future__ import annotations

import datetime
import json
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pnp.astra.endgame import parse_endgame
from pnp.cosmos.record_file import parse_record
from pnp.errors import SourceError
from tests.test_cosmos_board import BASE as BOARD_RECORD

DATA = Path(__file__).resolve().parent.parent / "docs" / "examples"
WHEN = datetime.datetime(1979, 5, 27, 7, 32, tzinfo=datetime.UTC)
# one value of each kind TOML has, and what our messages call it
KINDS: dict[str, Any] = {
    "a list": ["x"],
    "a table": {"a": 1},
    "true or false": True,
    "a whole number": 7,
    "a decimal number": 1.5,
    "text": "x",
    "a date or time": WHEN,
    "a list of tables": [{"a": 1}],
}
FORMATS: list[tuple[str, str, Callable[[str, str], object], str]] = [
    ("cosmos record", (DATA / "cosmos-game.toml").read_text("utf-8"), parse_record, "cosmos"),
    ("cosmos board record", BOARD_RECORD, parse_record, "cosmos"),
    ("astra end of game", (DATA / "astra-endgame.toml").read_text("utf-8"), parse_endgame, "astra"),
]


def kind(value: object) -> str:
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return "a list of tables"
    return next(k for k, v in KINDS.items() if type(v) is type(value))


def paths(data: object, at: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every value's path in ``data``: tables' keys and lists' indices."""
    if at:
        yield at
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*at, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from paths(value, (*at, i))


def replaced(data: Any, path: tuple[str | int, ...], value: object) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {k: replaced(v, rest, value) if k == head else v for k, v in data.items()}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(data)]


def toml(value: object, top: bool = False) -> str:
    """``value`` as TOML: a top table one key a line, all else inline."""
    if top:
        assert isinstance(value, dict)
        return "".join(f"{json.dumps(k)} = {toml(v)}\n" for k, v in value.items())
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    return json.dumps(value, ensure_ascii=False)


def _cases() -> Iterator[tuple[str, str, tuple[str | int, ...], str]]:
    for name, text, _, _ in FORMATS:
        data = tomllib.loads(text)
        for path in paths(data):
            for wrong in KINDS:
                if wrong != kind(_at(data, path)):
                    yield name, text, path, wrong


def _at(data: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


CASES = list(_cases())


@pytest.mark.parametrize("name", [f[0] for f in FORMATS])
def test_the_examples_written_inline_are_read(name: str) -> None:
    _, text, parse, _ = next(f for f in FORMATS if f[0] == name)
    parse(toml(tomllib.loads(text), top=True), "f.toml")


@pytest.mark.parametrize(
    ("name", "path", "wrong"),
    [(n, p, w) for n, _, p, w in CASES],
    ids=[f"{n}-{'.'.join(map(str, p))}-{w}" for n, _, p, w in CASES],
)
def test_a_value_of_another_kind_is_refused_where_it_is(
    name: str, path: tuple[str | int, ...], wrong: str
) -> None:
    _, text, parse, game = next(f for f in FORMATS if f[0] == name)
    data = tomllib.loads(text)
    changed = toml(replaced(data, path, KINDS[wrong]), top=True)
    with pytest.raises(SourceError) as caught:
        parse(changed, "f.toml")
    line = list(data).index(str(path[0])) + 1  # each top key on a line of its own
    said = [p.message for p in caught.value.problems if p.line == line]
    key = [part for part in path if isinstance(part, str)][-1]
    value = KINDS[wrong]
    if isinstance(_at(data, path), list) and isinstance(value, list):
        wrong = kind(value[0])  # a list for a list: its element is of the wrong kind
    typed = [m for m in said if m.endswith(f"[{game}.score.type]")]
    if typed:  # what the key is, not what was written
        assert any(key in m and f", not {wrong} [" in m for m in typed), (changed, said)
    else:  # [goal] = a table for [[goal]]: a problem of keys
        assert any(key in m and m.endswith(f"[{game}.score.key]") for m in said), (changed, said)


COSMOS = (DATA / "cosmos-game.toml").read_text("utf-8")
ANOTHER = '\n[[player]]\nname = ["Ann"]\npoints = {}\nenergy-cards = 1\n'


def test_a_fourth_player_table_named_by_a_list_is_a_problem_there() -> None:
    with pytest.raises(SourceError) as caught:
        parse_record(COSMOS + ANOTHER, "r.toml")
    assert [str(p) for p in caught.value.problems] == [
        "r.toml:41:8: name is the player's name in quotes, not a list [cosmos.score.type]"
    ]


@pytest.mark.parametrize("values", [24, 25, 26, 1000])
def test_too_many_advanced_life_values_are_one_problem(values: int) -> None:
    text = COSMOS.replace("[8, 6, 5]", "[" + ", ".join(["8"] * values) + "]")
    with pytest.raises(SourceError) as caught:
        parse_record(text, "r.toml")
    (problem,) = caught.value.problems
    assert problem.line == 25 and problem.message.endswith("[cosmos.score.advanced-life]")


PROFILE = 'paper = "a4"\nflip = "long"\nback_offset = [1.5, -1.0]\nscale = 100.4\n'
PROFILE_CASES = [
    (path, wrong)
    for path in paths(tomllib.loads(PROFILE))
    for wrong in KINDS
    if wrong != kind(_at(tomllib.loads(PROFILE), path))
]


@pytest.mark.parametrize(("path", "wrong"), PROFILE_CASES)
def test_the_printer_profile_says_which_setting_is_of_another_kind(
    path: tuple[str | int, ...], wrong: str
) -> None:
    from pnp.paper.printer import parse_profile

    data = tomllib.loads(PROFILE)
    changed = toml(replaced(data, path, KINDS[wrong]), top=True)
    if wrong in ("a whole number", "a decimal number") and len(path) == 2:
        parse_profile(changed, "p.toml")  # 7 or 1.5 mm: a number where a number goes
        return
    with pytest.raises(SourceError) as caught:
        parse_profile(changed, "p.toml")
    line = list(data).index(str(path[0])) + 1
    assert [p.line for p in caught.value.problems] == [line], caught.value
    assert str(path[0]).replace("_", " ") in caught.value.problems[0].message.replace("_", " ")
