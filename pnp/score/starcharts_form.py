"""Filled Star Charts sheets (``pnp starcharts sheet --fillable``, typed in a PDF viewer)
read into the finished-game text a player would type, so the same scorer checks them.
Each filled sheet of the files is one player; a sheet with no field filled is skipped.
The text remembers which field each of its words came from (``FormGame.where``), so a
problem the scorer finds in it can name the field. pypdf is imported only here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from pnp.errors import PnpError, Problem, shown
from pnp.score.form_fields import form_fields
from pnp.starcharts.chart import Chart, chart_ids, load_chart
from pnp.starcharts.content import abilities
from pnp.starcharts.coords import format_cell
from pnp.text.parsing import read_input

MAX_PDF_BYTES = 20_000_000  # a sheet with fields is about 100 kB a page
MAX_FIELDS = 20_000  # 122 fields make the largest sheet
OBJECTIVES_OPTION = "--objectives"
# pnp's own extra, installed from its folder (a package called pnp on PyPI is another)
_DIGITS = re.compile(r"[0-9]{1,3}\Z")
_SCORE_FIELDS = (*(f"objective{i}" for i in range(1, 6)), "filled", "unused", "total")
_SHEET = re.compile(r"(p[0-9]{1,4})\.chart\Z")


class FormError(PnpError):
    """Filled forms that cannot be read, or fields holding what a sheet cannot: one line
    each, ``SHEET.pdf: field p1.C4: …``."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = tuple(lines)
        super().__init__("\n".join(self.lines))


class Sheet(NamedTuple):
    """One sheet of a filled PDF: its file, its place (``p1``), chart and field values."""

    path: str
    place: str
    chart: str
    values: dict[str, str]  # field name after the place (``C4``) → value, stripped

    def filled(self) -> bool:
        return any(self.values.values())


class Origin(NamedTuple):
    """Where a line of the text came from: a file and the field at each column (the
    field of the last column at or before a column is that column's)."""

    path: str
    fields: tuple[tuple[int, str], ...]


class FormGame(NamedTuple):
    text: str
    origins: tuple[Origin | None, ...]  # line n's at index n - 1

    def where(self, problem: Problem) -> str:
        """``problem`` (found in the text) as the form's field that holds it."""
        origin = self.origins[problem.line - 1] if 0 < problem.line <= len(self.origins) else None
        if origin is None:
            return problem.message
        field = origin.fields[0][1]
        for col, name in origin.fields:
            if col <= problem.col:
                field = name
        if not field:  # a line read from a photo: the photo says where
            return f"{origin.path}: {problem.message}"
        if field == OBJECTIVES_OPTION:
            return f"{OBJECTIVES_OPTION}: {problem.message}"
        return f"{origin.path}: field {field}: {problem.message}"


def read_sheets(path: str) -> list[Sheet]:
    """The Star Charts sheets of a filled PDF, in their order in the file."""
    data = read_input(path, MAX_PDF_BYTES)
    fields = form_fields(path, data, MAX_FIELDS, FormError)
    places = sorted(
        (int(m.group(1)[1:]), m.group(1)) for name in fields if (m := _SHEET.match(name))
    )
    if not places:
        raise FormError(
            [
                f"{path}: not a fillable Star Charts sheet (no p1.chart field): fill the PDF "
                "that `pnp starcharts sheet CHART --fillable` makes"
            ]
        )
    sheets = []
    for _, place in places:
        prefix = f"{place}."
        values = {n[len(prefix) :]: v for n, v in fields.items() if n.startswith(prefix)}
        chart = values.pop("chart")
        sheets.append(Sheet(path, place, chart, values))
    return sheets


def read_game(paths: Sequence[str], objectives: Sequence[str] | None) -> FormGame:
    """The finished-game text of the filled sheets of the PDFs at ``paths``: one game."""
    sheets: list[Sheet] = []
    problems: list[str] = []
    for path in paths:
        try:
            sheets += read_sheets(path)
        except FormError as exc:
            problems += exc.lines
    if problems:
        raise FormError(problems)
    return form_game(sheets, objectives)


