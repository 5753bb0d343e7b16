"""Scoring finished Star Charts sheets, checking everything that can be checked from
them: grids against the chart, claim conditions, claim values across all players,
Filled Sheet, circled stars against gained abilities, box order, the dealt cards; and
(``pnp.score.starcharts_history``) what the rules imply about a game that produced them."""

from __future__ import annotations

import os

from pnp.errors import InputError, Problem, ProblemCollector, SourceError, shown
from pnp.score import starcharts_history as history
from pnp.score.result import BoxLine, GameResult, PlayerResult
from pnp.score.starcharts_numbers import unplaced
from pnp.score.starcharts_result import build_result
from pnp.starcharts.chart import (
    Cell,
    Chart,
    UnknownChartError,
    is_chart_path,
    load_chart,
    read_chart,
)
from pnp.starcharts.content import objective_by_id
from pnp.starcharts.coords import format_cell
from pnp.starcharts.finished import BoxText, FinishedGame, PlayerText, parse_finished
from pnp.starcharts.geometry import Geometry, geometry
from pnp.starcharts.matching import max_matching
from pnp.starcharts.objectives import met
from pnp.starcharts.setup import SOLO_SHEETS, Setup, Variant, check_setup
from pnp.starcharts.sheet import BOXES
from pnp.text.parsing import read_source

UNKNOWN_DEALT = (
    "the dealt objectives are not known (?): write the 4 cards' ids here, e.g. two-rows "
    "core diagonal half-sky (reading filled forms, pass them: --objectives ID ID ID ID)"
)


def resolve_chart(ref: str, base: str | os.PathLike[str]) -> Chart:
    """A chart id, or a chart path relative to the folder of the file naming it."""
    if is_chart_path(ref):
        return read_chart(os.path.join(base, ref))  # an absolute ``ref`` stays itself
    return load_chart(ref)


def load_finished(path: str | os.PathLike[str]) -> tuple[FinishedGame, Chart]:
    return finished_from_text(read_source(path), str(path), os.path.dirname(path))


def finished_from_text(text: str, path: str, base: str) -> tuple[FinishedGame, Chart]:
    """A finished game's text, named ``path``, naming charts relative to ``base``."""
    game = parse_finished(text, path)
    try:
        chart = resolve_chart(game.chart, base)
    except (UnknownChartError, InputError) as exc:
        raise SourceError(
            [Problem(str(path), game.chart_line, 1, f"{exc} [setup.chart]")]
        ) from None
    return game, chart


