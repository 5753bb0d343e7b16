"""Solo Astra against Ptolemy at the table: you play your Journal on paper and type your
decisions in the game log's syntax; the engine (``solo_game``) shuffles with the seed and
plays Ptolemy's turns, and the session says exactly what he marks and takes, shows the
board on request, refuses an illegal line whole and writes the log ``pnp astra check``
replays. Pure: text in, text out."""

from __future__ import annotations

from pnp.astra.actions import Action, ActionSyntaxError, format_action, parse_action
from pnp.astra.game import Game
from pnp.astra.ptolemy import PtolemyTurn, SoloView
from pnp.astra.rules import RuleError
from pnp.astra.setup import PTOLEMY, solo_game
from pnp.astra.solo import BoonPick, Difficulty, PtolemyScore, SoloError, format_difficulty
from pnp.astra.state import EMPTY, Phase, card_id, cards
from pnp.play.starcharts_session import Reply

HELP = """\
Commands: your decisions as in the game log, several separated by ';'
(Taurus:10-8-7, rest, end, use Leo, use Ara 3, pick You 2, discard Leo,
dream Taurus:10-8); 'board' shows the cards round the board, both Journals
and Ptolemy's library; 'help'; 'quit'."""


def _name(card: int) -> str:
    return cards()[card].card.name


def _stars(stars: tuple[int, ...]) -> str:
    return "-".join(map(str, stars))


def say_turn(turn: PtolemyTurn, view: SoloView, sphere: str) -> list[str]:
    """His turn as you copy it onto the table: the Rest and the dreamer pen's stars, or
    the die, the library card, the card he marks and every star (numbers)."""
    if turn.rested:
        out = [f"{PTOLEMY} rests: {view.stardust} Stardust, the sphere marker to {sphere}."]
        if turn.dream is not None:
            card, stars = turn.dream
            out.append(f"The dreamer pen marks {_name(card)}: stars {_stars(stars)}.")
        return out
    if not turn.die:
        return [f"{PTOLEMY}'s pile is empty as he Observes: you lose."]
    assert turn.source is not None
    used = cards()[turn.card].card
    head = (
        f"{PTOLEMY} rolls {turn.die}: the {turn.source.value} card, {used.name} "
        f"({used.element.value.capitalize()}, {used.boons[0].amount} stars)."
    )
    if turn.target == EMPTY or not turn.observes:
        return [f"{head} No card round the board is left to mark."]
    marks = " then ".join(_stars(stars) for stars in turn.observes)
    spent = f", spending {turn.telescopes} Telescope(s)" if turn.telescopes else ""
    return [f"{head} He marks {_name(turn.target)}: stars {marks}{spent}."]


def say_boon(card: int, pick: BoonPick) -> str:
    """His boon as a helper on a discovered card."""
    if not pick.boon:
        return f"{PTOLEMY} takes no boon from {_name(card)}: no Fame boon is open."
    extra = " and a Telescope" if pick.telescopes else ""
    return f"{PTOLEMY} takes boon {pick.boon} of {_name(card)}: {pick.fame} Fame{extra}."


def say_score(score: PtolemyScore) -> str:
    parts = (
        f"{score.fame} from play, {score.cards} card Fame, {score.stars} for stars, "
        f"{score.telescopes} for Telescopes, {score.elements} for elements, "
        f"{score.sets} for sets"
    )
    return f"{PTOLEMY}: {score.total} Fame ({parts})."


def read_decisions(text: str) -> tuple[Action, ...]:
    """A line of decisions separated by ``;`` (``ActionSyntaxError`` names the bad one)."""
    return tuple(parse_action(part) for part in text.split(";") if part.strip())


def _said(before: Game, after: Game) -> list[str]:
    """What Ptolemy did between two states of the game: his turn, his boon picks."""
    was, view = before.solo, after.solo
    assert was is not None and view is not None
    lines = []
    if view.last is not None and view.last is not was.last:
        lines += say_turn(view.last, view, after.sphere.value.capitalize())
    return lines + [say_boon(card, pick) for card, pick in view.picks[len(was.picks) :]]


def _marks(stars: tuple[int, ...]) -> str:
    return _stars(stars) or "-"


