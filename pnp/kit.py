"""The game-night kit, generic part: a game contributes jobs (documents to render, at
paths that are also its single commands' default outputs) and notes (README, credits).
Which games exist is the registry's business (``pnp.games``); this module knows none."""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from pnp.paper.sizes import Backs
from pnp.system.interrupts import child_of, held

if TYPE_CHECKING:
    from pnp.draw.shapes import Document
    from pnp.layouts.cards import CardOptions
    from pnp.paper.printer import PrinterProfile
    from pnp.paper.sizes import Paper

CALIBRATION = "duplex-calibration"
R = TypeVar("R")


class Copies(Enum):
    """How many copies of a file to print."""

    ONE = "one"
    PER_PLAYER = "per-player"
    AS_NEEDED = "as-needed"


@dataclass(frozen=True)
class Job:
    """A document of the kit, and what the gallery says about printing it."""

    path: str  # relative to the kit folder, without the format's suffix
    build: Callable[[], Document]
    raw: bool = False  # printed without the printer's scale correction (the test sheet)
    what: str = ""  # what it holds, in a few words in the kit's language
    copies: Copies = Copies.ONE
    backs: Backs = Backs.NONE  # DUPLEX: on the printer profile's flip; FOLD: fold each page


@dataclass(frozen=True)
class Note:
    path: str
    text: str


@dataclass(frozen=True)
class KitSettings:
    paper: Paper
    cards: CardOptions  # card size, bleed, and the printer's flip and back offset
    printer: PrinterProfile  # as stored, with the paper actually used
    lang: str = "en"


def calibration_job(settings: KitSettings) -> Job:
    from pnp.layouts.calibration import calibration_document

    return Job(
        CALIBRATION,
        lambda: calibration_document(settings.paper, settings.cards.flip),
        raw=True,
        what="a test sheet for your printer",
        backs=Backs.DUPLEX,
    )


def file_names(written: list[str]) -> str:
    """``a-1.svg … -4.svg`` for a numbered run of files, else the one name."""
    if len(written) == 1:
        return written[0]
    return f"{written[0]} … -{written[-1].rsplit('-', 1)[1]}"


SVG_NOTE = """

Each .svg file is one page, sized in millimetres; a document of several pages is
numbered -1, -2, …. Text is drawn as outlines, so no font needs to be installed."""

PRINTER_NOTE = """\
If the backs come out shifted, or the ruler is not 50 mm: print the test sheet
double-sided, follow it, store what you read once with

    pnp printer set --paper {paper} --flip {flip} --back-offset DX,DY --scale PERCENT

and make the kit again with the same `pnp kit` command: every command uses your printer
profile from then on (`pnp printer show` prints it)."""


def printing_notes(settings: KitSettings, calibration: str, fmt: str) -> dict[str, str]:
    """The fields every game's README uses to say how to print its ``fmt`` files."""
    printer = settings.printer
    scaled = (
        f" Pages are scaled to {printer.scale:g} % to correct your printer."
        if printer.scale != 100
        else ""
    )
    return {
        "scaled": scaled,
        "flip": printer.flip.value,
        "dx": f"{printer.back_offset[0]:+g}",
        "dy": f"{printer.back_offset[1]:+g}",
        "calibration": calibration,
        "order": "\n    Odd files are fronts, even files their backs." if fmt == "svg" else "",
        "svg": SVG_NOTE if fmt == "svg" else "",
        "printer": PRINTER_NOTE.format(paper=printer.paper, flip=printer.flip.value),
    }


CREDITS = """Credits
=======

{game}

Star positions and constellation figures: d3-celestial by Olaf Frohn, from XHIP
(Anderson & Francis 2012) and the IAU constellation charts. Its licence (BSD 3-Clause):

{sky}
Star names: IAU Working Group on Star Names (WGSN), Creative Commons Attribution.

Font: DejaVu Sans Condensed (its glyph outlines drawn in the SVGs). Each PDF embeds a
subset of it, the glyphs that file draws, with the fonts' copyright and trademark notices;
the licence itself is here, so keep this file with the PDFs when you pass them on:

{font}"""


