"""The actions of one turn on a sheet, each checked against the rules (``RuleError``
names the rule broken): abilities change the die before its runs are marked, each
ability used from a sheet that gained it and has not used it, each run on empty cells at
the die's cost with comets along their facing, and every ability the completed lines
give gained. ``pnp.starcharts.game`` plays them in turn."""

from __future__ import annotations

from pnp.starcharts.actions import (
    MODIFIERS,
    Action,
    Adjust,
    Draft,
    Flip,
    Gain,
    Mark,
    PlaceX,
    Reuse,
    Split,
)
from pnp.starcharts.chart import Cell
from pnp.starcharts.coords import format_cell, format_run
from pnp.starcharts.gains import TurnGains
from pnp.starcharts.rules import RuleError
from pnp.starcharts.sheet import Sheet


def use_ability(owners: list[Sheet], ability: str, col: int) -> None:
    """Use ``ability`` from the first of ``owners`` that has it unused (in solo, a seat
    may use either chart's)."""
    for sheet in owners:
        if sheet.has_unused(ability):
            sheet.used.add(ability)
            return
    gained = any(ability in s.gained for s in owners)
    why = "was already used" if gained else "has not been gained"
    raise RuleError("ability.gained", f"{ability} {why}", col)


def play_actions(
    owners: list[Sheet],
    actions: tuple[Action, ...],
    draft: Draft | None,
    reusable: list[int],
    trusted: bool,
) -> None:
    """Play ``actions`` on ``owners[0]``, the seat's own sheet, with the die of ``draft``
    (None: a free place-x); ``reusable`` are the faces reuse may copy. Checked as the
    rules say; ``trusted`` skips re-checking runs made from the legal-run tables."""
    sheet = owners[0]
    g = sheet.g
    value = draft.die if draft else 0
    parts: list[int] | None = None
    marks = 0
    gains = TurnGains(sheet)
    for action in actions:
        if isinstance(action, MODIFIERS) and marks:
            raise RuleError("ability.order", "change the die before marking its runs", action.col)
        if isinstance(action, Adjust):
            use_ability(owners, "adjust", action.col)
            if action.delta not in (-2, -1, 1, 2) or value + action.delta < 1:
                raise RuleError(
                    "ability.adjust",
                    f"adjust {action.delta:+d} on a {value} must add ±1 or ±2 and leave at least 1",
                    action.col,
                )
            value += action.delta
        elif isinstance(action, Flip):
            use_ability(owners, "flip", action.col)
            if 9 - value < 1:
                raise RuleError(
                    "ability.flip",
                    f"a {value} cannot be flipped (9 − {value} is less than 1)",
                    action.col,
                )
            value = 9 - value
        elif isinstance(action, Reuse):
            use_ability(owners, "reuse", action.col)
            if action.value not in reusable:
                shown = " ".join(map(str, sorted(set(reusable)))) or "none yet"
                raise RuleError(
                    "ability.reuse",
                    f"no die showing {action.value} was "
                    f"drafted by another player this round ({shown})",
                    action.col,
                )
            value = action.value
        elif isinstance(action, Split):
            for _ in action.parts[1:]:
                use_ability(owners, "split", action.col)
            if min(action.parts) < 1 or sum(action.parts) != value:
                raise RuleError(
                    "ability.split",
                    f"split parts {'+'.join(map(str, action.parts))} "
                    f"must be positive and add up to {value}",
                    action.col,
                )
            parts = list(action.parts)
        elif isinstance(action, Mark):
            if draft is None:
                raise RuleError("run.count", "a run needs a drafted die", action.col)
            want = len(parts) if parts else 1
            if marks >= want:
                raise RuleError(
                    "run.count",
                    f"the die gives {want} run{'s' if want > 1 else ''}; this one is extra",
                    action.col,
                )
            target = parts[marks] if parts else value
            gains.completed(_mark_run(sheet, action, target, trusted))
            marks += 1
        elif isinstance(action, PlaceX):
            use_ability(owners, "place-x", action.col)
            if not sheet.placeable_cell(action.cell):
                raise RuleError(
                    "ability.place-x",
                    f"place-x marks an empty open or star "
                    f"cell; {format_cell(action.cell, g.n)} is not one",
                    action.col,
                )
            gains.completed(sheet.mark(1 << action.cell))
        elif isinstance(action, Gain):
            gains.gain(action, g.n)
    if draft is not None:
        want = len(parts) if parts else 1
        if marks < want:
            raise RuleError(
                "run.count",
                f"the {value} needs {want} run{'s' if want > 1 else ''}, {marks} given",
                draft.col,
            )
    if gains.lines and sheet.ungained() and gains.more_possible():
        raise RuleError(
            "ability.gain-missing",
            "completing "
            + " and ".join(g.line_name(ln) for ln in gains.lines)
            + " gains an ability: add 'gain <ability>'",
        )


def _mark_run(sheet: Sheet, action: Mark, target: int, trusted: bool) -> list[int]:
    """Mark a run of a die showing ``target``: its cells empty, its comets along their
    facing, its cost the die's; the lines it completes. ``trusted``: a bot's run, made
    from the legal-run tables, is marked without these checks."""
    if trusted:
        return sheet.mark(action.run.mask)
    run, n = action.run, sheet.g.n
    cells = sheet.g.chart.cells
    for i in run.cells:
        if sheet.marked >> i & 1:
            raise RuleError("run.empty", f"{format_cell(i, n)} is already marked", action.col)
    for i in run.cells:
        if not cells[i].allows(len(run), run.horizontal):
            facing = (
                "sideways: only a run of 2+ cells along its row"
                if cells[i] is Cell.COMET_ROW
                else "up/down: only a run of 2+ cells along its column"
            )
            raise RuleError(
                "run.comet",
                f"the comet at {format_cell(i, n)} faces {facing} covers it",
                action.col,
            )
    cost = sum(cells[i].cost for i in run.cells)
    if cost != target:
        raise RuleError(
            "run.cost", f"{format_run(run, n)} costs {cost} but the die is {target}", action.col
        )
    return sheet.mark(run.mask)
