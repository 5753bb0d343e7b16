"""Astra's constellation cards as terminal text and as JSON-ready values (for
``pnp astra constellations``). Pure functions of the cards; nothing here draws a page."""

from __future__ import annotations

from typing import Any

from pnp.astra.abilities import ability
from pnp.astra.model import Constellation, Star, StarKind
from pnp.astra.text import Lang, text

GRID_COLUMNS = 61  # a terminal cell is about twice as tall as wide, so the grid
GRID_ROWS = 31  # is twice as many columns as rows to keep the figure's proportions

_HEADERS = {
    Lang.EN: ("name", "French", "element", "stars", "grand", "fame", "boons", "ability"),
    Lang.FR: ("nom", "anglais", "élément", "étoiles", "grandes", "renommée", "bonus", "pouvoir"),
}
_LEGEND = {
    Lang.EN: ("Starting star", "Grand star", "Common star", "stars", "lines", "Fame"),
    Lang.FR: (
        "étoile de départ",
        "grande étoile",
        "étoile commune",
        "étoiles",
        "lignes",
        "Renommée",
    ),
}


def _boons(c: Constellation, lang: Lang) -> str:
    return ", ".join(f"{text(f'terms.boon_{b.kind.value}', lang)} {b.amount}" for b in c.boons)


def _element(c: Constellation, lang: Lang) -> str:
    return text(f"terms.{c.element.value}", lang)


def constellation_table(cs: tuple[Constellation, ...] | list[Constellation], lang: Lang) -> str:
    """One row per card: its names, element, stars, Grand stars, Fame, boons (left to
    right) and ability id."""
    rows = [_HEADERS[lang]]
    for c in cs:
        rows.append(
            (
                c.title(lang),
                c.name if lang is Lang.FR else c.name_fr,
                _element(c, lang),
                str(c.size),
                str(len(c.grand)),
                str(c.fame),
                _boons(c, lang),
                c.ability,
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    numeric = {3, 4, 5}
    lines = [
        "  ".join(
            v.rjust(w) if i in numeric else v.ljust(w)
            for i, (v, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _star_json(s: Star) -> dict[str, Any]:
    return {
        "number": s.number,
        "label": s.label,
        "kind": s.kind.value,
        "magnitude": s.magnitude,
        "hip": s.hip,
        "x": s.x,
        "y": s.y,
    }


def constellation_json(c: Constellation, lang: Lang = Lang.EN) -> dict[str, Any]:
    power = ability(c.ability)
    return {
        "key": c.key,
        "name": c.name,
        "name_fr": c.name_fr,
        "element": c.element.value,
        "stars": c.size,
        "grand_stars": [s.label for s in c.grand],
        "starting_star": c.starting.label,
        "fame": c.fame,
        "boons": [{"kind": b.kind.value, "amount": b.amount} for b in c.boons],
        "ability": c.ability,
        "ability_timing": power.timing.value,
        "ability_text": power.text(lang),
        "star_list": [_star_json(s) for s in c.stars],
        "edges": [list(e) for e in c.edges],
    }


def constellations_json(
    cs: tuple[Constellation, ...] | list[Constellation], lang: Lang = Lang.EN
) -> list[dict[str, Any]]:
    """The cards as plain values for ``json.dumps``; ``stars`` is the star count, the
    stars themselves are in ``star_list`` (numbered as on the card) and ``edges``."""
    return [constellation_json(c, lang) for c in cs]


def _mark(s: Star) -> str:
    if s.kind is StarKind.STARTING:
        return f"({s.number})"
    if s.kind is StarKind.GRAND:
        return f"[{s.number}]"
    return str(s.number)


def _cell(s: Star) -> tuple[int, int]:
    return round((1 - s.y) * (GRID_ROWS - 1)), round(s.x * (GRID_COLUMNS - 1))


def _line_char(dr: int, dc: int) -> str:
    """The character for a line going ``dr`` rows down and ``dc`` columns right."""
    tall = abs(dr) * 2  # a row is about two columns high
    if tall * 2 < abs(dc):
        return "-"
    if abs(dc) * 2 < tall:
        return "|"
    return "\\" if (dr > 0) == (dc > 0) else "/"


def _grid(c: Constellation) -> list[list[str]]:
    grid = [[" "] * GRID_COLUMNS for _ in range(GRID_ROWS)]
    for a, b in c.edges:
        (r1, c1), (r2, c2) = _cell(c.star(a)), _cell(c.star(b))
        steps = max(abs(r2 - r1), abs(c2 - c1))
        char = _line_char(r2 - r1, c2 - c1)
        for i in range(1, steps):
            grid[round(r1 + (r2 - r1) * i / steps)][round(c1 + (c2 - c1) * i / steps)] = char
    taken: set[tuple[int, int]] = set()
    for s in sorted(c.stars, key=lambda s: (s.kind is StarKind.COMMON, s.number)):
        row, col = _cell(s)
        mark = _mark(s)
        start = col - (len(mark) - 1) // 2
        spots = [(row, start + d) for d in (0, 1, -1, 2, -2, 3, -3)]
        spots += [(row + dr, start + d) for dr in (-1, 1) for d in (0, 1, -1, 2, -2)]
        for r, first in spots:
            cells = {(r, first + i) for i in range(-1, len(mark) + 1)}
            inside = 0 <= r < GRID_ROWS and first >= 0 and first + len(mark) <= GRID_COLUMNS
            if inside and not cells & taken:
                break
        else:
            r, first = row, max(0, min(GRID_COLUMNS - len(mark), start))
        for i, ch in enumerate(mark):
            grid[r][first + i] = ch
            taken.add((r, first + i))
    return grid


def show_constellation(c: Constellation, lang: Lang = Lang.EN) -> str:
    """The card's graph drawn in characters (stars by number: ``(n)`` the Starting
    star, ``[n]`` Grand stars), then its stars, lines, boons and ability."""
    starting, grand, common, stars_word, lines_word, fame_word = _LEGEND[lang]
    other = c.name if lang is Lang.FR else c.name_fr
    out = [
        f"{c.title(lang)} ({other}, {c.key}) · {_element(c, lang)} · {c.size} {stars_word}"
        f" · {fame_word} {c.fame}",
        "",
    ]
    rows = [("  " + "".join(row)).rstrip() for row in _grid(c)]
    while rows and not rows[0]:
        rows.pop(0)
    while rows and not rows[-1]:
        rows.pop()
    out += rows
    out.append("")
    out.append(f"(n) {starting}   [n] {grand}   n {common}")
    width = max(len(s.label) for s in c.stars)
    for s in c.stars:
        kind = {StarKind.STARTING: starting, StarKind.GRAND: grand}.get(s.kind, "")
        out.append(f"{s.number:>4}  {s.label:<{width}}  {s.magnitude:5.2f}  {kind}".rstrip())
    colon = "\u00a0:" if lang is Lang.FR else ":"  # French sets a space before a colon
    out.append(f"{lines_word}{colon} " + ", ".join(f"{a}–{b}" for a, b in c.edges))
    out.append(f"{text('terms.boons', lang)}{colon} {_boons(c, lang)}")
    power = ability(c.ability)
    out.append(f"{text('terms.ability', lang)} ({c.ability}){colon} {power.text(lang)}")
    return "\n".join(out) + "\n"