def show_board(game: Game) -> str:
    """The cards round the board with every pen's stars, both sides' resources and what
    you see of his library."""
    view = game.solo
    assert view is not None
    you, him = game.players
    in_deck = sum(c != "Game End" for c in game.deck)
    end = " and the Game End card" if "Game End" in game.deck else ""
    lines = [f"Sphere {game.sphere.value.capitalize()}; {in_deck} cards in the deck{end}."]
    for card in game.board:
        if card is None:
            continue
        info = cards()[card_id(card)].card
        mine, his = game.marks(card)
        lines.append(
            f"  {card} ({info.element.value.capitalize()}, {info.size} stars): "
            f"{you} {_marks(mine)}, {him} {_marks(his)}, dreamer {_marks(game.dreamer(card))}"
        )
    p = game.player(you)
    lines.append(
        f"{you}: {p.fame} Fame, {p.stardust} Stardust, {p.telescopes} Telescopes, "
        f"active {' '.join(p.active) or '-'}, exhausted {' '.join(p.exhausted) or '-'}"
    )
    left, right, top = (c or "-" for c in view.seen)
    lines.append(
        f"{him}: {view.fame} Fame, {view.stardust} Stardust, {view.telescopes} Telescopes, "
        f"cards {' '.join(view.cards) or '-'}; library left {left}, right {right}, "
        f"top {top}, {view.pile} in his pile"
    )
    return "\n".join(lines)


class SoloSession:
    """A solo game fed one line at a time; ``handle`` answers each."""

    def __init__(self, name: str, seed: int, difficulty: frozenset[Difficulty]) -> None:
        self.name, self.seed, self.difficulty = name, seed, difficulty
        self.game = Game.start(solo_game(name, seed, difficulty))
        self.body: list[str] = []  # the log's turn lines so far
        self.steps: list[str] = []  # your decisions this turn, not yet written
        self.finished = False

    def prompt(self) -> str:
        game = self.game
        if game.phase is Phase.BOONS:
            return f"{game.resolving} discovered: your boon, one of {self._open()}"
        if game.phase is Phase.DISCARD:
            return f"Discard {game.excess} card(s) down to your card limit"
        if game.phase is Phase.DREAM:
            return f"Dream: {game.dream_count} stars on {' or '.join(game.dream_cards())}"
        now = f"Turn {game.turn // 2 + 1}, sphere {game.sphere.value.capitalize()}"
        return (
            f"{now}: end, or Observe again with a Telescope" if game.phase is Phase.ACTION else now
        )

    def _open(self) -> str:
        return " ".join(map(str, self.game.open_boons()))

    def handle(self, text: str) -> Reply:
        word = text.strip().lower()
        if word in ("help", "?"):
            return Reply((HELP,))
        if word == "quit":
            self.finished = True
            return Reply(("Game abandoned.",), True)
        if not word:
            return Reply(("Type your decisions, or 'help'.",))
        if word == "board":
            return Reply((show_board(self.game),))
        try:
            actions = read_decisions(text)
        except ActionSyntaxError as error:
            return Reply((f"Not understood: {error}",))
        game, body, steps, lines = self.game, self.body[:], self.steps[:], []
        try:
            for action in actions:
                text = format_action(action)
                # a boon you pick on his discovery goes on a line of its own
                (body if game.active == PTOLEMY else steps).append(text)
                before, game = game, game.apply(action)
                if steps and (game.turn != before.turn or game.over):
                    body.append(f"{self.name}: {'; '.join(steps)}")
                    steps = []
                said = _said(before, game)
                lines += said
                body += [f"# {line}" for line in said]
        except (RuleError, SoloError) as error:
            return Reply((f"Not allowed, nothing changed: {error}",))
        self.game, self.body, self.steps = game, body, steps
        if game.over:
            self.finished = True
            return Reply((*lines, *self.result()), True)
        return Reply(tuple(lines))

    def result(self) -> list[str]:
        view = self.game.solo
        assert view is not None and view.score is not None
        verdict = "You win." if view.you_win else f"{PTOLEMY} wins."
        return [f"{self.name}: {view.yours} Fame.", say_score(view.score), verdict]

    def log(self) -> str:
        """The game so far as a log that ``pnp astra check`` replays."""
        modifiers = format_difficulty(self.difficulty).replace(",", ", ") or "none"
        head = [f"players: {self.name}", f"solo: {modifiers}", f"seed: {self.seed}", ""]
        steps = [f"{self.name}: {'; '.join(self.steps)}"] if self.steps else []
        return "\n".join([*head, *self.body, *steps]) + "\n"
