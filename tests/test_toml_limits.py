"""A TOML file past a limit (lists and tables nested deeper than 32, a key of more than 32
dotted parts, more than 10,000 keys) is refused by a linear scan before tomllib reads it:
tomllib recurses (500 deep was a RecursionError traceback) and is quadratic in a key's
parts (a 79 kB header took 9.6 s). Issue 18, point 7. Every TOML entry point is fuzzed
with any text and with hostile TOML: it reads the file or raises our error, nothing else."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pnp.astra.abilities import parse_abilities
from pnp.astra.board import parse_boards
from pnp.astra.endgame import parse_endgame
from pnp.cosmos.record_file import parse_record
from pnp.errors import PnpError, SourceError
from pnp.paper.printer import parse_profile
from pnp.text.parsing import (
    TOML_MAX_DEPTH,
    TOML_MAX_KEY_PARTS,
    TOML_MAX_KEYS,
    parse_toml,
    toml_limits,
)
from pnp.text.toml_spans import TomlChecker

ROOT = Path(__file__).resolve().parent.parent
DEPTH = "lists and { tables } nested deeper than 32 levels (the limit for a TOML file)"
PARTS = "a key of more than 32 dotted parts (the limit for keys and [table] headers)"
KEYS = "more than 10,000 keys and [table] headers (the limit for a TOML file)"


def _refused(text: str, rule: str = "") -> str:
    with pytest.raises(SourceError) as caught:
        parse_toml(text, "f.toml", rule=rule)
    (problem,) = caught.value.problems
    return str(problem)


def test_the_limits_are_the_readme_s() -> None:
    assert (TOML_MAX_DEPTH, TOML_MAX_KEY_PARTS, TOML_MAX_KEYS) == (32, 32, 10_000)


@pytest.mark.parametrize(
    "opening, closing",
    [("[", "]"), ("{a = ", "}"), ("[{a = ", "}]")],
    ids=["list", "table", "mixed"],
)
def test_nesting_up_to_the_limit_is_read_past_it_refused_where_it_goes_past(
    opening: str, closing: str
) -> None:
    depth = TOML_MAX_DEPTH // (opening.count("[") + opening.count("{"))
    within = "x = " + opening * depth + "1" + closing * depth + "\n"
    assert parse_toml(within, "f.toml") == tomllib.loads(within)
    too_deep = "\n# a comment\nx = " + opening * 500 + "1" + closing * 500
    line = too_deep.split("\n")[2]
    column = [i for i, c in enumerate(line, 1) if c in "[{"][TOML_MAX_DEPTH]
    assert _refused(too_deep, "r") == f"f.toml:3:{column}: {DEPTH} [r]"


def test_a_key_of_up_to_32_parts_is_read_past_it_refused_at_its_33rd_part() -> None:
    key = ".".join(["a"] * TOML_MAX_KEY_PARTS)
    for within in (f"[{key}]\n", f"[[{key}]]\n", f"{key} = 1\n", f"x = {{ {key} = 1 }}\n"):
        assert parse_toml(within, "f.toml") == tomllib.loads(within)
    longer = key + " . b"
    dot = len(key) + 2  # its column, in a key at the line's start
    assert _refused(f"[{longer}]") == f"f.toml:1:{dot + 1}: {PARTS}"
    assert _refused(f"[[{longer}]]") == f"f.toml:1:{dot + 2}: {PARTS}"
    assert _refused(f"x = 1\n{longer} = 2") == f"f.toml:2:{dot}: {PARTS}"
    assert _refused(f"x = {{ y = 1, {longer} = 2 }}") == f"f.toml:1:{dot + 13}: {PARTS}"


def test_a_300_kb_header_of_dotted_parts_is_refused_before_parsing() -> None:
    text = "[" + ".".join(["a"] * 150_000) + "]\n"
    assert len(text) > 300_000
    assert toml_limits(text) == (2 * TOML_MAX_KEY_PARTS, "key-parts", TOML_MAX_KEY_PARTS)
    assert _refused(text) == f"f.toml:1:{1 + 2 * TOML_MAX_KEY_PARTS}: {PARTS}"


def test_10_000_keys_are_read_one_more_refused() -> None:
    within = "".join(f"k{i} = 1\n" for i in range(TOML_MAX_KEYS - 2)) + "[t]\n[[u]]\n"
    assert len(parse_toml(within, "f.toml")) == TOML_MAX_KEYS
    assert _refused(within + "[[u]]\n") == f"f.toml:{TOML_MAX_KEYS + 1}:1: {KEYS}"
    inline = "x = {" + ", ".join(f"k{i} = 1" for i in range(TOML_MAX_KEYS)) + "}"
    assert _refused(inline).startswith(f"f.toml:1:{inline.rindex('=') + 1}: {KEYS}")


# Brackets, dots and = in text in quotes and in comments are no structure.
QUOTED = [
    'a = "' + "[{." * 200 + '"',
    "a = '" + "[{.=" * 200 + "'",
    'a = """\n' + "[{.=\n" * 200 + '"""',
    "a = '''\n" + "[{.='\n" * 200 + "'''",
    'a = "\\"' + "[" * 200 + '\\\\"',
    'a = """ "" ' + "[" * 200 + ' """""',
    '"' + "." * 200 + '" = 1',
    "['" + "." * 200 + "'.b]",
    "# " + "[" * 200 + "\nb = 1 # " + "." * 200,
    "a = [\n  1, # " + "[" * 200 + "\n  2.5, 1979-05-27T07:32:00.999]",
]


@pytest.mark.parametrize("text", QUOTED)
def test_text_in_quotes_and_comments_is_not_counted(text: str) -> None:
    assert toml_limits(text) is None
    assert parse_toml(text, "f.toml") == tomllib.loads(text)


def test_every_shipped_toml_file_is_within_the_limits() -> None:
    files = [*(ROOT / "data").rglob("*.toml"), *(ROOT / "docs" / "examples").glob("*.toml")]
    assert len(files) > 10
    for path in files:
        assert toml_limits(path.read_text(encoding="utf-8")) is None, path


def _pnp(args: list[str], cwd: Path, profile: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PNP_PRINTER": str(profile)}
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    "body, message",
    [
        ("scale = " + "[" * 500 + "]" * 500, f"1:41: {DEPTH}"),
        ("scale = " + "{a=" * 500 + "1" + "}" * 500, f"1:{9 + 3 * 32}: {DEPTH}"),
        ("[" + "a." * 40_000 + "a]", f"1:65: {PARTS}"),
    ],
    ids=["lists", "tables", "header"],
)
def test_the_commands_reading_toml_say_one_line(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "f.toml"
    path.write_text(body + "\n", encoding="utf-8")
    for game in ("astra", "cosmos"):
        score = _pnp([game, "score", "f.toml"], tmp_path, tmp_path / "none.toml")
        assert (score.returncode, score.stdout) == (1, "")
        assert score.stderr == f"f.toml:{message} [{game}.score.type]\n"
    show = _pnp(["printer", "show"], tmp_path, path)
    assert (show.returncode, show.stdout) == (1, "")
    assert show.stderr.splitlines()[0].startswith(f"{path}:{message} (fix it, or set PNP_PRINTER")
    assert "Traceback" not in show.stderr


def _endgame(text: str, path: str) -> object:
    return TomlChecker(text, path, "k", "t").data


PARSERS: dict[str, Callable[[str, str], object]] = {
    "parse_toml": parse_toml,
    "printer profile": parse_profile,
    "astra end of game": parse_endgame,
    "cosmos game record": parse_record,
    "TomlChecker": _endgame,
    "astra boards": parse_boards,
    "astra abilities": parse_abilities,
}
SEEDS = [
    (ROOT / "docs" / "examples" / "astra-endgame.toml").read_text(encoding="utf-8"),
    (ROOT / "docs" / "examples" / "cosmos-game.toml").read_text(encoding="utf-8"),
    'paper = "letter"\nflip = "short"\nback_offset = [1.5, -1]\nscale = 100.4\n',
    (ROOT / "data" / "astra" / "board.toml").read_text(encoding="utf-8"),
]
KEYS_OF_SEEDS = ["scale", "back_offset", "paper", "fame", "pouch", "players", "x"]


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """A seed file with hostile TOML in it: nesting, dotted keys, numbers past any range."""
    n = draw(st.integers(0, 600))
    key = draw(st.sampled_from(KEYS_OF_SEEDS))
    part = draw(st.sampled_from(["a", "'a.b'", '"[{"', "fame", "1"]))
    number = draw(
        st.sampled_from(
            [
                "9" * 400,
                "-" + "9" * 400,
                "9" * 5000,
                "inf",
                "-inf",
                "nan",
                "1e400",
                "0x" + "f" * 400,
            ]
        )
    )
    piece = draw(
        st.sampled_from(
            [
                f"{key} = " + "[" * n + number + "]" * draw(st.integers(0, n)),
                f"{key} = " + "{a=" * n + number + "}" * draw(st.integers(0, n)),
                f"{key} = " + "[{a=" * n + "1",
                "[" + ".".join([part] * (n + 1)) + "]",
                "[[" + ".".join([part] * (n + 1)) + "]]",
                ".".join([part] * (n + 1)) + f" = {number}",
                f"{key} = {number}",
                f"{key} = [{number}, {number}]",
                f"{key} = "
                + "{ "
                + ".".join([part] * (n % 40 + 1))
                + " = "
                + "{b=" * (n % 40)
                + "1",
            ]
        )
    )
    text = draw(st.sampled_from(SEEDS))
    at = draw(st.integers(0, len(text)))
    start = text.rfind("\n", 0, at) + 1
    return text[:start] + piece + "\n" + text[start:]


FUZZ = settings(
    max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.parametrize("name", PARSERS)
@FUZZ
@given(st.one_of(st.text(), hostile()))
def test_every_toml_parser_reads_or_refuses_any_text_with_our_error(name: str, text: str) -> None:
    with contextlib.suppress(PnpError):
        PARSERS[name](text, "f.toml")


# Valid TOML within the limits, with brackets, dots and quotes in its strings: each value
# with how deep it nests.
_CHARS = st.sampled_from(list("[]{}.=,#ab \"'\\"))


def _basic(quotes: str) -> Callable[[str], str]:
    return lambda s: quotes + s.replace("\\", "\\\\").replace('"', '\\"') + quotes


_STRINGS = st.one_of(
    st.text(_CHARS.filter(lambda c: c != "'"), max_size=8).map(lambda s: f"'{s}'"),
    st.text(_CHARS, max_size=8).map(_basic('"')),
    st.text(_CHARS, max_size=8).map(_basic('"""')),
)
_VALUES: st.SearchStrategy[tuple[str, int]] = st.recursive(
    st.one_of(st.integers().map(str), st.sampled_from(["1.5", "true", "1979-05-27"]), _STRINGS).map(
        lambda text: (text, 0)
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(
            lambda v: (
                "[" + ", ".join(t for t, _ in v) + "]",
                1 + max((d for _, d in v), default=0),
            )
        ),
        st.lists(inner, max_size=3).map(
            lambda v: (
                "{" + ", ".join(f"k{i} = {t}" for i, (t, _) in enumerate(v)) + "}",
                1 + max((d for _, d in v), default=0),
            )
        ),
    ),
    max_leaves=30,
)
_KEYS = st.lists(
    st.one_of(st.just("a"), _STRINGS.filter(lambda s: not s.startswith('"""'))),
    max_size=TOML_MAX_KEY_PARTS - 1,
)


@settings(FUZZ, max_examples=100)
@given(st.lists(st.tuples(_KEYS, _VALUES), max_size=6), st.booleans())
def test_valid_toml_within_the_limits_reads_as_tomllib_reads_it(
    pairs: list[tuple[list[str], tuple[str, int]]], headers: bool
) -> None:
    lines = []
    for i, (parts, (value, depth)) in enumerate(pairs):
        assume(depth <= TOML_MAX_DEPTH)
        key = ".".join([f"k{i}", *parts])
        lines.append(f"[{key}]\nv = {value} # {value}" if headers else f"{key} = {value}")
    text = "\n".join(lines)
    assert toml_limits(text) is None
    assert parse_toml(text, "f.toml") == tomllib.loads(text)
