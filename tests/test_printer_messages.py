"""``pnp printer show`` and ``pnp printer --help`` name every reading the profile stores,
as docs/printing.md's "Your printer profile" shows them."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Run


def test_show_prints_every_reading_of_the_profile(run: Run, no_printer_profile: Path) -> None:
    args = ("--flip", "long", "--back-offset", "1.5,-1", "--scale", "100.4")
    assert run("printer", "set", *args).exit_code == 0
    assert run("printer", "show").output.splitlines() == [
        str(no_printer_profile),
        "  paper        a4",
        "  flip         long edge",
        "  back offset  +1.5 mm right, -1 mm up",
        "  scale        100.4 % (the 50 mm ruler printed 49.80 mm long)",
    ]


def test_help_names_every_reading(run: Run) -> None:
    assert "stored once: paper, flip edge, back offset and scale" in " ".join(
        run("printer", "--help").output.split()
    )
