"""From a filled Crafting the Cosmos score pad to the checked score: the pad's values
become the counts-mode record a player would type (and score the same), a filled
fillable PDF is read with pypdf, a photo is read comb by comb with ? where the reader is
unsure, never a wrong number; every refusal is one line."""

from __future__ import annotations

import io
import json
import sys
import tomllib
from pathlib import Path

import cv2
import numpy as np
import pytest
from pypdf import PdfReader, PdfWriter

from pnp.errors import SourceError
from pnp.score.cosmos_pad import PadError, PadValue, pad_record
from tests.conftest import Run

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "cosmos-game.toml"
sys.path.insert(0, str(ROOT / "bench"))


def example_pad() -> dict[str, PadValue]:
    """The example record's game as its players fill the pad (columns 1 to 3)."""
    record = tomllib.loads(EXAMPLE.read_text("utf-8"))
    values: dict[str, PadValue] = {}
    for order, goal in enumerate(record["goal"], 1):
        field = goal["id"].replace("-", "_")
        values[f"order.{field}"] = order
        for k, name in enumerate(record["players"], 1):
            values[f"p{k}.{field}"] = goal["counts"][name]
    for k, player in enumerate(record["player"], 1):
        for source, points in player["points"].items():
            values[f"p{k}.{source.replace('-', '_')}"] = points
        for v in player["advanced-life"]:
            key = f"p{k}.advanced_life_{v}"
            values[key] = int(values.get(key) or 0) + 1
        values[f"p{k}.energy_cards"] = player["energy-cards"]
    return values


def _fill(run: Run, name: str, values: dict[str, PadValue]) -> Path:
    result = run("cosmos", "score-pad", "--fillable", "-o", "blank.pdf")
    assert result.exit_code == 0, result.output
    writer = PdfWriter(clone_from=PdfReader("blank.pdf"))
    typed = {f"pad1.{k}": str(v) for k, v in values.items() if v is not None}
    writer.update_page_form_field_values(writer.pages[0], typed, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    Path(name).write_bytes(out.getvalue())
    return Path(name)


def test_the_pad_makes_the_record_a_player_would_type() -> None:
    from pnp.cosmos.record_file import parse_record
    from pnp.score.cosmos import cosmos_json, load_record, score_record

    values = example_pad()
    record = pad_record(values, ["Ann", "Ben", "Cat"], "pad.jpg")
    assert record.columns == (1, 2, 3)
    read = cosmos_json(score_record(parse_record(record.text, "pad.toml")))
    assert read == cosmos_json(score_record(load_record(EXAMPLE)))
    # a column left blank is no player; unnamed players are named by their column
    values |= {k.replace("p2.", "p4."): v for k, v in values.items() if k.startswith("p2.")}
    values = {k: None if k.startswith("p2.") else v for k, v in values.items()}
    assert '"Player 1", "Player 3", "Player 4"' in pad_record(values, [], "pad.jpg").text


def test_what_was_not_read_surely_stops_the_scorer_at_its_pad_cell() -> None:
    from pnp.cosmos.record_file import parse_record

    values = example_pad() | {"p2.nebulae": "?", "order.psi_nebulae": "?"}
    record = pad_record(values, [], "pad.jpg")
    with pytest.raises(SourceError) as caught:
        parse_record(record.text, "pad.toml")
    said = [record.where(p) for p in caught.value.problems]
    assert said == [
        "pad.jpg: the order box of Ψ nebulae: which goal scored here was not read surely from "
        "the photo (its order box): look at the pad and write its id [cosmos.score.unread]",
        "pad.jpg: column 2, Nebulae completed (3, 6, 10): nebulae was not read surely from the "
        "photo: look at the pad and write it [cosmos.score.unread]",
    ]
    lines = [f"{p.line}:{p.col}" for p in caught.value.problems]
    assert record.text.split("\n")[int(lines[1].split(":")[0]) - 1].startswith("points = {")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            {"order.proto_life": None},
            "pad.jpg: the order box of Proto life: empty, but column 1 has a count for this "
            "goal: write the order it scored in (1 to 6), or cross the counts out",
        ),
        (
            {"order.psi_nebulae": 1},
            "pad.jpg: the order box of Proto life: 1 is also Ψ nebulae's order: each goal "
            "scores in its own turn",
        ),
        (
            {"order.psi_nebulae": 7},
            "pad.jpg: the order box of Ψ nebulae: 7 is no order a goal scores in (1 to 6)",
        ),
    ],
)
def test_a_pad_that_makes_no_record_is_one_line_each(
    change: dict[str, PadValue], said: str
) -> None:
    with pytest.raises(PadError) as caught:
        pad_record(example_pad() | change, [], "pad.jpg")
    assert caught.value.lines == (said,)


def test_a_filled_fillable_pad_scores_as_the_typed_record(run: Run) -> None:
    pad = _fill(run, "pad.pdf", example_pad())
    args = ("--name", "Ann", "--name", "Ben", "--name", "Cat")
    result = run("cosmos", "score", str(pad), *args, "--json", "-o", "game.toml")
    assert result.exit_code == 0, result.output
    typed = run("cosmos", "score", str(EXAMPLE), "--json")
    assert json.loads(result.stdout) == json.loads(typed.stdout)
    again = run("cosmos", "score", "game.toml", "--json")  # the record written scores too
    assert json.loads(again.stdout) == json.loads(typed.stdout)


