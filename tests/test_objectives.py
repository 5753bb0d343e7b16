from __future__ import annotations

import pytest

from pnp.starcharts.chart import Cell, Chart, load_chart
from pnp.starcharts.content import objectives
from pnp.starcharts.coords import parse_cell
from pnp.starcharts.geometry import geometry
from pnp.starcharts.objectives import FACTORIES, met

LYRA = load_chart("lyra-8-obstacles")
G8 = geometry(LYRA)
G10 = geometry(load_chart("orion-10-obstacles"))


def cells(g_size: int, *names: str) -> int:
    m = 0
    for name in names:
        if "-" in name:
            a, b = (parse_cell(x, g_size) for x in name.split("-"))
            (ra, ca), (rb, cb) = divmod(a, g_size), divmod(b, g_size)
            for r in range(min(ra, rb), max(ra, rb) + 1):
                for c in range(min(ca, cb), max(ca, cb) + 1):
                    m |= 1 << (r * g_size + c)
        else:
            m |= 1 << parse_cell(name, g_size)
    return m


def test_every_card_in_the_data_has_a_condition() -> None:
    assert {o.id for o in objectives()} == set(FACTORIES)


def test_spec_values() -> None:
    values = {o.id: (o.high, o.low) for o in objectives()}
    assert values == {
        "two-rows": (6, 3),
        "two-columns": (6, 3),
        "four-corners": (4, 2),
        "border": (8, 5),
        "all-stars": (7, 4),
        "asteroid-field": (5, 3),
        "comet-tails": (5, 3),
        "core": (6, 3),
        "quadrant": (7, 4),
        "diagonal": (6, 3),
        "star-lines": (6, 3),
        "half-sky": (3, 1),
        "star-frame": (5, 2),
    }
    assert {o.id for o in objectives() if o.obstacles} == {"asteroid-field", "comet-tails"}


@pytest.mark.parametrize(
    ("objective", "yes", "no"),
    [
        ("two-rows", ["A1-H1", "A8-H8"], ["A1-H1", "A8-G8"]),
        ("two-columns", ["A1-A8", "C1-C8"], ["A1-A8", "A1-H1"]),
        ("four-corners", ["A1", "H1", "A8", "H8"], ["A1", "H1", "A8"]),
        ("border", ["A1-H1", "A8-H8", "A1-A8", "H1-H8"], ["A1-H1", "A8-G8", "A1-A8", "H1-H7"]),
        ("core", ["C3-F6"], ["C3-F5", "C6-E6"]),
        ("quadrant", ["E5-H8"], ["E5-H7", "A1-C3"]),
        ("diagonal", ["A8", "B7", "C6", "D5", "E4", "F3", "G2", "H1"], ["A1", "B2", "C3"]),
        ("half-sky", ["A1-H4"], ["A1-H3", "A4-G4"]),
    ],
)
def test_conditions_on_8x8(objective: str, yes: list[str], no: list[str]) -> None:
    assert met(objective, G8, cells(8, *yes))
    assert not met(objective, G8, cells(8, *no))


def test_the_10x10_core_is_d4_to_g7_and_quadrants_are_5x5() -> None:
    assert met("core", G10, cells(10, "D4-G7"))
    assert not met("core", G10, cells(10, "C3-F6"))
    assert met("quadrant", G10, cells(10, "F6-J10"))
    assert not met("quadrant", G10, cells(10, "A1-D4"))


def _star_chart() -> Chart:
    grid = [Cell.OPEN] * 64
    for name in ("B2", "D4", "G7"):
        grid[parse_cell(name, 8)] = Cell.STAR
    return Chart("t", "T", 8, tuple(grid))


def test_star_conditions() -> None:
    g = geometry(_star_chart())
    assert met("all-stars", g, cells(8, "B2", "D4", "G7"))
    assert not met("all-stars", g, cells(8, "B2", "D4"))
    assert met("star-frame", g, cells(8, "C3-E5"))
    assert met("star-frame", g, cells(8, "F6-H8"))  # G7 and its eight neighbours
    assert not met("star-frame", g, cells(8, "C3-E4"))
    assert met("star-lines", g, cells(8, "A2-H2", "A4-H4", "G1-G8"))
    assert not met("star-lines", g, cells(8, "A2-H2", "A4-H4", "A1-H1"))  # row 1 has no star


def test_obstacle_conditions() -> None:
    asteroids = [i for i, c in enumerate(LYRA.cells) if c is Cell.ASTEROID]
    comets = [i for i, c in enumerate(LYRA.cells) if c in (Cell.COMET_ROW, Cell.COMET_COL)]
    every = sum(1 << i for i in asteroids)
    assert met("asteroid-field", G8, every)
    assert not met("asteroid-field", G8, every & ~(1 << asteroids[0]))
    every = sum(1 << i for i in comets)
    assert met("comet-tails", G8, every) and not met("comet-tails", G8, every >> 1 & every)
