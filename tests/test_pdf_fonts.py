"""The fonts embedded in our PDFs: only the glyphs a document draws, the outlines and
widths of the shipped font, a `name` table with the notices the licence asks for and
without its 16 KB text, which the kits' credits carry instead; deterministic bytes."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections import defaultdict
from functools import cache
from typing import Any

import pytest
from fontTools.ttLib import TTFont

from pnp.astra.text import Lang
from pnp.draw.fonts import Font, _metrics, text_width
from pnp.draw.shapes import Document, Page, Text
from pnp.kit import credits_text
from pnp.layouts.astra.box_documents import journal_document
from pnp.layouts.starcharts.documents import sheets_document
from pnp.paper.geometry import Box
from pnp.paper.sizes import A4
from pnp.render.pdf import (
    LICENCE_NAME,
    LICENCE_NOTE,
    TRADEMARK,
    TRADEMARK_NAME,
    embedded_font,
    render_pdf,
    subset_tag,
)
from pnp.starcharts.chart import load_chart
from pnp.system.paths import FONT_DIR
from tests.pdfread import fonts, pages

SHEET_LIMIT = 25_000  # bytes, issue 10
LICENCE_WORDS = "Permission is hereby granted"


def _many_characters() -> Document:
    """One page drawing 400 different characters (Latin, accents, Greek, Cyrillic, …),
    more than one 256-code PDF font holds."""
    cmap = _shipped(Font.REGULAR).getBestCmap()
    chars = [chr(c) for c in sorted(cmap) if c > 0x20 and chr(c).isprintable()][:400]
    lines = ["".join(chars[i : i + 40]) for i in range(0, len(chars), 40)]
    items = tuple(Text(40, 800 - 20 * n, line, 10) for n, line in enumerate(lines))
    return Document("many characters", (Page(595, 842, Box(0, 0, 595, 842), items),))


DOCUMENTS = {
    "sheet": lambda: sheets_document([load_chart("lyra-8")], A4),
    "journal-fr": lambda: journal_document(A4, Lang.FR),
    "many-characters": _many_characters,
}


@cache
def _shipped(font: Font) -> TTFont:
    return TTFont(str(font.path))


@cache
def _rendered(kind: str) -> tuple[Document, bytes]:
    doc = DOCUMENTS[kind]()
    return doc, render_pdf(doc)


def _drawn(doc: Document) -> dict[Font, set[str]]:
    """The characters drawn in each font (ReportLab draws a no-break space as a space)."""
    used: dict[Font, set[str]] = defaultdict(set)
    for page in doc.pages:
        for item in page.items:
            if isinstance(item, Text):
                used[item.font].update(item.text.replace("\xa0", " "))
    return used


def _font_of(pdf_font: dict[str, Any]) -> Font:
    name = str(pdf_font["/BaseFont"]).split("+", 1)[1]
    return Font(name)


def _program(pdf_font: dict[str, Any]) -> TTFont:
    stream: Any = pdf_font["/FontDescriptor"]["/FontFile2"].get_object()
    return TTFont(io.BytesIO(stream.get_data()))


def _to_unicode(pdf_font: dict[str, Any]) -> dict[int, str]:
    """Code → character, as the font's ToUnicode CMap says (ReportLab writes bfchar)."""
    cmap = pdf_font["/ToUnicode"].get_object().get_data().decode("ascii")
    pairs = re.findall(r"^<([0-9A-F]{2})> <([0-9A-F]{4})>$", cmap, re.M)
    return {int(code, 16): chr(int(char, 16)) for code, char in pairs if int(char, 16)}


def _with_components(font: TTFont, glyphs: set[str]) -> set[str]:
    glyf = font["glyf"]
    todo, seen = list(glyphs), set(glyphs)
    while todo:
        for part in glyf[todo.pop()].getComponentNames(glyf):
            if part not in seen:
                seen.add(part)
                todo.append(part)
    return seen


@pytest.mark.parametrize("kind", DOCUMENTS)
def test_the_pdf_fonts_map_exactly_the_characters_the_document_draws(kind: str) -> None:
    doc, data = _rendered(kind)
    mapped: dict[Font, set[str]] = defaultdict(set)
    for pdf_font in fonts(data):
        mapped[_font_of(pdf_font)].update(_to_unicode(pdf_font).values())
    # The space is every subset's code 32 (ReportLab's word spacing), drawn or not.
    assert mapped == {font: chars | {" "} for font, chars in _drawn(doc).items()}