class _Scorer:
    def __init__(self, game: FinishedGame, chart: Chart) -> None:
        self.game = game
        self.chart = chart
        self.g: Geometry = geometry(chart)
        self.problems = ProblemCollector(game.path)
        self.warnings = ProblemCollector(game.path)
        self.cards = objective_by_id()
        self.dealt_known = True  # false when the objectives line has a problem of its own

    def say(self, line: int, col: int, rule: str, message: str) -> None:
        history.say(self.problems, line, col, rule, message)

    def setup(self) -> Variant | None:
        g = self.game
        written = g.variant or ("two-player" if len(g.players) == 2 else "standard")
        try:
            variant = Variant(written)
        except ValueError:
            self.say(
                g.variant_line,
                1,
                "setup.variant",
                f"unknown variant {shown(g.variant)} "
                f"(expected {', '.join(v.value for v in Variant)})",
            )
            return None
        names = tuple(p.name for p in g.players)
        players = ("solo",) if variant is Variant.SOLO else names
        objectives = tuple(text for _, text in g.objectives)
        if objectives == ("?",):  # not known yet: a filled form does not hold them
            self.dealt_known = False
            self.say(g.objectives_line, g.objectives[0][0], "setup.objectives", UNKNOWN_DEALT)
        for problem in check_setup(Setup(self.chart, objectives, players, variant)):
            if not self.dealt_known and problem.rule == "setup.objectives":
                continue
            self.dealt_known &= problem.rule != "setup.objectives"
            self.say(
                g.objectives_line if problem.rule == "setup.objectives" else g.players[0].line,
                1,
                problem.rule,
                problem.message,
            )
        if variant is Variant.SOLO and names != SOLO_SHEETS:
            self.say(
                g.players[0].line,
                1,
                "setup.players",
                "a solo game has two sheets, player: A and player: B",
            )
        return variant

    def grid(self, p: PlayerText) -> tuple[int | None, int | None]:
        """(marked, circled) masks of a player's grid, checking it against the chart.
        Neither is known with a row too many or missing (no cell is compared then: which
        row is which is not known), or a row of the wrong length (its cells are shifted, so
        not compared); circled is not with an o on a cell that is no star. Checks that read
        an unknown mask are not made."""
        n = self.chart.size
        rows = p.grid
        sound = p.grid_rows == n
        stars_only = True
        if not sound:
            line = rows[n].line if len(rows) > n else (rows[-1].line + 1 if rows else p.line + 1)
            self.say(
                line, 1, "sheet.grid", f"{p.name}'s grid has {p.grid_rows} rows; the chart has {n}"
            )
        marked = circled = 0
        for r, (line, cells, count) in enumerate(rows[:n]):
            if count != n:
                self.say(
                    line,
                    cells[min(count, n + 1) - 1][0] if cells else 1,
                    "sheet.grid",
                    f"a row of this {n}×{n} chart has {n} cells, not {count}",
                )
                sound = False
                continue
            if p.grid_rows != n:  # a row missing or too many: which one is not known
                continue
            for c, (col, ch) in enumerate(cells[:n]):
                index = r * n + c
                kind = self.chart.cells[index]
                if ch in "xX":
                    marked |= 1 << index
                elif ch == "o":
                    marked |= 1 << index
                    circled |= 1 << index
                    if kind is not Cell.STAR:
                        stars_only = False
                        self.say(
                            line,
                            col,
                            "sheet.grid",
                            f"o marks a circled star, but "
                            f"{format_cell(index, n)} is not a star on the chart",
                        )
                elif ch != kind.value:
                    self.say(
                        line,
                        col,
                        "sheet.grid",
                        f"{format_cell(index, n)} is "
                        f"'{kind.value}' on the chart, not '{ch}' (x marks a cell)",
                    )
        if not sound:
            return None, None
        return marked, circled if stars_only else None

    def boxes(self, p: PlayerText, marked: int | None, variant: Variant | None) -> None:
        """The boxes' order, rounds and claims; with ``marked`` None (a grid that cannot
        be read) no claim is checked against the grid."""
        seen_empty = False
        last_round = 0
        claimed: set[str] = set()
        claim_rounds: set[int] = set()
        skip_rounds: list[int | None] = []  # of the skips so far, left to right
        dealt = {text for _, text in self.game.objectives}
        for box in p.boxes:
            if box.kind == "empty":
                seen_empty = True
                continue
            if seen_empty:
                self.say(
                    p.boxes_line,
                    box.col,
                    "sheet.boxes",
                    "boxes are filled from the left: this one follows an empty box",
                )
            if box.round == 0:
                self.say(
                    p.boxes_line,
                    box.col,
                    "sheet.round",
                    "rounds are numbered from 1: round 0 never happens",
                )
            elif box.round is not None:
                if box.round < last_round:
                    self.say(
                        p.boxes_line,
                        box.col,
                        "sheet.boxes",
                        f"round {box.round} comes "
                        f"after a box of round {last_round}: boxes fill in round order",
                    )
                last_round = max(last_round, box.round)
            if box.kind == "skip":
                history.skip(self.problems, p, box, variant, claim_rounds, skip_rounds)
                skip_rounds.append(box.round)
                continue
            if box.kind == "number":
                history.say(
                    self.warnings,
                    p.boxes_line,
                    box.col,
                    "sheet.unchecked",
                    f"warning: {box.points} is counted but cannot be checked (a bare number: the "
                    "score stands; write objective@round to have the claim checked)",
                )
            if box.kind != "claim" or box.objective is None or box.round is None:
                continue
            claim_rounds.add(box.round)
            if box.objective not in self.cards:
                self.say(
                    p.boxes_line,
                    box.col,
                    "claim.dealt",
                    f"unknown objective {shown(box.objective)}",
                )
                continue
            if self.dealt_known and box.objective not in dealt:
                self.say(p.boxes_line, box.col, "claim.dealt", f"{box.objective} was not dealt")
            if box.objective in claimed:
                self.say(
                    p.boxes_line, box.col, "claim.twice", f"{p.name} claims {box.objective} twice"
                )
            claimed.add(box.objective)
            if marked is None:
                continue
            if not met(box.objective, self.g, marked):
                self.say(
                    p.boxes_line,
                    box.col,
                    "claim.condition",
                    f"{p.name}'s grid does not "
                    f"meet {box.objective}: {self.cards[box.objective].condition}",
                )
            elif variant is not None and box.round:
                skipped = sum(1 for r in skip_rounds if r is None or r <= box.round)
                history.early(self.problems, self.g, p, box, variant, skipped)
        numbers = [box for box in p.boxes if box.kind == "number"]
        if numbers and marked is not None and self.dealt_known:
            open_cards = [
                self.cards[c] for c in sorted(dealt - claimed)
                if c in self.cards and met(c, self.g, marked)
            ]  # fmt: skip
            k = unplaced([box.points or 0 for box in numbers], open_cards)
            if k is not None:
                values = ", ".join(f"{c.id} {c.high} or {c.low}" for c in open_cards) or "none"
                self.say(
                    p.boxes_line,
                    numbers[k].col,
                    "claim.number",
                    f"{numbers[k].points} is not what a dealt card {p.name}'s grid meets could"
                    f" give, each card once (those: {values})",
                )

    def filled(self, p: PlayerText, marked: int) -> None:
        n = self.chart.size
        empty = self.g.full & ~marked
        if p.filled == 5 and empty:
            first = (empty & -empty).bit_length() - 1
            self.say(
                p.filled_line,
                1,
                "sheet.filled",
                f"Filled Sheet holds 5 but {format_cell(first, n)} is not marked",
            )
        if p.filled != 5 and not empty:
            self.say(
                p.filled_line, 1, "sheet.filled", f"{p.name}'s grid is full: Filled Sheet holds 5"
            )
        if p.filled == 0 and any(b.kind == "empty" for b in p.boxes):
            self.say(
                p.filled_line,
                1,
                "sheet.filled",
                "0 goes in Filled Sheet only when no objective box is empty",
            )

    def circles(self, p: PlayerText, marked: int, circled: int) -> None:
        stars = [i for i in range(self.chart.size**2) if circled >> i & 1]
        gained = len(p.abilities)
        line = p.grid[0][0] if p.grid else p.line
        if len(stars) != gained:
            self.say(
                line,
                1,
                "sheet.circles",
                f"{p.name} circled {len(stars)} star"
                f"{'s' if len(stars) != 1 else ''} but gained {gained} "
                f"abilit{'ies' if gained != 1 else 'y'}: one star is circled per ability",
            )
        complete = [i for i, m in enumerate(self.g.lines) if marked & m == m]
        options = {s: [ln for ln in complete if self.g.lines[ln] >> s & 1] for s in stars}
        unmatched = _unmatched(stars, options)
        for s in unmatched:
            self.say(
                line,
                1,
                "sheet.circles",
                f"circled star {format_cell(s, self.chart.size)} "
                "has no completed row or column of its own to have gained it",
            )

    def values(self) -> dict[tuple[str, int], int]:
        """Points of each claim (player, box index), checking the round rule."""
        rounds: dict[str, set[int]] = {}
        for p in self.game.players:
            for box in p.boxes:
                if box.kind == "claim" and box.objective in self.cards and box.round is not None:
                    rounds.setdefault(box.objective, set()).add(box.round)
        distinct = {objective: sorted(found) for objective, found in rounds.items()}
        points: dict[tuple[str, int], int] = {}
        for p in self.game.players:
            for k, box in enumerate(p.boxes):
                if box.kind != "claim" or box.objective not in self.cards or box.round is None:
                    continue
                order = distinct[box.objective]
                place = order.index(box.round)
                card = self.cards[box.objective]
                if place >= 2:
                    self.say(
                        p.boxes_line,
                        box.col,
                        "claim.closed",
                        f"{box.objective} was "
                        f"claimed in rounds {order[0]} and {order[1]}: it was out "
                        f"of play in round {box.round}",
                    )
                    continue
                value = card.high if place == 0 else card.low
                if box.points is not None and box.points != value:
                    which = "first" if place == 0 else "second"
                    self.say(
                        p.boxes_line,
                        box.col,
                        "claim.value",
                        f"{box.objective} claimed in "
                        f"round {box.round}, its {which} claim round, scores {value}, "
                        f"not {box.points}",
                    )
                points[(p.name, k)] = value
        return points

    def result(self, variant: Variant, points: dict[tuple[str, int], int]) -> GameResult:
        dealt = tuple(text for _, text in self.game.objectives)
        players = []
        for p in self.game.players:
            boxes = []
            for k, box in enumerate(p.boxes):
                boxes.append(_line(box, points.get((p.name, k), box.points or 0)))
            boxes += [BoxLine("empty")] * (BOXES - len(boxes))
            unused = tuple(a.ability for a in p.abilities if not a.used)
            penalty_cards: tuple[str, ...] = ()
            if variant is Variant.VERSUS_AI:
                mine = {b.objective for b in p.boxes if b.kind == "claim"}
                penalty_cards = tuple(o for o in dealt if o not in mine and o in self.cards)
            penalty = sum(self.cards[o].low for o in penalty_cards)
            players.append(
                PlayerResult(p.name, tuple(boxes), p.filled, unused, penalty, penalty_cards)
            )
        return build_result(self.chart.id, variant, dealt, tuple(players), None)


