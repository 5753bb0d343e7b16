"""An Astra player's decisions as small immutable values, with a compact text form for
game logs:

    Taurus:10-8-7                Observe: a path of stars, by their printed numbers
    rest                         Rest
    end                          end the Action phase after Observing
    use Leo                      use an ability that needs no target
    use Ara 3                    buy 3 Telescopes
    use Draco Taurus:10 Leo:3 Orion:1
    use Hercules Taurus:6-5      two stars on one card (a path) or one on each of two
    pick Dorothy 1               a boon, numbered 1–4 from the left
    pick Matthew 3 Leo Virgo     Activation: the Exhausted cards reactivated
    discard Leo Virgo            down to the card limit
    dream Taurus:10-8            two players: the dreamer pen's stars in the Dream phase

Constellations are named in English or French, any case, with hyphens for spaces
(``Ursa-Major``, ``Grande-Ourse``); the values hold the English name."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.astra.constellations import UnknownConstellationError, constellation
from pnp.errors import PnpError, shown


class ActionSyntaxError(PnpError):
    """A decision's text that is not one of the forms above."""


@dataclass(frozen=True, slots=True)
class Observe:
    card: str
    stars: tuple[int, ...]

    # Written out because the bots build thousands: mypyc compiles this one, not the
    # one dataclass would write (4 times slower to call in the compiled build).
    def __init__(self, card: str, stars: tuple[int, ...]) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "stars", stars)


@dataclass(frozen=True, slots=True)
class Rest:
    """Refill the Pouch, reactivate cards of the active sphere, move the marker."""


@dataclass(frozen=True, slots=True)
class End:
    """The end of the Action phase after Observing (or when an ability skipped it)."""


@dataclass(frozen=True, slots=True)
class UseAbility:
    card: str
    paths: tuple[Observe, ...] = ()  # stars marked by the ability
    count: int = 0  # Telescopes bought


@dataclass(frozen=True, slots=True)
class PickBoon:
    player: str
    boon: int  # 1–4 from the left
    reactivate: tuple[str, ...] = ()  # cards an Activation boon turns Active


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Dream:
    path: Observe  # the stars the dreamer pen marks


Action = Observe | Rest | End | UseAbility | PickBoon | Discard | Dream

_PATH = re.compile(r"([^:\s]{1,40}):([0-9]{1,2}(?:-[0-9]{1,2}){0,29})\Z")
_WANTED = "expected a path like Taurus:10-8-7, rest, end, use, pick, discard or dream"
_COUNT = re.compile(r"[0-9]{1,2}\Z")
_NAME = re.compile(r"[^\s:]{1,40}\Z")


def _card(text: str) -> str:
    try:
        return constellation(text).name
    except UnknownConstellationError as exc:
        raise ActionSyntaxError(str(exc)) from None


def _card_text(name: str) -> str:
    return name.replace(" ", "-")


def parse_observe(text: str) -> Observe:
    """``Name:1-2-3``."""
    m = _PATH.match(text)
    if not m:
        raise ActionSyntaxError(
            f"expected a card and its stars like Taurus:10-8-7, got {shown(text)}"
        )
    return Observe(_card(m.group(1)), tuple(int(n) for n in m.group(2).split("-")))


def format_observe(observe: Observe) -> str:
    return f"{_card_text(observe.card)}:{'-'.join(str(n) for n in observe.stars)}"


def _cards(words: list[str]) -> tuple[str, ...]:
    return tuple(_card(w) for w in words)


def parse_action(text: str) -> Action:
    """One decision in the text form above."""
    words = text.split()
    if not words:
        raise ActionSyntaxError(
            "expected a decision: a path like Taurus:10-8-7, rest, end, use, pick, discard or dream"
        )
    head, rest = words[0].lower(), words[1:]
    if head in ("rest", "end"):
        if rest:
            raise ActionSyntaxError(f"{head} takes nothing more, got {shown(rest[0])}")
        return Rest() if head == "rest" else End()
    if head == "use":
        if not rest:
            raise ActionSyntaxError("expected the card whose ability is used after use")
        card, targets = _card(rest[0]), rest[1:]
        if len(targets) == 1 and _COUNT.match(targets[0]):
            return UseAbility(card, (), int(targets[0]))
        return UseAbility(card, tuple(parse_observe(t) for t in targets))
    if head == "pick":
        if len(rest) < 2 or not _NAME.match(rest[0]) or not _COUNT.match(rest[1]):
            raise ActionSyntaxError(
                "expected pick, a player and a boon number, like pick Dorothy 1"
            )
        return PickBoon(rest[0], int(rest[1]), _cards(rest[2:]))
    if head == "discard":
        if not rest:
            raise ActionSyntaxError("expected the cards discarded after discard")
        return Discard(_cards(rest))
    if head == "dream":
        if len(rest) != 1:
            raise ActionSyntaxError("expected dream and one path, like dream Taurus:10-8")
        return Dream(parse_observe(rest[0]))
    if len(words) == 1:
        return parse_observe(words[0])
    raise ActionSyntaxError(f"{_WANTED}, got {shown(words[0])}")


def format_action(action: Action) -> str:
    """The text ``parse_action`` reads back as ``action``."""
    if isinstance(action, Observe):
        return format_observe(action)
    if isinstance(action, Rest):
        return "rest"
    if isinstance(action, End):
        return "end"
    if isinstance(action, UseAbility):
        targets = [format_observe(p) for p in action.paths]
        if action.count:
            targets.append(str(action.count))
        return " ".join(["use", _card_text(action.card), *targets])
    if isinstance(action, PickBoon):
        cards = [_card_text(c) for c in action.reactivate]
        return " ".join(["pick", action.player, str(action.boon), *cards])
    if isinstance(action, Dream):
        return f"dream {format_observe(action.path)}"
    return " ".join(["discard", *(_card_text(c) for c in action.cards)])
