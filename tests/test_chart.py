from __future__ import annotations

import contextlib
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.errors import PnpError, SourceError
from pnp.starcharts.chart import (
    MAX_NAME,
    Cell,
    Chart,
    UnknownChartError,
    format_chart,
    load_chart,
    parse_chart,
)

SPEC_EXAMPLE = """\
name: Lyra
size: 8
grid:
. . . . . . . .
. * . . A . . .
. . . - . . . .
. . * . . | . .
. . . . . . . .
. . . . * . . .
. * . . . . . .
. . . . . . . .
"""


def test_the_spec_example_parses() -> None:
    chart = parse_chart(SPEC_EXAMPLE, "lyra.txt")
    assert (chart.id, chart.name, chart.size) == ("lyra", "Lyra", 8)
    assert chart.at(1 * 8 + 1) is Cell.STAR  # B2
    assert chart.at(1 * 8 + 4) is Cell.ASTEROID  # E2
    assert chart.at(2 * 8 + 3) is Cell.COMET_ROW  # D3
    assert chart.at(3 * 8 + 5) is Cell.COMET_COL  # F4
    assert chart.count(Cell.STAR) == 4
    assert chart.has_obstacles


def test_cells_may_be_written_without_spaces_and_comments_are_ignored() -> None:
    text = SPEC_EXAMPLE.replace(". ", ".").replace("* ", "*").replace("A ", "A")
    text = text.replace("- ", "-").replace("| ", "|") + "# the end\n"
    text = text.replace("name: Lyra", "name: Lyra   # the harp")
    assert parse_chart(text, "x.txt") == parse_chart(SPEC_EXAMPLE, "x.txt")


def _problems(text: str) -> list[str]:
    with pytest.raises(SourceError) as info:
        parse_chart(text, "bad.txt")
    return [str(p) for p in info.value.problems]


def test_every_problem_is_reported_with_its_line_and_column() -> None:
    text = SPEC_EXAMPLE.replace(". * . . A", ". * . . Q").replace("size: 8", "size: 8")
    text = text.replace(". . * . . | . .", ". . * . . | .")
    assert _problems(text) == [
        "bad.txt:5:9: unknown cell 'Q' (expected . * A - or |)",
        "bad.txt:7:14: a row of a 8×8 chart has 8 cells, this one has 7",
    ]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("size: 8", "size: 9"), "bad.txt:2:7: size must be 8 or 10, not '9'"),
        (lambda t: t.replace("name: Lyra\n", ""), "bad.txt:1:1: missing 'name:' line"),
        (lambda t: t + ". . . . . . . .\n", "bad.txt:12:1: the grid already has its 8 rows"),
        (lambda t: t.rsplit(". . . . . . . .\n", 1)[0], "bad.txt:11:1: the grid needs 8 rows"),
        (lambda t: "colour: red\n" + t, "bad.txt:1:1: unknown key 'colour'"),
        (lambda t: t + "figure: B2:C3\n", "bad.txt:12:9: figure lines join stars, but C3 is not"),
        (lambda t: t + "figure: B2:Z9\n", "bad.txt:12:9: Z9 is off the 8×8 grid"),
    ],
)
def test_malformed_charts(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    problems = _problems(edit(SPEC_EXAMPLE))
    assert any(p.startswith(message) for p in problems), problems


def test_format_then_parse_gives_the_same_chart_for_every_shipped_chart() -> None:
    from pnp.starcharts.chart import chart_ids

    for cid in chart_ids():
        chart = load_chart(cid)
        assert parse_chart(format_chart(chart), f"{cid}.txt") == chart


grids = st.integers(0, 1).flatmap(
    lambda k: st.lists(
        st.sampled_from(list(Cell)), min_size=(8, 10)[k] ** 2, max_size=(8, 10)[k] ** 2
    )
)


# Names the sheet can print: ASCII, and French and Greek letters (the font covers both).
names = (
    st.text(
        alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E, exclude_characters="#")
        | st.sampled_from("éèêëàçôûœÉÀÇαβγδλπσωΑΩ"),
        min_size=1,
        max_size=MAX_NAME,
    )
    .map(str.strip)
    .filter(bool)
)


