"""``pnp starcharts score SHEET.pdf``: filled fillable sheets read into the finished-game
text (as a player would type it) and scored with the same checks; every refusal."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader, PdfWriter

from pnp.score import starcharts_form
from pnp.score.starcharts_form import FormError, read_game
from tests.conftest import Run

OBJECTIVES = ("two-rows", "core", "diagonal", "half-sky")
ALICE = """\
x x x x o x x x
x x x x x x x x
x x x x x x x x
x x o x x x x x
x x x x x x x x
x x x x x x x x
x x x x x x x x
x x x x x x x x
"""
BOB = """\
x x x x o x x x
. . . . . . * .
. . . . * . . .
. . * . . . . .
. . . . . . . .
. . . . . . . .
. . . * . . . .
. * . . . . . .
"""
TYPED = f"""\
chart: lyra-8
objectives: {" ".join(OBJECTIVES)}

player: Alice
{ALICE}boxes: 6 6 3 . .
filled: 5
abilities: split used, reroll

player: Bob
{BOB}boxes: . . . . .
filled: .
abilities: flip
"""
ALICE_FIELDS = {
    "player": "Alice",
    "objective1": "6",
    "objective2": "6",
    "objective3": "3",
    "filled": "5",
    "unused": "1",
    "split.gained": "x",
    "split.used": "X",
    "reroll.gained": "x",
}
BOB_FIELDS = {"player": "Bob", "flip.gained": "x"}


def _cells(grid: str) -> dict[str, str]:
    """The cell fields of a typed grid: x and o (upper case where the grid says so)."""
    out = {}
    for r, row in enumerate(grid.splitlines(), 1):
        for c, mark in enumerate(row.split()):
            if mark in "xo":
                out[f"{chr(65 + c)}{r}"] = mark.upper() if (r + c) % 3 == 0 else mark
    return out


def _sheets(run: Run, name: str, *charts: str) -> bytes:
    result = run("starcharts", "sheet", *charts, "--per-page", "2", "--fillable", "-o", name)
    assert result.exit_code == 0, result.output
    return Path(name).read_bytes()


def _fill(data: bytes, name: str, values: dict[str, str]) -> None:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    Path(name).write_bytes(out.getvalue())


def _game(alice: dict[str, str] | None = None, bob: dict[str, str] | None = None) -> dict[str, str]:
    values = {f"p1.{k}": v for k, v in {**_cells(ALICE), **ALICE_FIELDS, **(alice or {})}.items()}
    values |= {f"p2.{k}": v for k, v in {**_cells(BOB), **BOB_FIELDS, **(bob or {})}.items()}
    return values


@pytest.fixture
def filled(run: Run) -> Path:
    """A PDF with two lyra-8 sheets, filled as ``TYPED`` says."""
    _fill(_sheets(run, "blank.pdf", "lyra-8", "lyra-8"), "sheets.pdf", _game())
    return Path("sheets.pdf")


def _score(run: Run, *args: str) -> tuple[int, str, str]:
    result = run("starcharts", "score", *args)
    return result.exit_code, result.stdout, result.stderr


def test_a_filled_pdf_scores_as_its_typed_text(run: Run, filled: Path) -> None:
    Path("typed.txt").write_text(TYPED, encoding="utf-8")
    typed = _score(run, "typed.txt", "--json")
    assert typed[0] == 0, typed[2]
    read = _score(run, "sheets.pdf", "--objectives", *OBJECTIVES, "--json")
    assert read[0] == 0, read[2]
    assert json.loads(read[1]) == json.loads(typed[1])
    assert json.loads(read[1])["players"][0]["total"] == 6 + 6 + 3 + 5 + 3
    # The text written with -o is what a player would type, and scores the same.
    code, out, err = _score(run, "sheets.pdf", "--objectives", *OBJECTIVES, "-o", "game.txt")
    assert code == 0, err
    assert Path("game.txt").read_text(encoding="utf-8") == (
        "# read from the filled form by pnp\n" + TYPED
    )
    assert out == _score(run, "game.txt")[1]
    # The scorer's warnings name the text's lines with -o, else the form's fields.
    assert "game.txt:14:8: warning: 6 is counted but cannot be checked" in err
    no_file = _score(run, "sheets.pdf", "--objectives", *OBJECTIVES)[2]
    assert "sheets.pdf: field p1.objective1: warning: 6 is counted but cannot" in no_file
    assert "sheets.pdf: field p1.objective3: warning: 3 is counted but cannot" in no_file


def test_pdfs_given_together_are_one_game(run: Run) -> None:
    """One sheet per file; a sheet left blank is no player; no name is Player1…"""
    blank = _sheets(run, "one.pdf", "lyra-8")
    values = _game(bob={"player": ""})
    _fill(blank, "alice.pdf", {k: v for k, v in values.items() if k.startswith("p1.")})
    bob = {k.replace("p2.", "p1."): v for k, v in values.items() if k.startswith("p2.")}
    _fill(blank, "bob.pdf", bob)
    code, out, err = _score(
        run, "alice.pdf", "bob.pdf", "one.pdf", "--objectives", *OBJECTIVES, "-o", "g.txt"
    )
    assert code == 0, err
    text = Path("g.txt").read_text(encoding="utf-8")
    assert text.startswith("# read from the filled forms by pnp\n")
    assert text.replace("Player2", "Bob").split("\n", 1)[1] == TYPED
    assert "Player2" in out


def _errors(run: Run, *args: str) -> list[str]:
    code, out, err = _score(run, *args)
    assert code == 1, (out, err)
    assert "Traceback" not in err
    return err.splitlines()


def test_a_wrong_fill_breaks_the_rule_a_wrong_typing_breaks(run: Run, filled: Path) -> None:
    """Alice's Filled Sheet 5 with B7 left empty: the same rule and message either way,
    at the typed line, the written text's line, or the field."""
    _fill(filled.read_bytes(), "wrong.pdf", {"p1.B7": ""})
    lines = TYPED.splitlines()
    lines[10] = "x . x x x x x x"
    Path("typed.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    typed = _errors(run, "typed.txt")
    expected = "Filled Sheet holds 5 but B7 is not marked [sheet.filled]"
    assert f"typed.txt:14:1: {expected}" in typed
    objectives = ("--objectives", *OBJECTIVES)
    assert f"wrong.pdf: field p1.filled: {expected}" in _errors(run, "wrong.pdf", *objectives)
    written = _errors(run, "wrong.pdf", *objectives, "-o", "game.txt")
    assert f"game.txt:15:1: {expected}" in written
    assert [line.split(": ", 1)[1] for line in written] == [
        line.split(": ", 1)[1] for line in typed
    ]


def test_without_the_dealt_objectives_scoring_stops_there(run: Run, filled: Path) -> None:
    said = "the dealt objectives are not known (?): write the 4 cards' ids here"
    (line,) = [x for x in _errors(run, "sheets.pdf") if "objectives" in x]
    assert line.startswith(f"--objectives: {said}") and "--objectives ID ID ID ID" in line
    (line,) = [x for x in _errors(run, "sheets.pdf", "-o", "game.txt") if "objectives" in x]
    assert line.startswith(f"game.txt:3:13: {said}")
    assert "objectives: ?\n" in Path("game.txt").read_text(encoding="utf-8")


def test_fields_holding_what_a_sheet_cannot(run: Run, filled: Path) -> None:
    """A viewer without scripts lets anything through: every such field is named."""
    bad = {"p1.C4": "q", "p2.H8": "xx", "p1.objective4": "a", "p2.flip.used": "x"}
    bad |= {"p2.flip.gained": "", "p1.reroll.used": "y", "p1.D5": "o" * 1000}
    _fill(filled.read_bytes(), "bad.pdf", bad)
    assert _errors(run, "bad.pdf", "--objectives", *OBJECTIVES) == [
        "bad.pdf: field p1.C4: 'q' is not x or o",
        f"bad.pdf: field p1.D5: {'o' * 40!r}… (1000 characters) is not x or o",
        "bad.pdf: field p1.objective4: 'a' is not a number",
        "bad.pdf: field p1.reroll.used: 'y' is not x",
        "bad.pdf: field p2.H8: 'xx' is not x or o",
        "bad.pdf: field p2.flip.used: used, but p2.flip.gained is empty (an ability is "
        "gained before it is used)",
    ]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Ann Marie", "field p1.player: 'player:' needs one name, without spaces"),
        ("Ann\nMarie", "field p1.player: 'Ann\\nMarie' is not a name on one line without #"),
        ("Ann#2", "field p1.player: 'Ann#2' is not a name on one line without #"),
        ("Bob", "field p2.player: player 'Bob' is listed twice"),
    ],
)
def test_names_meet_the_rules_of_typed_names(
    run: Run, filled: Path, name: str, expected: str
) -> None:
    _fill(filled.read_bytes(), "named.pdf", {"p1.player": name})
    errors = _errors(run, "named.pdf", "--objectives", *OBJECTIVES)
    assert any(e.startswith(f"named.pdf: {expected}") for e in errors), errors


