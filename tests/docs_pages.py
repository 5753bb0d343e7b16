"""The documentation as the tests read it: the README and every page of the site, each
page's ``--8<--`` includes (the formats' reference in data/formats, RULES.md) put in, and
the ``pnp …`` command lines of their code blocks, resolved in the click tree."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import NamedTuple

import click

from pnp.cli import cli

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = re.compile(r'^--8<-- "([^"]+)"$', re.M)
FENCE = re.compile(r"^( *)```([a-z]*)\n(.*?)^\1```$", re.M | re.S)
SHELL = {"", "sh", "console", "text"}  # the code blocks a command line may stand in
SYNOPSIS = re.compile(r"[\[\]|…]|\b[A-Z]{2,}\b")  # pnp kit [--game …], pnp … CHART


def pages() -> dict[str, str]:
    """The README and each page of the site, by its path, with its includes put in."""
    found = {"README.md": (ROOT / "README.md").read_text(encoding="utf-8")}
    for page in sorted((ROOT / "docs").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        found[f"docs/{page.name}"] = INCLUDE.sub(
            lambda m: (ROOT / m[1]).read_text(encoding="utf-8"), text
        )
    return found


class Line(NamedTuple):
    """A ``pnp`` command line of a code block, and the lines it shows after a ``$``."""

    page: str
    words: list[str]
    shown: list[str] | None  # None: not a `$` line, nothing is shown after it
    synopsis: bool


def command_lines() -> list[Line]:
    found = []
    for page, text in pages().items():
        for indent, lang, block in FENCE.findall(text):
            if lang in SHELL:
                lines = block.replace("\\\n", " ").splitlines()
                found += _lines(page, [line.removeprefix(indent) for line in lines])
    return found


def _lines(page: str, lines: list[str]) -> list[Line]:
    found = []
    for at, line in enumerate(lines):
        prompt = line.startswith("$ ")
        command = line.removeprefix("$ ")
        if not command.startswith("pnp "):
            continue
        synopsis = bool(SYNOPSIS.search(command.split("#")[0]))
        words = command.split() if synopsis else shlex.split(command, comments=True)
        end = at + 1
        while synopsis and end < len(lines) and lines[end].startswith("   "):
            words += lines[end].split()  # a synopsis's options go on over indented lines
            end += 1
        shown = []
        for after in lines[end:] if prompt else []:
            if after.startswith("$ "):
                break
            shown.append(after)
        found.append(Line(page, words[1:], shown if prompt else None, synopsis))
    return found


def resolve(words: list[str]) -> tuple[click.Command, list[str]]:
    """The command the words name, and the words after its name."""
    command: click.Command = cli
    while (
        isinstance(command, click.Group)
        and words
        and words[0] in command.list_commands(click.Context(command))
    ):
        found = command.get_command(click.Context(command), words[0])
        assert found is not None
        command, words = found, words[1:]
    return command, words


def options(command: click.Command) -> dict[str, bool]:
    """Every option name of a command, and whether it takes a value."""
    names = {name: False for name in command.get_help_option_names(click.Context(command))}
    for param in command.params:
        if isinstance(param, click.Option):
            for name in (*param.opts, *param.secondary_opts):
                names[name] = not (param.is_flag or param.count)
    return names
