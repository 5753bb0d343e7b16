"""A compact text form for each Crafting the Cosmos decision, for game logs; spaces by
their galaxy ids, cards and tiles by their ids, energy types by name:

    shift                   move your own energy token one step
    shift time              move the dark token in the Time control one step
    collect                 end the shift and collect
    card 2 | card deck      an energy card from display slot 1–4 or the deck
    nebula 3                a nebula from the size-3 stack
    place 2C N5             a nebula tile you hold on a nebula space
    place He S12            a star you hold on a star space
    place proto L40         a proto life you hold on a life space
    complete N5 S12         complete nebula N5, discarding the star on S12
    discharge [CARD]        discharge the time chamber (a Time card instead of the star)
    advance N5              create advanced life on N5
    gain 2 light            a power card into slot 2, paid with light cards
    keep CARD [CARD…]       the card kept, then the others in the order put under
    use CARD[/2] [TYPE…]    activate a power card (its 2nd alternative), paying these cards
    set light               5 light cards for 6 points
    supernova S12 | stabilize L40 | move S1 S9       the slider actions
    choose S12 [He] | choose S1 S9                   an effect's target, a star's type,
                                                     or where a token moves
    stop                    leave the rest of an "up to" effect
    omega 1|2|3 | omega stabilize                    the end of the turn
    discard 2 light time    player 2 (seat, from 1) discards to the hand limit"""

from __future__ import annotations

from pnp.cosmos.actions import (
    DECK,
    Action,
    Advance,
    CardSet,
    Choose,
    Collect,
    Complete,
    Discard,
    Discharge,
    GainPower,
    Keep,
    Move,
    Omega,
    PlaceLife,
    PlaceNebula,
    PlaceStar,
    Shift,
    Stabilize,
    Stop,
    Supernova,
    TakeCard,
    TakeNebula,
    Use,
)
from pnp.cosmos.model import EnergyType, Star
from pnp.errors import PnpError, close_matches, shown
from pnp.text.parsing import whole_number

TYPES = tuple(EnergyType)
STAR_NAMES = {s.value: s for s in Star}
WORDS = (
    "shift, collect, card, nebula, place, complete, discharge, advance, gain, keep, use, "
    "set, supernova, stabilize, move, choose, stop, omega or discard"
)


class NotationError(PnpError):
    """A decision's text that is not one of the forms above."""


def meant(word: str, words: tuple[str, ...]) -> str:
    """The hint for a wrong ``word``: "; did you mean X?" with the closest of ``words``
    (in any case), else nothing."""
    close = close_matches(word, words, n=1) or close_matches(word.lower(), words, n=1)
    return f"; did you mean {close[0]}?" if close else ""


def _type(word: str) -> EnergyType:
    try:
        return EnergyType(word.lower())
    except ValueError:
        hint = meant(word, tuple(t.value for t in TYPES))
        raise NotationError(
            f"expected light, time, gravity or chemistry, got {shown(word)}{hint}"
        ) from None


def _number(word: str, low: int, high: int, *names: str) -> int:
    """A number ``low``–``high`` (a word of ``names`` is the caller's to read first)."""
    value = whole_number(word, high)
    if value is None or value < low:
        also = "".join(f" or {n}" for n in names)
        hint = meant(word, names) if names and not word.isdigit() else ""
        raise NotationError(f"expected a number {low}–{high}{also}, got {shown(word)}{hint}")
    return value


def _count(head: str, rest: list[str], low: int, high: int = 99) -> None:
    if not low <= len(rest) <= high:
        more = (
            "nothing more"
            if high == 0
            else f"{low}–{high} words"
            if low != high
            else f"{low} word(s)"
        )
        raise NotationError(f"{head} takes {more}, got {len(rest)}")