@pytest.mark.parametrize("kind", DOCUMENTS)
def test_each_embedded_program_holds_only_its_characters_glyphs(kind: str) -> None:
    _, data = _rendered(kind)
    for pdf_font in fonts(data):
        shipped = _shipped(_font_of(pdf_font))
        cmap = shipped.getBestCmap()
        chars = set(_to_unicode(pdf_font).values())
        wanted = _with_components(shipped, {cmap[ord(c)] for c in chars}) | {".notdef"}
        assert len(_program(pdf_font).getGlyphOrder()) == len(wanted)


def test_a_document_of_many_characters_is_split_into_several_pdf_fonts() -> None:
    _, data = _rendered("many-characters")
    assert len(fonts(data)) == 2


@pytest.mark.parametrize("kind", DOCUMENTS)
def test_glyph_outlines_and_widths_are_the_shipped_fonts(kind: str) -> None:
    _, data = _rendered(kind)
    for pdf_font in fonts(data):
        font = _font_of(pdf_font)
        shipped, program = _shipped(font), _program(pdf_font)
        codes = program["cmap"].getcmap(1, 0).cmap
        widths = pdf_font["/Widths"]
        for code, char in _to_unicode(pdf_font).items():
            original = shipped.getBestCmap()[ord(char)]
            assert program["hmtx"][codes[code]] == shipped["hmtx"][original], char
            ours = program["glyf"][codes[code]].getCoordinates(program["glyf"])[0]
            theirs = shipped["glyf"][original].getCoordinates(shipped["glyf"])[0]
            assert list(ours) == list(theirs), char
            assert widths[code] == pytest.approx(text_width(char, 1000, font), abs=1e-3)


@pytest.mark.parametrize("font", Font)
def test_the_layouts_measure_with_the_fonts_own_metrics(font: Font) -> None:
    """pnp.draw.fonts reads the font's tables itself: what fontTools reads there."""
    shipped, metrics = _shipped(font), _metrics(font)
    hmtx = shipped["hmtx"].metrics
    assert metrics.advances == {c: hmtx[name][0] for c, name in shipped.getBestCmap().items()}
    assert list(metrics.advances) == list(shipped.getBestCmap())
    assert metrics.units_per_em == shipped["head"].unitsPerEm
    assert (metrics.ascent, metrics.descent) == (shipped["hhea"].ascent, shipped["hhea"].descent)
    assert metrics.fallback == hmtx[".notdef"][0]


@pytest.mark.parametrize("kind", DOCUMENTS)
def test_text_reads_back_as_drawn(kind: str) -> None:
    doc, data = _rendered(kind)
    drawn = set().union(*_drawn(doc).values()) - {" "}
    read = {c.text for page in pages(data) for c in page.chars} - {" "}
    assert read == drawn


@pytest.mark.parametrize("kind", DOCUMENTS)
def test_fonts_are_embedded_subsets_with_a_unicode_map(kind: str) -> None:
    _, data = _rendered(kind)
    for pdf_font in fonts(data):
        tag, name = str(pdf_font["/BaseFont"]).lstrip("/").split("+")
        assert re.fullmatch(r"[A-Z]{6}", tag) and tag != "AAAAAA"
        assert name == pdf_font["/FontDescriptor"]["/FontName"].split("+")[1]
        assert "/FontFile2" in pdf_font["/FontDescriptor"] and "/ToUnicode" in pdf_font


def _names(font: TTFont) -> dict[int, str]:
    return {record.nameID: record.toUnicode() for record in font["name"].names}


@pytest.mark.parametrize("font", Font)
def test_the_name_table_keeps_the_notices_and_names_and_drops_the_licence_text(
    font: Font,
) -> None:
    _, data = _rendered("sheet")
    (pdf_font,) = [f for f in fonts(data) if _font_of(f) is font]
    program, shipped = _program(pdf_font), _names(_shipped(font))
    names = _names(program)
    # The licence: "The above copyright and trademark notices ... shall be included".
    assert names[0] == shipped[0] and "Bitstream" in names[0] and "Tavmjong Bah" in names[0]
    assert names[TRADEMARK_NAME] == TRADEMARK
    assert {n: names[n] for n in (1, 2, 4, 6, 14)} == {n: shipped[n] for n in (1, 2, 4, 6, 14)}
    assert LICENCE_WORDS not in "".join(names.values())
    assert "CREDITS.txt" in names[LICENCE_NAME]
    assert len(program.reader["name"]) < 1500  # was 15.8 KB
    # "... only if the fonts are renamed to names not containing" these words.
    for name in (names[n] for n in (1, 3, 4, 6)):
        assert not re.search(r"Bitstream|Vera|Arev|Tavmjong", name), name


