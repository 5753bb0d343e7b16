"""Helpers shared by the text-format parsers."""

from __future__ import annotations

import errno
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from typing import Any

from pnp.errors import InputError, MissingFileError, Problem, SourceError, shown
from pnp.system.atomic import remember_input
from pnp.system.paths import data_folder

MAX_BYTES = 1_000_000  # the longest simulated log is about 3 kB, a chart under 1 kB
# Non-blocking, so that opening a pipe with no writer returns at once (and is refused).
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def read_source(path: str | os.PathLike[str]) -> str:
    """A text file's contents. Only a regular file of at most ``MAX_BYTES`` is read (a
    pipe would block, ``/dev/zero`` never end): anything else is an ``InputError``, no
    file a ``MissingFileError``; text that is not UTF-8 is a problem where it starts."""
    name = str(path)
    data = read_input(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, start) + 1
        col = len(data[start : exc.start].decode("utf-8", "replace")) + 1
        raise SourceError([Problem(name, line, col, f"not UTF-8 text ({exc.reason})")]) from None


def read_input(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """An input file's bytes, as ``read_source`` reads them, of at most ``limit``."""
    name = str(path)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except (FileNotFoundError, ValueError):  # ValueError: a NUL byte in the name
        raise MissingFileError(name, "no such file") from None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise MissingFileError(name, "no such file (the name is too long)") from None
        raise InputError(name, f"cannot read it: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(name, "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise InputError(name, "is not a regular file (a pipe or a device?)")
        remember_input(info)
        with open(fd, "rb", closefd=False) as file:
            data = file.read(limit + 1) if info.st_size <= limit else b""
    except OSError as exc:
        raise InputError(name, f"cannot read it: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > limit or info.st_size > limit:
        size = max(len(data), info.st_size)
        raise InputError(
            name, f"{size:,} bytes is over the {limit // 1_000_000} MB limit for an input file"
        )
    return data


def other_kind(text: str, path: str, first_line: str, message: str) -> SourceError | None:
    """For a file that did not parse: when ``first_line`` (a regular expression for a
    line that starts a file of another kind, matched in any case) finds such a line,
    one problem there saying ``message`` (say, which command reads that kind); else None."""
    found = re.search(first_line, text, re.MULTILINE | re.IGNORECASE)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    col = len(found[0]) - len(found[0].lstrip()) + 1  # the match starts its line
    return SourceError([Problem(path, line, col, message)])


def source_lines(text: str) -> list[str]:
    """Lines as an editor numbers them: split on LF (CRLF and CR too), and nothing else
    (``str.splitlines`` would also split on form feeds and Unicode separators). A byte
    order mark at the start is not text."""
    text = text.removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def strip_comment(line: str) -> str:
    """The line without a ``#`` comment and trailing white space."""
    return line.split("#", 1)[0].rstrip()


MAX_NAME = 40  # characters in a player's name
WORD_STOPS = ":,;#"  # what a name written as a word leaves out (and white space)


def name_problem(name: str, word: bool = False) -> str | None:
    """Why ``name`` cannot be a player's name, or None: the one rule of every format of
    every game, so that a name one file accepts, every file written from it accepts too.
    A name is 1 to ``MAX_NAME`` printable characters (no control or invisible one: DEL,
    a zero-width space, a soft hyphen, a right-to-left override, a Hangul filler; not
    all spaces, not starting with a lone accent); written as a ``word``
    (a log's lines start with it, a sheet's follow it), one without spaces or
    ``WORD_STOPS``. A TOML file quotes its names: they may have spaces."""
    fits = 0 < len(name) <= MAX_NAME and name.isprintable()  # a megabyte is not searched
    if fits and not (word and set(name) & set(WORD_STOPS + " ")) and _seen(name):
        return None
    if not word:
        return f"a name is 1 to {MAX_NAME} printable characters, not {shown(name)}"
    return (
        f"a player's name is one word of 1 to {MAX_NAME} printable characters without "
        f"{' '.join(WORD_STOPS[:-1])} or {WORD_STOPS[-1]}, not {shown(name)}"
    )


# Printable, yet drawn as nothing: Hangul fillers, the combining grapheme joiner, the
# braille blank, variation selectors.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u034f\u2800\u180b\u180c\u180d\u180e") | {
    chr(c) for c in range(0xFE00, 0xFE10)
}


def _seen(name: str) -> bool:
    """Whether ``name`` shows as itself: no blank drawn as nothing, not all spaces, and
    not starting with an accent that has no letter to sit on."""
    if name.isascii():
        return not name.isspace()
    import unicodedata  # a name beyond ASCII only

    return (
        not name.isspace() and not unicodedata.combining(name[0]) and not _BLANKS.intersection(name)
    )


def whole_number(word: str, high: int) -> int | None:
    """``word`` as a whole number 0 to ``high``, or None unless it is written in ASCII
    digits (leading zeros allowed). ``isdigit`` and ``int`` take more: ``int`` refuses
    '²' with a ValueError though ``'²'.isdigit()``, reads '٣', '３', '+3' and '1_0', and
    refuses 5,000 digits with a ValueError; each is None here, cheaply."""
    if not word.isascii() or not word.isdigit():
        return None
    digits = word.lstrip("0")
    if len(digits) > len(str(high)):
        return None
    value = int(digits or "0")
    return value if value <= high else None


def grid_row(line: str, limit: int) -> tuple[int, list[tuple[int, str]]]:
    """How many cells a grid row has, and the first ``limit`` of them with their 1-based
    columns (so a megabyte-long row costs no more than a short one). Either every
    character is a cell, or cells are separated by single spaces."""
    body = line.strip()
    start = len(line) - len(line.lstrip()) + 1
    step = 2 if len(body) > 1 and not body[1::2].strip(" ") else 1
    count = (len(body) + 1) // 2 if step == 2 else len(body)
    return count, [(start + i, body[i]) for i in range(0, min(len(body), limit * step), step)]


# Limits of a TOML file, checked before tomllib reads it and far above any real one (a
# printer profile has 4 keys; an Astra end-of-game file about 60, lists 1 deep, keys of
# 1 part). tomllib recurses into nested lists and tables (500 deep is a RecursionError)
# and its work grows with the square of a key's dotted parts.
TOML_MAX_DEPTH = 32  # lists and { tables } inside each other
TOML_MAX_KEY_PARTS = 32  # the parts of one key or [table] header: a.b.c has 3
TOML_MAX_KEYS = 10_000  # keys and [table] headers in one file
# The next character that matters to ``toml_limits`` in a key (or a header), and in a value.
_TOML_KEY_STOP = re.compile(r"""[\[\]{}=,.#"'\n]""")
_TOML_VALUE_STOP = re.compile(r"""[\[\]{},#"'\n]""")
_TOML_STRING = {
    '"': re.compile(r'"(?:[^"\\\n]+|\\.)*+"?'),
    "'": re.compile(r"'[^'\n]*+'?"),
    '"""': re.compile(r'"""(?:[^"\\]+|\\[\s\S]|"(?!""))*+(?:"""(?:"{0,2}))?'),
    "'''": re.compile(r"'''(?:[^']+|'(?!''))*+(?:'''(?:'{0,2}))?"),
}


def toml_limits(text: str) -> tuple[int, str, int] | None:
    """Where ``text`` first goes past a limit of ``TOML_MAX_*``: the offset, the limit's
    name in ``pnp.text.toml_messages.MESSAGES`` and its value; None if it stays within them.
    One pass, linear, that only follows brackets, keys and strings (text in quotes and
    comments may hold any character): whatever else is wrong is tomllib's to say."""
    nested: list[str] = []  # the open [ and {
    in_key, in_header = True, False
    dots = keys = at = 0
    while found := (_TOML_KEY_STOP if in_key else _TOML_VALUE_STOP).search(text, at):
        char, at = found.group(), found.end()
        if char == "#":
            end = text.find("\n", at)
            at = len(text) if end < 0 else end
        elif char in "\"'":
            quote = text[found.start() : found.start() + 3]
            string = _TOML_STRING[quote if quote in _TOML_STRING else char]
            match = string.match(text, found.start())
            assert match is not None  # each pattern matches its opening quote
            at = match.end()
        elif char == "\n":
            if not nested:  # a new statement: a key or a header
                in_key, in_header, dots = True, False, 0
        elif char == ".":
            dots += 1
            if dots >= TOML_MAX_KEY_PARTS:
                return found.start(), "key-parts", TOML_MAX_KEY_PARTS
        elif char == "=":
            keys += 1
            if keys > TOML_MAX_KEYS:
                return found.start(), "keys", TOML_MAX_KEYS
            in_key = False
        elif char == "," and nested and nested[-1] == "{":
            in_key, dots = True, 0
        elif char == "[" and in_key and not nested:
            keys += 1
            if keys > TOML_MAX_KEYS:
                return found.start(), "keys", TOML_MAX_KEYS
            in_header, dots = True, 0
            at += text.startswith("[", at)
        elif char in "[{" and not in_header:
            nested.append(char)
            if len(nested) > TOML_MAX_DEPTH:
                return found.start(), "depth", TOML_MAX_DEPTH
            in_key, dots = char == "{", 0
        elif char in "]}":
            if in_header or nested:  # the rest of the line, or of the list or table
                in_key = in_header = False
            if nested:
                nested.pop()
    return None


def parse_toml(
    text: str, path: str, rule: str = "", wants: Mapping[str, type] | None = None
) -> dict[str, Any]:
    """A TOML document's tables (a byte order mark before it is no text). A syntax error
    is a ``SourceError`` in our words (``pnp.text.toml_messages``) at the line and column
    tomllib names; ``wants`` gives the type of some keys' values, so that a bare word
    written as one says what was expected. A number too long for Python (over 4,300
    digits, which tomllib refuses with a bare ``ValueError``) names ``rule``. The limits
    of ``toml_limits`` guard against input: pnp's own data files are read without them."""
    text = text.removeprefix("\ufeff")
    beyond = None if path.startswith(data_folder() + os.sep) else toml_limits(text)
    if beyond is not None:
        from pnp.text.toml_messages import MESSAGES

        start, name, limit = beyond
        line, col = text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
        message = MESSAGES[name].format(limit=f"{limit:,}") + (f" [{rule}]" if rule else "")
        raise SourceError([Problem(path, line, col, message)])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        from pnp.text.toml_messages import explain

        raise SourceError([Problem(path, *explain(text, str(exc), wants))]) from None
    except ValueError:
        found = re.search(r"[0-9_]{4300,}", text)
        start = found.start() if found else 0
        line, col = text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
        message = "a number over 4,300 digits long" + (f" [{rule}]" if rule else "")
        raise SourceError([Problem(path, line, col, message)]) from None
