"""What the rules imply about the game that produced finished Star Charts sheets, beyond
what a sheet states: skips come before the claims of their round, no more of them than
drafts, and none while every die fits; a marked comet has a marked neighbour along its
facing; no claim comes before enough rounds to mark its cells; a completed line with a
star gains an ability while any is left (a warning: points left on the table)."""

from __future__ import annotations

from pnp.errors import ProblemCollector
from pnp.starcharts.chart import Cell
from pnp.starcharts.coords import format_cell, format_run, run_from_mask
from pnp.starcharts.finished import BoxText, PlayerText
from pnp.starcharts.geometry import Geometry
from pnp.starcharts.matching import star_cells
from pnp.starcharts.objectives import fewest_marks
from pnp.starcharts.setup import Variant, ability_marks, drafts_per_round, max_marked
from pnp.starcharts.sheet import Sheet
from pnp.starcharts.tokens import ABILITIES

MAX_FACE = 8


def say(problems: ProblemCollector, line: int, col: int, rule: str, message: str) -> None:
    problems.add(line, col, f"{message} [{rule}]")


def skip(
    problems: ProblemCollector,
    p: PlayerText,
    box: BoxText,
    variant: Variant | None,
    claim_rounds: set[int],
    skip_rounds: list[int | None],
) -> None:
    """A skip happens in a draft: before the claims of its round, and no more often
    in a round than the sheet drafts."""
    r = box.round
    if not r:
        return
    if r in claim_rounds:
        say(
            problems,
            p.boxes_line,
            box.col,
            "sheet.skip-timing",
            f"a skip in round {r} follows a claim of round {r}: skips happen in the "
            "drafts, claims at the end of the round, so the 0 comes first",
        )
    if variant is None:
        return
    drafts = drafts_per_round(variant)
    count = skip_rounds.count(r) + 1
    if count > drafts:
        say(
            problems,
            p.boxes_line,
            box.col,
            "sheet.skip-count",
            f"{p.name} skips {count} times in round {r}, but a sheet drafts "
            f"{drafts} {'die' if drafts == 1 else 'dice'} a round in a {variant.value} game",
        )


def early(
    problems: ProblemCollector,
    g: Geometry,
    p: PlayerText,
    box: BoxText,
    variant: Variant,
    skipped: int,
) -> None:
    """A claim needs its cells marked by the end of its round."""
    assert box.objective is not None and box.round is not None
    need = fewest_marks(box.objective, g)
    most = max_marked(variant, box.round, skipped)
    if need <= most:
        return
    drafts = drafts_per_round(variant) * box.round
    skips = f", {skipped} of them skipped" if skipped else ""
    say(
        problems,
        p.boxes_line,
        box.col,
        "sheet.claim-early",
        f"{box.objective} needs {need} marked cells, but by the end of round {box.round} "
        f"a sheet has at most {most}: {drafts} draft{'s' if drafts > 1 else ''} of at most "
        f"{MAX_FACE} cells{skips}, and {ability_marks(variant)} more with adjust and place-x",
    )


def skip_placeable(problems: ProblemCollector, g: Geometry, p: PlayerText, marked: int) -> None:
    """A skip needs a pool where no die fits; as marks only accumulate, every value
    1–8 fitting the final grid means no die ever failed to."""
    skips = [b.col for b in p.boxes if b.kind == "skip"]
    if skips:
        line, col = p.boxes_line, skips[0]
    elif p.filled == 0:
        line, col = p.filled_line, 1
    else:
        return
    sheet = Sheet(g, p.name)
    sheet.set_marks(marked)
    available = sheet.available()
    if all(available >> face & 1 for face in range(1, MAX_FACE + 1)):
        n = g.chart.size
        example = format_run(run_from_mask(sheet.runs(MAX_FACE)[0], n), n)
        say(
            problems,
            line,
            col,
            "sheet.skip-placeable",
            f"{p.name} skipped a turn, but every die value 1 to {MAX_FACE} still has a "
            f"legal run on the final grid (an {MAX_FACE}: {example}); marks only "
            "accumulate, so no die ever failed to fit",
        )


def comets(problems: ProblemCollector, g: Geometry, p: PlayerText, marked: int) -> None:
    """A comet is covered only by a run of 2+ cells along its facing (and place-x
    cannot mark it), so a marked comet has a marked neighbour that run went through."""
    n, cells = g.chart.size, g.chart.cells
    for index in star_cells(marked & g.comets):
        r, c = divmod(index, n)
        sideways = cells[index] is Cell.COMET_ROW
        across = Cell.COMET_COL if sideways else Cell.COMET_ROW
        beside = ((r, c - 1), (r, c + 1)) if sideways else ((r - 1, c), (r + 1, c))
        partners = [
            rr * n + cc
            for rr, cc in beside
            if 0 <= rr < n and 0 <= cc < n and cells[rr * n + cc] is not across
        ]
        if any(marked >> i & 1 for i in partners):
            continue
        along = g.line_name(r if sideways else n + c)
        if not partners:
            why = f"no cell beside it along {along} can share such a run"
        elif len(partners) == 1:
            why = f"{format_cell(partners[0], n)} beside it is not marked"
        else:
            why = " nor ".join(format_cell(i, n) for i in partners)
            why = f"neither {why} beside it is marked"
        facing = "sideways" if sideways else "up/down"
        say(
            problems,
            p.grid[r].line,
            p.grid[r].cells[c][0],
            "sheet.comet",
            f"the comet at {format_cell(index, n)} faces {facing}: only a run of 2+ cells "
            f"along {along} covers it (place-x cannot), but {why}",
        )


def missed_gains(
    warnings: ProblemCollector, g: Geometry, p: PlayerText, marked: int, circled: int
) -> None:
    """Completing a line that holds an uncircled star gains an ability while any is
    left: a completed line none of whose stars is circled never gained."""
    if len(p.abilities) >= len(ABILITIES):
        return
    missed = [
        ln
        for ln, stars in enumerate(g.line_stars)
        if stars and marked & g.lines[ln] == g.lines[ln] and not stars & circled
    ]
    if not missed:
        return
    first = missed[0]
    row = p.grid[first] if first < g.n else p.grid[0]
    col = row.cells[0 if first < g.n else first - g.n][0]
    names = [g.line_name(ln) for ln in missed]
    listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
    say(
        warnings,
        row.line,
        col,
        "sheet.gain-missed",
        f"warning: {p.name} completed {listed} without circling any of "
        f"{'their' if len(names) > 1 else 'its'} stars, with {len(p.abilities)} of "
        f"{len(ABILITIES)} abilities gained: each such line gains an ability, worth 3 "
        "points unused (points left on the table)",
    )