@pytest.mark.parametrize("font", Font)
def test_the_font_reportlab_subsets_is_the_shipped_one_with_our_name_table(font: Font) -> None:
    """Every table as shipped (a subset copies their contents), but the `name` table,
    which is the one fontTools compiles from the records kept and the notices added."""
    shipped, embedded = _shipped(font), TTFont(io.BytesIO(embedded_font(font)))
    tags = sorted(shipped.reader.keys())
    assert sorted(embedded.reader.keys()) == tags
    for tag in tags:
        if tag != "name":
            assert embedded.reader[tag] == shipped.reader[tag], tag
    table = TTFont(str(font.path))["name"]
    table.names = [
        r for r in table.names if r.nameID in (0, 1, 2, 3, 4, 5, 6, 14) and r.platformID == 3
    ]
    assert {(r.platEncID, r.langID) for r in table.names} == {(1, 0x409)}
    table.setName(TRADEMARK, TRADEMARK_NAME, 3, 1, 0x409)
    table.setName(LICENCE_NOTE, LICENCE_NAME, 3, 1, 0x409)
    assert embedded.reader["name"] == table.compile(shipped)


def _licence() -> str:
    text = _names(_shipped(Font.REGULAR))[13]
    assert LICENCE_WORDS in text and "Arev Fonts Copyright" in text
    return " ".join(text.split())


def test_the_licence_file_and_the_credits_carry_the_licence_the_fonts_carry() -> None:
    assert _licence() in " ".join((FONT_DIR / "LICENSE").read_text(encoding="utf-8").split())
    assert _licence() in " ".join(credits_text("A game.").split())
    assert TRADEMARK in " ".join(credits_text("A game.").split())


def test_a_sheet_is_at_most_25_kb() -> None:
    _, data = _rendered("sheet")
    assert len(data) <= SHEET_LIMIT


def test_the_same_document_gives_the_same_bytes() -> None:
    doc, data = _rendered("journal-fr")
    assert render_pdf(doc) == data


RENDER = """
import sys
from pnp.astra.text import Lang
from pnp.layouts.astra.box_documents import journal_document
from pnp.paper.sizes import A4
from pnp.render.pdf import render_pdf
sys.stdout.buffer.write(render_pdf(journal_document(A4, Lang.FR)))
"""


def test_the_same_bytes_in_another_process_whatever_the_hash_seed() -> None:
    def run(seed: str) -> bytes:
        env = {**os.environ, "PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": "1700000000"}
        return subprocess.run(
            [sys.executable, "-c", RENDER], env=env, capture_output=True, check=True
        ).stdout

    first = run("1")
    assert first[:5] == b"%PDF-" and run("2") == first


def test_tags_differ_between_subsets_and_fonts_and_repeat_for_the_same_one() -> None:
    regular, bold = b"DejaVuSansCondensed", b"DejaVuSansCondensed-Bold"
    assert subset_tag(regular, (0, 65, 66)) != subset_tag(regular, (0, 65, 67))
    assert subset_tag(regular, (0, 65, 66)) != subset_tag(bold, (0, 65, 66))
    assert subset_tag(regular, (0, 65, 66)) == subset_tag(regular, (0, 65, 66))

    def tags(data: bytes) -> dict[Font, str]:
        return {_font_of(f): str(f["/BaseFont"]).split("+")[0] for f in fonts(data)}

    # The two sheets differ only in the bold title: the same regular subset, the same tag.
    lyra = tags(_rendered("sheet")[1])
    orion = tags(render_pdf(sheets_document([load_chart("orion-8")], A4)))
    assert lyra[Font.REGULAR] != lyra[Font.BOLD]
    assert lyra[Font.REGULAR] == orion[Font.REGULAR] and lyra[Font.BOLD] != orion[Font.BOLD]