def test_a_total_the_numbers_do_not_make_stops_scoring(run: Run) -> None:
    pad = _fill(run, "pad.pdf", example_pad() | {"p1.total": 99})
    result = run("cosmos", "score", str(pad))
    assert result.exit_code == 1
    assert result.output.startswith(
        "pad.pdf: column 1, Total (score track + advanced life): the pad says 99, but its "
        "numbers make "
    )


def test_pdf_refusals_are_one_line(run: Run) -> None:
    pad = _fill(run, "pad.pdf", example_pad() | {"p2.nebulae": "1x"})
    result = run("cosmos", "score", str(pad))
    assert result.exit_code == 1
    assert (
        result.output.strip()
        .split("\n")[-1]
        .endswith("pad.pdf: field pad1.p2.nebulae: '1x' is not a number (up to 3 digits)")
    )
    assert run("starcharts", "sheet", "lyra-8", "--fillable", "-o", "sheet.pdf").exit_code == 0
    result = run("cosmos", "score", "sheet.pdf")
    assert result.exit_code == 1
    assert "sheet.pdf: this is a fillable Star Charts sheet, not a fillable Crafting" in (
        result.output
    )
    assert len(result.output.strip().split("\n")) == 1
    Path("bad.pdf").write_bytes(b"%PDF-1.7\nnothing here")
    result = run("cosmos", "score", "bad.pdf")
    assert result.exit_code == 1
    assert len(result.output.strip().split("\n")) == 1


def test_options_are_checked_before_any_work(run: Run) -> None:
    pad = _fill(run, "pad.pdf", example_pad())
    result = run("cosmos", "score", str(pad), "-o", "pad.pdf")
    assert result.exit_code == 2
    assert pad.read_bytes().startswith(b"%PDF-")
    assert run("cosmos", "score", str(EXAMPLE), "-o", "x.toml").exit_code == 2
    assert run("cosmos", "score", str(pad), "--review", "r").exit_code == 2
    result = run("cosmos", "score", str(pad), "--name", "Ann")
    assert result.exit_code == 1
    assert result.output.strip() == "pad.pdf: --name names 1 player, but 3 columns are filled in"


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int | None]]:
    from scan_pads import shot

    s = shot(3, 12.0)  # a whole page at 2 MP can be too small to read: refused
    path = tmp_path_factory.mktemp("pads") / "pad.jpg"
    path.write_bytes(cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    return path, s.truth


def test_a_photo_of_the_pad_reads_right_or_unsure_and_never_wrong(
    photo: tuple[Path, dict[str, int | None]],
) -> None:
    from pnp.read.cosmos_photo import read_pad

    path, truth = photo
    reading = read_pad(path)
    read = {cell: value for cell, value in reading.values.items() if value != "?"}
    assert read, "nothing read surely"
    assert all(value == truth.get(cell) for cell, value in read.items())
    assert {d.cell for d in reading.doubts} == set(reading.values) - set(read)


def test_a_photo_is_scored_or_stops_at_each_value_not_read(
    photo: tuple[Path, dict[str, int | None]], run: Run
) -> None:
    path, truth = photo
    result = run("cosmos", "score", str(path), "-o", "game.toml", "--review", "r")
    if not Path("game.toml").exists():  # the pad contradicts itself as read: said, cell named
        assert result.exit_code == 1
        problems = [ln for ln in result.stderr.splitlines() if not ln.startswith("wrote ")]
        assert problems and all(line.startswith(f"{path}: ") for line in problems)
        return
    text = Path("game.toml").read_text("utf-8")
    players = sum(1 for k in range(1, 5) if any(c.startswith(f"p{k}.") for c in truth))
    assert text.count("[[player]]") == players
    assert Path("r/pad-review.jpg").stat().st_size > 10_000
    if '"?"' in text:
        assert result.exit_code == 1
        assert "game.toml:" in result.output
        assert "was not read surely from the photo" in result.output
    else:
        assert result.exit_code == 0, result.output


def test_photos_that_are_not_a_cosmos_pad_are_one_line(run: Run) -> None:
    from scan_sheets import shot

    s = shot(3, 2.0)
    Path("sheet.jpg").write_bytes(cv2.imencode(".jpg", s.image)[1].tobytes())
    result = run("cosmos", "score", "sheet.jpg")
    assert result.exit_code == 1
    assert result.output.strip() == (
        "sheet.jpg: this is a Star Charts sheet, not a Crafting the Cosmos score pad"
    )
    noise = np.random.default_rng(1).integers(0, 255, (800, 1000, 3), np.uint8)
    Path("noise.png").write_bytes(cv2.imencode(".png", noise)[1].tobytes())
    result = run("cosmos", "score", "noise.png")
    assert result.exit_code == 1
    assert result.output.strip().startswith("noise.png: found no Crafting the Cosmos score pad")


def test_the_readers_name_the_cells_the_layout_draws() -> None:
    from pnp.cosmos.pad_rows import cells
    from pnp.layouts.cosmos.score_pad import pad_places
    from pnp.paper.sizes import PAPERS

    for paper in ("a4", "letter"):
        drawn = [(name, len(boxes)) for name, boxes in pad_places(PAPERS[paper]).numbers]
        assert drawn == list(cells())
