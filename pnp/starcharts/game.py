"""One game of Star Charts as a state machine: rounds, the dice pool, the drafting order
of each variant, and every turn checked against the rules (``RuleError`` names the
rule broken; a turn's actions on a sheet are ``pnp.starcharts.turn_actions``). The log
checker, the interactive A.I. session and the bots all play through this class, so they
agree on what is legal."""

from __future__ import annotations

from enum import Enum

from pnp.starcharts.actions import Action, Draft, Free, Gain, Mark, Reroll, Skip, Turn
from pnp.starcharts.ai import AI_NAME, AiSheet
from pnp.starcharts.content import objective_by_id
from pnp.starcharts.coords import format_run, run_from_mask
from pnp.starcharts.geometry import Geometry, geometry
from pnp.starcharts.objectives import FACTORIES, check, met
from pnp.starcharts.rules import RuleError
from pnp.starcharts.setup import SOLO_SHEETS, Setup, Variant, dice_count
from pnp.starcharts.sheet import BoxEntry, Sheet
from pnp.starcharts.turn_actions import play_actions, use_ability


class Phase(Enum):
    ROLL = "roll"
    DRAFT = "draft"
    CLAIMS = "claims"
    OVER = "over"


class Game:
    """``trusted=True`` skips re-checking moves built from the legal-run tables (the
    simulator's bots); the transitions are the same, and the tests replay every
    simulated log through the checking path."""

    def __init__(self, setup: Setup, trusted: bool = False) -> None:
        self.setup = setup
        self.trusted = trusted
        self.g: Geometry = geometry(setup.chart)
        self.variant = setup.variant
        names = SOLO_SHEETS if self.variant is Variant.SOLO else setup.players
        self.sheets = [Sheet(self.g, name) for name in names]
        self.ai = AiSheet(self.g) if self.variant is Variant.VERSUS_AI else None
        self.round = 0
        self.phase = Phase.ROLL
        self.pool: list[int] = []
        self.drafted: list[tuple[int, int]] = []  # (seat, face) this round; the A.I. is -1
        self.picks: list[int] = []  # seats still to pick this round, in order
        self.claim_rounds: dict[str, list[int]] = {o: [] for o in setup.objectives}
        self.end_triggered = False
        self.filled_round: dict[int, int] = {}  # seat -> round its Filled Sheet got a number
        self.ai_log: list[tuple[int, int, list[int]]] = []  # (round, face, cells)
        self._met: list[set[str]] = [set() for _ in self.sheets]  # conditions met stay met
        self._checked: list[int] = [-1 for _ in self.sheets]  # marks when last checked
        self._conditions = [(o, check(o, self.g)) for o in setup.objectives if o in FACTORIES]

    def copy(self) -> Game:
        """An independent game in the same state, for a search to play on."""
        new = Game(self.setup, self.trusted)
        new.sheets = [s.copy() for s in self.sheets]
        new.ai = None if self.ai is None else self.ai.copy()
        new.round, new.phase, new.end_triggered = self.round, self.phase, self.end_triggered
        new.pool, new.drafted, new.picks = list(self.pool), list(self.drafted), list(self.picks)
        new.claim_rounds = {o: list(r) for o, r in self.claim_rounds.items()}
        new.filled_round, new.ai_log = dict(self.filled_round), list(self.ai_log)
        new._met, new._checked = [set(m) for m in self._met], list(self._checked)
        return new

    # -- seats ------------------------------------------------------------------------------

    def seat(self, name: str) -> int:
        for i, sheet in enumerate(self.sheets):
            if sheet.name == name:
                return i
        raise KeyError(name)

    def roller(self) -> int:
        if self.variant in (Variant.SOLO, Variant.VERSUS_AI):
            return 0
        players = len(self.setup.players)
        return (self.setup.first_roller + self.round - 1) % players

    def _order(self) -> list[int]:
        if self.variant is Variant.STANDARD:
            players, roller = len(self.sheets), self.roller()
            return [(roller + k) % players for k in range(players)]
        if self.variant is Variant.TWO_PLAYER:
            r = self.roller()
            return [r, 1 - r, 1 - r, r]
        if self.variant is Variant.VERSUS_AI:
            return [0, -1, 0, -1]
        return [0, 0, 1, 1]  # solo: two picks per chart, in any order

    def next_seats(self) -> list[int]:
        """The seats that may pick now (solo: either chart with picks left)."""
        if self.phase is not Phase.DRAFT or not self.picks:
            return []
        if self.variant is Variant.SOLO:
            return list(dict.fromkeys(self.picks))
        return [self.picks[0]]

    def expected(self) -> list[str]:
        """The names of ``next_seats``."""
        return [self.sheets[s].name for s in self.next_seats() if s >= 0]

    # -- rounds -----------------------------------------------------------------------------

    def start_round(self, number: int, faces: list[int]) -> None:
        if self.phase is Phase.OVER:
            raise RuleError(
                "game.over",
                "the game is over: it ended after the round in "
                "which a Filled Sheet box got a number",
            )
        if self.phase is not Phase.ROLL:
            self.finish_round()
            if self.over:
                raise RuleError("game.over", f"the game ended after round {self.round}")
        if number != self.round + 1:
            raise RuleError("round.number", f"expected round {self.round + 1}, not {number}")
        self.roll(faces)
        self.round = number
        self.drafted = []
        self.picks = [s for s in self._order() if s < 0 or not self.sheets[s].done]
        self.phase = Phase.DRAFT
        self._run_ai()
        self._maybe_claims()

    def roll(self, faces: list[int]) -> None:
        want = dice_count(self.variant, len(self.setup.players))
        if len(faces) != want:
            raise RuleError("roll.dice", f"roll {want} dice, not {len(faces)}")
        for face in faces:
            if not 1 <= face <= 8:
                raise RuleError("roll.dice", f"a d8 shows 1 to 8, not {face}")
        self.pool = list(faces)

    def finish_round(self) -> None:
        """Close the round: every pick made; the game ends if a Filled Sheet got a number."""
        if self.phase is Phase.DRAFT:
            who = ", ".join(self.expected()) or AI_NAME
            raise RuleError("draft.turn", f"round {self.round} ended before {who} drafted")
        if self.phase is not Phase.CLAIMS:
            return
        ai_done = self.ai is not None and self.ai.done
        self.phase = Phase.OVER if self.end_triggered or ai_done else Phase.ROLL

    def _maybe_claims(self) -> None:
        while self.picks and self.picks[0] >= 0 and self.sheets[self.picks[0]].done:
            self.picks.pop(0)  # a grid filled this round takes no more drafts
        if self.variant is Variant.SOLO:
            self.picks = [s for s in self.picks if not self.sheets[s].done]
        if not self.picks:
            self.phase = Phase.CLAIMS

    def _run_ai(self) -> None:
        while self.ai is not None and self.picks and self.picks[0] == -1:
            self.picks.pop(0)
            face = max(self.pool)
            self.pool.remove(face)
            self.drafted.append((-1, face))
            self.ai_log.append((self.round, face, self.ai.take(face)))
            self._maybe_claims()

    # -- turns ------------------------------------------------------------------------------

    def play(self, seat: int, turn: Turn) -> None:
        """One line of a player's turn: a draft, a skip, a reroll or a free place-x.
        A turn that breaks a rule changes nothing."""
        if self.trusted and type(turn) is Draft:  # a bot's draft, in turn by construction
            sheet = self.sheets[seat]
            actions = turn.actions
            if len(actions) == 1 and type(actions[0]) is Mark:
                sheet.set_marks(actions[0].run.mask)
                if sheet.marked == self.g.full:
                    self._filled(seat, sheet)
            else:
                self._actions(seat, sheet, actions, turn)
            self.pool.remove(turn.die)
            self.drafted.append((seat, turn.die))
            picks = self.picks
            if picks[0] == seat:
                del picks[0]
            else:
                picks.remove(seat)
            if (
                self.variant is Variant.SOLO
                or not picks
                or picks[0] < 0
                or self.sheets[picks[0]].done
            ):
                self._maybe_claims()
                self._run_ai()
            return
        saved = (
            [s.snapshot() for s in self.sheets],
            list(self.pool),
            list(self.drafted),
            list(self.picks),
            dict(self.filled_round),
            self.end_triggered,
        )
        try:
            self._play(seat, turn)
        except RuleError:
            states, self.pool, self.drafted, self.picks, self.filled_round, self.end_triggered = (
                saved
            )
            for sheet, state in zip(self.sheets, states, strict=True):
                sheet.restore(state)
            raise

    def _play(self, seat: int, turn: Turn) -> None:
        if self.phase is Phase.OVER:
            raise RuleError("game.over", "the game is over")
        if self.phase is Phase.ROLL:
            raise RuleError("round.number", "a round starts with its roll")
        sheet = self.sheets[seat]
        if self.phase is Phase.CLAIMS or seat not in self.picks:
            if sheet.done:
                raise RuleError("draft.filled", f"{sheet.name}'s grid is full: no more drafts")
            raise RuleError(
                "draft.turn",
                f"it is not {sheet.name}'s turn (next: {', '.join(self.expected()) or 'claims'})",
            )
        if self.variant is not Variant.SOLO and self.picks[0] != seat:
            raise RuleError("draft.turn", f"it is {self.expected()[0]}'s turn, not {sheet.name}'s")
        if isinstance(turn, Reroll):
            self._reroll(seat, turn)
        elif isinstance(turn, Free):
            self._actions(seat, sheet, turn.actions, None)
        else:
            if isinstance(turn, Skip):
                self._skip(seat, sheet, turn)
            else:
                self._draft(seat, sheet, turn)
            self.picks.remove(seat)
            self._maybe_claims()
            self._run_ai()

    def _owners(self, seat: int) -> list[Sheet]:
        """Sheets whose abilities this seat may use: in solo, both charts."""
        if self.variant is Variant.SOLO:
            return [self.sheets[seat], self.sheets[1 - seat]]
        return [self.sheets[seat]]

    def _reroll(self, seat: int, turn: Reroll) -> None:
        use_ability(self._owners(seat), "reroll", turn.col)
        if len(turn.faces) != len(self.pool):
            raise RuleError(
                "ability.reroll",
                f"reroll gives new faces to the {len(self.pool)} "
                f"dice in the pool, not {len(turn.faces)}",
            )
        for face in turn.faces:
            if not 1 <= face <= 8:
                raise RuleError("ability.reroll", f"a d8 shows 1 to 8, not {face}", turn.col)
        self.pool = list(turn.faces)

    def _skip(self, seat: int, sheet: Sheet, turn: Skip) -> None:
        available = sheet.available()
        for face in sorted(set(self.pool)):
            if available >> face & 1:
                example = format_run(run_from_mask(sheet.runs(face)[0], self.g.n), self.g.n)
                raise RuleError(
                    "skip.placeable",
                    f"{sheet.name} cannot skip: the {face} in the pool fits, e.g. {example}",
                    turn.col,
                )
        if sheet.empty_box():
            sheet.boxes.append(BoxEntry(None, self.round, 0))
        elif sheet.filled is None:
            sheet.filled = 0
            self.filled_round[seat] = self.round
            self.end_triggered = True

    def _draft(self, seat: int, sheet: Sheet, draft: Draft) -> None:
        if draft.die not in self.pool:
            pool = " ".join(map(str, sorted(self.pool))) or "empty"
            raise RuleError(
                "draft.die",
                f"no die showing {draft.die} is left in the pool (pool: {pool})",
                draft.col,
            )
        self._actions(seat, sheet, draft.actions, draft)
        self.pool.remove(draft.die)
        self.drafted.append((seat, draft.die))

    def _reuse_values(self, seat: int) -> list[int]:
        if self.variant is Variant.SOLO:
            return [face for _, face in self.drafted]
        return [face for s, face in self.drafted if s != seat]

    def _actions(
        self, seat: int, sheet: Sheet, actions: tuple[Action, ...], draft: Draft | None
    ) -> None:
        first = actions[0] if actions else None
        if self.trusted and draft is not None and isinstance(first, Mark):
            # A bot's common draft: one run, then the gains it planned with their stars.
            planned = [a for a in actions[1:] if isinstance(a, Gain) and a.star is not None]
            if len(planned) == len(actions) - 1:
                sheet.set_marks(first.run.mask)
                for gain in planned:
                    sheet.circled |= 1 << (gain.star or 0)
                    sheet.gained.append(gain.ability)
                self._filled(seat, sheet)
                return
        reusable = self._reuse_values(seat)
        play_actions(self._owners(seat), actions, draft, reusable, self.trusted)
        self._filled(seat, sheet)

    def _filled(self, seat: int, sheet: Sheet) -> None:
        if sheet.full and sheet.filled is None:
            sheet.filled = 5
            self.filled_round[seat] = self.round
            self.end_triggered = True

    # -- claims -----------------------------------------------------------------------------

    def claim(self, seat: int, objective: str, col: int = 0) -> int:
        """Claim a card at the end of the round; returns the points written."""
        sheet = self.sheets[seat]
        if self.phase is Phase.DRAFT:
            raise RuleError(
                "claim.timing",
                "claims come after every draft of the round "
                f"(still to draft: {', '.join(self.expected())})",
                col,
            )
        if self.phase is not Phase.CLAIMS:
            raise RuleError(
                "game.over" if self.phase is Phase.OVER else "claim.timing",
                "claims come at the end of a round",
                col,
            )
        if objective not in self.claim_rounds:
            raise RuleError(
                "claim.dealt",
                f"{objective} is not one of the dealt cards ({', '.join(self.setup.objectives)})",
                col,
            )
        if objective in sheet.claimed:
            raise RuleError(
                "claim.twice",
                f"{sheet.name} claimed {objective} in round {sheet.claimed[objective]}",
                col,
            )
        earlier = [r for r in self.claim_rounds[objective] if r != self.round]
        if len(earlier) >= 2:
            raise RuleError(
                "claim.closed",
                f"{objective} was claimed in rounds "
                f"{earlier[0]} and {earlier[1]}: it is out of play",
                col,
            )
        if not met(objective, self.g, sheet.marked):
            condition = objective_by_id()[objective].condition
            raise RuleError(
                "claim.condition", f"{sheet.name} does not meet {objective}: {condition}", col
            )
        if not sheet.empty_box():
            raise RuleError("claim.box", f"{sheet.name} has no empty objective box", col)
        card = objective_by_id()[objective]
        points = card.high if not earlier else card.low
        if self.round not in self.claim_rounds[objective]:
            self.claim_rounds[objective].append(self.round)
        sheet.claimed[objective] = self.round
        sheet.boxes.append(BoxEntry(objective, self.round, points))
        return points

    def claimable(self, seat: int) -> list[str]:
        """The cards this seat could claim now."""
        sheet = self.sheets[seat]
        if self.phase is not Phase.CLAIMS or not sheet.empty_box():
            return []
        found = self._met[seat]
        marked = sheet.marked
        if self._checked[seat] != marked:
            self._checked[seat] = marked
            for o, condition in self._conditions:
                if o not in found and condition(marked):
                    found.add(o)
        if not found:
            return []
        return [
            o
            for o, rounds in self.claim_rounds.items()
            if o in found
            and o not in sheet.claimed
            and len([r for r in rounds if r != self.round]) < 2
        ]

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER
