"""The kit on several processes (``pnp kit --jobs N``): the same files, messages and exit
statuses for any number, and what the processes do when a document fails or a process
dies (``pnp.kit.Workshop``)."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from pnp.draw.shapes import Document, Page
from pnp.kit import Workshop
from pnp.paper.geometry import Box
from tests.conftest import Run

JOBS = [1, 2, 3]
PARENT = os.getpid()


def _doc(n: int) -> Document:
    box = Box(0.0, 0.0, 100.0, 100.0)
    return Document(f"d{n}", (Page(100.0, 100.0, box, ()),) * (n % 3 + 1))


def _builds(
    count: int, fail: Callable[[int], None] = lambda n: None
) -> list[Callable[[], Document]]:
    def build(n: int) -> Document:
        fail(n)
        return _doc(n)

    return [partial(build, n) for n in range(count)]


def _title(doc: Document) -> str:
    return doc.title


def _in_a_worker() -> bool:
    return os.getpid() != PARENT


@pytest.mark.parametrize("jobs", JOBS)
def test_documents_come_in_order_for_any_number_of_processes(jobs: int) -> None:
    with Workshop(_builds(20), _title, jobs) as shop:
        assert [laid.pages for laid in shop.laid()] == [n % 3 + 1 for n in range(20)]
        assert list(shop.made()) == [f"d{n}" for n in range(20)]
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("jobs", JOBS)
def test_the_first_layout_that_fails_raises_its_own_error(jobs: int) -> None:
    def fail(n: int) -> None:
        if n in (5, 3, 11):
            raise ArithmeticError(f"document {n}")

    with Workshop(_builds(12, fail), _title, jobs) as shop, pytest.raises(ArithmeticError) as exc:
        shop.laid()
    assert str(exc.value) == "document 3"
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("jobs", JOBS)
def test_a_rendering_that_fails_raises_its_error_after_those_before_it(jobs: int) -> None:
    def render(doc: Document) -> str:
        if doc.title in ("d7", "d4"):
            raise ArithmeticError(doc.title)
        return doc.title

    made: list[str] = []
    with Workshop(_builds(10), render, jobs) as shop:
        shop.laid()
        with pytest.raises(ArithmeticError, match="d4"):
            made.extend(shop.made())
    assert made == ["d0", "d1", "d2", "d3"]


@pytest.mark.parametrize("when", ["laying out", "rendering"])
def test_a_process_that_dies_leaves_its_documents_to_the_others(when: str) -> None:
    def die_laying_out(n: int) -> None:
        if n == 4 and _in_a_worker():
            os._exit(3)

    def die_rendering(doc: Document) -> str:
        if doc.title == "d6" and _in_a_worker():
            os._exit(3)
        return doc.title

    fail = die_laying_out if when == "laying out" else lambda n: None
    render = die_rendering if when == "rendering" else _title
    with Workshop(_builds(12, fail), render, 2) as shop:
        assert [laid.pages for laid in shop.laid()] == [n % 3 + 1 for n in range(12)]
        assert list(shop.made()) == [f"d{n}" for n in range(12)]
    assert multiprocessing.active_children() == []


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_the_kit_is_the_same_on_any_number_of_processes(run: Run, fmt: str) -> None:
    outputs = []
    for jobs in JOBS:
        args = ["kit", "--game", "astra", "--format", fmt, "--out", f"k{jobs}", "--jobs", str(jobs)]
        result = run(*args)
        assert result.exit_code == 0, result.output
        outputs.append((result.output.replace(f"k{jobs}/", "K/"), _files(Path(f"k{jobs}"))))
    assert outputs[0][1] and outputs[1:] == outputs[:-1]


@pytest.mark.parametrize("jobs", JOBS)
def test_a_setting_that_cannot_work_stops_the_kit_whole_on_any_number(run: Run, jobs: int) -> None:
    args = ["kit", "--paper", "letter", "--back-offset", "0,5", "--jobs", str(jobs)]
    result = run(*args)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("Error: starcharts/objective-cards-duplex: --back-offset 0,5")
    assert not Path("out").exists()


@pytest.mark.parametrize("jobs", JOBS)
def test_an_output_that_is_a_file_is_refused_before_anything_is_written(
    run: Run, jobs: int
) -> None:
    Path("out").mkdir()
    Path("out/astra").write_text("a file where a folder goes")
    result = run("kit", "--jobs", str(jobs))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        "cannot write out/astra/constellation-cards.pdf: out/astra is not a folder\n"
    )
    assert sorted(p.name for p in Path("out").iterdir()) == ["astra"]