def form_game(sheets: Sequence[Sheet], objectives: Sequence[str] | None) -> FormGame:
    """The finished-game text of the filled ``sheets``, with the dealt ``objectives``
    (``?`` when not given: the scorer then stops there)."""
    filled = [s for s in sheets if s.filled()]
    problems: list[str] = []
    if not filled:
        names = ", ".join(dict.fromkeys(s.path for s in sheets))
        raise FormError([f"{names}: no sheet has a field filled in"])
    first = filled[0]
    if first.chart not in chart_ids():  # an id only: a form never names a file to read
        said = shown(first.chart)
        raise FormError([f"{first.path}: field {first.place}.chart: {said} is not a chart pnp has"])
    for sheet in filled[1:]:
        if sheet.chart != first.chart:
            problems.append(
                f"{sheet.path}: sheet {sheet.place} is chart {shown(sheet.chart)}, but "
                f"{first.path}'s {first.place} is {first.chart}: a game has one chart"
            )
    chart = load_chart(first.chart)
    lines: list[tuple[str, Origin | None]] = [
        (
            f"# read from the filled form{'s' if len({s.path for s in sheets}) > 1 else ''} by pnp",
            None,
        ),
        (f"chart: {chart.id}", Origin(first.path, ((1, f"{first.place}.chart"),))),
        (f"objectives: {' '.join(objectives or ['?'])}", Origin("", ((1, OBJECTIVES_OPTION),))),
    ]
    for k, sheet in enumerate(filled, 1):
        lines.append(("", None))
        lines += _player(sheet, chart, k, problems)
    if problems:
        raise FormError(problems)
    return FormGame("".join(f"{text}\n" for text, _ in lines), tuple(origin for _, origin in lines))


def _player(
    sheet: Sheet, chart: Chart, k: int, problems: list[str]
) -> list[tuple[str, Origin | None]]:
    v, p = sheet.values, sheet.place

    def bad(field: str, expected: str) -> None:
        problems.append(f"{sheet.path}: field {p}.{field}: {shown(v[field])} is not {expected}")

    def origin(*fields: tuple[int, str]) -> Origin:
        return Origin(sheet.path, tuple((col, f"{p}.{name}") for col, name in fields))

    name = v.get("player", "")
    if not name.isprintable() or "#" in name:  # a new line, or a comment, in the text
        bad("player", "a name on one line without #")
    lines: list[tuple[str, Origin | None]] = [
        (f"player: {name or f'Player{k}'}", origin((1, "player")))
    ]
    n = chart.size
    for row in range(n):
        cells, fields = [], []
        for col in range(n):
            cell = format_cell(row * n + col, n)
            value = v.get(cell, "").lower()
            if value not in ("", "x", "o"):
                bad(cell, "x or o")
            cells.append(value if value in ("x", "o") else chart.cells[row * n + col].value)
            fields.append((2 * col + 1, cell))
        lines.append((" ".join(cells), origin(*fields)))
    for field in _SCORE_FIELDS:
        if v.get(field) and not _DIGITS.match(v[field]):
            bad(field, "a number")
    boxes = [v.get(f"objective{i}") or "." for i in range(1, 6)]
    cols = [len("boxes: ") + 1 + sum(len(b) + 1 for b in boxes[:i]) for i in range(5)]
    box_fields = [(c, f"objective{i}") for i, c in enumerate(cols, 1)]
    lines.append((f"boxes: {' '.join(boxes)}", origin(*box_fields)))
    lines.append((f"filled: {v.get('filled') or '.'}", origin((1, "filled"))))
    words: list[tuple[str, str]] = []
    for ability in abilities():
        gained, used = (v.get(f"{ability.id}.{m}", "").lower() for m in ("gained", "used"))
        for mark, value in (("gained", gained), ("used", used)):
            if value not in ("", "x"):
                bad(f"{ability.id}.{mark}", "x")
        if used == "x" and gained != "x":
            problems.append(
                f"{sheet.path}: field {p}.{ability.id}.used: used, but "
                f"{p}.{ability.id}.gained is empty (an ability is gained before it is used)"
            )
        if gained == "x":
            words.append((ability.id, f"{ability.id}.gained"))
            if used == "x":
                words.append(("used", f"{ability.id}.used"))
    text, fields = "abilities:", []
    for word, field in words:
        separator = ", " if text != "abilities:" and word != "used" else " "
        text += separator
        fields.append((len(text) + 1, field))
        text += word
    if words:
        lines.append((text, origin(*fields)))
    return lines


def is_pdf(path: str) -> bool:
    """Whether ``path`` is a regular file starting as a PDF does (the reader of a text
    file reports any other kind of file)."""
    import os
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and os.read(fd, 5) == b"%PDF-"
    except OSError:
        return False
    finally:
        os.close(fd)
