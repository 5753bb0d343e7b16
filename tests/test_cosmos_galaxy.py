"""Our Crafting the Cosmos galaxy and nebula tiles, as the data files hold them (spec
cosmos.md, Galaxy geometry and Nebula tiles)."""

from __future__ import annotations

import math
import random
import runpy
from collections import Counter
from pathlib import Path

import pytest

from pnp.cosmos.galaxy import Galaxy, NebulaSpace, Space, galaxy
from pnp.cosmos.model import Sector
from pnp.cosmos.nebulae import ELEMENTS, nebula_tiles, stack

ROOT = Path(__file__).resolve().parent.parent
# A third of a turn counter-clockwise carries each sector to the next one anticlockwise.
TURNED = {Sector.DELTA: Sector.PHI, Sector.PHI: Sector.PSI, Sector.PSI: Sector.DELTA}


def _turn(x: float, y: float) -> tuple[float, float]:
    c, s = math.cos(2 * math.pi / 3), math.sin(2 * math.pi / 3)
    return round(x * c - y * s, 3) + 0.0, round(x * s + y * c, 3) + 0.0


def _at(spaces: tuple[NebulaSpace, ...] | tuple[Space, ...]) -> dict[tuple[float, float], str]:
    return {(round(s.x, 3) + 0.0, round(s.y, 3) + 0.0): s.id for s in spaces}


@pytest.fixture(scope="module")
def g() -> Galaxy:
    return galaxy()


def test_the_script_makes_the_committed_files(tmp_path: Path) -> None:
    script = runpy.run_path(str(ROOT / "scripts" / "derive_cosmos.py"))
    data = ROOT / "data" / "cosmos"
    assert script["galaxy"]() == (data / "galaxy.toml").read_text(encoding="utf-8")
    made = script["tiles"](random.Random(script["SEED"]))
    assert made == (data / "nebulae.toml").read_text(encoding="utf-8")


def test_ids_are_unique_and_short(g: Galaxy) -> None:
    ids = [s.id for s in g.nebulae + g.stars + g.life]
    assert len(ids) == len(set(ids))
    assert all(len(i) <= 4 and i.isascii() for i in ids)
    assert (len(g.nebulae), len(g.stars), len(g.life)) == (27, 73, 99)


def test_threefold_symmetry(g: Galaxy) -> None:
    for spaces in (g.nebulae, g.stars, g.life):
        where = _at(spaces)
        image = {i: where[_turn(*p)] for p, i in where.items()}  # every turned place is a space
        for s in spaces:
            turned = next(t for t in spaces if t.id == image.get(s.id, ""))
            if isinstance(s, NebulaSpace):
                assert isinstance(turned, NebulaSpace)
                assert turned.sector is TURNED[s.sector]
            else:
                assert isinstance(s, Space) and isinstance(turned, Space)
                assert sorted(TURNED[x].value for x in s.sectors) == sorted(
                    x.value for x in turned.sectors
                )
    stars, life = _at(g.stars), _at(g.life)
    turned_star = {i: stars[_turn(*p)] for p, i in stars.items()}
    turned_life = {i: life[_turn(*p)] for p, i in life.items()}
    for s in g.stars:  # adjacency turns with the galaxy
        turned_space = g.space(turned_star[s.id])
        assert sorted(turned_star[t] for t in s.stars) == sorted(turned_space.stars)
        assert sorted(turned_life[t] for t in s.life) == sorted(turned_space.life)


def test_three_equal_sectors_of_at_least_five_that_hang_together(g: Galaxy) -> None:
    sizes = Counter(n.sector for n in g.nebulae)
    assert set(sizes) == set(Sector) and len(set(sizes.values())) == 1
    assert min(sizes.values()) >= 5
    for sector in Sector:
        mine = {n.id: set(n.life) for n in g.nebulae if n.sector is sector}
        reached, todo = set(), [next(iter(mine))]
        while todo:
            n = todo.pop()
            if n not in reached:
                reached.add(n)
                todo += [m for m in mine if mine[m] & mine[n]]
        assert reached == set(mine), sector


def test_each_nebula_has_six_corners_and_six_sides_that_know_it(g: Galaxy) -> None:
    for n in g.nebulae:
        assert len(set(n.stars)) == 6 and len(set(n.life)) == 6
        for star in n.stars:
            corner = g.space(star)
            assert n.id in corner.nebulae
            assert math.dist((n.x, n.y), (corner.x, corner.y)) == pytest.approx(1.0, abs=1e-3)
        for life in n.life:
            assert n.id in g.space(life).nebulae
    for space in g.stars + g.life:
        for nebula in space.nebulae:
            assert space.id in g.nebula(nebula).stars + g.nebula(nebula).life


def test_adjacency_is_symmetric_and_as_the_spec_defines(g: Galaxy) -> None:
    for s in g.stars:
        for t in s.stars:
            assert s.id in g.space(t).stars  # one hexagon side joins them
            assert math.dist((s.x, s.y), (g.space(t).x, g.space(t).y)) == pytest.approx(
                1.0, abs=1e-3
            )
        for t in s.life:
            assert s.id in g.space(t).stars
    for s in g.life:
        assert len(s.stars) == 2  # the stars at its ends
        for t in s.life:
            assert s.id in g.space(t).life  # they share a corner
            assert set(s.stars) & set(g.space(t).stars)


def test_sectors_touched_are_those_of_the_nebulae_touched(g: Galaxy) -> None:
    for s in g.stars + g.life:
        assert set(s.sectors) == {g.nebula(n).sector for n in s.nebulae}
    assert set(g.space(g.centre).sectors) == set(Sector)
    boundary = [s for s in g.life if len(s.sectors) == 2]
    assert boundary and all(len(s.nebulae) == 2 for s in boundary)


def test_set_up_spots(g: Galaxy) -> None:
    assert (g.space(g.centre).x, g.space(g.centre).y) == (0.0, 0.0)
    assert g.start_life in g.space(g.centre).life
    starts = sorted((n.start, n.sector) for n in g.nebulae if n.start)
    assert [size for size, _ in starts] == [1, 2, 3]
    assert {sector for _, sector in starts} == set(Sector)


def test_nebula_tile_stacks() -> None:
    tiles = nebula_tiles()
    assert len({t.id for t in tiles}) == len(tiles)
    for size, count, stars, points in ((1, 26, 2, 3), (2, 22, 4, 6), (3, 20, 6, 10)):
        tiles = stack(size)
        assert len(tiles) == count
        assert all(len(t.stars) == stars and t.points == points for t in tiles)
        needed = Counter(e for t in tiles for e in t.stars)
        assert set(needed) == set(ELEMENTS) and len(set(needed.values())) == 1, needed
