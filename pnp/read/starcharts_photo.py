"""A phone photo of a finished Star Charts sheet, read into the player's part of the
finished-game text: every cell, the objective and Filled Sheet boxes and the abilities.
What is not read surely is written ``?`` (and the scorer stops there), never guessed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.paper.sizes import PAPERS
from pnp.read.starcharts_blank import blank_sheet
from pnp.read.starcharts_marks import MARK_FLOOR, mark, number, stand_out
from pnp.read.starcharts_reading import Doubt, SheetReading
from pnp.read.starcharts_values import box_values, filled_values
from pnp.scan.align import aligned, local_shift
from pnp.scan.ink import INKED, crop, line_ink, paper_only, pen_ink, ring, share
from pnp.scan.photo import (
    PhotoError,
    Wanted,
    box_px,
    find_markers,
    load,
    ours,
    read_qr,
    rectify,
)
from pnp.starcharts.chart import Cell, Chart, load_chart
from pnp.starcharts.content import abilities
from pnp.starcharts.coords import column_letter
from pnp.starcharts.finished import UNREAD

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from pnp.score.starcharts_form import FormGame

# Shares of a cell's inner part inked: at most EMPTY is an empty cell, at least MARKED
# a marked one; between, the reader asks. Set on the bench's tuning photos.
EMPTY = 0.012
MARKED = 0.025
FAINT_EMPTY = 0.02  # and at most this share a light pencil's grey: else it is asked
# The grey a light pencil leaves in a cell: darker than FAINT, the smear a soft photo
# leaves round printed stars (a mark at a third of a pen's darkness still shows).
CELL_FAINT = 0.16
SOFT_CELL_FAINT = 0.2  # on a soft photo (see SOFT), whose smear is darker: 0.4 of a pen
# Shares of directions round a star with ink on a ring round it (and on a ring nearer
# the star, where a circle leaves the paper blank but a scribble does not): circled at
# CIRCLED or more outside and at most SCRIBBLED inside (at most CLOSED_SCRIBBLED where
# the outer ring is whole), not circled at UNCIRCLED or less.
CIRCLED = 0.95
SCRIBBLED = 0.45
CLOSED_SCRIBBLED = 0.6
UNCIRCLED = 0.62
# A sloppy ring strays out of the cell's own band, over its lines: from 0.62 to 1.15 of
# half the cell's side, a ring is in WIDE_CIRCLED of the directions at least (197 of 206
# circled stars on tuning photos), a cross in 0.75 at most (460). A ring drawn over the
# lines (0.62 to 1.2) all but hides in them: a star read crossed with one round it in
# WIDE_RING of the directions is asked.
WIDE_CIRCLED = 0.917
WIDE_RING = 0.75
OPEN_CIRCLED, CLEAR_INSIDE = 0.9, 0.2  # or a ring with a gap, the paper inside it clear
# A ring drawn with a light pencil shows whole only in its grey: when some of it shows
# (more than LIGHT_RING_SEEN) and the grey is all round, the star is asked about.
LIGHT_RING_SEEN = 0.45
# A mark crosses its cell's middle: ink in one quarter of a cell only (more than
# STRAY) is a neighbour's overshooting stroke or a stray line, and is asked about.
STRAY = 0.005
# A photo with fewer than SOFT of its own pixels a millimetre must show a clearer ring.
SOFT = 4.5
SOFT_CIRCLED = 0.96
SOFT_SCRIBBLED = 0.45
# A dot inside a printed symbol's own white (an asteroid's or a star's middle) is hidden
# from the cell's paper: dark ink (DARK_INSIDE) on more than EMPTY_INSIDE of the cell's
# middle, where an empty symbol's photo has none, is asked about.
DARK_INSIDE, EMPTY_INSIDE = 0.5, 0.01
# The least mean ink along a straight stroke in a cell read unmarked, standing out
# (`pnp.read.starcharts_marks.stand_out`), for it to be asked about: a symbol's, an open one.
STROKE_FLOOR = (0.05, 0.04)
PRINT_LINE, LINE_CLEAR = 0.8, 0.2  # a grid line out of place across a cell (see _print_line)
MISPLACED = 0.5  # mm: a star's print this far from the blank's is not read
_CELL_INSET = 0.22  # of a cell's side: clear of its lines and of a neighbour's ink
_SYMBOL_INSET = 0.15  # the same for a cell with a star, an asteroid or a comet
_PRINTING = "print the sheets with `pnp starcharts sheet`"
_OTHER_KINDS = {
    4: "an Astra score pad",
    5: "an Astra score pad",
    6: "a Crafting the Cosmos score pad",
    7: "a Crafting the Cosmos score pad",
}


def _sheet_kinds() -> dict[int, tuple[int, str]]:
    from pnp.layouts.starcharts.sheet import KINDS

    return {kind: (per_page, paper) for (per_page, paper), kind in KINDS.items()}


def read_sheet(
    path: Path, chart: Chart | None = None, objectives: tuple[str, ...] | None = None
) -> SheetReading:
    """Read one photo; ``chart`` is used when the QR code cannot be read (and must agree
    with it when it can); ``objectives`` are the dealt cards' ids, when known."""
    from pnp.layouts.starcharts.sheet import sheet_marks, sheet_places, sheet_qr

    photo = load(path)
    markers = find_markers(photo)
    kinds = _sheet_kinds()
    wanted = Wanted(frozenset(kinds), "Star Charts sheet", "sheet", _PRINTING, _OTHER_KINDS)
    kind, found = ours(path, markers, wanted)
    per_page, paper_name = kinds[kind]
    paper = PAPERS[paper_name]
    marks = sheet_marks(paper, per_page)
    page = rectify(path, photo, found, marks)
    code = read_qr(page, marks, sheet_qr(paper, per_page))
    if code is None and chart is None:
        from pnp.read.starcharts_photo_chart import identify

        chart = identify(page, marks, paper_name, per_page)
    named = _chart_of(path, code, chart)
    places = sheet_places(named, paper, per_page)
    blank = blank_sheet(named, paper_name, per_page, page.gray.shape)
    page = aligned(path, page, blank)
    ink = pen_ink(page.colour, blank)  # the marks' insides are read from this
    clear = paper_only(blank, page.detail)  # the cells', only where no smeared print is
    seen = (ink, clear)
    doubts: list[Doubt] = []
    grid = tuple(
        _registered(named, i, box_px(marks, places.cell(i)), (page.gray, blank), doubts)
        or _cell(named, i, box_px(marks, places.cell(i)), seen, doubts, page.detail)
        for i in range(len(named.cells))
    )
    grid = _light_strokes(
        named, grid, [box_px(marks, places.cell(i)) for i in range(len(grid))], seen, doubts
    )
    boxes = tuple(
        number(
            f"objective box {k + 1}",
            ("box", k),
            box_px(marks, places.insides[k]),
            ink,
            doubts,
            box_values(named, grid, objectives),
        )
        for k in range(5)
    )
    filled = number(
        "the Filled Sheet box",
        ("filled", 0),
        box_px(marks, places.insides[5]),
        ink,
        doubts,
        filled_values(named, grid),
    )
    gained, used = _abilities(
        ink,
        seen,
        [box_px(marks, places.gained(k)) for k in range(len(abilities()))],
        [box_px(marks, places.used(k)) for k in range(len(abilities()))],
        doubts,
    )
    return SheetReading(path, named, grid, boxes, filled, gained, used, tuple(doubts), page, marks)


