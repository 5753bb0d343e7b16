"""TOML syntax errors in our words, at the line and column tomllib names: each kind of
mistake, every TOML file a player types (an Astra end of game, the printer profile), and
any text at all."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import SourceError
from pnp.text.parsing import parse_toml
from pnp.text.toml_messages import MESSAGES
from pnp.text.toml_spans import TomlChecker
from tests.conftest import Run

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
VALUE = 'a number, "text" in quotes, true or false, [a, list] or { key = value }'
WANTS = {"stardust": int, "scale": float, "name": str, "cards": str, "flag": bool}


class _Field(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "\0"


# Each message as a pattern: its fields may be anything.
PATTERNS = [
    re.compile(".+".join(re.escape(part) for part in m.format_map(_Field()).split("\0")))
    for m in MESSAGES.values()
    if m != MESSAGES["other"]
]


def _problem(text: str) -> str:
    with pytest.raises(SourceError) as caught:
        parse_toml(text, "f.toml", wants=WANTS)
    assert len(caught.value.problems) == 1
    return str(caught.value.problems[0])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bare word where a value belongs: what the key wants, else any value
        (
            "a = 1\n\nstardust = seven",
            "f.toml:3:12: 'seven' is not a value (expected a whole number)",
        ),
        ("scale = big", "f.toml:1:9: 'big' is not a value (expected a number)"),
        (
            "name = Ada Lovelace  # x",
            "f.toml:1:8: 'Ada Lovelace' is not a value (expected text in quotes: \"Ada Lovelace\")",
        ),
        (
            'cards = ["Leo", Orion]',
            "f.toml:1:17: 'Orion' is not a value (expected text in quotes: \"Orion\")",
        ),
        (
            "flag = True",
            "f.toml:1:8: 'True' is not a value (expected true or false, in small letters)",
        ),
        ("flag = yes", "f.toml:1:8: 'yes' is not a value (expected true or false)"),
        ("other = seven", f"f.toml:1:9: 'seven' is not a value (expected {VALUE})"),
        ("fame = = 31", f"f.toml:1:8: '=' is not a value (expected {VALUE})"),
        ("stardust =", "f.toml:1:11: a value is missing here (expected a whole number)"),
        ("a = [1,,2]", f"f.toml:1:8: a value is missing here (expected {VALUE})"),
        (
            "d = 2024-02-30",
            "f.toml:1:5: '2024-02-30' is not a date (expected a real day, like 2024-05-31)",
        ),
        # what follows a value, a header, a key
        (
            "stardust = 7 stars",
            "f.toml:1:14: 'stars' after the value (expected the end of the line; a comment "
            "starts with #)",
        ),
        (
            "scale = 100,4",
            "f.toml:1:12: ',4' after the number (expected a decimal point, like 100.4)",
        ),
        ("[player] x", "f.toml:1:10: 'x' after the [table] header (expected the end of the line)"),
        (
            "stardust: 7",
            "f.toml:1:9: ':' after the key (expected =; a key with spaces is written \"in "
            'quotes")',
        ),
        (
            "final scoring = 1",
            "f.toml:1:7: 'scoring' after the key (expected =; a key with spaces is written "
            '"in quotes")',
        ),
        ("a = 1\nstardust\n", "f.toml:2:9: the key has no value (expected key = value)"),
        (
            "= 3",
            "f.toml:1:1: '=' cannot start a line (expected key = value, a [table] or a # comment)",
        ),
        (
            "a.=1",
            "f.toml:1:3: '=1' where a key belongs (expected letters, digits, _ and -, or \"a "
            'quoted key")',
        ),
        (
            "a = {b = 1,}",
            "f.toml:1:12: a comma before the closing } (expected another key = value, or no comma)",
        ),
        # headers
        ("[player", "f.toml:1:8: the [table] header is not closed on its line (expected ])"),
        (
            "[[player]\nname = 'x'",
            "f.toml:1:9: ']' in the [[table]] header (expected ]] to close it)",
        ),
        ("[[player", "f.toml:1:9: the [[table]] header is not closed on its line (expected ]])"),
        ("[a b]", "f.toml:1:4: 'b]' in the [table] header (expected ] to close it)"),
        ("[[a] b]]", "f.toml:1:4: ']' in the [[table]] header (expected ]] to close it)"),
        # a key or table twice, and tables written whole
        (
            "stardust = 1\nfame = 2\nstardust = 3",
            "f.toml:3:13: 'stardust' is given a value twice (expected each key once in its table)",
        ),
        (
            "x.y = 1\nx . y = 2",
            "f.toml:2:10: 'x.y' is given a value twice (expected each key once in its table)",
        ),
        (
            '[a]\nb = 1\n[ "a" ]',
            "f.toml:3:7: [a] is a second table of that name (expected each [table] once)",
        ),
        (
            "a = 1\n[a]",
            "f.toml:2:3: [a] names a key already given a value (expected a name of its own)",
        ),
        (
            "a = {b = 1, b = 2}",
            "f.toml:1:18: 'b' is given twice in the { table } (expected each key once)",
        ),
        (
            "a = {b = 1}\n[a.c]",
            "f.toml:2:5: a.c reopens what was written whole with { } or [ ] (expected it in "
            "one place)",
        ),
        (
            "a = [1]\n[[a]]",
            "f.toml:2:4: a reopens what was written whole with { } or [ ] (expected it in "
            "one place)",
        ),
        (
            "[a.b]\n[a]\nb.c = 1",
            "f.toml:3:8: a.b is a [table] above (expected its keys under its header, not "
            "dotted keys)",
        ),
        # lists and inline tables
        (
            'cards = ["Leo",\n  "Orion"',
            "f.toml:2:10: the [list] is not closed (expected ] at its end)",
        ),
        (
            "a = [1 2]",
            "f.toml:1:8: '2]' in a [list] (expected , between its values or ] at its end)",
        ),
        (
            "a = {b = 1\nc = 2",
            "f.toml:1:11: the { table } is not closed on its line (expected } at its end)",
        ),
        (
            "a = {b = 1 c = 2}",
            "f.toml:1:12: 'c' in a { table } (expected , between its keys or } at its end)",
        ),
        # strings
        (
            'name = "Ada\nfame = 3',
            'f.toml:1:12: the text in quotes is not closed on its line (expected " before its end)',
        ),
        (
            "name = 'Ada\nfame = 3",
            "f.toml:1:12: the text in quotes is not closed on its line (expected ' before its end)",
        ),
        (
            "name = 'Ada\nfame = 3\nb = 'x'",
            "f.toml:1:12: the text in quotes is not closed on its line (expected ' before its end)",
        ),
        (
            'name = "Ada',
            "f.toml:1:12: the text in quotes is not closed (expected its closing quote)",
        ),
        (
            'name = """Ada\n\nfame = 3\n',
            "f.toml:4:1: the text in quotes is not closed (expected its closing quote)",
        ),
        (
            "name = '''Ada",
            "f.toml:1:14: the text in quotes is not closed (expected its closing quote)",
        ),
        (  # a backslash ending the file, or the line (hypothesis found the first at col 0)
            'name = "Ada\\',
            'f.toml:1:12: a \\ ends the line in "text" '
            "(expected \\\\ for a backslash, or 'text')",
        ),
        (
            'name = "Ada\\\nfame = 3',
            'f.toml:1:12: a \\ ends the line in "text" '
            "(expected \\\\ for a backslash, or 'text')",
        ),
        (
            'p = "C:\\dir"',
            "f.toml:1:8: \\d is no escape in \"text\" (expected \\\\ for a backslash, or 'text')",
        ),
        (
            'e = "\\u00g9"',
            "f.toml:1:6: a \\u escape without its hex digits (expected \\u and 4, or \\U and 8, "
            "like \\u00e9)",
        ),
        (
            'e = "\\UFFFFFFFF"',
            "f.toml:1:6: the escape names no character (expected a code point up to \\U0010FFFF)",
        ),
        # control characters, line ends, a byte order mark
        (
            "a = 1 # \x07",
            "f.toml:1:9: the control character U+0007 is not allowed (expected it removed)",
        ),
        (
            "a = 1\rb = 2",
            "f.toml:1:6: the control character U+000D is not allowed (expected it removed)",
        ),
        ("a = 1\r\nstardust = x\r\n", "f.toml:2:12: 'x' is not a value (expected a whole number)"),
        ("\ufeffstardust = x", "f.toml:1:12: 'x' is not a value (expected a whole number)"),
    ],
)
def test_each_syntax_error_is_in_our_words_at_its_place(text: str, expected: str) -> None:
    assert _problem(text) == expected


