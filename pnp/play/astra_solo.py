"""Solo Astra against Ptolemy at the table: you play your Journal on paper and type your
decisions in the game log's syntax; the session shuffles with the seed, runs Ptolemy's
turns and says exactly what he marks and takes. Pure: text in, text out.

What Ptolemy does is told by the ``say_*`` functions, from the values
``pnp.astra.ptolemy`` and ``pnp.astra.solo`` decide."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.astra.actions import Action, ActionSyntaxError, parse_action
from pnp.astra.model import CLOCKWISE
from pnp.astra.ptolemy import Library, Marking, Rest, Source, visible
from pnp.astra.solo import BoonPick, Difficulty, PtolemyScore, SoloSetup
from pnp.astra.state import EMPTY, cards

PTOLEMY = "Ptolemy"

HELP = """\
Commands: your decisions as in the game log, several separated by ';'
(Taurus:10-8-7, rest, end, use Leo, use Ara 3, pick You 2, discard Leo,
dream Taurus:10-8); 'board' shows the cards round the board and Ptolemy's
library; 'help'; 'quit'."""


@dataclass(frozen=True)
class Reply:
    lines: tuple[str, ...]
    done: bool = False


def _name(card: int) -> str:
    return cards()[card].card.name


def say_rest(rest: Rest) -> str:
    """His Rest: the Stardust he has and where the sphere marker went."""
    line = (
        f"{PTOLEMY} rests: {rest.stardust} Stardust, "
        f"the sphere marker moves to {CLOCKWISE[rest.sphere].value.capitalize()}."
    )
    return line + (" It passes the discard icon." if rest.discard_top else "")


def say_observe(die: int, source: Source, library_card: int, target: int, how: Marking) -> str:
    """His Observe: the die, the library card it took, and every star he marks (card and
    numbers), with the Telescopes an extra Observe costs him."""
    used = cards()[library_card].card
    head = (
        f"{PTOLEMY} rolls {die}: the {source.value} card, {used.name} "
        f"({used.element.value.capitalize()}, marks {used.boons[0].amount})."
    )
    if target == EMPTY or not how.observes:
        return f"{head} No card round the board is left to mark."
    card = _name(target)
    marks = " then ".join("-".join(map(str, stars)) for stars in how.observes)
    spent = f", spending {how.telescopes} Telescope{'s' * (how.telescopes > 1)}" * bool(
        how.telescopes
    )
    return f"{head} He marks {card}: stars {marks}{spent}."


def say_boon(card: int, pick: BoonPick) -> str:
    """His boon as a helper on a card you discovered."""
    if not pick.boon:
        return f"{PTOLEMY} takes no boon from {_name(card)}: no Fame boon is left."
    extra = " and a Telescope" if pick.telescopes else ""
    return f"{PTOLEMY} takes boon {pick.boon} of {_name(card)}: {pick.fame} Fame{extra}."


def say_library(lib: Library, difficulty: frozenset[Difficulty]) -> str:
    """What you see of his library (the modifiers hide or show cards)."""
    left, right, top = visible(lib, difficulty)
    shown = [
        f"{where} {_name(c) if c != EMPTY else '(face down)' if where == 'right' else '-'}"
        for where, c in (("left", left), ("right", right))
    ]
    if top != EMPTY:
        shown.append(f"top of his pile {_name(top)}")
    return f"{PTOLEMY}'s library: {', '.join(shown)}; {len(lib.pile)} cards in his pile."


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


class SoloSession:
    """A solo game fed one line at a time; ``handle`` answers each."""

    def __init__(self, dealt: SoloSetup, name: str, difficulty: frozenset[Difficulty]) -> None:
        self.dealt = dealt
        self.name = name
        self.difficulty = difficulty
        self.finished = False

    def handle(self, text: str) -> Reply:
        word = text.strip().lower()
        if word in ("help", "?"):
            return Reply((HELP,))
        if word == "quit":
            self.finished = True
            return Reply(("Game abandoned.",), True)
        try:
            read_decisions(text)
        except ActionSyntaxError as error:
            return Reply((f"Not understood: {error}",))
        return Reply(("The engine does not play solo games yet.",))
