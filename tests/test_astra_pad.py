"""From a filled Astra score pad to checked scores: the pad record (parse/format, every
rule its points allow, fuzzed), a filled fillable PDF read with pypdf, a phone photo read
comb by comb with ? where the reader is unsure, never a wrong number; every refusal is
one line."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import cv2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader, PdfWriter

from pnp.errors import PnpError, SourceError
from pnp.score.astra_pad import ROWS, AstraPad, PadColumn, format_pad, is_pad_record, parse_pad
from pnp.score.astra_pad_rules import card_points, check_pad, score_pad
from pnp.score.astra_pad_values import PadError, PadValue, cell_label, pad_text, score_text
from tests.conftest import Run
from tests.test_fuzz_parsers import FUZZ, mutated

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "astra-pad.toml"
ENDGAME = ROOT / "docs" / "examples" / "astra-endgame.toml"
sys.path.insert(0, str(ROOT / "bench"))


def test_the_example_scores_and_formats_back_to_itself() -> None:
    pad = parse_pad(EXAMPLE.read_text("utf-8"), "pad.toml")
    assert [c.name for c in pad.columns] == ["Robin", "Matthew", "Dorothy"]
    assert pad.columns[1] == PadColumn("Matthew", (44, 6, 4, 1, 2, 5, 9), 71)
    assert parse_pad(format_pad(pad), "again.toml") == pad
    result = score_pad(pad, "pad.toml")
    assert [p.total for p in result.players] == [72, 71, 76]
    assert result.winners == ("Dorothy",)
    tie = AstraPad((pad.columns[0], PadColumn("Ann", pad.columns[0].rows)))
    assert score_pad(tie, "tie.toml").winners == ("Robin", "Ann")


_VALUES = st.one_of(st.integers(-(10**12), 10**12), st.just("?"))


@given(
    st.lists(
        st.tuples(
            st.text(st.characters(codec="utf-8"), min_size=1, max_size=40),
            st.lists(_VALUES, min_size=len(ROWS), max_size=len(ROWS)),
            st.one_of(st.none(), _VALUES),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_any_pad_formats_to_text_that_parses_back(
    columns: list[tuple[str, list[int | str], int | str | None]],
) -> None:
    from pnp.parsing import name_problem

    pad = AstraPad(tuple(PadColumn(n, tuple(r), t) for n, r, t in columns))
    if any(name_problem(n) for n, _, _ in columns):
        with pytest.raises(SourceError):
            parse_pad(format_pad(pad), "pad.toml")
        return
    assert parse_pad(format_pad(pad), "pad.toml") == pad


@FUZZ
@given(mutated([EXAMPLE.read_text("utf-8")]))
def test_any_pad_record_is_scored_or_refused(text: str) -> None:
    with contextlib.suppress(PnpError):
        score_pad(parse_pad(text, "fuzz.toml"), "fuzz.toml")


def _problems(text: str) -> list[str]:
    try:
        return [str(p) for p in check_pad(parse_pad(text, "pad.toml"), "pad.toml")]
    except SourceError as exc:
        return [str(p) for p in exc.problems]


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "pouch-size = 8",
            "pouch-size = 4",
            "pad.toml:7:14: Robin's Pouch size is 4, but the Pouch track reaches 5 to 12 (it "
            "starts at 5) [astra.pad.pouch]",
        ),
        (
            "pouch-size = 8",
            "pouch-size = 13",
            "pad.toml:7:14: Robin's Pouch size is 13, but the Pouch track reaches 5 to 12 (it "
            "starts at 5) [astra.pad.pouch]",
        ),
        (
            "card-limit = 5",
            "card-limit = 9",
            "pad.toml:8:14: Robin's card limit is 9, but the Wisdom track gives 2 to 8 "
            "[astra.pad.card-limit]",
        ),
        (
            "active-fame = 6",
            "active-fame = 11",
            "pad.toml:11:15: Robin's Active cards' Fame is 11, but with a card limit of 5 it is "
            "at most 10 (2 a card) [astra.pad.active-fame]",
        ),
        (
            "final-scoring = 17",
            "final-scoring = 1",
            "pad.toml:12:17: Robin's Final Scoring card scores 1, which no card reaches with at "
            "most 5 cards owned (card limit 5): it scores 0 or 2 to 17 [astra.pad.final-scoring]",
        ),
        (
            "stardust = 2",
            "stardust = -1",
            "pad.toml:9:12: Robin's Stardust ÷ 3 is 0 to 9,999, not -1 [astra.pad.range]",
        ),
        (
            "marked-stars = 3",
            "marked-stars = -2",
            "pad.toml:10:16: Robin's marked stars ÷ 2 is 0 to 9,999, not -2 [astra.pad.range]",
        ),
        (
            "total = 72",
            "total = 70",
            "pad.toml:13:9: Robin's total is written 70, but the rows make 72: look at the pad "
            "for a number misread or added up wrong [astra.pad.total]",
        ),
        (
            "fame = 31",
            'fame = "?"',
            "pad.toml:6:8: Robin's Fame from play was not read surely from the photo: look at "
            "the pad and write it [astra.pad.unread]",
        ),
        (
            'name = "Matthew"',
            'name = "Robin"',
            "pad.toml:16:8: two columns are named 'Robin' [astra.pad.players]",
        ),
        (
            "fame = 31",
            'fame = "31"',
            "pad.toml:6:8: fame is a whole number, or \"?\" where not read surely: '31' "
            "[astra.pad.type]",
        ),
        (
            "fame = 31",
            "fame = 31.0",
            'pad.toml:6:8: fame is a whole number, or "?" where not read surely: not a '
            "decimal number [astra.pad.type]",
        ),
        (
            "fame = 31",
            "fam = 31",
            "pad.toml:4:1: this [[column]] has no fame [astra.pad.key]",
        ),
    ],
)
def test_each_rule_fails_with_its_message(old: str, new: str, said: str) -> None:
    text = EXAMPLE.read_text("utf-8")
    assert old in text
    assert said in _problems(text.replace(old, new, 1))


def test_players_are_two_to_five_columns() -> None:
    robin = parse_pad(EXAMPLE.read_text("utf-8"), "pad.toml").columns[0]
    one = format_pad(AstraPad((robin,)))
    assert _problems(one) == [
        "pad.toml:6:8: Astra is for 2 to 5 players, not 1 [astra.pad.players]"
    ]
    six = AstraPad(tuple(PadColumn(f"P{k}", robin.rows) for k in range(6)))
    assert _problems(format_pad(six))[0].endswith(
        "Astra is for 2 to 5 players, not 6 [astra.pad.players]"
    )


def test_the_final_scoring_points_come_from_the_cards_data() -> None:
    # the rulebook's example: Air+Fire card, 3 Air, 2 Earth, 3 Water cards, 28 points
    assert 28 in card_points(8)
    assert 28 not in card_points(7)  # it takes 8 cards
    assert 1 not in card_points(8)  # a row of one mark scores 0, of two 2
    assert max(card_points(8)) == 32


def test_a_pad_record_is_told_from_an_end_of_game_file(run: Run) -> None:
    assert is_pad_record(EXAMPLE.read_text("utf-8"))
    assert not is_pad_record(ENDGAME.read_text("utf-8"))
    result = run("astra", "score", str(EXAMPLE), str(ENDGAME), "--json")
    assert result.exit_code == 0, result.output
    pad, game = json.loads(result.stdout)
    assert pad["winners"] == ["Dorothy"] and pad["players"][0]["parts"]["final_scoring"] == 17
    assert game == json.loads(run("astra", "score", str(ENDGAME), "--json").stdout)


def _fill(run: Run, name: str, typed: dict[str, str], players: int = 3) -> Path:
    blank = f"blank-{players}.pdf"
    if not Path(blank).exists():
        result = run("astra", "score-pad", "--players", str(players), "--fillable", "-o", blank)
        assert result.exit_code == 0, result.output
    writer = PdfWriter(clone_from=PdfReader(blank))
    writer.update_page_form_field_values(writer.pages[0], typed, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    Path(name).write_bytes(out.getvalue())
    return Path(name)


def _typed(pad: int = 1) -> dict[str, str]:
    """The example's pad as typed into the fillable PDF's pad ``pad``."""
    example = parse_pad(EXAMPLE.read_text("utf-8"), "pad.toml")
    typed = {}
    for k, column in enumerate(example.columns, 1):
        for row in (*ROWS, "total"):
            value = column.row(row)
            if value is not None:
                typed[f"pad{pad}.p{k}.{row}"] = str(value)
    return typed


def test_a_filled_fillable_pad_scores_as_the_typed_record(run: Run) -> None:
    pad = _fill(run, "pad.pdf", _typed())
    names = ("--name", "Robin", "--name", "Matthew", "--name", "Dorothy")
    result = run("astra", "score", str(pad), *names, "--json", "-o", "game.toml")
    assert result.exit_code == 0, result.output
    typed = json.loads(run("astra", "score", str(EXAMPLE), "--json").stdout)
    read = json.loads(result.stdout)
    assert read["players"] == typed["players"] and read["winners"] == typed["winners"]
    assert parse_pad(Path("game.toml").read_text("utf-8"), "game.toml") == parse_pad(
        EXAMPLE.read_text("utf-8"), "pad.toml"
    )
    both = _fill(run, "both.pdf", _typed(1) | _typed(2))
    result = run("astra", "score", str(both), "--json")
    assert result.exit_code == 0, result.output
    assert [g["source"] for g in json.loads(result.stdout)] == [
        "both.pdf, pad 1",
        "both.pdf, pad 2",
    ]


def test_a_pad_that_does_not_add_up_is_said_at_its_cell(run: Run) -> None:
    pad = _fill(run, "pad.pdf", _typed() | {"pad1.p2.card_limit": "9", "pad1.p1.total": "99"})
    result = run("astra", "score", str(pad))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "pad.pdf: column 1, total: Player 1's total is written 99, but the rows make 72: look "
        "at the pad for a number misread or added up wrong [astra.pad.total]",
        "pad.pdf: column 2, card limit: Player 2's card limit is 9, but the Wisdom track gives "
        "2 to 8 [astra.pad.card-limit]",
        "pad.pdf: column 2, total: Player 2's total is written 71, but the rows make 76: look "
        "at the pad for a number misread or added up wrong [astra.pad.total]",
    ]


def test_pdf_refusals_are_one_line(run: Run) -> None:
    pad = _fill(run, "pad.pdf", _typed() | {"pad1.p2.fame": "1x"})
    result = run("astra", "score", str(pad))
    assert result.exit_code == 1
    assert result.output.strip() == (
        "pad.pdf: field pad1.p2.fame: '1x' is not a number (up to 3 digits)"
    )
    assert run("cosmos", "score-pad", "--fillable", "-o", "cosmos.pdf").exit_code == 0
    result = run("astra", "score", "cosmos.pdf")
    assert result.exit_code == 1
    assert result.output.strip() == (
        "cosmos.pdf: this is a fillable Crafting the Cosmos score pad, not a fillable Astra "
        "score pad: fill the PDF that `pnp astra score-pad --fillable` makes"
    )
    assert run("astra", "score", "blank-3.pdf").output.strip() == (
        "blank-3.pdf: neither pad of the page is filled in"
    )
    result = run("astra", "score", str(_fill(run, "good.pdf", _typed())), "--name", "Ann")
    assert result.exit_code == 1
    assert result.output.strip() == "good.pdf: --name names 1 player, but 3 columns are filled in"
    assert run("astra", "score", str(ENDGAME), "-o", "x.toml").exit_code == 2


def test_the_pad_cells_are_the_layouts() -> None:
    from pnp.layouts.astra.score_pad import ROWS as DRAWN
    from pnp.layouts.astra.score_pad import pad_places
    from pnp.paper import PAPERS

    assert tuple(name for name, *_ in DRAWN) == ROWS
    for paper in ("a4", "letter"):
        for players in range(2, 6):
            top, bottom = pad_places(PAPERS[paper], players)
            assert [n for n, _ in top.numbers] == [
                f"p{k}.{r}" for k in range(1, players + 1) for r in (*ROWS, "total")
            ]
            # the bottom pad is the top one moved down: one reading serves either
            shift = top.marks.frame.y - bottom.marks.frame.y
            assert all(
                a.x == b.x and abs(a.y - b.y - shift) < 1e-6
                for (_, x), (_, y) in zip(top.numbers, bottom.numbers, strict=True)
                for a, b in zip(x, y, strict=True)
            )


def test_values_not_read_stop_at_their_cell() -> None:
    values: dict[str, PadValue] = {f"p1.{r}": 5 for r in ROWS} | {"p1.fame": "?"}
    values |= {f"p3.{r}": 6 for r in ROWS}
    record = pad_text(values, [], "pad.jpg")
    assert record.columns == (1, 3)
    with pytest.raises(PadError) as caught:
        score_text(record, None)
    assert caught.value.lines == (
        "pad.jpg: column 1, Fame from play: Player 1's Fame from play was not read surely "
        "from the photo: look at the pad and write it [astra.pad.unread]",
    )


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int | None], int]:
    from scan_astra_pads import filled, shot

    seed = 9  # Letter, the bottom pad, 3 columns filled of 5 printed
    s = shot(seed, 12.0)
    path = tmp_path_factory.mktemp("pads") / "pad.jpg"
    path.write_bytes(cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    return path, s.truth, filled(seed)[1]


def test_a_photo_of_the_pad_reads_right_or_unsure_and_never_wrong(
    photo: tuple[Path, dict[str, int | None], int],
) -> None:
    from pnp.read.astra_photo import read_pad

    path, truth, printed = photo
    reading = read_pad(path)
    assert len(reading.values) == 8 * printed
    read = {cell: value for cell, value in reading.values.items() if value != "?"}
    assert any(v is not None for v in read.values()), "nothing read surely"
    assert all(value == truth.get(cell) for cell, value in read.items())
    assert {d.cell for d in reading.doubts} == set(reading.values) - set(read)


def test_a_photo_is_scored_or_stops_at_each_value_not_read(
    photo: tuple[Path, dict[str, int | None], int], run: Run
) -> None:
    path, truth, _ = photo
    result = run("astra", "score", str(path), "-o", "game.toml", "--review", "r")
    text = Path("game.toml").read_text("utf-8")
    players = len({c.split(".")[0] for c, v in truth.items() if v is not None})
    assert text.count("\n[[column]]\n") == players
    assert Path("r/pad-review.jpg").stat().st_size > 10_000
    if '"?"' in text:
        assert result.exit_code == 1
        assert "game.toml:" in result.output and "[astra.pad.unread]" in result.output
    else:
        assert result.exit_code == 0, result.output


def test_a_player_answering_the_questions_gets_the_pads_scores(
    photo: tuple[Path, dict[str, int | None], int],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    import click

    from pnp.cli.pads import ask
    from pnp.read.astra_photo import read_pad

    path, truth, _ = photo
    reading = read_pad(path)
    asked: list[str] = []

    def prompt(text: str, value_proc: object) -> int | None:
        asked.append(text)
        cell = text.split(": ", 1)[1].split(" (see ", maxsplit=1)[0]
        (key,) = [c for c in reading.values if cell_label(c) == cell]
        return truth.get(key)

    monkeypatch.setattr(click, "prompt", prompt)
    answered = ask(reading, tmp_path)
    assert len(asked) == len(reading.doubts) and not answered.doubts
    assert {c: v for c, v in answered.values.items() if v is not None} == {
        c: v for c, v in truth.items() if v is not None
    }
    assert len(list(tmp_path.glob("pad-p*.png"))) == len(asked)  # each comb cut out
    result = score_text(pad_text(answered.values, [], str(path)), None)
    columns = sorted({int(c[1]) for c, v in truth.items() if v is not None})
    rows = [sum(int(truth.get(f"p{k}.{r}") or 0) for r in ROWS) for k in columns]
    assert [p.total for p in result.players] == rows


def test_photos_that_are_not_an_astra_pad_are_one_line(run: Run) -> None:
    import scan_pads
    import scan_sheets

    for name, image, what in [
        ("sheet.jpg", scan_sheets.shot(3, 2.0).image, "a Star Charts sheet"),
        ("cosmos.jpg", scan_pads.shot(3, 2.0).image, "a Crafting the Cosmos score pad"),
    ]:
        Path(name).write_bytes(cv2.imencode(".jpg", image)[1].tobytes())
        result = run("astra", "score", name)
        assert result.exit_code == 1
        assert result.output.strip() == f"{name}: this is {what}, not an Astra score pad"


def test_a_photo_of_the_whole_page_reads_the_pad_written_on(run: Run) -> None:
    from scan_astra_pads import shot

    from pnp.read.astra_photo import read_pad

    s = shot(9, 12.0, page="whole")
    Path("page.jpg").write_bytes(cv2.imencode(".jpg", s.image)[1].tobytes())
    reading = read_pad(Path("page.jpg"))
    read = {cell: value for cell, value in reading.values.items() if value != "?"}
    assert any(v is not None for v in read.values()), "nothing read surely"
    assert all(value == s.truth.get(cell) for cell, value in read.items())
    both = shot(9, 12.0, page="both")
    Path("both.jpg").write_bytes(cv2.imencode(".jpg", both.image)[1].tobytes())
    result = run("astra", "score", "both.jpg")
    assert result.exit_code == 1
    assert result.output.strip() == (
        "both.jpg: both pads in the photo are written on: one pad a photo"
    )


def test_a_photo_of_a_blank_page_is_one_line(run: Run) -> None:
    import numpy as np
    import photos
    import scan_astra_pads

    from pnp.astra.text import Lang

    page = scan_astra_pads._page("a4", 3, Lang.EN)
    shot = photos.photograph(page, np.random.default_rng(5), 12.0, tilt_max_deg=5.0)
    Path("page.jpg").write_bytes(cv2.imencode(".jpg", shot.image)[1].tobytes())
    result = run("astra", "score", "page.jpg")
    assert result.exit_code == 1
    assert result.output.strip() == "page.jpg: no player column of the pad is filled in"


@given(
    st.lists(
        st.tuples(
            st.integers(16, 19),
            st.lists(st.floats(-1e4, 1e4, allow_nan=False), min_size=8, max_size=8),
        ),
        max_size=9,
    )
)
def test_any_markers_are_grouped_or_refused(found: list[tuple[int, list[float]]]) -> None:
    import numpy as np

    from pnp.layouts.astra.score_pad import pad_places
    from pnp.paper import A4
    from pnp.read.astra_photo import _OTHER_KINDS
    from pnp.scan.photo import Marker, PhotoError, Wanted, alike

    markers = [Marker(i, np.array(c, np.float32).reshape(4, 2)) for i, c in found]
    wanted = Wanted(frozenset({4}), "Astra score pad", "pad", "print it", _OTHER_KINDS)
    marks = pad_places(A4, 5)[0].marks
    try:
        _, groups = alike(Path("p.jpg"), markers, wanted, lambda kind: marks)
    except PhotoError as exc:
        assert str(exc).startswith("p.jpg: ") and "\n" not in str(exc)
        return
    for group in groups:
        assert 3 <= len(group) == len({m.id for m in group}) <= 4
