"""A game against the A.I. at the table: the player keeps a printed sheet and tells the
session the dice and their picks; the session plays the A.I.'s dice, keeps both sheets,
ends the game by the rules and rates the result. Pure: text in, text out."""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.starcharts.actions import Draft, Skip, format_turn, parse_turn
from pnp.starcharts.ai import AI_NAME
from pnp.starcharts.chart import Chart
from pnp.starcharts.coords import format_cell
from pnp.starcharts.game import Game, Phase
from pnp.starcharts.log import format_log
from pnp.starcharts.rules import RuleError
from pnp.starcharts.setup import Setup, Variant
from pnp.starcharts.show import show_chart
from pnp.starcharts.tokens import FACE, TokenError

HELP = """\
Commands: a turn as in the game log (8 A1-H1, 3 adjust +2 A3-A7, 5 split 2 C3-D3 3 F5-F7,
skip, reroll 4 4 5 6 8, place-x C4, … gain split at C4); 'sheet' shows your sheet,
'ai' the A.I.'s; 'help'; 'quit'."""


@dataclass(frozen=True)
class Reply:
    lines: tuple[str, ...]
    done: bool = False


class VersusSession:
    def __init__(
        self,
        chart: Chart,
        objectives: tuple[str, ...],
        name: str,
        rng: random.Random,
        chart_ref: str | None = None,
    ) -> None:
        self.chart_ref = chart_ref or chart.id
        self.setup = Setup(chart, objectives, (name,), Variant.VERSUS_AI)
        self.game = Game(self.setup)
        self.rng = rng
        self.name = name
        self.body: list[str] = []
        self.finished = False

    # -- what to ask --------------------------------------------------------------------

    def prompt(self) -> str:
        game = self.game
        if self.finished:
            return ""
        if game.phase is Phase.ROLL:
            return f"Round {game.round + 1}: the 5 dice you rolled (Enter: I roll)"
        if game.phase is Phase.DRAFT:
            return f"Your pick from {self._pool()}"
        return "Objectives you claim (Enter: none)"

    def _pool(self) -> str:
        return " ".join(map(str, sorted(self.game.pool)))

    # -- answers ------------------------------------------------------------------------

    def handle(self, text: str) -> Reply:
        word = text.strip().lower()
        if word in ("help", "?"):
            return Reply((HELP,))
        if word == "quit":
            self.finished = True
            return Reply(("Game abandoned.",), True)
        if word in ("sheet", "mine"):
            mine = self.game.sheets[0]
            return Reply((show_chart(self.setup.chart, mine.marked, mine.circled).rstrip(),))
        if word in ("ai", "a.i.", "show"):
            ai = self.game.ai
            assert ai is not None
            return Reply(
                (f"{AI_NAME}'s sheet:\n" + show_chart(self.setup.chart, ai.marked).rstrip(),)
            )
        try:
            if self.game.phase is Phase.ROLL:
                return self._roll(text)
            if self.game.phase is Phase.DRAFT:
                return self._pick(text)
            return self._claims(text)
        except RuleError as error:
            return Reply((f"Not allowed: {error}",))
        except TokenError as error:
            return Reply((f"Not understood (column {error.col}): {error.message}",))

    def _roll(self, text: str) -> Reply:
        if text.strip():
            if not all(FACE.match(t) for t in text.split()):
                return Reply(("Give the 5 dice as numbers, like 3 5 5 7 8, or press Enter.",))
            faces = [int(t) for t in text.split()]
        else:
            faces = [self.rng.randint(1, 8) for _ in range(5)]
        number = self.game.round + 1
        self.game.start_round(number, faces)
        self.body += ["", f"round {number}", "roll: " + " ".join(map(str, faces))]
        return Reply(
            (
                f"Round {number}: dice {' '.join(map(str, faces))}.",
                *self._ai_moves(0),
                *self._after_draft(),
            )
        )

    def _pick(self, text: str) -> Reply:
        turn = parse_turn(text, self.setup.chart.size)
        before = len(self.game.ai_log)
        self.game.play(0, turn)
        self.body.append(f"{self.name}: {format_turn(turn, self.setup.chart.size)}")
        lines = []
        if isinstance(turn, (Draft, Skip)):
            lines += self._ai_moves(before)
        return Reply((*lines, *self._after_draft()))

    def _ai_moves(self, since: int) -> list[str]:
        out = []
        n = self.setup.chart.size
        for _, face, cells in self.game.ai_log[since:]:
            where = ", ".join(format_cell(c, n) for c in cells) or "nothing (its sheet is full)"
            out.append(f"{AI_NAME} takes the {face} and marks {where}.")
        return out

    def _after_draft(self) -> list[str]:
        if self.game.phase is Phase.CLAIMS:
            can = self.game.claimable(0)
            hint = f" You could claim: {' '.join(can)}." if can else ""
            return [f"All dice drafted.{hint}"]
        return []

    def _claims(self, text: str) -> Reply:
        lines = []
        for objective in text.split():
            points = self.game.claim(0, objective)
            self.body.append(f"{self.name} claims {objective}")
            lines.append(f"Claimed {objective} for {points}.")
        self.game.finish_round()
        if self.game.over:
            self.finished = True
            return Reply((*lines, *self.result()), True)
        return Reply(tuple(lines))

    def result(self) -> list[str]:
        from pnp.score.report import format_result
        from pnp.score.starcharts_replay import game_result

        return [format_result(game_result(self.game)).rstrip()]

    def log(self) -> str:
        """The game so far as a log that ``pnp starcharts check`` replays."""
        return format_log(
            [(self.setup.chart, self.chart_ref, self.setup.objectives, self.body)],
            self.setup.players,
            Variant.VERSUS_AI.value,
        )