def parse_action(text: str) -> Action:
    """One decision in the text form above."""
    words = text.split()
    if not words:
        raise NotationError(f"expected a decision: {WORDS}")
    head, rest = words[0].lower(), words[1:]
    if head in ("collect", "stop"):
        _count(head, rest, 0, 0)
        return Collect() if head == "collect" else Stop()
    if head == "shift":
        _count(head, rest, 0, 1)
        return Shift(TYPES.index(_type(rest[0])) if rest else -1)
    if head == "card":
        _count(head, rest, 1, 1)
        return TakeCard(DECK if rest[0].lower() == "deck" else _number(rest[0], 1, 4, "deck") - 1)
    if head == "nebula":
        _count(head, rest, 1, 1)
        return TakeNebula(_number(rest[0], 1, 3))
    if head == "place":
        _count(head, rest, 2, 2)
        what, space = rest
        if what.lower() == "proto":
            return PlaceLife(space)
        if what in STAR_NAMES:
            return PlaceStar(STAR_NAMES[what], space)
        return PlaceNebula(what, space)
    if head == "complete":
        _count(head, rest, 2, 2)
        return Complete(rest[0], rest[1])
    if head == "discharge":
        _count(head, rest, 0, 1)
        return Discharge(rest[0] if rest else "")
    if head == "gain":
        _count(head, rest, 2, 2)
        return GainPower(_number(rest[0], 1, 4) - 1, _type(rest[1]))
    if head == "keep":
        _count(head, rest, 1)
        return Keep(rest[0], tuple(rest[1:]))
    if head == "use":
        _count(head, rest, 1)
        card, _, option = rest[0].partition("/")
        return Use(
            card, tuple(_type(w) for w in rest[1:]), _number(option, 1, 9) - 1 if option else 0
        )
    if head == "set":
        _count(head, rest, 1, 1)
        return CardSet(_type(rest[0]))
    if head in ("supernova", "stabilize", "advance"):
        _count(head, rest, 1, 1)
        if head == "supernova":
            return Supernova(rest[0])
        return Stabilize(rest[0]) if head == "stabilize" else Advance(rest[0])
    if head == "move":
        _count(head, rest, 2, 2)
        return Move(rest[0], rest[1])
    if head == "choose":
        _count(head, rest, 1, 2)
        if len(rest) == 1:
            return Choose(rest[0])
        if rest[1] in STAR_NAMES:
            return Choose(rest[0], STAR_NAMES[rest[1]])
        return Choose(rest[0], to=rest[1])
    if head == "omega":
        _count(head, rest, 1, 1)
        return Omega(0 if rest[0].lower() == "stabilize" else _number(rest[0], 1, 3, "stabilize"))
    if head == "discard":
        _count(head, rest, 2)
        return Discard(_number(rest[0], 1, 4) - 1, tuple(_type(w) for w in rest[1:]))
    heads = tuple(WORDS.replace(" or ", ", ").split(", "))
    raise NotationError(f"expected {WORDS}, got {shown(words[0])}{meant(head, heads)}")


def format_action(action: Action) -> str:
    """The text ``parse_action`` reads back as ``action``."""
    match action:
        case Shift(dark=-1):
            return "shift"
        case Shift(dark=c):
            return f"shift {TYPES[c].value}"
        case Collect():
            return "collect"
        case Stop():
            return "stop"
        case TakeCard(slot=s):
            return "card deck" if s == DECK else f"card {s + 1}"
        case TakeNebula(size=n):
            return f"nebula {n}"
        case PlaceNebula(tile=t, space=sp):
            return f"place {t} {sp}"
        case PlaceStar(star=st, space=sp):
            return f"place {st.value} {sp}"
        case PlaceLife(space=sp):
            return f"place proto {sp}"
        case Complete(nebula=n, discard=d):
            return f"complete {n} {d}"
        case Discharge(power=p):
            return f"discharge {p}".rstrip()
        case Advance(nebula=n):
            return f"advance {n}"
        case GainPower(slot=s, suit=t):
            return f"gain {s + 1} {t.value}"
        case Keep(card=c, bottom=b):
            return " ".join(["keep", c, *b])
        case Use(card=c, pay=pay, option=o):
            return " ".join(["use", f"{c}/{o + 1}" if o else c, *(t.value for t in pay)])
        case CardSet(suit=t):
            return f"set {t.value}"
        case Supernova(space=sp):
            return f"supernova {sp}"
        case Stabilize(space=sp):
            return f"stabilize {sp}"
        case Move(source=a, to=b):
            return f"move {a} {b}"
        case Choose(space=sp, star=None, to=""):
            return f"choose {sp}"
        case Choose(space=sp, star=None, to=to):
            return f"choose {sp} {to}"
        case Choose(space=sp, star=st):
            assert st is not None
            return f"choose {sp} {st.value}"
        case Omega(size=0):
            return "omega stabilize"
        case Omega(size=n):
            return f"omega {n}"
        case Discard(player=p, cards=cs):
            return " ".join(["discard", str(p + 1), *(t.value for t in cs)])
    raise AssertionError(action)
