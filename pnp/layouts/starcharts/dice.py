"""Printable eight-sided dice for Star Charts: nets of the regular octahedron to cut out,
fold and glue, as many per page as fit.

The die is made in 3D first: its faces are the eight octants (sx, sy, sz), each the
triangle of the corners (sx, 0, 0), (0, sy, 0), (0, 0, sz); the opposite face (-sx, -sy,
-sz) is parallel to it and carries 9 minus its number. Unfolding a spanning tree of the
faces (``TREE``: each face hinged to one already laid) gives the flat net, and each flat
corner keeps the 3D corner it comes from, so the net's free edges pair up as they meet
once folded: one of each pair gets a glue tab."""

from __future__ import annotations

import math
from typing import NamedTuple

from pnp.draw.fonts import Font
from pnp.draw.shapes import GREY, INK, TINT, Anchor, Document, Item, Line, Poly, Stroke, Text
from pnp.layouts.page import content_area, finish
from pnp.paper.geometry import Box
from pnp.paper.sizes import Paper
from pnp.paper.units import mm

EDGE = mm(25)
TAB = 0.22  # a tab's depth, as a share of the edge; its sides slope at 45°
GAP = mm(4)  # between two nets' outlines

Octant = tuple[int, int, int]
Corner = tuple[int, int]  # (axis, sign): the die's corner on that half-axis
Point = tuple[float, float]

# The number on each face with sx * sy * sz = 1; its opposite face has 9 minus it.
ODD: dict[Octant, int] = {(1, 1, 1): 1, (1, -1, -1): 3, (-1, 1, -1): 5, (-1, -1, 1): 7}
# (face, the face it hinges on), in laying order from the first face. The net is four
# rows of two triangles, zigzagging: the most compact of the octahedron's nets.
ROOT: Octant = (1, 1, 1)
TREE: tuple[tuple[Octant, Octant], ...] = (
    ((1, 1, -1), (1, 1, 1)),
    ((1, -1, 1), (1, 1, 1)),
    ((1, -1, -1), (1, 1, -1)),
    ((-1, -1, 1), (1, -1, 1)),
    ((-1, -1, -1), (1, -1, -1)),
    ((-1, 1, 1), (-1, -1, 1)),
    ((-1, 1, -1), (-1, -1, -1)),
)


def number(face: Octant) -> int:
    if face in ODD:
        return ODD[face]
    return 9 - ODD[(-face[0], -face[1], -face[2])]


def corners(face: Octant) -> tuple[Corner, Corner, Corner]:
    return (0, face[0]), (1, face[1]), (2, face[2])


class Face(NamedTuple):
    number: int
    octant: Octant
    points: dict[Corner, Point]  # where each of its three 3D corners lies on the paper

    @property
    def centre(self) -> Point:
        xs, ys = zip(*self.points.values(), strict=True)
        return sum(xs) / 3, sum(ys) / 3


class Net(NamedTuple):
    """One die's net, its lower left corner (tabs included) at (0, 0)."""

    faces: tuple[Face, ...]
    folds: tuple[tuple[Point, Point], ...]  # between two faces, and under each tab
    cuts: tuple[tuple[Point, Point], ...]  # the outline: free edges and the tabs' sides
    tabs: tuple[tuple[Point, Point, Point, Point], ...]  # hinge start, end, outer corners
    width: float
    height: float


def _unfold(edge: float) -> list[Face]:
    """Each face laid by reflecting its hinge face's third corner across the hinge, the
    net turned so that its long side runs across the page."""
    h = edge * math.sqrt(3) / 2
    a, b, c = corners(ROOT)
    laid = {ROOT: {a: (0.0, 0.0), b: (0.0, edge), c: (-h, edge / 2)}}
    for face, hinge in TREE:
        on = laid[hinge]
        shared = [k for k in corners(face) if k in on]
        (new,) = (k for k in corners(face) if k not in on)
        (far,) = (k for k in on if k not in shared)
        p, q, t = on[shared[0]], on[shared[1]], on[far]
        laid[face] = {shared[0]: p, shared[1]: q, new: (p[0] + q[0] - t[0], p[1] + q[1] - t[1])}
    return [Face(number(f), f, pts) for f, pts in laid.items()]


def _key(p: Point) -> tuple[float, float]:
    return round(p[0], 6), round(p[1], 6)


def _tab(p: Point, q: Point, away_from: Point, depth: float) -> tuple[Point, Point, Point, Point]:
    length = math.dist(p, q)
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    nx, ny = -uy, ux
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    if (away_from[0] - mx) * nx + (away_from[1] - my) * ny > 0:
        nx, ny = -nx, -ny
    r = (p[0] + depth * (ux + nx), p[1] + depth * (uy + ny))
    s = (q[0] + depth * (nx - ux), q[1] + depth * (ny - uy))
    return p, q, s, r