def _abilities(
    ink: NDArray[np.uint8],
    seen: tuple[NDArray[np.uint8], NDArray[np.uint8]],
    gained_boxes: list[tuple[int, int, int, int]],
    used_boxes: list[tuple[int, int, int, int]],
    doubts: list[Doubt],
) -> tuple[tuple[bool | None, ...], tuple[bool | None, ...]]:
    """Each ability's "gained" circle and "used" box; one read unmarked that holds a
    stroke standing out from the page's other unmarked ones is asked about."""
    import numpy as np

    boxes = {"gained": gained_boxes, "used": used_boxes}
    read: dict[tuple[str, int], bool | None] = {
        (kind, k): mark(f"{a.id} {kind}", (kind, k), boxes[kind][k], seen, doubts)
        for kind in boxes
        for k, a in enumerate(abilities())
    }
    strokes = {}
    for (kind, k), value in read.items():
        part = crop(ink, boxes[kind][k], 0.2)
        if value is False and part.size:
            strokes[kind, k] = line_ink(part, np.ones_like(part))
    for kind, k in stand_out(strokes, MARK_FLOOR):
        read[kind, k] = None
        doubts.append(
            Doubt(f"{abilities()[k].id} {kind}", boxes[kind][k], ("yes", "no"), (kind, k))
        )
    return tuple(read["gained", k] for k in range(len(abilities()))), tuple(
        read["used", k] for k in range(len(abilities()))
    )


