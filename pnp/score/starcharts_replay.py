"""Replaying a game log through the rules: the first illegal step stops the replay with
``FILE:LINE:COL: message [rule]``. A legal log gives the same result table as ``score``
and can be written out as finished sheets."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.errors import Problem, SourceError, shown
from pnp.score.result import BoxLine, GameResult, MatchResult, PlayerResult, decide_match
from pnp.score.starcharts import resolve_chart
from pnp.score.starcharts_result import build_result
from pnp.starcharts.ai import AI_NAME
from pnp.starcharts.content import objective_by_id
from pnp.starcharts.game import Game, Phase
from pnp.starcharts.log import ClaimLine, GameLog, LoggedGame, RollLine, RoundLine, parse_log
from pnp.starcharts.rules import RuleError
from pnp.starcharts.setup import Setup, Variant, check_setup
from pnp.starcharts.sheet import BOXES
from pnp.text.parsing import read_source


def load_log(path: Path) -> GameLog:
    return parse_log(read_source(path), str(path), lambda ref: resolve_chart(ref, path.parent))


def _stop(log: GameLog, line: int, col: int, error: RuleError) -> SourceError:
    return SourceError([Problem(log.path, line, error.col or col, str(error))])


def _setup(log: GameLog, logged: LoggedGame, number: int) -> Setup:
    players = tuple(name for _, name in log.players)
    if log.variant == "extended":
        variant = Variant.TWO_PLAYER if len(players) == 2 else Variant.STANDARD
    else:
        try:
            variant = Variant(log.variant)
        except ValueError:
            error = RuleError(
                "setup.variant",
                f"unknown variant {shown(log.variant)} (expected "
                f"{', '.join(v.value for v in Variant)} or extended)",
            )
            raise _stop(log, log.variant_line, 1, error) from None
    setup = Setup(
        logged.chart,
        tuple(t for _, t in logged.objectives),
        players,
        variant,
        (number - 1) % len(players),
    )
    problems = [
        Problem(
            log.path,
            logged.objectives_line if e.rule == "setup.objectives" else log.players_line,
            1,
            str(e),
        )
        for e in check_setup(setup)
    ]
    if problems:
        raise SourceError(problems)
    return setup


def replay_game(log: GameLog, logged: LoggedGame, number: int = 1) -> Game:
    game = Game(_setup(log, logged, number))
    pending: RoundLine | None = None
    pending_line = 0
    last = logged.line
    for step in logged.steps:
        last = step.line
        body = step.body
        try:
            if isinstance(body, RoundLine):
                if pending is not None:
                    raise RuleError(
                        "round.number", f"round {pending.number} starts with its roll: 'roll: …'"
                    )
                pending, pending_line = body, step.line
                continue
            if isinstance(body, RollLine):
                if pending is None:
                    raise RuleError("round.number", "a roll comes right after its 'round N' line")
                try:
                    game.start_round(pending.number, list(body.faces))
                except RuleError as error:
                    if error.rule in ("round.number", "game.over"):
                        raise _stop(log, pending_line, 1, error) from None
                    raise
                pending = None
                continue
            if pending is not None:
                raise RuleError("round.number", f"round {pending.number} starts with its roll")
            seat = _seat(game, body.player, step.col)
            if isinstance(body, ClaimLine):
                for col, objective in body.objectives:
                    game.claim(seat, objective, col)
            else:
                game.play(seat, body.turn)
        except RuleError as error:
            raise _stop(log, step.line, step.col, error) from None
    try:
        if pending is not None:
            raise RuleError("round.number", f"round {pending.number} starts with its roll")
        if game.phase is Phase.DRAFT:
            raise RuleError(
                "game.unfinished",
                f"the log ends in round {game.round} before "
                f"{', '.join(game.expected()) or AI_NAME} drafted",
            )
        game.finish_round()
        if not game.over:
            raise RuleError(
                "game.unfinished",
                f"the log ends in round {game.round}, before the "
                "game does: no Filled Sheet box holds a number",
            )
    except RuleError as error:
        raise _stop(log, last, 1, error) from None
    return game


def _seat(game: Game, name: str, col: int) -> int:
    try:
        return game.seat(name)
    except KeyError:
        names = ", ".join(s.name for s in game.sheets)
        raise RuleError("setup.players", f"{name} is not playing (players: {names})", col) from None


def game_result(game: Game) -> GameResult:
    cards = objective_by_id()
    players = []
    for seat, sheet in enumerate(game.sheets):
        boxes = [
            BoxLine("claim" if b.objective else "skip", b.objective, b.round, b.points)
            for b in sheet.boxes
        ]
        boxes += [BoxLine("empty")] * (BOXES - len(boxes))
        penalty_cards: tuple[str, ...] = ()
        if game.variant is Variant.VERSUS_AI and seat == 0:
            penalty_cards = tuple(o for o in game.setup.objectives if o not in sheet.claimed)
        players.append(
            PlayerResult(
                sheet.name,
                tuple(boxes),
                sheet.filled,
                tuple(sheet.unused()),
                sum(cards[o].low for o in penalty_cards),
                penalty_cards,
            )
        )
    same = len(set(game.filled_round.values())) == 1 and len(game.filled_round) == 2
    result = build_result(
        game.setup.chart.id,
        game.variant,
        game.setup.objectives,
        tuple(players),
        game.round,
        solo_same_round=same,
    )
    if game.ai is not None:
        ai = {"marked": game.ai.progress, "of": len(game.ai.order), "finished": game.ai.done}
        result = result._replace(extra={**result.extra, "ai": ai})
    return result


def check_log(log: GameLog) -> tuple[list[Game], GameResult | MatchResult]:
    games = [replay_game(log, logged, n) for n, logged in enumerate(log.games, 1)]
    results = [game_result(g) for g in games]
    if log.variant == "extended":
        return games, decide_match(tuple(results))
    return games, results[0]


def finished_text(game: Game, chart_ref: str) -> str:
    """The game's sheets in the finished-game format that ``score`` reads."""
    lines = [
        f"chart: {chart_ref}",
        f"objectives: {' '.join(game.setup.objectives)}",
        f"variant: {game.variant.value}",
    ]
    n = game.g.n
    for sheet in game.sheets:
        lines += ["", f"player: {sheet.name}"]
        for r in range(n):
            lines.append(" ".join(sheet.cell_text(r * n + c) for c in range(n)))
        boxes = [
            f"{b.objective}@{b.round}={b.points}" if b.objective else f"0@{b.round}"
            for b in sheet.boxes
        ]
        boxes += ["."] * (BOXES - len(boxes))
        lines.append("boxes: " + " ".join(boxes))
        lines.append(f"filled: {'.' if sheet.filled is None else sheet.filled}")
        gained = [f"{a} used" if a in sheet.used else a for a in sheet.gained]
        lines.append("abilities: " + ", ".join(gained))
    return "\n".join(lines) + "\n"


def chart_ref_from(ref: str, log_dir: Path, out_dir: Path) -> str:
    """How a sheets file in ``out_dir`` names the chart the log named ``ref``."""
    from pnp.starcharts.chart import is_chart_path

    if not is_chart_path(ref):
        return ref
    target = Path(ref) if Path(ref).is_absolute() else log_dir / ref
    return os.path.relpath(target.resolve(), out_dir.resolve())