def test_a_checker_knows_what_its_keys_want_and_ignores_a_byte_order_mark() -> None:
    text = '\ufeffname = "Robin"\nfame = many'
    with pytest.raises(SourceError, match=r"^e.toml:2:8: 'many' is not a value \(expected a whole"):
        TomlChecker(text, "e.toml", "k", "t", wants={"fame": int})
    checker = TomlChecker(text.replace("many", "31"), "e.toml", "k", "t")
    assert checker.data == {"name": "Robin", "fame": 31}
    assert checker.spans.where(("fame",)) == (2, 8) and checker.spans.where(("name",)) == (1, 8)


def test_astra_score_says_what_a_value_should_be(run: Run) -> None:
    text = (EXAMPLES / "astra-endgame.toml").read_text(encoding="utf-8")
    Path("game.toml").write_text(text.replace("stardust = 7 ", "stardust = seven"), "utf-8")
    result = run("astra", "score", "game.toml")
    assert result.exit_code == 1
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("stardust = 7 "))
    assert result.output.startswith(f"game.toml:{line}:12: 'seven' is not a value (expected ")
    assert "Traceback" not in result.output and "Invalid value" not in result.output


def test_the_printer_profile_says_what_a_value_should_be(
    run: Run, no_printer_profile: Path
) -> None:
    no_printer_profile.write_text('paper = letter\nflip = "long"\n', encoding="utf-8")
    result = run("printer", "show")
    assert result.exit_code == 1
    expected = f"{no_printer_profile}:1:9: 'letter' is not a value (expected text in quotes: "
    assert f'{expected}"letter")' in result.output


