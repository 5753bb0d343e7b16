"""The documentation site builds (``mkdocs build --strict``: every link and anchor found),
every page is in its navigation, every example file and picture it names exists, and every
``pnp`` command line its code blocks show runs as shown (score, check, formats, lists) or,
where it takes long or writes files, names a command and options that exist."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.cli import cli
from tests.docs_pages import ROOT, Line, command_lines, options, pages, resolve

PAGES = pages()
LINES = command_lines()
SHOWN = [
    (page, command, shown)
    for page, text in PAGES.items()
    for command, shown in re.findall(r"<!-- output: pnp (.+?) -->\n```\n(.*?)```", text, re.S)
]
QUICK = {"score", "check", "formats", "charts", "goals", "constellations"}  # in milliseconds
WRITES = {"-o", "--output", "--final-state", "--sheets", "--review", "--log", "--logs"}
WRITES |= {"--bgstats-qr-file", "--png", "--tts"}


def test_mkdocs_builds_the_site_strictly(tmp_path: Path) -> None:
    if importlib.util.find_spec("mkdocs") is None and not os.environ.get("CI"):
        pytest.skip("mkdocs is not installed (pip install -e '.[test]'); CI runs this")
    build = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(build, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "pnp cosmos formats" in (tmp_path / "site" / "cosmos-formats" / "index.html").read_text()


def test_every_page_is_in_the_navigation() -> None:
    nav = re.findall(r"^ *- .*?([\w-]+\.md)$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert sorted(nav) == sorted(p.removeprefix("docs/") for p in PAGES if p != "README.md")


@pytest.mark.parametrize("page", sorted(PAGES))
def test_every_example_and_picture_named_exists(page: str) -> None:
    folder = ROOT if page == "README.md" else ROOT / "docs"
    text = PAGES[page]
    for name in re.findall(r"\bexamples/([\w.-]*\w)", text):
        assert (ROOT / "docs" / "examples" / name).is_file(), (page, name)
    for picture in re.findall(r'<img src="([^"]+)"', text):
        assert (folder / picture).is_file(), (page, picture)
    if page == "README.md":  # GitHub's links, which mkdocs does not see
        for link in re.findall(r"\]\(([^)#:]+)\)", text):
            assert (ROOT / link).exists(), link


@pytest.mark.parametrize(("page", "command", "shown"), SHOWN, ids=[c for _, c, _ in SHOWN])
def test_shown_output_is_current(
    page: str, command: str, shown: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, command.split(), catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout == shown


def test_the_pages_show_outputs() -> None:
    assert len(SHOWN) >= 6
    assert len(LINES) >= 80 and sum(line.shown is not None for line in LINES) >= 20


def _positional(line: Line) -> tuple[click.Command, list[str]]:
    """The command a line runs, and its arguments that are no option nor option value;
    every option it names must be the command's."""
    command, words = resolve(line.words)
    assert not isinstance(command, click.Group), line
    known, arguments, value = options(command), [], False
    for word in words:
        if value or not word.startswith("-") or word == "-":
            arguments += [] if value else [word]
            value = False
            continue
        name = word.split("=")[0]
        assert name in known, (line.page, line.words, name)
        value = known[name] and "=" not in word
    return command, arguments


def _synopsis(line: Line) -> None:
    """``pnp astra journal | tokens [--scale PERCENT]``: the commands exist, and each
    option is one of theirs."""
    command, words = resolve(line.words)
    group, _ = resolve(line.words[: len(line.words) - len(words) - 1])
    assert isinstance(group, click.Group) and not isinstance(command, click.Group), line
    ctx = click.Context(group)
    names = group.list_commands(ctx)
    alternatives = [command, *(group.get_command(ctx, w) for w in words if w in names)]
    known = {name for c in alternatives if c is not None for name in options(c)}
    for word in words:
        name = word.strip("[]|…").split("=")[0]
        if re.fullmatch(r"--?[a-z][a-z0-9-]*", name):
            assert name in known, (line.words, name)


def _same(shown: list[str], printed: list[str]) -> bool:
    """Shown lines are printed lines; a shown line ending in … is the start of its line."""
    while shown and not shown[-1]:
        shown = shown[:-1]
    return len(shown) == len(printed) and all(
        p.startswith(s[:-1]) if s.endswith("…") else p == s
        for s, p in zip(shown, printed, strict=True)
    )


@pytest.mark.parametrize("line", LINES, ids=[f"{x.page}: {' '.join(x.words)}"[:90] for x in LINES])
def test_every_command_line_shown(line: Line, monkeypatch: pytest.MonkeyPatch) -> None:
    """Quick commands run (as shown after a `$`, else without error); the others parse."""
    if line.synopsis:
        _synopsis(line)
        return
    command, arguments = _positional(line)
    quick = command.name in QUICK and not WRITES & set(line.words)
    if not quick or not all((ROOT / a).exists() for a in arguments if "." in a or "/" in a):
        return  # a slow one, or one that writes, or its files are not in the repository
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, line.words, catch_exceptions=False)
    if line.shown:
        assert _same(line.shown, result.output.splitlines()), result.output
    else:
        assert result.exit_code == 0, result.output


def test_the_shown_warning_is_what_score_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["starcharts", "score", "docs/examples/finished.txt"])
    assert result.exit_code == 0
    (warning,) = result.stderr.splitlines()
    assert f"```\n{warning}\n```" in PAGES["docs/starcharts.md"]


@pytest.mark.parametrize("game", ["starcharts", "astra", "cosmos"])
def test_formats_print_the_shipped_reference_the_site_includes(game: str) -> None:
    reference = (ROOT / "data" / "formats" / f"{game}.md").read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, [game, "formats"], catch_exceptions=False)
    assert result.exit_code == 0 and result.stdout == reference
    assert (
        f'--8<-- "data/formats/{game}.md"\n' == (ROOT / "docs" / f"{game}-formats.md").read_text()
    )
    listed = CliRunner().invoke(cli, [game, "--help"]).stdout
    assert re.search(r"^  formats +What to type: the text formats", listed, re.M)
