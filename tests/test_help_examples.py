"""Every command's --help ends with one or two examples, and every example runs: in a
folder holding docs/examples, as a user of the repository would type it. The kit ends by
naming each game's README.txt and the gallery."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.cli import cli
from tests.command_tree import commands
from tests.conftest import Run

ROOT = Path(__file__).resolve().parent.parent
HEADING = "  Examples:"
WIDTH = 80  # click wraps help at the terminal's width, 80 at most: examples fit it

# Seconds of work each (a whole kit, a hundred games): click parses them, options'
# checks included, and runs none.
PARSED_ONLY = {
    "pnp kit --paper letter",
    "pnp kit --game astra --lang fr --gallery --paper letter",
    "pnp astra simulate --solo --difficulty hard-telescopes",
    "pnp cosmos simulate --players 3",
}


def _help(words: tuple[str, ...]) -> str:
    result = CliRunner().invoke(cli, [*words, "--help"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def _examples(words: tuple[str, ...]) -> list[tuple[str, str]]:
    """The help's examples as (what it does, the command line): the last section, a
    heading and then each example's words and its command line below them."""
    help_text = _help(words)
    _, heading, section = help_text.rpartition(f"\n{HEADING}\n")
    assert heading, f"no {HEADING.strip()} in `pnp {' '.join(words)} --help`"
    lines = section.rstrip("\n").split("\n")
    assert len(lines) % 2 == 0, section
    pairs = list(zip(lines[::2], lines[1::2], strict=True))
    for what, line in pairs:
        assert what.startswith("    ") and what[4] != " " and what.endswith(":"), what
        assert line.startswith("      pnp ") and len(line) <= WIDTH, line
    return [(what.strip(), line.strip()) for what, line in pairs]


COMMANDS = [(), *(words for words, _ in commands())]
EXAMPLES = sorted({line for words in COMMANDS for _, line in _examples(words)})


@pytest.mark.parametrize("words", COMMANDS, ids=lambda words: " ".join(("pnp", *words)))
def test_help_ends_with_examples_of_the_command(words: tuple[str, ...]) -> None:
    examples = _examples(words)
    assert 1 <= len(examples) <= 2, examples
    for _, line in examples:
        assert shlex.split(line)[: len(words) + 1] == ["pnp", *words], line


def test_the_examples_that_only_parse_are_examples() -> None:
    assert PARSED_ONLY.issubset(EXAMPLES)


@pytest.fixture
def repository_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder holding docs/examples, the current one."""
    shutil.copytree(ROOT / "docs" / "examples", tmp_path / "docs" / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("line", EXAMPLES)
def test_example_runs(line: str, repository_folder: Path) -> None:
    args = shlex.split(line)[1:]
    if line in PARSED_ONLY:
        _parse(args)  # a wrong option or value raises click's usage error
        return
    # the games played at a prompt (astra solo, starcharts versus-ai) stop at "quit"
    result = CliRunner().invoke(cli, args, input="quit\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output


def _parse(args: list[str]) -> None:
    """Parse a command line as click does before it runs the command: its options and
    arguments checked and converted, their callbacks run."""
    command: click.Command = cli
    ctx = click.Context(cli, info_name="pnp")
    while isinstance(command, click.Group):  # each group takes the next word
        name, *args = args
        found = command.get_command(ctx, name)
        assert found is not None, name
        command, ctx = found, click.Context(found, info_name=name, parent=ctx)
    command.make_context(ctx.info_name, args, parent=ctx.parent)


KIT_END = [
    "Read first: each game's README.txt says what to print and how.",
    "  kit/starcharts/README.txt",
    "Add --gallery for kit/index.html: every file with a picture, and how to print it.",
]


def test_the_kit_ends_naming_the_readmes_and_the_gallery(run: Run) -> None:
    result = run("kit", "--game", "starcharts", "--out", "kit", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-3:] == KIT_END
    assert Path("kit/starcharts/README.txt").is_file()
    assert not Path("kit/index.html").exists()


def test_the_kit_with_gallery_ends_naming_its_page(run: Run) -> None:
    result = run("kit", "--game", "astra", "--out", "kit", "--gallery", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-3:] == [
        KIT_END[0],
        "  kit/astra/README.txt",
        "Open kit/index.html for every file with a picture, and how to print it.",
    ]
    assert Path("kit/astra/README.txt").is_file() and Path("kit/index.html").is_file()
