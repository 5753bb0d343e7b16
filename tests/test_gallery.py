"""``pnp kit --gallery``: OUT/index.html and its thumbnails, checked as HTML (every link
and picture there, alt text, balanced tags, no script, nothing from the network) and as a
page a real browser draws (Debian's chromium, headless: a screenshot with the thumbnails
painted, compared with one where they are blank; at 320, 375 and 1280 px wide, nothing to
scroll sideways and no file's card cut off)."""

from __future__ import annotations

import io
import os
import shutil
import struct
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.apps.gallery import File, Printing, Section, index_html
from pnp.cli import cli
from pnp.draw.shapes import Flip
from pnp.games import GAMES
from pnp.kit import Copies, KitSettings
from pnp.layouts.cards import CardOptions
from pnp.paper.printer import PrinterProfile
from pnp.paper.sizes import A4, Backs
from tests.conftest import Run

VOID = {"meta", "img", "br", "hr", "link", "input", "source", "wbr", "area", "base", "col"}


class Page(HTMLParser):
    """What the checks need from a page: its tags in order, links, pictures, problems."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.doctype = ""
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.open: list[str] = []
        self.problems: list[str] = []
        self.text: list[str] = []

    def handle_decl(self, decl: str) -> None:
        self.doctype = self.doctype or decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.problems.append(f"</{tag}> closes nothing open")

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def all(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for t, attrs in self.tags if t == tag]


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole kit with its gallery, made once for this module."""
    folder = tmp_path_factory.mktemp("gallery")
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(cli, ["kit", "--out", "kit", "--gallery"])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, result.output
    assert "wrote the gallery kit/index.html" in result.output
    return folder / "kit"