def _ours_or_valid(text: str) -> None:
    """``text`` is read, or refused with one of our messages at a place in it."""
    try:
        tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError:
        pass
    except ValueError:  # a number over 4,300 digits: the other message
        return
    else:
        assert parse_toml(text, "f.toml") == tomllib.loads(text.removeprefix("\ufeff"))
        return
    with pytest.raises(SourceError) as caught:
        parse_toml(text, "f.toml", wants=WANTS)
    (problem,) = caught.value.problems
    assert any(p.fullmatch(problem.message) for p in PATTERNS), problem.message
    assert not re.search(r"\(at (line \d|end of document)", problem.message)
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    assert 1 <= problem.line <= len(lines)
    assert 1 <= problem.col <= len(lines[problem.line - 1]) + 1


@settings(deadline=None)
@given(st.text(max_size=60))
def test_any_text_parses_or_is_refused_in_our_words(text: str) -> None:
    _ours_or_valid(text)


TOML_LIKE = st.lists(
    st.sampled_from(
        [
            "stardust = 7",
            "stardust = seven",
            "name = 'Ada'",
            'name = "Ada',
            "name = Ada",
            "[player]",
            "[[player]]",
            "[player",
            "a.b = 1",
            "a = {b = 1}",
            "a = [1, 2",
            "a = [",
            "]",
            "}",
            "{",
            "=",
            ",",
            "# note",
            '"""',
            "'''",
            "\\",
            "\\u",
            "\r",
            "x = 2024-01-01",
            "1,5",
            "true",
            "True",
            " ",
            "\t",
            "\x00",
            "é",
            "\n",
            ".",
        ]
    ),
    max_size=12,
).map("".join)


@settings(deadline=None, max_examples=300)
@given(TOML_LIKE)
def test_toml_like_text_parses_or_is_refused_in_our_words(text: str) -> None:
    _ours_or_valid(text)
