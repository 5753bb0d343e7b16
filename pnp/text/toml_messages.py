"""tomllib's syntax errors in a player's words: each of its messages becomes one of
``MESSAGES``, at the line and column tomllib names; so do the limits that
``pnp.text.parsing.toml_limits`` finds before. Loaded only when a file has one."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

from pnp.errors import shown

VALUES = 'a number, "text" in quotes, true or false, [a, list] or { key = value }'
# What a key's value is, for the message about a bare word written as its value.
WANTS = {int: "a whole number", float: "a number", bool: "true or false", str: "text in quotes"}

# Each message is formatted (so a brace is doubled), with the fields its braces name.
MESSAGES = {
    "value": "{token} is not a value (expected {wants})",
    "text": '{token} is not a value (expected text in quotes: "{word}")',
    "no-value": "a value is missing here (expected {wants})",
    "bool": "{token} is not a value (expected true or false, in small letters)",
    "date": "{token} is not a date (expected a real day, like 2024-05-31)",
    "line-end": "{token} after the value (expected the end of the line; a comment starts with #)",
    "decimal-comma": "{token} after the number (expected a decimal point, like 100.4)",
    "header-end": "{token} after the [table] header (expected the end of the line)",
    "statement": "{token} cannot start a line (expected key = value, a [table] or a # comment)",
    "equals": '{token} after the key (expected =; a key with spaces is written "in quotes")',
    "equals-end": "the key has no value (expected key = value)",
    "key": '{token} where a key belongs (expected letters, digits, _ and -, or "a quoted key")',
    "key-comma": "a comma before the closing }} (expected another key = value, or no comma)",
    "header-close": "{token} in the [table] header (expected ] to close it)",
    "list-header-close": "{token} in the [[table]] header (expected ]] to close it)",
    "header-open": "the [table] header is not closed on its line (expected ])",
    "list-header-open": "the [[table]] header is not closed on its line (expected ]])",
    "table-twice": "[{name}] is a second table of that name (expected each [table] once)",
    "table-value": "[{name}] names a key already given a value (expected a name of its own)",
    "twice": "{name} is given a value twice (expected each key once in its table)",
    "inline-twice": "{name} is given twice in the {{ table }} (expected each key once)",
    "closed": "{name} reopens what was written whole with {{ }} or [ ] (expected it in one place)",
    "dotted": "{name} is a [table] above (expected its keys under its header, not dotted keys)",
    "list-open": "the [list] is not closed (expected ] at its end)",
    "list-next": "{token} in a [list] (expected , between its values or ] at its end)",
    "table-open": "the {{ table }} is not closed on its line (expected }} at its end)",
    "table-next": "{token} in a {{ table }} (expected , between its keys or }} at its end)",
    "escape": "{token} is no escape in \"text\" (expected \\\\ for a backslash, or 'text')",
    "escape-end": "a \\ ends the line in \"text\" (expected \\\\ for a backslash, or 'text')",
    "hex": "a \\u escape without its hex digits (expected \\u and 4, or \\U and 8, like \\u00e9)",
    "code-point": "the escape names no character (expected a code point up to \\U0010FFFF)",
    "string-open": "the text in quotes is not closed (expected its closing quote)",
    "string-line": "the text in quotes is not closed on its line (expected {quote} before its end)",
    "control": "the control character U+{code} is not allowed (expected it removed)",
    # past a limit of pnp.text.parsing.TOML_MAX_*, found before tomllib reads the file
    "depth": "lists and {{ tables }} nested deeper than {limit} levels (the limit for a TOML file)",
    "key-parts": "a key of more than {limit} dotted parts (the limit for keys and [table] headers)",
    "keys": "more than {limit} keys and [table] headers (the limit for a TOML file)",
    "other": "this is not TOML (expected key = value lines and [table] headers)",
}

_WHERE = re.compile(r"(.*) \(at (?:line (\d+), column (\d+)|end of document)\)\Z", re.DOTALL)
_WORD = re.compile(r"[^\s,\]}#]*")
_COMMA = re.compile(r"[0-9],[0-9]+[ \t]*(?:#|$)", re.M)  # 100,4: a decimal comma
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_CONTROL = frozenset(chr(i) for i in (*range(32), 127)) - {"\t", "\n"}
_TOKEN = re.compile(r"\S+")
_KEY_BEFORE = re.compile(r"""([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*=[^=]*\Z""")
_STATEMENT_KEY = re.compile(
    r"""^[ \t]*((?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
    r"""(?:[ \t]*\.[ \t]*(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*'))*)[ \t]*=""",
    re.MULTILINE,
)


def explain(text: str, error: str, wants: Mapping[str, type] | None = None) -> tuple[int, int, str]:
    """The line, column and message of tomllib's ``error`` about ``text``. ``wants``
    names the type of some keys' values (a list's: its elements'), so a bare word
    written as one says what was expected."""
    src = text.replace("\r\n", "\n")  # as tomllib reads it
    found = _WHERE.match(error)
    if found is None:
        return 1, 1, MESSAGES["other"].format()
    kind = found.group(1)
    pos = _offset(src, int(found.group(2)), int(found.group(3))) if found.group(2) else len(src)
    if kind == 'Expected "\'"':  # tomllib looked for the closing ' past the line's end
        end = src.find("\n", src.rfind("'", 0, pos))
        pos, kind = (end, "Found invalid character '\\n'") if end >= 0 else (pos, kind)
    if kind.startswith(("Unescaped", "Invalid hex", "Escaped")):  # at the escape's \\
        before = src.rfind("\\", 0, pos - 1 if kind.startswith("Unescaped") else pos)
        pos = before if before >= 0 else src.rfind("\\", 0, pos)  # a \\ ending the file
    line_start = src.rfind("\n", 0, pos) + 1
    line = src.count("\n", 0, pos) + 1
    return line, pos - line_start + 1, _message(src, pos, kind, wants or {})


def _offset(src: str, line: int, col: int) -> int:
    start = 0
    for _ in range(line - 1):
        start = src.index("\n", start) + 1
    return start + col - 1


def _message(src: str, pos: int, kind: str, wants: Mapping[str, type]) -> str:
    """Ours for tomllib's message ``kind`` at ``pos``."""
    found = _TOKEN.match(src, pos)
    token = shown(found.group()) if found else "the end of the line"
    line_start = src.rfind("\n", 0, pos) + 1
    so_far = src[line_start:pos].lstrip()  # the line up to ``pos``
    at_char = not kind.startswith(("Cannot", "Duplicate"))  # else pos is past a value
    if at_char and src[pos : pos + 1] in _CONTROL:  # a lone carriage return, say
        return MESSAGES["control"].format(code=f"{ord(src[pos]):04X}")
    if kind == "Invalid value":
        return _value(src, pos, line_start, wants)
    if kind == "Expected newline or end of document after a statement":
        after = "decimal-comma" if _COMMA.match(src, pos - 1) else "line-end"
        return MESSAGES["header-end" if so_far.startswith("[") else after].format(token=token)
    if kind == "Invalid statement":
        return MESSAGES["statement"].format(token=token)
    if kind == "Expected '=' after a key in a key/value pair":
        return MESSAGES["equals" if found else "equals-end"].format(token=token)
    if kind == "Invalid initial character for a key part":
        return MESSAGES["key-comma" if src.startswith("}", pos) else "key"].format(token=token)
    if kind.startswith("Expected ']"):
        which = "list-header" if "]]" in kind else "header"
        return MESSAGES[f"{which}-{'close' if found else 'open'}"].format(token=token)
    if kind == "Cannot overwrite a value" and so_far.startswith("["):
        return MESSAGES["table-value"].format(name=so_far.strip("[] \t"))
    if kind == "Cannot overwrite a value":
        return MESSAGES["twice"].format(name=_statement_key(src, pos))
    if kind.startswith("Cannot declare "):
        parts = ast.literal_eval(kind.removeprefix("Cannot declare ").removesuffix(" twice"))
        again = _header(parts).search(src, 0, line_start)  # else it adds to a { table }
        return MESSAGES["table-twice" if again else "closed"].format(name=_dotted(parts))
    if kind.startswith("Duplicate inline table key "):
        key = ast.literal_eval(kind.removeprefix("Duplicate inline table key "))
        return MESSAGES["inline-twice"].format(name=shown(key))
    if kind.startswith("Cannot mutate immutable namespace "):
        parts = ast.literal_eval(kind.removeprefix("Cannot mutate immutable namespace "))
        return MESSAGES["closed"].format(name=_dotted(parts))
    if kind.startswith("Cannot redefine namespace "):
        parts = ast.literal_eval(kind.removeprefix("Cannot redefine namespace "))
        return MESSAGES["dotted"].format(name=_dotted(parts))
    if kind == "Unclosed array":
        return MESSAGES["list-next" if found else "list-open"].format(token=token)
    if kind == "Unclosed inline table":
        return MESSAGES["table-next" if found else "table-open"].format(token=token)
    if kind == "Unescaped '\\' in a string":
        token = src[pos : pos + 2]
        if len(token) < 2 or token[1] in "\r\n":
            return MESSAGES["escape-end"].format()
        return MESSAGES["escape"].format(token=token)
    if kind == "Invalid hex value":
        return MESSAGES["hex"].format()
    if kind == "Escaped character is not a Unicode scalar value":
        return MESSAGES["code-point"].format()
    if kind == "Invalid date or datetime":
        return MESSAGES["date"].format(token=token)
    if kind.startswith(("Illegal character ", "Found invalid character ")):
        if src.startswith("\n", pos):  # a one-line string: '…' when tomllib says "Found"
            return MESSAGES["string-line"].format(quote="'" if kind[0] == "F" else '"')
        return MESSAGES["control"].format(code=f"{ord(src[pos]):04X}")
    if kind == "Unterminated string" or kind.startswith('Expected "'):
        return MESSAGES["string-open"].format()
    return MESSAGES["other"].format()


def _value(src: str, pos: int, line_start: int, wants: Mapping[str, type]) -> str:
    """A bare word, or nothing, where a value belongs."""
    before = _KEY_BEFORE.search(src, max(line_start, pos - 1000), pos)
    kind = wants.get(before.group(1).strip("\"'")) if before else None
    expected = WANTS.get(kind, VALUES) if kind else VALUES
    word = _WORD.match(src, pos)
    text = word.group() if word else ""
    if not text:
        return MESSAGES["no-value"].format(wants=expected)
    if text.lower() in ("true", "false") and kind in (None, bool):
        return MESSAGES["bool"].format(token=shown(text))
    if kind is str and before and before.group().rstrip().endswith("="):
        end = src.find("\n", pos)  # text right after = runs to the line's end: Ada Lovelace
        text = src[pos : end if end >= 0 else len(src)].partition("#")[0].rstrip()
    if kind is str and text.isprintable() and len(text) <= 40 and not set(text) & set('"\\'):
        return MESSAGES["text"].format(token=shown(text), word=text)
    return MESSAGES["value"].format(token=shown(text), wants=expected)


def _dotted(parts: tuple[str, ...]) -> str:
    """A key as written in a [table] header."""
    return ".".join(p if _BARE.fullmatch(p) else shown(p) for p in parts)


def _header(parts: tuple[str, ...]) -> re.Pattern[str]:
    """A [table] header line naming the key ``parts``, however it is quoted and spaced."""
    each = [f"(?:{re.escape(p)}|\"{re.escape(p)}\"|'{re.escape(p)}')" for p in parts]
    return re.compile(r"^[ \t]*\[[ \t]*" + r"[ \t]*\.[ \t]*".join(each) + r"[ \t]*\]", re.M)


def _statement_key(src: str, pos: int) -> str:
    """The key of the last key = value line that starts before ``pos``."""
    keys = _STATEMENT_KEY.findall(src, 0, pos)
    return shown(re.sub(r"[ \t]*\.[ \t]*", ".", keys[-1])) if keys else "a key"