def png_header(png: bytes) -> tuple[int, int, int]:
    """Width, height and colour type (0: grey)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, _, colour = struct.unpack(">IIBB", png[16:26])
    return width, height, colour


def test_the_page_is_well_formed_html5_with_no_script_and_nothing_remote(kit: Path) -> None:
    html = (kit / "index.html").read_text(encoding="utf-8")
    page = parse(html)
    assert html.startswith("<!DOCTYPE html>\n")
    assert page.doctype == "DOCTYPE html"
    assert page.problems == []
    assert page.open == []  # every element closed
    assert page.tags[0] == ("html", {"lang": "en"})
    assert ("meta", {"charset": "utf-8"}) in page.tags
    assert [t for t, _ in page.tags].count("title") == 1
    assert [t for t, _ in page.tags].count("h1") == 1
    ids = [a["id"] for _, a in page.tags if "id" in a]
    assert len(ids) == len(set(ids))
    assert not [t for t, _ in page.tags if t in ("script", "iframe", "link", "object")]
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)
    assert "http:" not in html and "https:" not in html and "//" not in html.replace("://", "")


def test_every_link_and_picture_is_there_and_every_picture_has_alt_text(kit: Path) -> None:
    page = parse((kit / "index.html").read_text(encoding="utf-8"))
    hrefs = [a["href"] for a in page.all("a")]
    images = page.all("img")
    assert images and hrefs
    ids = {a["id"] for a in page.all("h2")}
    for href in hrefs:
        assert href is not None and not href.startswith("/")
        if href.startswith("#"):
            assert href[1:] in ids, href
        else:
            assert (kit / href).is_file(), href
    for image in images:
        assert image["alt"], image
        src = image["src"]
        assert src is not None and (kit / src).is_file(), src
        width, height, _ = png_header((kit / src).read_bytes())
        assert (image["width"], image["height"]) == (str(width), str(height))


def test_every_file_of_the_kit_is_linked_and_every_document_pictured(kit: Path) -> None:
    page = parse((kit / "index.html").read_text(encoding="utf-8"))
    linked = {a["href"] for a in page.all("a")}
    written = {
        p.relative_to(kit).as_posix()
        for p in kit.rglob("*")
        if p.is_file() and p.suffix in (".pdf", ".txt")
    }
    assert written <= linked
    assert "duplex-calibration.pdf" in linked
    pictured = {a["src"] for a in page.all("img")}
    documents = {w for w in written if w.endswith(".pdf")}
    assert pictured == {f"gallery/{d.removesuffix('.pdf')}.png" for d in documents}
    assert set((kit / "gallery").rglob("*.png")) == {kit / str(p) for p in pictured}


def test_a_heading_per_game_and_how_to_print_each_file(kit: Path) -> None:
    html = (kit / "index.html").read_text(encoding="utf-8")
    page = parse(html)
    h2 = html.split("<h2")[1:]
    titles = [part.split(">", 1)[1].split("</h2>", 1)[0] for part in h2]
    assert titles == ["Printer test sheet", *(g.title for g in GAMES)]
    calibration = html.split('href="duplex-calibration.pdf"', 1)[1].split("</li>", 1)[0]
    assert "double-sided, flip on the long edge" in calibration
    journal = html.split('href="astra/journal.pdf"', 1)[1].split("</li>", 1)[0]
    assert "<dd>1 per player</dd>" in journal and "<dd>single-sided</dd>" in journal
    tiles = html.split('href="cosmos/nebula-tiles.pdf"', 1)[1].split("</li>", 1)[0]
    assert "single-sided, then fold each page" in tiles
    assert html.count("<dd>A4, 100 %</dd>") == len(page.all("img"))


def test_thumbnails_are_small_grey_pictures_of_the_first_page(kit: Path) -> None:
    from PIL import Image

    for path in (kit / "gallery").rglob("*.png"):
        width, _, colour = png_header(path.read_bytes())
        assert colour == 0, path  # grey
        assert 140 <= width <= 160, path
        with Image.open(path) as image:
            dark = sum(image.histogram()[:128])
        assert dark > 50, path  # ink on the page


def test_same_kit_same_gallery_bytes(run: Run, tmp_path: Path) -> None:
    for out in ("a", "b"):
        assert run("kit", "--game", "starcharts", "--out", out, "--gallery").exit_code == 0
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.png"))
    assert files
    for name in [*files, Path("index.html")]:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_the_page_says_what_it_is_given_and_escapes_it() -> None:
    printing = Printing("letter", Flip.SHORT, 97.5)
    document = File(
        ("g/a & b-1.svg", "g/a & b-2.svg"),
        "cards <with> backs",
        "gallery/g/a.png",
        (150, 194),
        2,
        Copies.AS_NEEDED,
        Backs.DUPLEX,
    )
    html = index_html([Section("A <game>", (document, File(("g/README.txt",))), "fr")], printing)
    page = parse(html)
    assert page.problems == [] and page.open == []
    assert "cards &lt;with&gt; backs" in html and "A &lt;game&gt;" in html
    assert '<section aria-labelledby="s1" lang="fr">' in html
    assert [a["href"] for a in page.all("a")] == [
        "#s1",
        "g/a & b-1.svg",
        "g/a & b-1.svg",
        "g/a & b-1.svg",
        "g/a & b-2.svg",
        "g/README.txt",
    ]
    assert page.all("img") == [
        {
            "src": "gallery/g/a.png",
            "alt": "First page of cards <with> backs",
            "width": "150",
            "height": "194",
        }
    ]
    assert "<dd>as many as you need</dd>" in html
    assert "<dd>double-sided, flip on the short edge</dd>" in html
    assert "Letter paper" in html and "scaled to 97.5 %" in html


def test_every_game_says_what_each_of_its_files_is_and_how_to_print_it() -> None:
    settings = KitSettings(A4, CardOptions(), PrinterProfile())
    for game in GAMES:
        for job in game.kit_part().jobs(settings):
            assert job.what, job.path
            assert (job.backs is Backs.DUPLEX) == job.path.endswith("-duplex"), job.path


def test_without_pypdfium2_one_line_and_nothing_written(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # `import pypdfium2` fails
    result = run("kit", "--game", "starcharts", "--gallery")
    assert result.exit_code == 1
    assert result.output.count("\n") == 1, result.output
    assert "pip install pypdfium2" in result.output and "'.[images]'" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("taken", ["index.html", "gallery/starcharts/dice.png"])
def test_a_folder_where_the_gallery_writes_stops_the_kit_first(
    run: Run, tmp_path: Path, taken: str
) -> None:
    (tmp_path / "kit" / taken).mkdir(parents=True)
    result = run("kit", "--game", "starcharts", "--out", "kit", "--gallery")
    assert result.exit_code == 2
    assert f"{Path(taken).name} is a folder" in result.output
    assert list((tmp_path / "kit").rglob("*.pdf")) == []


def chromium() -> str:
    """The browser, or the test's verdict without it: a failure in CI, else a skip."""
    found = shutil.which("chromium")
    if found is None:
        message = "chromium is not installed (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def screenshot(browser: str, page: Path, out: Path, profile: Path) -> bytes:
    subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            f"--user-data-dir={profile}",
            f"--screenshot={out}",
            "--window-size=1200,2000",
            page.resolve().as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return out.read_bytes()


