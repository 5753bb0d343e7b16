"""Fillable fields for the PDF renderer: ReportLab writes each widget (its rectangle,
MaxLen, default appearance and an empty appearance stream); this module adds what
ReportLab has no option for: dotted names as a field hierarchy (a partial name holds no
period), a keystroke script that refuses what the field does not take (digits, unless
told), a calculation script on totals and the form's calculation order."""

from __future__ import annotations

import json
from typing import Any

from pnp.draw.shapes import Field


def keystroke(keys: str) -> str:
    """Where the viewer runs JavaScript (Acrobat, PDF.js): only ``keys`` (a regular
    expression's character class), as typed and as committed (a paste)."""
    typed = "event.willCommit ? event.value : event.change"
    return f"if (!/^[{keys}]*$/.test({typed})) event.rc = false;"


KEYSTROKE = keystroke("0-9")
_LARGEST_TEXT = 16.0  # points; a field's text is never larger
_TEXT_SHARE = 0.7  # of the field's height
_DO_NOT_SPELL_CHECK = 1 << 22  # a field flag


def calculation(terms: tuple[tuple[str, int], ...]) -> str:
    """A total's script: the sum of its terms, blank while they all are. A function of
    its own keeps its variables out of the global scope PDF.js runs scripts in; ``this``
    is the document there and in Acrobat."""
    pairs = json.dumps([list(t) for t in terms], separators=(",", ":"))
    return (
        "(function (doc) {"
        f" var t = {pairs}, s = 0, any = false;"
        " for (var i = 0; i < t.length; i++) {"
        " var v = doc.getField(t[i][0]).value;"
        ' if (v === undefined || v === null || String(v) === "") continue;'
        " s += t[i][1] * Number(v); any = true; }"
        ' event.value = any ? String(s) : ""; })(this);'
    )


def text_size(height: float) -> int:
    """The whole font size (ReportLab writes it as one) that fits a field's height."""
    return max(1, int(min(_LARGEST_TEXT, height * _TEXT_SHARE)))


class Form:
    """The fields of one document, added page by page, finished once."""

    def __init__(self, canvas: Any) -> None:
        self._canvas = canvas
        self._leaves: list[tuple[str, Any]] = []  # full name, field reference
        self._totals: list[Any] = []

    def add(self, field: Field, rect: tuple[float, float, float, float], scale: float) -> None:
        """Add a field to the current page at ``rect`` (its corners on the page)."""
        from reportlab.pdfbase.pdfdoc import PDFDictionary

        form = self._canvas.acroForm
        x1, y1, x2, y2 = rect
        fixed = field.value is not None
        form.textfield(
            value=field.value or "",
            annotationFlags="hidden" if fixed else "print",
            fieldFlags="readOnly" if fixed else "",
            name=field.name,
            x=x1,
            y=y1,
            width=x2 - x1,
            height=y2 - y1,
            maxlen=field.max_length,
            # What a player types is drawn by the viewer in its own Helvetica (all have
            # one): our embedded subsets hold only the glyphs the page prints.
            fontName="Helvetica",
            fontSize=text_size(field.box.h * scale),
            textColor=None,  # the default appearance then says "0 g": DeviceGray black
            fillColor=None,
            borderColor=None,
            borderWidth=0,
        )
        ref = form.fields[-1]
        widget = self._canvas._doc.idToObject[ref.name].dict
        actions = {"K": _javascript(keystroke(field.keys))}
        if field.sums:
            actions["C"] = _javascript(calculation(field.sums))
            self._totals.append(ref)
        if not fixed:
            widget["AA"] = PDFDictionary(actions)
        widget["Q"] = 1  # centred
        widget["Ff"] = widget["Ff"] | _DO_NOT_SPELL_CHECK
        self._leaves.append((field.name, ref))

    def finish(self) -> None:
        """Group the fields by their dotted names and set the calculation order."""
        from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFString

        if not self._leaves:
            return
        names = [name for name, _ in self._leaves]
        groups = {n.rsplit(".", k)[0] for n in names for k in range(1, n.count(".") + 1)}
        if len(set(names)) != len(names) or groups & set(names):
            raise ValueError(f"fillable field names clash: {sorted(names)}")
        doc = self._canvas._doc
        form = self._canvas.acroForm
        nodes: dict[str, Any] = {}  # a group's full name → its dictionary
        roots: list[Any] = []
        for name, ref in self._leaves:
            parts = name.split(".")
            parent = None
            for depth in range(1, len(parts)):
                group = ".".join(parts[:depth])
                if group not in nodes:
                    node = PDFDictionary({"T": PDFString(parts[depth - 1]), "Kids": PDFArray([])})
                    nodes[group] = node
                    if parent is None:
                        roots.append(doc.Reference(node))
                    else:
                        node.dict["Parent"] = doc.Reference(parent)
                        parent.dict["Kids"].sequence.append(doc.Reference(node))
                parent = nodes[group]
            widget = doc.idToObject[ref.name].dict
            widget["T"] = PDFString(parts[-1])
            if parent is None:
                roots.append(ref)
            else:
                widget["Parent"] = doc.Reference(parent)
                parent.dict["Kids"].sequence.append(ref)
        form.fields = roots
        form.extras["NeedAppearances"] = "true"
        if self._totals:
            form.extras["CO"] = PDFArray(self._totals)


def _javascript(script: str) -> Any:
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFString

    return PDFDictionary({"S": PDFName("JavaScript"), "JS": PDFString(script)})