def test_refusals(run: Run, filled: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    objectives = ("--objectives", *OBJECTIVES)
    blank = Path("blank.pdf")
    assert _errors(run, "blank.pdf", *objectives) == ["blank.pdf: no sheet has a field filled in"]
    run("astra", "score-pad", "--players", "2", "--fillable", "-o", "pad.pdf")
    run("starcharts", "sheet", "lyra-8", "-o", "plain.pdf")
    for other in ("pad.pdf", "plain.pdf"):
        assert _errors(run, other, *objectives) == [
            f"{other}: not a fillable Star Charts sheet (no p1.chart field): fill the PDF "
            "that `pnp starcharts sheet CHART --fillable` makes"
        ]
    Path("cut.pdf").write_bytes(b"%PDF-1.7\n" + bytes(100))
    assert _errors(run, "cut.pdf", *objectives)[0].startswith("cut.pdf: not a PDF pnp can read (")
    _fill(filled.read_bytes(), "elsewhere.pdf", {"p1.chart": "../../etc/passwd"})
    assert _errors(run, "elsewhere.pdf", *objectives) == [
        "elsewhere.pdf: field p1.chart: '../../etc/passwd' is not a chart pnp has"
    ]
    _fill(_sheets(run, "two.pdf", "lyra-8", "orion-8"), "mixed.pdf", _game())
    assert _errors(run, "mixed.pdf", *objectives) == [
        "mixed.pdf: sheet p2 is chart 'orion-8', but mixed.pdf's p1 is lyra-8: a game has one chart"
    ]
    monkeypatch.setattr(starcharts_form, "MAX_FIELDS", 100)
    assert _errors(run, "sheets.pdf", *objectives) == [
        "sheets.pdf: 186 form fields is over the limit of 100"
    ]
    monkeypatch.setattr(starcharts_form, "MAX_PDF_BYTES", 2_000_000)
    Path("big.pdf").write_bytes(b"%PDF-1.4\n" + b" " * 2_000_000)
    assert _errors(run, "big.pdf", *objectives) == [
        "big.pdf: 2,000,009 bytes is over the 2 MB limit for an input file"
    ]
    assert blank.exists()


def test_usage_errors(run: Run, filled: Path) -> None:
    Path("typed.txt").write_text(TYPED, encoding="utf-8")
    for args in (("typed.txt", "--objectives", *OBJECTIVES), ("typed.txt", "-o", "g.txt")):
        result = run("starcharts", "score", *args)
        assert result.exit_code == 2 and "are for photos and filled PDFs" in result.output
    before = filled.read_bytes()
    result = run(
        "starcharts", "score", "sheets.pdf", "--objectives", *OBJECTIVES, "-o", "sheets.pdf"
    )
    assert result.exit_code == 2 and filled.read_bytes() == before
    result = run("starcharts", "score", "sheets.pdf", "--objectives", "two-rows")
    assert result.exit_code == 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_pdfs_read_or_raise_our_error(data: st.DataObject) -> None:
    import tempfile

    original = _filled_pdf()
    cuts = data.draw(st.lists(st.integers(0, len(original) - 1), min_size=1, max_size=8))
    damaged = bytearray(original)
    for at in cuts:
        damaged[at] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        damaged = damaged[: data.draw(st.integers(0, len(damaged)))]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.pdf"
        path.write_bytes(bytes(damaged))
        try:
            game = read_game([str(path)], OBJECTIVES)
        except FormError as exc:
            assert str(exc)
        else:
            assert game.text.startswith("# read from the filled form by pnp\nchart: ")


@functools.cache
def _filled_pdf() -> bytes:
    from pnp.layouts.starcharts.documents import sheets_document
    from pnp.paper.sizes import A4
    from pnp.render.pdf import render_pdf
    from pnp.starcharts.chart import load_charts

    blank = render_pdf(sheets_document(load_charts(["lyra-8"] * 2), A4, 2, fillable=True))
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(blank)))
    for page in writer.pages:
        writer.update_page_form_field_values(page, _game(), auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_without_pypdf_one_line_names_the_extra(
    run: Run, filled: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pypdf", None)  # import pypdf raises ImportError
    assert _errors(run, "sheets.pdf") == [
        "sheets.pdf: reading filled PDF forms needs pypdf: pip install pypdf (or, in pnp's "
        "folder, pip install '.[scan]')"
    ]


def test_typed_text_loads_no_pdf_reader() -> None:
    import subprocess
    import sys

    code = """
import sys
from pnp.cli import cli
try:
    cli(["starcharts", "score", "docs/examples/finished.txt"])
except SystemExit as exit:
    assert not exit.code, exit.code
print("LOADED", [m for m in sys.modules if m.startswith("pypdf")])
"""
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=root
    )
    assert "LOADED []" in result.stdout, result.stdout + result.stderr
