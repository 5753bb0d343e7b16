"""Issue 6's output files and command-line habits: the kit's files are the single
commands' defaults, the SVG kit's README names its files, the format follows the
suffix, `-o -` writes to standard output, an unusable path or a system error is one
line, an option without effect is a usage error, paper names in any case, chart ids
completed in the shell, and Ctrl-C and the end of a run handled quietly."""

from __future__ import annotations

import errno
import gc
import os
import re
import signal
import sys
import types
from pathlib import Path

import pytest

from tests.conftest import Run

# 3. The kit and the single commands agree


def test_kit_files_are_the_single_commands_defaults(run: Run) -> None:
    result = run(
        "kit",
        "--game",
        "starcharts",
        "--paper",
        "letter",
        "--back-offset",
        "1,-1",
        "--flip",
        "short",
    )
    assert result.exit_code == 0, result.output
    kit = {p: p.read_bytes() for p in Path("out").rglob("*.pdf")}
    Path("out").rename("kit")
    for args in (
        ["starcharts", "cards", "--backs", "duplex", "--back-offset", "1,-1", "--flip", "short"],
        ["starcharts", "cards"],
        ["starcharts", "sheet", "lyra-8-obstacles"],
        ["starcharts", "aid"],
        ["calibrate", "--flip", "short"],
    ):
        assert run(*args, "--paper", "letter").exit_code == 0
    for path in Path("out").rglob("*.pdf"):
        assert path in kit, path
        assert path.read_bytes() == kit[path], path
    readme = " ".join(Path("kit/starcharts/README.txt").read_text().split())
    assert "short-edge flip, backs moved +1,-1 mm" in readme and "pnp printer set" in readme


def test_the_svg_kit_readme_names_svg_files(run: Run) -> None:
    assert run("kit", "--game", "starcharts", "--format", "svg").exit_code == 0
    readme = Path("out/starcharts/README.txt").read_text()
    assert ".pdf" not in readme
    assert "objective-cards-duplex-1.svg … -4.svg" in readme
    named = re.findall(r"^([^ <]+\.svg)", readme, re.M)
    assert len(named) == 5  # the fronts, the duplex cards, the aid, the dice, the test sheet
    for name in named:
        assert (Path("out/starcharts") / name).is_file(), name
    assert not Path("out/starcharts/objective-cards-duplex-5.svg").exists()


# 8. Output paths and formats


def test_the_format_follows_the_suffix(run: Run) -> None:
    assert run("starcharts", "aid", "-o", "a.svg").exit_code == 0
    assert Path("a.svg").read_bytes().lstrip().startswith(b"<")
    assert run("starcharts", "aid", "--format", "svg", "-o", "b.pdf").exit_code == 2
    assert run("starcharts", "aid", "--format", "svg", "-o", "c.svg").exit_code == 0
    assert run("starcharts", "aid", "-o", "plain").exit_code == 0
    assert Path("plain").read_bytes().startswith(b"%PDF-")


def test_dash_writes_to_standard_output(run: Run) -> None:
    result = run("starcharts", "aid", "-o", "-")
    assert result.exit_code == 0 and result.stdout_bytes.startswith(b"%PDF-")
    svg = run("starcharts", "aid", "-o", "-", "--format", "svg")
    assert svg.stdout_bytes.lstrip().startswith(b"<")
    assert (
        run("starcharts", "cards", "--backs", "duplex", "--format", "svg", "-o", "-").exit_code == 2
    )


@pytest.mark.parametrize(
    "args",
    [
        ["starcharts", "aid", "-o", "/dev/null/x.pdf"],
        ["kit", "--out", "a-file"],
        ["starcharts", "sheet", "lyra-8", "-o", "a-file/x.pdf"],
    ],
)
def test_an_unusable_output_path_is_one_line_and_exit_1(run: Run, args: list[str]) -> None:
    Path("a-file").write_text("")
    result = run(*args)
    assert result.exit_code == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "is not a folder" in result.stderr


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS])
def test_system_errors_while_writing_are_one_line(
    run: Run, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    def refuse(*args: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "replace", refuse)
    result = run("starcharts", "aid", "-o", "aid.pdf")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"cannot write aid.pdf: {os.strerror(code)}"
    assert list(Path().iterdir()) == []  # no temporary file left behind


@pytest.mark.parametrize(
    "args",
    [
        ["starcharts", "cards", "--back-offset", "1,1"],
        ["starcharts", "cards", "--flip", "short"],
        ["starcharts", "cards", "--backs", "fold", "--back-offset", "1,1"],
        ["starcharts", "cards", "--print-shop", "--paper", "letter"],
        ["starcharts", "cards", "--print-shop", "--backs", "fold"],
        ["starcharts", "cards", "--print-shop", "--scale", "101"],
    ],
)
def test_an_option_without_effect_is_a_usage_error(run: Run, args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert "no effect" in result.output or "no meaning" in result.output


# 10 and 12. CLI habits and a hostile system


def test_paper_names_are_case_insensitive(run: Run) -> None:
    assert run("starcharts", "aid", "--paper", "A4", "-o", "a.pdf").exit_code == 0
    assert run("starcharts", "aid", "--paper", "Letter", "-o", "b.pdf").exit_code == 0


def test_chart_ids_complete_in_the_shell() -> None:
    from click.shell_completion import ShellComplete

    from pnp.cli import cli

    complete = ShellComplete(cli, {}, "pnp", "_PNP_COMPLETE")
    found = [c.value for c in complete.get_completions(["starcharts", "sheet"], "lyra-8")]
    assert found == ["lyra-8", "lyra-8-obstacles"]


def test_ctrl_c_during_start_up_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pnp import entry

    interrupted = types.ModuleType("pnp.cli")

    def main() -> None:
        raise KeyboardInterrupt

    interrupted.main = main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pnp.cli", interrupted)
    handler = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit) as stop:
            entry.main()
        assert stop.value.code == 130
        assert capsys.readouterr().err.strip() == "Aborted!"
    finally:
        gc.unfreeze()
        signal.signal(signal.SIGINT, handler)  # the run leaves Ctrl-C ignored as it ends


def test_the_console_script_skips_the_collectors_last_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pnp import entry

    done = types.ModuleType("pnp.cli")

    def main() -> None:
        sys.exit(0)

    done.main = main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pnp.cli", done)
    handler = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit):
            entry.main()
        assert gc.get_freeze_count() > 0
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN  # the run is over
    finally:
        gc.unfreeze()
        signal.signal(signal.SIGINT, handler)
