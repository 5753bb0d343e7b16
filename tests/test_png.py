"""``--png``: one PNG per card front and back, with its bleed, at ``--dpi`` (recorded in the
file), grey or with ``--png-mode rgb`` RGB, named by the card, the same bytes on every
run; ``pnp kit --png``: every page; without pypdfium2, one line."""

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
    """Width, height, bit depth and colour type (0: grey, 2: RGB) from IHDR."""
    width, height, depth, colour = struct.unpack(">IIBB", png[16:26])
    return width, height, depth, colour


def resolution(png: bytes) -> tuple[int, int, int]:
    """Pixels a unit across and down, and the unit (1: the metre), from pHYs."""
    at = png.index(b"pHYs") + 4
    x, y, unit = struct.unpack(">IIB", png[at : at + 9])
    return x, y, unit


def test_one_front_and_one_back_per_card_named_by_card(run: Run, tmp_path: Path) -> None:
    result = run("starcharts", "cards", "-o", "cards.pdf", "--png", "png")
    assert result.exit_code == 0, result.output
    ids = [o.id for o in objectives()]
    expected = {f"{i}-{side}.png" for i in ids for side in ("front", "back")}
    assert {p.name for p in (tmp_path / "png").iterdir()} == expected
    assert "wrote 26 card images to png/" in result.output
    assert (tmp_path / "cards.pdf").exists()  # the document is written as before


@pytest.mark.parametrize(
    ("bleed", "dpi", "pixels", "per_metre"),
    [
        ("0mm", "300", (750, 1050), 11811),  # 63.5 × 88.9 mm; 300 / 0.0254 = 11811.02
        ("0mm", "150", (375, 525), 5906),  # 5905.51
        ("3mm", "300", (821, 1121), 11811),  # 69.5 × 94.9 mm: 820.87 × 1120.87 px
        ("3mm", "150", (410, 560), 5906),  # 410.43 × 560.43 px: rounded, not up
    ],
)
def test_a_poker_card_with_its_bleed_at_the_dpi_asked_and_recorded_grey(
    run: Run, tmp_path: Path, bleed: str, dpi: str, pixels: tuple[int, int], per_metre: int
) -> None:
    from PIL import Image

    args = ("-o", "g.pdf", "--bleed", bleed, "--png", "png", "--dpi", dpi)
    result = run("astra", "game-end", *args)
    assert result.exit_code == 0, result.output
    for side in ("front", "back"):
        path = tmp_path / "png" / f"astra-game-end-01-{side}.png"
        png = path.read_bytes()
        assert header(png) == (*pixels, 8, 0)  # 8-bit grey
        assert resolution(png) == (per_metre, per_metre, 1)
        assert set(chunks(png)) == {b"IHDR", b"pHYs", b"IDAT", b"IEND"}  # no time, no text
        with Image.open(path) as image:
            assert [round(v) for v in image.info["dpi"]] == [int(dpi)] * 2  # 150.0124 for 150


def test_a_card_image_is_the_print_shop_page_with_its_bleed(run: Run, tmp_path: Path) -> None:
    from PIL import Image

    from pnp.render.png import pdf_pages_png

    args = ("--print-shop", "--backs", "duplex", "-o", "g.pdf", "--png", "png", "--dpi", "72")
    assert run("astra", "game-end", *args).exit_code == 0  # 3 mm of bleed with --print-shop
    pdf = pdf_pages_png((tmp_path / "g.pdf").read_bytes(), 72)
    images = [tmp_path / "png" / f"astra-game-end-01-{side}.png" for side in ("front", "back")]
    assert [p.read_bytes() for p in images] == pdf  # drawn into the bleed as on the page
    with Image.open(images[1]) as back:
        bleed = round(3 * 72 / 25.4)  # 9 px
        ring = back.crop((0, 0, back.width, bleed))
        assert cast(tuple[int, int], ring.getextrema())[0] < 250  # the back's design reaches it


def test_rgb_images_hold_the_grey_images_greys(run: Run, tmp_path: Path) -> None:
    from PIL import Image, ImageChops

    for mode in ("gray", "rgb"):
        args = ("-o", f"{mode}.pdf", "--bleed", "2mm", "--png", mode, "--png-mode", mode)
        assert run("astra", "game-end", *args, "--dpi", "100").exit_code == 0
    for side in ("front", "back"):
        name = f"astra-game-end-01-{side}.png"
        grey, rgb = (tmp_path / "gray" / name), (tmp_path / "rgb" / name)
        assert header(rgb.read_bytes()) == (266, 366, 8, 2)  # 8-bit RGB; 67.5 × 92.9 mm
        assert resolution(rgb.read_bytes()) == (3937, 3937, 1)
        with Image.open(grey) as g, Image.open(rgb) as c:
            assert c.mode == "RGB"
            for band in c.split():
                assert ImageChops.difference(band, g).getbbox() is None  # R = G = B = grey


def test_the_tts_deck_has_no_bleed_and_the_same_greys_whatever_png_asks(
    run: Run, tmp_path: Path
) -> None:
    for folder, png in (("a", ()), ("b", ("--bleed", "3mm")), ("c", ("--png-mode", "rgb"))):
        args = ("-o", f"{folder}.pdf", "--tts", folder, "--png", f"{folder}-png", *png)
        assert run("astra", "game-end", *args, "--dpi", "36").exit_code == 0
    images = sorted(p.name for p in (tmp_path / "a").glob("*.png"))
    assert images == ["astra-game-end-back.png", "astra-game-end-faces-1.png"]
    for name in images:
        for other in ("b", "c"):
            assert (tmp_path / other / name).read_bytes() == (tmp_path / "a" / name).read_bytes()


def test_png_mode_without_png_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    result = run("starcharts", "cards", "-o", "c.pdf", "--png-mode", "rgb")
    assert result.exit_code == 2
    assert "--png-mode has no effect without --png" in result.output
    assert list(tmp_path.iterdir()) == []


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
        args = ("-o", f"{folder}.pdf", "--png", folder, "--dpi", "72", "--bleed", "3mm")
        result = run("cosmos", "goal-cards", *args)
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
        assert header(first) == (298, 421, 8, 0)  # A4 at 36 dpi (297.6 × 420.9), grey
        assert resolution(first) == (1417, 1417, 1)  # 36 / 0.0254 = 1417.3
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