def _chart_of(path: Path, code: str | None, given: Chart | None) -> Chart:
    if code is None:
        if given is None:
            raise PhotoError(
                f"{path}: the chart's code (the square pattern right of the Player line) could"
                " not be read: take the photo closer, or name the chart with --chart"
            )
        return given
    chart_id = code.lower() if code.upper() == code else code
    if given is not None:
        if given.id != chart_id:
            raise PhotoError(f"{path}: the sheet is chart {chart_id}, not {given.id} (--chart)")
        return given
    try:
        return load_chart(chart_id)
    except (OSError, ValueError):
        raise PhotoError(
            f"{path}: the sheet is chart {chart_id}, which is not a shipped chart: give its"
            " file with --chart"
        ) from None


def _cell(
    chart: Chart,
    index: int,
    box: tuple[int, int, int, int],
    seen: tuple[NDArray[np.uint8], NDArray[np.uint8]],
    doubts: list[Doubt],
    detail: float,
) -> str:
    """A cell: how much of its middle's paper (where nothing is printed: a star or an
    asteroid hides what is drawn over it) is inked, and round a star, a ring."""
    ink, clear = seen
    kind = chart.cells[index]
    symbol = kind.value
    # A symbol hides what is drawn over it: look at the rest of the cell, nearly to its
    # lines (a single slash through a star shows only there).
    inset = _CELL_INSET if kind is Cell.OPEN else _SYMBOL_INSET
    part, paper = crop(ink, box, inset), crop(clear, box, inset)
    inked = share(part, paper)
    row, col = divmod(index, chart.size)
    name = f"{column_letter(col)}{row + 1}"
    grey = SOFT_CELL_FAINT if detail < SOFT else CELL_FAINT
    empty = inked <= EMPTY and share(part, paper, grey) <= FAINT_EMPTY
    hidden = kind is not Cell.OPEN and share(crop(ink, box, 0.3), level=DARK_INSIDE) > EMPTY_INSIDE
    if empty and not hidden:
        return symbol
    if empty or inked < MARKED or _quarters(part, paper) < 2 or _print_line(part, paper):
        choices = ("x", "o", symbol) if kind is Cell.STAR else ("x", symbol)
        doubts.append(Doubt(name, box, choices, ("grid", index)))
        return UNREAD
    if kind is not Cell.STAR:
        return "x"
    around = crop(ink, box, 0.03) * crop(clear, box, 0.03)
    outer = ring(around, 0.62, 0.98)
    soft = detail < SOFT  # the star's own outline smears into a ring of its own
    circled, scribbled = (SOFT_CIRCLED, SOFT_SCRIBBLED) if soft else (CIRCLED, SCRIBBLED)
    if outer >= 1.0 and not soft:
        scribbled = CLOSED_SCRIBBLED
    inner = ring(around, 0.3, 0.55)
    if outer >= circled and inner <= scribbled:
        return "o"
    if outer >= OPEN_CIRCLED and inner <= CLEAR_INSIDE:
        return "o"
    wide = crop(ink, box, -0.25) * crop(clear, box, -0.25)  # 1.5 cells across
    if ring(wide, 0.62 / 1.5, 1.15 / 1.5) >= WIDE_CIRCLED and inner <= scribbled:
        return "o"
    light_ring = (
        outer > LIGHT_RING_SEEN and ring(around, 0.62, 0.98, level=CELL_FAINT) >= SOFT_CIRCLED
    )
    if outer <= UNCIRCLED and not light_ring and ring(wide, 0.62 / 1.5, 1.2 / 1.5) < WIDE_RING:
        return "x"
    doubts.append(Doubt(name, box, ("x", "o"), ("grid", index)))
    return UNREAD


