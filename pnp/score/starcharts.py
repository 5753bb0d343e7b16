"""Scoring finished Star Charts sheets, checking everything that can be checked from
them: grids against the chart, claim conditions, claim values across all players,
Filled Sheet, circled stars against gained abilities, box order, the dealt cards."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import Problem, ProblemCollector, SourceError
from pnp.parsing import read_source
from pnp.score.result import BoxLine, GameResult, PlayerResult, decide, rating
from pnp.starcharts.chart import Cell, Chart, UnknownChartError, is_chart_path, load_chart
from pnp.starcharts.content import objective_by_id
from pnp.starcharts.coords import format_cell
from pnp.starcharts.finished import BoxText, FinishedGame, PlayerText, parse_finished
from pnp.starcharts.geometry import Geometry, geometry
from pnp.starcharts.matching import max_matching
from pnp.starcharts.objectives import met
from pnp.starcharts.setup import SOLO_SHEETS, Setup, Variant, check_setup
from pnp.starcharts.sheet import BOXES


def resolve_chart(ref: str, base: Path) -> Chart:
    """A chart id, or a chart path relative to the folder of the file naming it."""
    if is_chart_path(ref) and not Path(ref).is_absolute():
        return load_chart(str(base / ref))
    return load_chart(ref)


def load_finished(path: Path) -> tuple[FinishedGame, Chart]:
    game = parse_finished(read_source(path), str(path))
    try:
        chart = resolve_chart(game.chart, path.parent)
    except UnknownChartError as exc:
        raise SourceError(
            [Problem(str(path), game.chart_line, 1, f"{exc} [setup.chart]")]
        ) from None
    return game, chart


def _say(problems: ProblemCollector, line: int, col: int, rule: str, message: str) -> None:
    problems.add(line, col, f"{message} [{rule}]")


class _Scorer:
    def __init__(self, game: FinishedGame, chart: Chart) -> None:
        self.game = game
        self.chart = chart
        self.g: Geometry = geometry(chart)
        self.problems = ProblemCollector(game.path)
        self.warnings = ProblemCollector(game.path)
        self.cards = objective_by_id()

    def say(self, line: int, col: int, rule: str, message: str) -> None:
        _say(self.problems, line, col, rule, message)

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
                f"unknown variant {g.variant!r} (expected {', '.join(v.value for v in Variant)})",
            )
            return None
        names = tuple(p.name for p in g.players)
        players = ("solo",) if variant is Variant.SOLO else names
        objectives = tuple(text for _, text in g.objectives)
        for problem in check_setup(Setup(self.chart, objectives, players, variant)):
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

    def grid(self, p: PlayerText) -> tuple[int, int]:
        """(marked, circled) masks of a player's grid, checking it against the chart."""
        n = self.chart.size
        rows = p.grid
        if len(rows) != n:
            line = rows[n][0] if len(rows) > n else (rows[-1][0] + 1 if rows else p.line + 1)
            self.say(
                line, 1, "sheet.grid", f"{p.name}'s grid has {len(rows)} rows; the chart has {n}"
            )
        marked = circled = 0
        for r, (line, cells) in enumerate(rows[:n]):
            if len(cells) != n:
                self.say(
                    line,
                    cells[-1][0] if cells else 1,
                    "sheet.grid",
                    f"a row of this {n}×{n} chart has {n} cells, not {len(cells)}",
                )
            for c, (col, ch) in enumerate(cells[:n]):
                index = r * n + c
                kind = self.chart.cells[index]
                if ch in "xX":
                    marked |= 1 << index
                elif ch == "o":
                    marked |= 1 << index
                    circled |= 1 << index
                    if kind is not Cell.STAR:
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
        return marked, circled

    def boxes(self, p: PlayerText, marked: int) -> None:
        seen_empty = False
        last_round = 0
        claimed: set[str] = set()
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
            if box.round is not None:
                if box.round < last_round:
                    self.say(
                        p.boxes_line,
                        box.col,
                        "sheet.boxes",
                        f"round {box.round} comes "
                        f"after a box of round {last_round}: boxes fill in round order",
                    )
                last_round = max(last_round, box.round)
            if box.kind == "number":
                _say(
                    self.warnings,
                    p.boxes_line,
                    box.col,
                    "sheet.unchecked",
                    f"warning: {box.points} is counted but cannot be checked; write the "
                    "claim as objective@round",
                )
            if box.kind != "claim" or box.objective is None:
                continue
            if box.objective not in self.cards:
                self.say(
                    p.boxes_line, box.col, "claim.dealt", f"unknown objective {box.objective!r}"
                )
                continue
            if box.objective not in dealt:
                self.say(p.boxes_line, box.col, "claim.dealt", f"{box.objective} was not dealt")
            if box.objective in claimed:
                self.say(
                    p.boxes_line, box.col, "claim.twice", f"{p.name} claims {box.objective} twice"
                )
            claimed.add(box.objective)
            if not met(box.objective, self.g, marked):
                self.say(
                    p.boxes_line,
                    box.col,
                    "claim.condition",
                    f"{p.name}'s grid does not "
                    f"meet {box.objective}: {self.cards[box.objective].condition}",
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
        rounds: dict[str, list[int]] = {}
        for p in self.game.players:
            for box in p.boxes:
                if box.kind == "claim" and box.objective in self.cards and box.round is not None:
                    rounds.setdefault(box.objective, []).append(box.round)
        points: dict[tuple[str, int], int] = {}
        for p in self.game.players:
            for k, box in enumerate(p.boxes):
                if box.kind != "claim" or box.objective not in self.cards or box.round is None:
                    continue
                distinct = sorted(set(rounds[box.objective]))
                place = distinct.index(box.round)
                card = self.cards[box.objective]
                if place >= 2:
                    self.say(
                        p.boxes_line,
                        box.col,
                        "claim.closed",
                        f"{box.objective} was "
                        f"claimed in rounds {distinct[0]} and {distinct[1]}: it was out "
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

    def result(self, variant: Variant) -> GameResult:
        points = self.values()
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


def build_result(
    chart: str,
    variant: Variant,
    objectives: tuple[str, ...],
    players: tuple[PlayerResult, ...],
    rounds: int | None,
    solo_same_round: bool = True,
) -> GameResult:
    """Winners and the variant's verdict for scored players."""
    extra: dict[str, object] = {}
    if variant is Variant.SOLO:
        a, b = players
        if a.filled == 5 and b.filled == 5 and solo_same_round:
            high, diff = max(a.total, b.total), abs(a.total - b.total)
            extra["result"] = f"{high}:{diff}"
            verdict = f"Solo result: {high}:{diff} (higher sheet : difference)"
        else:
            extra["result"] = None
            verdict = "No solo result: both charts must be filled (5) in the same round"
        return GameResult(chart, variant.value, objectives, players, (), verdict, rounds, extra)
    if variant is Variant.VERSUS_AI:
        human = players[0]
        extra["rating"] = rating(human.total)
        verdict = f"{human.name} scores {human.total}: {extra['rating']}"
        return GameResult(
            chart, variant.value, objectives, players, (human.name,), verdict, rounds, extra
        )
    winners, verdict = decide(players)
    return GameResult(chart, variant.value, objectives, players, winners, verdict, rounds, extra)


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
        scorer.boxes(p, marked)
        scorer.filled(p, marked)
        scorer.circles(p, marked, circled)
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
    result = scorer.result(variant or Variant.STANDARD)
    scorer.problems.raise_if_any()
    return result, scorer.warnings.problems
