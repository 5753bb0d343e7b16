"""The kit's gallery: one HTML page (``index.html`` in the kit's folder) that shows every
file of the kit with a thumbnail of its first page, what it holds, how many copies to
print and how, and links to it. Plain HTML5 and a little inline CSS: no script, nothing
fetched. It knows no game: the CLI hands it the kit's planned files, grouped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import NamedTuple

from pnp.draw.shapes import Flip
from pnp.kit import Copies
from pnp.paper.sizes import Backs

FOLDER = "gallery"  # the thumbnails, inside the kit's folder
THUMBNAIL_WIDTH = 150  # pixels, about


class File(NamedTuple):
    """A file of the kit as the gallery shows it. Paths are relative to index.html."""

    links: tuple[str, ...]  # a document's files (in SVG, one per page), or a note's one file
    what: str = ""
    thumbnail: str | None = None  # a document's first page; a note has none
    size: tuple[int, int] = (0, 0)  # the thumbnail's, in pixels
    pages: int = 0
    copies: Copies = Copies.ONE
    backs: Backs = Backs.NONE


class Section(NamedTuple):
    heading: str
    files: tuple[File, ...]
    lang: str = "en"  # the language of its files' descriptions


class Printing(NamedTuple):
    paper: str  # its name, e.g. "a4"
    flip: Flip  # the edge the duplex files are made for
    scale: float  # the printer profile's correction, in percent, already in the files


def thumbnail_path(name: str) -> str:
    """Where a document's thumbnail goes: ``name`` is its path in the kit, no suffix."""
    return f"{FOLDER}/{name}.png"


def thumbnail_dpi(page_width: float) -> int:
    """The resolution that renders a page ``page_width`` points wide about
    ``THUMBNAIL_WIDTH`` pixels wide."""
    return max(1, round(THUMBNAIL_WIDTH * 72 / page_width))


COPIES = {
    Copies.ONE: "1",
    Copies.PER_PLAYER: "1 per player",
    Copies.AS_NEEDED: "as many as you need",
}

CSS = """\
body{font:16px/1.4 system-ui,sans-serif;color:#111;background:#fff;margin:0 auto;\
max-width:72rem;padding:1rem clamp(.75rem,4vw,1.5rem)}
h1{font-size:1.8rem;margin:.5rem 0}
h2{font-size:1.4rem;margin:2rem 0 .5rem;border-bottom:2px solid #111}
h3{font-size:1rem;margin:0 0 .25rem;overflow-wrap:anywhere}
ul.files{list-style:none;padding:0;margin:0;display:grid;gap:1rem;\
grid-template-columns:repeat(auto-fill,minmax(min(21rem,100%),1fr))}
li.file{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-start;padding:.5rem;\
border:1px solid #999;border-radius:4px}
li.file img{border:1px solid #555;flex:none}
li.file>div{flex:1 1 10rem}
p{margin:0 0 .25rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:0 .5rem;margin:.25rem 0 0;font-size:.9rem}
dt{font-weight:bold}
dd{margin:0}
nav ul{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.25rem 1.5rem}
a{color:#0645ad}"""


def index_html(sections: Sequence[Section], printing: Printing) -> str:
    """The gallery page."""
    scaled = (
        f" The files are already scaled to {printing.scale:g} % to correct your printer."
        if printing.scale != 100
        else ""
    )
    body = "\n".join(_section(n, s, printing) for n, s in enumerate(sections, 1))
    contents = "\n".join(
        f'<li><a href="#s{n}">{escape(s.heading)}</a></li>' for n, s in enumerate(sections, 1)
    )
    return f"""\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Print-and-play kit</title>
<style>
{CSS}
</style>
</head>
<body>
<header>
<h1>Print-and-play kit</h1>
<p>Print every file at 100 % (“actual size”) on {_paper(printing.paper)} paper: \
the ruler on each page must measure 50 mm.{scaled} Double-sided files are made for \
a printer that flips on the {printing.flip.value} edge; print the test sheet first \
if you have not set up your printer yet.</p>
<nav aria-label="Contents">
<ul>
{contents}
</ul>
</nav>
</header>
<main>
{body}
</main>
</body>
</html>
"""


def _section(number: int, section: Section, printing: Printing) -> str:
    documents = [f for f in section.files if f.pages]
    notes = [f for f in section.files if not f.pages]
    lang = "" if section.lang == "en" else f' lang="{escape(section.lang)}"'
    items = "\n".join(_file(f, printing) for f in documents)
    more = ""
    if notes:
        links = ", ".join(_link(f.links[0]) for f in notes)
        more = f"\n<p>To read: {links}.</p>"
    return f"""\
<section aria-labelledby="s{number}"{lang}>
<h2 id="s{number}">{escape(section.heading)}</h2>
<ul class="files">
{items}
</ul>{more}
</section>"""


def _file(file: File, printing: Printing) -> str:
    first = file.links[0]
    name = first.rsplit("/", 1)[-1]
    image = ""
    if file.thumbnail is not None:
        alt = f"First page of {file.what or name}"
        width, height = file.size
        image = (
            f'<a href="{escape(first)}"><img src="{escape(file.thumbnail)}" '
            f'alt="{escape(alt)}" width="{width}" height="{height}"></a>\n'
        )
    pages = f"{file.pages} page{'s' if file.pages > 1 else ''}"
    if len(file.links) > 1:  # one file per page
        pages += ": " + " ".join(_link(link, str(n)) for n, link in enumerate(file.links, 1))
    what = f"\n<p>{escape(file.what)}</p>" if file.what else ""
    return f"""\
<li class="file">
{image}<div>
<h3>{_link(first, name)}</h3>{what}
<dl>
<dt>Copies</dt><dd>{COPIES[file.copies]}</dd>
<dt>Pages</dt><dd>{pages}</dd>
<dt>Paper</dt><dd>{_paper(printing.paper)}, 100 %</dd>
<dt>Sides</dt><dd>{_sides(file.backs, printing.flip)}</dd>
</dl>
</div>
</li>"""


def _sides(backs: Backs, flip: Flip) -> str:
    if backs is Backs.DUPLEX:
        return f"double-sided, flip on the {flip.value} edge"
    if backs is Backs.FOLD:
        return "single-sided, then fold each page"
    return "single-sided"


def _paper(name: str) -> str:
    """``a4`` → ``A4``, ``letter`` → ``Letter``."""
    return escape(name.upper() if any(c.isdigit() for c in name) else name.capitalize())


def _link(href: str, text: str | None = None) -> str:
    return f'<a href="{escape(href)}">{escape(text if text is not None else href)}</a>'