def _light_strokes(
    chart: Chart,
    grid: tuple[str, ...],
    boxes: list[tuple[int, int, int, int]],
    seen: tuple[NDArray[np.uint8], NDArray[np.uint8]],
    doubts: list[Doubt],
) -> tuple[str, ...]:
    """The grid with each cell read unmarked that holds a straight stroke standing out
    from the page's other unmarked cells (`stand_out`, and at least STROKE_FLOOR) asked
    about: a light pencil's cross on a soft photo is
    fainter than any level that keeps a noisy photo's grain out."""

    ink, clear = seen
    unmarked = [i for i, token in enumerate(grid) if token == chart.cells[i].value]
    lines = {}
    for i in unmarked:
        inset = _CELL_INSET if chart.cells[i] is Cell.OPEN else _SYMBOL_INSET
        lines[i] = line_ink(crop(ink, boxes[i], inset), crop(clear, boxes[i], inset))
    out = list(grid)
    for i in stand_out(lines, STROKE_FLOOR[1]):
        kind = chart.cells[i]
        if lines[i] > STROKE_FLOOR[kind is Cell.OPEN]:
            row, col = divmod(i, chart.size)
            choices = ("x", "o", kind.value) if kind is Cell.STAR else ("x", kind.value)
            doubts.append(Doubt(f"{column_letter(col)}{row + 1}", boxes[i], choices, ("grid", i)))
            out[i] = UNREAD
    return tuple(out)


def _registered(
    chart: Chart,
    index: int,
    box: tuple[int, int, int, int],
    pages: tuple[NDArray[np.uint8], NDArray[np.uint8]],
    doubts: list[Doubt],
) -> str | None:
    """UNREAD, and a doubt, for a star whose print lies MISPLACED or further from the
    blank's: its own outline then shows as pen round it, a ring or a mark that is not
    there; None, to read the cell, otherwise."""
    if chart.cells[index] is not Cell.STAR or local_shift(*pages, box) <= MISPLACED:
        return None
    row, col = divmod(index, chart.size)
    doubts.append(Doubt(f"{column_letter(col)}{row + 1}", box, ("x", "o", "*"), ("grid", index)))
    return UNREAD


def _print_line(part: NDArray[np.float32], paper: NDArray[np.float32]) -> bool:
    """Whether the ink in a cell's crop is a line along its rows or its columns only:
    one row (or column) PRINT_LINE inked, most clear, and no other row (column) more
    than LINE_CLEAR: a grid line printed out of the blank's place where the page was not
    brought onto it, not a player's mark (a cross or a slash crosses both ways)."""
    import numpy as np

    seen = paper > 0.5
    inked = (part >= INKED) & seen
    means = []
    for axis in (0, 1):
        counts = seen.sum(axis=axis)
        means.append(inked.sum(axis=axis)[counts > 0] / counts[counts > 0])
    if not all(m.size for m in means):
        return False
    return any(
        line.max() >= PRINT_LINE
        and float(np.median(line)) <= LINE_CLEAR
        and across.max() <= LINE_CLEAR
        for line, across in (means, means[::-1])
    )


def _quarters(part: NDArray[np.float32], paper: NDArray[np.float32]) -> int:
    """How many of the crop's four quarters hold more than STRAY of ink."""
    rows, cols = part.shape
    halves = (
        (slice(0, rows // 2), slice(rows // 2, rows)),
        (slice(0, cols // 2), slice(cols // 2, cols)),
    )
    return sum(share(part[r, c], paper[r, c]) > STRAY for r in halves[0] for c in halves[1])


def game_text(
    readings: list[tuple[str, SheetReading]], objectives: tuple[str, ...] | None
) -> FormGame:
    """The finished-game text of the sheets read (each with its player's name), and
    which photo each line came from; ``objectives: ?`` when they were not given."""
    from pnp.score.starcharts_form import FormGame, Origin

    first = str(readings[0][1].path)
    lines = [f"chart: {readings[0][1].chart.id}", f"objectives: {' '.join(objectives or '?')}"]
    origins: list[Origin | None] = [Origin(first, ((1, ""),)), Origin(first, ((1, ""),))]
    for name, reading in readings:
        block = ["", *reading.text(name).split("\n")]
        lines += block
        origins += [Origin(str(reading.path), ((1, ""),))] * len(block)
    return FormGame("\n".join(lines) + "\n", tuple(origins))