def credits_text(game: str) -> str:
    """A game's credits: its own lines, then the sky data's and the font's notices."""
    from pnp.system.paths import FONT_DIR, data_dir

    sky = (data_dir() / "sky" / "LICENSE.d3-celestial").read_text(encoding="utf-8")
    font = (FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    return CREDITS.format(game=game, sky=sky, font=font)


class Laid(NamedTuple):
    """A document laid out, as the kit plans its files."""

    pages: int
    size: int  # the items it draws: how long it takes to render, roughly


class Workshop(Generic[R]):
    """Documents laid out, then rendered, on ``jobs`` forked processes (in this one if
    one is asked for or the system cannot fork). ``laid`` lays every document out, so
    that the caller plans and checks its files before anything is rendered; ``made`` then
    renders them, each in the process that laid it out, the largest first, and a process
    that has none of its own left lays out and renders another's; ``ready`` readies a
    process to render while it waits between the two. Results come in order.
    What fails in a process (or a process that dies) is done again in this one, where
    the error is raised, in order. Ctrl-C reaches the processes too (the terminal
    signals the whole process group): they ignore it, and this process, stopped by it,
    ends them at once as it leaves the ``with`` block."""

    def __init__(
        self,
        builds: Sequence[Callable[[], Document]],
        render: Callable[[Document], R],
        jobs: int,
        ready: Callable[[], object] = lambda: None,
    ) -> None:
        self.builds, self.render, self.ready = builds, render, ready
        self.jobs = min(jobs, len(builds)) if hasattr(os, "fork") else 1
        self.workers: list[_Worker] = []
        self.docs: dict[int, Document] = {}  # laid out in this process
        self.owner: dict[int, _Worker] = {}  # where each other one was, till it is rendered

    def __enter__(self) -> Workshop[R]:
        if self.jobs <= 1:
            return self
        try:
            # SIGINT waits while the processes are forked, so that none is born before
            # it ignores the signal; this process gets it (a KeyboardInterrupt) after.
            with held():
                for _ in range(self.jobs):
                    self.workers.append(_Worker(self.builds, self.render, self.ready))
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        for worker in self.workers:
            worker.end()

    def laid(self, meanwhile: Callable[[], object] = lambda: None) -> list[Laid]:
        """Every document laid out; the first that fails (in order) raises its error.
        This process does ``meanwhile`` while the others lay out."""
        todo = iter(range(len(self.builds)))
        for worker in self.workers:
            worker.order("lay", next(todo, None))
        meanwhile()
        for worker, (_, n, laid) in self._replies():
            if laid is not None:
                self.owner[n] = worker
            if worker in self.workers:
                worker.order("lay", next(todo, None))
        for n, build in enumerate(self.builds):
            if n not in self.owner:
                self.docs[n] = build()
        return [
            _laid(self.docs[n]) if n in self.docs else self.owner[n].laid[n]
            for n in range(len(self.builds))
        ]

    def made(self) -> Iterator[R]:
        """Every document rendered, in order (after ``laid``)."""
        done: dict[int, tuple[bool, Any]] = {}
        for worker in self.workers:
            self._next(worker)
        replies = self._replies()
        for n in range(len(self.builds)):
            while n not in done and self._pending(n):
                worker, (_, k, result) = next(replies)
                done[k] = result
                self._next(worker)
            if n in done:
                ok, result = done.pop(n)
                yield result if ok else self.render(self.builds[n]())
            else:
                yield self.render(self.docs.pop(n) if n in self.docs else self.builds[n]())

    def _pending(self, n: int) -> bool:
        """Whether a process has document ``n`` to render, or is rendering it."""
        return n in self.owner or any(w.busy == n for w in self.workers)

    def _next(self, worker: _Worker) -> None:
        """Give a process the largest document left of its own, else of another's."""
        if worker not in self.workers:  # it has died
            return
        left = [n for n, w in self.owner.items() if w is worker] or list(self.owner)
        n = max(left, key=lambda k: self.owner[k].laid[k].size) if left else None
        if n is not None:
            del self.owner[n]
        worker.order("render", n)

    def _replies(self) -> Iterator[tuple[_Worker, tuple[str, int, Any]]]:
        """The processes' replies as they come, while one is at work. One that has died
        is taken as having failed at its order; the documents it kept are left for this
        process to make."""
        from multiprocessing.connection import wait

        while busy := [w for w in self.workers if w.busy is not None]:
            ready = wait([w.conn for w in busy])
            for worker in [w for w in busy if w.conn in ready]:
                try:
                    yield worker, worker.reply()
                except (EOFError, OSError):
                    what, n = worker.what, worker.busy
                    worker.end()
                    self.workers.remove(worker)
                    for k in [k for k, w in self.owner.items() if w is worker]:
                        del self.owner[k]
                    assert n is not None
                    yield worker, (what, n, None if what == "lay" else (False, None))


def _laid(doc: Document) -> Laid:
    return Laid(len(doc.pages), sum(len(page.items) for page in doc.pages))


class _Worker:
    """A forked process that lays out and renders the documents it is told to, keeping
    each one it has laid out until it renders it."""

    def __init__(
        self,
        builds: Sequence[Callable[[], Document]],
        render: Callable[[Document], Any],
        ready: Callable[[], object],
    ) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self.conn, theirs = context.Pipe()
        # forked: the builds and the renderer are not pickled, only orders and results
        self.process = context.Process(
            target=_work, args=(theirs, os.getpid(), builds, render, ready), daemon=True
        )
        self.process.start()
        theirs.close()
        self.busy: int | None = None  # the document it is working on
        self.what = ""
        self.laid: dict[int, Laid] = {}

    def order(self, what: str, n: int | None) -> None:
        """Lay out or render document ``n``; nothing for None."""
        self.what, self.busy = what, n
        if n is not None:
            with contextlib.suppress(OSError):  # it has died: the connection's end replies
                self.conn.send((what, n))

    def reply(self) -> tuple[str, int, Any]:
        what, n, result = self.conn.recv()
        self.busy = None
        if what == "lay" and result is not None:
            self.laid[n] = result
        return what, n, result

    def end(self) -> None:
        self.busy = None
        self.process.kill()
        self.process.join()
        self.conn.close()


def _work(
    conn: Any,
    parent: int,
    builds: Sequence[Callable[[], Document]],
    render: Callable[[Document], Any],
    ready: Callable[[], object],
) -> None:
    child_of(parent)
    gc.disable()  # a process of one run: what cycles hold is freed when it ends
    docs: dict[int, Document] = {}
    waiting = True  # to render: made ready the first time it has nothing else to do
    while True:
        if waiting and docs and not conn.poll():
            waiting = False
            with contextlib.suppress(Exception):  # else rendering says what is wrong
                ready()
        try:
            what, n = conn.recv()
        except EOFError:  # the parent has gone
            return
        result: Any
        try:
            if what == "lay":
                docs[n] = builds[n]()
                result = _laid(docs[n])
            else:
                result = True, render(docs.pop(n) if n in docs else builds[n]())
        except Exception:  # made again by the parent, which says what went wrong
            result = None if what == "lay" else (False, None)
        try:
            conn.send((what, n, result))
        except OSError:
            return
