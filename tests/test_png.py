"""``--png``: one grey PNG per card front and back at ``--dpi``, named by the card, the same
bytes on every run; ``pnp kit --png``: every page; without pypdfium2, one line."""

from __future__ import annotations

import io
import re
import struct
import sys
from pathlib import Path
from typing import cast

import pytest

from pnp.astra.constellations import constellations
from pnp.cli.images_options import card_id
from pnp.render.png import sheet, size
from pnp.starcharts.content import objectives
from tests import pdfread
from tests.conftest import Run


def chunks(png: bytes) -> list[bytes]:
    """The chunk types of a PNG file, in order."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = [], 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        found.append(png[at + 4 : at + 8])
        at += 12 + length
    return found


def header(png: bytes) -> tuple[int, int, int, int]:
    """Width, height, bit depth and colour type (0: grey) from IHDR."""
    width, height, depth, colour = struct.unpack(">IIBB", png[16:26])
    return width, height, depth, colour


def test_one_front_and_one_back_per_card_named_by_card(run: Run, tmp_path: Path) -> None:
    result = run("starcharts", "cards", "-o", "cards.pdf", "--png", "png")
    assert result.exit_code == 0, result.output
    ids = [o.id for o in objectives()]
    expected = {f"{i}-{side}.png" for i in ids for side in ("front", "back")}
    assert {p.name for p in (tmp_path / "png").iterdir()} == expected
    assert "wrote 26 card images to png/" in result.output
    assert (tmp_path / "cards.pdf").exists()  # the document is written as before


@pytest.mark.parametrize(("dpi", "pixels"), [("300", (750, 1050)), ("150", (375, 525))])
def test_a_poker_card_at_the_dpi_asked_grey_without_metadata(
    run: Run, tmp_path: Path, dpi: str, pixels: tuple[int, int]
) -> None:
    result = run("astra", "game-end", "-o", "g.pdf", "--png", "png", "--dpi", dpi)
    assert result.exit_code == 0, result.output
    for side in ("front", "back"):
        png = (tmp_path / "png" / f"astra-game-end-01-{side}.png").read_bytes()
        assert header(png) == (*pixels, 8, 0)  # 8-bit grey
        assert set(chunks(png)) == {b"IHDR", b"IDAT", b"IEND"}  # no time stamp, no text


def test_the_back_differs_from_the_front_and_both_show_ink_on_paper(
    run: Run, tmp_path: Path
) -> None:
    from PIL import Image

    run("astra", "game-end", "-o", "g.pdf", "--png", "png", "--dpi", "72")
    front = tmp_path / "png" / "astra-game-end-01-front.png"
    back = tmp_path / "png" / "astra-game-end-01-back.png"
    assert front.read_bytes() != back.read_bytes()
    for path in (front, back):
        with Image.open(path) as image:
            assert image.mode == "L"
            darkest, lightest = cast(tuple[int, int], image.getextrema())
        assert darkest < 40 and lightest > 200  # ink and paper


def test_same_cards_same_bytes(run: Run, tmp_path: Path) -> None:
    for folder in ("one", "two"):
        result = run("cosmos", "goal-cards", "-o", f"{folder}.pdf", "--png", folder, "--dpi", "72")
        assert result.exit_code == 0, result.output
    one = sorted((tmp_path / "one").iterdir())
    assert len(one) == 32
    for path in one:
        assert path.read_bytes() == (tmp_path / "two" / path.name).read_bytes(), path.name


def test_constellation_images_are_named_by_the_constellation(run: Run, tmp_path: Path) -> None:
    result = run(
        "astra", "cards", "--only", "Boötes,Orion", "-o", "c.pdf", "--png", "p", "--dpi", "36"
    )
    assert result.exit_code == 0, result.output
    assert {p.name for p in (tmp_path / "p").iterdir()} == {
        "bootes-front.png",
        "bootes-back.png",
        "orion-front.png",
        "orion-back.png",
    }
    assert len({card_id(c.name) for c in constellations()}) == 48  # no two share a file


def test_kit_png_writes_every_page_of_every_document(run: Run, tmp_path: Path) -> None:
    result = run("kit", "--game", "starcharts", "--out", "kit", "--png", "pages", "--dpi", "36")
    assert result.exit_code == 0, result.output
    pdfs = sorted((tmp_path / "kit").rglob("*.pdf"))
    assert pdfs
    images = 0
    for pdf in pdfs:
        name = pdf.relative_to(tmp_path / "kit").with_suffix("")
        pages = len(pdfread.reader(pdf.read_bytes()).pages)
        pattern = re.compile(rf"{re.escape(name.name)}-[0-9]+\.png")
        folder = tmp_path / "pages" / name.parent
        found = sorted(p for p in folder.iterdir() if pattern.fullmatch(p.name))
        assert [p.name for p in found] == sorted(
            f"{name.name}-{n}.png" for n in range(1, pages + 1)
        )
        images += pages
        first = found[0].read_bytes()
        assert header(first)[3] == 0  # grey
        width, height = size(first)
        assert height > width  # portrait A4 pages: 298 × 421 at 36 dpi
    assert f"wrote {images} page images to pages/" in result.output


def test_without_pypdfium2_one_line_and_nothing_written(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # `import pypdfium2` fails
    for args in (
        ["starcharts", "cards", "--png", "png"],
        ["astra", "cards", "--tts", "tts"],
        ["kit", "--game", "starcharts", "--png", "png"],
    ):
        result = run(*args)
        assert result.exit_code == 1
        assert result.output.count("\n") == 1, result.output
        assert "pip install pypdfium2" in result.output and "'.[images]'" in result.output
    assert list(tmp_path.iterdir()) == []  # no PDF, no folder


def test_a_folder_where_an_image_goes_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    (tmp_path / "png" / "two-rows-front.png").mkdir(parents=True)
    result = run("starcharts", "cards", "-o", "c.pdf", "--png", "png")
    assert result.exit_code == 2
    assert "two-rows-front.png is a folder" in result.output
    assert not (tmp_path / "png" / "two-rows-back.png").exists()


def test_a_file_given_as_the_image_folder_is_one_line(run: Run, tmp_path: Path) -> None:
    (tmp_path / "png").write_text("not a folder")
    result = run("starcharts", "cards", "--png", "png/sub")
    assert result.exit_code == 1
    assert result.output.strip().endswith("png is not a folder")


def test_sheet_scales_cards_down_to_the_widest_allowed() -> None:
    card = sheet([_blank(750, 1050)], 1, 1, 4096)
    assert size(card) == (750, 1050)
    wide = sheet([card] * 10, 10, 1, 4096)
    assert size(wide) == (4090, 573)  # 409 × 573 px a card: 750 × 1050 scaled by 409/750
    tall = sheet([card] * 7, 1, 7, 4096)
    assert size(tall)[1] <= 4096


def _blank(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (width, height), 200).save(out, "PNG")
    return out.getvalue()
