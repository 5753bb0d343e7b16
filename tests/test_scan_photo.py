"""From a phone photo of a finished sheet to the checked score: a simulated photo is read
into the finished-game text, ? where the reader is unsure, never a silent guess; photos
that cannot be read are one line, exit 1."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.read.starcharts_reading import Doubt

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))

from scan_sheets import shot


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    s = shot(3, 12.0)
    path = tmp_path_factory.mktemp("photos") / "ann.jpg"
    path.write_bytes(cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    return path, s.truth


def test_a_photo_is_read_into_the_text_and_nothing_read_is_wrong(
    photo: tuple[Path, object], tmp_path: Path
) -> None:
    path, truth = photo
    out = tmp_path / "game.txt"
    result = CliRunner().invoke(
        cli,
        ["starcharts", "score", str(path), "-o", str(out), "--review", str(tmp_path / "r"),
         "--objectives", "two-rows", "four-corners", "all-stars", "half-sky"],
    )  # fmt: skip
    text = out.read_text("utf-8")
    assert text.startswith(f"chart: {truth.chart}\n")  # type: ignore[attr-defined]
    grid = [t for line in text.split("\n")[4:14] for t in line.split()]
    expected = truth.grid  # type: ignore[attr-defined]
    assert len(grid) == len(expected)
    assert all(a in (b, "?") for a, b in zip(grid, expected, strict=True))
    assert (tmp_path / "r" / "ann-review.jpg").stat().st_size > 10_000
    if "?" in text:  # scoring stops at each place not read surely, naming it
        assert result.exit_code == 1
        assert "was not read surely from the photo" in result.output
    else:  # read whole: scored, and a sheet marked at random breaks the game's rules
        assert "was not read surely" not in result.output
        assert "[setup.players]" in result.output, result.output


def test_without_objectives_scoring_stops_at_the_objectives_line(
    photo: tuple[Path, object], tmp_path: Path
) -> None:
    out = tmp_path / "game.txt"
    result = CliRunner().invoke(cli, ["starcharts", "score", str(photo[0]), "-o", str(out)])
    assert result.exit_code == 1
    assert out.read_text("utf-8").split("\n")[1] == "objectives: ?"
    if "?" not in out.read_text("utf-8").split("\n", 2)[2]:  # else the ? cells come first
        assert f"{out}:2:13: the dealt objectives are not known (?)" in result.output


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: np.full((900, 1200, 3), 255, np.uint8), "found no Star Charts sheet"),
        (lambda: np.full((300, 400, 3), 255, np.uint8), "is too small to read"),
    ],
)
def test_photos_that_cannot_be_read_are_one_line(
    tmp_path: Path, make: object, message: str
) -> None:
    path = tmp_path / "p.png"
    path.write_bytes(cv2.imencode(".png", make())[1].tobytes())  # type: ignore[operator]
    result = CliRunner().invoke(cli, ["starcharts", "score", str(path)])
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_damaged_jpeg_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "p.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 100)
    result = CliRunner().invoke(cli, ["starcharts", "score", str(path)])
    assert result.exit_code == 1
    assert "damaged" in result.output


def test_a_cut_off_sheet_is_refused(photo: tuple[Path, object], tmp_path: Path) -> None:
    image = cv2.imread(str(photo[0]))
    assert image is not None
    cols = image.shape[1]
    path = tmp_path / "cut.jpg"
    cv2.imwrite(str(path), image[:, : cols * 2 // 3])
    result = CliRunner().invoke(cli, ["starcharts", "score", str(path)])
    assert result.exit_code == 1
    assert "cut off" in result.output or "corner squares" in result.output


def test_on_a_terminal_each_doubt_is_asked_with_its_crop(
    photo: tuple[Path, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnp.cli import starcharts_photos

    shown: list[Path] = []

    def first_choice(name: str, doubt: Doubt, image: Path) -> str:
        shown.append(image)
        return doubt.choices[0]

    monkeypatch.setattr(starcharts_photos, "interactive", lambda: True)
    monkeypatch.setattr(starcharts_photos, "answer", first_choice)
    out = tmp_path / "game.txt"
    CliRunner().invoke(
        cli,
        ["starcharts", "score", str(photo[0]), "-o", str(out), "--review", str(tmp_path / "r"),
         "--objectives", "two-rows", "four-corners", "all-stars", "half-sky"],
    )  # fmt: skip
    assert "?" not in out.read_text("utf-8").split("\n", 2)[2]  # every doubt was settled
    assert all(image.is_file() and image.parent == tmp_path / "r" for image in shown)


def test_a_number_read_is_kept_only_among_the_values_a_box_can_hold() -> None:
    from pnp.scan.digits import DigitReading, among

    reading = DigitReading(5, 0.61, (0.0, 0.0, 0.0, 0.0, 0.0, 0.61, 0.39, 0.0, 0.0, 0.0))
    five = among(reading, frozenset({0, 3, 5}))
    assert five.digit == 5 and five.confidence > 0.99  # a 6, likelier not, is dropped
    six = DigitReading(6, 0.61, (0.0, 0.0, 0.0, 0.0, 0.0, 0.39, 0.61, 0.0, 0.0, 0.0))
    assert among(six, frozenset({0, 3, 5})).confidence == 0.0  # a 6 was written: asked
    unsure = among(DigitReading(6, 0.5, (0.0,) * 6 + (0.5,) + (0.0,) * 3), frozenset({5}))
    assert unsure.confidence < 0.5  # it looks like a 6, which the box cannot hold


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda image: (image * 0.12).astype(np.uint8), "too dark"),
        (lambda image: cv2.GaussianBlur(image, (0, 0), 7), "too blurred"),
    ],
)
def test_a_dark_or_blurred_photo_is_refused(
    photo: tuple[Path, object], tmp_path: Path, spoil: object, message: str
) -> None:
    image = cv2.imread(str(photo[0]))
    assert image is not None
    path = tmp_path / "spoilt.jpg"
    cv2.imwrite(str(path), spoil(image))  # type: ignore[operator]
    result = CliRunner().invoke(cli, ["starcharts", "score", str(path)])
    assert result.exit_code == 1
    assert message in result.output, result.output


def test_a_digit_s_loops_and_bar_must_agree_with_the_reading() -> None:
    from pnp.scan.loops import loops_agree

    def drawn(text: str, font: int) -> np.ndarray:
        image = np.zeros((120, 100), np.uint8)
        cv2.putText(image, text, (20, 95), font, 3, 255, 6)
        return image.astype(np.float32) / 255

    fonts = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX]
    for font in fonts:
        assert all(loops_agree(drawn(str(d), font), d) for d in range(10))
        assert not loops_agree(drawn("6", font), 0)  # its one loop is low and short
        assert not loops_agree(drawn("0", font), 6)
        assert not loops_agree(drawn("1", font), 9)
        assert not loops_agree(drawn("7", font), 1)  # a 7's top is a bar
        assert not loops_agree(drawn("1", font), 7)
