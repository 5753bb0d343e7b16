"""A phone photo of a filled Astra score pad, read comb by comb with ? where the reader
is unsure, never a wrong number: a pad of a cut page or of the whole page, the questions
a player answers, and every refusal in one line."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.score.astra_pad import ROWS
from pnp.score.astra_pad_values import cell_label, pad_text, score_text
from tests.conftest import Run

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))


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
    from pnp.paper.sizes import A4
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


def test_a_bent_pad_whose_columns_are_miscounted_is_refused_not_read_short(
    tmp_path: Path,
) -> None:
    """Bench pad 300000 (4 columns written) once read as a 2-column pad, its players 3
    and 4 dropped without a question: the ink outside the 2 columns' boxes refuses it."""
    from scan_astra_pads import shot

    from pnp.read.astra_photo import read_pad
    from pnp.scan.photo import PhotoError

    s = shot(300000)
    path = tmp_path / "pad.jpg"
    path.write_bytes(cv2.imencode(".jpg", s.image)[1].tobytes())
    with pytest.raises(PhotoError, match="player columns could not be told"):
        read_pad(path)