@given(grids, names)
def test_format_parse_round_trip(cells: list[Cell], name: str) -> None:
    size = 8 if len(cells) == 64 else 10
    chart = Chart("c", name, size, tuple(cells))
    assert parse_chart(format_chart(chart), "c.txt") == chart


@given(st.text())
def test_any_text_parses_or_raises_our_error(text: str) -> None:
    with contextlib.suppress(PnpError):  # anything else fails the test
        parse_chart(text, "fuzz.txt")


@given(
    st.lists(
        st.sampled_from(
            [
                "name: X",
                "size: 8",
                "size: 10",
                "grid:",
                ". * A - |",
                "........",
                ". . . . . . . .",
                "figure: A1:B2",
                "#",
                "",
            ]
        ),
        max_size=20,
    )
)
def test_chart_like_text_parses_or_raises_our_error(lines: list[str]) -> None:
    with contextlib.suppress(PnpError):
        parse_chart("\n".join(lines), "fuzz.txt")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "Lyra " + "x" * 28,
            "bad.txt:1:12: a chart name has at most 32 characters to fit the sheet, "
            "this one has 33",
        ),
        ("Lyra 漢", "bad.txt:1:17: the sheet's font cannot print '漢' (U+6F22) in a name"),
        ("Ly\x1bra", "bad.txt:1:14: the sheet's font cannot print '\\x1b' (U+001B) in a name"),
        ("Lyra \U0001f52d", "bad.txt:1:17: the sheet's font cannot print '🔭' (U+1F52D)"),
    ],
)
def test_a_name_the_sheet_cannot_print_is_refused_where_it_is(name: str, message: str) -> None:
    text = SPEC_EXAMPLE.replace("name: Lyra", "name:      " + name)
    assert any(p.startswith(message) for p in _problems(text)), _problems(text)


def test_names_of_32_characters_and_french_or_greek_ones_are_accepted() -> None:
    for name in ("L" * MAX_NAME, "Petite Ourse éèçà", "Λύρα"):
        assert parse_chart(SPEC_EXAMPLE.replace("Lyra", name), "c.txt").name == name


def test_a_byte_order_mark_is_not_text() -> None:
    assert parse_chart("\ufeff" + SPEC_EXAMPLE, "c.txt") == parse_chart(SPEC_EXAMPLE, "c.txt")


def test_a_huge_grid_costs_no_more_than_a_small_one() -> None:
    # A row of a million cells, and a hundred thousand rows: both refused, with the
    # messages of a short row and one line for every row past the kept ones.
    text = SPEC_EXAMPLE.replace(". . . . * . . .", "." * 1_000_000) + ". . . . . . . .\n" * 100_000
    problems = _problems(text)
    assert problems[0] == "bad.txt:9:9: a row of a 8×8 chart has 8 cells, this one has 1000000"
    assert problems[1].startswith("bad.txt:12:1: the grid already has its 8 rows")
    assert problems[-1] == ("bad.txt:15:1: … and 99997 more grid rows after a 8×8 chart's grid")


def test_unknown_ids_suggest_the_closest_ones() -> None:
    with pytest.raises(UnknownChartError, match=r"unknown chart 'lyra8'; did you mean lyra-8\?"):
        load_chart("lyra8")
    with pytest.raises(UnknownChartError, match=r"mean serpens-8 or serpens-10\? `pnp starcharts"):
        load_chart("serpens")
    with pytest.raises(UnknownChartError, match=r"unknown chart 'zzz'; `pnp starcharts charts`"):
        load_chart("zzz")
    for hostile in ("ly\x00ra-8", "a" * 300, "a" * 300 + ".txt", "dir/\x00.txt"):
        with pytest.raises(UnknownChartError):
            load_chart(hostile)


def test_only_a_name_beyond_ascii_loads_the_font() -> None:
    code = f"""
import sys
from pnp.starcharts.chart import parse_chart
text = {SPEC_EXAMPLE!r}
parse_chart(text, "a.txt")
print("pnp.draw.fonts" in sys.modules)
parse_chart(text.replace("Lyra", "Λύρα"), "b.txt")
from pnp.draw.fonts import _metrics
print(_metrics.cache_info().currsize > 0)
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True"]