def _axes(poly: list[Point]) -> list[Point]:
    return [(poly[i][1] - poly[i - 1][1], poly[i - 1][0] - poly[i][0]) for i in range(len(poly))]


def _overlap(a: list[Point], b: list[Point]) -> bool:
    """Two convex polygons overlap (more than touching along an edge or a corner)."""
    for ax, ay in _axes(a) + _axes(b):
        pa = [x * ax + y * ay for x, y in a]
        pb = [x * ax + y * ay for x, y in b]
        if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
            return False
    return True


def net(edge: float = EDGE) -> Net:
    faces = _unfold(edge)
    hinges = {frozenset(k for k in corners(f) if k in corners(h)) for f, h in TREE}
    folds: list[tuple[Point, Point]] = []
    free: dict[frozenset[Corner], list[tuple[Point, Point, Point]]] = {}
    for face in faces:
        ks = corners(face.octant)
        for i in range(3):
            pair = frozenset((ks[i], ks[i - 1]))
            seg = (face.points[ks[i - 1]], face.points[ks[i]])
            if pair not in hinges:
                free.setdefault(pair, []).append((*seg, face.centre))
            elif (seg[1], seg[0]) not in folds:
                folds.append(seg)
    placed: list[list[Point]] = [list(f.points.values()) for f in faces]
    tabs: list[tuple[Point, Point, Point, Point]] = []
    cuts: list[tuple[Point, Point]] = []
    for pair in sorted(free, key=sorted):
        sides = free[pair]  # the two free edges that meet once folded
        for p, q, centre in sides:
            tab = _tab(p, q, centre, TAB * edge)
            if not any(_overlap(list(tab), other) for other in placed):
                break
        else:
            raise AssertionError("no room for a glue tab")  # TREE is a fixed, checked net
        tabs.append(tab)
        placed.append(list(tab))
        folds.append((tab[0], tab[1]))
        cuts += [(tab[0], tab[3]), (tab[3], tab[2]), (tab[2], tab[1])]
        cuts += [(p, q) for p, q, _ in sides if _key(p) != _key(tab[0]) or _key(q) != _key(tab[1])]
    xs = [x for poly in placed for x, _ in poly]
    ys = [y for poly in placed for _, y in poly]
    x0, y0 = min(xs), min(ys)

    def move(p: Point) -> Point:
        return p[0] - x0, p[1] - y0

    return Net(
        tuple(Face(f.number, f.octant, {k: move(p) for k, p in f.points.items()}) for f in faces),
        tuple((move(p), move(q)) for p, q in folds),
        tuple((move(p), move(q)) for p, q in cuts),
        tuple((move(a), move(b), move(c), move(d)) for a, b, c, d in tabs),
        max(xs) - x0,
        max(ys) - y0,
    )


def slots(paper: Paper, shape: Net) -> list[Box]:
    """Where nets go on a page: a grid filling the content area, row by row from the top."""
    area = content_area(paper)
    columns = int((area.w + GAP) // (shape.width + GAP))
    rows = int((area.h + GAP) // (shape.height + GAP))
    w = columns * shape.width + (columns - 1) * GAP
    h = rows * shape.height + (rows - 1) * GAP
    grid = area.centred(w, h)
    return [
        Box(
            grid.x + c * (shape.width + GAP),
            grid.top - (r + 1) * shape.height - r * GAP,
            shape.width,
            shape.height,
        )
        for r in range(rows)
        for c in range(columns)
    ]


CUT = Stroke(INK, 0.6)
FOLD = Stroke(GREY, 0.5, (mm(1.5), mm(1)))
NUMBER_SIZE = 20.0
FOOTER = "Star Charts dice: cut the solid lines, fold the dashed ones, glue the grey tabs"


def net_items(shape: Net, at: Box) -> list[Item]:
    def to(p: Point) -> Point:
        return at.x + p[0], at.y + p[1]

    items: list[Item] = []
    for tab in shape.tabs:
        items.append(Poly(tuple(to(p) for p in tab), stroke=None, fill=TINT))
    for p, q in shape.folds:
        items.append(Line(*to(p), *to(q), FOLD))
    for p, q in shape.cuts:
        items.append(Line(*to(p), *to(q), CUT))
    for face in shape.faces:
        x, y = to(face.centre)
        baseline = y - 0.36 * NUMBER_SIZE  # digits centred on the face
        items.append(Text(x, baseline, str(face.number), NUMBER_SIZE, Font.BOLD, Anchor.MIDDLE))
    return items


def dice_document(paper: Paper, count: int = 5) -> Document:
    shape = net()
    places = slots(paper, shape)
    pages = []
    for start in range(0, count, len(places)):
        items: list[Item] = []
        for at in places[: min(len(places), count - start)]:
            items += net_items(shape, at)
        pages.append(finish(paper, items, FOOTER))
    title = "Star Charts eight-sided dice"
    return Document(title, tuple(pages), subject=f"{count} nets of eight-sided dice")
