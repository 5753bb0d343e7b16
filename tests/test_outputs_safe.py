"""No output replaces an input, a folder, a device, a pipe or a link (issue 18, points 1,
3, 5 and 12): each case reproduced first, through the command line."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pnp.system import atomic
from tests.conftest import Run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
CHART = ROOT / "data" / "charts" / "lyra-8.txt"


def test_a_chart_named_as_the_output_is_refused_and_kept(run: Run) -> None:
    chart = Path("c.chart")  # c.txt is refused at once: a .txt name for a PDF
    chart.write_bytes(CHART.read_bytes())
    result = run("starcharts", "sheet", "./c.chart", "-o", "c.chart")
    assert result.exit_code == 2
    assert "c.chart is a file this command reads" in result.stderr
    assert chart.read_bytes() == CHART.read_bytes()


def test_the_astra_log_named_as_its_final_state_is_refused_and_kept(run: Run) -> None:
    log = Path("g.txt")
    log.write_bytes((EXAMPLES / "astra-game.txt").read_bytes())
    result = run("astra", "check", "g.txt", "--final-state", "./g.txt")
    assert result.exit_code == 2
    assert "--final-state" in result.stderr and "also an input" in result.stderr
    assert log.read_bytes() == (EXAMPLES / "astra-game.txt").read_bytes()


def test_the_astra_log_reached_through_a_link_is_refused(run: Run) -> None:
    Path("g.txt").write_bytes((EXAMPLES / "astra-game.txt").read_bytes())
    Path("end.toml").symlink_to("g.txt")
    assert run("astra", "check", "g.txt", "--final-state", "end.toml").exit_code == 2
    assert Path("g.txt").read_bytes() == (EXAMPLES / "astra-game.txt").read_bytes()


def test_the_printer_profile_named_as_an_output_is_refused(
    run: Run, no_printer_profile: Path
) -> None:
    no_printer_profile.write_text('paper = "a4"\n')
    result = run("starcharts", "aid", "-o", str(no_printer_profile))
    assert result.exit_code == 2 and "is the printer profile" in result.stderr
    assert no_printer_profile.read_text() == 'paper = "a4"\n'


def test_the_kit_never_replaces_the_printer_profile(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A profile kept where the kit writes its README: refused before anything is written."""
    profile = Path("out/starcharts/README.txt")
    profile.parent.mkdir(parents=True)
    profile.write_text('paper = "a4"\n')
    monkeypatch.setenv("PNP_PRINTER", str(profile))
    result = run("kit", "--game", "starcharts")
    assert result.exit_code == 2 and "README.txt is the printer profile:" in result.stderr
    assert profile.read_text() == 'paper = "a4"\n'
    assert sorted(p.name for p in Path("out").rglob("*")) == ["README.txt", "starcharts"]


def test_an_output_through_a_link_writes_the_target_and_keeps_the_link(run: Run) -> None:
    Path("real.pdf").write_text("old")
    Path("link.pdf").symlink_to("real.pdf")
    assert run("starcharts", "aid", "-o", "link.pdf").exit_code == 0
    assert Path("link.pdf").is_symlink() and os.readlink("link.pdf") == "real.pdf"
    assert Path("real.pdf").read_bytes().startswith(b"%PDF-")


def test_a_dangling_link_is_written_through_to_where_it_points(run: Run) -> None:
    Path("new.pdf").symlink_to("sub/made.pdf")
    assert run("starcharts", "aid", "-o", "new.pdf").exit_code == 0
    assert Path("new.pdf").is_symlink() and Path("sub/made.pdf").read_bytes()[:5] == b"%PDF-"


def test_a_link_to_a_folder_is_refused(run: Run) -> None:
    Path("dir").mkdir()
    Path("to-dir.pdf").symlink_to("dir")
    result = run("starcharts", "aid", "-o", "to-dir.pdf")
    assert result.exit_code == 2 and "is a directory" in result.stderr
    assert Path("to-dir.pdf").is_symlink() and list(Path("dir").iterdir()) == []