def _line(box: BoxText, points: int) -> BoxLine:
    if box.kind == "claim":
        return BoxLine("claim", box.objective, box.round, points)
    if box.kind == "skip":
        return BoxLine("skip", None, box.round, 0)
    if box.kind == "number":
        return BoxLine("number", None, None, box.points or 0)
    return BoxLine("empty")


def _unmatched(stars: list[int], options: dict[int, list[int]]) -> list[int]:
    """Stars left without a line in a maximum matching of stars to distinct lines."""
    matched = set(max_matching(stars, options).values())
    return [s for s in stars if s not in matched]


def score_finished(game: FinishedGame, chart: Chart) -> tuple[GameResult, list[Problem]]:
    """The result and any warnings; every rule problem raises one ``SourceError``."""
    scorer = _Scorer(game, chart)
    variant = scorer.setup()
    for p in game.players:
        marked, circled = scorer.grid(p)
        scorer.boxes(p, marked, variant)
        if marked is None:
            continue
        scorer.filled(p, marked)
        if circled is not None:
            scorer.circles(p, marked, circled)
        history.skip_placeable(scorer.problems, scorer.g, p, marked)
        history.comets(scorer.problems, scorer.g, p, marked)
        if circled is not None:
            history.missed_gains(scorer.warnings, scorer.g, p, marked, circled)
    if (
        variant is not None
        and variant is not Variant.VERSUS_AI
        and all(p.filled is None for p in game.players)
    ):
        scorer.say(
            game.players[0].filled_line,
            1,
            "game.unfinished",
            "no Filled Sheet box holds a number, so the game has not ended",
        )
    points = scorer.values()
    scorer.problems.raise_if_any()
    assert variant is not None  # an unknown variant is a problem raised above
    return scorer.result(variant, points), scorer.warnings.problems
