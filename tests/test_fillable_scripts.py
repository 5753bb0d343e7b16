"""The fillable forms' scripts run in node: the keystroke script takes digits only, the
calculation script adds a total up, a cell takes x or o and a name anything but a few
separators."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from pnp.render.pdf_form import KEYSTROKE, calculation, keystroke

_NODE = shutil.which("node")


def _node(script: str) -> Any:
    assert _NODE is not None
    out = subprocess.run([_NODE, "-e", script], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


@pytest.mark.skipif(_NODE is None, reason="needs node to run the fields' scripts")
def test_the_keystroke_script_takes_digits_only() -> None:
    cases = [("7", False), ("12", False), ("a", False), ("-", False), ("1.5", True)]
    cases += [("", True), ("42", True), ("4 2", True), ("x1", True)]
    script = (
        f"const cases = {json.dumps(cases)};"
        "console.log(JSON.stringify(cases.map(([text, commit]) => {"
        " const event = {rc: true, willCommit: commit,"
        " change: commit ? '' : text, value: commit ? text : ''};"
        f" (function () {{ {KEYSTROKE} }})(); return event.rc; }})));"
    )
    assert _node(script) == [True, True, False, False, False, True, True, False, False]


@pytest.mark.skipif(_NODE is None, reason="needs node to run the fields' scripts")
def test_the_calculation_script_adds_up() -> None:
    terms = (("p1.objective1", 1), ("p1.filled", 1), ("p1.unused", 3))
    filled: list[dict[str, str | int]] = [
        {},
        {"p1.objective1": "12"},
        {"p1.objective1": "12", "p1.unused": "2"},
    ]
    # Acrobat gives a number-like value as a Number
    filled.append({"p1.objective1": 12, "p1.filled": "5", "p1.unused": "0"})
    script = (
        f"const cases = {json.dumps(filled)};"
        "console.log(JSON.stringify(cases.map((values) => {"
        " const doc = {getField: (n) => ({value: n in values ? values[n] : ''})};"
        " const event = {value: 'old'};"
        f" (function () {{ {calculation(terms)} }}).call(doc); return event.value; }})));"
    )
    assert _node(script) == ["", "12", "18", "17"]


@pytest.mark.skipif(_NODE is None, reason="needs node to run the fields' scripts")
def test_the_cell_and_name_scripts() -> None:
    """A cell takes x or o in either case; a name anything but spaces and : , ; #."""
    cases = {
        "xXoO": [("x", False, True), ("O", False, True), ("q", False, False), ("xo", True, True)],
        "^\\s:,;#": [("Ann", True, True), ("é", False, True), (" ", False, False)],
    }
    cases["^\\s:,;#"] += [("a#b", True, False), (";", False, False)]
    for keys, tried in cases.items():
        script = (
            f"const cases = {json.dumps(tried)};"
            "console.log(JSON.stringify(cases.map(([text, commit]) => {"
            " const event = {rc: true, willCommit: commit,"
            " change: commit ? '' : text, value: commit ? text : ''};"
            f" (function () {{ {keystroke(keys)} }})(); return event.rc; }})));"
        )
        assert _node(script) == [ok for _, _, ok in tried], keys