def test_a_pipe_is_refused_as_an_output_and_stays_a_pipe(run: Run) -> None:
    os.mkfifo("pipe.pdf")
    result = run("starcharts", "aid", "-o", "pipe.pdf")
    assert result.exit_code == 2 and "not a regular file" in result.stderr
    assert stat.S_ISFIFO(os.stat("pipe.pdf").st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_is_refused_as_an_output_and_stays_a_device(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A null device of our own in the test's folder (never the system's /dev/null)."""
    os.mknod("null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    assert run("starcharts", "aid", "-o", "null").exit_code == 2
    monkeypatch.setenv("PNP_PRINTER", str(Path("null").resolve()))
    result = run("printer", "set", "--scale", "100.2")  # refused as an input first
    assert result.exit_code == 1 and "not a regular file" in result.stderr
    assert stat.S_ISCHR(os.stat("null").st_mode)


def test_the_printer_profile_is_written_through_its_link(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    Path("conf").mkdir()
    Path("profile.toml").symlink_to("conf/printer.toml")
    monkeypatch.setenv("PNP_PRINTER", "profile.toml")
    assert run("printer", "set", "--scale", "100.2").exit_code == 0
    assert run("printer", "set", "--flip", "short").exit_code == 0
    assert Path("profile.toml").is_symlink()
    text = Path("conf/printer.toml").read_text()
    assert "scale = 100.2" in text and 'flip = "short"' in text


@pytest.mark.parametrize("length", [242, 250, 255])
def test_an_output_name_as_long_as_the_system_allows_is_written(run: Run, length: int) -> None:
    name = "é" * ((length - 4) // 2) + "x" * ((length - 4) % 2) + ".pdf"
    assert len(os.fsencode(name)) == length
    result = run("starcharts", "aid", "-o", name)
    assert result.exit_code == 0, result.output
    assert Path(name).read_bytes().startswith(b"%PDF-")
    assert [p.name for p in Path().iterdir()] == [name]  # no temporary file left


def test_a_temporary_name_is_cut_on_a_byte_and_stays_beside_its_file(tmp_path: Path) -> None:
    name = "é" * 127 + "x.pdf"  # 259 bytes: too long for the system, not for the prefix
    prefix = atomic._tmp_prefix(name)
    assert len(os.fsencode(prefix)) + 8 + len(".tmp") <= atomic.NAME_MAX
    assert prefix.startswith(".é")


def test_the_kit_stops_whole_when_the_stored_back_offset_fits_a4_only(
    run: Run, no_printer_profile: Path
) -> None:
    no_printer_profile.write_text('paper = "a4"\nback_offset = [0, 5]\n')
    assert run("kit", "--game", "starcharts", "--out", "a4").exit_code == 0
    result = run("kit", "--game", "starcharts", "--paper", "letter", "--out", "letter")
    assert result.exit_code == 1
    assert len(result.stderr.strip().splitlines()) == 1
    assert "objective-cards-duplex" in result.stderr and "letter paper allow" in result.stderr
    assert not Path("letter").exists()


@pytest.mark.parametrize(
    "option",
    [
        ["--bleed", "0_1"],
        ["--scale", "1_00"],
        ["--back-offset", "١,٢"],
        ["--scale", "1e2"],
        ["--back-offset", "1,inf"],
        ["--bleed", "nan"],
    ],
)
def test_numbers_are_plain_ascii_decimals(run: Run, option: list[str]) -> None:
    result = run("starcharts", "cards", "--backs", "duplex", *option, "-o", "x.pdf")
    assert result.exit_code == 2 and option[0] in result.stderr
    assert not Path("x.pdf").exists()


def test_write_refuses_a_file_the_run_read_unless_it_updates_it(tmp_path: Path) -> None:
    from pnp.text.parsing import read_source

    settings = tmp_path / "s.toml"
    settings.write_text("a = 1\n")
    read_source(settings)
    with pytest.raises(atomic.UnsafeOutputError):
        atomic.write_text(settings, "a = 2\n")
    atomic.write_text(settings, "a = 2\n", update=True)
    assert settings.read_text() == "a = 2\n"


@pytest.mark.parametrize(
    "game", [["starcharts", "simulate", "--chart", "lyra-8"], ["astra", "simulate"]]
)
def test_a_logs_folder_that_cannot_be_made_is_refused_before_the_games(
    run: Run, game: list[str]
) -> None:
    Path("a-file").write_text("")
    result = run(*game, "--games", "100000", "--logs", "a-file/logs")
    assert result.exit_code == 1 and "a-file is not a folder" in result.stderr
    assert "Games" not in result.output  # refused before the first game, not after


@pytest.mark.parametrize("option", [["--ruler", "4_9"], ["--ruler", "٤٩"], ["--scale", "100_0"]])
def test_printer_readings_are_plain_ascii_decimals(
    run: Run, option: list[str], no_printer_profile: Path
) -> None:
    result = run("printer", "set", *option)
    assert result.exit_code == 2 and "is not a plain decimal number" in result.stderr
    assert not no_printer_profile.exists()


@pytest.mark.skipif(not hasattr(os, "O_TMPFILE"), reason="Linux's unnamed files")
def test_a_file_has_no_name_on_disk_until_it_is_complete(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """So a run killed (SIGKILL) while writing leaves no temporary file behind."""
    seen: list[list[str]] = []
    fsync = os.fsync

    def look(fd: int) -> None:
        seen.append(sorted(os.listdir(tmp_path)))
        fsync(fd)

    monkeypatch.setattr(os, "fsync", look)
    atomic.write_text(tmp_path / "new.txt", "complete\n")
    assert seen == [[]]
    assert [p.name for p in tmp_path.iterdir()] == ["new.txt"]


def test_an_interrupted_write_leaves_the_old_file_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "f.txt").write_text("old\n")

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        atomic.write_text(tmp_path / "f.txt", "new\n")
    assert [p.name for p in tmp_path.iterdir()] == ["f.txt"]
    assert (tmp_path / "f.txt").read_text() == "old\n"