def test_a_browser_draws_the_page_with_its_thumbnails(kit: Path, tmp_path: Path) -> None:
    from PIL import Image, ImageChops

    browser = chromium()
    shot = screenshot(browser, kit / "index.html", tmp_path / "page.png", tmp_path / "profile")
    # The same page with every thumbnail blank (white, same size): what differs is them.
    blank = tmp_path / "blank"
    blank.mkdir()
    shutil.copy(kit / "index.html", blank / "index.html")
    for path in (kit / "gallery").rglob("*.png"):
        target = blank / path.relative_to(kit)
        target.parent.mkdir(parents=True, exist_ok=True)
        with Image.open(path) as image:
            Image.new("L", image.size, 255).save(target)
    without = screenshot(browser, blank / "index.html", tmp_path / "blank.png", tmp_path / "p2")

    with Image.open(io.BytesIO(shot)) as image, Image.open(io.BytesIO(without)) as other:
        assert image.size == (1200, 2000)
        grey, plain = image.convert("L"), other.convert("L")
    pixels = 1200 * 2000
    inked = sum(grey.histogram()[:200])
    assert inked > pixels // 50  # text, rules and pictures: not a blank page
    text_only = sum(plain.histogram()[:200])
    assert text_only > pixels // 100  # the text is there without the pictures
    darker = ImageChops.subtract(plain, grey)  # where the thumbnails put ink
    painted = sum(darker.histogram()[64:])
    assert painted > 50_000  # thumbnails drawn: many dark pixels only they explain
    box = darker.point(lambda v: 255 if v >= 64 else 0).getbbox()
    assert box is not None and box[3] - box[1] > 1000  # down the page, not in one spot


# Headless chromium's window is at least 500 px wide: narrower viewports are iframes of a
# page that measures them once loaded and writes what it found into its DOM.
PROBE = """<!DOCTYPE html>
<html><body style="margin:0">
{frames}
<script>
window.addEventListener("load", () => {{
  const found = [];
  for (const frame of document.querySelectorAll("iframe")) {{
    const root = frame.contentDocument.documentElement;
    const sides = (selector) => [...root.querySelectorAll(selector)].map((e) => {{
      const box = e.getBoundingClientRect();
      return [box.left, box.right];
    }});
    found.push({{
      inner: frame.contentWindow.innerWidth,
      client: root.clientWidth,
      scroll: root.scrollWidth,
      cards: sides("li.file"),
      images: sides("li.file img"),
    }});
  }}
  const out = document.createElement("pre");
  out.id = "measured";
  out.textContent = JSON.stringify(found);
  document.body.append(out);
}});
</script>
</body></html>
"""
WIDTHS = (320, 375, 1280)  # the narrowest phone, a common one, a laptop


def test_the_page_fits_every_width_from_a_small_phone(kit: Path, tmp_path: Path) -> None:
    import html
    import json

    browser = chromium()
    page = (kit / "index.html").resolve().as_uri()
    frames = "\n".join(
        f'<iframe src="{page}" width="{w}" height="800" style="border:0;display:block"></iframe>'
        for w in WIDTHS
    )
    probe = tmp_path / "probe.html"
    probe.write_text(PROBE.format(frames=frames), encoding="utf-8")
    dom = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",  # as on phones, where scroll bars take no room
            "--allow-file-access-from-files",  # the probe reads its frames' documents
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=1300,900",
            "--dump-dom",
            probe.as_uri(),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    measured = json.loads(html.unescape(dom.split('<pre id="measured">', 1)[1].split("</pre>")[0]))
    pictures = len(parse((kit / "index.html").read_text(encoding="utf-8")).all("img"))
    assert [m["inner"] for m in measured] == list(WIDTHS)
    for width, m in zip(WIDTHS, measured, strict=True):
        assert m["client"] == width  # no scroll bar narrows the page
        assert m["scroll"] <= width, width  # nothing to scroll sideways
        assert len(m["cards"]) == len(m["images"]) == pictures
        for left, right in m["cards"] + m["images"]:
            assert left >= 0 and right <= width, (width, left, right)
