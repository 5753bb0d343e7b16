"""Issue 6's printer profile: written and read back the same, the scale from the ruler,
`pnp printer set/show/reset`, a broken profile a clear error, every drawing command
using it unless an option overrides it, its paper every command's default, its scale
growing the ruler but never the test sheet, and any text parsed or refused as ours."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.draw.shapes import Flip
from pnp.errors import SourceError
from pnp.layouts.calibration import calibration_document
from pnp.paper.printer import (
    PrinterProfile,
    check_offset,
    check_scale,
    format_profile,
    parse_profile,
    scale_from_ruler,
)
from pnp.paper.sizes import A4
from pnp.render.pdf import render_pdf
from tests.conftest import Run
from tests.pdfread import MM, box, pages, reader


@given(
    st.sampled_from(["a4", "letter"]),
    st.sampled_from(list(Flip)),
    st.tuples(st.floats(-10, 10), st.floats(-10, 10)).map(
        lambda t: (round(t[0], 2), round(t[1], 2))
    ),
    st.floats(98, 102).map(lambda v: round(v, 2)),
)
def test_profile_format_parse_round_trip(
    paper: str, flip: Flip, offset: tuple[float, float], scale: float
) -> None:
    profile = PrinterProfile(paper, flip, offset, scale)
    assert parse_profile(format_profile(profile), "p.toml") == profile


def test_scale_from_the_ruler() -> None:
    assert scale_from_ruler(49.8) == 100.4


def test_printer_set_show_reset(run: Run, no_printer_profile: Path) -> None:
    assert "not saved yet" in run("printer", "show").output
    result = run("printer", "set", "--flip", "short", "--back-offset", "1.5,-1", "--ruler", "49.8")
    assert result.exit_code == 0, result.output
    shown = run("printer", "show").output
    assert "short edge" in shown and "+1.5 mm right, -1 mm up" in shown and "100.4 %" in shown
    assert run("printer", "set", "--scale", "100").exit_code == 0  # the rest is kept
    assert parse_profile(no_printer_profile.read_text(), "p") == PrinterProfile(
        "a4", Flip.SHORT, (1.5, -1.0), 100.0
    )
    assert run("printer", "set").exit_code == 2
    assert run("printer", "set", "--scale", "105").exit_code == 2
    assert run("printer", "reset").exit_code == 0 and not no_printer_profile.exists()


def test_a_broken_profile_is_a_clear_error(run: Run, no_printer_profile: Path) -> None:
    no_printer_profile.write_text('flip = "sideways"\nscale = 200\n')
    result = run("starcharts", "aid")
    assert result.exit_code == 1
    assert f'{no_printer_profile}:1:8: flip is "long" or "short"' in result.output
    assert (
        f"{no_printer_profile}:2:9: the scale is between 98 and 102 %" in result.output
        and "pnp printer reset" in result.output
    )


def test_drawing_commands_use_the_profile_and_options_override_it(run: Run) -> None:
    run("printer", "set", "--back-offset", "2,1", "--flip", "short", "--scale", "101")
    assert run("starcharts", "cards", "--backs", "duplex", "-o", "p.pdf").exit_code == 0
    explicit = ["starcharts", "cards", "--backs", "duplex", "--flip", "short", "--back-offset",
                "2,1", "--scale", "101", "-o", "e.pdf"]  # fmt: skip
    run("printer", "reset")
    assert run(*explicit).exit_code == 0
    assert Path("p.pdf").read_bytes() == Path("e.pdf").read_bytes()
    run("printer", "set", "--back-offset", "2,1")
    run("starcharts", "cards", "--backs", "duplex", "--back-offset", "0,0", "-o", "o.pdf")
    run("printer", "reset")
    run("starcharts", "cards", "--backs", "duplex", "-o", "z.pdf")
    assert Path("o.pdf").read_bytes() == Path("z.pdf").read_bytes()


def test_the_profile_paper_is_every_command_default(run: Run) -> None:
    assert run("printer", "set", "--paper", "letter").exit_code == 0
    for args in (["starcharts", "aid"], ["starcharts", "cards"], ["calibrate"]):
        assert run(*args, "-o", "x.pdf").exit_code == 0
        assert box(reader(Path("x.pdf").read_bytes()).pages[0], "/MediaBox")[2:] == (612, 792)
    assert run("starcharts", "aid", "--paper", "a4", "-o", "y.pdf").exit_code == 0
    width = box(reader(Path("y.pdf").read_bytes()).pages[0], "/MediaBox")[2]
    assert width == pytest.approx(A4.width)
    assert run("kit", "--game", "starcharts").exit_code == 0
    assert "pnp printer set --paper letter" in Path("out/starcharts/README.txt").read_text()


def test_the_scale_grows_the_ruler_and_the_test_sheet_is_never_scaled(run: Run) -> None:
    run("printer", "set", "--ruler", "49.8")
    run("starcharts", "aid", "-o", "aid.pdf")
    lines = pages(Path("aid.pdf").read_bytes())[0].lines
    assert any(abs(abs(s.x1 - s.x0) / MM - 50 * 1.004) < 0.01 for s in lines if s.horizontal)
    run("calibrate", "-o", "cal.pdf")
    raw = render_pdf(calibration_document(A4, Flip.LONG))
    assert Path("cal.pdf").read_bytes() == raw


PROFILE_LIKE = st.lists(
    st.sampled_from(
        ['paper = "letter"', 'flip = "short"', "back_offset = [1.5, -1]", "scale = 100.4",
         "scale = true", 'paper = ["a4"]', "back_offset = [1, 2, 3]", "flip = 7", "x = 1",
         "[table]", "scale = 1e999", "back_offset = [nan, inf]", '\ufeffpaper = "a4"']
    ).map(str) | st.text(max_size=40),
    max_size=6,
).map("\n".join)  # fmt: skip


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")) * 3, deadline=None)
@given(PROFILE_LIKE)
def test_any_profile_text_parses_or_is_our_error(text: str) -> None:
    try:
        profile = parse_profile(text, "p.toml")
    except SourceError as exc:
        assert all(str(p).startswith("p.toml:") for p in exc.problems)
    else:
        check_offset(*profile.back_offset)
        check_scale(profile.scale)
        assert parse_profile(format_profile(profile), "p.toml") == profile
