"""From a filled Astra score pad to checked scores: the pad record (parse/format, every
rule its points allow, fuzzed), a filled fillable PDF read with pypdf, the pad's values
said at its cells; every refusal is one line. Photos: tests/test_astra_pad_photo.py."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader, PdfWriter

from pnp.errors import PnpError, SourceError
from pnp.score.astra_pad import ROWS, AstraPad, PadColumn, format_pad, is_pad_record, parse_pad
from pnp.score.astra_pad_rules import card_points, check_pad, score_pad
from pnp.score.astra_pad_values import PadError, PadValue, pad_text, score_text
from tests.conftest import Run
from tests.test_fuzz_parsers import FUZZ, mutated

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "astra-pad.toml"
ENDGAME = ROOT / "docs" / "examples" / "astra-endgame.toml"


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
    from pnp.text.parsing import name_problem

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
    from pnp.paper.sizes import PAPERS

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
