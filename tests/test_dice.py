"""The printable eight-sided die: a net of eight equilateral triangles that folds shut
into the octahedron, faces 1-8 once each with parallel faces summing to 9, a glue tab
for every pair of free edges that meet, and the pages the command writes."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from pathlib import Path

import pytest

from pnp.layouts.starcharts.dice import EDGE, Net, net, slots
from pnp.paper.sizes import A4, LETTER, Paper
from pnp.paper.units import mm
from tests import pdfread
from tests.conftest import Run

Vec = tuple[float, float, float]


def key(p: tuple[float, float]) -> tuple[float, float]:
    return round(p[0], 3), round(p[1], 3)


def triangles(shape: Net) -> list[list[tuple[float, float]]]:
    """Each face's corners, counter-clockwise: folded, their normals all point the same
    way (out of the solid or all into it)."""
    out = []
    for f in shape.faces:
        a, b, c = f.points.values()
        area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        out.append([a, b, c] if area > 0 else [a, c, b])
    return out


def test_eight_equilateral_triangles_with_edges_of_at_least_20_mm() -> None:
    shape = net()
    assert len(shape.faces) == 8
    assert sorted(f.number for f in shape.faces) == list(range(1, 9))
    for tri in triangles(shape):
        sides = [math.dist(tri[i], tri[i - 1]) for i in range(3)]
        for side in sides:
            assert side == pytest.approx(EDGE, abs=1e-6)
    assert mm(20) <= EDGE
    centres = {key(f.centre) for f in shape.faces}
    assert len(centres) == 8  # no two triangles on top of each other


def _hinges(shape: Net) -> list[tuple[int, int, tuple[float, float], tuple[float, float]]]:
    """The edges two triangles of the net share: (face, face, p, q)."""
    found = []
    tris = triangles(shape)
    for i in range(8):
        for j in range(i + 1, 8):
            shared = {key(p) for p in tris[i]} & {key(p) for p in tris[j]}
            if len(shared) == 2:
                p, q = sorted(shared)
                found.append((i, j, p, q))
    return found


def _rotate(v: Vec, p: Vec, axis: Vec, angle: float) -> Vec:
    """``v`` turned by ``angle`` about the line through ``p`` along unit ``axis``."""
    d = [v[k] - p[k] for k in range(3)]
    c, s = math.cos(angle), math.sin(angle)
    dot = sum(d[k] * axis[k] for k in range(3))
    cross = (
        axis[1] * d[2] - axis[2] * d[1],
        axis[2] * d[0] - axis[0] * d[2],
        axis[0] * d[1] - axis[1] * d[0],
    )
    return (
        p[0] + d[0] * c + cross[0] * s + axis[0] * dot * (1 - c),
        p[1] + d[1] * c + cross[1] * s + axis[1] * dot * (1 - c),
        p[2] + d[2] * c + cross[2] * s + axis[2] * dot * (1 - c),
    )


def fold(shape: Net) -> list[list[Vec]]:
    """Fold the flat net along its hinges, from face 0, every hinge by the same turn
    (180° less the octahedron's dihedral angle, arccos(-1/3)), all the same way."""
    turn = math.pi - math.acos(-1 / 3)
    tris = [[(x, y, 0.0) for x, y in tri] for tri in triangles(shape)]
    hinges = _hinges(shape)
    assert len(hinges) == 7  # a tree: eight faces, seven folds
    done = {0}
    while len(done) < 8:
        for i, j, p2, q2 in hinges:
            if (i in done) == (j in done):
                continue
            parent, child = (i, j) if i in done else (j, i)
            # the hinge's 3D position: the parent's (already folded) corners at p and q
            flat = [key(pt) for pt in triangles(shape)[parent]]
            p, q = tris[parent][flat.index(p2)], tris[parent][flat.index(q2)]
            axis_len = math.dist(p, q)
            axis: Vec = (
                (q[0] - p[0]) / axis_len,
                (q[1] - p[1]) / axis_len,
                (q[2] - p[2]) / axis_len,
            )
            # each child face below in the tree turns with it
            below = {child}
            grew = True
            while grew:
                grew = False
                for a, b, _, _ in hinges:
                    for x, y in ((a, b), (b, a)):
                        if x in below and y not in below and y not in done:
                            below.add(y)
                            grew = True
            # the turn's sign: the child swings up (+z side of the parent's normal)
            normal = _normal(tris[parent])
            for sign in (1, -1):
                trial = _rotate(_centre(tris[child]), p, axis, sign * turn)
                if sum((trial[k] - _centre(tris[parent])[k]) * normal[k] for k in range(3)) > 0:
                    break
            for f in below:
                tris[f] = [_rotate(v, p, axis, sign * turn) for v in tris[f]]
            done.add(child)
    return tris


def _centre(tri: list[Vec]) -> Vec:
    return (
        sum(v[0] for v in tri) / 3,
        sum(v[1] for v in tri) / 3,
        sum(v[2] for v in tri) / 3,
    )


def _normal(tri: list[Vec]) -> Vec:
    a, b, c = tri
    u = [b[k] - a[k] for k in range(3)]
    v = [c[k] - a[k] for k in range(3)]
    n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    length = math.sqrt(sum(x * x for x in n))
    return (n[0] / length, n[1] / length, n[2] / length)


def test_the_net_folds_into_the_octahedron_with_opposite_faces_summing_to_9() -> None:
    shape = net()
    solid = fold(shape)
    centre = tuple(sum(_centre(t)[k] for t in solid) / 8 for k in range(3))
    # closed: six corners, each shared by four faces, all at the same distance
    corners = Counter(tuple(round(x, 3) for x in v) for t in solid for v in t)
    assert len(corners) == 6 and set(corners.values()) == {4}
    radius = {round(math.dist(c, centre), 3) for c in corners}
    assert len(radius) == 1 and radius.pop() == pytest.approx(EDGE / math.sqrt(2), abs=1e-3)
    # parallel faces: their outward directions (from the solid's centre) are opposite
    out = [
        tuple(_centre(t)[k] - centre[k] for k in range(3)) for t in solid
    ]  # fmt: skip
    numbers = [f.number for f in shape.faces]
    pairs = []
    for i in range(8):
        for j in range(i + 1, 8):
            cos = sum(out[i][k] * out[j][k] for k in range(3)) / (
                math.dist(out[i], (0, 0, 0)) * math.dist(out[j], (0, 0, 0))
            )
            if cos == pytest.approx(-1.0, abs=1e-6):
                pairs.append(numbers[i] + numbers[j])
    assert pairs == [9, 9, 9, 9]


def test_one_tab_for_every_pair_of_free_edges_that_meet() -> None:
    shape = net()
    solid = fold(shape)
    inner = {frozenset((p, q)) for _, _, p, q in _hinges(shape)}
    free = {}  # a free flat edge → the folded edge it becomes
    for tri2, tri3 in zip(triangles(shape), solid, strict=True):
        for i in range(3):
            flat = frozenset((key(tri2[i - 1]), key(tri2[i])))
            if flat not in inner:
                free[flat] = frozenset(
                    tuple(round(x, 3) for x in tri3[k]) for k in (i - 1, i)
                )  # fmt: skip
    assert len(free) == 10
    assert set(Counter(free.values()).values()) == {2}  # the free edges glue in 5 pairs
    tabbed = [frozenset((key(t[0]), key(t[1]))) for t in shape.tabs]
    assert len(tabbed) == 5 and set(tabbed) <= set(free)
    assert len({free[edge] for edge in tabbed}) == 5  # one tab on each pair
    # the tabs' hinges are folds; every other free edge, and the tabs' sides, are cuts
    folds = {frozenset((key(p), key(q))) for p, q in shape.folds}
    cuts = {frozenset((key(p), key(q))) for p, q in shape.cuts}
    assert folds == inner | set(tabbed)
    assert set(free) - set(tabbed) <= cuts and len(cuts) == 5 + 3 * 5


@pytest.mark.parametrize(("paper", "per_page"), [(A4, 12), (LETTER, 10)])
def test_as_many_nets_per_page_as_fit(paper: Paper, per_page: int) -> None:
    shape = net()
    places = slots(paper, shape)
    assert len(places) == per_page
    for box in places:
        assert paper.printable.contains(box)
    for a, b in itertools.combinations(places, 2):
        assert not a.overlaps(b)


@pytest.mark.parametrize(
    ("paper", "count", "size", "pages"),
    [("a4", 5, (595.276, 841.89), [5]), ("letter", 12, (612, 792), [10, 2])],
)
def test_the_pdf_reads_back(
    run: Run, paper: str, count: int, size: tuple[float, float], pages: list[int]
) -> None:
    result = run("starcharts", "dice", "--paper", paper, "--count", str(count), "-o", "d.pdf")
    assert result.exit_code == 0, result.output
    data = Path("d.pdf").read_bytes()
    read = pdfread.reader(data)
    assert [
        (round(float(p.mediabox.width), 3), round(float(p.mediabox.height), 3)) for p in read.pages
    ] == [size] * len(pages)
    for page, nets in zip(pdfread.pages(data), pages, strict=True):
        digits = Counter(c.text for c in page.chars if c.text in "12345678" and c.size > 15)
        assert digits == Counter({str(n): nets for n in range(1, 9)})


def test_the_kit_has_the_dice(run: Run) -> None:
    result = run("kit", "--game", "starcharts", "--out", "night")
    assert result.exit_code == 0, result.output
    assert Path("night/starcharts/dice.pdf").is_file()
    assert "dice.pdf\n    five eight-sided dice" in Path("night/starcharts/README.txt").read_text()
